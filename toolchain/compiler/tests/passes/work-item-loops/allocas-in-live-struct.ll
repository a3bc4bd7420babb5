; work-item-loops: the kernel's entry-block allocas live in the live-variable struct (their
; memory must survive the barrier): every region addresses them with a GEP into its work-item's
; struct, the allocas and their lifetime markers are gone, and accesses keep their alignment.
; The struct `%<base>_live_mem_info` is sorted by decreasing alignment and honours each alloca's
; own alignment, with explicit `[n x i8]` padding (the struct is packed: that padding is its whole
; layout): [3 x i32] aligned 32 (12 bytes, then 4 bytes
; of padding), double (8), the live i32 %x (4), the i8 flag (1), then 3 bytes so the 32-byte
; stride keeps every work-item's struct 32-aligned; the wrapper sizes the buffer with that stride.
; A live value placed after padding (`_ZTS6Padded`: the double after [3 x i32]'s 4 bytes of
; padding) is stored and reloaded at its own alignment.
; RUN: muxc --passes work-item-loops,verify -S %s | FileCheck %s
; RUN: muxc --passes work-item-loops,verify -S %s | FileCheck %s --check-prefix=PADDED

; CHECK: %_ZTS7Private_live_mem_info = type <{ [3 x i32], [4 x i8], double, i32, i8, [3 x i8] }>

; CHECK-LABEL: define void @_ZTS7Private.mux-barrier-wrapper(ptr %out)
; CHECK: %live.bytes = mul nuw i64 %items, 32
; CHECK: %live.offset = mul nuw i64 %wi.linear, 32

; CHECK-LABEL: define internal i32 @_ZTS7Private.mux-barrier-region.1(ptr %0, ptr %1)
; CHECK-NEXT: region.entry:
; CHECK-DAG: [[FLAG:%.*]] = getelementptr inbounds nuw %_ZTS7Private_live_mem_info, ptr %1, i32 0, i32 4
; CHECK-DAG: [[ARR:%.*]] = getelementptr inbounds nuw %_ZTS7Private_live_mem_info, ptr %1, i32 0, i32 0
; CHECK-DAG: [[D:%.*]] = getelementptr inbounds nuw %_ZTS7Private_live_mem_info, ptr %1, i32 0, i32 2
; CHECK-NOT: alloca
; CHECK-NOT: llvm.lifetime
; CHECK: %x = load i32, ptr %slot
; CHECK-NEXT: [[XP:%.*]] = getelementptr inbounds nuw %_ZTS7Private_live_mem_info, ptr %1, i32 0, i32 3
; CHECK-NEXT: store i32 %x, ptr [[XP]], align 4
; CHECK-NEXT: store i32 %x, ptr [[ARR]], align 32
; CHECK-NEXT: store double 1.000000e+00, ptr [[D]], align 8
; CHECK-NEXT: store i8 1, ptr [[FLAG]], align 1
; CHECK-NOT: llvm.lifetime
; CHECK: ret i32 2
; CHECK-NEXT: }

; CHECK-LABEL: define internal i32 @_ZTS7Private.mux-barrier-region.2(ptr %0, ptr %1)
; CHECK-NEXT: region.entry:
; CHECK-DAG: [[FLAG:%.*]] = getelementptr inbounds nuw %_ZTS7Private_live_mem_info, ptr %1, i32 0, i32 4
; CHECK-DAG: [[ARR:%.*]] = getelementptr inbounds nuw %_ZTS7Private_live_mem_info, ptr %1, i32 0, i32 0
; CHECK-NOT: alloca
; CHECK-NOT: llvm.lifetime
; CHECK: [[E:%.*]] = getelementptr inbounds [3 x i32], ptr [[ARR]], i64 0, i64 1
; CHECK-NEXT: [[Y:%.*]] = load i32, ptr [[ARR]], align 32
; CHECK-NEXT: [[XP:%.*]] = getelementptr inbounds nuw %_ZTS7Private_live_mem_info, ptr %1, i32 0, i32 3
; CHECK-NEXT: [[X:%.*]] = load i32, ptr [[XP]], align 4
; CHECK-NEXT: [[Z:%.*]] = add i32 [[Y]], [[X]]
; CHECK-NEXT: store i32 [[Z]], ptr [[E]], align 4
; CHECK-NEXT: load i8, ptr [[FLAG]], align 1
; CHECK-NOT: llvm.lifetime
; CHECK: ret i32 0
; CHECK-NEXT: }

; PADDED: %_ZTS6Padded_live_mem_info = type <{ [3 x i32], [4 x i8], double, [8 x i8] }>
; PADDED-LABEL: define internal i32 @_ZTS6Padded.mux-barrier-region.1(ptr %0, ptr %1)
; PADDED: [[VP:%.*]] = getelementptr inbounds nuw %_ZTS6Padded_live_mem_info, ptr %1, i32 0, i32 2
; PADDED-NEXT: store double %v, ptr [[VP]], align 8
; PADDED-LABEL: define internal i32 @_ZTS6Padded.mux-barrier-region.2(ptr %0, ptr %1)
; PADDED: [[VP:%.*]] = getelementptr inbounds nuw %_ZTS6Padded_live_mem_info, ptr %1, i32 0, i32 2
; PADDED-NEXT: load double, ptr [[VP]], align 8

source_filename = "alloca.cpp"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

define spir_kernel void @_ZTS7Private(ptr %out) #0 {
entry:
  %flag = alloca i8, align 1
  %arr = alloca [3 x i32], align 32
  %d = alloca double, align 8
  call void @llvm.lifetime.start.p0(ptr %arr)
  %gid = call i64 @__mux_get_global_id(i32 0)
  %slot = getelementptr inbounds i32, ptr %out, i64 %gid
  %x = load i32, ptr %slot, align 4
  store i32 %x, ptr %arr, align 32
  store double 1.0, ptr %d, align 8
  store i8 1, ptr %flag, align 1
  call void @__mux_work_group_barrier(i32 0, i32 2, i32 272)
  %e = getelementptr inbounds [3 x i32], ptr %arr, i64 0, i64 1
  %y = load i32, ptr %arr, align 32
  %z = add i32 %y, %x
  store i32 %z, ptr %e, align 4
  %f = load i8, ptr %flag, align 1
  call void @llvm.lifetime.end.p0(ptr %arr)
  store i32 %z, ptr %out, align 4
  ret void
}

define spir_kernel void @_ZTS6Padded(ptr %out) #1 {
entry:
  %arr = alloca [3 x i32], align 32
  %gid = call i64 @__mux_get_global_id(i32 0)
  %slot = getelementptr inbounds i32, ptr %out, i64 %gid
  %x = load i32, ptr %slot, align 4
  store i32 %x, ptr %arr, align 32
  %v = sitofp i32 %x to double
  call void @__mux_work_group_barrier(i32 0, i32 2, i32 272)
  %y = load i32, ptr %arr, align 32
  %w = fptosi double %v to i32
  %z = add i32 %y, %w
  store i32 %z, ptr %out, align 4
  ret void
}

declare void @llvm.lifetime.start.p0(ptr)
declare void @llvm.lifetime.end.p0(ptr)
declare i64 @__mux_get_global_id(i32)
declare void @__mux_work_group_barrier(i32, i32, i32)

attributes #0 = { "mux-kernel"="entry-point" "mux-orig-fn"="_ZTS7Private" "mux-base-fn-name"="_ZTS7Private" }
attributes #1 = { "mux-kernel"="entry-point" "mux-orig-fn"="_ZTS6Padded" "mux-base-fn-name"="_ZTS6Padded" }
