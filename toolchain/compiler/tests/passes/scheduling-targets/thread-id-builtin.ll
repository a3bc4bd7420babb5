; Scheduling targets, example 1 (docs/compiler-pipeline.md, "Scheduling targets"): the test
; target `thread-id-builtin` defines `__mux_get_local_id` as the hardware thread id (`rdpid`) and
; keeps the software definitions of the rest, so the global id, which calls the local id, uses it
; too. The builtins still receive the scheduling parameters; globaldce and deadargelim remove
; what the custom definition does not need.
; RUN: muxc --passes 'add-sched-params<target=thread-id-builtin>,define-mux-builtins<target=thread-id-builtin>,verify' -S %s \
; RUN:   | FileCheck %s
; RUN: muxc --passes 'add-sched-params<target=thread-id-builtin>,define-mux-builtins<target=thread-id-builtin>,add-kernel-wrapper<target=thread-id-builtin>,globaldce,deadargelim,verify' -S %s \
; RUN:   | FileCheck %s --check-prefix=CLEAN

target triple = "x86_64-pc-linux-gnu"

declare i64 @__mux_get_local_id(i32)
declare i64 @__mux_get_global_id(i32)

; CHECK-LABEL: define internal i64 @__mux_get_local_id(
; CHECK-SAME: i32 %0, ptr %wi-info, ptr %wg-info) #[[BUILTIN:[0-9]+]] {
; CHECK-NEXT: entry:
; CHECK-NEXT: %thread-id = call i64 asm sideeffect "rdpid $0", "=r,~{memory}"()
; CHECK-NEXT: ret i64 %thread-id
; CHECK-LABEL: define internal i64 @__mux_get_global_id(i32 %0, ptr %wi-info, ptr %wg-info)
; CHECK: call i64 @__mux_get_local_id(i32 %0, ptr %wi-info, ptr %wg-info)
; CHECK: attributes #[[BUILTIN]] = { alwaysinline }

; CLEAN-LABEL: define internal i64 @__mux_get_local_id()
; CLEAN-NEXT: entry:
; CLEAN-NEXT: %thread-id = call i64 asm sideeffect "rdpid $0", "=r,~{memory}"()
; CLEAN: define void @my_kernel.mux-kernel-wrapper(ptr noalias %args, ptr noalias %wg-info)

define void @my_kernel(ptr %out) #0 {
  %tid = call i64 @__mux_get_local_id(i32 0)
  %gid = call i64 @__mux_get_global_id(i32 0)
  %sum = add i64 %tid, %gid
  store i64 %sum, ptr %out
  ret void
}

attributes #0 = { "mux-kernel"="entry-point" }
