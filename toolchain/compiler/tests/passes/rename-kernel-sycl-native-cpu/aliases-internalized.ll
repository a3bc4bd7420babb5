; rename-kernel-sycl-native-cpu: global aliases are definitions too and must not stay exported.
; clang emits one for every out-of-line constructor (`-mconstructor-aliases`: C1 = alias of C2);
; left external, the device object exports `_ZN3AccC1Ef`, which the host object of the same
; translation unit also defines (a duplicate symbol at link time). After the pass no alias may
; be externally visible, and after the whole flow only `.SYCLNCPU` symbols are exported.
; RUN: muxc --passes rename-kernel-sycl-native-cpu,verify -S %s | FileCheck %s
; RUN: muxc --passes rename-kernel-sycl-native-cpu,verify -S %s | FileCheck %s --check-prefix=NO-EXTERNAL-ALIAS
; RUN: muxc --link-device-lib --passes='native-cpu-pipeline,default<O3>' -S %s \
; RUN:   | grep -E '^(define|@)' | grep -v -E '^(define|@[^ ]+ =) (internal|private|appending)' \
; RUN:   | FileCheck %s --check-prefix=EXPORTS

; CHECK: define internal void @_ZN3AccC2Ef(

; Anywhere in the output:
; NO-EXTERNAL-ALIAS-NOT: {{^@[^ ]+ = (dso_local |hidden |protected )*(unnamed_addr |local_unnamed_addr )?alias}}
; NO-EXTERNAL-ALIAS-NOT: {{^@[^ ]+ = (weak|weak_odr|linkonce|linkonce_odr|external) }}

; EXPORTS-NOT: {{^(define|@)}}
; EXPORTS: {{^}}define void @_ZTSZ4mainE4Ctor.SYCLNCPU(
; EXPORTS-NOT: {{^(define|@)}}

source_filename = "alias.cpp"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%class.anon = type { ptr }

@_ZN3AccC1Ef = dso_local unnamed_addr alias void (ptr, float), ptr @_ZN3AccC2Ef

define dso_local spir_kernel void @_ZTSZ4mainE4Ctor(ptr noundef readonly byval(%class.anon) align 8 captures(none) %0) #0 {
entry:
  %acc = alloca float, align 4
  call void @_ZN3AccC1Ef(ptr noundef nonnull align 4 dereferenceable(4) %acc, float noundef 1.000000e+00)
  %gid = call noundef i64 @_Z33__spirv_BuiltInGlobalInvocationIdi(i32 noundef 0) #1
  %v = load float, ptr %acc, align 4
  %out = load ptr, ptr %0, align 8
  %slot = getelementptr inbounds nuw float, ptr %out, i64 %gid
  store float %v, ptr %slot, align 4
  ret void
}

define dso_local void @_ZN3AccC2Ef(ptr noundef nonnull align 4 dereferenceable(4) %this, float noundef %x) unnamed_addr #0 align 2 {
entry:
  %mul = fmul float %x, 2.000000e+00
  store float %mul, ptr %this, align 4
  ret void
}

declare noundef i64 @_Z33__spirv_BuiltInGlobalInvocationIdi(i32 noundef) #1

attributes #0 = { convergent mustprogress norecurse nounwind "target-cpu"="x86-64" }
attributes #1 = { convergent nounwind }
