; muxc with an empty pipeline (no --passes, or --passes=) prints the module unchanged; -o writes
; it to a file instead of stdout; standard input works; --filetype=obj writes bitcode that muxc
; reads back; --filetype=null writes nothing. LLVM passes run on their own too.
; MUTATION-EXEMPT: checks muxc itself, mostly with no passes at all.
; RUN: muxc -S %s | FileCheck %s
; RUN: muxc --passes= -S %s | FileCheck %s
; RUN: muxc -S < %s | FileCheck %s
; RUN: muxc -S %s -o %t && FileCheck %s < %t
; RUN: muxc --filetype=obj %s -o %t && muxc -S %t | FileCheck %s
; RUN: muxc --filetype=null %s | FileCheck %s --check-prefix=NOTHING --allow-empty
; RUN: muxc --passes='function(instcombine)' -S %s | FileCheck %s --check-prefix=LLVM

; CHECK: source_filename = "pass-through.cpp"
; CHECK: define spir_kernel void @_ZTS4Same(ptr %out) #0 {
; CHECK-NEXT: entry:
; CHECK-NEXT: %x = add i32 1, 2
; CHECK-NEXT: store i32 %x, ptr %out, align 4
; CHECK-NEXT: ret void
; CHECK: attributes #0 = { nounwind "sycl-module-id"="pass-through.cpp" }

; NOTHING-NOT: {{.}}

; LLVM: store i32 3, ptr %out, align 4

source_filename = "pass-through.cpp"
target triple = "x86_64-pc-linux-gnu"

define spir_kernel void @_ZTS4Same(ptr %out) #0 {
entry:
  %x = add i32 1, 2
  store i32 %x, ptr %out, align 4
  ret void
}

attributes #0 = { nounwind "sycl-module-id"="pass-through.cpp" }
