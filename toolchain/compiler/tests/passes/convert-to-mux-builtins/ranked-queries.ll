; convert-to-mux-builtins: each ranked SPIR-V query of current DPC++/clang device IR
; (`__spirv_BuiltIn<X>(int dim)`) becomes the matching `__mux_get_*(i32 dim)`, with the same
; dimension (constant or not), and its uses take the new value. Calls in helpers are lowered too,
; and the SPIR-V declarations are removed.
; RUN: muxc --passes convert-to-mux-builtins,verify -S %s | FileCheck %s

source_filename = "queries.cpp"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%class.anon = type { ptr }

; CHECK-LABEL: define dso_local spir_kernel void @_ZTS7Queries(
; CHECK:      [[OUT:%.*]] = load ptr, ptr %0, align 8
; CHECK-NEXT: [[GID:%.*]] = call i64 @__mux_get_global_id(i32 0)
; CHECK-NEXT: [[GSZ:%.*]] = call i64 @__mux_get_global_size(i32 1)
; CHECK-NEXT: [[GOFF:%.*]] = call i64 @__mux_get_global_offset(i32 2)
; CHECK-NEXT: [[LID:%.*]] = call i64 @__mux_get_local_id(i32 0)
; CHECK-NEXT: [[WID:%.*]] = call i64 @__mux_get_group_id(i32 1)
; CHECK-NEXT: [[WSZ:%.*]] = call i64 @__mux_get_local_size(i32 2)
; CHECK-NEXT: [[NWG:%.*]] = call i64 @__mux_get_num_groups(i32 0)
; CHECK-NEXT: store i64 [[GID]], ptr [[OUT]], align 8
; CHECK-NEXT: [[P1:%.*]] = getelementptr inbounds i64, ptr [[OUT]], i64 1
; CHECK-NEXT: store i64 [[GSZ]], ptr [[P1]], align 8
; CHECK-NEXT: [[P2:%.*]] = getelementptr inbounds i64, ptr [[OUT]], i64 2
; CHECK-NEXT: store i64 [[GOFF]], ptr [[P2]], align 8
; CHECK-NEXT: [[P3:%.*]] = getelementptr inbounds i64, ptr [[OUT]], i64 3
; CHECK-NEXT: store i64 [[LID]], ptr [[P3]], align 8
; CHECK-NEXT: [[P4:%.*]] = getelementptr inbounds i64, ptr [[OUT]], i64 4
; CHECK-NEXT: store i64 [[WID]], ptr [[P4]], align 8
; CHECK-NEXT: [[P5:%.*]] = getelementptr inbounds i64, ptr [[OUT]], i64 5
; CHECK-NEXT: store i64 [[WSZ]], ptr [[P5]], align 8
; CHECK-NEXT: [[P6:%.*]] = getelementptr inbounds i64, ptr [[OUT]], i64 6
; CHECK-NEXT: store i64 [[NWG]], ptr [[P6]], align 8
; CHECK-NEXT: call spir_func void @_Z6helperPmi(ptr [[OUT]], i32 1)
; CHECK-NEXT: ret void
define dso_local spir_kernel void @_ZTS7Queries(ptr noundef readonly byval(%class.anon) align 8 captures(none) %0) {
entry:
  %out = load ptr, ptr %0, align 8
  %gid = tail call noundef i64 @_Z33__spirv_BuiltInGlobalInvocationIdi(i32 noundef 0)
  %gsz = tail call noundef i64 @_Z25__spirv_BuiltInGlobalSizei(i32 noundef 1)
  %goff = tail call noundef i64 @_Z27__spirv_BuiltInGlobalOffseti(i32 noundef 2)
  %lid = tail call noundef i64 @_Z32__spirv_BuiltInLocalInvocationIdi(i32 noundef 0)
  %wid = tail call noundef i64 @_Z26__spirv_BuiltInWorkgroupIdi(i32 noundef 1)
  %wsz = tail call noundef i64 @_Z28__spirv_BuiltInWorkgroupSizei(i32 noundef 2)
  %nwg = tail call noundef i64 @_Z28__spirv_BuiltInNumWorkgroupsi(i32 noundef 0)
  store i64 %gid, ptr %out, align 8
  %p1 = getelementptr inbounds i64, ptr %out, i64 1
  store i64 %gsz, ptr %p1, align 8
  %p2 = getelementptr inbounds i64, ptr %out, i64 2
  store i64 %goff, ptr %p2, align 8
  %p3 = getelementptr inbounds i64, ptr %out, i64 3
  store i64 %lid, ptr %p3, align 8
  %p4 = getelementptr inbounds i64, ptr %out, i64 4
  store i64 %wid, ptr %p4, align 8
  %p5 = getelementptr inbounds i64, ptr %out, i64 5
  store i64 %wsz, ptr %p5, align 8
  %p6 = getelementptr inbounds i64, ptr %out, i64 6
  store i64 %nwg, ptr %p6, align 8
  call spir_func void @_Z6helperPmi(ptr %out, i32 1)
  ret void
}

; A helper querying a dimension that is not a constant.
; CHECK-LABEL: define linkonce_odr spir_func void @_Z6helperPmi(ptr %out, i32 %dim)
; CHECK-NEXT: entry:
; CHECK-NEXT: [[ID:%.*]] = call i64 @__mux_get_global_id(i32 %dim)
; CHECK-NEXT: store i64 [[ID]], ptr %out, align 8
; CHECK-NEXT: ret void
define linkonce_odr spir_func void @_Z6helperPmi(ptr %out, i32 %dim) {
entry:
  %id = call i64 @_Z33__spirv_BuiltInGlobalInvocationIdi(i32 %dim)
  store i64 %id, ptr %out, align 8
  ret void
}

; CHECK-NOT: __spirv_BuiltIn
; CHECK-DAG: declare i64 @__mux_get_global_id(i32)
; CHECK-DAG: declare i64 @__mux_get_global_size(i32)
; CHECK-DAG: declare i64 @__mux_get_global_offset(i32)
; CHECK-DAG: declare i64 @__mux_get_local_id(i32)
; CHECK-DAG: declare i64 @__mux_get_group_id(i32)
; CHECK-DAG: declare i64 @__mux_get_local_size(i32)
; CHECK-DAG: declare i64 @__mux_get_num_groups(i32)
; CHECK-NOT: __spirv_BuiltIn
declare noundef i64 @_Z33__spirv_BuiltInGlobalInvocationIdi(i32 noundef)
declare noundef i64 @_Z25__spirv_BuiltInGlobalSizei(i32 noundef)
declare noundef i64 @_Z27__spirv_BuiltInGlobalOffseti(i32 noundef)
declare noundef i64 @_Z32__spirv_BuiltInLocalInvocationIdi(i32 noundef)
declare noundef i64 @_Z26__spirv_BuiltInWorkgroupIdi(i32 noundef)
declare noundef i64 @_Z28__spirv_BuiltInWorkgroupSizei(i32 noundef)
declare noundef i64 @_Z28__spirv_BuiltInNumWorkgroupsi(i32 noundef)
