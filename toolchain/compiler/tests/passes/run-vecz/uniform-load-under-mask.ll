; run-vecz: a load at a uniform address inside a divergent branch stays one scalar load (every
; lane reads the same value), so the contiguous accesses through the pointer it loads stay
; vector loads, not gathers. A capture of the byval kernel object is read unconditionally; any
; other uniform address is read only when a lane is active, else a private slot is, since the
; scalar kernel may never have run that load. The slot is set to zero right before the load, not
; in the entry block, where it would become a live value of barrier kernels (barriers.ll).
; RUN: muxc --passes 'run-vecz<width=4>,verify' -S %s | FileCheck %s

; CHECK-LABEL: define internal void @__vecz_v4_border(
; CHECK: %spare = alloca i32
; CHECK-NOT: store i32 0, ptr %spare
; CHECK: %[[CAPTURE:.*]] = getelementptr inbounds nuw i8, ptr %captures, i64 8
; CHECK-NEXT: %in = load ptr, ptr %[[CAPTURE]], align 8
; CHECK: call <4 x float> @llvm.masked.load.v4f32.p0(ptr align 4 %{{.*}}, <4 x i1> %[[INSIDE:.*]], <4 x float> poison)
; CHECK: store i32 0, ptr %spare
; CHECK-NEXT: %[[ANY:.*]] = call i1 @llvm.vector.reduce.or.v4i1(<4 x i1> %[[INSIDE]])
; CHECK-NEXT: %[[ADDRESS:.*]] = select i1 %[[ANY]], ptr %scale, ptr %spare
; CHECK-NEXT: %factor = load i32, ptr %[[ADDRESS]], align 4
; CHECK-NOT: gather
; CHECK: ret void

declare i64 @__mux_get_global_id(i32)

%captures = type { i64, ptr }

define void @border(ptr readonly byval(%captures) align 8 %captures, ptr %scale, ptr %out) #0 {
entry:
  %gid = call i64 @__mux_get_global_id(i32 0)
  %inside = icmp ugt i64 %gid, 0
  br i1 %inside, label %then, label %join

then:
  %field = getelementptr inbounds nuw i8, ptr %captures, i64 8
  %in = load ptr, ptr %field, align 8
  %pin = getelementptr inbounds float, ptr %in, i64 %gid
  %v = load float, ptr %pin, align 4
  %factor = load i32, ptr %scale, align 4
  %factor.f = sitofp i32 %factor to float
  %scaled = fmul float %v, %factor.f
  br label %join

join:
  %result = phi float [ %scaled, %then ], [ 0.0, %entry ]
  %pout = getelementptr inbounds float, ptr %out, i64 %gid
  store float %result, ptr %pout, align 4
  ret void
}

attributes #0 = { "mux-kernel"="entry-point" }
