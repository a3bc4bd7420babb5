; The whole flow on clang -fsycl-is-device output (a vector add and a kernel reading every kind
; of work-item query): native-cpu-pipeline with the device library linked, then LLVM's O3. The
; module exports exactly the `.SYCLNCPU` subhandlers (each calling its `.fp-body` between the
; MXCSR loads of add-fp-control), the vector add's work-item loop is
; vectorized (whatever the vector width), and the state accessors are fully inlined: no call to,
; or declaration of, a __dpcpp_nativecpu_* or __mux_* function is left.
; RUN: muxc --link-device-lib --passes='native-cpu-pipeline,default<O3>' -S %s | FileCheck %s
; RUN: muxc --link-device-lib --passes='native-cpu-pipeline,default<O3>' -S %s \
; RUN:   | grep -E '^(define|@)' | grep -v -E '^(define|@[^ ]+ =) (internal|private|appending)' \
; RUN:   | FileCheck %s --check-prefix=EXPORTS

; EXPORTS-NOT: {{^(define|@)}}
; EXPORTS: {{^}}define void @_ZTSZ4mainE4VAdd.SYCLNCPU(ptr
; EXPORTS-NEXT: {{^}}define void @_ZTSZ4mainE7Queries.SYCLNCPU(ptr
; EXPORTS-NOT: {{^(define|@)}}

; CHECK-NOT: __spirv
; CHECK-LABEL: define internal {{.*}}void @_ZTSZ4mainE4VAdd.fp-body(
; CHECK-NOT: call {{.*}}__dpcpp_nativecpu
; CHECK: load <{{[0-9]+}} x float>
; CHECK-NOT: call {{.*}}__dpcpp_nativecpu
; CHECK: fadd <{{[0-9]+}} x float>
; CHECK-NOT: call {{.*}}__dpcpp_nativecpu
; CHECK: store <{{[0-9]+}} x float>
; CHECK-NOT: call {{.*}}__dpcpp_nativecpu
; CHECK-LABEL: define internal {{.*}}void @_ZTSZ4mainE7Queries.fp-body(
; CHECK-NOT: call {{.*}}__dpcpp_nativecpu
; CHECK-NOT: call {{.*}}__mux_
; CHECK: ret void
; CHECK-LABEL: define void @_ZTSZ4mainE4VAdd.SYCLNCPU(ptr noalias {{[^%]*}}%args, ptr noalias {{[^%]*}}%state)
; CHECK: call fastcc void @_ZTSZ4mainE4VAdd.fp-body(
; CHECK-LABEL: define void @_ZTSZ4mainE7Queries.SYCLNCPU(
; CHECK: call fastcc void @_ZTSZ4mainE7Queries.fp-body(
; CHECK-NOT: __dpcpp_nativecpu
; CHECK-NOT: __mux_

source_filename = "vadd.cpp"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%class.anon = type { ptr, ptr, ptr }
%class.anon.0 = type { ptr }

; c[i] = a[i] + b[i] over a sycl::range<1>.
define dso_local spir_kernel void @_ZTSZ4mainE4VAdd(ptr noundef readonly byval(%class.anon) align 8 captures(none) %0) local_unnamed_addr #0 {
  %2 = tail call noundef i64 @_Z33__spirv_BuiltInGlobalInvocationIdi(i32 noundef 0) #2, !noalias !9
  %3 = tail call noundef i64 @_Z25__spirv_BuiltInGlobalSizei(i32 noundef 0) #2, !noalias !9
  %4 = tail call noundef i64 @_Z27__spirv_BuiltInGlobalOffseti(i32 noundef 0) #2, !noalias !9
  %5 = getelementptr inbounds nuw i8, ptr %0, i64 8
  %6 = load ptr, ptr %5, align 8, !tbaa !12
  %7 = getelementptr inbounds nuw float, ptr %6, i64 %2
  %8 = load float, ptr %7, align 4, !tbaa !16
  %9 = getelementptr inbounds nuw i8, ptr %0, i64 16
  %10 = load ptr, ptr %9, align 8, !tbaa !18
  %11 = getelementptr inbounds nuw float, ptr %10, i64 %2
  %12 = load float, ptr %11, align 4, !tbaa !16
  %13 = fadd float %8, %12
  %14 = load ptr, ptr %0, align 8, !tbaa !19
  %15 = getelementptr inbounds nuw float, ptr %14, i64 %2
  store float %13, ptr %15, align 4, !tbaa !16
  ret void
}

; Every query kind, through a helper, stored so that none is dead.
define dso_local spir_kernel void @_ZTSZ4mainE7Queries(ptr noundef readonly byval(%class.anon.0) align 8 captures(none) %0) local_unnamed_addr #0 {
  %out = load ptr, ptr %0, align 8
  %lid = tail call noundef i64 @_Z32__spirv_BuiltInLocalInvocationIdi(i32 noundef 0) #2
  %wid = tail call noundef i64 @_Z26__spirv_BuiltInWorkgroupIdi(i32 noundef 1) #2
  %wsz = tail call noundef i64 @_Z28__spirv_BuiltInWorkgroupSizei(i32 noundef 0) #2
  %nwg = tail call noundef i64 @_Z28__spirv_BuiltInNumWorkgroupsi(i32 noundef 2) #2
  %sg = tail call noundef i32 @_Z25__spirv_BuiltInSubgroupIdv() #2
  %sgl = tail call noundef i32 @_Z40__spirv_BuiltInSubgroupLocalInvocationIdv() #2
  %sgl64 = zext i32 %sgl to i64
  %sg64 = zext i32 %sg to i64
  %old = tail call spir_func noundef i64 @_Z6linearv() #2
  %a = add i64 %lid, %wid
  %b = mul i64 %a, %wsz
  %c = add i64 %b, %nwg
  %d = add i64 %c, %sg64
  %e = add i64 %d, %sgl64
  %f = add i64 %e, %old
  %slot = getelementptr inbounds nuw i64, ptr %out, i64 %f
  store i64 %f, ptr %slot, align 8
  ret void
}

define linkonce_odr spir_func noundef i64 @_Z6linearv() local_unnamed_addr #1 {
  %x = tail call noundef i64 @_Z28__spirv_GlobalInvocationId_xv() #2
  %y = tail call noundef i64 @_Z28__spirv_GlobalInvocationId_yv() #2
  %r = add i64 %x, %y
  ret i64 %r
}

declare noundef i64 @_Z33__spirv_BuiltInGlobalInvocationIdi(i32 noundef) local_unnamed_addr #1
declare noundef i64 @_Z25__spirv_BuiltInGlobalSizei(i32 noundef) local_unnamed_addr #1
declare noundef i64 @_Z27__spirv_BuiltInGlobalOffseti(i32 noundef) local_unnamed_addr #1
declare noundef i64 @_Z32__spirv_BuiltInLocalInvocationIdi(i32 noundef) local_unnamed_addr #1
declare noundef i64 @_Z26__spirv_BuiltInWorkgroupIdi(i32 noundef) local_unnamed_addr #1
declare noundef i64 @_Z28__spirv_BuiltInWorkgroupSizei(i32 noundef) local_unnamed_addr #1
declare noundef i64 @_Z28__spirv_BuiltInNumWorkgroupsi(i32 noundef) local_unnamed_addr #1
declare noundef i32 @_Z25__spirv_BuiltInSubgroupIdv() local_unnamed_addr #1
declare noundef i32 @_Z40__spirv_BuiltInSubgroupLocalInvocationIdv() local_unnamed_addr #1
declare noundef i64 @_Z28__spirv_GlobalInvocationId_xv() local_unnamed_addr #1
declare noundef i64 @_Z28__spirv_GlobalInvocationId_yv() local_unnamed_addr #1

attributes #0 = { convergent mustprogress norecurse nounwind uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #1 = { convergent nounwind "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #2 = { convergent nounwind }

!llvm.module.flags = !{!0, !1, !2, !3}
!llvm.ident = !{!4}

!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 8, !"PIC Level", i32 2}
!2 = !{i32 7, !"PIE Level", i32 2}
!3 = !{i32 7, !"uwtable", i32 2}
!4 = !{!"Debian clang version 22.1.8 (1~deb12u1)"}
!7 = !{!"omnipotent char", !8, i64 0}
!8 = !{!"Simple C++ TBAA"}
!9 = !{!10}
!10 = distinct !{!10, !11, !"_ZN4sycl3_V16detail12current_itemILi1EEENS0_4itemIXT_ELb1EEEv: argument 0"}
!11 = distinct !{!11, !"_ZN4sycl3_V16detail12current_itemILi1EEENS0_4itemIXT_ELb1EEEv"}
!12 = !{!13, !14, i64 8}
!13 = !{!"_ZTSZ4mainEUlN4sycl3_V12idILi1EEEE_", !14, i64 0, !14, i64 8, !14, i64 16}
!14 = !{!"p1 float", !15, i64 0}
!15 = !{!"any pointer", !7, i64 0}
!16 = !{!17, !17, i64 0}
!17 = !{!"float", !7, i64 0}
!18 = !{!13, !14, i64 16}
!19 = !{!13, !14, i64 0}
