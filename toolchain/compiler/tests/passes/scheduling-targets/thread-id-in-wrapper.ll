; Scheduling targets, example 2 (docs/compiler-pipeline.md, "Scheduling targets"): the test
; target `thread-id-in-wrapper` keeps the software `__mux_get_local_id`, which reads `wi-info`,
; and initialises `wi-info` in the kernel wrapper with the hardware thread id (`rdpid`) as the
; local id in x. Without work-item loops nothing overwrites it.
; RUN: muxc --passes 'add-sched-params<target=thread-id-in-wrapper>,define-mux-builtins<target=thread-id-in-wrapper>,add-kernel-wrapper<target=thread-id-in-wrapper>,verify' -S %s \
; RUN:   | FileCheck %s

target triple = "x86_64-pc-linux-gnu"

declare i64 @__mux_get_local_id(i32)

; CHECK-LABEL: define internal i64 @__mux_get_local_id(i32 %0, ptr %wi-info, ptr %wg-info)
; CHECK: getelementptr inbounds %MuxWorkItemInfo, ptr %wi-info, i32 0, i32 0,

; CHECK-LABEL: define void @my_kernel.mux-kernel-wrapper(ptr noalias %args, ptr noalias %wg-info)
; CHECK-NEXT: entry:
; CHECK-NEXT: %wi-info = alloca %MuxWorkItemInfo, align 8
; CHECK-NEXT: %local-id = getelementptr inbounds nuw %MuxWorkItemInfo, ptr %wi-info, i32 0, i32 0
; CHECK-NEXT: %thread-id = call i64 asm sideeffect "rdpid $0", "=r,~{memory}"()
; CHECK-NEXT: store i64 %thread-id, ptr %local-id
; CHECK: call void @my_kernel(ptr %arg0, ptr %wi-info, ptr %wg-info)

define void @my_kernel(ptr %out) #0 {
  %tid = call i64 @__mux_get_local_id(i32 0)
  store i64 %tid, ptr %out
  ret void
}

attributes #0 = { "mux-kernel"="entry-point" }
