; The whole flow on a tiled kernel (clang -fsycl-is-device style): group_local_memory for the
; tile, local ids and sizes, and two work-group barriers. Through native-cpu-pipeline with the
; device library linked, then LLVM's O3: the module exports only the `.SYCLNCPU` subhandler, which
; sets MXCSR around a call to its body `.fp-body` (the kernel's note for the runtime is internal);
; no
; SPIR-V, mux or work-group memory builtin, and no `__dpcpp_nativecpu_get*` state accessor, is
; left anywhere (calls or declarations); the per-thread scratch function of the device library
; is not inlined (it keeps its thread-local buffers to itself) and is called for the tile
; (slot 1, its 256 bytes) and for the live variables of the barrier regions (slot 0). The module
; verifies after every step.
; RUN: muxc --link-device-lib --passes='native-cpu-pipeline,default<O3>' -S %s | FileCheck %s
; RUN: muxc --link-device-lib --passes='native-cpu-pipeline,default<O3>' -S %s \
; RUN:   | grep -E '^(define|@)' | grep -v -E '^(define|@[^ ]+ =) (internal|private|appending)' \
; RUN:   | FileCheck %s --check-prefix=EXPORTS
; RUN: muxc --link-device-lib --passes='native-cpu-pipeline,default<O3>' -S %s \
; RUN:   | not grep -E '@(__mux_|__spirv|__nativecpu_(get|allocate)_local_memory|__dpcpp_nativecpu_get)'

; EXPORTS-NOT: {{^(define|@)}}
; EXPORTS: {{^}}define void @_ZTSZ4mainE5Tiled.SYCLNCPU(ptr
; EXPORTS-NOT: {{^(define|@)}}

; CHECK: define internal {{.*}}ptr @__dpcpp_nativecpu_work_group_scratch(i32
; CHECK-LABEL: define internal {{.*}}void @_ZTSZ4mainE5Tiled.fp-body(
; CHECK-DAG: call {{.*}}ptr @__dpcpp_nativecpu_work_group_scratch(i32 1, i64 256)
; CHECK-DAG: call {{.*}}ptr @__dpcpp_nativecpu_work_group_scratch(i32 0, i64 %{{.*}})
; CHECK: ret void
; CHECK-LABEL: define void @_ZTSZ4mainE5Tiled.SYCLNCPU(
; CHECK: call fastcc void @_ZTSZ4mainE5Tiled.fp-body(

source_filename = "tiled.cpp"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%class.anon = type { ptr, ptr }

; out[gid] = 2 * in[the work-item mirrored in the work-group], through a local tile.
define dso_local spir_kernel void @_ZTSZ4mainE5Tiled(ptr noundef readonly byval(%class.anon) align 8 captures(none) %0) local_unnamed_addr #0 {
entry:
  %in = load ptr, ptr %0, align 8
  %outp = getelementptr inbounds nuw i8, ptr %0, i64 8
  %out = load ptr, ptr %outp, align 8
  %tile = tail call ptr @__nativecpu_allocate_local_memory(i64 256, i64 16) #1
  %gid = tail call i64 @_Z33__spirv_BuiltInGlobalInvocationIdi(i32 0) #1
  %lid = tail call i64 @_Z32__spirv_BuiltInLocalInvocationIdi(i32 0) #1
  %lsz = tail call i64 @_Z28__spirv_BuiltInWorkgroupSizei(i32 0) #1
  %src = getelementptr inbounds float, ptr %in, i64 %gid
  %x = load float, ptr %src, align 4
  %mine = getelementptr inbounds float, ptr %tile, i64 %lid
  store float %x, ptr %mine, align 4
  tail call void @_Z22__spirv_ControlBarrierjjj(i32 2, i32 2, i32 272) #1
  %last = sub i64 %lsz, 1
  %rev = sub i64 %last, %lid
  %theirs = getelementptr inbounds float, ptr %tile, i64 %rev
  %y = load float, ptr %theirs, align 4
  tail call void @_Z22__spirv_ControlBarrierjjj(i32 2, i32 2, i32 272) #1
  %z = fmul float %y, 2.0
  store float %z, ptr %mine, align 4
  %dst = getelementptr inbounds float, ptr %out, i64 %gid
  store float %z, ptr %dst, align 4
  ret void
}

declare ptr @__nativecpu_allocate_local_memory(i64, i64) local_unnamed_addr #1
declare i64 @_Z33__spirv_BuiltInGlobalInvocationIdi(i32) local_unnamed_addr #1
declare i64 @_Z32__spirv_BuiltInLocalInvocationIdi(i32) local_unnamed_addr #1
declare i64 @_Z28__spirv_BuiltInWorkgroupSizei(i32) local_unnamed_addr #1
declare void @_Z22__spirv_ControlBarrierjjj(i32, i32, i32) local_unnamed_addr #1

attributes #0 = { convergent mustprogress norecurse nounwind "target-cpu"="x86-64" }
attributes #1 = { convergent nounwind }
