; prepare-sycl-native-cpu: every mux state builtin becomes the device library's accessor with the
; state appended (reference intel-llvm §4.3): get_global_size -> get_global_range,
; get_local_size -> get_wg_size, get_group_id -> get_wg_id, the other names unchanged; results
; and arguments keep flowing. The accessors are declared (the library is not linked here) and
; the unused __mux_* declarations are deleted.
; RUN: muxc --passes prepare-sycl-native-cpu,verify -S %s | FileCheck %s

source_filename = "builtins.cpp"
target triple = "x86_64-pc-linux-gnu"

; CHECK-LABEL: define internal void @_ZTS8Builtins.NativeCPUKernel(ptr %out, ptr %state)
; CHECK-NEXT: entry:
; CHECK-NEXT: [[A:%.*]] = call i64 @__dpcpp_nativecpu_get_global_id(i32 0, ptr %state)
; CHECK-NEXT: [[B:%.*]] = call i64 @__dpcpp_nativecpu_get_global_range(i32 1, ptr %state)
; CHECK-NEXT: [[C:%.*]] = call i64 @__dpcpp_nativecpu_get_global_offset(i32 2, ptr %state)
; CHECK-NEXT: [[D:%.*]] = call i64 @__dpcpp_nativecpu_get_local_id(i32 0, ptr %state)
; CHECK-NEXT: [[E:%.*]] = call i64 @__dpcpp_nativecpu_get_wg_size(i32 1, ptr %state)
; CHECK-NEXT: [[F:%.*]] = call i64 @__dpcpp_nativecpu_get_num_groups(i32 2, ptr %state)
; CHECK-NEXT: [[G:%.*]] = call i64 @__dpcpp_nativecpu_get_wg_id(i32 0, ptr %state)
; CHECK-NEXT: [[H:%.*]] = call i32 @__dpcpp_nativecpu_get_sub_group_id(ptr %state)
; CHECK-NEXT: [[I:%.*]] = call i32 @__dpcpp_nativecpu_get_sub_group_local_id(ptr %state)
; CHECK-NEXT: [[J:%.*]] = call i32 @__dpcpp_nativecpu_get_sub_group_size(ptr %state)
; CHECK-NEXT: [[K:%.*]] = call i32 @__dpcpp_nativecpu_get_max_sub_group_size(ptr %state)
; CHECK-NEXT: [[L:%.*]] = call i32 @__dpcpp_nativecpu_get_num_sub_groups(ptr %state)
; CHECK-NEXT: call void @__dpcpp_nativecpu_set_local_id(i32 1, i64 [[A]], ptr %state)
; CHECK-NEXT: call void @__dpcpp_nativecpu_set_sub_group_id(i32 [[H]], ptr %state)
; CHECK-NEXT: call void @__dpcpp_nativecpu_set_num_sub_groups(i32 [[L]], ptr %state)
; CHECK-NEXT: call void @__dpcpp_nativecpu_set_max_sub_group_size(i32 [[K]], ptr %state)
; CHECK-NEXT: [[S1:%.*]] = add i64 [[A]], [[B]]
; CHECK-NEXT: [[S2:%.*]] = add i64 [[S1]], [[C]]
; CHECK-NEXT: [[S3:%.*]] = add i64 [[S2]], [[D]]
; CHECK-NEXT: [[S4:%.*]] = add i64 [[S3]], [[E]]
; CHECK-NEXT: [[S5:%.*]] = add i64 [[S4]], [[F]]
; CHECK-NEXT: [[S6:%.*]] = add i64 [[S5]], [[G]]
; CHECK-NEXT: store i64 [[S6]], ptr %out
; CHECK-NEXT: [[T1:%.*]] = add i32 [[H]], [[I]]
; CHECK-NEXT: [[T2:%.*]] = add i32 [[T1]], [[J]]
; CHECK-NEXT: store i32 [[T2]], ptr %out
; CHECK-NEXT: ret void
define void @_ZTS8Builtins(ptr %out) #0 {
entry:
  %a = call i64 @__mux_get_global_id(i32 0)
  %b = call i64 @__mux_get_global_size(i32 1)
  %c = call i64 @__mux_get_global_offset(i32 2)
  %d = call i64 @__mux_get_local_id(i32 0)
  %e = call i64 @__mux_get_local_size(i32 1)
  %f = call i64 @__mux_get_num_groups(i32 2)
  %g = call i64 @__mux_get_group_id(i32 0)
  %h = call i32 @__mux_get_sub_group_id()
  %i = call i32 @__mux_get_sub_group_local_id()
  %j = call i32 @__mux_get_sub_group_size()
  %k = call i32 @__mux_get_max_sub_group_size()
  %l = call i32 @__mux_get_num_sub_groups()
  call void @__mux_set_local_id(i32 1, i64 %a)
  call void @__mux_set_sub_group_id(i32 %h)
  call void @__mux_set_num_sub_groups(i32 %l)
  call void @__mux_set_max_sub_group_size(i32 %k)
  %s1 = add i64 %a, %b
  %s2 = add i64 %s1, %c
  %s3 = add i64 %s2, %d
  %s4 = add i64 %s3, %e
  %s5 = add i64 %s4, %f
  %s6 = add i64 %s5, %g
  store i64 %s6, ptr %out
  %t1 = add i32 %h, %i
  %t2 = add i32 %t1, %j
  store i32 %t2, ptr %out
  ret void
}

; CHECK-NOT: @__mux_
; CHECK-DAG: declare i64 @__dpcpp_nativecpu_get_global_id(i32, ptr)
; CHECK-DAG: declare i64 @__dpcpp_nativecpu_get_global_range(i32, ptr)
; CHECK-DAG: declare i64 @__dpcpp_nativecpu_get_global_offset(i32, ptr)
; CHECK-DAG: declare i64 @__dpcpp_nativecpu_get_local_id(i32, ptr)
; CHECK-DAG: declare i64 @__dpcpp_nativecpu_get_wg_size(i32, ptr)
; CHECK-DAG: declare i64 @__dpcpp_nativecpu_get_num_groups(i32, ptr)
; CHECK-DAG: declare i64 @__dpcpp_nativecpu_get_wg_id(i32, ptr)
; CHECK-DAG: declare i32 @__dpcpp_nativecpu_get_sub_group_id(ptr)
; CHECK-DAG: declare i32 @__dpcpp_nativecpu_get_sub_group_local_id(ptr)
; CHECK-DAG: declare i32 @__dpcpp_nativecpu_get_sub_group_size(ptr)
; CHECK-DAG: declare i32 @__dpcpp_nativecpu_get_max_sub_group_size(ptr)
; CHECK-DAG: declare i32 @__dpcpp_nativecpu_get_num_sub_groups(ptr)
; CHECK-DAG: declare void @__dpcpp_nativecpu_set_local_id(i32, i64, ptr)
; CHECK-DAG: declare void @__dpcpp_nativecpu_set_sub_group_id(i32, ptr)
; CHECK-DAG: declare void @__dpcpp_nativecpu_set_num_sub_groups(i32, ptr)
; CHECK-DAG: declare void @__dpcpp_nativecpu_set_max_sub_group_size(i32, ptr)
; CHECK-NOT: @__mux_

declare i64 @__mux_get_global_id(i32)
declare i64 @__mux_get_global_size(i32)
declare i64 @__mux_get_global_offset(i32)
declare i64 @__mux_get_local_id(i32)
declare i64 @__mux_get_local_size(i32)
declare i64 @__mux_get_num_groups(i32)
declare i64 @__mux_get_group_id(i32)
declare i32 @__mux_get_sub_group_id()
declare i32 @__mux_get_sub_group_local_id()
declare i32 @__mux_get_sub_group_size()
declare i32 @__mux_get_max_sub_group_size()
declare i32 @__mux_get_num_sub_groups()
declare void @__mux_set_local_id(i32, i64)
declare void @__mux_set_sub_group_id(i32)
declare void @__mux_set_num_sub_groups(i32)
declare void @__mux_set_max_sub_group_size(i32)

attributes #0 = { nounwind "mux-kernel"="entry-point" "mux-orig-fn"="_ZTS8Builtins" }
