; add-fp-control: each entry point becomes an internal, never-inlined `<name>.fp-body`, and a new
; function of the old name, attributes and signature saves MXCSR, loads the kernel's value,
; calls the body and loads the saved value back. The kernel's value rounds to nearest with every
; exception masked (0x1f80 = 8064) and sets FTZ and DAZ (0x8040) when the mode flushes: @keep has
; no denormal attribute (IEEE); @flush has "denormal-fp-math"="preserve-sign,preserve-sign"
; (0x9fc0 = 40896); @from_callee has none itself but calls a definition that flushes, whose mode
; it takes and records on its body; @dynamic keeps the caller's FTZ bit (0x8000 = 32768) and
; sets DAZ (0x1fc0 = 8128); @mixed flushes floats only, and since MXCSR has one setting for both
; types it keeps denormals. @helper is no entry point and is left alone; @returns passes its
; result through.
; RUN: muxc --passes add-fp-control,verify -S %s | FileCheck %s
; The ftz parameter flushes every kernel whatever its attributes.
; RUN: muxc --passes 'add-fp-control<ftz>,verify' -S %s | FileCheck %s --check-prefix=FTZ
; A module for another target is left alone.
; RUN: sed 's/^target triple = .*/target triple = "aarch64-unknown-linux-gnu"/' %s \
; RUN:   | muxc --passes add-fp-control,verify -S | FileCheck %s --check-prefix=OTHER
; RUN: not muxc --passes 'add-fp-control<daz>' %s 2>&1 | FileCheck %s --check-prefix=ERROR

; CHECK-LABEL: define internal void @keep.fp-body(ptr noalias %args, ptr noalias %state)
; CHECK-SAME: #[[BODY:[0-9]+]] {
; CHECK-NEXT: fadd float

; CHECK-LABEL: define internal void @from_callee.fp-body(ptr %args)
; CHECK-SAME: #[[FROM_BODY:[0-9]+]] {

; CHECK-LABEL: define void @keep(ptr noalias %args, ptr noalias %state)
; CHECK-SAME: #[[WRAPPER:[0-9]+]] {
; CHECK-NEXT: entry:
; CHECK-NEXT: %mxcsr.saved = alloca i32
; CHECK-NEXT: %mxcsr.kernel = alloca i32
; CHECK-NEXT: call void @llvm.x86.sse.stmxcsr(ptr %mxcsr.saved)
; CHECK-NEXT: %mxcsr.caller = load i32, ptr %mxcsr.saved
; CHECK-NEXT: store i32 8064, ptr %mxcsr.kernel
; CHECK-NEXT: call void @llvm.x86.sse.ldmxcsr(ptr %mxcsr.kernel)
; CHECK-NEXT: call void @keep.fp-body(ptr %args, ptr %state)
; CHECK-NEXT: call void @llvm.x86.sse.ldmxcsr(ptr %mxcsr.saved)
; CHECK-NEXT: ret void

; CHECK-LABEL: define void @flush(
; CHECK: store i32 40896, ptr %mxcsr.kernel
; CHECK-NEXT: call void @llvm.x86.sse.ldmxcsr(ptr %mxcsr.kernel)
; CHECK-NEXT: call void @flush.fp-body(

; CHECK-LABEL: define void @from_callee(
; CHECK: store i32 40896, ptr %mxcsr.kernel

; CHECK-LABEL: define void @dynamic(
; CHECK: %mxcsr.caller = load i32, ptr %mxcsr.saved
; CHECK-NEXT: %mxcsr.kept = and i32 %mxcsr.caller, 32768
; CHECK-NEXT: %mxcsr = or i32 %mxcsr.kept, 8128
; CHECK-NEXT: store i32 %mxcsr, ptr %mxcsr.kernel

; CHECK-LABEL: define void @mixed(
; CHECK: store i32 8064, ptr %mxcsr.kernel

; CHECK-LABEL: define i32 @returns(i32 %x)
; CHECK: %0 = call i32 @returns.fp-body(i32 %x)
; CHECK-NEXT: call void @llvm.x86.sse.ldmxcsr(ptr %mxcsr.saved)
; CHECK-NEXT: ret i32 %0

; CHECK: attributes #[[BODY]] = { noinline nounwind "mux-orig-fn"="keep" }
; CHECK: attributes #[[FROM_BODY]] = { noinline "denormal-fp-math"="preserve-sign,preserve-sign" }
; CHECK: attributes #[[WRAPPER]] = { nounwind "mux-kernel"="entry-point" "mux-orig-fn"="keep" "sycl-module-id"="a.cpp" }

; FTZ-LABEL: define void @keep(
; FTZ: store i32 40896, ptr %mxcsr.kernel
; FTZ-LABEL: define void @mixed(
; FTZ: store i32 40896, ptr %mxcsr.kernel

; OTHER-NOT: mxcsr
; OTHER: define void @keep(ptr noalias %args, ptr noalias %state)
; OTHER-NEXT: fadd float
; OTHER-NOT: mxcsr

; ERROR: add-fp-control: unknown parameter 'daz' (expected ftz or no-ftz)

target triple = "x86_64-pc-linux-gnu"

define void @keep(ptr noalias %args, ptr noalias %state) #0 {
  %x = fadd float 1.0, 2.0
  ret void
}

define void @flush(ptr %args) #1 {
  ret void
}

define void @from_callee(ptr %args) #2 {
  call void @helper(ptr %args)
  ret void
}

define void @dynamic(ptr %args) #3 {
  ret void
}

define void @mixed(ptr %args) #4 {
  ret void
}

define i32 @returns(i32 %x) #2 {
  ret i32 %x
}

define internal void @helper(ptr %p) #5 {
  store float 0.0, ptr %p
  ret void
}

attributes #0 = { nounwind "mux-kernel"="entry-point" "mux-orig-fn"="keep" "sycl-module-id"="a.cpp" }
attributes #1 = { "mux-kernel"="entry-point" "denormal-fp-math"="preserve-sign,preserve-sign" }
attributes #2 = { "mux-kernel"="entry-point" }
attributes #3 = { "mux-kernel"="entry-point" "denormal-fp-math"="dynamic,preserve-sign" }
attributes #4 = { "mux-kernel"="entry-point" "denormal-fp-math-f32"="preserve-sign,preserve-sign" }
attributes #5 = { "denormal-fp-math"="preserve-sign,preserve-sign" }
