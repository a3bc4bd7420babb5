; convert-to-mux-builtins: a 2023 builtin variable may only be loaded from. Any other use fails
; the compilation with an error naming the function and the instruction: a store into the
; variable (this file as is), a store through a constant GEP into it, its address escaping into
; a call or into memory, a GEP with a non-constant index, and loads of other shapes (an `i32`
; from a `<3 x i64>` variable, an element past the third). Each variant deletes the store and
; uncomments one line.
; RUN: not muxc --passes convert-to-mux-builtins,verify -S %s 2>&1 | FileCheck %s --check-prefix=STORE
; RUN: sed -e '/zeroinitializer/d' -e 's/^;GEPSTORE //' %s | not muxc --passes convert-to-mux-builtins,verify -S 2>&1 \
; RUN:   | FileCheck %s --check-prefix=GEPSTORE
; RUN: sed -e '/zeroinitializer/d' -e 's/^;ESCAPE //' %s | not muxc --passes convert-to-mux-builtins,verify -S 2>&1 \
; RUN:   | FileCheck %s --check-prefix=ESCAPE
; RUN: sed -e '/zeroinitializer/d' -e 's/^;SPILL //' %s | not muxc --passes convert-to-mux-builtins,verify -S 2>&1 \
; RUN:   | FileCheck %s --check-prefix=SPILL
; RUN: sed -e '/zeroinitializer/d' -e 's/^;DYNAMIC //' %s | not muxc --passes convert-to-mux-builtins,verify -S 2>&1 \
; RUN:   | FileCheck %s --check-prefix=DYNAMIC
; RUN: sed -e '/zeroinitializer/d' -e 's/^;NARROW //' %s | not muxc --passes convert-to-mux-builtins,verify -S 2>&1 \
; RUN:   | FileCheck %s --check-prefix=NARROW
; RUN: sed -e '/zeroinitializer/d' -e 's/^;PAST //' %s | not muxc --passes convert-to-mux-builtins,verify -S 2>&1 \
; RUN:   | FileCheck %s --check-prefix=PAST
; And with none of them (the store deleted), the same file compiles.
; RUN: sed '/zeroinitializer/d' %s | muxc --passes convert-to-mux-builtins,verify -S \
; RUN:   | FileCheck %s --check-prefix=OK

; STORE: muxc: error: in function '_Z6helperPml': the SPIR-V builtin variable @__spirv_BuiltInGlobalInvocationId may only be loaded from (through constant GEPs and address-space casts): store <3 x i64> zeroinitializer, ptr addrspace(1) @__spirv_BuiltInGlobalInvocationId
; GEPSTORE: muxc: error: in function '_Z6helperPml': the SPIR-V builtin variable @__spirv_BuiltInGlobalInvocationId may only be loaded from {{.*}}: store i64 1, ptr addrspace(1) getelementptr inbounds (i8, ptr addrspace(1) @__spirv_BuiltInGlobalInvocationId, i64 8)
; ESCAPE: muxc: error: in function '_Z6helperPml': the SPIR-V builtin variable @__spirv_BuiltInGlobalInvocationId may only be loaded from {{.*}}: call void @use(ptr addrspace(1) @__spirv_BuiltInGlobalInvocationId)
; SPILL: muxc: error: in function '_Z6helperPml': the SPIR-V builtin variable @__spirv_BuiltInGlobalInvocationId may only be loaded from {{.*}}: store ptr addrspace(1) @__spirv_BuiltInGlobalInvocationId, ptr %out
; DYNAMIC: muxc: error: in function '_Z6helperPml': the SPIR-V builtin variable @__spirv_BuiltInGlobalInvocationId may only be loaded from {{.*}}: %p = getelementptr i64, ptr addrspace(1) @__spirv_BuiltInGlobalInvocationId, i64 %i
; NARROW: muxc: error: in function '_Z6helperPml': unsupported load of the SPIR-V builtin variable @__spirv_BuiltInGlobalInvocationId (expected <3 x i64>, or i64 at byte offset 0, 8 or 16, or i32 for sub-group variables): %narrow = load i32, ptr addrspace(1) @__spirv_BuiltInGlobalInvocationId
; PAST: muxc: error: in function '_Z6helperPml': unsupported load of the SPIR-V builtin variable @__spirv_BuiltInGlobalInvocationId {{.*}}: %past = load i64, ptr addrspace(1) getelementptr inbounds (i8, ptr addrspace(1) @__spirv_BuiltInGlobalInvocationId, i64 24)
; OK-NOT: __spirv_BuiltIn
; OK: %ok = call i64 @__mux_get_global_id(i32 0)
; OK-NOT: __spirv_BuiltIn

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

@__spirv_BuiltInGlobalInvocationId = external addrspace(1) global <3 x i64>, align 32

define spir_kernel void @_ZTS8Rejected(ptr %out) {
entry:
  call spir_func void @_Z6helperPml(ptr %out, i64 1)
  ret void
}

define linkonce_odr spir_func void @_Z6helperPml(ptr %out, i64 %i) {
entry:
  %ok = load i64, ptr addrspace(1) @__spirv_BuiltInGlobalInvocationId, align 8
  store i64 %ok, ptr %out, align 8
  store <3 x i64> zeroinitializer, ptr addrspace(1) @__spirv_BuiltInGlobalInvocationId, align 32
;GEPSTORE store i64 1, ptr addrspace(1) getelementptr inbounds (i8, ptr addrspace(1) @__spirv_BuiltInGlobalInvocationId, i64 8), align 8
;ESCAPE call void @use(ptr addrspace(1) @__spirv_BuiltInGlobalInvocationId)
;SPILL store ptr addrspace(1) @__spirv_BuiltInGlobalInvocationId, ptr %out, align 8
;DYNAMIC %p = getelementptr i64, ptr addrspace(1) @__spirv_BuiltInGlobalInvocationId, i64 %i
;NARROW %narrow = load i32, ptr addrspace(1) @__spirv_BuiltInGlobalInvocationId, align 4
;PAST %past = load i64, ptr addrspace(1) getelementptr inbounds (i8, ptr addrspace(1) @__spirv_BuiltInGlobalInvocationId, i64 24), align 8
  ret void
}

declare void @use(ptr addrspace(1))
