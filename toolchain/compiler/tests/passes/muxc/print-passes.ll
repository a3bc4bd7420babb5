; muxc --print-passes lists every registered pass, in pipeline order, with its parameters and
; one line of help, and the pipeline alias
; (on stderr, as the Construction Kit's muxc does), then exits successfully without reading
; any input.
; MUTATION-EXEMPT: no pass runs.
; RUN: muxc --print-passes 2>&1 | FileCheck %s
; RUN: muxc --print-passes %s.does-not-exist 2>&1 | FileCheck %s

; CHECK: Module passes:
; CHECK-NEXT: {{^  share-device-globals<unit=ID;renames=PATH;globals=PATH>: gives}}
; CHECK-NEXT: {{^  unit-kernel-names<unit=ID>: makes}}
; CHECK-NEXT: {{^  assign-sycl-module-id: stamps each kernel}}
; CHECK-NEXT: kernel-linkage
; CHECK-NEXT: check-kernel-features
; CHECK-NEXT: lower-kernel-properties
; CHECK-NEXT: spec-constants
; CHECK-NEXT: convert-to-mux-builtins
; CHECK-NEXT: fatomics
; CHECK-NEXT: transfer-kernel-metadata
; CHECK-NEXT: {{^  encode-kernel-metadata<name=N;local-sizes=X:Y:Z>: marks}}
; CHECK-NEXT: prepare-barriers
; CHECK-NEXT: {{^  run-vecz<width=N;remarks;required-only;budget=N>: }}
; CHECK-NEXT: define-native-math
; CHECK-NEXT: sub-groups-of-one
; CHECK-NEXT: {{^  work-item-loops<debug;no-tail>: runs a whole work-group}}
; CHECK-NEXT: {{^  streaming-stores<threshold=BYTES>: streams the output}}
; CHECK-NEXT: replace-module-scope-vars
; CHECK-NEXT: add-kernel-metadata
; CHECK-NEXT: {{^  add-sched-params<target=NAME>: }}
; CHECK-NEXT: {{^  define-mux-builtins<target=NAME>: }}
; CHECK-NEXT: {{^  add-kernel-wrapper<target=NAME>: }}
; CHECK-NEXT: prepare-sycl-native-cpu
; CHECK-NEXT: {{^  add-fp-control<ftz;no-ftz>: runs each entry point with a defined MXCSR}}
; CHECK-NEXT: rename-kernel-sycl-native-cpu
; CHECK-NEXT: {{^  narrow-constant-masks: turns masked loads and stores}}
; CHECK-NEXT: {{^  unmask-full-masks: before AVX-512}}
; CHECK-NEXT: {{^  widen-loop-masks: on AVX2}}
; CHECK-NEXT: {{^  align-nontemporal-stores: runs under-aligned non-temporal vector stores}}
; CHECK-NEXT: Pipeline aliases:
; CHECK-NEXT: native-cpu-pipeline
