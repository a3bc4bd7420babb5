; work-item-loops: a `readonly byval` kernel functor (what clang -O2 gives a lambda that only reads
; its captures) loses `byval` on the kernel, so all work-items share the launch's copy: the
; wrapper's parameter is `noalias readonly`, `dereferenceable` for the functor's 24 bytes and as
; aligned as the kernel's was, and the call passes the pointer as is. Other pointer
; parameters (an output buffer) get neither attribute.
; RUN: muxc --passes work-item-loops,verify -S %s | FileCheck %s

source_filename = "vadd.cpp"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%class.anon = type { ptr, ptr, ptr }

; CHECK: define internal void @_ZTSZ4mainE4VAdd(ptr noundef readonly align 8 captures(none) %0, ptr noundef %extra)
define dso_local spir_kernel void @_ZTSZ4mainE4VAdd(ptr noundef readonly byval(%class.anon) align 8 captures(none) %0, ptr noundef %extra) local_unnamed_addr #0 {
entry:
  %gid = tail call i64 @__mux_get_global_id(i32 0)
  %a.addr = getelementptr inbounds nuw i8, ptr %0, i64 8
  %a = load ptr, ptr %a.addr, align 8
  %a.slot = getelementptr inbounds nuw float, ptr %a, i64 %gid
  %av = load float, ptr %a.slot, align 4
  %c = load ptr, ptr %0, align 8
  %c.slot = getelementptr inbounds nuw float, ptr %c, i64 %gid
  store float %av, ptr %c.slot, align 4
  store float %av, ptr %extra, align 4
  ret void
}

declare i64 @__mux_get_global_id(i32)

; CHECK-LABEL: define void @_ZTSZ4mainE4VAdd.mux-barrier-wrapper(ptr noalias readonly align 8 dereferenceable(24) %0, ptr %extra)
; CHECK: call void @_ZTSZ4mainE4VAdd(ptr %0, ptr %extra)
; CHECK-NOT: byval
attributes #0 = { convergent mustprogress norecurse nounwind "mux-kernel"="entry-point" "mux-orig-fn"="_ZTSZ4mainE4VAdd" "mux-base-fn-name"="_ZTSZ4mainE4VAdd" }
