; add-kernel-wrapper<target=software>: the kernel becomes internal and always inlined, and a new
; `<kernel>.mux-kernel-wrapper(ptr noalias %args, ptr noalias %wg-info)` takes the entry-point
; attribute: it makes `wi-info` on its stack (not passed by the caller), reads the kernel's
; arguments from one structure of their types at %args, and passes `wg-info` through. An entry
; point without the target's scheduling parameters (here the third of `thread-id-parameter`) is
; refused with one line.
; RUN: muxc --passes 'add-kernel-wrapper<target=software>,verify' -S %s | FileCheck %s
; RUN: not muxc --passes 'add-kernel-wrapper<target=thread-id-parameter>' -S %s 2>&1 | FileCheck %s --check-prefix=UNSCHEDULED

target triple = "x86_64-pc-linux-gnu"

; CHECK-LABEL: define internal void @k(
; CHECK-SAME: ptr %out, i32 %n, double %x, ptr %wi-info, ptr %wg-info) #[[KERNEL:[0-9]+]] {
define void @k(ptr %out, i32 %n, double %x, ptr %wi-info, ptr %wg-info) #0 {
  store double %x, ptr %out
  ret void
}

; CHECK-LABEL: define void @k.mux-kernel-wrapper(
; CHECK-SAME: ptr noalias %args, ptr noalias %wg-info) #[[WRAPPER:[0-9]+]] {
; CHECK-NEXT: entry:
; CHECK-NEXT: %wi-info = alloca %MuxWorkItemInfo, align 8
; CHECK-NEXT: [[A0:%.*]] = getelementptr inbounds nuw { ptr, i32, double }, ptr %args, i32 0, i32 0
; CHECK-NEXT: %arg0 = load ptr, ptr [[A0]], align 8
; CHECK-NEXT: [[A1:%.*]] = getelementptr inbounds nuw { ptr, i32, double }, ptr %args, i32 0, i32 1
; CHECK-NEXT: %arg1 = load i32, ptr [[A1]], align 4
; CHECK-NEXT: [[A2:%.*]] = getelementptr inbounds nuw { ptr, i32, double }, ptr %args, i32 0, i32 2
; CHECK-NEXT: %arg2 = load double, ptr [[A2]], align 8
; CHECK-NEXT: call void @k(ptr %arg0, i32 %arg1, double %arg2, ptr %wi-info, ptr %wg-info)
; CHECK-NEXT: ret void

; CHECK-DAG: attributes #[[KERNEL]] = { alwaysinline "mux-orig-fn"="k" }
; CHECK-DAG: attributes #[[WRAPPER]] = { nounwind "mux-kernel"="entry-point" "mux-orig-fn"="k" "sycl-module-id"="{{.*}}software.ll" }
; UNSCHEDULED: muxc: error: add-kernel-wrapper: entry point 'k' does not take the scheduling parameters of target 'thread-id-parameter' (run add-sched-params<target=thread-id-parameter> first)

attributes #0 = { "mux-kernel"="entry-point" "mux-orig-fn"="k" }
