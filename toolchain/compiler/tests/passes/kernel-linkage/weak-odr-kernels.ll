; kernel-linkage: an external spir_kernel definition (what upstream clang emits for a kernel,
; even one instantiated from a template in every translation unit that launches it) becomes
; weak_odr, so llvm-link keeps one of the identical definitions. Kernels that already have
; another linkage (DPC++ device IR), helpers, plain functions and declarations are unchanged.
; RUN: muxc --passes kernel-linkage,verify -S %s | FileCheck %s

target triple = "x86_64-pc-linux-gnu"

; CHECK: define weak_odr spir_kernel void @_ZTS7ScaleByIlE(ptr %p)
define spir_kernel void @_ZTS7ScaleByIlE(ptr %p) {
entry:
  call spir_func void @_Z6helperPl(ptr %p)
  ret void
}

; CHECK: define weak_odr spir_kernel void @_ZTS6Dpcpp()
define weak_odr spir_kernel void @_ZTS6Dpcpp() {
entry:
  ret void
}

; CHECK: define internal spir_kernel void @_ZTS5Local()
define internal spir_kernel void @_ZTS5Local() {
entry:
  ret void
}

; CHECK: define linkonce_odr spir_func void @_Z6helperPl(ptr %p)
define linkonce_odr spir_func void @_Z6helperPl(ptr %p) {
entry:
  store i64 2, ptr %p, align 8
  ret void
}

; CHECK: define void @_ZTS9NotKernel()
define void @_ZTS9NotKernel() {
entry:
  ret void
}

; CHECK: declare spir_kernel void @_ZTS8Declared()
declare spir_kernel void @_ZTS8Declared()
