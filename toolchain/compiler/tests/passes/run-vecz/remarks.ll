; run-vecz<remarks>: one line per kernel on standard error, saying whether it was vectorized
; and why not. A kernel with a barrier only some work-items along x reach and one where nothing
; depends on the x id keep only their scalar form.
; RUN: muxc --passes 'run-vecz<width=4;remarks>,verify' -S %s -o %t 2>&1 | FileCheck %s
; RUN: muxc --passes 'run-vecz<width=4>' -S %s | FileCheck %s --check-prefix=IR
; RUN: not muxc --passes 'run-vecz<width=0>' %s 2>&1 | FileCheck %s --check-prefix=BAD

; CHECK-DAG: remark: divergent_barrier: not vectorized: a barrier or work-group collective that only some work-items along x reach
; CHECK-DAG: remark: uniform: not vectorized: nothing in it differs between work-items along x
; CHECK-DAG: remark: simple: vectorized at width 4

; IR-NOT: define internal void @__vecz_v4_divergent_barrier(
; IR-NOT: define internal void @__vecz_v4_uniform(
; IR: define internal void @__vecz_v4_simple(

; BAD: width must be 1 to 64, not '0'

declare i64 @__mux_get_global_id(i32)
declare void @__mux_work_group_barrier(i32, i32, i32)

define void @divergent_barrier(ptr %out) #0 {
entry:
  %gid = call i64 @__mux_get_global_id(i32 0)
  %odd = trunc i64 %gid to i1
  br i1 %odd, label %sync, label %done

sync:
  call void @__mux_work_group_barrier(i32 1, i32 2, i32 264)
  %p = getelementptr inbounds i64, ptr %out, i64 %gid
  store i64 %gid, ptr %p, align 8
  br label %done

done:
  ret void
}

define void @uniform(ptr %out) #0 {
  store i32 1, ptr %out, align 4
  ret void
}

define void @simple(ptr %out) #0 {
  %gid = call i64 @__mux_get_global_id(i32 0)
  %p = getelementptr inbounds i64, ptr %out, i64 %gid
  store i64 %gid, ptr %p, align 8
  ret void
}

attributes #0 = { "mux-kernel"="entry-point" }
