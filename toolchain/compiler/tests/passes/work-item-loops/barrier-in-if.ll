; work-item-loops: a barrier inside a uniform `if` (the condition depends on a kernel argument
; only). Region 1 takes either path: into the `then` block up to the barrier (returning 2), or
; straight to the join block and the end of the kernel (returning 0); region 2 runs the rest of
; `then` and the join block, which both regions therefore contain. The join's phi keeps only the
; edges of its own region; %v, defined before the barrier and used after it, is stored by region
; 1 and reloaded by region 2, and so is the pointer %slot.
; RUN: muxc --passes work-item-loops,verify -S %s | FileCheck %s

; CHECK-LABEL: define void @_ZTS2If.mux-barrier-wrapper(ptr %out, i32 %flag)
; CHECK: switch i32 %region, label %barrier.unreachable [
; CHECK-NEXT: i32 0, label %kernel.exit
; CHECK-NEXT: i32 1, label %region.1
; CHECK-NEXT: i32 2, label %region.2
; CHECK-NEXT: ]
; CHECK: call i32 @_ZTS2If.mux-barrier-region.1(ptr %out, i32 %flag, ptr %live.item)
; CHECK: call i32 @_ZTS2If.mux-barrier-region.2(ptr %out, i32 %flag, ptr %live.item{{[0-9]+}})

; CHECK-LABEL: define internal i32 @_ZTS2If.mux-barrier-region.1(ptr %0, i32 %1, ptr %2)
; CHECK: %v = load i32, ptr %slot
; CHECK-NEXT: [[VP:%.*]] = getelementptr inbounds nuw %_ZTS2If_live_mem_info, ptr %2, i32 0, i32 [[V:[0-9]+]]
; CHECK-NEXT: store i32 %v, ptr [[VP]]
; CHECK-NEXT: %c = icmp ne i32 %1, 0
; CHECK-NEXT: br i1 %c, label %then, label %join
; CHECK: then:
; CHECK-NEXT: store i32 0, ptr %slot
; CHECK-NEXT: br label %barrier
; CHECK: barrier:
; CHECK-NEXT: ret i32 2
; CHECK: join:
; CHECK-NEXT: %r = phi i32 [ %v, %entry ]
; CHECK-NEXT: store i32 %r, ptr %slot
; CHECK-NEXT: ret i32 0
; CHECK-NEXT: }

; CHECK-LABEL: define internal i32 @_ZTS2If.mux-barrier-region.2(ptr %0, i32 %1, ptr %2)
; CHECK-NOT: icmp
; CHECK: barrier.next:
; CHECK-NEXT: [[VP:%.*]] = getelementptr inbounds nuw %_ZTS2If_live_mem_info, ptr %2, i32 0, i32 [[V]]
; CHECK-NEXT: [[VOLD:%.*]] = load i32, ptr [[VP]]
; CHECK-NEXT: [[W:%.*]] = add i32 [[VOLD]], 1
; CHECK: br label %join
; CHECK: join:
; CHECK-NEXT: %r = phi i32 [ [[W]], %barrier.next ]
; CHECK-NEXT: [[SLOTP:%.*]] = getelementptr inbounds nuw %_ZTS2If_live_mem_info, ptr %2, i32 0, i32 0
; CHECK-NEXT: [[SLOT:%.*]] = load ptr, ptr [[SLOTP]]
; CHECK-NEXT: store i32 %r, ptr [[SLOT]]
; CHECK-NEXT: ret i32 0
; CHECK-NEXT: }

source_filename = "if.cpp"
target triple = "x86_64-pc-linux-gnu"

define spir_kernel void @_ZTS2If(ptr %out, i32 %flag) #0 {
entry:
  %gid = call i64 @__mux_get_global_id(i32 0)
  %slot = getelementptr inbounds i32, ptr %out, i64 %gid
  %v = load i32, ptr %slot, align 4
  %c = icmp ne i32 %flag, 0
  br i1 %c, label %then, label %join

then:
  store i32 0, ptr %slot, align 4
  call void @__mux_work_group_barrier(i32 0, i32 2, i32 272)
  %w = add i32 %v, 1
  br label %join

join:
  %r = phi i32 [ %v, %entry ], [ %w, %then ]
  store i32 %r, ptr %slot, align 4
  ret void
}

declare i64 @__mux_get_global_id(i32)
declare void @__mux_work_group_barrier(i32, i32, i32)

attributes #0 = { "mux-kernel"="entry-point" "mux-orig-fn"="_ZTS2If" "mux-base-fn-name"="_ZTS2If" }
