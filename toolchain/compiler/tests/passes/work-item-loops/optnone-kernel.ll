; work-item-loops on clang -O0 output: a `noinline optnone` kernel keeps both (alwaysinline would
; contradict noinline and fail the verifier) but still becomes internal with the C calling
; convention; the wrapper inherits neither noinline nor optnone, so it stays optimisable.
; RUN: muxc --passes work-item-loops,verify -S %s | FileCheck %s

source_filename = "o0.cpp"
target triple = "x86_64-pc-linux-gnu"

%class.anon = type { ptr }

; CHECK: define internal void @_ZTS2O0(ptr noundef byval(%class.anon) align 8 %0) #[[KERNEL:[0-9]+]] {
define dso_local spir_kernel void @_ZTS2O0(ptr noundef byval(%class.anon) align 8 %0) #0 {
entry:
  %gid = call i64 @__mux_get_global_id(i32 0)
  %out = load ptr, ptr %0, align 8
  %slot = getelementptr inbounds i64, ptr %out, i64 %gid
  store i64 %gid, ptr %slot, align 8
  ret void
}

declare i64 @__mux_get_global_id(i32)

; CHECK: define void @_ZTS2O0.mux-barrier-wrapper(ptr noalias readonly align 8 dereferenceable(8) %0) #[[WRAPPER:[0-9]+]] {
; CHECK: call void @_ZTS2O0(ptr byval(%class.anon) align 8 %0)

; CHECK-DAG: attributes #[[KERNEL]] = { convergent mustprogress noinline norecurse nounwind optnone "mux-base-fn-name"="_ZTS2O0" "mux-orig-fn"="_ZTS2O0" }
; CHECK-DAG: attributes #[[WRAPPER]] = { mustprogress norecurse nounwind "mux-base-fn-name"="_ZTS2O0" "mux-kernel"="entry-point" "mux-orig-fn"="_ZTS2O0" }
attributes #0 = { convergent mustprogress noinline norecurse nounwind optnone "mux-kernel"="entry-point" "mux-orig-fn"="_ZTS2O0" "mux-base-fn-name"="_ZTS2O0" }
