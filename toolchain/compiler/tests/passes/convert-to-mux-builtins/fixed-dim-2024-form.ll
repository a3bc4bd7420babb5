; convert-to-mux-builtins: the 2024 DPC++ form of the ranked queries carries the dimension in its
; name (`__spirv_GlobalInvocationId_x()`, `_y`, `_z`); each becomes the matching
; `__mux_get_*(i32 dim)` with dimension x=0, y=1, z=2, and the declarations are removed.
; RUN: muxc --passes convert-to-mux-builtins,verify -S %s | FileCheck %s

source_filename = "old-dpcpp.cpp"
target triple = "x86_64-pc-linux-gnu"

; CHECK-LABEL: define weak_odr dso_local spir_kernel void @_ZTS6Old2024(
; CHECK-NEXT: entry:
; CHECK-NEXT: [[X:%.*]] = call i64 @__mux_get_global_id(i32 0)
; CHECK-NEXT: [[Y:%.*]] = call i64 @__mux_get_global_id(i32 1)
; CHECK-NEXT: [[Z:%.*]] = call i64 @__mux_get_global_id(i32 2)
; CHECK-NEXT: [[GS:%.*]] = call i64 @__mux_get_global_size(i32 0)
; CHECK-NEXT: [[GO:%.*]] = call i64 @__mux_get_global_offset(i32 2)
; CHECK-NEXT: [[LI:%.*]] = call i64 @__mux_get_local_id(i32 0)
; CHECK-NEXT: [[WI:%.*]] = call i64 @__mux_get_group_id(i32 1)
; CHECK-NEXT: [[WS:%.*]] = call i64 @__mux_get_local_size(i32 1)
; CHECK-NEXT: [[NW:%.*]] = call i64 @__mux_get_num_groups(i32 2)
; CHECK-NEXT: [[S1:%.*]] = add i64 [[X]], [[Y]]
; CHECK-NEXT: [[S2:%.*]] = add i64 [[S1]], [[Z]]
; CHECK-NEXT: [[S3:%.*]] = add i64 [[S2]], [[GS]]
; CHECK-NEXT: [[S4:%.*]] = add i64 [[S3]], [[GO]]
; CHECK-NEXT: [[S5:%.*]] = add i64 [[S4]], [[LI]]
; CHECK-NEXT: [[S6:%.*]] = add i64 [[S5]], [[WI]]
; CHECK-NEXT: [[S7:%.*]] = add i64 [[S6]], [[WS]]
; CHECK-NEXT: [[S8:%.*]] = add i64 [[S7]], [[NW]]
; CHECK-NEXT: store i64 [[S8]], ptr %out, align 8
; CHECK-NEXT: ret void
define weak_odr dso_local spir_kernel void @_ZTS6Old2024(ptr noundef %out) {
entry:
  %x = call i64 @_Z28__spirv_GlobalInvocationId_xv()
  %y = call i64 @_Z28__spirv_GlobalInvocationId_yv()
  %z = call i64 @_Z28__spirv_GlobalInvocationId_zv()
  %gs = call i64 @_Z20__spirv_GlobalSize_xv()
  %go = call i64 @_Z22__spirv_GlobalOffset_zv()
  %li = call i64 @_Z27__spirv_LocalInvocationId_xv()
  %wi = call i64 @_Z21__spirv_WorkgroupId_yv()
  %ws = call i64 @_Z23__spirv_WorkgroupSize_yv()
  %nw = call i64 @_Z23__spirv_NumWorkgroups_zv()
  %s1 = add i64 %x, %y
  %s2 = add i64 %s1, %z
  %s3 = add i64 %s2, %gs
  %s4 = add i64 %s3, %go
  %s5 = add i64 %s4, %li
  %s6 = add i64 %s5, %wi
  %s7 = add i64 %s6, %ws
  %s8 = add i64 %s7, %nw
  store i64 %s8, ptr %out, align 8
  ret void
}

; CHECK-NOT: __spirv_
declare i64 @_Z28__spirv_GlobalInvocationId_xv()
declare i64 @_Z28__spirv_GlobalInvocationId_yv()
declare i64 @_Z28__spirv_GlobalInvocationId_zv()
declare i64 @_Z20__spirv_GlobalSize_xv()
declare i64 @_Z22__spirv_GlobalOffset_zv()
declare i64 @_Z27__spirv_LocalInvocationId_xv()
declare i64 @_Z21__spirv_WorkgroupId_yv()
declare i64 @_Z23__spirv_WorkgroupSize_yv()
declare i64 @_Z23__spirv_NumWorkgroups_zv()
