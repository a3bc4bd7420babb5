; work-item-loops: instructions after a barrier keep their names in the region functions.
; RUN: muxc --passes work-item-loops,verify -S %s | FileCheck %s
; CHECK-LABEL: define internal i32 @_ZTS5Names.mux-barrier-region.2(
; CHECK: %b = add i32 {{%.*}}, 1
; CHECK-NEXT: %c = mul i32 %b, %b
target triple = "x86_64-pc-linux-gnu"
define spir_kernel void @_ZTS5Names(ptr %out) #0 {
entry:
  %a = load i32, ptr %out, align 4
  call void @__mux_work_group_barrier(i32 0, i32 2, i32 272)
  %b = add i32 %a, 1
  %c = mul i32 %b, %b
  store i32 %c, ptr %out, align 4
  ret void
}
declare void @__mux_work_group_barrier(i32, i32, i32)
attributes #0 = { "mux-kernel"="entry-point" "mux-orig-fn"="_ZTS5Names" "mux-base-fn-name"="_ZTS5Names" }
