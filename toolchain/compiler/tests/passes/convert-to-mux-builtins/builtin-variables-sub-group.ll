; convert-to-mux-builtins: the 2023 sub-group builtin variables (`i32` globals such as
; `@__spirv_BuiltInSubgroupSize`, also in the global address space and through an address-space
; cast) become the `__mux_get_*()` sub-group queries, and the variables are removed.
; RUN: muxc --passes convert-to-mux-builtins,verify -S %s | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

; CHECK-NOT: @__spirv_BuiltIn
@__spirv_BuiltInSubgroupSize = external constant i32, align 4
@__spirv_BuiltInSubgroupMaxSize = external constant i32, align 4
@__spirv_BuiltInSubgroupId = external addrspace(1) constant i32, align 4
@__spirv_BuiltInSubgroupLocalInvocationId = external addrspace(1) constant i32, align 4
@__spirv_BuiltInNumSubgroups = external addrspace(1) constant i32, align 4

; CHECK-LABEL: define spir_kernel void @_ZTS8SubGroup(ptr %out)
; CHECK-NEXT: entry:
; CHECK-NEXT: %size = call i32 @__mux_get_sub_group_size()
; CHECK-NEXT: store i32 %size, ptr %out, align 4
; CHECK-NEXT: %max = call i32 @__mux_get_max_sub_group_size()
; CHECK-NEXT: store i32 %max, ptr %out, align 4
; CHECK-NEXT: %id = call i32 @__mux_get_sub_group_id()
; CHECK-NEXT: store i32 %id, ptr %out, align 4
; CHECK-NEXT: %local = call i32 @__mux_get_sub_group_local_id()
; CHECK-NEXT: store i32 %local, ptr %out, align 4
; CHECK-NEXT: %num = call i32 @__mux_get_num_sub_groups()
; CHECK-NEXT: store i32 %num, ptr %out, align 4
; CHECK-NEXT: ret void
define spir_kernel void @_ZTS8SubGroup(ptr %out) {
entry:
  %size = load i32, ptr @__spirv_BuiltInSubgroupSize, align 4
  store i32 %size, ptr %out, align 4
  %max = load i32, ptr @__spirv_BuiltInSubgroupMaxSize, align 4
  store i32 %max, ptr %out, align 4
  %id = load i32, ptr addrspace(1) @__spirv_BuiltInSubgroupId, align 4
  store i32 %id, ptr %out, align 4
  %cast = addrspacecast ptr addrspace(1) @__spirv_BuiltInSubgroupLocalInvocationId to ptr
  %local = load i32, ptr %cast, align 4
  store i32 %local, ptr %out, align 4
  %num = load i32, ptr addrspacecast (ptr addrspace(1) @__spirv_BuiltInNumSubgroups to ptr), align 4
  store i32 %num, ptr %out, align 4
  ret void
}

; CHECK-NOT: __spirv_BuiltIn
; CHECK-DAG: declare i32 @__mux_get_sub_group_size()
; CHECK-DAG: declare i32 @__mux_get_max_sub_group_size()
; CHECK-DAG: declare i32 @__mux_get_sub_group_id()
; CHECK-DAG: declare i32 @__mux_get_sub_group_local_id()
; CHECK-DAG: declare i32 @__mux_get_num_sub_groups()
; CHECK-NOT: __spirv_BuiltIn
