; work-item-loops: each work-group reduction gets, in the wrapper block of the region that
; starts at it and before that region's work-item loops, a fold over every work-item's stored
; operand (items = x*y*z of them) into an accumulator (an alloca of the wrapper entry) that starts at the operation's identity:
; smin i32 from INT32_MAX, umin i64 from all ones, fmax f64 from -infinity, fmul f32 from 1.0.
; Integer min/max fold with icmp+select, fmax with an unordered compare that skips NaNs, fmul
; with fmul. The folded value is the last argument of every call of that region.
; RUN: muxc --passes work-item-loops,verify -S %s | FileCheck %s

; CHECK-LABEL: define void @_ZTS7Reduces.mux-barrier-wrapper(
; CHECK: %items = mul nuw i64 %items.xy, %local_size.z

; CHECK: region.2:
; CHECK-NEXT: store i32 2147483647, ptr [[ACC:%[a-z]+\.acc[0-9]*]]
; CHECK-NEXT: br label %r2.fold
; CHECK: r2.fold:
; CHECK: [[V:%.*]] = load i32, ptr
; CHECK-NEXT: [[P:%.*]] = load i32, ptr [[ACC]]
; CHECK-NEXT: [[PICK:%.*]] = icmp slt i32 [[P]], [[V]]
; CHECK-NEXT: [[MIN:%.*]] = select i1 [[PICK]], i32 [[P]], i32 [[V]]
; CHECK-NEXT: store i32 [[MIN]], ptr [[ACC]]
; CHECK: icmp ult i64 {{%.*}}, %items
; CHECK: r2.fold.done:
; CHECK-NEXT: [[R:%.*]] = load i32, ptr [[ACC]]
; CHECK-NEXT: br label %r2.wi.loop.z
; CHECK: call i32 @_ZTS7Reduces.mux-barrier-region.2({{.*}}, i32 [[R]])

; CHECK: region.3:
; CHECK-NEXT: store i64 -1, ptr [[ACC:%[a-z]+\.acc[0-9]*]]
; CHECK-NEXT: br label %r3.fold
; CHECK: r3.fold:
; CHECK: [[V:%.*]] = load i64, ptr
; CHECK-NEXT: [[P:%.*]] = load i64, ptr [[ACC]]
; CHECK-NEXT: [[PICK:%.*]] = icmp ult i64 [[P]], [[V]]
; CHECK-NEXT: [[MIN:%.*]] = select i1 [[PICK]], i64 [[P]], i64 [[V]]
; CHECK-NEXT: store i64 [[MIN]], ptr [[ACC]]
; CHECK: r3.fold.done:
; CHECK-NEXT: [[R:%.*]] = load i64, ptr [[ACC]]
; CHECK-NEXT: br label %r3.wi.loop.z
; CHECK: call i32 @_ZTS7Reduces.mux-barrier-region.3({{.*}}, i64 [[R]])

; CHECK: region.4:
; CHECK-NEXT: store double 0xFFF0000000000000, ptr [[ACC:%[a-z]+\.acc[0-9]*]]
; CHECK-NEXT: br label %r4.fold
; CHECK: r4.fold:
; CHECK: [[V:%.*]] = load double, ptr
; CHECK-NEXT: [[P:%.*]] = load double, ptr [[ACC]]
; CHECK-NEXT: [[PICK:%.*]] = fcmp ugt double [[P]], [[V]]
; CHECK-NEXT: [[NAN:%.*]] = fcmp uno double [[P]], [[P]]
; CHECK: select i1 {{%.*}}, double [[P]], double [[V]]
; CHECK: r4.fold.done:
; CHECK-NEXT: [[R:%.*]] = load double, ptr [[ACC]]
; CHECK-NEXT: br label %r4.wi.loop.z
; CHECK: call i32 @_ZTS7Reduces.mux-barrier-region.4({{.*}}, double [[R]])

; CHECK: region.5:
; CHECK-NEXT: store float 1.000000e+00, ptr [[ACC:%[a-z]+\.acc[0-9]*]]
; CHECK-NEXT: br label %r5.fold
; CHECK: r5.fold:
; CHECK: [[V:%.*]] = load float, ptr
; CHECK-NEXT: [[P:%.*]] = load float, ptr [[ACC]]
; CHECK-NEXT: [[MUL:%.*]] = fmul float [[P]], [[V]]
; CHECK-NEXT: store float [[MUL]], ptr [[ACC]]
; CHECK: r5.fold.done:
; CHECK-NEXT: [[R:%.*]] = load float, ptr [[ACC]]
; CHECK-NEXT: br label %r5.wi.loop.z
; CHECK: call i32 @_ZTS7Reduces.mux-barrier-region.5({{.*}}, float [[R]])

; CHECK-LABEL: define internal i32 @_ZTS7Reduces.mux-barrier-region.5(ptr %0, i32 %1, i64 %2, double %3, float %4, ptr %5, float %6)
; CHECK: store float %6, ptr %0
; CHECK: ret i32 0

source_filename = "reduce.cpp"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

define spir_kernel void @_ZTS7Reduces(ptr %out, i32 %a, i64 %b, double %c, float %d) #0 {
entry:
  %r0 = call i32 @__mux_work_group_reduce_smin_i32(i32 0, i32 %a)
  store i32 %r0, ptr %out, align 4
  %r1 = call i64 @__mux_work_group_reduce_umin_i64(i32 1, i64 %b)
  store i64 %r1, ptr %out, align 8
  %r2 = call double @__mux_work_group_reduce_fmax_f64(i32 2, double %c)
  store double %r2, ptr %out, align 8
  %r3 = call float @__mux_work_group_reduce_fmul_f32(i32 3, float %d)
  store float %r3, ptr %out, align 4
  ret void
}

declare i32 @__mux_work_group_reduce_smin_i32(i32, i32)
declare i64 @__mux_work_group_reduce_umin_i64(i32, i64)
declare double @__mux_work_group_reduce_fmax_f64(i32, double)
declare float @__mux_work_group_reduce_fmul_f32(i32, float)

attributes #0 = { "mux-kernel"="entry-point" "mux-orig-fn"="_ZTS7Reduces" "mux-base-fn-name"="_ZTS7Reduces" }
