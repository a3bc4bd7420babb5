; define-native-math: off x86-64 there is no estimate instruction to use; every form is
; 1 / sqrt(x).
; RUN: muxc --passes define-native-math,verify -S %s | FileCheck %s

target triple = "aarch64-unknown-linux-gnu"

; CHECK-LABEL: define internal float @__nativecpu_native_rsqrtf(float %0)
; CHECK: %[[ROOT:.*]] = call float @llvm.sqrt.f32(float %0)
; CHECK-NEXT: %rsqrt = fdiv float 1.000000e+00, %[[ROOT]]
; CHECK-NEXT: ret float %rsqrt
; CHECK-NOT: llvm.x86
declare float @__nativecpu_native_rsqrtf(float)
