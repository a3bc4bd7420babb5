; run-vecz: a divergent branch at the header of a uniform loop (the tree reduction's
; `for (stride …) { if (lid < stride) … barrier(); }`) is a region inside the loop. The loop
; stays an ordinary loop on its uniform counter, with the barrier once per iteration in its
; latch; only the branch is linearized. Treating the loop as masked (running while any lane is
; active) put the barrier inside a masked loop and broke work-item-loops' regions.
; RUN: muxc --passes 'run-vecz<width=4>,verify' -S %s | FileCheck %s

; CHECK-LABEL: define internal void @__vecz_v4_tree(
; CHECK-NOT: vecz.loop
; CHECK: {{^}}header:
; CHECK-NEXT: %[[STRIDE:.*]] = phi i64 [ %next, %latch ], [ %half, %header.preheader ]
; CHECK: %[[BELOW:.*]] = icmp ult <4 x i64> %lane.id, %{{.*}}
; CHECK: %[[TAKEN:.*]] = and <4 x i1> %active, %[[BELOW]]
; CHECK: call <4 x i64> @llvm.masked.load.v4i64.p3(ptr addrspace(3) align 8 %{{.*}}, <4 x i1> %[[TAKEN]], <4 x i64> poison)
; CHECK: call void @__mux_work_group_barrier(i32 1, i32 2, i32 784)
; CHECK-NEXT: %next = lshr i64 %[[STRIDE]], 1
; CHECK-NEXT: %done = icmp eq i64 %next, 0
; CHECK-NEXT: br i1 %done, label %{{.*}}, label %header
; CHECK-NOT: vecz.loop

declare i64 @__mux_get_local_id(i32)
declare i64 @__mux_get_local_size(i32)
declare void @__mux_work_group_barrier(i32, i32, i32) #1

define void @tree(ptr addrspace(3) %scratch) #0 {
entry:
  %lid = call i64 @__mux_get_local_id(i32 0)
  %size = call i64 @__mux_get_local_size(i32 0)
  %half = lshr i64 %size, 1
  %empty = icmp eq i64 %half, 0
  br i1 %empty, label %exit, label %header

header:
  %stride = phi i64 [ %half, %entry ], [ %next, %latch ]
  %below = icmp ult i64 %lid, %stride
  br i1 %below, label %add, label %latch

add:
  %mine = getelementptr inbounds i64, ptr addrspace(3) %scratch, i64 %lid
  %other = getelementptr inbounds i64, ptr addrspace(3) %mine, i64 %stride
  %a = load i64, ptr addrspace(3) %other, align 8
  %b = load i64, ptr addrspace(3) %mine, align 8
  %sum = add i64 %a, %b
  store i64 %sum, ptr addrspace(3) %mine, align 8
  br label %latch

latch:
  call void @__mux_work_group_barrier(i32 1, i32 2, i32 784)
  %next = lshr i64 %stride, 1
  %done = icmp eq i64 %next, 0
  br i1 %done, label %exit, label %header

exit:
  ret void
}

attributes #0 = { "mux-kernel"="entry-point" }
attributes #1 = { convergent nounwind }
