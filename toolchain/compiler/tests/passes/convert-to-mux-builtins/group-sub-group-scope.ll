; convert-to-mux-builtins: group collectives of sub-group scope (3) become the mux sub-group
; builtins, which take the value alone (no barrier id: nothing synchronises the work-group); a
; sub-group broadcast is a shuffle with the index narrowed to i32, and
; __spirv_SubgroupShuffleINTEL the same shuffle. The SPIR-V declarations are removed.
; RUN: muxc --passes convert-to-mux-builtins,verify -S %s | FileCheck %s

; CHECK-NOT: __mux_work_group
; CHECK-LABEL: define spir_kernel void @_ZTS9SubGroups(ptr %out, i32 %a, i64 %b, float %c, double %d, i1 %e)
; CHECK-NEXT: entry:
; CHECK-NEXT: call i32 @__mux_sub_group_reduce_add_i32(i32 %a)
; CHECK: call i64 @__mux_sub_group_scan_inclusive_umax_i64(i64 %b)
; CHECK: call float @__mux_sub_group_scan_exclusive_fadd_f32(float %c)
; CHECK: call i32 @__mux_sub_group_scan_exclusive_smin_i32(i32 %a)
; CHECK: call double @__mux_sub_group_scan_exclusive_fmax_f64(double %d)
; CHECK: call i64 @__mux_sub_group_scan_exclusive_mul_i64(i64 %b)
; CHECK: call i1 @__mux_sub_group_scan_exclusive_logical_and_i1(i1 %e)
; CHECK: call i64 @__mux_sub_group_scan_exclusive_umin_i64(i64 %b)
; CHECK: call i1 @__mux_sub_group_any(i1 %e)
; CHECK: call i1 @__mux_sub_group_all(i1 %e)
; CHECK: %[[INDEX:.*]] = trunc i64 %b to i32
; CHECK-NEXT: call float @__mux_sub_group_shuffle_f32(float %c, i32 %[[INDEX]])
; CHECK: call double @__mux_sub_group_shuffle_f64(double %d, i32 %a)
; CHECK: ret void
; CHECK-NOT: __spirv
; CHECK-NOT: __mux_work_group

source_filename = "subgroups.cpp"
target triple = "x86_64-pc-linux-gnu"

define spir_kernel void @_ZTS9SubGroups(ptr %out, i32 %a, i64 %b, float %c, double %d, i1 %e) {
entry:
  %0 = call spir_func i32 @_Z17__spirv_GroupIAddjji(i32 3, i32 0, i32 %a)
  store i32 %0, ptr %out
  %1 = call spir_func i64 @_Z17__spirv_GroupUMaxjjm(i32 3, i32 1, i64 %b)
  store i64 %1, ptr %out
  %2 = call spir_func float @_Z17__spirv_GroupFAddjjf(i32 3, i32 2, float %c)
  store float %2, ptr %out
  %3 = call spir_func i32 @_Z17__spirv_GroupSMinjji(i32 3, i32 2, i32 %a)
  store i32 %3, ptr %out
  %4 = call spir_func double @_Z17__spirv_GroupFMaxjjd(i32 3, i32 2, double %d)
  store double %4, ptr %out
  %5 = call spir_func i64 @_Z20__spirv_GroupIMulKHRjjl(i32 3, i32 2, i64 %b)
  store i64 %5, ptr %out
  %6 = call spir_func i1 @_Z26__spirv_GroupLogicalAndKHRjjb(i32 3, i32 2, i1 %e)
  store i1 %6, ptr %out
  %7 = call spir_func i64 @_Z17__spirv_GroupUMinjjm(i32 3, i32 2, i64 %b)
  store i64 %7, ptr %out
  %8 = call spir_func i1 @_Z16__spirv_GroupAnyjb(i32 3, i1 %e)
  store i1 %8, ptr %out
  %9 = call spir_func i1 @_Z16__spirv_GroupAlljb(i32 3, i1 %e)
  store i1 %9, ptr %out
  %10 = call spir_func float @_Z22__spirv_GroupBroadcastjfm(i32 3, float %c, i64 %b)
  store float %10, ptr %out
  %11 = call spir_func double @_Z28__spirv_SubgroupShuffleINTELdj(double %d, i32 %a)
  store double %11, ptr %out
  ret void
}

declare spir_func i32 @_Z17__spirv_GroupIAddjji(i32, i32, i32)
declare spir_func i64 @_Z17__spirv_GroupUMaxjjm(i32, i32, i64)
declare spir_func float @_Z17__spirv_GroupFAddjjf(i32, i32, float)
declare spir_func i32 @_Z17__spirv_GroupSMinjji(i32, i32, i32)
declare spir_func double @_Z17__spirv_GroupFMaxjjd(i32, i32, double)
declare spir_func i64 @_Z20__spirv_GroupIMulKHRjjl(i32, i32, i64)
declare spir_func i1 @_Z26__spirv_GroupLogicalAndKHRjjb(i32, i32, i1)
declare spir_func i64 @_Z17__spirv_GroupUMinjjm(i32, i32, i64)
declare spir_func i1 @_Z16__spirv_GroupAnyjb(i32, i1)
declare spir_func i1 @_Z16__spirv_GroupAlljb(i32, i1)
declare spir_func float @_Z22__spirv_GroupBroadcastjfm(i32, float, i64)
declare spir_func double @_Z28__spirv_SubgroupShuffleINTELdj(double, i32)
