; work-item-loops alone: a barrier reached through helpers (two calls deep) is found; the error
; names the kernel and the helper, and says prepare-barriers must inline it first.
; RUN: not muxc --passes work-item-loops,verify -S %s 2>&1 | FileCheck %s

; CHECK: muxc: error: in function '_ZTS8Indirect': '_Z4leafi' synchronises the work-group (call to __mux_work_group_barrier) but was not inlined into the kernel: run prepare-barriers first

source_filename = "indirect.cpp"
target triple = "x86_64-pc-linux-gnu"

define internal spir_func i32 @_Z4leafi(i32 %v) {
entry:
  call void @__mux_work_group_barrier(i32 0, i32 2, i32 272)
  ret i32 %v
}

define internal spir_func i32 @_Z6middlei(i32 %v) {
entry:
  %r = call spir_func i32 @_Z4leafi(i32 %v)
  ret i32 %r
}

define spir_kernel void @_ZTS8Indirect(ptr %out) #0 {
entry:
  %gid = call i64 @__mux_get_global_id(i32 0)
  %v = trunc i64 %gid to i32
  %r = call spir_func i32 @_Z6middlei(i32 %v)
  store i32 %r, ptr %out, align 4
  ret void
}

declare i64 @__mux_get_global_id(i32)
declare void @__mux_work_group_barrier(i32, i32, i32)

attributes #0 = { "mux-kernel"="entry-point" "mux-orig-fn"="_ZTS8Indirect" "mux-base-fn-name"="_ZTS8Indirect" }
