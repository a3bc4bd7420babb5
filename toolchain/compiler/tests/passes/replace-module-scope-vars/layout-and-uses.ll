; replace-module-scope-vars: the addrspace(3) globals (work-group local variables) are laid out
; in module order, each at an offset aligned to its own alignment: @flag (i8) at 0, @tile
; ([4 x i32], align 16) at 16, @sum (double) at 32, @big ([3 x i8], align 32) at 64; the total,
; 67 bytes rounded up to the largest alignment, is 96. Every use reads
; `__mux_get_local_variable_memory()` and offsets it, cast back to addrspace(3): direct uses,
; and uses through constant `getelementptr` and `addrspacecast` expressions (nested too), which
; are rebuilt as instructions before the instruction using them, in kernels and helpers alike.
; The globals are deleted and every entry point gets "mux-local-mem-usage"="96".
; RUN: muxc --passes replace-module-scope-vars,verify -S %s | FileCheck %s

; CHECK-NOT: addrspace(3) global
; CHECK-NOT: @flag
; CHECK-NOT: @tile
; CHECK-NOT: @sum
; CHECK-NOT: @big

; CHECK-LABEL: define spir_kernel void @_ZTS5First(ptr %out)
; CHECK-SAME: #[[FIRST:[0-9]+]] {
; CHECK-NEXT: entry:
; CHECK-NEXT: [[M:%.*]] = call ptr @__mux_get_local_variable_memory()
; CHECK-NEXT: [[P:%.*]] = getelementptr inbounds i8, ptr [[M]], i64 0
; CHECK-NEXT: [[FLAG:%.*]] = addrspacecast ptr [[P]] to ptr addrspace(3)
; CHECK-NEXT: store i8 1, ptr addrspace(3) [[FLAG]], align 1
; CHECK-NEXT: [[M:%.*]] = call ptr @__mux_get_local_variable_memory()
; CHECK-NEXT: [[P:%.*]] = getelementptr inbounds i8, ptr [[M]], i64 16
; CHECK-NEXT: [[TILE:%.*]] = addrspacecast ptr [[P]] to ptr addrspace(3)
; CHECK-NEXT: [[E:%.*]] = getelementptr {{(inbounds )?}}[4 x i32], ptr addrspace(3) [[TILE]], i64 0, i64 2
; CHECK-NEXT: store i32 7, ptr addrspace(3) [[E]], align 8
; CHECK-NEXT: [[M:%.*]] = call ptr @__mux_get_local_variable_memory()
; CHECK-NEXT: [[P:%.*]] = getelementptr inbounds i8, ptr [[M]], i64 16
; CHECK-NEXT: [[TILE:%.*]] = addrspacecast ptr [[P]] to ptr addrspace(3)
; CHECK-NEXT: [[G:%.*]] = addrspacecast ptr addrspace(3) [[TILE]] to ptr
; CHECK-NEXT: %v = load i32, ptr [[G]], align 16
; CHECK-NEXT: store i32 %v, ptr %out
; CHECK-NEXT: call spir_func void @_Z6helperv()
; CHECK-NEXT: ret void

; CHECK-LABEL: define spir_func void @_Z6helperv() {
; CHECK-NEXT: entry:
; CHECK-NEXT: [[M:%.*]] = call ptr @__mux_get_local_variable_memory()
; CHECK-NEXT: [[P:%.*]] = getelementptr inbounds i8, ptr [[M]], i64 32
; CHECK-NEXT: [[SUM:%.*]] = addrspacecast ptr [[P]] to ptr addrspace(3)
; CHECK-NEXT: [[G:%.*]] = addrspacecast ptr addrspace(3) [[SUM]] to ptr
; CHECK-NEXT: store double 1.000000e+00, ptr [[G]], align 8
; CHECK-NEXT: [[M:%.*]] = call ptr @__mux_get_local_variable_memory()
; CHECK-NEXT: [[P:%.*]] = getelementptr inbounds i8, ptr [[M]], i64 64
; CHECK-NEXT: [[BIG:%.*]] = addrspacecast ptr [[P]] to ptr addrspace(3)
; CHECK-NEXT: [[E:%.*]] = getelementptr {{(inbounds )?}}[3 x i8], ptr addrspace(3) [[BIG]], i64 0, i64 1
; CHECK-NEXT: [[G:%.*]] = addrspacecast ptr addrspace(3) [[E]] to ptr
; CHECK-NEXT: store i8 2, ptr [[G]], align 1
; CHECK-NEXT: ret void

; CHECK-LABEL: define spir_kernel void @_ZTS6Second(ptr %out)
; CHECK-SAME: #[[SECOND:[0-9]+]] {
; CHECK: declare ptr @__mux_get_local_variable_memory()
; CHECK-DAG: attributes #[[FIRST]] = { "mux-kernel"="entry-point" "mux-local-mem-usage"="96" "mux-orig-fn"="_ZTS5First" }
; CHECK-DAG: attributes #[[SECOND]] = { "mux-kernel"="entry-point" "mux-local-mem-usage"="96" "mux-orig-fn"="_ZTS6Second" }

source_filename = "locals.cpp"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

@flag = internal addrspace(3) global i8 poison, align 1
@tile = internal addrspace(3) global [4 x i32] poison, align 16
@sum = internal addrspace(3) global double poison, align 8
@big = internal addrspace(3) global [3 x i8] poison, align 32

define spir_kernel void @_ZTS5First(ptr %out) #0 {
entry:
  store i8 1, ptr addrspace(3) @flag, align 1
  store i32 7, ptr addrspace(3) getelementptr inbounds ([4 x i32], ptr addrspace(3) @tile, i64 0, i64 2), align 8
  %v = load i32, ptr addrspacecast (ptr addrspace(3) @tile to ptr), align 16
  store i32 %v, ptr %out, align 4
  call spir_func void @_Z6helperv()
  ret void
}

define spir_func void @_Z6helperv() {
entry:
  store double 1.0, ptr addrspacecast (ptr addrspace(3) @sum to ptr), align 8
  store i8 2, ptr addrspacecast (ptr addrspace(3) getelementptr inbounds ([3 x i8], ptr addrspace(3) @big, i64 0, i64 1) to ptr), align 1
  ret void
}

define spir_kernel void @_ZTS6Second(ptr %out) #1 {
entry:
  ret void
}

attributes #0 = { "mux-kernel"="entry-point" "mux-orig-fn"="_ZTS5First" }
attributes #1 = { "mux-kernel"="entry-point" "mux-orig-fn"="_ZTS6Second" }
