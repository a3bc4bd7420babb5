; add-kernel-wrapper (Native CPU) on its own: the entry point taking the state last becomes
; `<kernel>.NativeCPUKernel` and the subhandler `<kernel>(ptr noalias %args, ptr noalias %state)`
; calls it with a private copy of the state; when the module has the thread-local state pointer
; (a function whose address is taken reads it), the subhandler stores the copy there first.
; RUN: muxc --passes add-kernel-wrapper,verify -S %s | FileCheck %s

target triple = "x86_64-pc-linux-gnu"

@_ZL28nativecpu_thread_local_state = internal thread_local global ptr null

; CHECK-LABEL: define internal void @k.NativeCPUKernel(
; CHECK-SAME: ptr %out, ptr %state) #[[KERNEL:[0-9]+]] {
define void @k(ptr %out, ptr %state) #0 {
  store ptr %state, ptr %out
  ret void
}

; CHECK-LABEL: define void @k(
; CHECK-SAME: ptr noalias %args, ptr noalias %state) #[[SUB:[0-9]+]] {
; CHECK-NEXT: entry:
; CHECK-NEXT: [[COPY:%.*]] = alloca i8, i64 200, align 8
; CHECK-NEXT: call void @llvm.memcpy.p0.p0.i64(ptr align 8 [[COPY]], ptr align 8 %state, i64 184, i1 false)
; CHECK: [[SLOT:%.*]] = getelementptr inbounds ptr, ptr %args, i64 0
; CHECK-NEXT: [[OUT:%.*]] = load ptr, ptr [[SLOT]], align 8
; CHECK-NEXT: store ptr [[COPY]], ptr @_ZL28nativecpu_thread_local_state, align 8
; CHECK-NEXT: call void @k.NativeCPUKernel(ptr [[OUT]], ptr [[COPY]])
; CHECK-NEXT: ret void

; CHECK-DAG: attributes #[[KERNEL]] = { alwaysinline }
; CHECK-DAG: attributes #[[SUB]] = { nounwind "mux-kernel"="entry-point" "mux-orig-fn"="k" "sycl-module-id"="{{.*}}native-cpu.ll" }

attributes #0 = { "mux-kernel"="entry-point" }
