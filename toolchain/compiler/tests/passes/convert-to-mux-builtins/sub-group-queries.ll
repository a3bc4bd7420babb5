; convert-to-mux-builtins: the sub-group queries, in the current form
; (`__spirv_BuiltInSubgroupId()` …) and the 2024 form (`__spirv_SubgroupId()` …), become the
; unranked `__mux_get_*()` calls returning i32, and the declarations are removed.
; RUN: muxc --passes convert-to-mux-builtins,verify -S %s | FileCheck %s

source_filename = "subgroups.cpp"
target triple = "x86_64-pc-linux-gnu"

; CHECK-LABEL: define spir_kernel void @_ZTS9SubGroups(ptr %out)
; CHECK-NEXT: entry:
; CHECK-NEXT: [[A:%.*]] = call i32 @__mux_get_sub_group_id()
; CHECK-NEXT: [[B:%.*]] = call i32 @__mux_get_sub_group_local_id()
; CHECK-NEXT: [[C:%.*]] = call i32 @__mux_get_sub_group_size()
; CHECK-NEXT: [[D:%.*]] = call i32 @__mux_get_max_sub_group_size()
; CHECK-NEXT: [[E:%.*]] = call i32 @__mux_get_num_sub_groups()
; CHECK-NEXT: [[F:%.*]] = call i32 @__mux_get_sub_group_id()
; CHECK-NEXT: [[G:%.*]] = call i32 @__mux_get_sub_group_local_id()
; CHECK-NEXT: [[H:%.*]] = call i32 @__mux_get_sub_group_size()
; CHECK-NEXT: [[I:%.*]] = call i32 @__mux_get_max_sub_group_size()
; CHECK-NEXT: [[J:%.*]] = call i32 @__mux_get_num_sub_groups()
; CHECK-NEXT: store i32 [[A]], ptr %out
; CHECK-NEXT: store i32 [[B]], ptr %out
; CHECK-NEXT: store i32 [[C]], ptr %out
; CHECK-NEXT: store i32 [[D]], ptr %out
; CHECK-NEXT: store i32 [[E]], ptr %out
; CHECK-NEXT: store i32 [[F]], ptr %out
; CHECK-NEXT: store i32 [[G]], ptr %out
; CHECK-NEXT: store i32 [[H]], ptr %out
; CHECK-NEXT: store i32 [[I]], ptr %out
; CHECK-NEXT: store i32 [[J]], ptr %out
; CHECK-NEXT: ret void
define spir_kernel void @_ZTS9SubGroups(ptr %out) {
entry:
  %a = call i32 @_Z25__spirv_BuiltInSubgroupIdv()
  %b = call i32 @_Z40__spirv_BuiltInSubgroupLocalInvocationIdv()
  %c = call i32 @_Z27__spirv_BuiltInSubgroupSizev()
  %d = call i32 @_Z30__spirv_BuiltInSubgroupMaxSizev()
  %e = call i32 @_Z27__spirv_BuiltInNumSubgroupsv()
  %f = call i32 @_Z18__spirv_SubgroupIdv()
  %g = call i32 @_Z33__spirv_SubgroupLocalInvocationIdv()
  %h = call i32 @_Z20__spirv_SubgroupSizev()
  %i = call i32 @_Z23__spirv_SubgroupMaxSizev()
  %j = call i32 @_Z20__spirv_NumSubgroupsv()
  store i32 %a, ptr %out
  store i32 %b, ptr %out
  store i32 %c, ptr %out
  store i32 %d, ptr %out
  store i32 %e, ptr %out
  store i32 %f, ptr %out
  store i32 %g, ptr %out
  store i32 %h, ptr %out
  store i32 %i, ptr %out
  store i32 %j, ptr %out
  ret void
}

; CHECK-NOT: __spirv_
; CHECK-DAG: declare i32 @__mux_get_sub_group_id()
; CHECK-DAG: declare i32 @__mux_get_sub_group_local_id()
; CHECK-DAG: declare i32 @__mux_get_sub_group_size()
; CHECK-DAG: declare i32 @__mux_get_max_sub_group_size()
; CHECK-DAG: declare i32 @__mux_get_num_sub_groups()
; CHECK-NOT: __spirv_
declare i32 @_Z25__spirv_BuiltInSubgroupIdv()
declare i32 @_Z40__spirv_BuiltInSubgroupLocalInvocationIdv()
declare i32 @_Z27__spirv_BuiltInSubgroupSizev()
declare i32 @_Z30__spirv_BuiltInSubgroupMaxSizev()
declare i32 @_Z27__spirv_BuiltInNumSubgroupsv()
declare i32 @_Z18__spirv_SubgroupIdv()
declare i32 @_Z33__spirv_SubgroupLocalInvocationIdv()
declare i32 @_Z20__spirv_SubgroupSizev()
declare i32 @_Z23__spirv_SubgroupMaxSizev()
declare i32 @_Z20__spirv_NumSubgroupsv()
