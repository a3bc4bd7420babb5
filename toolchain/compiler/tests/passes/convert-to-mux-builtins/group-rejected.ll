; convert-to-mux-builtins: group collectives the pass cannot lower fail the compilation with an
; error naming the kernel and the call: a scope that is not a constant (this file as is); a
; group operation other than Reduce (0), InclusiveScan (1) and ExclusiveScan (2), here
; ClusteredReduce (3) or a non-constant operation (the file rewritten by sed); and a device
; scope (1).
; RUN: not muxc --passes convert-to-mux-builtins,verify -S %s 2>&1 | FileCheck %s --check-prefix=SCOPE
; RUN: sed 's/i32 %%scope, i32 0,/i32 2, i32 3,/' %s | not muxc --passes convert-to-mux-builtins,verify -S 2>&1 \
; RUN:   | FileCheck %s --check-prefix=OP
; RUN: sed 's/i32 %%scope, i32 0,/i32 2, i32 %%scope,/' %s | not muxc --passes convert-to-mux-builtins,verify -S 2>&1 \
; RUN:   | FileCheck %s --check-prefix=OP
; RUN: sed 's/i32 %%scope, i32 0,/i32 1, i32 0,/' %s | not muxc --passes convert-to-mux-builtins,verify -S 2>&1 \
; RUN:   | FileCheck %s --check-prefix=DEVICE

; SCOPE: muxc: error: in function '_ZTS8Rejected': the execution scope of a group operation must be a constant: {{.*}}@_Z17__spirv_GroupIAddjji(i32 %scope, i32 0, i32 %a)
; OP: muxc: error: in function '_ZTS8Rejected': unsupported group operation (expected Reduce, InclusiveScan or ExclusiveScan): {{.*}}@_Z17__spirv_GroupIAddjji(
; DEVICE: muxc: error: in function '_ZTS8Rejected': group operations across the device are not supported: {{.*}}@_Z17__spirv_GroupIAddjji(i32 1,

source_filename = "rejected.cpp"
target triple = "x86_64-pc-linux-gnu"

define spir_kernel void @_ZTS8Rejected(ptr %out, i32 %scope, i32 %a) {
entry:
  %0 = call spir_func i32 @_Z17__spirv_GroupIAddjji(i32 %scope, i32 0, i32 %a)
  store i32 %0, ptr %out
  ret void
}

declare spir_func i32 @_Z17__spirv_GroupIAddjji(i32, i32, i32)
