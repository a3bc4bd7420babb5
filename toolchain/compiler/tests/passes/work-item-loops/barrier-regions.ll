; work-item-loops: a kernel with one barrier becomes two regions: region 1 runs the code before
; the barrier and returns 2 (the region after barrier 0), region 2 runs the rest and returns 0
; (done). The wrapper dispatches on the region id and runs each region for every work-item.
; The barrier's memory semantics (272 = SequentiallyConsistent | WorkgroupMemory, Workgroup
; scope) become one single-thread fence where region 2 starts: a work-group runs on one thread.
; RUN: muxc --passes work-item-loops,verify -S %s | FileCheck %s

; CHECK-LABEL: define void @_ZTS7Barrier.mux-barrier-wrapper(ptr %local)
; CHECK: %next_barrier_id = alloca i32
; CHECK: store i32 1, ptr %next_barrier_id
; CHECK: barrier.dispatch:
; CHECK: switch i32 %region
; CHECK: call i32 @_ZTS7Barrier.mux-barrier-region.1(ptr %local, ptr %live.item)
; CHECK: region.2:
; CHECK-NEXT: fence syncscope("singlethread") seq_cst
; CHECK: call i32 @_ZTS7Barrier.mux-barrier-region.2(ptr %local, ptr %live.item{{[0-9]*}})
; CHECK-LABEL: define internal i32 @_ZTS7Barrier.mux-barrier-region.1(ptr %0, ptr %1)
; CHECK: store i32 1, ptr %0
; CHECK-NOT: __mux_work_group_barrier
; CHECK: ret i32 2
; CHECK-LABEL: define internal i32 @_ZTS7Barrier.mux-barrier-region.2(ptr %0, ptr %1)
; CHECK-NOT: store
; CHECK: ret i32 0

source_filename = "barrier.cpp"
target triple = "x86_64-pc-linux-gnu"

define spir_kernel void @_ZTS7Barrier(ptr %local) #0 {
entry:
  store i32 1, ptr %local, align 4
  call void @__mux_work_group_barrier(i32 0, i32 2, i32 272)
  ret void
}

declare void @__mux_work_group_barrier(i32, i32, i32)

attributes #0 = { "mux-kernel"="entry-point" "mux-orig-fn"="_ZTS7Barrier" "mux-base-fn-name"="_ZTS7Barrier" }
