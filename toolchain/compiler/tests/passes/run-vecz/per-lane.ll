; run-vecz: an atomic has an effect per work-item, so it runs once per active lane: a block per
; lane guarded by that lane's mask bit, with the lane's operands, the results collected into a
; vector. A pure intrinsic takes its vector overload, and a division's divisor is 1 in inactive
; lanes (they must not trap).
; RUN: muxc --passes 'run-vecz<width=4>,verify' -S %s | FileCheck %s

; CHECK-LABEL: define internal void @__vecz_v4_mixed(
; CHECK: call <4 x float> @llvm.sqrt.v4f32(<4 x float>
; CHECK: %divisor = select <4 x i1> %active, <4 x i32> %{{.*}}, <4 x i32> splat (i32 1)
; CHECK: sdiv <4 x i32> %{{.*}}, %divisor
; CHECK: extractelement <4 x i1> %active, i32 0
; CHECK: {{^}}lane{{[0-9]*}}:
; CHECK-NEXT: extractelement <4 x i32>
; CHECK-NEXT: atomicrmw add ptr %counter, i32 %{{.*}} seq_cst
; CHECK-COUNT-3: atomicrmw add ptr %counter
; CHECK-NOT: atomicrmw
; CHECK: ret void

declare i64 @__mux_get_global_id(i32)
declare float @llvm.sqrt.f32(float)

define void @mixed(ptr %in, ptr %out, ptr %counter, ptr %divisors) #0 {
entry:
  %gid = call i64 @__mux_get_global_id(i32 0)
  %pin = getelementptr inbounds float, ptr %in, i64 %gid
  %v = load float, ptr %pin, align 4
  %r = call float @llvm.sqrt.f32(float %v)
  %pd = getelementptr inbounds i32, ptr %divisors, i64 %gid
  %d = load i32, ptr %pd, align 4
  %gid32 = trunc i64 %gid to i32
  %q = sdiv i32 %gid32, %d
  %old = atomicrmw add ptr %counter, i32 %q seq_cst
  %f = sitofp i32 %old to float
  %s = fadd float %r, %f
  %pout = getelementptr inbounds float, ptr %out, i64 %gid
  store float %s, ptr %pout, align 4
  ret void
}

attributes #0 = { "mux-kernel"="entry-point" }
