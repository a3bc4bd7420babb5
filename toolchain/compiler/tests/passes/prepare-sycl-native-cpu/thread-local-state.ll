; prepare-sycl-native-cpu: a function that needs the state but whose address is taken (here
; stored in a global and called through it) cannot get the extra parameter, so it reads the
; state from the thread-local pointer @_ZL28nativecpu_thread_local_state, which the subhandler
; sets to its state copy before calling the kernel. What it calls still gets the state as a
; parameter; the kernel passes its own state to the functions that take one.
; RUN: muxc --passes prepare-sycl-native-cpu,verify -S %s | FileCheck %s
; Functions whose address is not taken never touch the thread-local pointer:
; RUN: sed -e 's/store ptr @_Z8callbackv, ptr @slot/store ptr null, ptr @slot/' %s \
; RUN:   | muxc --passes prepare-sycl-native-cpu,verify -S - | FileCheck %s --check-prefix=NONE

; CHECK: @_ZL28nativecpu_thread_local_state = internal thread_local global ptr null

; CHECK-LABEL: define internal i64 @_Z8callbackv()
; CHECK-NEXT: entry:
; CHECK-NEXT: %state = load ptr, ptr @_ZL28nativecpu_thread_local_state
; CHECK: call i64 @__dpcpp_nativecpu_get_local_id(i32 1, ptr %state)
; CHECK: call i64 @_Z6helperv(ptr %state)

; CHECK-LABEL: define internal i64 @_Z6helperv(ptr %state)
; CHECK: call i64 @__dpcpp_nativecpu_get_global_id(i32 0, ptr %state)

; CHECK-LABEL: define internal void @_ZTS8Callback.NativeCPUKernel(ptr %out, ptr %state)
; CHECK: store ptr @_Z8callbackv, ptr @slot
; CHECK: call i64 %callee()
; CHECK: call i64 @_Z8callbackv()
; CHECK: call i64 @_Z6helperv(ptr %state)

; CHECK-LABEL: define void @_ZTS8Callback(ptr noalias %args, ptr noalias %state)
; CHECK: store ptr %state.copy, ptr @_ZL28nativecpu_thread_local_state
; CHECK-NEXT: call void @_ZTS8Callback.NativeCPUKernel(

; NONE-NOT: nativecpu_thread_local_state
; NONE: define internal i64 @_Z8callbackv(ptr %state)

source_filename = "callback.cpp"
target triple = "x86_64-pc-linux-gnu"

@slot = global ptr null

define internal i64 @_Z6helperv() {
entry:
  %id = call i64 @__mux_get_global_id(i32 0)
  ret i64 %id
}

define internal i64 @_Z8callbackv() {
entry:
  %local = call i64 @__mux_get_local_id(i32 1)
  %helper = call i64 @_Z6helperv()
  %sum = add i64 %local, %helper
  ret i64 %sum
}

define void @_ZTS8Callback(ptr %out) #0 {
entry:
  store ptr @_Z8callbackv, ptr @slot
  %callee = load ptr, ptr @slot
  %indirect = call i64 %callee()
  %direct = call i64 @_Z8callbackv()
  %helper = call i64 @_Z6helperv()
  %sum = add i64 %indirect, %direct
  %all = add i64 %sum, %helper
  store i64 %all, ptr %out
  ret void
}

declare i64 @__mux_get_global_id(i32)
declare i64 @__mux_get_local_id(i32)

attributes #0 = { nounwind "mux-kernel"="entry-point" "mux-orig-fn"="_ZTS8Callback" }
