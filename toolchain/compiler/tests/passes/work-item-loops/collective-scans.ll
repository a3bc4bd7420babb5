; work-item-loops: work-group scans accumulate inside the work-item loops of the region that
; starts at them, in local linear order (z outermost, x innermost). The accumulator starts at the
; operation's identity (-infinity for fmax, 1 for mul); per work-item the wrapper loads the
; operand that work-item stored, combines it into the accumulator, and passes the combined value
; (inclusive scan) or the value from before (exclusive scan) to the region. The operands are
; stored by the region that reaches the scan, in the block that ends at it.
; RUN: muxc --passes work-item-loops,verify -S %s | FileCheck %s

; CHECK: %_ZTS4Scan_live_mem_info = type <{ i64, float, [4 x i8] }>

; CHECK-LABEL: define void @_ZTS4Scan.mux-barrier-wrapper(ptr %out, float %x)
; Inclusive fmax: region 2.
; CHECK: region.2:
; CHECK-NEXT: store float 0xFFF0000000000000, ptr [[ACC:%[a-z]+\.acc[0-9]*]]
; CHECK-NEXT: br label %r2.wi.loop.z
; CHECK: r2.wi.loop.x:
; CHECK: [[ITEM:%.*]] = getelementptr inbounds i8, ptr %live_variables, i64
; CHECK-NEXT: [[SLOT:%.*]] = getelementptr inbounds nuw %_ZTS4Scan_live_mem_info, ptr [[ITEM]], i32 0, i32 1
; CHECK-NEXT: [[V:%.*]] = load float, ptr [[SLOT]]
; CHECK-NEXT: [[BEFORE:%.*]] = load float, ptr [[ACC]]
; CHECK-NEXT: [[PICK:%.*]] = fcmp ugt float [[BEFORE]], [[V]]
; CHECK: [[AFTER:%.*]] = select i1 {{%.*}}, float [[BEFORE]], float [[V]]
; CHECK-NEXT: store float [[AFTER]], ptr [[ACC]]
; CHECK-NEXT: call i32 @_ZTS4Scan.mux-barrier-region.2(ptr %out, float %x, ptr [[ITEM]], float [[AFTER]])
; CHECK: r2.wi.exit:
; Exclusive mul: region 3.
; CHECK: region.3:
; CHECK-NEXT: store i64 1, ptr [[ACC:%[a-z]+\.acc[0-9]*]]
; CHECK-NEXT: br label %r3.wi.loop.z
; CHECK: r3.wi.loop.x:
; CHECK: [[ITEM:%.*]] = getelementptr inbounds i8, ptr %live_variables, i64
; CHECK-NEXT: [[SLOT:%.*]] = getelementptr inbounds nuw %_ZTS4Scan_live_mem_info, ptr [[ITEM]], i32 0, i32 0
; CHECK-NEXT: [[V:%.*]] = load i64, ptr [[SLOT]]
; CHECK-NEXT: [[BEFORE:%.*]] = load i64, ptr [[ACC]]
; CHECK-NEXT: [[AFTER:%.*]] = mul i64 [[BEFORE]], [[V]]
; CHECK-NEXT: store i64 [[AFTER]], ptr [[ACC]]
; CHECK-NEXT: call i32 @_ZTS4Scan.mux-barrier-region.3(ptr %out, float %x, ptr [[ITEM]], i64 [[BEFORE]])
; CHECK: r3.wi.exit:

; CHECK-LABEL: define internal i32 @_ZTS4Scan.mux-barrier-region.1(ptr %0, float %1, ptr %2)
; CHECK: barrier:
; CHECK-NEXT: [[SLOT:%.*]] = getelementptr inbounds nuw %_ZTS4Scan_live_mem_info, ptr %2, i32 0, i32 1
; CHECK-NEXT: store float %1, ptr [[SLOT]]
; CHECK-NEXT: ret i32 2
; CHECK-LABEL: define internal i32 @_ZTS4Scan.mux-barrier-region.2(ptr %0, float %1, ptr %2, float %3)
; CHECK: store float %3, ptr
; CHECK: [[SLOT:%.*]] = getelementptr inbounds nuw %_ZTS4Scan_live_mem_info, ptr %2, i32 0, i32 0
; CHECK: store i64 {{%.*}}, ptr [[SLOT]]
; CHECK-NEXT: ret i32 3
; CHECK-LABEL: define internal i32 @_ZTS4Scan.mux-barrier-region.3(ptr %0, float %1, ptr %2, i64 %3)
; CHECK: store i64 %3, ptr
; CHECK: ret i32 0

source_filename = "scan.cpp"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

define spir_kernel void @_ZTS4Scan(ptr %out, float %x) #0 {
entry:
  %gid = call i64 @__mux_get_global_id(i32 0)
  %inc = call float @__mux_work_group_scan_inclusive_fmax_f32(i32 0, float %x)
  %slot = getelementptr inbounds float, ptr %out, i64 %gid
  store float %inc, ptr %slot, align 4
  %exc = call i64 @__mux_work_group_scan_exclusive_mul_i64(i32 1, i64 %gid)
  %slot2 = getelementptr inbounds i64, ptr %out, i64 %gid
  store i64 %exc, ptr %slot2, align 8
  ret void
}

declare i64 @__mux_get_global_id(i32)
declare float @__mux_work_group_scan_inclusive_fmax_f32(i32, float)
declare i64 @__mux_work_group_scan_exclusive_mul_i64(i32, i64)

attributes #0 = { "mux-kernel"="entry-point" "mux-orig-fn"="_ZTS4Scan" "mux-base-fn-name"="_ZTS4Scan" }
