; replace-module-scope-vars: a module without addrspace(3) global definitions is left as it is:
; globals of other address spaces keep their uses, no __mux_get_local_variable_memory call is
; added and the entry point gets no "mux-local-mem-usage". The same file with @counter moved to
; addrspace(3) (rewritten by sed) shows the pass at work: @counter is replaced and the usage is 4.
; RUN: muxc --passes replace-module-scope-vars,verify -S %s | FileCheck %s
; RUN: sed 's/addrspace(1)/addrspace(3)/g' %s | muxc --passes replace-module-scope-vars,verify -S \
; RUN:   | FileCheck %s --check-prefix=LOCAL

; CHECK: @counter = internal addrspace(1) global i32 0, align 4
; CHECK: @table = internal constant [2 x i32] [i32 1, i32 2], align 4
; CHECK-LABEL: define spir_kernel void @_ZTS5Plain(ptr %out)
; CHECK-SAME: #[[ATTRS:[0-9]+]] {
; CHECK-NEXT: entry:
; CHECK-NEXT: %v = load i32, ptr getelementptr inbounds ([2 x i32], ptr @table, i64 0, i64 1), align 4
; CHECK-NEXT: store i32 %v, ptr addrspace(1) @counter, align 4
; CHECK-NEXT: ret void
; CHECK-NOT: __mux_get_local_variable_memory
; CHECK: attributes #[[ATTRS]] = { "mux-kernel"="entry-point" "mux-orig-fn"="_ZTS5Plain" }
; CHECK-NOT: mux-local-mem-usage

; LOCAL-NOT: @counter
; LOCAL: call ptr @__mux_get_local_variable_memory()
; LOCAL: "mux-local-mem-usage"="4"

source_filename = "plain.cpp"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

@counter = internal addrspace(1) global i32 0, align 4
@table = internal constant [2 x i32] [i32 1, i32 2], align 4

define spir_kernel void @_ZTS5Plain(ptr %out) #0 {
entry:
  %v = load i32, ptr getelementptr inbounds ([2 x i32], ptr @table, i64 0, i64 1), align 4
  store i32 %v, ptr addrspace(1) @counter, align 4
  ret void
}

attributes #0 = { "mux-kernel"="entry-point" "mux-orig-fn"="_ZTS5Plain" }
