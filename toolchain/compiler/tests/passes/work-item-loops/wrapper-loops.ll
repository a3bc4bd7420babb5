; work-item-loops: an entry point K gets a wrapper `K.mux-barrier-wrapper` that reads the three
; local sizes, then loops z (outermost), y, x (innermost), calling __mux_set_local_id(2/1/0, id)
; at the top of each level and K once per work-item inside the x loop. The loops are bottom
; tested: ids start at 0, are incremented and compared (unsigned) with the local size of their own
; dimension, and each latch goes back to its own header.
; RUN: muxc --passes work-item-loops,verify -S %s | FileCheck %s

source_filename = "loops.cpp"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

define dso_local spir_kernel void @_ZTS4Fill(ptr noundef %out) #0 {
entry:
  %gid = call i64 @__mux_get_global_id(i32 0)
  %slot = getelementptr inbounds i32, ptr %out, i64 %gid
  store i32 1, ptr %slot, align 4
  ret void
}

declare i64 @__mux_get_global_id(i32)

; CHECK-LABEL: define void @_ZTS4Fill.mux-barrier-wrapper(ptr %out)
; CHECK-NEXT: entry:
; CHECK-NEXT: [[SX:%.*]] = call i64 @__mux_get_local_size(i32 0)
; CHECK-NEXT: [[SY:%.*]] = call i64 @__mux_get_local_size(i32 1)
; CHECK-NEXT: [[SZ:%.*]] = call i64 @__mux_get_local_size(i32 2)
; CHECK-NEXT: br label %[[ZLOOP:[-a-zA-Z0-9._]+]]

; CHECK: [[ZLOOP]]:
; CHECK-NEXT: [[Z:%[-a-zA-Z0-9._]+]] = phi i64 [ 0, %entry ], [ [[ZNEXT:%[-a-zA-Z0-9._]+]], %[[ZLATCH:[-a-zA-Z0-9._]+]] ]
; CHECK-NEXT: call void @__mux_set_local_id(i32 2, i64 [[Z]])
; CHECK-NEXT: br label %[[YLOOP:[-a-zA-Z0-9._]+]]

; CHECK: [[YLOOP]]:
; CHECK-NEXT: [[Y:%[-a-zA-Z0-9._]+]] = phi i64 [ 0, %[[ZLOOP]] ], [ [[YNEXT:%[-a-zA-Z0-9._]+]], %[[YLATCH:[-a-zA-Z0-9._]+]] ]
; CHECK-NEXT: call void @__mux_set_local_id(i32 1, i64 [[Y]])
; CHECK-NEXT: br label %[[XLOOP:[-a-zA-Z0-9._]+]]

; CHECK: [[XLOOP]]:
; CHECK-NEXT: [[X:%[-a-zA-Z0-9._]+]] = phi i64 [ 0, %[[YLOOP]] ], [ [[XNEXT:%[-a-zA-Z0-9._]+]], %[[XLOOP]] ]
; CHECK-NEXT: call void @__mux_set_local_id(i32 0, i64 [[X]])
; CHECK-NEXT: call void @_ZTS4Fill(ptr %out)
; CHECK-NEXT: [[XNEXT]] = add nuw i64 [[X]], 1
; CHECK-NEXT: [[XMORE:%.*]] = icmp ult i64 [[XNEXT]], [[SX]]
; CHECK-NEXT: br i1 [[XMORE]], label %[[XLOOP]], label %[[YLATCH]]

; CHECK: [[YLATCH]]:
; CHECK-NEXT: [[YNEXT]] = add nuw i64 [[Y]], 1
; CHECK-NEXT: [[YMORE:%.*]] = icmp ult i64 [[YNEXT]], [[SY]]
; CHECK-NEXT: br i1 [[YMORE]], label %[[YLOOP]], label %[[ZLATCH]]

; CHECK: [[ZLATCH]]:
; CHECK-NEXT: [[ZNEXT]] = add nuw i64 [[Z]], 1
; CHECK-NEXT: [[ZMORE:%.*]] = icmp ult i64 [[ZNEXT]], [[SZ]]
; CHECK-NEXT: br i1 [[ZMORE]], label %[[ZLOOP]], label %[[EXIT:[-a-zA-Z0-9._]+]]

; CHECK: [[EXIT]]:
; CHECK-NEXT: ret void
; CHECK-NEXT: }

; CHECK-DAG: declare i64 @__mux_get_local_size(i32)
; CHECK-DAG: declare void @__mux_set_local_id(i32, i64)

attributes #0 = { nounwind "mux-kernel"="entry-point" "mux-orig-fn"="_ZTS4Fill" "mux-base-fn-name"="_ZTS4Fill" }
