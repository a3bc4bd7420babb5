; convert-to-mux-builtins, with fatomics and prepare-barriers after it: a kernel in the shape of
; 2023 DPC++ native_cpu device IR (builtin variables in the global address space, a
; `_Z22__spirv_ControlBarrierjjj` call inside a `spir_func` helper, a float atomic) is accepted:
; the helper's barrier becomes a mux barrier that prepare-barriers inlines into the kernel, the
; atomic becomes an `atomicrmw` with the relaxed ordering its semantics (0) ask for, and the whole
; Native CPU pipeline compiles it to a subhandler with nothing SPIR-V left.
; RUN: muxc --passes convert-to-mux-builtins,fatomics,transfer-kernel-metadata,prepare-barriers,verify -S %s \
; RUN:   | FileCheck %s
; RUN: muxc --passes native-cpu-pipeline,verify -S %s | FileCheck %s --check-prefix=PIPELINE

; CHECK-NOT: __spirv_BuiltIn
; CHECK-LABEL: define weak_odr dso_local spir_kernel void @_ZTS6Reduce(
; CHECK-NEXT: entry:
; CHECK-NEXT: %gid = call i64 @__mux_get_global_id(i32 0)
; CHECK-NEXT: %lid = call i64 @__mux_get_local_id(i32 0)
; CHECK-NEXT: %conv = uitofp i64 %gid to float
; CHECK-NEXT: %slot = getelementptr inbounds float, ptr addrspace(3) %tmp, i64 %lid
; CHECK-NEXT: store float %conv, ptr addrspace(3) %slot, align 4
; CHECK-NEXT: call void @__mux_work_group_barrier(i32 {{[0-9]+}}, i32 2, i32 272)
; CHECK-NEXT: %first = load float, ptr addrspace(3) %tmp, align 4
; CHECK-NEXT: %old = atomicrmw fadd ptr addrspace(1) %sum, float %first monotonic, align 4
; CHECK-NEXT: ret void
; CHECK-NOT: define {{.*}}@_Z7barrierv
; CHECK-NOT: __spirv_ControlBarrier
; CHECK-NOT: __spirv_BuiltIn

; PIPELINE-NOT: __spirv_BuiltIn
; PIPELINE-NOT: __spirv_ControlBarrier
; PIPELINE: atomicrmw fadd ptr addrspace(1) %{{.*}}, float %first monotonic
; PIPELINE: define void @_ZTS6Reduce.SYCLNCPU(ptr noalias %args, ptr noalias %state)
; PIPELINE-NOT: __spirv_BuiltIn
; PIPELINE-NOT: __spirv_ControlBarrier

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

@__spirv_BuiltInGlobalInvocationId = external dso_local local_unnamed_addr addrspace(1) constant <3 x i64>, align 32
@__spirv_BuiltInLocalInvocationId = external dso_local local_unnamed_addr addrspace(1) constant <3 x i64>, align 32

define weak_odr dso_local spir_kernel void @_ZTS6Reduce(ptr addrspace(1) noundef align 4 %sum, ptr addrspace(3) noundef align 4 %tmp) #0 {
entry:
  %gid = load i64, ptr addrspace(1) @__spirv_BuiltInGlobalInvocationId, align 32
  %lid = load i64, ptr addrspace(1) @__spirv_BuiltInLocalInvocationId, align 32
  %conv = uitofp i64 %gid to float
  %slot = getelementptr inbounds float, ptr addrspace(3) %tmp, i64 %lid
  store float %conv, ptr addrspace(3) %slot, align 4
  call spir_func void @_Z7barrierv()
  %first = load float, ptr addrspace(3) %tmp, align 4
  %old = call spir_func float @_Z21__spirv_AtomicFAddEXTPU3AS1fiif(ptr addrspace(1) %sum, i32 1, i32 0, float %first)
  ret void
}

define linkonce_odr dso_local spir_func void @_Z7barrierv() {
entry:
  tail call spir_func void @_Z22__spirv_ControlBarrierjjj(i32 noundef 2, i32 noundef 2, i32 noundef 272)
  ret void
}

declare dso_local spir_func void @_Z22__spirv_ControlBarrierjjj(i32 noundef, i32 noundef, i32 noundef)
declare dso_local spir_func float @_Z21__spirv_AtomicFAddEXTPU3AS1fiif(ptr addrspace(1) noundef, i32 noundef, i32 noundef, float noundef)

attributes #0 = { "sycl-module-id"="reduce.cpp" }
