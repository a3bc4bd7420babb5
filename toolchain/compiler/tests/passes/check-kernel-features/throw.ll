; A kernel that can reach a C++ throw is refused with one line naming the kernel and the chain
; of calls, demangled, through calls and invokes (docs/kernel-features.md). What SYCL forbids
; but a CPU runs as the host would (recursion, calls through pointers, new) is allowed: the
; kernel @Allowed, checked first, is not the one reported; nor is a throw only host code reaches.
; RUN: not muxc --passes check-kernel-features %s 2>&1 | FileCheck %s

; CHECK: kernel 'main::{lambda(sycl::_V1::id<1>)#1}' throws a C++ exception, which SYCL kernels cannot do: kernel -> outer -> helper -> __cxa_throw
; CHECK-NOT: error

declare void @__cxa_throw(ptr, ptr, ptr)
declare ptr @_Znwm(i64)

define i32 @_Z9fibonaccii(i32 %n) {
entry:
  %small = icmp slt i32 %n, 2
  br i1 %small, label %done, label %recurse
recurse:
  %a1 = sub i32 %n, 1
  %a = call i32 @_Z9fibonaccii(i32 %a1)
  %b1 = sub i32 %n, 2
  %b = call i32 @_Z9fibonaccii(i32 %b1)
  %sum = add i32 %a, %b
  ret i32 %sum
done:
  ret i32 %n
}

declare i32 @__gxx_personality_v0(...)

define void @host_only() {
  call void @__cxa_throw(ptr null, ptr null, ptr null)
  unreachable
}

define spir_kernel void @Allowed(ptr %out, ptr %function) {
  %f = call i32 @_Z9fibonaccii(i32 10)
  %g = call i32 %function(i32 %f)
  %box = call ptr @_Znwm(i64 4)
  store i32 %g, ptr %box, align 4
  store i32 %g, ptr %out, align 4
  ret void
}

define i32 @_Z6helperi(i32 %x) {
  call void @__cxa_throw(ptr null, ptr null, ptr null)
  unreachable
}

define i32 @_Z5outeri(i32 %x) personality ptr @__gxx_personality_v0 {
entry:
  %r = invoke i32 @_Z6helperi(i32 %x) to label %ok unwind label %caught
ok:
  ret i32 %r
caught:
  %lp = landingpad { ptr, i32 } cleanup
  ret i32 0
}

define spir_kernel void @_ZTSZ4mainEUlN4sycl3_V12idILi1EEEE_(ptr %out) {
  %v = call i32 @_Z5outeri(i32 1)
  store i32 %v, ptr %out, align 4
  ret void
}
