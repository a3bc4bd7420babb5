; transfer-kernel-metadata: a kernel that already has "mux-orig-fn" / "mux-base-fn-name" (e.g. a
; clone made by an earlier pass) keeps those values, and still becomes an entry point; each key
; is filled in independently when only the other one is present.
; RUN: muxc --passes transfer-kernel-metadata,verify -S %s | FileCheck %s

source_filename = "existing.cpp"
target triple = "x86_64-pc-linux-gnu"

; CHECK: define spir_kernel void @_ZTS5Clone(ptr %out) #[[BOTH:[0-9]+]] {
define spir_kernel void @_ZTS5Clone(ptr %out) #0 {
entry:
  ret void
}

; CHECK: define spir_kernel void @_ZTS8OrigOnly(ptr %out) #[[ORIG:[0-9]+]] {
define spir_kernel void @_ZTS8OrigOnly(ptr %out) #1 {
entry:
  ret void
}

; CHECK: define spir_kernel void @_ZTS8BaseOnly(ptr %out) #[[BASE:[0-9]+]] {
define spir_kernel void @_ZTS8BaseOnly(ptr %out) #2 {
entry:
  ret void
}

; CHECK-DAG: attributes #[[BOTH]] = { nounwind "mux-base-fn-name"="_ZTS4Base" "mux-kernel"="entry-point" "mux-orig-fn"="_ZTS8Original" }
; CHECK-DAG: attributes #[[ORIG]] = { nounwind "mux-base-fn-name"="_ZTS8OrigOnly" "mux-kernel"="entry-point" "mux-orig-fn"="_ZTS8Original" }
; CHECK-DAG: attributes #[[BASE]] = { nounwind "mux-base-fn-name"="_ZTS4Base" "mux-kernel"="entry-point" "mux-orig-fn"="_ZTS8BaseOnly" }
attributes #0 = { nounwind "mux-orig-fn"="_ZTS8Original" "mux-base-fn-name"="_ZTS4Base" }
attributes #1 = { nounwind "mux-orig-fn"="_ZTS8Original" }
attributes #2 = { nounwind "mux-base-fn-name"="_ZTS4Base" }
