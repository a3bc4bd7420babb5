; work-item-loops: a work-group broadcast. Every work-item stores both its value and the
; (uniform) linear local id of the broadcasting work-item in its live-variable struct, in the
; block that ends at the broadcast. Before the loops of the region that starts at the
; broadcast, the wrapper reads the id from work-item 0's struct, loads the value from the chosen
; work-item's struct (id * stride bytes into the buffer) and passes it to every call.
; RUN: muxc --passes work-item-loops,verify -S %s | FileCheck %s

; CHECK: %_ZTS5Bcast_live_mem_info = type <{ ptr, double, i64 }>

; CHECK-LABEL: define void @_ZTS5Bcast.mux-barrier-wrapper(ptr %out, i64 %who)
; CHECK: %live.bytes = mul nuw i64 %items, 24
; CHECK: region.2:
; CHECK-NEXT: [[FIRST:%.*]] = getelementptr inbounds i8, ptr %live_variables, i64 0
; CHECK-NEXT: [[IDP:%.*]] = getelementptr inbounds nuw %_ZTS5Bcast_live_mem_info, ptr [[FIRST]], i32 0, i32 2
; CHECK-NEXT: [[ID:%.*]] = load i64, ptr [[IDP]]
; CHECK-NEXT: [[OFF:%.*]] = mul nuw i64 [[ID]], 24
; CHECK-NEXT: [[CHOSEN:%.*]] = getelementptr inbounds i8, ptr %live_variables, i64 [[OFF]]
; CHECK-NEXT: [[VP:%.*]] = getelementptr inbounds nuw %_ZTS5Bcast_live_mem_info, ptr [[CHOSEN]], i32 0, i32 1
; CHECK-NEXT: [[V:%.*]] = load double, ptr [[VP]]
; CHECK-NEXT: br label %r2.wi.loop.z
; CHECK: call i32 @_ZTS5Bcast.mux-barrier-region.2(ptr %out, i64 %who, ptr {{%.*}}, double [[V]])

; CHECK-LABEL: define internal i32 @_ZTS5Bcast.mux-barrier-region.1(ptr %0, i64 %1, ptr %2)
; CHECK: %v = load double, ptr %slot
; CHECK: barrier:
; CHECK-NEXT: [[VP:%.*]] = getelementptr inbounds nuw %_ZTS5Bcast_live_mem_info, ptr %2, i32 0, i32 1
; CHECK-NEXT: store double %v, ptr [[VP]]
; CHECK-NEXT: [[IDP:%.*]] = getelementptr inbounds nuw %_ZTS5Bcast_live_mem_info, ptr %2, i32 0, i32 2
; CHECK-NEXT: store i64 %1, ptr [[IDP]]
; CHECK-NEXT: ret i32 2

; CHECK-LABEL: define internal i32 @_ZTS5Bcast.mux-barrier-region.2(ptr %0, i64 %1, ptr %2, double %3)
; CHECK: store double %3, ptr
; CHECK: ret i32 0

source_filename = "broadcast.cpp"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

define spir_kernel void @_ZTS5Bcast(ptr %out, i64 %who) #0 {
entry:
  %gid = call i64 @__mux_get_global_id(i32 0)
  %slot = getelementptr inbounds double, ptr %out, i64 %gid
  %v = load double, ptr %slot, align 8
  %b = call double @__mux_work_group_broadcast_f64(i32 0, double %v, i64 %who)
  store double %b, ptr %slot, align 8
  ret void
}

declare i64 @__mux_get_global_id(i32)
declare double @__mux_work_group_broadcast_f64(i32, double, i64)

attributes #0 = { "mux-kernel"="entry-point" "mux-orig-fn"="_ZTS5Bcast" "mux-base-fn-name"="_ZTS5Bcast" }
