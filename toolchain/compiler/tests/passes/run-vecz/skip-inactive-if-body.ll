; run-vecz: the body of an `if` without `else` that touches memory runs behind "any lane
; active", so a vector none of whose lanes takes the branch skips its masked loads and stores
; (docs/vectorizer.md, "Skipping blocks no lane runs"). The values the body defines reach later
; code as PHIs that are zero when it was skipped. The two sides of an `if`/`else` stay
; unguarded in one straight chain, where masked stores to one address can still merge.
; RUN: muxc --passes 'run-vecz<width=4>,verify' -S %s | FileCheck %s

; CHECK-LABEL: define internal void @__vecz_v4_if_then(
; CHECK: %[[TAKEN:mask.*]] = and <4 x i1> %active, %{{.*}}
; CHECK: %[[ANY:.*]] = call i1 @llvm.vector.reduce.or.v4i1(<4 x i1> %[[TAKEN]])
; CHECK-NEXT: br i1 %[[ANY]], label %any.active, label %skip.join
; CHECK: any.active:
; CHECK: %[[LOADED:.*]] = call <4 x float> @llvm.masked.load.v4f32.p0(ptr align 4 %{{.*}}, <4 x i1> %[[TAKEN]], <4 x float> poison)
; CHECK: %[[DOUBLED:.*]] = fadd <4 x float> %[[LOADED]], %[[LOADED]]
; CHECK: call void @llvm.masked.store.v4f32.p0(<4 x float> %[[DOUBLED]], ptr align 4 %{{.*}}, <4 x i1> %[[TAKEN]])
; CHECK-NEXT: br label %skip.join
; CHECK: skip.join:
; CHECK: %{{.*}} = phi <4 x float> [ %[[DOUBLED]], %any.active ], [ zeroinitializer, %then ]
; CHECK: ret void

; CHECK-LABEL: define internal void @__vecz_v4_if_else(
; CHECK-NOT: any.active
; CHECK-NOT: skip.join
; CHECK: ret void

declare i64 @__mux_get_global_id(i32)

define void @if_then(ptr %data, ptr %out) #0 {
entry:
  %gid = call i64 @__mux_get_global_id(i32 0)
  %small = icmp ult i64 %gid, 5
  br i1 %small, label %then, label %join

then:
  %p = getelementptr inbounds float, ptr %data, i64 %gid
  %v = load float, ptr %p, align 4
  %doubled = fadd float %v, %v
  store float %doubled, ptr %p, align 4
  br label %join

join:
  %result = phi float [ %doubled, %then ], [ 1.0, %entry ]
  %q = getelementptr inbounds float, ptr %out, i64 %gid
  store float %result, ptr %q, align 4
  ret void
}

define void @if_else(ptr %in, ptr %out, ptr %flags) #0 {
entry:
  %gid = call i64 @__mux_get_global_id(i32 0)
  %q = getelementptr inbounds float, ptr %out, i64 %gid
  %border = icmp eq i64 %gid, 0
  br i1 %border, label %copy, label %scale

copy:
  %flag = getelementptr inbounds i32, ptr %flags, i64 %gid
  store i32 1, ptr %flag, align 4
  br label %done

scale:
  %p = getelementptr inbounds float, ptr %in, i64 %gid
  %v = load float, ptr %p, align 4
  %scaled = fmul float %v, 2.0
  store float %scaled, ptr %q, align 4
  br label %done

done:
  ret void
}

attributes #0 = { "mux-kernel"="entry-point" }
