; Sub-groups in the vector form (docs/vectorizer.md, "Sub-groups"): the lanes of one call are the
; sub-group. The local id is the lane, the size the active lane count, the maximum size the
; width; the sub-group id counts the row's vectors (ceil(size_x / 4) per row) before this one,
; and the group has ceil(size_x / 4) per row. Reductions, votes and scans fold the active lanes
; (inactive ones read the identity) with no call; a shuffle picks the lane, per lane when the
; index varies, once when it is uniform.
; RUN: muxc --passes 'run-vecz<width=4;remarks>,verify' -S %s 2>&1 | FileCheck %s

; CHECK: remark: sub_groups: vectorized at width 4
; CHECK-LABEL: define internal void @__vecz_v4_sub_groups(ptr {{.*}}%out, ptr {{.*}}%floats, i32 %active.lanes)
; CHECK: %base.x = call i64 @__mux_get_local_id(i32 0)
; CHECK: %vectors.per.row = udiv i64 %{{.*}}, 4
; CHECK: %row.start = mul i64 %row, %vectors.per.row
; CHECK: %in.row = udiv i64 %base.x, 4
; CHECK: %sub_group.id = trunc i64
; CHECK: %rows = mul i64 %size.y{{.*}}, %size.z
; CHECK: %sub_groups = trunc i64
; CHECK: select <4 x i1> %active, <4 x i32> <i32 0, i32 1, i32 2, i32 3>, <4 x i32> zeroinitializer
; CHECK-COUNT-3: add i32
; CHECK: %t1 = add i32 %{{.*}}, %active.lanes
; CHECK-NEXT: %t2 = add i32 %t1, 4
; CHECK-NEXT: %t3 = add i32 %t2, %sub_group.id
; CHECK-NEXT: %t4 = add i32 %t3, %sub_groups
; CHECK: call void @llvm.masked.store.v4i32.p0(<4 x i32> %{{.*}}, ptr align 4 %{{.*}}, <4 x i1> %active)
; CHECK: %[[X:.*]] = call <4 x float> @llvm.masked.load.v4f32.p0(
; CHECK: select <4 x i1> %active, <4 x float> %[[X]], <4 x float> zeroinitializer
; CHECK-COUNT-3: fadd float
; CHECK: insertelement <4 x float> <float 0.000000e+00, float poison, float poison, float poison>
; CHECK: fcmp ogt <4 x float> %[[SCAN:[^,]*]], zeroinitializer
; CHECK: select <4 x i1> %active, <4 x i1> %{{.*}}, <4 x i1> zeroinitializer
; CHECK-COUNT-3: or i1
; CHECK: extractelement <4 x float> %[[SCAN]], i32 1
; CHECK: extractelement <4 x float> %[[SCAN]], i32 2
; CHECK: extractelement <4 x float> %[[SCAN]], i32 3
; CHECK: extractelement <4 x float> %[[SCAN]], i32 0
; CHECK: %[[FIRST:.*]] = extractelement <4 x float> %[[X]], i32 0
; CHECK-NEXT: insertelement <4 x float> poison, float %[[FIRST]], i32 0
; CHECK: ret void
; CHECK-NOT: __mux_sub_group
; CHECK-NOT: call i32 @__mux_get_sub_group

target triple = "x86_64-pc-linux-gnu"

declare i64 @__mux_get_global_id(i32)
declare i32 @__mux_get_sub_group_local_id()
declare i32 @__mux_get_sub_group_size()
declare i32 @__mux_get_max_sub_group_size()
declare i32 @__mux_get_sub_group_id()
declare i32 @__mux_get_num_sub_groups()
declare i32 @__mux_sub_group_reduce_add_i32(i32)
declare float @__mux_sub_group_scan_exclusive_fadd_f32(float)
declare i1 @__mux_sub_group_any(i1)
declare float @__mux_sub_group_shuffle_f32(float, i32)

define void @sub_groups(ptr %out, ptr %floats) #0 {
  %gid = call i64 @__mux_get_global_id(i32 0)
  %lane = call i32 @__mux_get_sub_group_local_id()
  %size = call i32 @__mux_get_sub_group_size()
  %max = call i32 @__mux_get_max_sub_group_size()
  %id = call i32 @__mux_get_sub_group_id()
  %count = call i32 @__mux_get_num_sub_groups()
  %sum = call i32 @__mux_sub_group_reduce_add_i32(i32 %lane)
  %t1 = add i32 %sum, %size
  %t2 = add i32 %t1, %max
  %t3 = add i32 %t2, %id
  %t4 = add i32 %t3, %count
  %p = getelementptr inbounds i32, ptr %out, i64 %gid
  store i32 %t4, ptr %p, align 4
  %q = getelementptr inbounds float, ptr %floats, i64 %gid
  %x = load float, ptr %q, align 4
  %scan = call float @__mux_sub_group_scan_exclusive_fadd_f32(float %x)
  %positive = fcmp ogt float %scan, 0.0
  %any = call i1 @__mux_sub_group_any(i1 %positive)
  %next = add i32 %lane, 1
  %from_next = call float @__mux_sub_group_shuffle_f32(float %scan, i32 %next)
  %first = call float @__mux_sub_group_shuffle_f32(float %x, i32 0)
  %sum2 = fadd float %from_next, %first
  %r = select i1 %any, float %sum2, float 0.0
  store float %r, ptr %q, align 4
  ret void
}

attributes #0 = { "mux-kernel"="entry-point" }
