; work-item-loops: with `!reqd_work_group_size !{i32 4, i32 2, i32 1}` on the kernel, the local
; sizes are the constants 4 (x), 2 (y), 1 (z): no __mux_get_local_size call is made, neither in
; the plain wrapper of a kernel without barriers nor in the wrapper of a kernel with a barrier,
; whose loop bounds, linear ids and live-variable buffer size (8 work-items of 4 bytes each, from
; the scratch buffer of slot 0) are constants too. The wrappers keep the metadata.
; RUN: muxc --passes work-item-loops,verify -S %s | FileCheck %s
; RUN: muxc --passes work-item-loops,verify -S %s | FileCheck %s --check-prefix=NOSIZE

; NOSIZE-NOT: __mux_get_local_size
; NOSIZE: define void @_ZTS7Barrier.mux-barrier-wrapper(
; NOSIZE-NOT: __mux_get_local_size

; CHECK-LABEL: define void @_ZTS5Plain.mux-barrier-wrapper(ptr %out)
; CHECK-SAME: !reqd_work_group_size [[REQD:![0-9]+]] {
; CHECK-NEXT: entry:
; CHECK-NEXT: br label %wi.loop.z
; CHECK: icmp ult i64 %wi.x.next, 4
; CHECK: icmp ult i64 %wi.y.next, 2
; CHECK: icmp ult i64 %wi.z.next, 1
; CHECK: ret void

; CHECK-LABEL: define void @_ZTS7Barrier.mux-barrier-wrapper(ptr %out)
; CHECK-SAME: !reqd_work_group_size [[REQD]] {
; CHECK-NEXT: entry:
; CHECK-NEXT: %live_variables = call ptr @__dpcpp_nativecpu_work_group_scratch(i32 0, i64 32)
; CHECK: region.1:
; CHECK: %wi.zy = mul nuw i64 %wi.z, 2
; CHECK: %wi.rowx = mul nuw i64 %wi.row, 4
; CHECK: icmp ult i64 %wi.x.next, 4
; CHECK: icmp ult i64 %wi.y.next, 2
; CHECK: icmp ult i64 %wi.z.next, 1
; CHECK: region.2:
; CHECK: icmp ult i64 {{%.*}}, 4
; CHECK: icmp ult i64 {{%.*}}, 2
; CHECK: icmp ult i64 {{%.*}}, 1
; CHECK: barrier.unreachable:

; CHECK: [[REQD]] = !{i32 4, i32 2, i32 1}

source_filename = "reqd.cpp"
target triple = "x86_64-pc-linux-gnu"

define spir_kernel void @_ZTS5Plain(ptr %out) #0 !reqd_work_group_size !0 {
entry:
  %gid = call i64 @__mux_get_global_id(i32 0)
  %slot = getelementptr inbounds i32, ptr %out, i64 %gid
  store i32 1, ptr %slot, align 4
  ret void
}

define spir_kernel void @_ZTS7Barrier(ptr %out) #1 !reqd_work_group_size !0 {
entry:
  %gid = call i64 @__mux_get_global_id(i32 0)
  %slot = getelementptr inbounds i32, ptr %out, i64 %gid
  %v = load i32, ptr %slot, align 4
  call void @__mux_work_group_barrier(i32 0, i32 2, i32 272)
  store i32 %v, ptr %out, align 4
  ret void
}

declare i64 @__mux_get_global_id(i32)
declare void @__mux_work_group_barrier(i32, i32, i32)

attributes #0 = { "mux-kernel"="entry-point" "mux-orig-fn"="_ZTS5Plain" "mux-base-fn-name"="_ZTS5Plain" }
attributes #1 = { "mux-kernel"="entry-point" "mux-orig-fn"="_ZTS7Barrier" "mux-base-fn-name"="_ZTS7Barrier" }

!0 = !{i32 4, i32 2, i32 1}
