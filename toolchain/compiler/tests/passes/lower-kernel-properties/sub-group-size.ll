; lower-kernel-properties: the headers' __nativecpu_reqd_sub_group_size(n) call becomes
; !intel_reqd_sub_group_size !{i32 n} on the kernel (run-vecz then vectorizes it at width n),
; the call and its declaration go away, and a kernel without the call is untouched. n = 0 is the
; sub_group_size_primary property, kept as 0 (DPC++'s encoding): the front-end's target is not the
; device's, so run-vecz resolves it once the module is retargeted (run-vecz/required-sub-group-size.ll).
; A size that is not a constant, or above 64, is an error.
; RUN: muxc --passes lower-kernel-properties,verify -S %s | FileCheck %s
; RUN: sed -e 's/i32 8)/i32 65)/' %s | not muxc --passes lower-kernel-properties 2>&1 | FileCheck %s --check-prefix=ERROR

; CHECK-LABEL: define spir_kernel void @_ZTS6Eights(
; CHECK-SAME: !intel_reqd_sub_group_size ![[SIZE:[0-9]+]] {
; CHECK-NOT: __nativecpu_reqd_sub_group_size
; CHECK: ret void
; CHECK-LABEL: define spir_kernel void @_ZTS4Free(i32 %n) {
; CHECK-LABEL: define spir_kernel void @_ZTS7Primary(
; CHECK-SAME: !intel_reqd_sub_group_size ![[PRIMARY:[0-9]+]] {
; CHECK-NOT: declare {{.*}}__nativecpu_reqd_sub_group_size
; CHECK: ![[SIZE]] = !{i32 8}
; CHECK: ![[PRIMARY]] = !{i32 0}

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

define spir_kernel void @_ZTS7Primary() {
entry:
  call void @__nativecpu_reqd_sub_group_size(i32 0)
  ret void
}

declare void @__nativecpu_reqd_sub_group_size(i32)

