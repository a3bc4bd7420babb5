; lower-kernel-properties: the headers' __nativecpu_reqd_sub_group_size(n) call becomes
; !intel_reqd_sub_group_size !{i32 n} on the kernel (run-vecz then vectorizes it at width n),
; the call and its declaration go away, and a kernel without the call is untouched. A size
; that is not a constant from 1 to 64 is an error.
; RUN: muxc --passes lower-kernel-properties,verify -S %s | FileCheck %s
; RUN: sed -e 's/i32 8)/i32 65)/' %s | not muxc --passes lower-kernel-properties 2>&1 | FileCheck %s --check-prefix=ERROR

; CHECK-LABEL: define spir_kernel void @_ZTS6Eights(
; CHECK-SAME: !intel_reqd_sub_group_size ![[SIZE:[0-9]+]] {
; CHECK-NOT: __nativecpu_reqd_sub_group_size
; CHECK: ret void
; CHECK-LABEL: define spir_kernel void @_ZTS4Free(i32 %n) {
; CHECK-NOT: declare {{.*}}__nativecpu_reqd_sub_group_size
; CHECK: ![[SIZE]] = !{i32 8}

; ERROR: muxc: error: in function '_ZTS6Eights': the sub_group_size property needs constant sizes from 1 to 64

source_filename = "eights.cpp"
target triple = "x86_64-pc-linux-gnu"

define spir_kernel void @_ZTS6Eights(i32 %n) {
entry:
  call void @__nativecpu_reqd_sub_group_size(i32 8)
  ret void
}

define spir_kernel void @_ZTS4Free(i32 %n) {
entry:
  ret void
}

declare void @__nativecpu_reqd_sub_group_size(i32)
