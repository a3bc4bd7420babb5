; unit-kernel-names: kernels whose names come from a type of internal linkage (an unnamed
; namespace's, `_GLOBAL__N_` in every translation unit) get the unit's id after their name; a
; kernel named by an external type, a non-kernel function of internal name and a kernel
; declaration keep theirs. Without unit=ID, or with another parameter, the pass refuses to run.
; RUN: muxc --passes='unit-kernel-names<unit=u7>' -S %s | FileCheck %s
; RUN: not muxc --passes='unit-kernel-names' -S %s 2>&1 | FileCheck %s --check-prefix=NO-UNIT
; RUN: not muxc --passes='unit-kernel-names<name=u7>' -S %s 2>&1 | FileCheck %s --check-prefix=UNKNOWN

target triple = "x86_64-pc-linux-gnu"

; CHECK: define weak_odr spir_kernel void @_ZTSN12_GLOBAL__N_11KE.ncpu.u7()
define weak_odr spir_kernel void @_ZTSN12_GLOBAL__N_11KE() {
  call void @_ZN12_GLOBAL__N_16helperEv()
  ret void
}

; CHECK: define weak_odr spir_kernel void @_ZTS6Shared()
define weak_odr spir_kernel void @_ZTS6Shared() {
  ret void
}

; CHECK: define internal void @_ZN12_GLOBAL__N_16helperEv()
define internal void @_ZN12_GLOBAL__N_16helperEv() {
  ret void
}

; CHECK: declare spir_kernel void @_ZTSN12_GLOBAL__N_15OtherE()
declare spir_kernel void @_ZTSN12_GLOBAL__N_15OtherE()

; NO-UNIT: unit-kernel-names: needs unit=ID
; UNKNOWN: unit-kernel-names: unknown parameter 'name=u7'
