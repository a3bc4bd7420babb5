; convert-to-mux-builtins: the mux queries return i64 (ranked) or i32 (sub-group); where the
; SPIR-V call returned another integer width (a 32-bit size_t, or a sub-group query declared
; with size_t), the result is cast back (trunc / zext) so every use keeps its type.
; RUN: muxc --passes convert-to-mux-builtins,verify -S %s | FileCheck %s

source_filename = "narrow.cpp"
target triple = "x86_64-pc-linux-gnu"

; CHECK-LABEL: define spir_kernel void @_ZTS6Narrow(ptr %out)
; CHECK-NEXT: entry:
; CHECK-NEXT: [[WIDE:%.*]] = call i64 @__mux_get_global_id(i32 1)
; CHECK-NEXT: [[GID:%.*]] = trunc i64 [[WIDE]] to i32
; CHECK-NEXT: [[WIDEX:%.*]] = call i64 @__mux_get_local_id(i32 0)
; CHECK-NEXT: [[LIDX:%.*]] = trunc i64 [[WIDEX]] to i32
; CHECK-NEXT: [[SUM:%.*]] = add i32 [[GID]], [[LIDX]]
; CHECK-NEXT: store i32 [[SUM]], ptr %out, align 4
; CHECK-NEXT: [[SGS:%.*]] = call i32 @__mux_get_sub_group_size()
; CHECK-NEXT: [[SGS64:%.*]] = zext i32 [[SGS]] to i64
; CHECK-NEXT: store i64 [[SGS64]], ptr %out, align 8
; CHECK-NEXT: ret void
define spir_kernel void @_ZTS6Narrow(ptr %out) {
entry:
  %gid = call i32 @_Z33__spirv_BuiltInGlobalInvocationIdi(i32 1)
  %lidx = call i32 @_Z27__spirv_LocalInvocationId_xv()
  %sum = add i32 %gid, %lidx
  store i32 %sum, ptr %out, align 4
  %sgs = call i64 @_Z27__spirv_BuiltInSubgroupSizev()
  store i64 %sgs, ptr %out, align 8
  ret void
}

; CHECK-NOT: __spirv_
; CHECK-DAG: declare i64 @__mux_get_global_id(i32)
; CHECK-DAG: declare i64 @__mux_get_local_id(i32)
; CHECK-DAG: declare i32 @__mux_get_sub_group_size()
; CHECK-NOT: __spirv_
declare i32 @_Z33__spirv_BuiltInGlobalInvocationIdi(i32)
declare i32 @_Z27__spirv_LocalInvocationId_xv()
declare i64 @_Z27__spirv_BuiltInSubgroupSizev()
