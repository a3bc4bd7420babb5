; convert-to-mux-builtins: the work-group memory builtins of our SYCL headers.
; `__nativecpu_get_local_memory()` (the block of local accessors) becomes
; `__mux_get_local_argument_memory()`. Each call of `__nativecpu_allocate_local_memory(size,
; alignment)` (group_local_memory) becomes its own internal `addrspace(3)` global `[size x i8]`
; with that alignment, used through an addrspacecast to a generic pointer; calls in helpers
; too. The declarations of both builtins are removed.
; RUN: muxc --passes convert-to-mux-builtins,verify -S %s | FileCheck %s

; CHECK: @[[A:__nativecpu_local_memory[.0-9]*]] = internal addrspace(3) global [64 x i8] poison, align 16
; CHECK-NEXT: @[[B:__nativecpu_local_memory[.0-9]*]] = internal addrspace(3) global [12 x i8] poison, align 4
; CHECK-NEXT: @[[C:__nativecpu_local_memory[.0-9]*]] = internal addrspace(3) global [8 x i8] poison, align 8

; CHECK-LABEL: define spir_kernel void @_ZTS5Local(ptr %out)
; CHECK-NEXT: entry:
; CHECK-NEXT: [[ARGS:%.*]] = call ptr @__mux_get_local_argument_memory()
; CHECK-NEXT: store i32 1, ptr [[ARGS]], align 4
; CHECK-NEXT: store i32 2, ptr addrspacecast (ptr addrspace(3) @[[A]] to ptr), align 16
; CHECK-NEXT: store i32 3, ptr addrspacecast (ptr addrspace(3) @[[B]] to ptr), align 4
; CHECK-NEXT: ret void

; CHECK-LABEL: define spir_func void @_Z6helperv()
; CHECK-NEXT: entry:
; CHECK-NEXT: store i64 4, ptr addrspacecast (ptr addrspace(3) @[[C]] to ptr), align 8
; CHECK-NEXT: ret void

; CHECK-NOT: __nativecpu_get_local_memory
; CHECK-NOT: __nativecpu_allocate_local_memory

source_filename = "local.cpp"
target triple = "x86_64-pc-linux-gnu"

define spir_kernel void @_ZTS5Local(ptr %out) {
entry:
  %acc = call ptr @__nativecpu_get_local_memory()
  store i32 1, ptr %acc, align 4
  %a = call ptr @__nativecpu_allocate_local_memory(i64 64, i64 16)
  store i32 2, ptr %a, align 16
  %b = call ptr @__nativecpu_allocate_local_memory(i64 12, i64 4)
  store i32 3, ptr %b, align 4
  ret void
}

define spir_func void @_Z6helperv() {
entry:
  %c = call ptr @__nativecpu_allocate_local_memory(i64 8, i64 8)
  store i64 4, ptr %c, align 8
  ret void
}

declare ptr @__nativecpu_get_local_memory()
declare ptr @__nativecpu_allocate_local_memory(i64, i64)
