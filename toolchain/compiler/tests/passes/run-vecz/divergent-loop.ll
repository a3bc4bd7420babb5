; run-vecz: a loop whose trip count differs between lanes runs while any lane is active: the
; header keeps the active mask and the lanes that already left, the back edge is taken while
; llvm.vector.reduce.or of the continuing lanes is true, and the value each lane had when it
; left (the exit block's PHI) is captured in a live-out PHI. The loop counter itself stays a
; uniform scalar inside the loop.
; RUN: muxc --passes 'run-vecz<width=4>,verify' -S %s | FileCheck %s

; CHECK-LABEL: define internal void @__vecz_v4_count(
; CHECK: vecz.loop:
; CHECK-NEXT: %[[ACTIVE:.*]] = phi <4 x i1> [ %active, %{{.*}} ], [ %[[CONTINUE:.*]], %{{.*}} ]
; CHECK-NEXT: %[[I:.*]] = phi i32 [ 0, %{{.*}} ], [ %{{.*}}, %{{.*}} ]
; CHECK: %exited = phi <4 x i1>
; CHECK: %live.out = phi <4 x i32> [ poison, %{{.*}} ], [ %[[BLEND:.*]], %{{.*}} ]
; CHECK: icmp slt <4 x i32> %{{.*}}, %{{.*}}
; CHECK: %[[BLEND]] = select <4 x i1> %{{.*}}, <4 x i32> %{{.*}}, <4 x i32> %live.out
; CHECK: %[[ANY:.*]] = call i1 @llvm.vector.reduce.or.v4i1(<4 x i1> %[[CONTINUE]])
; CHECK-NEXT: br i1 %[[ANY]], label %vecz.loop, label %vecz.loop.exit
; CHECK: vecz.loop.exit:
; CHECK: %[[RESULT:.*]] = phi <4 x i32> [ %[[BLEND]], %vecz.loop.exit ]
; CHECK: call void @llvm.masked.store.v4i32.p0(<4 x i32> %[[RESULT]], ptr align 4 %{{.*}}, <4 x i1> %active)

declare i64 @__mux_get_global_id(i32)

define void @count(ptr %limits, ptr %out) #0 {
entry:
  %gid = call i64 @__mux_get_global_id(i32 0)
  %pl = getelementptr inbounds i32, ptr %limits, i64 %gid
  %limit = load i32, ptr %pl, align 4
  br label %header

header:
  %i = phi i32 [ 0, %entry ], [ %next, %body ]
  %more = icmp slt i32 %i, %limit
  br i1 %more, label %body, label %exit

body:
  %next = add nsw i32 %i, 1
  br label %header

exit:
  %result = phi i32 [ %i, %header ]
  %po = getelementptr inbounds i32, ptr %out, i64 %gid
  store i32 %result, ptr %po, align 4
  ret void
}

attributes #0 = { "mux-kernel"="entry-point" }
