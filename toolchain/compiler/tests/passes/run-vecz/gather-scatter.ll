; run-vecz: an address whose lanes are not consecutive elements (stride 2, then a stride of 3
; in a 2-D row-major index) becomes a masked gather or scatter over a vector of pointers.
; RUN: muxc --passes 'run-vecz<width=8>,verify' -S %s | FileCheck %s

; CHECK-LABEL: define internal void @__vecz_v8_strided(
; CHECK: getelementptr inbounds i8, ptr %in, <8 x i64>
; CHECK: call <8 x float> @llvm.masked.gather.v8f32.v8p0(<8 x ptr> align 4 %{{.*}}, <8 x i1> %active, <8 x float> poison)
; CHECK: call void @llvm.masked.scatter.v8f32.v8p0(<8 x float> %{{.*}}, <8 x ptr> align 4 %{{.*}}, <8 x i1> %active)
; CHECK-NOT: masked.load
; CHECK: ret void

declare i64 @__mux_get_global_id(i32)

define void @strided(ptr %in, ptr %out) #0 {
entry:
  %gid = call i64 @__mux_get_global_id(i32 0)
  %twice = shl i64 %gid, 1
  %pin = getelementptr inbounds float, ptr %in, i64 %twice
  %v = load float, ptr %pin, align 4
  %thrice = mul i64 %gid, 3
  %pout = getelementptr inbounds float, ptr %out, i64 %thrice
  store float %v, ptr %pout, align 4
  ret void
}

attributes #0 = { "mux-kernel"="entry-point" }
