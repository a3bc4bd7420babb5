; lower-kernel-properties: the annotations our headers' SYCL_EXT_ONEAPI_FUNCTION_PROPERTY writes
; on a free function kernel, one per property: `sycl-function-property` with a code and three
; sizes in SYCL order (docs/free-function-kernels.md). The kernel calling the function gets the
; metadata: code 2 with sizes (2, 8) is a 2-dimensional work_group_size, !{i32 8, i32 2, i32 1};
; code 4 a sub_group_size; code 5 sub_group_size_primary (size 0); code 6 device_has, its
; aspects as masks (4 and 64: aspects 2 and 70), declared and used; code 0 (nd_range_kernel,
; single_task_kernel, hints) nothing. Every such function loses its `noinline`, the annotations leave
; llvm.global.annotations (and the list with them), and an unknown code is an error.
; RUN: muxc --passes lower-kernel-properties,verify -S %s | FileCheck %s
; RUN: sed -e 's/{ i32 5,/{ i32 9,/' %s | not muxc --passes lower-kernel-properties 2>&1 | FileCheck %s --check-prefix=CODE

; CHECK-NOT: @llvm.global.annotations
; CHECK-LABEL: define spir_kernel void @_ZTS5Sized(
; CHECK-SAME: !reqd_work_group_size ![[WG:[0-9]+]] !intel_reqd_sub_group_size ![[SG:[0-9]+]]
; CHECK-LABEL: define spir_kernel void @_ZTS7Primary(
; CHECK-SAME: !intel_reqd_sub_group_size ![[PRIMARY:[0-9]+]]
; CHECK-LABEL: define spir_kernel void @_ZTS3Gpu(
; CHECK-SAME: !sycl_declared_aspects ![[ASPECTS:[0-9]+]] !sycl_used_aspects ![[ASPECTS]]
; CHECK-LABEL: define spir_kernel void @_ZTS5Plain(
; CHECK-NOT: !reqd
; CHECK-NOT: !intel_reqd
; CHECK-SAME: {
; CHECK: define void @sized() #[[INLINABLE:[0-9]+]]
; CHECK: define void @primary() #[[INLINABLE]]
; CHECK: define void @gpu_only() #[[INLINABLE]]
; CHECK: define void @plain() #[[INLINABLE]]
; CHECK: attributes #[[INLINABLE]] = { nounwind }
; CHECK: ![[WG]] = !{i32 8, i32 2, i32 1}
; CHECK: ![[SG]] = !{i32 4}
; CHECK: ![[PRIMARY]] = !{i32 0}
; CHECK: ![[ASPECTS]] = !{i32 2, i32 70}

; CODE: muxc: error: in function 'primary': unknown free function kernel property code 9

target triple = "x86_64-pc-linux-gnu"

@.property = private unnamed_addr constant [23 x i8] c"sycl-function-property\00", section "llvm.metadata"
@.file = private unnamed_addr constant [11 x i8] c"kernel.cpp\00", section "llvm.metadata"
@.kind = private unnamed_addr constant { i32, i64, i64, i64 } { i32 0, i64 0, i64 0, i64 0 }, section "llvm.metadata"
@.work_group = private unnamed_addr constant { i32, i64, i64, i64 } { i32 2, i64 2, i64 8, i64 0 }, section "llvm.metadata"
@.sub_group = private unnamed_addr constant { i32, i64, i64, i64 } { i32 4, i64 4, i64 0, i64 0 }, section "llvm.metadata"
@.primary = private unnamed_addr constant { i32, i64, i64, i64 } { i32 5, i64 0, i64 0, i64 0 }, section "llvm.metadata"
@.aspects = private unnamed_addr constant { i32, i64, i64, i64 } { i32 6, i64 4, i64 64, i64 0 }, section "llvm.metadata"
@llvm.global.annotations = appending global [7 x { ptr, ptr, ptr, i32, ptr }] [
  { ptr, ptr, ptr, i32, ptr } { ptr @sized, ptr @.property, ptr @.file, i32 1, ptr @.kind },
  { ptr, ptr, ptr, i32, ptr } { ptr @sized, ptr @.property, ptr @.file, i32 2, ptr @.work_group },
  { ptr, ptr, ptr, i32, ptr } { ptr @sized, ptr @.property, ptr @.file, i32 3, ptr @.sub_group },
  { ptr, ptr, ptr, i32, ptr } { ptr @primary, ptr @.property, ptr @.file, i32 4, ptr @.kind },
  { ptr, ptr, ptr, i32, ptr } { ptr @primary, ptr @.property, ptr @.file, i32 5, ptr @.primary },
  { ptr, ptr, ptr, i32, ptr } { ptr @gpu_only, ptr @.property, ptr @.file, i32 6, ptr @.aspects },
  { ptr, ptr, ptr, i32, ptr } { ptr @plain, ptr @.property, ptr @.file, i32 7, ptr @.kind }
], section "llvm.metadata"

define spir_kernel void @_ZTS5Sized() {
entry:
  call void @sized()
  ret void
}

define spir_kernel void @_ZTS7Primary() {
entry:
  call void @primary()
  ret void
}

define spir_kernel void @_ZTS3Gpu() {
entry:
  call void @gpu_only()
  ret void
}

define spir_kernel void @_ZTS5Plain() {
entry:
  call void @plain()
  ret void
}

define void @sized() noinline nounwind {
entry:
  ret void
}

define void @primary() noinline nounwind {
entry:
  ret void
}

define void @gpu_only() noinline nounwind {
entry:
  ret void
}

define void @plain() noinline nounwind {
entry:
  ret void
}
