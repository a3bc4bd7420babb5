; work-item-loops: a kernel with three barriers becomes four regions,
; `<base>.mux-barrier-region.<id>` for ids 1 (entry) and 2 + barrier id; each returns the id of
; the region after the barrier it stops at (2, 3, 4) and the last one 0 (done). The wrapper
; starts at region 1, runs each region over the whole work-group, stores the region's result in
; %next_barrier_id and dispatches on it with one switch over 0 (kernel.exit) and every region.
; Values that cross a barrier live in the struct: %slot and %a are stored by region 1 and
; reloaded in the regions after it; %b is stored by region 2 and reloaded by region 3. No
; barrier call is left. The struct of every work-item (16 bytes) lives in the per-thread
; scratch buffer of slot 0, sized for the whole work-group.
; RUN: muxc --passes work-item-loops,verify -S %s | FileCheck %s

; CHECK: %_ZTS7Several_live_mem_info = type <{ ptr, i32, i32 }>
; CHECK-NOT: define {{.*}} @_ZTS7Several(

; CHECK-LABEL: define void @_ZTS7Several.mux-barrier-wrapper(ptr %out)
; CHECK: %items = mul nuw i64 %items.xy, %local_size.z
; CHECK-NEXT: %live.bytes = mul nuw i64 %items, 16
; CHECK-NEXT: %live_variables = call ptr @__dpcpp_nativecpu_work_group_scratch(i32 0, i64 %live.bytes)
; CHECK-NEXT: %next_barrier_id = alloca i32
; CHECK-NEXT: store i32 1, ptr %next_barrier_id
; CHECK-NEXT: br label %barrier.dispatch
; CHECK: barrier.dispatch:
; CHECK-NEXT: %region = load i32, ptr %next_barrier_id
; CHECK-NEXT: switch i32 %region, label %barrier.unreachable [
; CHECK-NEXT: i32 0, label %kernel.exit
; CHECK-NEXT: i32 1, label %region.1
; CHECK-NEXT: i32 2, label %region.2
; CHECK-NEXT: i32 3, label %region.3
; CHECK-NEXT: i32 4, label %region.4
; CHECK-NEXT: ]
; CHECK: kernel.exit:
; CHECK-NEXT: ret void
; CHECK: region.1:
; CHECK: [[N1:%.*]] = call i32 @_ZTS7Several.mux-barrier-region.1(ptr %out, ptr %live.item)
; CHECK-NEXT: store i32 [[N1]], ptr %next_barrier_id
; CHECK: br label %barrier.dispatch
; CHECK: region.2:
; CHECK: [[N2:%.*]] = call i32 @_ZTS7Several.mux-barrier-region.2(ptr %out, ptr %live.item{{[0-9]+}})
; CHECK-NEXT: store i32 [[N2]], ptr %next_barrier_id
; CHECK: br label %barrier.dispatch
; CHECK: region.3:
; CHECK: [[N3:%.*]] = call i32 @_ZTS7Several.mux-barrier-region.3(ptr %out, ptr %live.item{{[0-9]+}})
; CHECK-NEXT: store i32 [[N3]], ptr %next_barrier_id
; CHECK: br label %barrier.dispatch
; CHECK: region.4:
; CHECK: [[N4:%.*]] = call i32 @_ZTS7Several.mux-barrier-region.4(ptr %out, ptr %live.item{{[0-9]+}})
; CHECK-NEXT: store i32 [[N4]], ptr %next_barrier_id
; CHECK: br label %barrier.dispatch
; CHECK: barrier.unreachable:
; CHECK-NEXT: unreachable

; CHECK-LABEL: define internal i32 @_ZTS7Several.mux-barrier-region.1(ptr %0, ptr %1)
; CHECK: %slot = getelementptr inbounds i32, ptr %0, i64 %gid
; CHECK-NEXT: [[SLOTP:%.*]] = getelementptr inbounds nuw %_ZTS7Several_live_mem_info, ptr %1, i32 0, i32 0
; CHECK-NEXT: store ptr %slot, ptr [[SLOTP]]
; CHECK-NEXT: %a = load i32, ptr %slot
; CHECK-NEXT: [[AP:%.*]] = getelementptr inbounds nuw %_ZTS7Several_live_mem_info, ptr %1, i32 0, i32 1
; CHECK-NEXT: store i32 %a, ptr [[AP]]
; CHECK-NOT: __mux_work_group_barrier
; CHECK: ret i32 2
; CHECK-NEXT: }

; CHECK-LABEL: define internal i32 @_ZTS7Several.mux-barrier-region.2(ptr %0, ptr %1)
; CHECK: [[AP:%.*]] = getelementptr inbounds nuw %_ZTS7Several_live_mem_info, ptr %1, i32 0, i32 1
; CHECK-NEXT: [[A:%.*]] = load i32, ptr [[AP]]
; CHECK-NEXT: [[B:%.*]] = add i32 [[A]], 1
; CHECK-NEXT: [[BP:%.*]] = getelementptr inbounds nuw %_ZTS7Several_live_mem_info, ptr %1, i32 0, i32 2
; CHECK-NEXT: store i32 [[B]], ptr [[BP]]
; CHECK: [[SLOTP:%.*]] = getelementptr inbounds nuw %_ZTS7Several_live_mem_info, ptr %1, i32 0, i32 0
; CHECK-NEXT: [[SLOT:%.*]] = load ptr, ptr [[SLOTP]]
; CHECK-NEXT: store i32 [[B]], ptr [[SLOT]]
; CHECK-NOT: __mux_work_group_barrier
; CHECK: ret i32 3
; CHECK-NEXT: }

; CHECK-LABEL: define internal i32 @_ZTS7Several.mux-barrier-region.3(ptr %0, ptr %1)
; CHECK-DAG: [[A:%.*]] = load i32, ptr {{%.*}}
; CHECK-DAG: [[B:%.*]] = load i32, ptr {{%.*}}
; CHECK: [[C:%.*]] = mul i32 [[B]], [[A]]
; CHECK: store i32 [[C]], ptr
; CHECK-NOT: __mux_work_group_barrier
; CHECK: ret i32 4
; CHECK-NEXT: }

; CHECK-LABEL: define internal i32 @_ZTS7Several.mux-barrier-region.4(ptr %0, ptr %1)
; CHECK-NOT: store
; CHECK: ret i32 0
; CHECK-NEXT: }

source_filename = "several.cpp"
target triple = "x86_64-pc-linux-gnu"

define spir_kernel void @_ZTS7Several(ptr %out) #0 {
entry:
  %gid = call i64 @__mux_get_global_id(i32 0)
  %slot = getelementptr inbounds i32, ptr %out, i64 %gid
  %a = load i32, ptr %slot, align 4
  call void @__mux_work_group_barrier(i32 0, i32 2, i32 272)
  %b = add i32 %a, 1
  store i32 %b, ptr %slot, align 4
  call void @__mux_work_group_barrier(i32 1, i32 2, i32 272)
  %c = mul i32 %b, %a
  store i32 %c, ptr %slot, align 4
  call void @__mux_work_group_barrier(i32 2, i32 2, i32 272)
  ret void
}

declare i64 @__mux_get_global_id(i32)
declare void @__mux_work_group_barrier(i32, i32, i32)

attributes #0 = { "mux-kernel"="entry-point" "mux-orig-fn"="_ZTS7Several" "mux-base-fn-name"="_ZTS7Several" }
