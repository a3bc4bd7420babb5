; work-item-loops: the accumulators of collectives (fold.acc, scan.acc) are allocas of the
; wrapper's entry block, not of the region blocks the dispatch loop runs again on each pass
; (there they would be dynamic allocas growing the stack at -O0).
; RUN: muxc --passes work-item-loops,verify -S %s | FileCheck %s
; CHECK-LABEL: define void @_ZTS7RedLoop.mux-barrier-wrapper(ptr %out, i32 %n)
; CHECK-NEXT: entry:
; CHECK-DAG: %scan.acc = alloca i32
; CHECK-DAG: %fold.acc = alloca i32
; CHECK: %next_barrier_id = alloca i32
; CHECK: br label %barrier.dispatch
; CHECK-NOT: alloca
; CHECK: barrier.unreachable:
target triple = "x86_64-pc-linux-gnu"
define spir_kernel void @_ZTS7RedLoop(ptr %out, i32 %n) #0 {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %acc = phi i32 [ 0, %entry ], [ %acc.next, %loop ]
  %s = call i32 @__mux_work_group_reduce_add_i32(i32 0, i32 %i)
  %p = call i32 @__mux_work_group_scan_inclusive_add_i32(i32 1, i32 %i)
  %acc1 = add i32 %acc, %s
  %acc.next = add i32 %acc1, %p
  %i.next = add i32 %i, 1
  %more = icmp slt i32 %i.next, %n
  br i1 %more, label %loop, label %exit
exit:
  store i32 %acc.next, ptr %out, align 4
  ret void
}
declare i32 @__mux_work_group_reduce_add_i32(i32, i32)
declare i32 @__mux_work_group_scan_inclusive_add_i32(i32, i32)
attributes #0 = { "mux-kernel"="entry-point" "mux-orig-fn"="_ZTS7RedLoop" "mux-base-fn-name"="_ZTS7RedLoop" }
