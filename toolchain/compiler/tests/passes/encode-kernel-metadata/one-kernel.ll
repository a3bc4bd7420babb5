; encode-kernel-metadata<name=N;local-sizes=X:Y:Z>: marks only the named function as a kernel
; entry point (mux-orig-fn and mux-base-fn-name naming it) and, with local-sizes, attaches
; !reqd_work_group_size. name is mandatory, local-sizes needs three sizes, unknown parameters
; and a missing function are errors.
; RUN: muxc --passes 'encode-kernel-metadata<name=_ZTS3Two;local-sizes=8:4:2>,verify' -S %s | FileCheck %s
; RUN: muxc --passes 'encode-kernel-metadata<name=_ZTS3One>,verify' -S %s | FileCheck %s --check-prefix=NOSIZE
; RUN: not muxc --passes 'encode-kernel-metadata<local-sizes=8:4:2>' -S %s 2>&1 | FileCheck %s --check-prefix=NONAME
; RUN: not muxc --passes 'encode-kernel-metadata<name=_ZTS3One;local-sizes=8:4>' -S %s 2>&1 | FileCheck %s --check-prefix=SIZES
; RUN: not muxc --passes 'encode-kernel-metadata<name=_ZTS3One;wibble>' -S %s 2>&1 | FileCheck %s --check-prefix=UNKNOWN
; RUN: not muxc --passes 'encode-kernel-metadata<name=_ZTS4None>' -S %s 2>&1 | FileCheck %s --check-prefix=MISSING

; CHECK: define spir_kernel void @_ZTS3One() {
; CHECK: define spir_kernel void @_ZTS3Two() #[[ATTRS:[0-9]+]] !reqd_work_group_size ![[SZ:[0-9]+]] {
; CHECK: attributes #[[ATTRS]] = { "mux-base-fn-name"="_ZTS3Two" "mux-kernel"="entry-point" "mux-orig-fn"="_ZTS3Two" }
; CHECK: ![[SZ]] = !{i32 8, i32 4, i32 2}

; NOSIZE: define spir_kernel void @_ZTS3One() #[[ATTRS:[0-9]+]] {
; NOSIZE: define spir_kernel void @_ZTS3Two() {
; NOSIZE-NOT: reqd_work_group_size
; NOSIZE: attributes #[[ATTRS]] = { "mux-base-fn-name"="_ZTS3One" "mux-kernel"="entry-point" "mux-orig-fn"="_ZTS3One" }

; NONAME: EncodeKernelMetadataPass must be provided a 'name'
; SIZES: local-sizes must be three sizes X:Y:Z of at least 1, not '8:4'
; UNKNOWN: unknown parameter 'wibble'
; MISSING: muxc: error: encode-kernel-metadata: no function definition named '_ZTS4None'

target triple = "x86_64-pc-linux-gnu"

define spir_kernel void @_ZTS3One() {
entry:
  ret void
}

define spir_kernel void @_ZTS3Two() {
entry:
  ret void
}
