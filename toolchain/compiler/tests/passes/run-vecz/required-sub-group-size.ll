; run-vecz: a kernel's !intel_reqd_sub_group_size sets its width, whatever the pass's width
; parameter: sub-groups are the lanes of a vector. A required size of 1 keeps the kernel scalar.
; A required size of 0 (the sub_group_size_primary property) is one vector register of the
; kernel's target: 8 lanes with AVX2, 16 with AVX-512.
; With required-only (vectorization disabled, or debuggable work-items) only the kernels that
; require wider sub-groups are vectorized, and the others are not even prepared.
; RUN: muxc --passes 'run-vecz<width=4;remarks>,verify' -S %s -o %t 2>&1 | FileCheck %s
; RUN: muxc --passes 'run-vecz<width=4>' -S %s | FileCheck %s --check-prefix=IR

; CHECK-DAG: remark: eight: vectorized at width 8
; CHECK-DAG: remark: one: not vectorized: the width is 1
; CHECK-DAG: remark: free: vectorized at width 4
; CHECK-DAG: remark: primary_avx2: vectorized at width 8
; CHECK-DAG: remark: primary_avx512: vectorized at width 16

; RUN: muxc --passes 'run-vecz<required-only;remarks>,verify' -S %s 2>&1 | FileCheck %s --check-prefix=ONLY
; ONLY-DAG: remark: eight: vectorized at width 8
; ONLY-DAG: remark: primary_avx2: vectorized at width 8
; ONLY-DAG: remark: primary_avx512: vectorized at width 16
; ONLY-NOT: remark: {{one|free}}
; ONLY-NOT: define internal void @__vecz_v{{[0-9]+}}_free(

; IR-DAG: define internal void @__vecz_v8_eight(
; IR-DAG: define internal void @__vecz_v4_free(
; IR-DAG: define internal void @__vecz_v8_primary_avx2(
; IR-DAG: define internal void @__vecz_v16_primary_avx512(
; IR-NOT: @__vecz_v{{[0-9]+}}_one(

target triple = "x86_64-pc-linux-gnu"

declare i64 @__mux_get_global_id(i32)

define void @eight(ptr %out) #0 !intel_reqd_sub_group_size !0 {
  %gid = call i64 @__mux_get_global_id(i32 0)
  %p = getelementptr inbounds i64, ptr %out, i64 %gid
  store i64 %gid, ptr %p, align 8
  ret void
}

define void @one(ptr %out) #0 !intel_reqd_sub_group_size !1 {
  %gid = call i64 @__mux_get_global_id(i32 0)
  %p = getelementptr inbounds i64, ptr %out, i64 %gid
  store i64 %gid, ptr %p, align 8
  ret void
}

define void @free(ptr %out) #0 {
  %gid = call i64 @__mux_get_global_id(i32 0)
  %p = getelementptr inbounds i64, ptr %out, i64 %gid
  store i64 %gid, ptr %p, align 8
  ret void
}

define void @primary_avx2(ptr %out) #1 !intel_reqd_sub_group_size !2 {
  %gid = call i64 @__mux_get_global_id(i32 0)
  %p = getelementptr inbounds i64, ptr %out, i64 %gid
  store i64 %gid, ptr %p, align 8
  ret void
}

define void @primary_avx512(ptr %out) #2 !intel_reqd_sub_group_size !2 {
  %gid = call i64 @__mux_get_global_id(i32 0)
  %p = getelementptr inbounds i64, ptr %out, i64 %gid
  store i64 %gid, ptr %p, align 8
  ret void
}

attributes #0 = { "mux-kernel"="entry-point" }
attributes #1 = { "mux-kernel"="entry-point" "target-features"="+avx,+avx2,+fma" }
attributes #2 = { "mux-kernel"="entry-point" "target-features"="+avx,+avx2,+avx512f,+fma" }

!0 = !{i32 8}
!1 = !{i32 1}
!2 = !{i32 0}
