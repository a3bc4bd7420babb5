; prepare-sycl-native-cpu: the state pointer is appended as the last parameter of every function
; that calls a mux state builtin (the leaf), of its callers, transitively (the middle helper and
; the entry point), and of nothing else: a helper that reads no state (even one whose address is
; taken) keeps its signature and is called as before. Calls to the rewritten functions pass the
; caller's own state, keeping their call-site attributes, and the builtins read that same state.
; RUN: muxc --passes prepare-sycl-native-cpu,verify -S %s | FileCheck %s --check-prefix=LEAF
; RUN: muxc --passes prepare-sycl-native-cpu,verify -S %s | FileCheck %s --check-prefix=MIDDLE
; RUN: muxc --passes prepare-sycl-native-cpu,verify -S %s | FileCheck %s --check-prefix=PURE
; RUN: muxc --passes prepare-sycl-native-cpu,verify -S %s | FileCheck %s --check-prefix=KERNEL

source_filename = "state.cpp"
target triple = "x86_64-pc-linux-gnu"

@table = internal constant [1 x ptr] [ptr @_Z4purem]

; LEAF-LABEL: define internal i64 @_Z4leafv(ptr %state)
; LEAF-NEXT: entry:
; LEAF-NEXT: [[ID:%.*]] = call i64 @__dpcpp_nativecpu_get_local_id(i32 1, ptr %state)
; LEAF-NEXT: ret i64 [[ID]]
define internal i64 @_Z4leafv() {
entry:
  %id = call i64 @__mux_get_local_id(i32 1)
  ret i64 %id
}

; MIDDLE-LABEL: define internal i64 @_Z6middlem(i64 %x, ptr %state)
; MIDDLE-NEXT: entry:
; MIDDLE-NEXT: [[L:%.*]] = call i64 @_Z4leafv(ptr %state)
; MIDDLE-NEXT: [[R:%.*]] = add i64 [[L]], %x
; MIDDLE-NEXT: ret i64 [[R]]
define internal i64 @_Z6middlem(i64 %x) {
entry:
  %l = call i64 @_Z4leafv()
  %r = add i64 %l, %x
  ret i64 %r
}

; PURE-LABEL: define internal i64 @_Z4purem(i64 %x) {
; PURE-NEXT: entry:
; PURE-NEXT: %r = mul i64 %x, 3
; PURE-NEXT: ret i64 %r
define internal i64 @_Z4purem(i64 %x) {
entry:
  %r = mul i64 %x, 3
  ret i64 %r
}

; KERNEL-LABEL: define internal void @_ZTS6Kernel.NativeCPUKernel(ptr %out, ptr %state)
; KERNEL-NEXT: entry:
; KERNEL-NEXT: [[G:%.*]] = call i64 @__dpcpp_nativecpu_get_global_id(i32 0, ptr %state)
; KERNEL-NEXT: [[M:%.*]] = call i64 @_Z6middlem(i64 noundef [[G]], ptr %state)
; KERNEL-NEXT: %p = call i64 @_Z4purem(i64 [[M]])
; KERNEL-NEXT: store i64 %p, ptr %out
; KERNEL-NEXT: ret void
; KERNEL-NOT: @__mux_
define void @_ZTS6Kernel(ptr %out) #0 {
entry:
  %g = call i64 @__mux_get_global_id(i32 0)
  %m = call i64 @_Z6middlem(i64 noundef %g)
  %p = call i64 @_Z4purem(i64 %m)
  store i64 %p, ptr %out
  ret void
}

declare i64 @__mux_get_local_id(i32)
declare i64 @__mux_get_global_id(i32)

attributes #0 = { nounwind "mux-kernel"="entry-point" "mux-orig-fn"="_ZTS6Kernel" "sycl-module-id"="state.cpp" }
