; muxc: a pipeline element that is neither one of our passes nor an LLVM pass fails the run with
; `muxc: error: parse of pass pipeline '<text>' failed: …unknown pass name '<name>'`, exits
; non-zero and prints no module; so do unknown nested LLVM passes, parameters given to a pass
; that takes none, unknown parameters of work-item-loops (which takes debug and no-tail), and
; unbalanced brackets.
; RUN: not muxc --passes wibble -S %s 2>&1 | FileCheck %s
; RUN: not muxc --passes wibble -S %s 2>/dev/null | FileCheck %s --check-prefix=NO-OUTPUT --allow-empty
; RUN: not muxc --passes 'function(wibble)' -S %s 2>&1 | FileCheck %s --check-prefix=NESTED
; RUN: not muxc --passes 'prepare-barriers<x>' -S %s 2>&1 | FileCheck %s --check-prefix=PARAMS
; RUN: not muxc --passes 'work-item-loops<debug;x>' -S %s 2>&1 | FileCheck %s --check-prefix=WIL-PARAMS
; RUN: not muxc --passes 'function(instcombine' -S %s 2>&1 | FileCheck %s --check-prefix=BRACKETS

; CHECK: muxc: error: parse of pass pipeline 'wibble' failed{{.*}}unknown pass name 'wibble'
; NO-OUTPUT-NOT: {{.}}
; NESTED: muxc: error: parse of pass pipeline 'function(wibble)' failed{{.*}}'wibble'
; PARAMS: muxc: error: parse of pass pipeline 'prepare-barriers<x>' failed: pass 'prepare-barriers' takes no parameters
; WIL-PARAMS: muxc: error: parse of pass pipeline 'work-item-loops<debug;x>' failed: work-item-loops: unknown parameter 'x' (expected debug or no-tail)
; BRACKETS: muxc: error: parse of pass pipeline 'function(instcombine' failed

define void @f() {
  ret void
}
