; A kernel that reads a thread_local variable is refused: work-items are not threads
; (docs/kernel-features.md). The headers' own per-thread variables (in sycl::, such as
; sycl::stream's record, read first here) are allowed.
; RUN: not muxc --passes check-kernel-features %s 2>&1 | FileCheck %s

; CHECK: kernel 'Counter' uses the thread_local variable 'counter', which SYCL kernels cannot do (work-items are not threads): kernel -> counter

@counter = thread_local global i32 0, align 4
@_ZN4sycl3_V16detail20thread_stream_recordE = thread_local global i32 0, align 4

define spir_kernel void @Counter(ptr %out) {
  %record = call ptr @llvm.threadlocal.address.p0(ptr @_ZN4sycl3_V16detail20thread_stream_recordE)
  store i32 1, ptr %record, align 4
  %p = call ptr @llvm.threadlocal.address.p0(ptr @counter)
  %v = load i32, ptr %p, align 4
  store i32 %v, ptr %out, align 4
  ret void
}

declare ptr @llvm.threadlocal.address.p0(ptr)
