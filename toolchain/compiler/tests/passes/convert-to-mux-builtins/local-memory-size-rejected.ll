; convert-to-mux-builtins: `__nativecpu_allocate_local_memory` needs a size (and an alignment)
; known at compile time, since it becomes a module-scope global: a size computed at run time
; fails the compilation, naming the kernel; so does a run-time alignment (the file rewritten).
; RUN: not muxc --passes convert-to-mux-builtins,verify -S %s 2>&1 | FileCheck %s
; RUN: sed 's/i64 %%n, i64 16/i64 64, i64 %%n/' %s | not muxc --passes convert-to-mux-builtins,verify -S 2>&1 \
; RUN:   | FileCheck %s

; CHECK: muxc: error: in function '_ZTS7Dynamic': group_local_memory needs a size and alignment known at compile time

source_filename = "dynamic.cpp"
target triple = "x86_64-pc-linux-gnu"

define spir_kernel void @_ZTS7Dynamic(ptr %out, i64 %n) {
entry:
  %a = call ptr @__nativecpu_allocate_local_memory(i64 %n, i64 16)
  store i32 2, ptr %a, align 16
  ret void
}

declare ptr @__nativecpu_allocate_local_memory(i64, i64)
