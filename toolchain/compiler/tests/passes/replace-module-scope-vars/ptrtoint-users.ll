; replace-module-scope-vars: UndefinedBehaviorSanitizer's alignment check of a group_local_memory
; block turns into a constant `ptrtoint` of the variable's address once that address is a constant;
; the check then reads the work-group block's address instead.
; RUN: muxc --passes replace-module-scope-vars,verify -S %s | FileCheck %s
; CHECK-LABEL: define spir_kernel void @_ZTS7Aligned(ptr %out)
; CHECK: [[BLOCK:%.*]] = call ptr @__mux_get_local_variable_memory()
; CHECK: getelementptr inbounds i8, ptr [[BLOCK]], i64 128
; CHECK: [[GENERIC:%.*]] = addrspacecast ptr addrspace(3) {{%.*}} to ptr
; CHECK-NEXT: [[BITS:%.*]] = ptrtoint ptr [[GENERIC]] to i64
; CHECK-NEXT: %low = and i64 [[BITS]], 127
; CHECK-NOT: @second
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"
@first = internal addrspace(3) global [8 x i8] poison, align 128
@second = internal addrspace(3) global [1024 x i8] poison, align 128
define spir_kernel void @_ZTS7Aligned(ptr %out) #0 {
entry:
  %low = and i64 ptrtoint (ptr addrspacecast (ptr addrspace(3) @second to ptr) to i64), 127
  %aligned = icmp eq i64 %low, 0
  %flag = zext i1 %aligned to i32
  store i32 %flag, ptr %out, align 4
  ret void
}
attributes #0 = { "mux-kernel"="entry-point" "mux-orig-fn"="_ZTS7Aligned" }
