; convert-to-mux-builtins: SPIR-V functions that are not work-item queries or control barriers
; (math, memory barriers), query names with the wrong signature, and builtins the module defines
; itself (e.g. from libclc) are left exactly as they are, declarations included; a known query
; in the same kernel is still lowered.
; RUN: muxc --passes convert-to-mux-builtins,verify -S %s | FileCheck %s

source_filename = "others.cpp"
target triple = "x86_64-pc-linux-gnu"

; CHECK-LABEL: define spir_kernel void @_ZTS6Others(ptr %out, float %x)
; CHECK-NEXT: entry:
; CHECK-NEXT: %e = tail call spir_func float @_Z22__spirv_ocl_native_expf(float %x)
; CHECK-NEXT: store float %e, ptr %out, align 4
; CHECK-NEXT: tail call spir_func void @_Z21__spirv_MemoryBarrierjj(i32 2, i32 272)
; CHECK-NEXT: %bad = call i64 @_Z33__spirv_BuiltInGlobalInvocationIdv()
; CHECK-NEXT: store i64 %bad, ptr %out, align 8
; CHECK-NEXT: %own = call i64 @_Z26__spirv_BuiltInGlobalSizei(i32 0)
; CHECK-NEXT: store i64 %own, ptr %out, align 8
; CHECK-NEXT: [[GID:%.*]] = call i64 @__mux_get_global_id(i32 0)
; CHECK-NEXT: store i64 [[GID]], ptr %out, align 8
; CHECK-NEXT: ret void
define spir_kernel void @_ZTS6Others(ptr %out, float %x) {
entry:
  %e = tail call spir_func float @_Z22__spirv_ocl_native_expf(float %x)
  store float %e, ptr %out, align 4
  tail call spir_func void @_Z21__spirv_MemoryBarrierjj(i32 2, i32 272)
  %bad = call i64 @_Z33__spirv_BuiltInGlobalInvocationIdv()
  store i64 %bad, ptr %out, align 8
  %own = call i64 @_Z26__spirv_BuiltInGlobalSizei(i32 0)
  store i64 %own, ptr %out, align 8
  %gid = call i64 @_Z33__spirv_BuiltInGlobalInvocationIdi(i32 0)
  store i64 %gid, ptr %out, align 8
  ret void
}

; CHECK-LABEL: define i64 @_Z26__spirv_BuiltInGlobalSizei(i32 %dim)
; CHECK-NEXT: ret i64 42
define i64 @_Z26__spirv_BuiltInGlobalSizei(i32 %dim) {
  ret i64 42
}

; CHECK-DAG: declare spir_func float @_Z22__spirv_ocl_native_expf(float)
; CHECK-DAG: declare spir_func void @_Z21__spirv_MemoryBarrierjj(i32, i32)
; CHECK-DAG: declare i64 @_Z33__spirv_BuiltInGlobalInvocationIdv()
; CHECK-DAG: declare i64 @__mux_get_global_id(i32)
; CHECK-NOT: __spirv_BuiltInGlobalInvocationIdi
declare i64 @_Z33__spirv_BuiltInGlobalInvocationIdi(i32)
declare spir_func float @_Z22__spirv_ocl_native_expf(float)
declare spir_func void @_Z21__spirv_MemoryBarrierjj(i32, i32)
declare i64 @_Z33__spirv_BuiltInGlobalInvocationIdv()
