; fatomics: each `__spirv_AtomicF{Add,Min,Max}EXT` declaration, for float and double and for
; pointers in the global (1), local (3) and generic (0) address spaces, and with the enum-typed
; scope/semantics mangling of some DPC++ versions, gets a `linkonce_odr` body: an `atomicrmw`
; of argument 3 on argument 0 returning the old value, `seq_cst` since the semantics argument is
; not a constant there. Calls with a non-constant semantics keep calling it. Other functions,
; and functions that merely look similar, are left alone.
; RUN: muxc --passes fatomics,verify -S %s | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

; CHECK-LABEL: define spir_func void @user(
; CHECK-NEXT: entry:
; CHECK-NEXT: %a = call spir_func float @_Z21__spirv_AtomicFAddEXTPU3AS1fiif(ptr addrspace(1) %g, i32 1, i32 %sem, float %f)
; CHECK-NEXT: %b = call spir_func double @_Z21__spirv_AtomicFAddEXTPU3AS3ddiid(ptr addrspace(3) %l, i32 2, i32 %sem, double %d)
; CHECK-NEXT: %c = call spir_func float @_Z21__spirv_AtomicFMinEXTPfiif(ptr %p, i32 1, i32 %sem, float %f)
; CHECK-NEXT: ret void
define spir_func void @user(ptr addrspace(1) %g, ptr addrspace(3) %l, ptr %p, float %f, double %d, i32 %sem) {
entry:
  %a = call spir_func float @_Z21__spirv_AtomicFAddEXTPU3AS1fiif(ptr addrspace(1) %g, i32 1, i32 %sem, float %f)
  %b = call spir_func double @_Z21__spirv_AtomicFAddEXTPU3AS3ddiid(ptr addrspace(3) %l, i32 2, i32 %sem, double %d)
  %c = call spir_func float @_Z21__spirv_AtomicFMinEXTPfiif(ptr %p, i32 1, i32 %sem, float %f)
  ret void
}

; CHECK-LABEL: define linkonce_odr spir_func float @_Z21__spirv_AtomicFAddEXTPU3AS1fiif(ptr addrspace(1) noundef %0, i32 noundef %1, i32 noundef %2, float noundef %3)
; CHECK-NEXT: entry:
; CHECK-NEXT: [[OLD:%.*]] = atomicrmw fadd ptr addrspace(1) %0, float %3 seq_cst, align 4
; CHECK-NEXT: ret float [[OLD]]
declare spir_func float @_Z21__spirv_AtomicFAddEXTPU3AS1fiif(ptr addrspace(1) noundef, i32 noundef, i32 noundef, float noundef)

; CHECK-LABEL: define linkonce_odr spir_func double @_Z21__spirv_AtomicFAddEXTPU3AS3ddiid(ptr addrspace(3) %0, i32 %1, i32 %2, double %3)
; CHECK-NEXT: entry:
; CHECK-NEXT: [[OLD:%.*]] = atomicrmw fadd ptr addrspace(3) %0, double %3 seq_cst, align 8
; CHECK-NEXT: ret double [[OLD]]
declare spir_func double @_Z21__spirv_AtomicFAddEXTPU3AS3ddiid(ptr addrspace(3), i32, i32, double)

; CHECK-LABEL: define linkonce_odr spir_func double @_Z21__spirv_AtomicFAddEXTPddiid(ptr %0, i32 %1, i32 %2, double %3)
; CHECK-NEXT: entry:
; CHECK-NEXT: [[OLD:%.*]] = atomicrmw fadd ptr %0, double %3 seq_cst, align 8
; CHECK-NEXT: ret double [[OLD]]
declare spir_func double @_Z21__spirv_AtomicFAddEXTPddiid(ptr, i32, i32, double)

; CHECK-LABEL: define linkonce_odr spir_func float @_Z21__spirv_AtomicFMinEXTPfiif(ptr %0, i32 %1, i32 %2, float %3)
; CHECK-NEXT: entry:
; CHECK-NEXT: [[OLD:%.*]] = atomicrmw fmin ptr %0, float %3 seq_cst, align 4
; CHECK-NEXT: ret float [[OLD]]
declare spir_func float @_Z21__spirv_AtomicFMinEXTPfiif(ptr, i32, i32, float)

; CHECK-LABEL: define linkonce_odr spir_func double @_Z21__spirv_AtomicFMinEXTPU3AS1ddiid(ptr addrspace(1) %0, i32 %1, i32 %2, double %3)
; CHECK-NEXT: entry:
; CHECK-NEXT: [[OLD:%.*]] = atomicrmw fmin ptr addrspace(1) %0, double %3 seq_cst, align 8
; CHECK-NEXT: ret double [[OLD]]
declare spir_func double @_Z21__spirv_AtomicFMinEXTPU3AS1ddiid(ptr addrspace(1), i32, i32, double)

; CHECK-LABEL: define linkonce_odr spir_func float @_Z21__spirv_AtomicFMaxEXTPU3AS3fiif(ptr addrspace(3) %0, i32 %1, i32 %2, float %3)
; CHECK-NEXT: entry:
; CHECK-NEXT: [[OLD:%.*]] = atomicrmw fmax ptr addrspace(3) %0, float %3 seq_cst, align 4
; CHECK-NEXT: ret float [[OLD]]
declare spir_func float @_Z21__spirv_AtomicFMaxEXTPU3AS3fiif(ptr addrspace(3), i32, i32, float)

; CHECK-LABEL: define linkonce_odr spir_func double @_Z21__spirv_AtomicFMaxEXTPddiid(ptr %0, i32 %1, i32 %2, double %3)
; CHECK-NEXT: entry:
; CHECK-NEXT: [[OLD:%.*]] = atomicrmw fmax ptr %0, double %3 seq_cst, align 8
; CHECK-NEXT: ret double [[OLD]]
declare spir_func double @_Z21__spirv_AtomicFMaxEXTPddiid(ptr, i32, i32, double)

; CHECK-LABEL: define linkonce_odr spir_func float @_Z21__spirv_AtomicFAddEXTPU3AS1fN5__spv5Scope4FlagENS1_19MemorySemanticsMask4FlagEf(ptr addrspace(1) %0, i32 %1, i32 %2, float %3)
; CHECK-NEXT: entry:
; CHECK-NEXT: [[OLD:%.*]] = atomicrmw fadd ptr addrspace(1) %0, float %3 seq_cst, align 4
; CHECK-NEXT: ret float [[OLD]]
declare spir_func float @_Z21__spirv_AtomicFAddEXTPU3AS1fN5__spv5Scope4FlagENS1_19MemorySemanticsMask4FlagEf(ptr addrspace(1), i32, i32, float)

; Not float atomics: left as declarations.
; CHECK-DAG: declare spir_func float @_Z21__spirv_AtomicFSubEXTPfiif(ptr, i32, i32, float)
; CHECK-DAG: declare spir_func i32 @_Z18__spirv_AtomicIAddPU3AS1iiii(ptr addrspace(1), i32, i32, i32)
declare spir_func float @_Z21__spirv_AtomicFSubEXTPfiif(ptr, i32, i32, float)
declare spir_func i32 @_Z18__spirv_AtomicIAddPU3AS1iiii(ptr addrspace(1), i32, i32, i32)
