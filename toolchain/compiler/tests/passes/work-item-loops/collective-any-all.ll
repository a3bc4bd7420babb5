; work-item-loops: work-group any/all fold the i1 every work-item stored, from false with `or`
; (any) and from true with `and` (all), before the loops of the region that starts at them.
; The result of `any` is used two regions later, after the `all`: the region that receives it
; as its parameter stores it at its start, and the region that uses it reloads it.
; RUN: muxc --passes work-item-loops,verify -S %s | FileCheck %s

; CHECK: %_ZTS4Vote_live_mem_info = type <{ i1, i1, i1 }>

; CHECK-LABEL: define void @_ZTS4Vote.mux-barrier-wrapper(ptr %out)
; CHECK: region.2:
; CHECK-NEXT: store i1 false, ptr [[ACC:%[a-z]+\.acc[0-9]*]]
; CHECK-NEXT: br label %r2.fold
; CHECK: r2.fold:
; CHECK: [[V:%.*]] = load i1, ptr
; CHECK-NEXT: [[P:%.*]] = load i1, ptr [[ACC]]
; CHECK-NEXT: [[OR:%.*]] = or i1 [[P]], [[V]]
; CHECK-NEXT: store i1 [[OR]], ptr [[ACC]]
; CHECK: r2.fold.done:
; CHECK-NEXT: [[ANY:%.*]] = load i1, ptr [[ACC]]
; CHECK-NEXT: br label %r2.wi.loop.z
; CHECK: call i32 @_ZTS4Vote.mux-barrier-region.2(ptr %out, ptr {{%.*}}, i1 [[ANY]])
; CHECK: region.3:
; CHECK-NEXT: store i1 true, ptr [[ACC:%[a-z]+\.acc[0-9]*]]
; CHECK-NEXT: br label %r3.fold
; CHECK: r3.fold:
; CHECK: [[V:%.*]] = load i1, ptr
; CHECK-NEXT: [[P:%.*]] = load i1, ptr [[ACC]]
; CHECK-NEXT: [[AND:%.*]] = and i1 [[P]], [[V]]
; CHECK-NEXT: store i1 [[AND]], ptr [[ACC]]
; CHECK: r3.fold.done:
; CHECK-NEXT: [[ALL:%.*]] = load i1, ptr [[ACC]]
; CHECK-NEXT: br label %r3.wi.loop.z
; CHECK: call i32 @_ZTS4Vote.mux-barrier-region.3(ptr %out, ptr {{%.*}}, i1 [[ALL]])

; CHECK-LABEL: define internal i32 @_ZTS4Vote.mux-barrier-region.1(ptr %0, ptr %1)
; CHECK: %odd = trunc i64 %gid to i1
; CHECK: barrier:
; CHECK-NEXT: [[SLOT:%.*]] = getelementptr inbounds nuw %_ZTS4Vote_live_mem_info, ptr %1, i32 0, i32 [[ANYOP:[0-9]+]]
; CHECK-NEXT: store i1 %odd, ptr [[SLOT]]
; CHECK-NEXT: ret i32 2

; CHECK-LABEL: define internal i32 @_ZTS4Vote.mux-barrier-region.2(ptr %0, ptr %1, i1 %2)
; CHECK-NEXT: region.entry:
; CHECK-NEXT: [[SLOT:%.*]] = getelementptr inbounds nuw %_ZTS4Vote_live_mem_info, ptr %1, i32 0, i32 [[ANYRES:[0-9]+]]
; CHECK-NEXT: store i1 %2, ptr [[SLOT]]
; CHECK: ret i32 3

; CHECK-LABEL: define internal i32 @_ZTS4Vote.mux-barrier-region.3(ptr %0, ptr %1, i1 %2)
; CHECK: [[SLOT:%.*]] = getelementptr inbounds nuw %_ZTS4Vote_live_mem_info, ptr %1, i32 0, i32 [[ANYRES]]
; CHECK-NEXT: [[ANY:%.*]] = load i1, ptr [[SLOT]]
; CHECK-NEXT: [[BOTH:%.*]] = and i1 [[ANY]], %2
; CHECK: ret i32 0

source_filename = "vote.cpp"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

define spir_kernel void @_ZTS4Vote(ptr %out) #0 {
entry:
  %gid = call i64 @__mux_get_global_id(i32 0)
  %odd = trunc i64 %gid to i1
  %any = call i1 @__mux_work_group_any(i32 0, i1 %odd)
  %all = call i1 @__mux_work_group_all(i32 1, i1 %odd)
  %both = and i1 %any, %all
  %z = zext i1 %both to i8
  store i8 %z, ptr %out, align 1
  ret void
}

declare i64 @__mux_get_global_id(i32)
declare i1 @__mux_work_group_any(i32, i1)
declare i1 @__mux_work_group_all(i32, i1)

attributes #0 = { "mux-kernel"="entry-point" "mux-orig-fn"="_ZTS4Vote" "mux-base-fn-name"="_ZTS4Vote" }
