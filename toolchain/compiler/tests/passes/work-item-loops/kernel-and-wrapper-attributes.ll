; work-item-loops: the kernel becomes an internal, alwaysinline function with the C calling
; convention and loses "mux-kernel"; the wrapper takes "mux-kernel"="entry-point", the C calling
; convention, "mux-orig-fn"/"mux-base-fn-name", the kernel's other function attributes except
; convergent/noinline/optnone/alwaysinline, and its metadata (!reqd_work_group_size). The call
; inside the wrapper uses the C calling convention too. A helper the kernel calls is untouched.
; RUN: muxc --passes work-item-loops,verify -S %s | FileCheck %s

source_filename = "attrs.cpp"
target triple = "x86_64-pc-linux-gnu"

; CHECK: define internal void @_ZTS5Attrs(ptr noundef %out) #[[KERNEL:[0-9]+]] !reqd_work_group_size ![[WG:[0-9]+]] {
define weak_odr dso_local spir_kernel void @_ZTS5Attrs(ptr noundef %out) #0 !reqd_work_group_size !0 {
entry:
  %gid = call i64 @__mux_get_global_id(i32 0)
  call spir_func void @_Z6helperPim(ptr %out, i64 %gid)
  ret void
}

; CHECK: define linkonce_odr spir_func void @_Z6helperPim(ptr %p, i64 %i) #[[HELPER:[0-9]+]] {
define linkonce_odr spir_func void @_Z6helperPim(ptr %p, i64 %i) #1 {
entry:
  %slot = getelementptr inbounds i32, ptr %p, i64 %i
  store i32 1, ptr %slot, align 4
  ret void
}

declare i64 @__mux_get_global_id(i32)

; CHECK: define void @_ZTS5Attrs.mux-barrier-wrapper(ptr %out) #[[WRAPPER:[0-9]+]] !reqd_work_group_size ![[WG]] {
; CHECK: call void @_ZTS5Attrs(ptr %out)
; CHECK: ret void

; CHECK-DAG: attributes #[[KERNEL]] = { alwaysinline convergent mustprogress norecurse nounwind "mux-base-fn-name"="_ZTS5Attrs" "mux-orig-fn"="_ZTS5Attrs" "sycl-module-id"="attrs.cpp" "target-cpu"="x86-64" "uniform-work-group-size"="true" }
; CHECK-DAG: attributes #[[WRAPPER]] = { mustprogress norecurse nounwind "mux-base-fn-name"="_ZTS5Attrs" "mux-kernel"="entry-point" "mux-orig-fn"="_ZTS5Attrs" "sycl-module-id"="attrs.cpp" "target-cpu"="x86-64" "uniform-work-group-size"="true" }
; CHECK-DAG: attributes #[[HELPER]] = { convergent nounwind }
; CHECK-DAG: ![[WG]] = !{i32 16, i32 2, i32 1}

attributes #0 = { convergent mustprogress norecurse nounwind "mux-kernel"="entry-point" "mux-orig-fn"="_ZTS5Attrs" "mux-base-fn-name"="_ZTS5Attrs" "sycl-module-id"="attrs.cpp" "target-cpu"="x86-64" "uniform-work-group-size"="true" }
attributes #1 = { convergent nounwind }

!0 = !{i32 16, i32 2, i32 1}
