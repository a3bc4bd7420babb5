; unmask-full-masks: before AVX-512, the stretch of a block from the first to the last masked
; load or store under its most used non-constant mask runs behind a test of "all lanes set":
; there a copy of the stretch uses plain loads and stores of the whole vector (same alignment and
; metadata), other code copied as is; otherwise the stretch as it was. Values of the stretch used
; after it meet in PHIs. Accesses under constant or other masks stay masked; functions built with
; AVX-512 and modules for other targets are left alone.
; RUN: muxc --passes unmask-full-masks,verify -S %s | FileCheck %s
; RUN: sed 's/x86_64-unknown-linux-gnu/aarch64-unknown-linux-gnu/' %s | muxc --passes unmask-full-masks -S | FileCheck %s --check-prefix=AARCH64

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK-LABEL: define <8 x float> @guarded(
; CHECK: entry:
; CHECK-NEXT: %mask = icmp ult <8 x i64> %ids, %limit
; CHECK-NEXT: [[ALL:%[0-9a-z.]+]] = call i1 @llvm.vector.reduce.and.v8i1(<8 x i1> %mask)
; CHECK-NEXT: br i1 [[ALL]], label %full.fast, label %full.slow
; CHECK: full.fast:
; CHECK-NEXT: %unmasked = load <8 x float>, ptr %in, align 4, !tbaa [[TBAA:![0-9]+]]
; CHECK-NEXT: [[Y_FAST:%[0-9a-z.]+]] = fadd <8 x float> %unmasked, %unmasked
; CHECK-NEXT: [[OTHER_FAST:%[0-9a-z.]+]] = call <8 x float> @llvm.masked.load.v8f32.p0(ptr align 4 %in, <8 x i1> %other.mask, <8 x float> poison)
; CHECK-NEXT: store <8 x float> [[Y_FAST]], ptr %out, align 16, !tbaa [[TBAA]]
; CHECK-NEXT: br label %full.join
; CHECK: full.slow:
; CHECK-NEXT: %x = call <8 x float> @llvm.masked.load.v8f32.p0(ptr align 4 %in, <8 x i1> %mask, <8 x float> poison), !tbaa [[TBAA]]
; CHECK-NEXT: %y = fadd <8 x float> %x, %x
; CHECK-NEXT: %other = call <8 x float> @llvm.masked.load.v8f32.p0(ptr align 4 %in, <8 x i1> %other.mask, <8 x float> poison)
; CHECK-NEXT: call void @llvm.masked.store.v8f32.p0(<8 x float> %y, ptr align 16 %out, <8 x i1> %mask), !tbaa [[TBAA]]
; CHECK-NEXT: br label %full.join
; CHECK: full.join:
; CHECK-NEXT: [[OTHER:%[0-9a-z.]+]] = phi <8 x float> [ [[OTHER_FAST]], %full.fast ], [ %other, %full.slow ]
; CHECK-NEXT: [[Y:%[0-9a-z.]+]] = phi <8 x float> [ [[Y_FAST]], %full.fast ], [ %y, %full.slow ]
; CHECK-NEXT: call void @llvm.masked.store.v8f32.p0(<8 x float> [[Y]], ptr align 4 %in, <8 x i1> <i1 true, i1 false, i1 true, i1 false, i1 true, i1 false, i1 true, i1 false>)
; CHECK-NEXT: %result = fadd <8 x float> [[Y]], [[OTHER]]
; CHECK-NEXT: ret <8 x float> %result
; AARCH64-LABEL: define <8 x float> @guarded(
; AARCH64-NOT: full.fast
define <8 x float> @guarded(ptr %in, ptr %out, <8 x i64> %ids, <8 x i64> %limit, <8 x i1> %other.mask) #0 {
entry:
  %mask = icmp ult <8 x i64> %ids, %limit
  %x = call <8 x float> @llvm.masked.load.v8f32.p0(ptr align 4 %in, <8 x i1> %mask, <8 x float> poison), !tbaa !0
  %y = fadd <8 x float> %x, %x
  %other = call <8 x float> @llvm.masked.load.v8f32.p0(ptr align 4 %in, <8 x i1> %other.mask, <8 x float> poison)
  call void @llvm.masked.store.v8f32.p0(<8 x float> %y, ptr align 16 %out, <8 x i1> %mask), !tbaa !0
  call void @llvm.masked.store.v8f32.p0(<8 x float> %y, ptr align 4 %in, <8 x i1> <i1 true, i1 false, i1 true, i1 false, i1 true, i1 false, i1 true, i1 false>)
  %result = fadd <8 x float> %y, %other
  ret <8 x float> %result
}

; A stretch in a loop: the join block is now the loop's latch; a load's pass-through value is
; not needed when every lane is loaded.
; CHECK-LABEL: define void @in_a_loop(
; CHECK: loop:
; CHECK-NEXT: %i = phi i64 [ 0, %entry ], [ %next, %full.join ]
; CHECK-NEXT: %sum = phi <8 x float> [ zeroinitializer, %entry ], [ %total, %full.join ]
; CHECK: full.fast:
; CHECK-NEXT: %unmasked = load <8 x float>, ptr %at, align 4
; CHECK: full.join:
; CHECK-NEXT: [[V:%[0-9a-z.]+]] = phi <8 x float> [ %unmasked, %full.fast ], [ %v, %full.slow ]
; CHECK-NEXT: %total = fadd <8 x float> %sum, [[V]]
; CHECK-NEXT: %next = add i64 %i, 8
define void @in_a_loop(ptr %out, <8 x i1> %mask, i64 %n) #0 {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %next, %loop ]
  %sum = phi <8 x float> [ zeroinitializer, %entry ], [ %total, %loop ]
  %at = getelementptr float, ptr %out, i64 %i
  %v = call <8 x float> @llvm.masked.load.v8f32.p0(ptr align 4 %at, <8 x i1> %mask, <8 x float> zeroinitializer)
  %total = fadd <8 x float> %sum, %v
  %next = add i64 %i, 8
  %more = icmp ult i64 %next, %n
  br i1 %more, label %loop, label %done
done:
  store <8 x float> %sum, ptr %out
  ret void
}

; CHECK-LABEL: define void @with_avx512(
; CHECK-NEXT: entry:
; CHECK-NEXT: call void @llvm.masked.store.v8f32.p0(
; CHECK-NEXT: ret void
define void @with_avx512(ptr %out, <8 x i1> %mask) #1 {
entry:
  call void @llvm.masked.store.v8f32.p0(<8 x float> zeroinitializer, ptr align 4 %out, <8 x i1> %mask)
  ret void
}

declare <8 x float> @llvm.masked.load.v8f32.p0(ptr, <8 x i1>, <8 x float>)
declare void @llvm.masked.store.v8f32.p0(<8 x float>, ptr, <8 x i1>)

attributes #0 = { "target-features"="+avx,+avx2,+fma" }
attributes #1 = { "target-features"="+avx,+avx2,+avx512f" }

!0 = !{!1, !1, i64 0}
!1 = !{!"float", !2}
!2 = !{!"tbaa root"}

; A block that loops to itself, with its mask a PHI of the block: splitting the block rebuilds
; its PHIs, and the test of "all lanes set" reads the mask the accesses read now (the pass kept
; the PHI from before the split, by then deleted, and crashed on oneDPL's search_n).
; CHECK-LABEL: define void @self_loop(
; CHECK: loop:
; CHECK-NEXT: %mask = phi <4 x i1> [ %first.mask, %entry ], [ %next.mask, %full.join ]
; CHECK: call i1 @llvm.vector.reduce.and.v4i1(<4 x i1> %mask)
; CHECK: full.fast:
; CHECK-NEXT: store <4 x float> zeroinitializer, ptr %p, align 16
define void @self_loop(ptr %out, <4 x i1> %first.mask, <4 x i1> %next.mask, i64 %n) #0 {
entry:
  br label %loop

loop:
  %mask = phi <4 x i1> [ %first.mask, %entry ], [ %next.mask, %loop ]
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %p = getelementptr <4 x float>, ptr %out, i64 %i
  call void @llvm.masked.store.v4f32.p0(<4 x float> zeroinitializer, ptr align 16 %p, <4 x i1> %mask)
  call void @llvm.masked.store.v4f32.p0(<4 x float> splat (float 1.0), ptr align 16 %p, <4 x i1> %mask)
  %i.next = add i64 %i, 1
  %more = icmp ult i64 %i.next, %n
  br i1 %more, label %loop, label %done

done:
  ret void
}
