; align-nontemporal-stores: a non-temporal vector store aligned below its register alignment (its
; size, up to 32 bytes) branches on its address: an aligned copy stating the alignment, and the
; original store, both non-temporal. Aligned, ordinary, scalar stores, and modules for other
; targets, are left alone.
; RUN: muxc --passes align-nontemporal-stores,verify -S %s | FileCheck %s
; RUN: sed 's/x86_64-unknown-linux-gnu/aarch64-unknown-linux-gnu/' %s | muxc --passes align-nontemporal-stores -S | FileCheck %s --check-prefix=OTHER

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK-LABEL: define void @eight_floats(
; CHECK: entry:
; CHECK-NEXT: %v = fadd <8 x float> %x, %x
; CHECK-NEXT: %nt.address = ptrtoint ptr %out to i64
; CHECK-NEXT: %nt.misalignment = and i64 %nt.address, 31
; CHECK-NEXT: %nt.is.aligned = icmp eq i64 %nt.misalignment, 0
; CHECK-NEXT: br i1 %nt.is.aligned, label %nt.fast, label %nt.slow
; CHECK: nt.fast:
; CHECK-NEXT: store <8 x float> %v, ptr %out, align 32, !nontemporal [[ONE:![0-9]+]]
; CHECK-NEXT: br label %nt.join
; CHECK: nt.slow:
; CHECK-NEXT: store <8 x float> %v, ptr %out, align 4, !nontemporal [[ONE]]
; CHECK-NEXT: br label %nt.join
; CHECK: nt.join:
; CHECK-NEXT: ret void
define void @eight_floats(<8 x float> %x, ptr %out) {
entry:
  %v = fadd <8 x float> %x, %x
  store <8 x float> %v, ptr %out, align 4, !nontemporal !0
  ret void
}

; Two registers' worth on AVX2 need 32 bytes, not 64; a loop's PHI follows the store's block.
; CHECK-LABEL: define void @sixteen_in_a_loop(
; CHECK: loop:
; CHECK-NEXT: %i = phi i64 [ 0, %entry ], [ %next, %nt.join ]
; CHECK: and i64 %nt.address, 31
; CHECK: nt.fast:
; CHECK-NEXT: store <16 x i32> %x, ptr %at, align 32, !nontemporal
; CHECK: nt.slow:
; CHECK-NEXT: store <16 x i32> %x, ptr %at, align 8, !nontemporal
; CHECK: nt.join:
; CHECK-NEXT: %next = add i64 %i, 16
define void @sixteen_in_a_loop(<16 x i32> %x, ptr %out, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %next, %loop ]
  %at = getelementptr i32, ptr %out, i64 %i
  store <16 x i32> %x, ptr %at, align 8, !nontemporal !0
  %next = add i64 %i, 16
  %done = icmp uge i64 %next, %n
  br i1 %done, label %exit, label %loop
exit:
  ret void
}

; A 16-byte vector needs 16 bytes.
; CHECK-LABEL: define void @four_floats(
; CHECK: and i64 %nt.address, 15
; CHECK: store <4 x float> %x, ptr %out, align 16, !nontemporal
; CHECK: store <4 x float> %x, ptr %out, align 4, !nontemporal
define void @four_floats(<4 x float> %x, ptr %out) {
  store <4 x float> %x, ptr %out, align 4, !nontemporal !0
  ret void
}

; CHECK-LABEL: define void @left_alone(
; CHECK-NEXT: store <8 x float> %x, ptr %aligned, align 32, !nontemporal
; CHECK-NEXT: store <8 x float> %x, ptr %ordinary, align 4{{$}}
; CHECK-NEXT: store float %y, ptr %scalar, align 4, !nontemporal
; CHECK-NEXT: ret void
define void @left_alone(<8 x float> %x, float %y, ptr %aligned, ptr %ordinary, ptr %scalar) {
  store <8 x float> %x, ptr %aligned, align 32, !nontemporal !0
  store <8 x float> %x, ptr %ordinary, align 4
  store float %y, ptr %scalar, align 4, !nontemporal !0
  ret void
}

; OTHER-NOT: nt.fast
; OTHER: store <8 x float> %v, ptr %out, align 4, !nontemporal

; CHECK: [[ONE]] = !{i32 1}
!0 = !{i32 1}
