; run-vecz: a kernel's !intel_reqd_sub_group_size sets its width, whatever the pass's width
; parameter: sub-groups are the lanes of a vector. A required size of 1 keeps the kernel scalar.
; With required-only (vectorization disabled, or debuggable work-items) only the kernels that
; require wider sub-groups are vectorized, and the others are not even prepared.
; RUN: muxc --passes 'run-vecz<width=4;remarks>,verify' -S %s -o %t 2>&1 | FileCheck %s
; RUN: muxc --passes 'run-vecz<width=4>' -S %s | FileCheck %s --check-prefix=IR

; CHECK-DAG: remark: eight: vectorized at width 8
; CHECK-DAG: remark: one: not vectorized: the width is 1
; CHECK-DAG: remark: free: vectorized at width 4

; RUN: muxc --passes 'run-vecz<required-only;remarks>,verify' -S %s 2>&1 | FileCheck %s --check-prefix=ONLY
; ONLY: remark: eight: vectorized at width 8
; ONLY-NOT: remark:
; ONLY-NOT: define internal void @__vecz_v{{[0-9]+}}_free(

; IR-DAG: define internal void @__vecz_v8_eight(
; IR-DAG: define internal void @__vecz_v4_free(
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

attributes #0 = { "mux-kernel"="entry-point" }

!0 = !{i32 8}
!1 = !{i32 1}
