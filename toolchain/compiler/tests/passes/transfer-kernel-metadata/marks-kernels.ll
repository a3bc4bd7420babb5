; transfer-kernel-metadata: every spir_kernel definition gets "mux-kernel"="entry-point" and
; "mux-orig-fn" / "mux-base-fn-name" naming itself; helpers, plain functions and kernel
; declarations get nothing; the kernels' other attributes and metadata stay.
; RUN: muxc --passes transfer-kernel-metadata,verify -S %s | FileCheck %s

source_filename = "marks.cpp"
target triple = "x86_64-pc-linux-gnu"

; CHECK: define dso_local spir_kernel void @_ZTS5First(ptr %out) #[[FIRST:[0-9]+]] !reqd_work_group_size ![[WG:[0-9]+]] {
define dso_local spir_kernel void @_ZTS5First(ptr %out) #0 !reqd_work_group_size !0 {
entry:
  call spir_func void @_Z6helperPi(ptr %out)
  ret void
}

; CHECK: define dso_local spir_kernel void @_ZTS6Second(ptr %out) #[[SECOND:[0-9]+]] {
define dso_local spir_kernel void @_ZTS6Second(ptr %out) #0 {
entry:
  ret void
}

; CHECK: define linkonce_odr spir_func void @_Z6helperPi(ptr %p) #[[HELPER:[0-9]+]] {
define linkonce_odr spir_func void @_Z6helperPi(ptr %p) #0 {
entry:
  store i32 2, ptr %p, align 4
  ret void
}

; CHECK: define void @plain() {
define void @plain() {
entry:
  ret void
}

; CHECK: declare spir_kernel void @_ZTS8Declared(){{$}}
declare spir_kernel void @_ZTS8Declared()

; CHECK-DAG: attributes #[[FIRST]] = { convergent nounwind "mux-base-fn-name"="_ZTS5First" "mux-kernel"="entry-point" "mux-orig-fn"="_ZTS5First" "sycl-module-id"="marks.cpp" }
; CHECK-DAG: attributes #[[SECOND]] = { convergent nounwind "mux-base-fn-name"="_ZTS6Second" "mux-kernel"="entry-point" "mux-orig-fn"="_ZTS6Second" "sycl-module-id"="marks.cpp" }
; CHECK-DAG: attributes #[[HELPER]] = { convergent nounwind "sycl-module-id"="marks.cpp" }
; CHECK-DAG: ![[WG]] = !{i32 8, i32 4, i32 1}
attributes #0 = { convergent nounwind "sycl-module-id"="marks.cpp" }

!0 = !{i32 8, i32 4, i32 1}
