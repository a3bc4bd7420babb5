; narrow-constant-masks: a masked load or store whose constant mask has one run of active lanes
; becomes a plain load or store of that run at its first element (a scalar for one lane), with
; the alignment the original implies there and the access metadata kept; a load's inactive lanes
; come from its pass-through value. Masks that are not constant, have two runs, or are all set,
; gathers, and vectors whose lanes are not laid out as an array (bits of i1) are left alone.
; RUN: muxc --passes narrow-constant-masks,verify -S %s | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK-LABEL: define void @prefix(
; CHECK-NEXT: entry:
; CHECK-NEXT: %narrowed = load <4 x float>, ptr %in, align 32, !tbaa [[TBAA:![0-9]+]]
; CHECK-NEXT: %narrowed.widened = shufflevector <4 x float> %narrowed, <4 x float> poison, <16 x i32> <i32 0, i32 1, i32 2, i32 3, i32 poison,
; CHECK-NEXT: %sum = fadd <16 x float> %narrowed.widened, %narrowed.widened
; CHECK-NEXT: %lanes = shufflevector <16 x float> %sum, <16 x float> poison, <4 x i32> <i32 0, i32 1, i32 2, i32 3>
; CHECK-NEXT: store <4 x float> %lanes, ptr %out, align 4, !tbaa [[TBAA]]
; CHECK-NEXT: ret void
define void @prefix(ptr %in, ptr %out) {
entry:
  %v = call <16 x float> @llvm.masked.load.v16f32.p0(ptr align 32 %in, <16 x i1> <i1 true, i1 true, i1 true, i1 true, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false>, <16 x float> poison), !tbaa !0
  %sum = fadd <16 x float> %v, %v
  call void @llvm.masked.store.v16f32.p0(<16 x float> %sum, ptr align 4 %out, <16 x i1> <i1 true, i1 true, i1 true, i1 true, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false>), !tbaa !0
  ret void
}

; A run in the middle: the access starts at its first lane, aligned as that offset allows, and
; the loaded lanes replace the pass-through value's.
; CHECK-LABEL: define <8 x i32> @middle(
; CHECK-NEXT: entry:
; CHECK-NEXT: %gep = getelementptr inbounds i32, ptr %p, i64 2
; CHECK-NEXT: %narrowed = load <4 x i32>, ptr %gep, align 8
; CHECK-NEXT: %narrowed.widened = shufflevector <4 x i32> %narrowed, <4 x i32> poison, <8 x i32> <i32 poison, i32 poison, i32 0, i32 1, i32 2, i32 3, i32 poison, i32 poison>
; CHECK-NEXT: %narrowed.blended = shufflevector <8 x i32> %narrowed.widened, <8 x i32> %old, <8 x i32> <i32 8, i32 9, i32 2, i32 3, i32 4, i32 5, i32 14, i32 15>
; CHECK-NEXT: %gep1 = getelementptr inbounds i32, ptr %p, i64 2
; CHECK-NEXT: %lanes = shufflevector <8 x i32> %narrowed.blended, <8 x i32> poison, <4 x i32> <i32 2, i32 3, i32 4, i32 5>
; CHECK-NEXT: store <4 x i32> %lanes, ptr %gep1, align 8
; CHECK-NEXT: ret <8 x i32> %narrowed.blended
define <8 x i32> @middle(ptr %p, <8 x i32> %old) {
entry:
  %v = call <8 x i32> @llvm.masked.load.v8i32.p0(ptr align 32 %p, <8 x i1> <i1 false, i1 false, i1 true, i1 true, i1 true, i1 true, i1 false, i1 false>, <8 x i32> %old)
  call void @llvm.masked.store.v8i32.p0(<8 x i32> %v, ptr align 32 %p, <8 x i1> <i1 false, i1 false, i1 true, i1 true, i1 true, i1 true, i1 false, i1 false>)
  ret <8 x i32> %v
}

; One lane: a scalar access.
; CHECK-LABEL: define <4 x double> @one_lane(
; CHECK-NEXT: entry:
; CHECK-NEXT: %gep = getelementptr inbounds double, ptr %p, i64 3
; CHECK-NEXT: %narrowed = load double, ptr %gep, align 8
; CHECK-NEXT: %lane.insert = insertelement <4 x double> zeroinitializer, double %narrowed, i32 3
; CHECK-NEXT: %lane = extractelement <4 x double> %x, i32 0
; CHECK-NEXT: store double %lane, ptr %p, align 16
; CHECK-NEXT: ret <4 x double> %lane.insert
define <4 x double> @one_lane(ptr %p, <4 x double> %x) {
entry:
  %v = call <4 x double> @llvm.masked.load.v4f64.p0(ptr align 16 %p, <4 x i1> <i1 false, i1 false, i1 false, i1 true>, <4 x double> zeroinitializer)
  call void @llvm.masked.store.v4f64.p0(<4 x double> %x, ptr align 16 %p, <4 x i1> <i1 true, i1 false, i1 false, i1 false>)
  ret <4 x double> %v
}

; CHECK-LABEL: define void @left_alone(
; CHECK-NEXT: entry:
; CHECK-NEXT: %a = call <4 x float> @llvm.masked.load.v4f32.p0(ptr align 4 %p, <4 x i1> %m, <4 x float> poison)
; CHECK-NEXT: %b = call <4 x float> @llvm.masked.load.v4f32.p0(ptr align 4 %p, <4 x i1> <i1 true, i1 false, i1 true, i1 false>, <4 x float> poison)
; CHECK-NEXT: %c = call <4 x float> @llvm.masked.load.v4f32.p0(ptr align 4 %p, <4 x i1> splat (i1 true), <4 x float> poison)
; CHECK-NEXT: %d = call <4 x float> @llvm.masked.gather.v4f32.v4p0(<4 x ptr> align 4 %ps, <4 x i1> <i1 true, i1 true, i1 false, i1 false>, <4 x float> poison)
; CHECK-NEXT: call void @llvm.masked.store.v4f32.p0(<4 x float> %a, ptr align 4 %p, <4 x i1> %m)
; CHECK-NEXT: %bits = call <8 x i1> @llvm.masked.load.v8i1.p0(ptr align 1 %p, <8 x i1> <i1 false, i1 true, i1 true, i1 false, i1 false, i1 false, i1 false, i1 false>, <8 x i1> zeroinitializer)
; CHECK-NEXT: ret void
define void @left_alone(ptr %p, <4 x i1> %m, <4 x ptr> %ps) {
entry:
  %a = call <4 x float> @llvm.masked.load.v4f32.p0(ptr align 4 %p, <4 x i1> %m, <4 x float> poison)
  %b = call <4 x float> @llvm.masked.load.v4f32.p0(ptr align 4 %p, <4 x i1> <i1 true, i1 false, i1 true, i1 false>, <4 x float> poison)
  %c = call <4 x float> @llvm.masked.load.v4f32.p0(ptr align 4 %p, <4 x i1> <i1 true, i1 true, i1 true, i1 true>, <4 x float> poison)
  %d = call <4 x float> @llvm.masked.gather.v4f32.v4p0(<4 x ptr> align 4 %ps, <4 x i1> <i1 true, i1 true, i1 false, i1 false>, <4 x float> poison)
  call void @llvm.masked.store.v4f32.p0(<4 x float> %a, ptr align 4 %p, <4 x i1> %m)
  %bits = call <8 x i1> @llvm.masked.load.v8i1.p0(ptr align 1 %p, <8 x i1> <i1 false, i1 true, i1 true, i1 false, i1 false, i1 false, i1 false, i1 false>, <8 x i1> zeroinitializer)
  ret void
}

; CHECK: [[TBAA]] = !{[[FLOAT:![0-9]+]], [[FLOAT]], i64 0}

declare <16 x float> @llvm.masked.load.v16f32.p0(ptr, <16 x i1>, <16 x float>)
declare void @llvm.masked.store.v16f32.p0(<16 x float>, ptr, <16 x i1>)
declare <8 x i32> @llvm.masked.load.v8i32.p0(ptr, <8 x i1>, <8 x i32>)
declare void @llvm.masked.store.v8i32.p0(<8 x i32>, ptr, <8 x i1>)
declare <4 x double> @llvm.masked.load.v4f64.p0(ptr, <4 x i1>, <4 x double>)
declare void @llvm.masked.store.v4f64.p0(<4 x double>, ptr, <4 x i1>)
declare <4 x float> @llvm.masked.load.v4f32.p0(ptr, <4 x i1>, <4 x float>)
declare void @llvm.masked.store.v4f32.p0(<4 x float>, ptr, <4 x i1>)
declare <8 x i1> @llvm.masked.load.v8i1.p0(ptr, <8 x i1>, <8 x i1>)
declare <4 x float> @llvm.masked.gather.v4f32.v4p0(<4 x ptr>, <4 x i1>, <4 x float>)

!0 = !{!1, !1, i64 0}
!1 = !{!"float", !2}
!2 = !{!"tbaa root"}
