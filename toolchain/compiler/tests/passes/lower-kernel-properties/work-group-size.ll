; lower-kernel-properties: the headers' __nativecpu_reqd_work_group_size(x, y, z) call becomes
; !reqd_work_group_size !{i32 x, i32 y, i32 z} on the kernel, the call and its declaration go
; away, and a kernel without the call is untouched. A non-constant size is an error.
; RUN: muxc --passes lower-kernel-properties,verify -S %s | FileCheck %s
; RUN: sed -e 's/i64 4, i64 2, i64 1/i64 %%n, i64 2, i64 1/' %s | not muxc --passes lower-kernel-properties 2>&1 | FileCheck %s --check-prefix=ERROR

; CHECK-LABEL: define spir_kernel void @_ZTS5Sized(
; CHECK-SAME: i64 %n) !reqd_work_group_size ![[SIZE:[0-9]+]] {
; CHECK-NOT: __nativecpu_reqd_work_group_size
; CHECK: ret void
; CHECK-LABEL: define spir_kernel void @_ZTS4Free(i64 %n) {
; CHECK-NOT: declare {{.*}}__nativecpu_reqd_work_group_size
; CHECK: ![[SIZE]] = !{i32 4, i32 2, i32 1}

; ERROR: muxc: error: in function '_ZTS5Sized': the work_group_size property needs constant sizes

source_filename = "sized.cpp"
target triple = "x86_64-pc-linux-gnu"

define spir_kernel void @_ZTS5Sized(i64 %n) {
entry:
  call void @__nativecpu_reqd_work_group_size(i64 4, i64 2, i64 1)
  ret void
}

define spir_kernel void @_ZTS4Free(i64 %n) {
entry:
  ret void
}

declare void @__nativecpu_reqd_work_group_size(i64, i64, i64)
