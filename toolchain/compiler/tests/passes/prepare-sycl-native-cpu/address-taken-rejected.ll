; prepare-sycl-native-cpu: a function that needs the state (it calls a mux builtin) but whose
; address is taken (stored, or passed to another function) cannot get the extra parameter:
; muxc fails naming that function. Both kinds of address use are caught.
; RUN: not muxc --passes prepare-sycl-native-cpu,verify -S %s 2>&1 | FileCheck %s
; The same with the address passed to a function instead of stored:
; RUN: sed -e 's/store ptr @_Z8callbackv, ptr @slot/call void @_Z8registerPFmvE(ptr @_Z8callbackv)/' %s \
; RUN:   | not muxc --passes prepare-sycl-native-cpu,verify -S - 2>&1 | FileCheck %s

; CHECK: muxc: error: in function '_Z8callbackv': its address is taken, but it reads work-item state

source_filename = "callback.cpp"
target triple = "x86_64-pc-linux-gnu"

@slot = global ptr null

define internal i64 @_Z8callbackv() {
entry:
  %id = call i64 @__mux_get_global_id(i32 0)
  ret i64 %id
}

define void @_ZTS8Callback(ptr %out) #0 {
entry:
  store ptr @_Z8callbackv, ptr @slot
  %v = call i64 @_Z8callbackv()
  store i64 %v, ptr %out
  ret void
}

declare void @_Z8registerPFmvE(ptr)
declare i64 @__mux_get_global_id(i32)

attributes #0 = { nounwind "mux-kernel"="entry-point" "mux-orig-fn"="_ZTS8Callback" }
