; work-item-loops: a kernel that calls __mux_work_group_barrier cannot be wrapped in plain
; work-item loops yet; muxc fails with an error naming the kernel (by its original name) and the
; builtin, and prints no module.
; RUN: not muxc --passes work-item-loops,verify -S %s 2>&1 | FileCheck %s
; RUN: not muxc --passes work-item-loops -S %s 2>/dev/null | FileCheck %s --check-prefix=NO-OUTPUT --allow-empty

; CHECK: muxc: error: in function '_ZTS7Barrier': kernel synchronises its work-group (call to __mux_work_group_barrier in '_ZTS7Barrier'){{.*}}not supported
; NO-OUTPUT-NOT: define

source_filename = "barrier.cpp"
target triple = "x86_64-pc-linux-gnu"

define spir_kernel void @_ZTS7Barrier(ptr %local) #0 {
entry:
  store i32 1, ptr %local, align 4
  call void @__mux_work_group_barrier(i32 0, i32 2, i32 272)
  ret void
}

declare void @__mux_work_group_barrier(i32, i32, i32)

attributes #0 = { "mux-kernel"="entry-point" "mux-orig-fn"="_ZTS7Barrier" "mux-base-fn-name"="_ZTS7Barrier" }
