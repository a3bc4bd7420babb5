; work-item-loops: a barrier reached through a helper (two calls deep) is found too; the error
; names the kernel and the helper that calls the builtin. Work-group collectives
; (__mux_work_group_*) count as barriers.
; RUN: not muxc --passes work-item-loops,verify -S %s 2>&1 | FileCheck %s

; CHECK: muxc: error: in function '_ZTS6Reduce': kernel synchronises its work-group (call to __mux_work_group_reduce_add_i32 in '_Z4leafi')

source_filename = "reduce.cpp"
target triple = "x86_64-pc-linux-gnu"

define internal spir_func i32 @_Z4leafi(i32 %v) {
entry:
  %sum = call i32 @__mux_work_group_reduce_add_i32(i32 0, i32 %v)
  ret i32 %sum
}

define internal spir_func i32 @_Z6middlei(i32 %v) {
entry:
  %r = call spir_func i32 @_Z4leafi(i32 %v)
  ret i32 %r
}

define spir_kernel void @_ZTS6Reduce(ptr %out) #0 {
entry:
  %gid = call i64 @__mux_get_global_id(i32 0)
  %v = trunc i64 %gid to i32
  %r = call spir_func i32 @_Z6middlei(i32 %v)
  store i32 %r, ptr %out, align 4
  ret void
}

declare i64 @__mux_get_global_id(i32)
declare i32 @__mux_work_group_reduce_add_i32(i32, i32)

attributes #0 = { "mux-kernel"="entry-point" "mux-orig-fn"="_ZTS6Reduce" "mux-base-fn-name"="_ZTS6Reduce" }
