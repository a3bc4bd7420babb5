; add-sched-params (Native CPU, the default target): the entry point, the functions calling a
; scheduled builtin and their callers take `ptr %state` last and pass it on; a function that
; needs it but whose address is taken loads it from the thread-local pointer instead; the
; builtins the module calls are declared with the state appended, unused ones are deleted,
; and functions that need nothing are untouched. The builtins stay declarations.
; RUN: muxc --passes add-sched-params,verify -S %s | FileCheck %s
; RUN: muxc --passes 'add-sched-params<target=native-cpu>,verify' -S %s | FileCheck %s

target triple = "x86_64-pc-linux-gnu"

; CHECK: @_ZL28nativecpu_thread_local_state = internal thread_local global ptr null

declare i64 @__mux_get_global_id(i32)
declare i32 @__mux_get_sub_group_id()
declare void @__mux_set_local_id(i32, i64)
declare i64 @__mux_get_local_size(i32)

; CHECK-LABEL: define internal i64 @pure(i64 %x) {
define internal i64 @pure(i64 %x) {
  %y = add i64 %x, 1
  ret i64 %y
}

; CHECK-LABEL: define internal i32 @indirect() {
; CHECK-NEXT: %state = load ptr, ptr @_ZL28nativecpu_thread_local_state, align 8
; CHECK-NEXT: call i32 @__mux_get_sub_group_id(ptr %state)
define internal i32 @indirect() {
  %sg = call i32 @__mux_get_sub_group_id()
  ret i32 %sg
}

@table = internal constant [1 x ptr] [ptr @indirect]

; CHECK-LABEL: define internal i64 @helper(i32 %d, ptr %state) {
; CHECK-NEXT: call i64 @__mux_get_global_id(i32 %d, ptr %state)
define internal i64 @helper(i32 %d) {
  %id = call i64 @__mux_get_global_id(i32 %d)
  ret i64 %id
}

; CHECK-LABEL: define void @k(ptr %out, ptr %state) #0 {
; CHECK-NEXT: call void @__mux_set_local_id(i32 0, i64 3, ptr %state)
; CHECK-NEXT: [[ID:%.*]] = call i64 @helper(i32 0, ptr %state)
; CHECK-NEXT: call i64 @pure(i64 [[ID]])
; CHECK: call i32 %f()
define void @k(ptr %out) #0 {
  call void @__mux_set_local_id(i32 0, i64 3)
  %id = call i64 @helper(i32 0)
  %p = call i64 @pure(i64 %id)
  %f = load ptr, ptr @table
  %sg = call i32 %f()
  store i64 %p, ptr %out
  ret void
}

; CHECK-DAG: declare i64 @__mux_get_global_id(i32, ptr)
; CHECK-DAG: declare i32 @__mux_get_sub_group_id(ptr)
; CHECK-DAG: declare void @__mux_set_local_id(i32, i64, ptr)
; CHECK-NOT: __mux_get_local_size
; CHECK-NOT: __dpcpp_nativecpu

attributes #0 = { "mux-kernel"="entry-point" }
