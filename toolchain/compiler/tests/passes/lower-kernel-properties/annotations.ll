; lower-kernel-properties: the annotations the driver writes for SYCL's kernel attributes
; (docs/kernel-features.md, "Kernel attributes"). The kernels calling an annotated function,
; directly or through another function, get the metadata: sizes in SYCL order become x, y, z
; (reqd_work_group_size(2, 4) is !{i32 4, i32 2, i32 1}). Our annotations leave
; llvm.global.annotations and their functions lose the `noinline` the driver gave them (not an
; `optnone` one's, which needs it); a program's own annotation stays. Two different sizes for one
; kernel, and sizes below 1, are errors (sizes above 2^32 - 1 become that: no device here has
; such a work-group, which the runtime says when the kernel is launched). `sycl-device-has` (the
; aspects a function declares) adds its aspects to the declared and used aspects of every kernel
; calling the function, after those the kernel has. `sycl-primary-sub-group-size`
; ([[intel::named_sub_group_size(primary)]]) is the sub-group size 0, as the
; sub_group_size_primary property (sub-group-size.ll).
; RUN: muxc --passes lower-kernel-properties,verify -S %s | FileCheck %s
; RUN: sed -e 's/i32 16 }/i32 8 }/' %s | not muxc --passes lower-kernel-properties 2>&1 | FileCheck %s --check-prefix=TWICE
; RUN: sed -e 's/i64 2, i64 4 }/i64 0, i64 4 }/' %s | not muxc --passes lower-kernel-properties 2>&1 | FileCheck %s --check-prefix=RANGE

; CHECK: @llvm.global.annotations = appending global [1 x { ptr, ptr, ptr, i32, ptr }] [{ ptr, ptr, ptr, i32, ptr } { ptr @own_annotation,
; CHECK-LABEL: define spir_kernel void @_ZTS6Direct(
; CHECK-SAME: !reqd_work_group_size ![[WG:[0-9]+]]
; CHECK-LABEL: define spir_kernel void @_ZTS8Indirect(
; CHECK-SAME: !intel_reqd_sub_group_size ![[SG:[0-9]+]]
; CHECK-SAME: !sycl_used_aspects ![[USED:[0-9]+]] !sycl_declared_aspects ![[DECLARED:[0-9]+]]
; CHECK-LABEL: define spir_kernel void @_ZTS7Primary(
; CHECK-SAME: !intel_reqd_sub_group_size ![[PRIMARY:[0-9]+]]
; CHECK-LABEL: define spir_kernel void @_ZTS5Plain(
; CHECK-NOT: !reqd
; CHECK-SAME: {
; CHECK: define internal void @work_group_body() #[[INLINABLE:[0-9]+]]
; CHECK: define internal void @sub_group_body() #[[UNOPTIMISED:[0-9]+]]
; CHECK: attributes #[[INLINABLE]] = { nounwind }
; CHECK: attributes #[[UNOPTIMISED]] = { noinline nounwind optnone }
; CHECK: ![[WG]] = !{i32 4, i32 2, i32 1}
; CHECK: ![[SG]] = !{i32 16}
; CHECK: ![[USED]] = !{i32 6, i32 1, i32 7}
; CHECK: ![[DECLARED]] = !{i32 1, i32 7}
; CHECK: ![[PRIMARY]] = !{i32 0}

; TWICE: muxc: error: in function '_ZTS8Indirect': the kernel is given two different sub_group_size values
; RANGE: muxc: error: in function 'work_group_body': {{.}}{{.}}sycl::reqd_work_group_size]] needs 1 to 3 constant sizes of at least 1

source_filename = "attributes.cpp"
target triple = "x86_64-pc-linux-gnu"

@.wg = private unnamed_addr constant [26 x i8] c"sycl-reqd-work-group-size\00", section "llvm.metadata"
@.sg = private unnamed_addr constant [25 x i8] c"sycl-reqd-sub-group-size\00", section "llvm.metadata"
@.primary = private unnamed_addr constant [28 x i8] c"sycl-primary-sub-group-size\00", section "llvm.metadata"
@.dh = private unnamed_addr constant [16 x i8] c"sycl-device-has\00", section "llvm.metadata"
@.dh.args = private unnamed_addr constant { i32, i32 } { i32 1, i32 7 }, section "llvm.metadata"
@.own = private unnamed_addr constant [4 x i8] c"own\00", section "llvm.metadata"
@.file = private unnamed_addr constant [15 x i8] c"attributes.cpp\00", section "llvm.metadata"
@.wg.args = private unnamed_addr constant { i64, i64 } { i64 2, i64 4 }, section "llvm.metadata"
@.sg.args = private unnamed_addr constant { i32 } { i32 16 }, section "llvm.metadata"
@llvm.global.annotations = appending global [5 x { ptr, ptr, ptr, i32, ptr }] [
  { ptr, ptr, ptr, i32, ptr } { ptr @work_group_body, ptr @.wg, ptr @.file, i32 3, ptr @.wg.args },
  { ptr, ptr, ptr, i32, ptr } { ptr @sub_group_body, ptr @.sg, ptr @.file, i32 7, ptr @.sg.args },
  { ptr, ptr, ptr, i32, ptr } { ptr @middle, ptr @.dh, ptr @.file, i32 8, ptr @.dh.args },
  { ptr, ptr, ptr, i32, ptr } { ptr @own_annotation, ptr @.own, ptr @.file, i32 9, ptr null },
  { ptr, ptr, ptr, i32, ptr } { ptr @primary_body, ptr @.primary, ptr @.file, i32 10, ptr null }
], section "llvm.metadata"

define spir_kernel void @_ZTS6Direct() {
entry:
  call void @work_group_body()
  ret void
}

define spir_kernel void @_ZTS8Indirect() !intel_reqd_sub_group_size !0 !sycl_used_aspects !1 {
entry:
  call void @middle()
  ret void
}

define spir_kernel void @_ZTS7Primary() {
entry:
  call void @primary_body()
  ret void
}

define spir_kernel void @_ZTS5Plain() {
entry:
  call void @own_annotation()
  ret void
}

define internal void @middle() noinline {
entry:
  call void @sub_group_body()
  ret void
}

define internal void @work_group_body() noinline nounwind {
entry:
  ret void
}

define internal void @sub_group_body() noinline nounwind optnone {
entry:
  ret void
}

define internal void @primary_body() noinline {
entry:
  ret void
}

define internal void @own_annotation() noinline {
entry:
  ret void
}

!0 = !{i32 16}
!1 = !{i32 6}
