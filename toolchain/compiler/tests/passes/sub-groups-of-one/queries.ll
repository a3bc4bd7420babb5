; sub-groups-of-one: the sub-group queries of a work-item that is its own sub-group: local id 0,
; size and maximum size 1, the sub-group id is the local linear id (x fastest) and the number of
; sub-groups the work-group's size, both narrowed to i32 from the local id and size queries.
; RUN: muxc --passes sub-groups-of-one,verify -S %s | FileCheck %s

target triple = "x86_64-pc-linux-gnu"

; CHECK-LABEL: define void @queries(ptr %out)
; CHECK-NEXT: store i32 0, ptr %out
; CHECK-NEXT: store i32 1, ptr %out
; CHECK-NEXT: store i32 1, ptr %out
; CHECK-NEXT: %[[X:.*]] = call i64 @__mux_get_local_id(i32 0)
; CHECK-NEXT: %[[Y:.*]] = call i64 @__mux_get_local_id(i32 1)
; CHECK-NEXT: %[[Z:.*]] = call i64 @__mux_get_local_id(i32 2)
; CHECK-NEXT: %[[SX:.*]] = call i64 @__mux_get_local_size(i32 0)
; CHECK-NEXT: %[[SY:.*]] = call i64 @__mux_get_local_size(i32 1)
; CHECK-NEXT: call i64 @__mux_get_local_size(i32 2)
; CHECK-NEXT: %[[ZY:.*]] = mul i64 %[[Z]], %[[SY]]
; CHECK-NEXT: %[[ROW:.*]] = add i64 %[[ZY]], %[[Y]]
; CHECK-NEXT: %[[START:.*]] = mul i64 %[[ROW]], %[[SX]]
; CHECK-NEXT: %[[ID:.*]] = add i64 %[[START]], %[[X]]
; CHECK-NEXT: %[[ID32:.*]] = trunc i64 %[[ID]] to i32
; CHECK-NEXT: store i32 %[[ID32]], ptr %out
; CHECK-NEXT: %[[SX2:.*]] = call i64 @__mux_get_local_size(i32 0)
; CHECK-NEXT: %[[SY2:.*]] = call i64 @__mux_get_local_size(i32 1)
; CHECK-NEXT: %[[SZ2:.*]] = call i64 @__mux_get_local_size(i32 2)
; CHECK-NEXT: %[[XY:.*]] = mul i64 %[[SX2]], %[[SY2]]
; CHECK-NEXT: %[[COUNT:.*]] = mul i64 %[[XY]], %[[SZ2]]
; CHECK-NEXT: %[[COUNT32:.*]] = trunc i64 %[[COUNT]] to i32
; CHECK-NEXT: store i32 %[[COUNT32]], ptr %out
; CHECK-NEXT: ret void
; CHECK-NOT: __mux_get_sub_group
; CHECK-NOT: __mux_get_max_sub_group
; CHECK-NOT: __mux_get_num_sub_groups

declare i32 @__mux_get_sub_group_id()
declare i32 @__mux_get_sub_group_local_id()
declare i32 @__mux_get_sub_group_size()
declare i32 @__mux_get_max_sub_group_size()
declare i32 @__mux_get_num_sub_groups()

define void @queries(ptr %out) {
  %lane = call i32 @__mux_get_sub_group_local_id()
  store i32 %lane, ptr %out
  %size = call i32 @__mux_get_sub_group_size()
  store i32 %size, ptr %out
  %max = call i32 @__mux_get_max_sub_group_size()
  store i32 %max, ptr %out
  %id = call i32 @__mux_get_sub_group_id()
  store i32 %id, ptr %out
  %count = call i32 @__mux_get_num_sub_groups()
  store i32 %count, ptr %out
  ret void
}
