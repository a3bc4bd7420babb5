; work-item-loops: cheap values used after a barrier are recomputed rather than stored: the
; result of __mux_get_global_id(0) (a work-item query with constant operands) is called again in
; the region that uses it, and so are values derived from it through casts (trunc, sitofp) and
; single-instruction-operand arithmetic (shl by a constant), cloned at the use. Only the loaded
; %v, which cannot be recomputed, goes into the live-variable struct.
; RUN: muxc --passes work-item-loops,verify -S %s | FileCheck %s

; CHECK: %_ZTS5Remat_live_mem_info = type <{ float }>

; CHECK-LABEL: define internal i32 @_ZTS5Remat.mux-barrier-region.1(ptr %0, ptr %1, ptr %2)
; CHECK: %gid = call i64 @__mux_get_global_id(i32 0)
; CHECK-NEXT: %g32 = trunc i64 %gid to i32
; CHECK-NEXT: %gf = sitofp i32 %g32 to float
; CHECK-NEXT: %idx = shl i64 %gid, 1
; CHECK-NEXT: %v = load float, ptr %1
; CHECK-NEXT: [[VP:%.*]] = getelementptr inbounds nuw %_ZTS5Remat_live_mem_info, ptr %2, i32 0, i32 0
; CHECK-NEXT: store float %v, ptr [[VP]]
; CHECK-NOT: store
; CHECK: ret i32 2
; CHECK-NEXT: }

; CHECK-LABEL: define internal i32 @_ZTS5Remat.mux-barrier-region.2(ptr %0, ptr %1, ptr %2)
; CHECK-NOT: store
; CHECK: barrier.next:
; CHECK-NEXT: [[GID1:%.*]] = call i64 @__mux_get_global_id(i32 0)
; CHECK-NEXT: [[IDX:%.*]] = shl i64 [[GID1]], 1
; CHECK-NEXT: [[SLOT:%.*]] = getelementptr inbounds float, ptr %0, i64 [[IDX]]
; CHECK-NEXT: [[VP:%.*]] = getelementptr inbounds nuw %_ZTS5Remat_live_mem_info, ptr %2, i32 0, i32 0
; CHECK-NEXT: [[V:%.*]] = load float, ptr [[VP]]
; CHECK-NEXT: [[GID2:%.*]] = call i64 @__mux_get_global_id(i32 0)
; CHECK-NEXT: [[G32:%.*]] = trunc i64 [[GID2]] to i32
; CHECK-NEXT: [[GF:%.*]] = sitofp i32 [[G32]] to float
; CHECK-NEXT: [[S:%.*]] = fadd float [[GF]], [[V]]
; CHECK-NEXT: store float [[S]], ptr [[SLOT]]
; CHECK-NEXT: ret i32 0
; CHECK-NEXT: }

source_filename = "remat.cpp"
target triple = "x86_64-pc-linux-gnu"

define spir_kernel void @_ZTS5Remat(ptr %out, ptr %in) #0 {
entry:
  %gid = call i64 @__mux_get_global_id(i32 0)
  %g32 = trunc i64 %gid to i32
  %gf = sitofp i32 %g32 to float
  %idx = shl i64 %gid, 1
  %v = load float, ptr %in, align 4
  call void @__mux_work_group_barrier(i32 0, i32 2, i32 272)
  %slot = getelementptr inbounds float, ptr %out, i64 %idx
  %s = fadd float %gf, %v
  store float %s, ptr %slot, align 4
  ret void
}

declare i64 @__mux_get_global_id(i32)
declare void @__mux_work_group_barrier(i32, i32, i32)

attributes #0 = { "mux-kernel"="entry-point" "mux-orig-fn"="_ZTS5Remat" "mux-base-fn-name"="_ZTS5Remat" }
