; Work-group collectives in the vector form (docs/vectorizer.md, "Collectives"): the active
; lanes are combined first (inactive ones read the identity), then the vector takes part in the
; collective once with its partial result. A scan becomes the group's exclusive scan of the
; vectors' totals, combined into each lane's scan within the vector; a broadcast becomes an or
; reduction of the bits only the chosen lane contributes.
; RUN: muxc --passes 'run-vecz<width=4;remarks>,verify' -S %s 2>&1 | FileCheck %s

; CHECK: remark: collectives: vectorized at width 4
; CHECK-LABEL: define internal void @__vecz_v4_collectives(
; CHECK: select <4 x i1> %active, <4 x i64> %lane.id, <4 x i64> zeroinitializer
; CHECK-COUNT-3: add i64
; CHECK: %collective = call i64 @__mux_work_group_reduce_add_i64(i32 0, i64 %acc
; CHECK: select <4 x i1> %active, <4 x float> %{{.*}}, <4 x float> zeroinitializer
; CHECK-COUNT-3: fadd float
; CHECK: %[[BEFORE:.*]] = call float @__mux_work_group_scan_exclusive_fadd_f32(i32 1, float %acc
; CHECK-COUNT-4: fadd float %[[BEFORE]],
; CHECK: %first.linear = add i64
; CHECK: %broadcast.lane = sub i64 3, %first.linear
; CHECK: %partial = select i1 %chosen, i32 %value, i32 0
; CHECK: call i32 @__mux_work_group_reduce_or_i32(i32 2, i32 %partial)
; CHECK: ret void
; CHECK: declare float @__mux_work_group_scan_exclusive_fadd_f32(i32, float) #[[CONVERGENT:[0-9]+]]
; CHECK: attributes #[[CONVERGENT]] = { convergent }

target triple = "x86_64-pc-linux-gnu"

declare i64 @__mux_get_global_id(i32)
declare i64 @__mux_work_group_reduce_add_i64(i32, i64)
declare float @__mux_work_group_scan_inclusive_fadd_f32(i32, float)
declare float @__mux_work_group_broadcast_f32(i32, float, i64)

define void @collectives(ptr %out, ptr %floats) #0 {
  %gid = call i64 @__mux_get_global_id(i32 0)
  %sum = call i64 @__mux_work_group_reduce_add_i64(i32 0, i64 %gid)
  %p = getelementptr inbounds i64, ptr %out, i64 %gid
  store i64 %sum, ptr %p, align 8
  %q = getelementptr inbounds float, ptr %floats, i64 %gid
  %x = load float, ptr %q, align 4
  %scan = call float @__mux_work_group_scan_inclusive_fadd_f32(i32 1, float %x)
  %third = call float @__mux_work_group_broadcast_f32(i32 2, float %scan, i64 3)
  %r = fadd float %scan, %third
  store float %r, ptr %q, align 4
  ret void
}

attributes #0 = { "mux-kernel"="entry-point" }
