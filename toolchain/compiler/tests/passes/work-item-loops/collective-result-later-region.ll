; work-item-loops: a work-group reduction's result used after a later barrier. Region 2 (which
; starts at the reduction) gets the folded sum as its last parameter, uses it directly, and
; stores it into the work-item's struct at its start; region 3 (after the plain barrier) reloads
; it for the join's phi. Region 1 stores only the operand, at the reduction.
; RUN: muxc --passes work-item-loops,verify -S %s | FileCheck %s

; CHECK: %_ZTS5Later_live_mem_info = type <{ i32, i32 }>

; CHECK-LABEL: define void @_ZTS5Later.mux-barrier-wrapper(ptr %out, i32 %a)
; CHECK: %fold.result = load i32, ptr %fold.acc
; CHECK: call i32 @_ZTS5Later.mux-barrier-region.2(ptr %out, i32 %a, ptr {{%.*}}, i32 %fold.result)
; CHECK: call i32 @_ZTS5Later.mux-barrier-region.3(ptr %out, i32 %a, ptr {{%[^,]*}})

; CHECK-LABEL: define internal i32 @_ZTS5Later.mux-barrier-region.1(ptr %0, i32 %1, ptr %2)
; CHECK: barrier:
; CHECK-NEXT: [[OP:%.*]] = getelementptr inbounds nuw %_ZTS5Later_live_mem_info, ptr %2, i32 0, i32 [[OPIDX:[0-9]+]]
; CHECK-NEXT: store i32 %1, ptr [[OP]]
; CHECK-NEXT: ret i32 2
; CHECK-NEXT: }

; CHECK-LABEL: define internal i32 @_ZTS5Later.mux-barrier-region.2(ptr %0, i32 %1, ptr %2, i32 %3)
; CHECK-NEXT: region.entry:
; CHECK-NEXT: [[RES:%.*]] = getelementptr inbounds nuw %_ZTS5Later_live_mem_info, ptr %2, i32 0, i32 [[RESIDX:[0-9]+]]
; CHECK-NEXT: store i32 %3, ptr [[RES]]
; CHECK-NEXT: br label %barrier.next
; CHECK: icmp sgt i32 %3, 0
; CHECK: ret i32 3
; CHECK: ret i32 0
; CHECK-NEXT: }

; CHECK-LABEL: define internal i32 @_ZTS5Later.mux-barrier-region.3(ptr %0, i32 %1, ptr %2)
; CHECK: [[RES:%.*]] = getelementptr inbounds nuw %_ZTS5Later_live_mem_info, ptr %2, i32 0, i32 [[RESIDX]]
; CHECK-NEXT: [[SUM:%.*]] = load i32, ptr [[RES]]
; CHECK-NEXT: br label %join
; CHECK: join:
; CHECK-NEXT: %r = phi i32 [ [[SUM]], %barrier.next{{[0-9]*}} ]
; CHECK-NEXT: store i32 %r, ptr %0
; CHECK-NEXT: ret i32 0

source_filename = "later.cpp"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

define spir_kernel void @_ZTS5Later(ptr %out, i32 %a) #0 {
entry:
  %sum = call i32 @__mux_work_group_reduce_add_i32(i32 0, i32 %a)
  %c = icmp sgt i32 %sum, 0
  br i1 %c, label %pos, label %join
pos:
  call void @__mux_work_group_barrier(i32 1, i32 2, i32 272)
  br label %join
join:
  %r = phi i32 [ 0, %entry ], [ %sum, %pos ]
  store i32 %r, ptr %out, align 4
  ret void
}

declare i32 @__mux_work_group_reduce_add_i32(i32, i32)
declare void @__mux_work_group_barrier(i32, i32, i32)

attributes #0 = { "mux-kernel"="entry-point" "mux-orig-fn"="_ZTS5Later" "mux-base-fn-name"="_ZTS5Later" }
