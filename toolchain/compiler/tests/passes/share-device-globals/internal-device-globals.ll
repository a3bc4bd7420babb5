; share-device-globals: device_globals with internal linkage (an unnamed namespace's, a static)
; become weak definitions named <name>.ncpu.<unit>, listed for the driver's llvm-objcopy
; (renames as "old new", the old names to make global); the headers' optimizer barriers (the
; marker assembly) are removed, their result replaced by their operand. A device_global with
; external linkage, an internal variable of another class and a declaration are left alone.
; RUN: muxc --passes='share-device-globals<unit=u1>' -S %s | FileCheck %s
; RUN: muxc --passes='share-device-globals<unit=u1;renames=%t.renames;globals=%t.globals>' -S %s -o %t.ll \
; RUN:   && FileCheck %s --check-prefix=RENAMES < %t.renames \
; RUN:   && FileCheck %s --check-prefix=GLOBALS < %t.globals
; RUN: not muxc --passes='share-device-globals' -S %s 2>&1 | FileCheck %s --check-prefix=NO-UNIT

target triple = "x86_64-pc-linux-gnu"

%"class.sycl::_V1::ext::oneapi::experimental::device_global" = type { i32 }
%"class.sycl::_V1::ext::oneapi::experimental::device_global.0" = type { [4 x i32] }
%"class.other" = type { i32 }

; CHECK: @_ZN12_GLOBAL__N_15countE.ncpu.u1 = weak dso_local global %"class.sycl::_V1::ext::oneapi::experimental::device_global" zeroinitializer
; CHECK: @_ZL5table.ncpu.u1 = weak dso_local global %"class.sycl::_V1::ext::oneapi::experimental::device_global.0" zeroinitializer
; CHECK: @shared = global %"class.sycl::_V1::ext::oneapi::experimental::device_global" zeroinitializer
; CHECK: @_ZL5plain = internal global %class.other zeroinitializer
@_ZN12_GLOBAL__N_15countE = internal global %"class.sycl::_V1::ext::oneapi::experimental::device_global" zeroinitializer
@_ZL5table = internal global %"class.sycl::_V1::ext::oneapi::experimental::device_global.0" zeroinitializer
@shared = global %"class.sycl::_V1::ext::oneapi::experimental::device_global" zeroinitializer
@_ZL5plain = internal global %class.other zeroinitializer

; RENAMES: _ZN12_GLOBAL__N_15countE _ZN12_GLOBAL__N_15countE.ncpu.u1
; RENAMES-NEXT: _ZL5table _ZL5table.ncpu.u1
; RENAMES-NOT: shared
; GLOBALS: _ZN12_GLOBAL__N_15countE
; GLOBALS-NEXT: _ZL5table
; GLOBALS-NOT: plain

; CHECK-LABEL: define spir_kernel void @k(
; CHECK-NOT: asm
; CHECK: store i32 1, ptr @_ZN12_GLOBAL__N_15countE.ncpu.u1
; CHECK: getelementptr inbounds i32, ptr @_ZL5table.ncpu.u1, i64 2
define spir_kernel void @k() {
entry:
  %count = call ptr asm "/* ncpu.device_global */", "=r,0"(ptr @_ZN12_GLOBAL__N_15countE)
  store i32 1, ptr %count
  %table = call ptr asm "/* ncpu.device_global */", "=r,0"(ptr @_ZL5table)
  %element = getelementptr inbounds i32, ptr %table, i64 2
  store i32 2, ptr %element
  ret void
}

; NO-UNIT: share-device-globals: needs unit=ID
