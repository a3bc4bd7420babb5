; convert-to-mux-builtins: a work-group `__spirv_ControlBarrier(execution scope, memory scope,
; semantics)` becomes `__mux_work_group_barrier(i32 0, i32 <execution scope>, i32 <semantics>)`
; (barrier id 0, assigned later), in kernels and helpers alike; non-constant operands are passed
; through; the SPIR-V declaration is removed.
; RUN: muxc --passes convert-to-mux-builtins,verify -S %s | FileCheck %s

source_filename = "barrier.cpp"
target triple = "x86_64-pc-linux-gnu"

; Scopes: Workgroup = 2, Device = 1. Semantics 0x110 = SequentiallyConsistent | WorkgroupMemory.
; CHECK-LABEL: define spir_kernel void @_ZTS7Barrier(ptr %local)
; CHECK-NEXT: entry:
; CHECK-NEXT: store i32 1, ptr %local, align 4
; CHECK-NEXT: call void @__mux_work_group_barrier(i32 0, i32 2, i32 272)
; CHECK-NEXT: [[V:%.*]] = load i32, ptr %local, align 4
; CHECK-NEXT: call void @__mux_work_group_barrier(i32 0, i32 2, i32 912)
; CHECK-NEXT: call spir_func void @_Z4syncj(i32 [[V]])
; CHECK-NEXT: ret void
define spir_kernel void @_ZTS7Barrier(ptr %local) {
entry:
  store i32 1, ptr %local, align 4
  tail call void @_Z22__spirv_ControlBarrierjjj(i32 noundef 2, i32 noundef 2, i32 noundef 272) #0
  %v = load i32, ptr %local, align 4
  tail call void @_Z22__spirv_ControlBarrierjjj(i32 noundef 2, i32 noundef 1, i32 noundef 912) #0
  call spir_func void @_Z4syncj(i32 %v)
  ret void
}

; CHECK-LABEL: define spir_func void @_Z4syncj(i32 %semantics)
; CHECK-NEXT: entry:
; CHECK-NEXT: call void @__mux_work_group_barrier(i32 0, i32 2, i32 %semantics)
; CHECK-NEXT: ret void
define spir_func void @_Z4syncj(i32 %semantics) {
entry:
  call void @_Z22__spirv_ControlBarrierjjj(i32 2, i32 2, i32 %semantics)
  ret void
}

; CHECK-NOT: __spirv_ControlBarrier
; CHECK: declare void @__mux_work_group_barrier(i32, i32, i32)
; CHECK-NOT: __spirv_ControlBarrier
declare void @_Z22__spirv_ControlBarrierjjj(i32 noundef, i32 noundef, i32 noundef) #0

attributes #0 = { convergent nounwind }
