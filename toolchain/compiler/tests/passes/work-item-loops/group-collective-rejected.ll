; work-item-loops: work-group collectives (__mux_work_group_reduce_*, scans, broadcasts …)
; synchronise the work-group like barriers, so a kernel using one is rejected the same way, with
; the collective named in the error. Kernels without one in the same module do not matter.
; RUN: not muxc --passes work-item-loops,verify -S %s 2>&1 | FileCheck %s

; CHECK: muxc: error: in function '_ZTS6Reduce': kernel synchronises its work-group (call to __mux_work_group_reduce_add_i32 in '_ZTS6Reduce')

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
