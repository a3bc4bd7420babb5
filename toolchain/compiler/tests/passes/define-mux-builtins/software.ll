; define-mux-builtins<target=software>: every scheduled builtin gets an internal, always-inlined
; body over the software target's structures: ranked queries read field[dim] (0, or 1 for sizes,
; when dim is out of range); the global size multiplies the number of groups by the local size
; by calling those builtins, which are then defined in turn; updates store the fields; sub-groups
; hold one work-item. Work-group memory builtins are refused: the target has none.
; RUN: muxc --passes 'define-mux-builtins<target=software>,verify' -S %s | FileCheck %s
; RUN: sed 's/;MEMORY //' %s | not muxc --passes 'define-mux-builtins<target=software>' -S - 2>&1 \
; RUN:   | FileCheck %s --check-prefix=MEMORY

; CHECK: %MuxWorkGroupInfo = type { [3 x i64], [3 x i64], [3 x i64], [3 x i64], i32 }
; CHECK: %MuxWorkItemInfo = type { [3 x i64], i32, i32, i32 }

; CHECK-LABEL: define internal i64 @__mux_get_global_size(
; CHECK-SAME: i32 %0, ptr %1, ptr %2) #[[BUILTIN:[0-9]+]] {
; CHECK: [[GROUPS:%.*]] = call i64 @__mux_get_num_groups(i32 %0, ptr %1, ptr %2)
; CHECK-NEXT: [[SIZE:%.*]] = call i64 @__mux_get_local_size(i32 %0, ptr %1, ptr %2)
; CHECK-NEXT: [[PRODUCT:%.*]] = mul i64 [[GROUPS]], [[SIZE]]
; CHECK-NEXT: ret i64 [[PRODUCT]]

; CHECK-LABEL: define internal i64 @__mux_get_num_groups(
; CHECK: [[IN:%.*]] = icmp ult i32 %0, 3
; CHECK-NEXT: [[DIM:%.*]] = select i1 [[IN]], i32 %0, i32 0
; CHECK-NEXT: [[FIELD:%.*]] = getelementptr inbounds %MuxWorkGroupInfo, ptr %2, i32 0, i32 1, i32 [[DIM]]
; CHECK-NEXT: [[VALUE:%.*]] = load i64, ptr [[FIELD]]
; CHECK-NEXT: [[RESULT:%.*]] = select i1 [[IN]], i64 [[VALUE]], i64 1
; CHECK-NEXT: ret i64 [[RESULT]]

; CHECK-LABEL: define internal void @__mux_set_local_id(i32 %0, i64 %1, ptr %2, ptr %3)
; CHECK: [[ID:%.*]] = getelementptr inbounds %MuxWorkItemInfo, ptr %2, i32 0, i32 0, i32 %0
; CHECK-NEXT: store i64 %1, ptr [[ID]]

; CHECK-LABEL: define internal void @__mux_set_sub_group_id(i32 %0, ptr %1, ptr %2)
; CHECK: [[SG:%.*]] = getelementptr inbounds %MuxWorkItemInfo, ptr %1, i32 0, i32 1
; CHECK-NEXT: store i32 %0, ptr [[SG]]

; CHECK-LABEL: define internal i32 @__mux_get_sub_group_id(ptr %0, ptr %1)
; CHECK: getelementptr inbounds %MuxWorkItemInfo, ptr %0, i32 0, i32 1
; CHECK-LABEL: define internal i32 @__mux_get_sub_group_local_id(
; CHECK: ret i32 0
; CHECK-LABEL: define internal i32 @__mux_get_sub_group_size(
; CHECK: ret i32 1
; CHECK-LABEL: define internal i32 @__mux_get_max_sub_group_size(
; CHECK: getelementptr inbounds %MuxWorkItemInfo, ptr %0, i32 0, i32 3
; CHECK-LABEL: define internal i32 @__mux_get_num_sub_groups(
; CHECK: getelementptr inbounds %MuxWorkItemInfo, ptr %0, i32 0, i32 2

; The local size, only called by the global size, is defined after the others, with the
; scheduling parameters named.
; CHECK-LABEL: define internal i64 @__mux_get_local_size(
; CHECK-SAME: i32 %0, ptr %wi-info, ptr %wg-info) #[[BUILTIN]] {
; CHECK: getelementptr inbounds %MuxWorkGroupInfo, ptr %wg-info, i32 0, i32 3,
; CHECK-NOT: declare
; CHECK: attributes #[[BUILTIN]] = { alwaysinline }

; MEMORY: muxc: error: define-mux-builtins: target 'software' has no work-group memory ('__mux_get_local_argument_memory')
target triple = "x86_64-pc-linux-gnu"

declare i64 @__mux_get_global_size(i32, ptr, ptr)
declare i64 @__mux_get_num_groups(i32, ptr, ptr)
declare void @__mux_set_local_id(i32, i64, ptr, ptr)
declare void @__mux_set_sub_group_id(i32, ptr, ptr)
declare i32 @__mux_get_sub_group_id(ptr, ptr)
declare i32 @__mux_get_sub_group_local_id(ptr, ptr)
declare i32 @__mux_get_sub_group_size(ptr, ptr)
declare i32 @__mux_get_max_sub_group_size(ptr, ptr)
declare i32 @__mux_get_num_sub_groups(ptr, ptr)

define void @k(ptr %out, ptr %wi-info, ptr %wg-info) {
  call void @__mux_set_local_id(i32 1, i64 5, ptr %wi-info, ptr %wg-info)
  call void @__mux_set_sub_group_id(i32 2, ptr %wi-info, ptr %wg-info)
  %size = call i64 @__mux_get_global_size(i32 0, ptr %wi-info, ptr %wg-info)
  %groups = call i64 @__mux_get_num_groups(i32 0, ptr %wi-info, ptr %wg-info)
  %sg = call i32 @__mux_get_sub_group_id(ptr %wi-info, ptr %wg-info)
  %sgl = call i32 @__mux_get_sub_group_local_id(ptr %wi-info, ptr %wg-info)
  %sgs = call i32 @__mux_get_sub_group_size(ptr %wi-info, ptr %wg-info)
  %msg = call i32 @__mux_get_max_sub_group_size(ptr %wi-info, ptr %wg-info)
  %nsg = call i32 @__mux_get_num_sub_groups(ptr %wi-info, ptr %wg-info)
  store i64 %size, ptr %out
  ret void
}

;MEMORY declare ptr @__mux_get_local_argument_memory(ptr, ptr)
