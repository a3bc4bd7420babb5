; sycl::native::rsqrt's declaration (__nativecpu_native_rsqrtf) is widened like a vector-math
; function, to the vector ABI's form of the target's widest register (docs/vectorizer.md, "Native
; functions"), which define-native-math later defines with the estimate instruction.
; RUN: muxc --passes 'run-vecz<width=16>,verify' -S %s | FileCheck %s

target triple = "x86_64-pc-linux-gnu"

; CHECK-LABEL: define internal void @__vecz_v16_avx2(
; CHECK-COUNT-2: call <8 x float> @_ZGVdN8v___nativecpu_native_rsqrtf(<8 x float>
; CHECK-NOT: call float @__nativecpu_native_rsqrtf
; CHECK: ret void

; CHECK-LABEL: define internal void @__vecz_v16_avx512(
; CHECK: call <16 x float> @_ZGVeN16v___nativecpu_native_rsqrtf(<16 x float>
; CHECK: ret void

declare i64 @__mux_get_global_id(i32)
declare float @__nativecpu_native_rsqrtf(float) nounwind willreturn memory(none)

define void @avx2(ptr %in, ptr %out) #0 {
  %gid = call i64 @__mux_get_global_id(i32 0)
  %pin = getelementptr inbounds float, ptr %in, i64 %gid
  %x = load float, ptr %pin, align 4
  %r = call float @__nativecpu_native_rsqrtf(float %x)
  %pout = getelementptr inbounds float, ptr %out, i64 %gid
  store float %r, ptr %pout, align 4
  ret void
}

define void @avx512(ptr %in, ptr %out) #1 {
  %gid = call i64 @__mux_get_global_id(i32 0)
  %pin = getelementptr inbounds float, ptr %in, i64 %gid
  %x = load float, ptr %pin, align 4
  %r = call float @__nativecpu_native_rsqrtf(float %x)
  %pout = getelementptr inbounds float, ptr %out, i64 %gid
  store float %r, ptr %pout, align 4
  ret void
}

attributes #0 = { "mux-kernel"="entry-point" "target-features"="+avx,+avx2" }
attributes #1 = { "mux-kernel"="entry-point" "target-features"="+avx,+avx2,+avx512f" }
