; replace-module-scope-vars: a PHI using a local variable (ping-pong buffers) gets the address
; computed on the incoming edge, before the predecessor's terminator, so PHIs stay grouped at the
; top of their block; constant-expression operands of a PHI likewise.
; RUN: muxc --passes replace-module-scope-vars,verify -S %s | FileCheck %s
; CHECK-LABEL: define spir_kernel void @_ZTS8PingPong(ptr %out, i1 %c)
; CHECK: a:
; CHECK: call ptr @__mux_get_local_variable_memory()
; CHECK: br label %j
; CHECK: b:
; CHECK: call ptr @__mux_get_local_variable_memory()
; CHECK: br label %j
; CHECK: j:
; CHECK-NEXT: %p = phi ptr addrspace(3) [ {{%.*}}, %a ], [ {{%.*}}, %b ]
; CHECK-NEXT: %q = phi ptr [ {{%.*}}, %a ], [ {{%.*}}, %b ]
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"
@ping = internal addrspace(3) global [4 x i32] poison, align 4
@pong = internal addrspace(3) global [4 x i32] poison, align 4
define spir_kernel void @_ZTS8PingPong(ptr %out, i1 %c) #0 {
entry:
  br i1 %c, label %a, label %b
a:
  br label %j
b:
  br label %j
j:
  %p = phi ptr addrspace(3) [ @ping, %a ], [ @pong, %b ]
  %q = phi ptr [ addrspacecast (ptr addrspace(3) @ping to ptr), %a ], [ addrspacecast (ptr addrspace(3) @pong to ptr), %b ]
  store i32 1, ptr addrspace(3) %p, align 4
  store i32 2, ptr %q, align 4
  ret void
}
attributes #0 = { "mux-kernel"="entry-point" "mux-orig-fn"="_ZTS8PingPong" }
