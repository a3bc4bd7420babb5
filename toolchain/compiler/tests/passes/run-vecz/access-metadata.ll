; run-vecz: a widened access keeps what its scalar original says about the memory it touches:
; type-based alias information (`!tbaa`) on vector, gather and scatter accesses, and the
; program's non-temporal hint (`__builtin_nontemporal_store`) on the vector store.
; RUN: muxc --passes 'run-vecz<width=4>,verify' -S %s | FileCheck %s

; CHECK-LABEL: define internal void @__vecz_v4_k(
; CHECK: call <4 x float> @llvm.masked.load.v4f32.p0(ptr align 4 %{{.*}}, <4 x i1> %active, <4 x float> poison), !tbaa [[FLOAT:![0-9]+]]
; CHECK: call <4 x float> @llvm.masked.gather.v4f32.v4p0(<4 x ptr> align 4 %{{.*}}, <4 x i1> %active, <4 x float> poison), !tbaa [[FLOAT]]
; CHECK: call void @llvm.masked.store.v4f32.p0(<4 x float> %{{.*}}, ptr align 4 %{{.*}}, <4 x i1> %active), !tbaa [[FLOAT]], !nontemporal [[ONE:![0-9]+]]
; CHECK: call void @llvm.masked.scatter.v4f32.v4p0(<4 x float> %{{.*}}, <4 x ptr> align 4 %{{.*}}, <4 x i1> %active), !tbaa [[FLOAT]]
; CHECK: ret void

; CHECK-DAG: [[FLOAT]] = !{[[TYPE:![0-9]+]], [[TYPE]], i64 0}
; CHECK-DAG: [[ONE]] = !{i32 1}

declare i64 @__mux_get_global_id(i32)

define void @k(ptr %in, ptr %out) #0 {
entry:
  %gid = call i64 @__mux_get_global_id(i32 0)
  %pin = getelementptr inbounds float, ptr %in, i64 %gid
  %v = load float, ptr %pin, align 4, !tbaa !1
  %twice = mul i64 %gid, 2
  %pstrided = getelementptr inbounds float, ptr %in, i64 %twice
  %w = load float, ptr %pstrided, align 4, !tbaa !1
  %s = fadd float %v, %w
  %pout = getelementptr inbounds float, ptr %out, i64 %gid
  store float %s, ptr %pout, align 4, !tbaa !1, !nontemporal !4
  %pscatter = getelementptr inbounds float, ptr %out, i64 %twice
  store float %v, ptr %pscatter, align 4, !tbaa !1
  ret void
}

attributes #0 = { "mux-kernel"="entry-point" }

!1 = !{!2, !2, i64 0}
!2 = !{!"float", !3, i64 0}
!3 = !{!"Simple C++ TBAA"}
!4 = !{i32 1}
