; muxc: an input file that does not exist fails with an error naming it and a non-zero exit.
; MUTATION-EXEMPT: muxc fails before any pass runs.
; RUN: not muxc --passes verify -S %s.does-not-exist 2>&1 | FileCheck %s

; CHECK: muxc: error: {{.*}}missing-input.ll.does-not-exist: No such file or directory
