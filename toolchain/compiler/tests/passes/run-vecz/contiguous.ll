; run-vecz: the x id becomes the first lane's id plus a step vector; a contiguous load and store
; become one masked vector access under the active-lane mask; a uniform load stays scalar; the
; kernel and its vector form are linked both ways by the Construction Kit's metadata.
; RUN: muxc --passes 'run-vecz<width=4>,verify' -S %s | FileCheck %s

; CHECK: define void @k(ptr {{.*}}%in, ptr {{.*}}%out) #0 !codeplay_ca_vecz.base [[BASE:![0-9]+]] {

; CHECK: define internal void @__vecz_v4_k(ptr {{.*}}%in, ptr {{.*}}%out, i32 %active.lanes) !codeplay_ca_vecz.derived [[DERIVED:![0-9]+]] {
; CHECK: %active = icmp ult <4 x i32> <i32 0, i32 1, i32 2, i32 3>, %{{.*}}
; CHECK: %base.id = call i64 @__mux_get_global_id(i32 0)
; CHECK: %lane.id = add nuw <4 x i64> %{{.*}}, <i64 0, i64 1, i64 2, i64 3>
; CHECK: call <4 x float> @llvm.masked.load.v4f32.p0(ptr align 4 %{{.*}}, <4 x i1> %active, <4 x float> poison)
; CHECK: %first = load float, ptr %in, align 4
; CHECK: fadd <4 x float>
; CHECK: call void @llvm.masked.store.v4f32.p0(<4 x float> %{{.*}}, ptr align 4 %{{.*}}, <4 x i1> %active)
; CHECK-NOT: gather
; CHECK: ret void

; CHECK-DAG: [[BASE]] = !{[[SETTINGS:![0-9]+]], ptr @__vecz_v4_k}
; CHECK-DAG: [[DERIVED]] = !{[[SETTINGS]], ptr @k}
; CHECK-DAG: [[SETTINGS]] = !{i32 4, i32 0, i32 0, i32 1}

declare i64 @__mux_get_global_id(i32)

define void @k(ptr %in, ptr %out) #0 {
entry:
  %gid = call i64 @__mux_get_global_id(i32 0)
  %pin = getelementptr inbounds float, ptr %in, i64 %gid
  %v = load float, ptr %pin, align 4
  %first = load float, ptr %in, align 4
  %s = fadd float %v, %first
  %pout = getelementptr inbounds float, ptr %out, i64 %gid
  store float %s, ptr %pout, align 4
  ret void
}

attributes #0 = { "mux-kernel"="entry-point" }
