; work-item-loops: a `byval` kernel functor the kernel may write (no `readonly`, e.g. clang -O0 or
; a functor with mutable state) keeps `byval` on the kernel, and the call in the work-item loop
; repeats it, so every work-item gets a private copy. The wrapper's own parameter is still
; `noalias readonly`: the loop only copies from it.
; RUN: muxc --passes work-item-loops,verify -S %s | FileCheck %s

source_filename = "mutable.cpp"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%struct.Functor = type { ptr, i32 }

; CHECK: define internal void @_ZTS7Functor(ptr noundef byval(%struct.Functor) align 8 %this)
define dso_local spir_kernel void @_ZTS7Functor(ptr noundef byval(%struct.Functor) align 8 %this) #0 {
entry:
  %gid = call i64 @__mux_get_global_id(i32 0)
  %count.addr = getelementptr inbounds nuw i8, ptr %this, i64 8
  %count = load i32, ptr %count.addr, align 8
  %inc = add i32 %count, 1
  store i32 %inc, ptr %count.addr, align 8
  %out = load ptr, ptr %this, align 8
  %slot = getelementptr inbounds i32, ptr %out, i64 %gid
  store i32 %inc, ptr %slot, align 4
  ret void
}

declare i64 @__mux_get_global_id(i32)

; CHECK-LABEL: define void @_ZTS7Functor.mux-barrier-wrapper(ptr noalias readonly align 8 dereferenceable(16) %this)
; CHECK: call void @__mux_set_local_id(i32 0,
; CHECK-NEXT: call void @_ZTS7Functor(ptr byval(%struct.Functor) {{(align 8 )?}}%this)
attributes #0 = { convergent mustprogress norecurse nounwind "mux-kernel"="entry-point" "mux-orig-fn"="_ZTS7Functor" "mux-base-fn-name"="_ZTS7Functor" }
