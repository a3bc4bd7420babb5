; add-sched-params<target=software>: functions take the software target's two parameters,
; `ptr %wi-info` and `ptr %wg-info`, in that order; the target has no thread-local fallback,
; so a function needing them whose address is taken is refused with one line; an unknown
; target or parameter is a pipeline error naming the known targets.
; RUN: muxc --passes 'add-sched-params<target=software>,verify' -S %s | FileCheck %s
; RUN: sed 's/;ADDRESS-TAKEN //' %s | not muxc --passes 'add-sched-params<target=software>' -S - 2>&1 \
; RUN:   | FileCheck %s --check-prefix=TAKEN
; RUN: not muxc --passes 'add-sched-params<target=nope>' -S %s 2>&1 | FileCheck %s --check-prefix=UNKNOWN
; RUN: not muxc --passes 'add-sched-params<wibble>' -S %s 2>&1 | FileCheck %s --check-prefix=PARAMETER

target triple = "x86_64-pc-linux-gnu"

declare i64 @__mux_get_local_id(i32)

; CHECK-LABEL: define internal i64 @helper(i32 %d, ptr %wi-info, ptr %wg-info) {
; CHECK-NEXT: call i64 @__mux_get_local_id(i32 %d, ptr %wi-info, ptr %wg-info)
define internal i64 @helper(i32 %d) {
  %id = call i64 @__mux_get_local_id(i32 %d)
  ret i64 %id
}

;ADDRESS-TAKEN @table = internal constant [1 x ptr] [ptr @helper]

; CHECK-LABEL: define void @k(ptr %out, ptr %wi-info, ptr %wg-info) #0 {
; CHECK-NEXT: call i64 @helper(i32 0, ptr %wi-info, ptr %wg-info)
define void @k(ptr %out) #0 {
  %id = call i64 @helper(i32 0)
  store i64 %id, ptr %out
  ret void
}

; CHECK: declare i64 @__mux_get_local_id(i32, ptr, ptr)
; TAKEN: muxc: error: add-sched-params: 'helper' needs the work-item state but its address is taken, and target 'software' cannot pass 'wi-info' to it
; UNKNOWN: add-sched-params: unknown target 'nope' (known: native-cpu, software, thread-id-builtin, thread-id-in-wrapper, thread-id-parameter)
; PARAMETER: add-sched-params: unknown parameter 'wibble'

attributes #0 = { "mux-kernel"="entry-point" }
