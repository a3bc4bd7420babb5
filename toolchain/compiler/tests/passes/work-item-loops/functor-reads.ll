; work-item-loops: reads of the kernel functor (a `byval readonly` parameter, directly or through
; constant GEPs) give the same value everywhere in the kernel. Used after a barrier they are
; read again in the region that uses them rather than stored per work-item, and every such
; read is `!invariant.load`, so LLVM can hoist it out of the work-item loops. A volatile read
; and the reads of a functor the kernel may write (no `readonly`) are kept in the live struct
; and not marked.
; RUN: muxc --passes work-item-loops,verify -S %s | FileCheck %s

source_filename = "functor.cpp"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%struct.Functor = type { ptr, float, i32 }

; Only the volatile read is live across the barrier.
; CHECK: %_ZTS4Read_live_mem_info = type <{ i32 }>
; The writable functor's read is live.
; CHECK: %_ZTS5Write_live_mem_info = type <{ ptr }>

; CHECK-LABEL: define internal i32 @_ZTS4Read.mux-barrier-region.1(
; CHECK: %out = load ptr, ptr %0, align 8, !invariant.load [[EMPTY:![0-9]+]]
; CHECK: %scale = load float, ptr %scale.addr, align 8, !invariant.load [[EMPTY]]
; CHECK: %count = load volatile i32, ptr %count.addr, align 4{{$}}
; CHECK: ret i32 2

; CHECK-LABEL: define internal i32 @_ZTS4Read.mux-barrier-region.2(
; CHECK-NOT: store
; CHECK: [[SCALE_ADDR:%.*]] = getelementptr inbounds nuw i8, ptr %0, i64 8
; CHECK-NEXT: [[SCALE:%.*]] = load float, ptr [[SCALE_ADDR]], align 8, !invariant.load [[EMPTY]]
; CHECK-NEXT: fmul float [[SCALE]],
; CHECK-NEXT: [[OUT:%.*]] = load ptr, ptr %0, align 8, !invariant.load [[EMPTY]]
; CHECK: getelementptr inbounds float, ptr [[OUT]],
; CHECK: ret i32 0
define spir_kernel void @_ZTS4Read(ptr noundef readonly byval(%struct.Functor) align 8 %this) #0 {
entry:
  %gid = call i64 @__mux_get_global_id(i32 0)
  %out = load ptr, ptr %this, align 8
  %scale.addr = getelementptr inbounds nuw i8, ptr %this, i64 8
  %scale = load float, ptr %scale.addr, align 8
  %count.addr = getelementptr inbounds nuw i8, ptr %this, i64 12
  %count = load volatile i32, ptr %count.addr, align 4
  call void @__mux_work_group_barrier(i32 0, i32 2, i32 272)
  %f = sitofp i32 %count to float
  %v = fmul float %scale, %f
  %slot = getelementptr inbounds float, ptr %out, i64 %gid
  store float %v, ptr %slot, align 4
  ret void
}

; CHECK-LABEL: define internal i32 @_ZTS5Write.mux-barrier-region.1(
; CHECK: %out = load ptr, ptr %0, align 8{{$}}
; CHECK: store ptr %out, ptr
; CHECK: ret i32 2
define spir_kernel void @_ZTS5Write(ptr noundef byval(%struct.Functor) align 8 %this) #1 {
entry:
  %gid = call i64 @__mux_get_global_id(i32 0)
  %out = load ptr, ptr %this, align 8
  store ptr null, ptr %this, align 8
  call void @__mux_work_group_barrier(i32 0, i32 2, i32 272)
  %slot = getelementptr inbounds float, ptr %out, i64 %gid
  store float 1.0, ptr %slot, align 4
  ret void
}

; CHECK: [[EMPTY]] = !{}

declare i64 @__mux_get_global_id(i32)
declare void @__mux_work_group_barrier(i32, i32, i32)

attributes #0 = { "mux-kernel"="entry-point" "mux-orig-fn"="_ZTS4Read" "mux-base-fn-name"="_ZTS4Read" }
attributes #1 = { "mux-kernel"="entry-point" "mux-orig-fn"="_ZTS5Write" "mux-base-fn-name"="_ZTS5Write" }
