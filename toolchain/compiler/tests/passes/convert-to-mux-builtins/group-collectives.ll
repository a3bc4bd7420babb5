; convert-to-mux-builtins: work-group (scope 2) SPIR-V group collectives become mux collectives
; with barrier id 0 (numbered later) and the value: `__spirv_Group<Op>(2, group operation, T)`
; gives `__mux_work_group_{reduce,scan_inclusive,scan_exclusive}_<op>_<type>(i32 0, T)` for group
; operation 0/1/2, with the type named i32/i64/f32/f64/i1 and the operation named add, fadd,
; smin, umax, fmax, mul (IMulKHR), logical_and, xor (BitwiseXorKHR);
; `__spirv_GroupAny/All(2, i1)` gives `__mux_work_group_any/all(i32 0, i1)`; and
; `__spirv_GroupBroadcast(2, T, id)` gives `__mux_work_group_broadcast_<type>(i32 0, T, i64 id)`,
; a 32-bit id zero-extended. Every result replaces the old one; the SPIR-V declarations go.
; RUN: muxc --passes convert-to-mux-builtins,verify -S %s | FileCheck %s

; CHECK-LABEL: define spir_kernel void @_ZTS6Groups(ptr %out, i32 %a, i64 %b, float %c, double %d, i1 %e)
; CHECK-NEXT: entry:
; CHECK-NEXT: [[R0:%.*]] = call i32 @__mux_work_group_reduce_add_i32(i32 0, i32 %a)
; CHECK-NEXT: store i32 [[R0]], ptr %out
; CHECK-NEXT: [[R1:%.*]] = call i64 @__mux_work_group_scan_inclusive_add_i64(i32 0, i64 %b)
; CHECK-NEXT: store i64 [[R1]], ptr %out
; CHECK-NEXT: [[R2:%.*]] = call float @__mux_work_group_scan_exclusive_fadd_f32(i32 0, float %c)
; CHECK-NEXT: store float [[R2]], ptr %out
; CHECK-NEXT: [[R3:%.*]] = call i32 @__mux_work_group_reduce_smin_i32(i32 0, i32 %a)
; CHECK-NEXT: store i32 [[R3]], ptr %out
; CHECK-NEXT: [[R4:%.*]] = call i64 @__mux_work_group_scan_inclusive_umax_i64(i32 0, i64 %b)
; CHECK-NEXT: store i64 [[R4]], ptr %out
; CHECK-NEXT: [[R5:%.*]] = call double @__mux_work_group_scan_exclusive_fmax_f64(i32 0, double %d)
; CHECK-NEXT: store double [[R5]], ptr %out
; CHECK-NEXT: [[R6:%.*]] = call i32 @__mux_work_group_reduce_mul_i32(i32 0, i32 %a)
; CHECK-NEXT: store i32 [[R6]], ptr %out
; CHECK-NEXT: [[R7:%.*]] = call i1 @__mux_work_group_scan_inclusive_logical_and_i1(i32 0, i1 %e)
; CHECK-NEXT: store i1 [[R7]], ptr %out
; CHECK-NEXT: [[R8:%.*]] = call i64 @__mux_work_group_scan_exclusive_xor_i64(i32 0, i64 %b)
; CHECK-NEXT: store i64 [[R8]], ptr %out
; CHECK-NEXT: [[R9:%.*]] = call i1 @__mux_work_group_any(i32 0, i1 %e)
; CHECK-NEXT: store i1 [[R9]], ptr %out
; CHECK-NEXT: [[R10:%.*]] = call i1 @__mux_work_group_all(i32 0, i1 %e)
; CHECK-NEXT: store i1 [[R10]], ptr %out
; CHECK-NEXT: [[R11:%.*]] = call float @__mux_work_group_broadcast_f32(i32 0, float %c, i64 %b)
; CHECK-NEXT: store float [[R11]], ptr %out
; CHECK-NEXT: [[ID:%.*]] = zext i32 %a to i64
; CHECK-NEXT: [[R12:%.*]] = call double @__mux_work_group_broadcast_f64(i32 0, double %d, i64 [[ID]])
; CHECK-NEXT: store double [[R12]], ptr %out
; CHECK-NEXT: ret void

; CHECK-NOT: __spirv
; CHECK-DAG: declare i32 @__mux_work_group_reduce_add_i32(i32, i32)
; CHECK-DAG: declare i1 @__mux_work_group_any(i32, i1)
; CHECK-DAG: declare double @__mux_work_group_broadcast_f64(i32, double, i64)
; CHECK-NOT: __spirv

source_filename = "groups.cpp"
target triple = "x86_64-pc-linux-gnu"

define spir_kernel void @_ZTS6Groups(ptr %out, i32 %a, i64 %b, float %c, double %d, i1 %e) {
entry:
  %0 = call spir_func i32 @_Z17__spirv_GroupIAddjji(i32 2, i32 0, i32 %a)
  store i32 %0, ptr %out
  %1 = call spir_func i64 @_Z17__spirv_GroupIAddjjl(i32 2, i32 1, i64 %b)
  store i64 %1, ptr %out
  %2 = call spir_func float @_Z17__spirv_GroupFAddjjf(i32 2, i32 2, float %c)
  store float %2, ptr %out
  %3 = call spir_func i32 @_Z17__spirv_GroupSMinjji(i32 2, i32 0, i32 %a)
  store i32 %3, ptr %out
  %4 = call spir_func i64 @_Z17__spirv_GroupUMaxjjm(i32 2, i32 1, i64 %b)
  store i64 %4, ptr %out
  %5 = call spir_func double @_Z17__spirv_GroupFMaxjjd(i32 2, i32 2, double %d)
  store double %5, ptr %out
  %6 = call spir_func i32 @_Z20__spirv_GroupIMulKHRjji(i32 2, i32 0, i32 %a)
  store i32 %6, ptr %out
  %7 = call spir_func i1 @_Z26__spirv_GroupLogicalAndKHRjjb(i32 2, i32 1, i1 %e)
  store i1 %7, ptr %out
  %8 = call spir_func i64 @_Z26__spirv_GroupBitwiseXorKHRjjl(i32 2, i32 2, i64 %b)
  store i64 %8, ptr %out
  %9 = call spir_func i1 @_Z16__spirv_GroupAnyjb(i32 2, i1 %e)
  store i1 %9, ptr %out
  %10 = call spir_func i1 @_Z16__spirv_GroupAlljb(i32 2, i1 %e)
  store i1 %10, ptr %out
  %11 = call spir_func float @_Z22__spirv_GroupBroadcastjfm(i32 2, float %c, i64 %b)
  store float %11, ptr %out
  %12 = call spir_func double @_Z22__spirv_GroupBroadcastjdj(i32 2, double %d, i32 %a)
  store double %12, ptr %out
  ret void
}

declare spir_func i32 @_Z17__spirv_GroupIAddjji(i32, i32, i32)
declare spir_func i64 @_Z17__spirv_GroupIAddjjl(i32, i32, i64)
declare spir_func float @_Z17__spirv_GroupFAddjjf(i32, i32, float)
declare spir_func i32 @_Z17__spirv_GroupSMinjji(i32, i32, i32)
declare spir_func i64 @_Z17__spirv_GroupUMaxjjm(i32, i32, i64)
declare spir_func double @_Z17__spirv_GroupFMaxjjd(i32, i32, double)
declare spir_func i32 @_Z20__spirv_GroupIMulKHRjji(i32, i32, i32)
declare spir_func i1 @_Z26__spirv_GroupLogicalAndKHRjjb(i32, i32, i1)
declare spir_func i64 @_Z26__spirv_GroupBitwiseXorKHRjjl(i32, i32, i64)
declare spir_func i1 @_Z16__spirv_GroupAnyjb(i32, i1)
declare spir_func i1 @_Z16__spirv_GroupAlljb(i32, i1)
declare spir_func float @_Z22__spirv_GroupBroadcastjfm(i32, float, i64)
declare spir_func double @_Z22__spirv_GroupBroadcastjdj(i32, double, i32)
