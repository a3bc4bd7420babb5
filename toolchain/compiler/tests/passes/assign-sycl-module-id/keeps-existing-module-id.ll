; assign-sycl-module-id: a kernel that already carries "sycl-module-id" (DPC++ device IR) keeps
; its value, and gets no second one; a kernel without it in the same module still gets the
; source_filename.
; RUN: muxc --passes assign-sycl-module-id,verify -S %s | FileCheck %s

source_filename = "tu.cpp"
target triple = "x86_64-pc-linux-gnu"

; CHECK: define weak_odr dso_local spir_kernel void @_ZTS9FromDpcpp(ptr noundef %out) #[[DPCPP:[0-9]+]] {
define weak_odr dso_local spir_kernel void @_ZTS9FromDpcpp(ptr noundef %out) #0 {
entry:
  store i32 1, ptr %out, align 4
  ret void
}

; CHECK: define dso_local spir_kernel void @_ZTS8FromThis(ptr noundef %out) #[[THIS:[0-9]+]] {
define dso_local spir_kernel void @_ZTS8FromThis(ptr noundef %out) #1 {
entry:
  store i32 2, ptr %out, align 4
  ret void
}

; CHECK-DAG: attributes #[[DPCPP]] = { convergent nounwind "sycl-module-id"="dpcpp/original.cpp" }
; CHECK-DAG: attributes #[[THIS]] = { nounwind "sycl-module-id"="tu.cpp" }
attributes #0 = { convergent nounwind "sycl-module-id"="dpcpp/original.cpp" }
attributes #1 = { nounwind }
