; Math calls libmvec has a vector form of become calls of that form (docs/vectorizer.md, "Vector
; math"): the widest form the target allows whose lanes divide the width, called once per
; chunk; an intrinsic (llvm.sin) and a libm declaration (erff) alike. Functions whose SYCL
; bound is tighter than libmvec's 4 ulp (exp) keep their vector intrinsic. Code passing 512-bit
; vectors records it in min-legal-vector-width.
; RUN: muxc --passes 'run-vecz<width=16>,verify' -S %s | FileCheck %s

target triple = "x86_64-pc-linux-gnu"

; CHECK-LABEL: define internal void @__vecz_v16_avx2(
; CHECK-COUNT-2: call <8 x float> @_ZGVdN8v_sinf(<8 x float>
; CHECK-COUNT-2: call <8 x float> @_ZGVdN8v_erff(<8 x float>
; CHECK: call <16 x float> @llvm.exp.v16f32(
; CHECK-COUNT-4: call <4 x double> @_ZGVdN4vv_pow(<4 x double> {{.*}}, <4 x double>
; CHECK: ret void
; CHECK: declare <8 x float> @_ZGVdN8v_sinf(<8 x float>) #[[PURE:[0-9]+]]

; CHECK-LABEL: define internal void @__vecz_v16_sse(
; CHECK-COUNT-4: call <4 x float> @_ZGVbN4v_sinf(<4 x float>
; CHECK: ret void

; CHECK-LABEL: define internal void @__vecz_v16_avx512(
; CHECK: call <16 x float> @_ZGVeN16v_sinf(<16 x float>
; CHECK-NOT: _ZGV
; CHECK: ret void

; CHECK: attributes #[[PURE]] = { nounwind willreturn memory(none) }
; CHECK: "min-legal-vector-width"="512"

declare i64 @__mux_get_global_id(i32)
declare float @llvm.sin.f32(float)
declare float @llvm.exp.f32(float)
declare double @llvm.pow.f64(double, double)
declare float @erff(float) #3

define void @avx2(ptr %floats, ptr %doubles) #0 {
entry:
  %gid = call i64 @__mux_get_global_id(i32 0)
  %p = getelementptr inbounds float, ptr %floats, i64 %gid
  %x = load float, ptr %p, align 4
  %sin = call float @llvm.sin.f32(float %x)
  %erf = call float @erff(float %sin)
  %exp = call float @llvm.exp.f32(float %erf)
  store float %exp, ptr %p, align 4
  %q = getelementptr inbounds double, ptr %doubles, i64 %gid
  %y = load double, ptr %q, align 8
  %pow = call double @llvm.pow.f64(double %y, double 1.5)
  store double %pow, ptr %q, align 8
  ret void
}

define void @sse(ptr %floats) #1 {
entry:
  %gid = call i64 @__mux_get_global_id(i32 0)
  %p = getelementptr inbounds float, ptr %floats, i64 %gid
  %x = load float, ptr %p, align 4
  %sin = call float @llvm.sin.f32(float %x)
  store float %sin, ptr %p, align 4
  ret void
}

define void @avx512(ptr %floats) #2 {
entry:
  %gid = call i64 @__mux_get_global_id(i32 0)
  %p = getelementptr inbounds float, ptr %floats, i64 %gid
  %x = load float, ptr %p, align 4
  %sin = call float @llvm.sin.f32(float %x)
  store float %sin, ptr %p, align 4
  ret void
}

attributes #0 = { "mux-kernel"="entry-point" "target-features"="+avx,+avx2,+fma" }
attributes #1 = { "mux-kernel"="entry-point" "target-features"="+sse2" }
attributes #2 = { "mux-kernel"="entry-point" "target-features"="+avx,+avx2,+avx512f" }
attributes #3 = { nounwind willreturn memory(none) }
