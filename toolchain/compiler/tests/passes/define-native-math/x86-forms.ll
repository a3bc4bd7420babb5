; define-native-math: each declared form of sycl::native::rsqrt gets an internal, always-inlined
; body with x86's estimate of its width (no Newton step): rsqrtss for the scalar, rsqrtps for
; 4 lanes, vrsqrtps for 8 and vrsqrt14ps for 16 (all lanes, no pass-through); a width without an
; instruction gets 1 / sqrt(x). Bodies take their caller's target attributes, to be inlined.
; RUN: muxc --passes define-native-math,verify -S %s | FileCheck %s

target triple = "x86_64-pc-linux-gnu"

; CHECK-LABEL: define internal float @__nativecpu_native_rsqrtf(float %0)
; CHECK-SAME: #[[SCALAR:[0-9]+]] {
; CHECK: %[[PACKED:.*]] = insertelement <4 x float> zeroinitializer, float %0, i32 0
; CHECK-NEXT: %[[ESTIMATE:.*]] = call <4 x float> @llvm.x86.sse.rsqrt.ss(<4 x float> %[[PACKED]])
; CHECK-NEXT: %[[LANE:.*]] = extractelement <4 x float> %[[ESTIMATE]], i32 0
; CHECK-NEXT: ret float %[[LANE]]
declare float @__nativecpu_native_rsqrtf(float)

; CHECK-LABEL: define internal <4 x float> @_ZGVbN4v___nativecpu_native_rsqrtf(<4 x float> %0)
; CHECK-NEXT: entry:
; CHECK-NEXT: %[[R4:.*]] = call <4 x float> @llvm.x86.sse.rsqrt.ps(<4 x float> %0)
; CHECK-NEXT: ret <4 x float> %[[R4]]
declare <4 x float> @_ZGVbN4v___nativecpu_native_rsqrtf(<4 x float>)

; CHECK-LABEL: define internal <8 x float> @_ZGVdN8v___nativecpu_native_rsqrtf(<8 x float> %0)
; CHECK-NEXT: entry:
; CHECK-NEXT: %[[R8:.*]] = call <8 x float> @llvm.x86.avx.rsqrt.ps.256(<8 x float> %0)
; CHECK-NEXT: ret <8 x float> %[[R8]]
declare <8 x float> @_ZGVdN8v___nativecpu_native_rsqrtf(<8 x float>)

; CHECK-LABEL: define internal <16 x float> @_ZGVeN16v___nativecpu_native_rsqrtf(<16 x float> %0)
; CHECK-NEXT: entry:
; CHECK-NEXT: %[[R16:.*]] = call <16 x float> @llvm.x86.avx512.rsqrt14.ps.512(<16 x float> %0, <16 x float> zeroinitializer, i16 -1)
; CHECK-NEXT: ret <16 x float> %[[R16]]
declare <16 x float> @_ZGVeN16v___nativecpu_native_rsqrtf(<16 x float>)

; CHECK-LABEL: define internal <2 x float> @_ZGVbN2v___nativecpu_native_rsqrtf(<2 x float> %0)
; CHECK: %[[ROOT:.*]] = call <2 x float> @llvm.sqrt.v2f32(<2 x float> %0)
; CHECK: %rsqrt = fdiv <2 x float> {{.*}}, %[[ROOT]]
declare <2 x float> @_ZGVbN2v___nativecpu_native_rsqrtf(<2 x float>)

define void @kernel(ptr %out, float %x) #0 {
  %s = call float @__nativecpu_native_rsqrtf(float %x)
  store float %s, ptr %out
  ret void
}

; CHECK: attributes #[[SCALAR]] = { alwaysinline {{.*}}"target-cpu"="znver3" "target-features"="+avx2"
attributes #0 = { "target-cpu"="znver3" "target-features"="+avx2" }
