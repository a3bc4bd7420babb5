; muxc: input that is not valid LLVM IR (this very file: @f returns a value from a void function)
; fails with one error line naming the file and the parser's position and message, and a
; non-zero exit; the same through standard input names `-`.
; MUTATION-EXEMPT: muxc fails before any pass runs.
; RUN: not muxc --passes verify -S %s 2>&1 | FileCheck %s
; RUN: not muxc --passes verify -S < %s 2>&1 | FileCheck %s --check-prefix=STDIN

; CHECK: muxc: error: {{.*}}malformed-ir.ll: invalid LLVM IR: {{.*}}malformed-ir.ll:[[@LINE+4]]:7: error: value doesn't match function result type 'void'
; STDIN: muxc: error: -: invalid LLVM IR: {{.*}}error: value doesn't match function result type 'void'

define void @f() {
  ret i32 0
}
