; fatomics: a declaration with a float atomic's name but another signature (here the value is
; not a float) fails the compilation with an error naming it.
; RUN: not muxc --passes fatomics,verify -S %s 2>&1 | FileCheck %s
; CHECK: muxc: error: fatomics: @_Z21__spirv_AtomicFAddEXTPU3AS1iiii does not have the signature T(T *pointer, i32 scope, i32 semantics, T value) of a SPIR-V float atomic

declare spir_func i32 @_Z21__spirv_AtomicFAddEXTPU3AS1iiii(ptr addrspace(1), i32, i32, i32)
