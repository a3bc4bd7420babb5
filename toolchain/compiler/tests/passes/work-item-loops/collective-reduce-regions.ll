; work-item-loops: a work-group reduction is a barrier: the kernel is cut into two regions, the
; operand every work-item computes is stored into its live-variable struct by region 1, and
; before region 2's loops the wrapper folds the stored operands of every work-item (from the
; identity, 0 for add) and passes the sum to each call of region 2. A kernel without
; collectives in the same module keeps the plain loop.
; RUN: muxc --passes work-item-loops,verify -S %s | FileCheck %s

; CHECK: %_ZTS6Reduce_live_mem_info = type <{ i32 }>
; CHECK-LABEL: define void @_ZTS5Plain.mux-barrier-wrapper(
; CHECK: call void @_ZTS5Plain(ptr %out)
; CHECK-LABEL: define void @_ZTS6Reduce.mux-barrier-wrapper(
; CHECK: %live_variables = call ptr @__dpcpp_nativecpu_work_group_scratch(i32 0, i64 %live.bytes)
; CHECK: switch i32 %region, label %barrier.unreachable [
; CHECK-NEXT: i32 0, label %kernel.exit
; CHECK-NEXT: i32 1, label %region.1
; CHECK-NEXT: i32 2, label %region.2
; CHECK: call i32 @_ZTS6Reduce.mux-barrier-region.1(ptr %out, ptr %live.item)
; CHECK: region.2:
; CHECK: store i32 0, ptr %fold.acc
; CHECK: r2.fold:
; CHECK: %collective.value = load i32, ptr
; CHECK: %acc = add i32 %collective.before, %collective.value
; CHECK: r2.fold.done:
; CHECK: %fold.result = load i32, ptr %fold.acc
; CHECK: call i32 @_ZTS6Reduce.mux-barrier-region.2(ptr %out, ptr %live.item{{[0-9]*}}, i32 %fold.result)
; CHECK-LABEL: define internal i32 @_ZTS6Reduce.mux-barrier-region.1(ptr %0, ptr %1)
; CHECK: %v = trunc i64 %gid to i32
; CHECK: store i32 %v, ptr %live.gep
; CHECK: ret i32 2
; CHECK-LABEL: define internal i32 @_ZTS6Reduce.mux-barrier-region.2(ptr %0, ptr %1, i32 %2)
; CHECK: store i32 %2, ptr %0
; CHECK: ret i32 0

source_filename = "reduce.cpp"
target triple = "x86_64-pc-linux-gnu"

define spir_kernel void @_ZTS5Plain(ptr %out) #0 {
entry:
  store i32 0, ptr %out, align 4
  ret void
}

define spir_kernel void @_ZTS6Reduce(ptr %out) #1 {
entry:
  %gid = call i64 @__mux_get_global_id(i32 0)
  %v = trunc i64 %gid to i32
  %sum = call i32 @__mux_work_group_reduce_add_i32(i32 0, i32 %v)
  store i32 %sum, ptr %out, align 4
  ret void
}

declare i64 @__mux_get_global_id(i32)
declare i32 @__mux_work_group_reduce_add_i32(i32, i32)

attributes #0 = { "mux-kernel"="entry-point" "mux-orig-fn"="_ZTS5Plain" "mux-base-fn-name"="_ZTS5Plain" }
attributes #1 = { "mux-kernel"="entry-point" "mux-orig-fn"="_ZTS6Reduce" "mux-base-fn-name"="_ZTS6Reduce" }
