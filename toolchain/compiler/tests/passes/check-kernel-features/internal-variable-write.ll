; A kernel that writes a global variable with internal linkage is refused: the host object of the
; same source has its own copy, which device code cannot name, so the write would never reach the
; host (docs/kernel-features.md, "Global variables"). Reading one, and the headers' own variables
; (sycl::), are allowed: Reader comes first and passes. The write is found through a GEP, in a
; called function.
; RUN: not muxc --passes check-kernel-features %s 2>&1 | FileCheck %s

; CHECK: kernel 'Writer' writes 'hidden', a variable with internal linkage whose host copy device code cannot reach (give it external linkage, or pass the data through a buffer or USM): kernel -> bump -> hidden

@_ZL6hidden = internal global [4 x i32] zeroinitializer, align 4
@_ZL5table = internal global [4 x i32] [i32 1, i32 2, i32 3, i32 4], align 4
@_ZN4sycl3_V16detailL7scratchE = internal global i32 0, align 4

define internal void @_Z4bumpi(i32 %i) {
  %slot = getelementptr [4 x i32], ptr @_ZL6hidden, i64 0, i32 %i
  store i32 1, ptr %slot, align 4
  ret void
}

define spir_kernel void @Reader(ptr %out) {
  store i32 1, ptr @_ZN4sycl3_V16detailL7scratchE, align 4
  %v = load i32, ptr getelementptr ([4 x i32], ptr @_ZL5table, i64 0, i64 2), align 4
  store i32 %v, ptr %out, align 4
  ret void
}

define spir_kernel void @Writer(ptr %out) {
  call void @_Z4bumpi(i32 2)
  ret void
}
