; fatomics: a call with a constant SPIR-V memory semantics argument (argument 2) becomes an
; `atomicrmw` in place, with the ordering the semantics ask for: none → monotonic, Acquire (0x2)
; → acquire, Release (0x4) → release, AcquireRelease (0x8) → acq_rel, SequentiallyConsistent
; (0x10) → seq_cst; the storage class bits (WorkgroupMemory 0x100, CrossWorkgroupMemory 0x200)
; do not matter, and several ordering bits at once count as seq_cst. The operation is at system
; scope whatever the scope argument says. A non-constant semantics keeps the call to the
; `seq_cst` body.
; RUN: muxc --passes fatomics,verify -S %s | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

; CHECK-LABEL: define spir_kernel void @_ZTS9Semantics(ptr addrspace(1) %g, ptr addrspace(3) %l, ptr %p, float %f, double %d, i32 %sem, ptr %out)
; CHECK-NEXT: entry:
; CHECK-NEXT: %none = atomicrmw fadd ptr addrspace(1) %g, float %f monotonic, align 4
; CHECK-NEXT: store float %none, ptr %out, align 4
; CHECK-NEXT: %acquire = atomicrmw fadd ptr addrspace(1) %g, float %f acquire, align 4
; CHECK-NEXT: %release = atomicrmw fmin ptr addrspace(3) %l, double %d release, align 8
; CHECK-NEXT: %acq_rel = atomicrmw fmax ptr %p, float %f acq_rel, align 4
; CHECK-NEXT: %seq_cst = atomicrmw fmin ptr addrspace(3) %l, double %d seq_cst, align 8
; CHECK-NEXT: %acquire.global = atomicrmw fadd ptr addrspace(1) %g, float %f acquire, align 4
; CHECK-NEXT: %release.local = atomicrmw fmax ptr %p, float %f release, align 4
; CHECK-NEXT: %relaxed.global = atomicrmw fadd ptr addrspace(1) %g, float %f monotonic, align 4
; CHECK-NEXT: %two.bits = atomicrmw fadd ptr addrspace(1) %g, float %f seq_cst, align 4
; CHECK-NEXT: %variable = call spir_func float @_Z21__spirv_AtomicFAddEXTPU3AS1fiif(ptr addrspace(1) %g, i32 1, i32 %sem, float %f)
; CHECK-NEXT: ret void
define spir_kernel void @_ZTS9Semantics(ptr addrspace(1) %g, ptr addrspace(3) %l, ptr %p, float %f, double %d, i32 %sem, ptr %out) {
entry:
  %none = call spir_func float @_Z21__spirv_AtomicFAddEXTPU3AS1fiif(ptr addrspace(1) %g, i32 1, i32 0, float %f)
  store float %none, ptr %out, align 4
  %acquire = call spir_func float @_Z21__spirv_AtomicFAddEXTPU3AS1fiif(ptr addrspace(1) %g, i32 1, i32 2, float %f)
  %release = call spir_func double @_Z21__spirv_AtomicFMinEXTPU3AS3ddiid(ptr addrspace(3) %l, i32 2, i32 4, double %d)
  %acq_rel = call spir_func float @_Z21__spirv_AtomicFMaxEXTPfiif(ptr %p, i32 1, i32 8, float %f)
  %seq_cst = call spir_func double @_Z21__spirv_AtomicFMinEXTPU3AS3ddiid(ptr addrspace(3) %l, i32 2, i32 16, double %d)
  %acquire.global = call spir_func float @_Z21__spirv_AtomicFAddEXTPU3AS1fiif(ptr addrspace(1) %g, i32 1, i32 514, float %f)
  %release.local = call spir_func float @_Z21__spirv_AtomicFMaxEXTPfiif(ptr %p, i32 2, i32 260, float %f)
  %relaxed.global = call spir_func float @_Z21__spirv_AtomicFAddEXTPU3AS1fiif(ptr addrspace(1) %g, i32 1, i32 512, float %f)
  %two.bits = call spir_func float @_Z21__spirv_AtomicFAddEXTPU3AS1fiif(ptr addrspace(1) %g, i32 1, i32 6, float %f)
  %variable = call spir_func float @_Z21__spirv_AtomicFAddEXTPU3AS1fiif(ptr addrspace(1) %g, i32 1, i32 %sem, float %f)
  ret void
}

; CHECK-LABEL: define linkonce_odr spir_func float @_Z21__spirv_AtomicFAddEXTPU3AS1fiif(
; CHECK-NEXT: entry:
; CHECK-NEXT: atomicrmw fadd ptr addrspace(1) %0, float %3 seq_cst, align 4
declare spir_func float @_Z21__spirv_AtomicFAddEXTPU3AS1fiif(ptr addrspace(1), i32, i32, float)
declare spir_func double @_Z21__spirv_AtomicFMinEXTPU3AS3ddiid(ptr addrspace(3), i32, i32, double)
declare spir_func float @_Z21__spirv_AtomicFMaxEXTPfiif(ptr, i32, i32, float)
