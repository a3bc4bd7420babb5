; assign-sycl-module-id: only spir_kernel definitions get "sycl-module-id": spir_func helpers,
; plain functions (even with spir_kernel-like names) and kernel declarations keep their
; attributes exactly (the kernel in the same module shows the pass ran).
; RUN: muxc --passes assign-sycl-module-id,verify -S %s | FileCheck %s

source_filename = "helpers.cpp"
target triple = "x86_64-pc-linux-gnu"

; CHECK: define spir_kernel void @_ZTS6Kernel() #[[KERNEL:[0-9]+]] {
define spir_kernel void @_ZTS6Kernel() #0 {
entry:
  call spir_func void @_Z6helperPi(ptr null)
  ret void
}

; CHECK: define linkonce_odr spir_func void @_Z6helperPi(ptr %p) {
define linkonce_odr spir_func void @_Z6helperPi(ptr %p) {
entry:
  store i32 2, ptr %p, align 4
  ret void
}

; CHECK: define void @_ZTS9NotKernel() #[[PLAIN:[0-9]+]] {
define void @_ZTS9NotKernel() #0 {
entry:
  ret void
}

; CHECK: declare spir_kernel void @_ZTS8Declared(){{$}}
declare spir_kernel void @_ZTS8Declared()

; CHECK-DAG: attributes #[[KERNEL]] = { nounwind "sycl-module-id"="helpers.cpp" }
; CHECK-DAG: attributes #[[PLAIN]] = { nounwind }
attributes #0 = { nounwind }
