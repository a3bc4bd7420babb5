; Scheduling targets, example 3 (docs/compiler-pipeline.md, "Scheduling targets"): the test
; target `thread-id-parameter` adds a third scheduling parameter, `i64 thread-id`, passed by the
; caller of the kernel wrapper, and `__mux_get_local_id` returns it. Every function reaching the
; work-item state takes it after `wi-info` and `wg-info`, and the wrapper passes its own through.
; RUN: muxc --passes 'add-sched-params<target=thread-id-parameter>,define-mux-builtins<target=thread-id-parameter>,add-kernel-wrapper<target=thread-id-parameter>,verify' -S %s \
; RUN:   | FileCheck %s

target triple = "x86_64-pc-linux-gnu"

declare i64 @__mux_get_local_id(i32)
declare i64 @__mux_get_global_id(i32)

; CHECK-LABEL: define internal void @my_kernel(ptr %out, ptr %wi-info, ptr %wg-info, i64 %thread-id)
; CHECK-NEXT: call i64 @__mux_get_local_id(i32 0, ptr %wi-info, ptr %wg-info, i64 %thread-id)

; CHECK-LABEL: define internal i64 @__mux_get_local_id(i32 %0, ptr %wi-info, ptr %wg-info, i64 %thread-id)
; CHECK-NEXT: entry:
; CHECK-NEXT: ret i64 %thread-id

; CHECK-LABEL: define internal i64 @__mux_get_global_id(i32 %0, ptr %wi-info, ptr %wg-info, i64 %thread-id)
; CHECK: call i64 @__mux_get_local_id(i32 %0, ptr %wi-info, ptr %wg-info, i64 %thread-id)

; CHECK-LABEL: define void @my_kernel.mux-kernel-wrapper(ptr noalias %args, ptr noalias %wg-info, i64 %thread-id)
; CHECK-NEXT: entry:
; CHECK-NEXT: %wi-info = alloca %MuxWorkItemInfo, align 8
; CHECK: call void @my_kernel(ptr %arg0, ptr %wi-info, ptr %wg-info, i64 %thread-id)

define void @my_kernel(ptr %out) #0 {
  %tid = call i64 @__mux_get_local_id(i32 0)
  %gid = call i64 @__mux_get_global_id(i32 0)
  %sum = add i64 %tid, %gid
  store i64 %sum, ptr %out
  ret void
}

attributes #0 = { "mux-kernel"="entry-point" }
