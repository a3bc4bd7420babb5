; run-vecz: a kernel that requires sub-groups wider than one work-item but cannot be vectorized
; (here a barrier only some work-items reach) is a one-line compile error naming the kernel, the
; size and the reason, rather than a kernel whose sub-groups silently have one work-item.
; MUTATION-EXEMPT: the error stops the pipeline before anything is written.
; RUN: not muxc --passes 'run-vecz' -S %s 2>&1 | FileCheck %s

; CHECK: error: {{.*}}divergent{{.*}}requires sub-groups of 16 work-items, which needs it vectorized at that width, but it is not: a barrier or work-group collective that only some work-items along x reach

target triple = "x86_64-pc-linux-gnu"

declare i64 @__mux_get_global_id(i32)
declare void @__mux_work_group_barrier(i32, i32, i32)

define void @divergent(ptr %out) #0 !intel_reqd_sub_group_size !0 {
entry:
  %gid = call i64 @__mux_get_global_id(i32 0)
  %odd = trunc i64 %gid to i1
  br i1 %odd, label %sync, label %done

sync:
  call void @__mux_work_group_barrier(i32 1, i32 2, i32 264)
  br label %done

done:
  ret void
}

attributes #0 = { "mux-kernel"="entry-point" }

!0 = !{i32 16}
