; A private variable that differs between work-items gets a copy per lane (docs/vectorizer.md,
; "Private variables"): an array of W copies in the entry block and a vector of the lanes'
; addresses. A call given the address runs per lane with its own lane's copy, and a load from
; it reads each lane's copy (a gather). A private variable only uniform code touches stays one.
; An array stays refused: copies per lane would be gathers and scatters of every element, which
; made LLVM's optimisation of large kernels take minutes; but not in a kernel that observes its
; sub-groups, which must be vectorized (its sub-groups of one would disagree with other kernels').
; So does a variable-length array whose length differs between work-items (the alloca is varying
; through its own operand).
; RUN: muxc --passes 'run-vecz<width=4;remarks>,verify' -S %s 2>&1 | FileCheck %s

; CHECK-DAG: remark: lgamma_sign: vectorized at width 4
; CHECK-DAG: remark: private_array: not vectorized: a private array that differs between work-items
; CHECK-DAG: remark: varying_length: not vectorized: a private array whose length is not a constant
; CHECK-DAG: remark: private_array_sub_group: vectorized at width 4
; CHECK-LABEL: define internal void @__vecz_v4_lgamma_sign(
; CHECK: %lane.copies = alloca [4 x i32], align 4
; CHECK-NEXT: %gep = getelementptr inbounds [4 x i32], ptr %lane.copies, i32 0, <4 x i32> <i32 0, i32 1, i32 2, i32 3>
; CHECK-NOT: alloca
; CHECK-COUNT-4: call float @lgammaf_r(float %{{.*}}, ptr {{.*}}%{{.*}})
; CHECK: call <4 x i32> @llvm.masked.gather.v4i32.v4p0(<4 x ptr> align 4 %gep,
; CHECK: ret void

; CHECK-NOT: define internal void @__vecz_v4_private_array(
; CHECK-NOT: define internal void @__vecz_v4_varying_length(
; CHECK-LABEL: define internal void @__vecz_v4_private_array_sub_group(
; CHECK: %lane.copies = alloca [4 x [4 x i64]], align 8

declare i64 @__mux_get_global_id(i32)
declare float @lgammaf_r(float, ptr)
declare void @fill(ptr, i64)
declare i32 @__mux_get_sub_group_local_id()

define void @lgamma_sign(ptr %values, ptr %signs) #0 {
entry:
  %sign = alloca i32, align 4
  %uniform = alloca i32, align 4
  store i32 7, ptr %uniform, align 4
  %gid = call i64 @__mux_get_global_id(i32 0)
  %p = getelementptr inbounds float, ptr %values, i64 %gid
  %x = load float, ptr %p, align 4
  %y = call float @lgammaf_r(float %x, ptr %sign)
  store float %y, ptr %p, align 4
  %s = load i32, ptr %sign, align 4
  %u = load i32, ptr %uniform, align 4
  %su = add i32 %s, %u
  %q = getelementptr inbounds i32, ptr %signs, i64 %gid
  store i32 %su, ptr %q, align 4
  ret void
}

define void @private_array(ptr %out) #0 {
  %array = alloca [4 x i64], align 8
  %gid = call i64 @__mux_get_global_id(i32 0)
  %slot = and i64 %gid, 3
  %p = getelementptr inbounds [4 x i64], ptr %array, i64 0, i64 %slot
  store volatile i64 %gid, ptr %p, align 8
  %back = load volatile i64, ptr %array, align 8
  %q = getelementptr inbounds i64, ptr %out, i64 %gid
  store i64 %back, ptr %q, align 8
  ret void
}

define void @private_array_sub_group(ptr %out) #0 {
  %array = alloca [4 x i64], align 8
  %gid = call i64 @__mux_get_global_id(i32 0)
  %lane = call i32 @__mux_get_sub_group_local_id()
  %lane.wide = zext i32 %lane to i64
  %slot = and i64 %gid, 3
  %p = getelementptr inbounds [4 x i64], ptr %array, i64 0, i64 %slot
  store volatile i64 %lane.wide, ptr %p, align 8
  %back = load volatile i64, ptr %array, align 8
  %q = getelementptr inbounds i64, ptr %out, i64 %gid
  store i64 %back, ptr %q, align 8
  ret void
}

define void @varying_length(ptr %out) #0 {
  %gid = call i64 @__mux_get_global_id(i32 0)
  %length = and i64 %gid, 3
  %count = add i64 %length, 1
  %values = alloca i64, i64 %count, align 8
  call void @fill(ptr %values, i64 %count)
  %back = load i64, ptr %values, align 8
  %q = getelementptr inbounds i64, ptr %out, i64 %gid
  store i64 %back, ptr %q, align 8
  ret void
}

attributes #0 = { "mux-kernel"="entry-point" "target-features"="+avx,+avx2,+fma" }
