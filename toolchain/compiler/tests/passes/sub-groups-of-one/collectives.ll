; sub-groups-of-one: in code that runs one work-item at a time, each work-item is its own
; sub-group, so the sub-group builtins that convert-to-mux-builtins leaves are computed in
; place: reductions, inclusive scans, any/all, broadcasts and shuffles give the value itself;
; exclusive scans give the operation's identity (0.0 for fadd, INT32_MAX for smin, -infinity for
; fmax, 1 for mul, true for logical_and, all ones for umin). The declarations are removed.
; RUN: muxc --passes convert-to-mux-builtins,sub-groups-of-one,verify -S %s | FileCheck %s

; CHECK-NOT: __mux_work_group
; CHECK-LABEL: define spir_kernel void @_ZTS9SubGroups(ptr %out, i32 %a, i64 %b, float %c, double %d, i1 %e)
; CHECK-NEXT: entry:
; CHECK-NEXT: store i32 %a, ptr %out
; CHECK-NEXT: store i64 %b, ptr %out
; CHECK-NEXT: store float 0.000000e+00, ptr %out
; CHECK-NEXT: store i32 2147483647, ptr %out
; CHECK-NEXT: store double 0xFFF0000000000000, ptr %out
; CHECK-NEXT: store i64 1, ptr %out
; CHECK-NEXT: store i1 true, ptr %out
; CHECK-NEXT: store i64 -1, ptr %out
; CHECK-NEXT: store i1 %e, ptr %out
; CHECK-NEXT: store i1 %e, ptr %out
; CHECK-NEXT: trunc i64 %b to i32
; CHECK-NEXT: store float %c, ptr %out
; CHECK-NEXT: store double %d, ptr %out
; CHECK-NEXT: ret void
; CHECK-NOT: __spirv
; CHECK-NOT: __mux_sub_group
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
