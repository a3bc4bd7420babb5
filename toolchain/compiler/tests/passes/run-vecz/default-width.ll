; run-vecz without width=N: the lane count comes from the kernel's target features, 8 for
; AVX2's 256-bit registers, doubled to 16 when the kernel has a loop (two registers per value
; hide the latency of the chain the loop carries), and 16 for AVX-512 with or without a loop
; (docs/vectorizer.md, "Where it runs"). A kernel that observes its sub-groups gets one register's
; lanes, loop or not, so that all such kernels of a program have sub-groups of one size (8 here).
; RUN: muxc --passes 'run-vecz<remarks>,verify' -S %s 2>&1 | FileCheck %s

; CHECK-DAG: remark: straight: vectorized at width 8
; CHECK-DAG: remark: looping: vectorized at width 16
; CHECK-DAG: remark: wide: vectorized at width 16
; CHECK-DAG: remark: looping_sub_group: vectorized at width 8
; CHECK-DAG: define internal void @__vecz_v8_straight(
; CHECK-DAG: define internal void @__vecz_v16_looping(
; CHECK-DAG: define internal void @__vecz_v16_wide(
; CHECK-DAG: define internal void @__vecz_v8_looping_sub_group(

declare i64 @__mux_get_global_id(i32)
declare i32 @__mux_get_sub_group_local_id()

define void @straight(ptr %data) #0 {
entry:
  %gid = call i64 @__mux_get_global_id(i32 0)
  %p = getelementptr inbounds float, ptr %data, i64 %gid
  %v = load float, ptr %p, align 4
  %doubled = fadd float %v, %v
  store float %doubled, ptr %p, align 4
  ret void
}

define void @looping(ptr %data, i64 %n) #0 {
entry:
  %gid = call i64 @__mux_get_global_id(i32 0)
  br label %loop

loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %sum = phi float [ 0.0, %entry ], [ %sum.next, %loop ]
  %row = mul i64 %i, %n
  %at = add i64 %row, %gid
  %p = getelementptr inbounds float, ptr %data, i64 %at
  %v = load float, ptr %p, align 4
  %sum.next = fadd float %sum, %v
  %i.next = add nuw i64 %i, 1
  %more = icmp ult i64 %i.next, %n
  br i1 %more, label %loop, label %done

done:
  %q = getelementptr inbounds float, ptr %data, i64 %gid
  store float %sum.next, ptr %q, align 4
  ret void
}

define void @wide(ptr %data, i64 %n) #1 {
entry:
  %gid = call i64 @__mux_get_global_id(i32 0)
  br label %loop

loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %row = mul i64 %i, %n
  %at = add i64 %row, %gid
  %p = getelementptr inbounds float, ptr %data, i64 %at
  store float 1.0, ptr %p, align 4
  %i.next = add nuw i64 %i, 1
  %more = icmp ult i64 %i.next, %n
  br i1 %more, label %loop, label %done

done:
  ret void
}

define void @looping_sub_group(ptr %data, i64 %n) #0 {
entry:
  %gid = call i64 @__mux_get_global_id(i32 0)
  %lane = call i32 @__mux_get_sub_group_local_id()
  %lane.f = uitofp i32 %lane to float
  br label %loop

loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %sum = phi float [ %lane.f, %entry ], [ %sum.next, %loop ]
  %row = mul i64 %i, %n
  %at = add i64 %row, %gid
  %p = getelementptr inbounds float, ptr %data, i64 %at
  %v = load float, ptr %p, align 4
  %sum.next = fadd float %sum, %v
  %i.next = add nuw i64 %i, 1
  %more = icmp ult i64 %i.next, %n
  br i1 %more, label %loop, label %done

done:
  %q = getelementptr inbounds float, ptr %data, i64 %gid
  store float %sum.next, ptr %q, align 4
  ret void
}

attributes #0 = { "mux-kernel"="entry-point" "target-features"="+avx,+avx2,+fma" }
attributes #1 = { "mux-kernel"="entry-point" "target-features"="+avx,+avx2,+avx512f" }
