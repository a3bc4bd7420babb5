; widen-loop-masks: the active-lane mask an escape loop carries (`%active`) and the masks made
; from it become <8 x i32>; the compare feeding it is sign-extended where it is made, the
; constant start mask becomes all ones, and the uses outside the web (the blend, the any-lane
; test) read `icmp slt <mask>, 0`. A function compiled for AVX-512 keeps its <8 x i1> masks.
; RUN: muxc --passes widen-loop-masks,verify -S %s | FileCheck %s

target triple = "x86_64-unknown-linux-gnu"

; CHECK-LABEL: define <8 x i32> @escape(
; CHECK: loop:
; CHECK-NEXT: %active.wide = phi <8 x i32> [ splat (i32 -1), %entry ], [ %next.wide, %loop ]
; CHECK-NOT: phi <8 x i1>
; CHECK: %inside = fcmp ole <8 x float> %z.next, splat (float 4.000000e+00)
; CHECK-NEXT: %mask.wide = sext <8 x i1> %inside to <8 x i32>
; CHECK: %next.wide = and <8 x i32> %active.wide, %mask.wide
; CHECK: [[BLEND:%.*]] = icmp slt <8 x i32> %next.wide, zeroinitializer
; CHECK-NEXT: %count.next = select <8 x i1> [[BLEND]], <8 x i32> %count.plus, <8 x i32> %count
; CHECK: [[ANY:%.*]] = icmp slt <8 x i32> %next.wide, zeroinitializer
; CHECK-NEXT: %bits = bitcast <8 x i1> [[ANY]] to i8
; CHECK-NOT: and <8 x i1>

; CHECK-LABEL: define <8 x i32> @escape_avx512(
; CHECK: %active = phi <8 x i1>

define <8 x i32> @escape(<8 x float> %c) #0 {
entry:
  br label %loop

loop:
  %active = phi <8 x i1> [ splat (i1 true), %entry ], [ %next, %loop ]
  %z = phi <8 x float> [ zeroinitializer, %entry ], [ %z.next, %loop ]
  %count = phi <8 x i32> [ zeroinitializer, %entry ], [ %count.next, %loop ]
  %square = fmul <8 x float> %z, %z
  %z.next = fadd <8 x float> %square, %c
  %inside = fcmp ole <8 x float> %z.next, splat (float 4.0)
  %next = and <8 x i1> %active, %inside
  %count.plus = add <8 x i32> %count, splat (i32 1)
  %count.next = select <8 x i1> %next, <8 x i32> %count.plus, <8 x i32> %count
  %bits = bitcast <8 x i1> %next to i8
  %any = icmp ne i8 %bits, 0
  br i1 %any, label %loop, label %done

done:
  ret <8 x i32> %count.next
}

define <8 x i32> @escape_avx512(<8 x float> %c) #1 {
entry:
  br label %loop

loop:
  %active = phi <8 x i1> [ splat (i1 true), %entry ], [ %next, %loop ]
  %z = phi <8 x float> [ zeroinitializer, %entry ], [ %z.next, %loop ]
  %count = phi <8 x i32> [ zeroinitializer, %entry ], [ %count.next, %loop ]
  %square = fmul <8 x float> %z, %z
  %z.next = fadd <8 x float> %square, %c
  %inside = fcmp ole <8 x float> %z.next, splat (float 4.0)
  %next = and <8 x i1> %active, %inside
  %count.plus = add <8 x i32> %count, splat (i32 1)
  %count.next = select <8 x i1> %next, <8 x i32> %count.plus, <8 x i32> %count
  %bits = bitcast <8 x i1> %next to i8
  %any = icmp ne i8 %bits, 0
  br i1 %any, label %loop, label %done

done:
  ret <8 x i32> %count.next
}

attributes #0 = { "target-features"="+avx,+avx2" }
attributes #1 = { "target-features"="+avx,+avx2,+avx512f" }
