; streaming-stores: `out[i] = in[i] + other[i]` stores through a pointer it reads nothing
; through, so its vector form gets a streaming copy whose store is non-temporal; the entry point
; runs a copy of its work-group loops, calling the copy for whole vectors, when global size × 4
; bytes exceeds the threshold; the vector form stays for the predicated remainder.
; RUN: muxc --passes 'run-vecz<width=8>,work-item-loops,streaming-stores<threshold=1000>,verify' -S %s | FileCheck %s

target triple = "x86_64-unknown-linux-gnu"

; CHECK-LABEL: define void @k.mux-barrier-wrapper(
; CHECK: entry:
; CHECK-NEXT: %global.size = call i64 @__mux_get_global_size(i32 0)
; CHECK-NEXT: %stream.bytes = mul i64 4, %global.size
; CHECK: call i64 @__mux_get_global_size(i32 1)
; CHECK: call i64 @__mux_get_global_size(i32 2)
; CHECK-NEXT: [[BYTES:%.*]] = mul i64 %{{.*}}, %{{.*}}
; CHECK-NEXT: %stream = icmp ugt i64 [[BYTES]], 1000
; CHECK-NEXT: br i1 %stream, label %stream.streaming, label %stream.plain
; CHECK: stream.streaming:
; CHECK-NEXT: call void @k.mux-barrier-wrapper.streaming(ptr %in, ptr %other, ptr %out)
; CHECK-NEXT: ret void
; CHECK: stream.plain:
; CHECK: call void @__vecz_v8_k(ptr %in, ptr %other, ptr %out, i32 8)
; CHECK: call void @__vecz_v8_k(ptr %in, ptr %other, ptr %out, i32 %wi.x.active)
; CHECK-NOT: sfence
; CHECK: ret void

; CHECK-LABEL: define internal void @__vecz_v8_k.streaming(
; CHECK: call <8 x float> @llvm.masked.load.v8f32.p0(
; CHECK-NOT: !nontemporal
; CHECK: call void @llvm.masked.store.v8f32.p0({{.*}}), !nontemporal [[ONE:![0-9]+]]

; The copy of the work-group loops is no entry point; it calls the streaming vector form for
; whole vectors, the plain one for the remainder, and fences before it returns.
; CHECK: define internal void @k.mux-barrier-wrapper.streaming(ptr %in, ptr %other, ptr %out) #[[COPY:[0-9]+]]
; CHECK: call void @__vecz_v8_k.streaming(ptr %in, ptr %other, ptr %out, i32 8)
; CHECK: call void @__vecz_v8_k(ptr %in, ptr %other, ptr %out, i32 %wi.x.active)
; CHECK: call void @llvm.x86.sse.sfence()
; CHECK-NEXT: ret void

; CHECK: attributes #[[COPY]] = {
; CHECK-NOT: mux-kernel
; CHECK-SAME: }
; CHECK: [[ONE]] = !{i32 1}

declare i64 @__mux_get_global_id(i32)

define void @k(ptr %in, ptr %other, ptr %out) #0 {
entry:
  %gid = call i64 @__mux_get_global_id(i32 0)
  %pin = getelementptr inbounds float, ptr %in, i64 %gid
  %v = load float, ptr %pin, align 4
  %pother = getelementptr inbounds float, ptr %other, i64 %gid
  %w = load float, ptr %pother, align 4
  %s = fadd float %v, %w
  %pout = getelementptr inbounds float, ptr %out, i64 %gid
  store float %s, ptr %pout, align 4
  ret void
}

attributes #0 = { "mux-kernel"="entry-point" }
