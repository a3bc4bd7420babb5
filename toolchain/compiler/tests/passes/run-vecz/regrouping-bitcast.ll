; run-vecz: a bitcast between per-lane types of different element counts (`<2 x float>` to `i64`,
; how std::complex<float> travels, and back) is vectorized: the components, one vector each, are
; laid end to end and shuffled into memory order (lane 0's elements, then lane 1's, …), cast as
; one vector of the same bits, and split into the result's components by shuffles. Other casts that change the
; number of elements (there are none in LLVM) stay refused.
; RUN: muxc --passes 'run-vecz<width=4;remarks>,verify' -S %s 2>&1 | FileCheck %s

; CHECK: remark: to_integer: vectorized at width 4
; CHECK: remark: to_pair: vectorized at width 4
; CHECK-LABEL: define internal void @__vecz_v4_to_integer(
; CHECK: [[ORDER:%.*]] = shufflevector <8 x float> %{{.*}}, <8 x float> poison, <8 x i32> <i32 0, i32 4, i32 1, i32 5, i32 2, i32 6, i32 3, i32 7>
; CHECK: [[WHOLE:%.*]] = bitcast <8 x float> [[ORDER]] to <4 x i64>
; CHECK: shufflevector <4 x i64> [[WHOLE]], <4 x i64> poison, <4 x i32> <i32 0, i32 1, i32 2, i32 3>
; CHECK-LABEL: define internal void @__vecz_v4_to_pair(
; CHECK: [[PAIRS:%.*]] = bitcast <4 x i64> %{{.*}} to <8 x float>
; CHECK: shufflevector <8 x float> [[PAIRS]], <8 x float> poison, <4 x i32> <i32 0, i32 2, i32 4, i32 6>
; CHECK: shufflevector <8 x float> [[PAIRS]], <8 x float> poison, <4 x i32> <i32 1, i32 3, i32 5, i32 7>

target triple = "x86_64-pc-linux-gnu"

declare i64 @__mux_get_global_id(i32)

define void @to_integer(ptr %in, ptr %out) #0 {
  %gid = call i64 @__mux_get_global_id(i32 0)
  %p = getelementptr inbounds <2 x float>, ptr %in, i64 %gid
  %pair = load <2 x float>, ptr %p, align 8
  %doubled = fadd <2 x float> %pair, %pair
  %bits = bitcast <2 x float> %doubled to i64
  %mixed = xor i64 %bits, %gid
  %q = getelementptr inbounds i64, ptr %out, i64 %gid
  store i64 %mixed, ptr %q, align 8
  ret void
}

define void @to_pair(ptr %in, ptr %out) #0 {
  %gid = call i64 @__mux_get_global_id(i32 0)
  %p = getelementptr inbounds i64, ptr %in, i64 %gid
  %bits = load i64, ptr %p, align 8
  %shifted = add i64 %bits, %gid
  %pair = bitcast i64 %shifted to <2 x float>
  %doubled = fadd <2 x float> %pair, %pair
  %q = getelementptr inbounds <2 x float>, ptr %out, i64 %gid
  store <2 x float> %doubled, ptr %q, align 8
  ret void
}

attributes #0 = { "mux-kernel"="entry-point" }
