; work-item-loops: every entry point gets its own wrapper, named after its "mux-base-fn-name"
; (not its current name) and recording the original kernel in "mux-orig-fn"; a function that is
; not an entry point (no "mux-kernel"="entry-point", even a spir_kernel) is not wrapped.
; RUN: muxc --passes work-item-loops,verify -S %s | FileCheck %s

source_filename = "names.cpp"
target triple = "x86_64-pc-linux-gnu"

define spir_kernel void @_ZTS5First(ptr %out) #0 {
entry:
  store i32 1, ptr %out, align 4
  ret void
}

define void @_ZTS6Second.vectorized(ptr %out) #1 {
entry:
  store i32 2, ptr %out, align 4
  ret void
}

; CHECK: define spir_kernel void @_ZTS11NotMarkedUp(ptr %out) {
define spir_kernel void @_ZTS11NotMarkedUp(ptr %out) {
entry:
  ret void
}

; CHECK-DAG: define void @_ZTS5First.mux-barrier-wrapper(ptr %out) #[[FIRST:[0-9]+]] {
; CHECK-DAG: define void @_ZTS6Second.mux-barrier-wrapper(ptr %out) #[[SECOND:[0-9]+]] {
; CHECK-NOT: NotMarkedUp.mux-barrier-wrapper
; CHECK-DAG: attributes #[[FIRST]] = { "mux-base-fn-name"="_ZTS5First" "mux-kernel"="entry-point" "mux-orig-fn"="_ZTS5First" }
; CHECK-DAG: attributes #[[SECOND]] = { "mux-base-fn-name"="_ZTS6Second" "mux-kernel"="entry-point" "mux-orig-fn"="_ZTS6Second" }

attributes #0 = { "mux-kernel"="entry-point" "mux-orig-fn"="_ZTS5First" "mux-base-fn-name"="_ZTS5First" }
attributes #1 = { "mux-kernel"="entry-point" "mux-orig-fn"="_ZTS6Second" "mux-base-fn-name"="_ZTS6Second" }
