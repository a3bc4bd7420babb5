; replace-module-scope-vars: the vectorizer stores a group_local_memory address for every lane as
; a constant vector of that address; the vector is then built from the work-group block's
; address in the kernel, element by element.
; RUN: muxc --passes replace-module-scope-vars,verify -S %s | FileCheck %s
; CHECK-LABEL: define spir_kernel void @_ZTS6Escape(ptr %out)
; CHECK: [[BLOCK:%.*]] = call ptr @__mux_get_local_variable_memory()
; CHECK: [[GENERIC:%.*]] = addrspacecast ptr addrspace(3) {{%.*}} to ptr
; CHECK-NEXT: [[LANE0:%.*]] = insertelement <2 x ptr> poison, ptr [[GENERIC]], i32 0
; CHECK: [[LANE1:%.*]] = insertelement <2 x ptr> [[LANE0]], ptr {{%.*}}, i32 1
; CHECK-NEXT: store <2 x ptr> [[LANE1]], ptr %out, align 8
; CHECK-NOT: @escaping
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"
@escaping = internal addrspace(3) global [4 x i8] poison, align 4
define spir_kernel void @_ZTS6Escape(ptr %out) #0 {
entry:
  store <2 x ptr> <ptr addrspacecast (ptr addrspace(3) @escaping to ptr), ptr addrspacecast (ptr addrspace(3) @escaping to ptr)>, ptr %out, align 8
  ret void
}
attributes #0 = { "mux-kernel"="entry-point" "mux-orig-fn"="_ZTS6Escape" }
