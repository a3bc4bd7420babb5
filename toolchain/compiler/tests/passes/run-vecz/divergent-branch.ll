; run-vecz: a branch on a varying condition is linearized: both sides run one after the other,
; each under the lanes that take it (the entry mask and the condition, or its negation), their
; loads masked accordingly, and the PHI where they meet becomes a select on the edge mask. No
; conditional branch is left.
; RUN: muxc --passes 'run-vecz<width=4>,verify' -S %s | FileCheck %s

; CHECK-LABEL: define internal void @__vecz_v4_choose(
; CHECK: %[[COND:.*]] = icmp slt <4 x i64> %lane.id, splat (i64 10)
; CHECK: %[[TAKEN:.*]] = and <4 x i1> %active, %[[COND]]
; CHECK: %[[NOT:.*]] = xor <4 x i1> %[[COND]], splat (i1 true)
; CHECK: %[[OTHER:.*]] = and <4 x i1> %active, %[[NOT]]
; CHECK-NOT: br i1
; CHECK-DAG: call <4 x float> @llvm.masked.load.v4f32.p0(ptr align 4 %{{.*}}, <4 x i1> %[[TAKEN]], <4 x float> poison)
; CHECK-DAG: call <4 x float> @llvm.masked.load.v4f32.p0(ptr align 4 %{{.*}}, <4 x i1> %[[OTHER]], <4 x float> poison)
; CHECK: select <4 x i1> %{{.*}}, <4 x float> %{{.*}}, <4 x float> %{{.*}}
; CHECK: call void @llvm.masked.store.v4f32.p0(<4 x float> %{{.*}}, ptr align 4 %{{.*}}, <4 x i1> %active)
; CHECK: ret void

declare i64 @__mux_get_global_id(i32)

define void @choose(ptr %a, ptr %b, ptr %out) #0 {
entry:
  %gid = call i64 @__mux_get_global_id(i32 0)
  %small = icmp slt i64 %gid, 10
  br i1 %small, label %then, label %else

then:
  %pa = getelementptr inbounds float, ptr %a, i64 %gid
  %va = load float, ptr %pa, align 4
  br label %join

else:
  %pb = getelementptr inbounds float, ptr %b, i64 %gid
  %vb = load float, ptr %pb, align 4
  %vb2 = fmul float %vb, 2.0
  br label %join

join:
  %v = phi float [ %va, %then ], [ %vb2, %else ]
  %pout = getelementptr inbounds float, ptr %out, i64 %gid
  store float %v, ptr %pout, align 4
  ret void
}

attributes #0 = { "mux-kernel"="entry-point" }
