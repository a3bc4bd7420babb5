; run-vecz: a sub-group reduction that only some lanes reach (here the odd global ids) keeps the
; kernel vectorized and folds just those lanes, the others reading the identity: the group of
; work-items that call together, which tangle and opportunistic groups are (docs/vectorizer.md,
; "Sub-groups"). A work-group barrier there still refuses the kernel (remarks.ll).
; RUN: muxc --passes 'run-vecz<width=4;remarks>,verify' -S %s 2>&1 | FileCheck %s

; CHECK: remark: odd_lanes: vectorized at width 4
; CHECK-LABEL: define internal void @__vecz_v4_odd_lanes(
; CHECK: %[[ODD:.*]] = trunc <4 x i64> %{{.*}} to <4 x i1>
; CHECK: %[[MASK:.*]] = and <4 x i1> %active, %[[ODD]]
; CHECK: %active.or.identity = select <4 x i1> %[[MASK]], <4 x i32> %{{.*}}, <4 x i32> zeroinitializer
; CHECK-COUNT-3: add i32
; CHECK: call void @llvm.masked.store.v4i32.p0(<4 x i32> %{{.*}}, ptr align 4 %{{.*}}, <4 x i1> %[[MASK]])

target triple = "x86_64-pc-linux-gnu"

declare i64 @__mux_get_global_id(i32)
declare i32 @__mux_sub_group_reduce_add_i32(i32)

define void @odd_lanes(ptr %out) #0 {
entry:
  %gid = call i64 @__mux_get_global_id(i32 0)
  %odd = trunc i64 %gid to i1
  br i1 %odd, label %reduce, label %done

reduce:
  %value = trunc i64 %gid to i32
  %sum = call i32 @__mux_sub_group_reduce_add_i32(i32 %value)
  %p = getelementptr inbounds i32, ptr %out, i64 %gid
  store i32 %sum, ptr %p, align 4
  br label %done

done:
  ret void
}

attributes #0 = { "mux-kernel"="entry-point" }
