; run-vecz: a value of vector type (a float4) is scalarized, one vector of lanes per element:
; its load becomes one gather per element, element-wise arithmetic one instruction per element,
; and extractelement with a constant index picks that element's vector.
; RUN: muxc --passes 'run-vecz<width=8>,verify' -S %s | FileCheck %s

; CHECK-LABEL: define internal void @__vecz_v8_dot(
; CHECK-COUNT-4: call <8 x float> @llvm.masked.gather.v8f32.v8p0(
; CHECK-COUNT-4: fmul <8 x float>
; CHECK-COUNT-3: fadd <8 x float>
; CHECK: call void @llvm.masked.store.v8f32.p0(
; CHECK-NOT: <4 x float>
; CHECK: ret void

declare i64 @__mux_get_global_id(i32)

define void @dot(ptr %in, ptr %out) #0 {
entry:
  %gid = call i64 @__mux_get_global_id(i32 0)
  %p = getelementptr inbounds <4 x float>, ptr %in, i64 %gid
  %v = load <4 x float>, ptr %p, align 16
  %sq = fmul <4 x float> %v, %v
  %x = extractelement <4 x float> %sq, i64 0
  %y = extractelement <4 x float> %sq, i64 1
  %z = extractelement <4 x float> %sq, i64 2
  %w = extractelement <4 x float> %sq, i64 3
  %xy = fadd float %x, %y
  %xyz = fadd float %xy, %z
  %all = fadd float %xyz, %w
  %po = getelementptr inbounds float, ptr %out, i64 %gid
  store float %all, ptr %po, align 4
  ret void
}

attributes #0 = { "mux-kernel"="entry-point" }
