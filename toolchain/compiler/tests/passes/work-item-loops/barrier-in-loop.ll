; work-item-loops: a barrier inside a loop whose accumulator %acc is carried across iterations by
; a phi. Region 1 runs from the entry into the first iteration up to the barrier; region 2 starts
; after the barrier and either goes round the loop to the barrier again (returning 2, its own id,
; so the wrapper runs it again) or leaves the loop (returning 0). Live values are stored right
; after their definition (a phi after the whole phi group) in every region that defines them,
; and reloaded where the definition does not dominate the use: in region 2 the phi operands on
; the edge from the region's entry (%i and %acc.next of the previous iteration) and the use of
; %acc.next after the loop. The loop bound %n, a kernel argument, is passed, never stored.
; RUN: muxc --passes work-item-loops,verify -S %s | FileCheck %s

; CHECK: %_ZTS4Loop_live_mem_info = type <{ ptr, i32,

; CHECK-LABEL: define void @_ZTS4Loop.mux-barrier-wrapper(ptr %out, i32 %n)
; CHECK: call i32 @_ZTS4Loop.mux-barrier-region.1(ptr %out, i32 %n, ptr %live.item)
; CHECK: call i32 @_ZTS4Loop.mux-barrier-region.2(ptr %out, i32 %n, ptr %live.item{{[0-9]+}})

; CHECK-LABEL: define internal i32 @_ZTS4Loop.mux-barrier-region.1(ptr %0, i32 %1, ptr %2)
; CHECK: loop:
; CHECK-NEXT: %i = phi i32 [ 0, %entry ]
; CHECK-NEXT: %acc = phi i32 [ 0, %entry ]
; CHECK-NEXT: [[IP:%.*]] = getelementptr inbounds nuw %_ZTS4Loop_live_mem_info, ptr %2, i32 0, i32 [[I:[0-9]+]]
; CHECK-NEXT: store i32 %i, ptr [[IP]]
; CHECK-NEXT: %acc.next = add i32 %acc, %i
; CHECK-NEXT: [[ACCP:%.*]] = getelementptr inbounds nuw %_ZTS4Loop_live_mem_info, ptr %2, i32 0, i32 [[ACC:[0-9]+]]
; CHECK-NEXT: store i32 %acc.next, ptr [[ACCP]]
; CHECK-NEXT: store i32 %acc.next, ptr %slot
; CHECK-NEXT: br label %barrier
; CHECK: barrier:
; CHECK-NEXT: ret i32 2
; CHECK-NEXT: }

; CHECK-LABEL: define internal i32 @_ZTS4Loop.mux-barrier-region.2(ptr %0, i32 %1, ptr %2)
; CHECK-NEXT: region.entry:
; CHECK-NEXT: br label %barrier.next
; The loop body, entered from the region's entry block with reloaded values.
; CHECK: loop:
; CHECK-NEXT: %i = phi i32 [ [[INEXT:%.*]], %barrier.next ]
; CHECK-NEXT: %acc = phi i32 [ [[ACCPREV:%.*]], %barrier.next ]
; CHECK-NEXT: [[IP:%.*]] = getelementptr inbounds nuw %_ZTS4Loop_live_mem_info, ptr %2, i32 0, i32 [[I]]
; CHECK-NEXT: store i32 %i, ptr [[IP]]
; CHECK-NEXT: %acc.next = add i32 %acc, %i
; CHECK-NEXT: [[ACCP:%.*]] = getelementptr inbounds nuw %_ZTS4Loop_live_mem_info, ptr %2, i32 0, i32 [[ACC]]
; CHECK-NEXT: store i32 %acc.next, ptr [[ACCP]]
; CHECK: store i32 %acc.next, ptr
; CHECK-NEXT: br label %barrier
; CHECK: barrier:
; CHECK-NEXT: ret i32 2
; CHECK: barrier.next:
; CHECK-NEXT: [[IP:%.*]] = getelementptr inbounds nuw %_ZTS4Loop_live_mem_info, ptr %2, i32 0, i32 [[I]]
; CHECK-NEXT: [[IOLD:%.*]] = load i32, ptr [[IP]]
; CHECK-NEXT: [[INEXT]] = add i32 [[IOLD]], 1
; CHECK: [[MORE:%.*]] = icmp slt i32 [[INEXT]], %1
; CHECK-NEXT: [[ACCP:%.*]] = getelementptr inbounds nuw %_ZTS4Loop_live_mem_info, ptr %2, i32 0, i32 [[ACC]]
; CHECK-NEXT: [[ACCPREV]] = load i32, ptr [[ACCP]]
; CHECK-NEXT: br i1 [[MORE]], label %loop, label %exit
; CHECK: exit:
; CHECK-NEXT: [[ACCP:%.*]] = getelementptr inbounds nuw %_ZTS4Loop_live_mem_info, ptr %2, i32 0, i32 [[ACC]]
; CHECK-NEXT: [[LAST:%.*]] = load i32, ptr [[ACCP]]
; CHECK-NEXT: store i32 [[LAST]], ptr %0
; CHECK-NEXT: ret i32 0
; CHECK-NEXT: }

source_filename = "loop.cpp"
target triple = "x86_64-pc-linux-gnu"

define spir_kernel void @_ZTS4Loop(ptr %out, i32 %n) #0 {
entry:
  %gid = call i64 @__mux_get_global_id(i32 0)
  %slot = getelementptr inbounds i32, ptr %out, i64 %gid
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %acc = phi i32 [ 0, %entry ], [ %acc.next, %loop ]
  %acc.next = add i32 %acc, %i
  store i32 %acc.next, ptr %slot, align 4
  call void @__mux_work_group_barrier(i32 0, i32 2, i32 272)
  %i.next = add i32 %i, 1
  %more = icmp slt i32 %i.next, %n
  br i1 %more, label %loop, label %exit

exit:
  store i32 %acc.next, ptr %out, align 4
  ret void
}

declare i64 @__mux_get_global_id(i32)
declare void @__mux_work_group_barrier(i32, i32, i32)

attributes #0 = { "mux-kernel"="entry-point" "mux-orig-fn"="_ZTS4Loop" "mux-base-fn-name"="_ZTS4Loop" }
