; define-mux-builtins (Native CPU): each scheduled builtin is replaced by the device library's
; `__dpcpp_nativecpu_*` accessor, which takes the same parameters, declared if the library is
; not linked; the calls keep their arguments. A builtin declared without the state (add-sched-params
; has not run) or an accessor of another type is refused with one line.
; RUN: muxc --passes define-mux-builtins,verify -S %s | FileCheck %s
; RUN: sed 's/;UNSCHEDULED //' %s | not muxc --passes define-mux-builtins -S - 2>&1 \
; RUN:   | FileCheck %s --check-prefix=UNSCHEDULED
; RUN: sed 's/;LIBRARY //' %s | not muxc --passes define-mux-builtins -S - 2>&1 \
; RUN:   | FileCheck %s --check-prefix=LIBRARY

target triple = "x86_64-pc-linux-gnu"

declare i64 @__mux_get_global_id(i32, ptr)
declare void @__mux_set_local_id(i32, i64, ptr)
declare ptr @__mux_get_local_variable_memory(ptr)
;UNSCHEDULED declare i32 @__mux_get_sub_group_size()
;LIBRARY declare i32 @__dpcpp_nativecpu_get_global_id(i32, ptr)

; CHECK-LABEL: define void @k(ptr %out, ptr %state) {
; CHECK-NEXT: call void @__dpcpp_nativecpu_set_local_id(i32 0, i64 3, ptr %state)
; CHECK-NEXT: %id = call i64 @__dpcpp_nativecpu_get_global_id(i32 0, ptr %state)
; CHECK-NEXT: %memory = call ptr @__dpcpp_nativecpu_get_local_variable_memory(ptr %state)
define void @k(ptr %out, ptr %state) {
  call void @__mux_set_local_id(i32 0, i64 3, ptr %state)
  %id = call i64 @__mux_get_global_id(i32 0, ptr %state)
  %memory = call ptr @__mux_get_local_variable_memory(ptr %state)
  store i64 %id, ptr %memory
  ret void
}

; CHECK-DAG: declare i64 @__dpcpp_nativecpu_get_global_id(i32, ptr)
; CHECK-DAG: declare void @__dpcpp_nativecpu_set_local_id(i32, i64, ptr)
; CHECK-DAG: declare ptr @__dpcpp_nativecpu_get_local_variable_memory(ptr)
; CHECK-NOT: @__mux_

; UNSCHEDULED: muxc: error: define-mux-builtins: '__mux_get_sub_group_size' is declared as i32 (), not i32 (ptr) with the scheduling parameters of target 'native-cpu' (run add-sched-params<target=native-cpu> first)
; LIBRARY: muxc: error: define-mux-builtins: the device library's '__dpcpp_nativecpu_get_global_id' has type i32 (i32, ptr), not i64 (i32, ptr)
