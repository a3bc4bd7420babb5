; A kernel that reads a thread_local variable is refused: work-items are not threads
; (docs/kernel-features.md).
; RUN: not muxc --passes check-kernel-features %s 2>&1 | FileCheck %s

; CHECK: kernel 'Counter' uses a thread_local variable, which SYCL kernels cannot do (work-items are not threads): kernel -> llvm.threadlocal.address.p0

@counter = thread_local global i32 0, align 4

define spir_kernel void @Counter(ptr %out) {
  %p = call ptr @llvm.threadlocal.address.p0(ptr @counter)
  %v = load i32, ptr %p, align 4
  store i32 %v, ptr %out, align 4
  ret void
}

declare ptr @llvm.threadlocal.address.p0(ptr)
