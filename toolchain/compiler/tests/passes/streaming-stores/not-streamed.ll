; streaming-stores: kernels whose stores would be read again, or whose vector form does more
; than stream, keep their vector form alone: `rmw` reads the memory it stores to (`out[i] +=
; in[i]`), `atomic` adds to a counter, `loop` stores inside a loop, `five_reads` reads 5 bytes
; per byte it stores (a stencil), `two_branches` stores to one captured output in both arms of a
; divergent `if`, each arm loading the capture through a GEP of its own (as clang writes a
; bordered stencil): one output, written under two masks, both stores read by neither arm but
; one pointer all the same. `stream` is the control: it is versioned in the same module.
; RUN: muxc --passes 'run-vecz<width=8>,work-item-loops,streaming-stores<threshold=1000>,verify' -S %s | FileCheck %s

target triple = "x86_64-unknown-linux-gnu"

; CHECK-NOT: @__vecz_v8_rmw.streaming
; CHECK-NOT: @__vecz_v8_atomic.streaming
; CHECK-NOT: @__vecz_v8_loop.streaming
; CHECK-NOT: @__vecz_v8_five_reads.streaming
; CHECK-NOT: @__vecz_v8_two_branches.streaming
; CHECK: define internal void @__vecz_v8_stream.streaming(
; CHECK-NOT: @__vecz_v8_rmw.streaming
; CHECK-NOT: @__vecz_v8_atomic.streaming
; CHECK-NOT: @__vecz_v8_loop.streaming
; CHECK-NOT: @__vecz_v8_five_reads.streaming
; CHECK-NOT: @__vecz_v8_two_branches.streaming

declare i64 @__mux_get_global_id(i32)

define void @rmw(ptr %in, ptr %out) #0 {
entry:
  %gid = call i64 @__mux_get_global_id(i32 0)
  %pin = getelementptr inbounds float, ptr %in, i64 %gid
  %v = load float, ptr %pin, align 4
  %pout = getelementptr inbounds float, ptr %out, i64 %gid
  %old = load float, ptr %pout, align 4
  %s = fadd float %v, %old
  store float %s, ptr %pout, align 4
  ret void
}

define void @atomic(ptr %in, ptr %out, ptr %counter) #0 {
entry:
  %gid = call i64 @__mux_get_global_id(i32 0)
  %pin = getelementptr inbounds float, ptr %in, i64 %gid
  %v = load float, ptr %pin, align 4
  %pout = getelementptr inbounds float, ptr %out, i64 %gid
  store float %v, ptr %pout, align 4
  %seen = atomicrmw add ptr %counter, i32 1 monotonic
  ret void
}

define void @loop(ptr %in, ptr %out) #0 {
entry:
  %gid = call i64 @__mux_get_global_id(i32 0)
  %pin = getelementptr inbounds float, ptr %in, i64 %gid
  %v = load float, ptr %pin, align 4
  br label %body

body:
  %k = phi i64 [ 0, %entry ], [ %k.next, %body ]
  %row = mul i64 %k, 4096
  %index = add i64 %row, %gid
  %pout = getelementptr inbounds float, ptr %out, i64 %index
  store float %v, ptr %pout, align 4
  %k.next = add i64 %k, 1
  %more = icmp ult i64 %k.next, 4
  br i1 %more, label %body, label %done

done:
  ret void
}

define void @five_reads(ptr %in, ptr %out) #0 {
entry:
  %gid = call i64 @__mux_get_global_id(i32 0)
  %p0 = getelementptr inbounds float, ptr %in, i64 %gid
  %v0 = load float, ptr %p0, align 4
  %p1 = getelementptr inbounds float, ptr %p0, i64 1
  %v1 = load float, ptr %p1, align 4
  %p2 = getelementptr inbounds float, ptr %p0, i64 -1
  %v2 = load float, ptr %p2, align 4
  %p3 = getelementptr inbounds float, ptr %p0, i64 4096
  %v3 = load float, ptr %p3, align 4
  %p4 = getelementptr inbounds float, ptr %p0, i64 -4096
  %v4 = load float, ptr %p4, align 4
  %s0 = fadd float %v0, %v1
  %s1 = fadd float %s0, %v2
  %s2 = fadd float %s1, %v3
  %s3 = fadd float %s2, %v4
  %pout = getelementptr inbounds float, ptr %out, i64 %gid
  store float %s3, ptr %pout, align 4
  ret void
}

define void @two_branches(ptr noalias readonly dereferenceable(16) %captures) #0 {
entry:
  %gid = call i64 @__mux_get_global_id(i32 0)
  %edge = icmp eq i64 %gid, 0
  br i1 %edge, label %border, label %inside

border:
  %in.slot = getelementptr inbounds i8, ptr %captures, i64 0
  %in = load ptr, ptr %in.slot, align 8
  %p = getelementptr inbounds float, ptr %in, i64 %gid
  %v = load float, ptr %p, align 4
  %out.slot = getelementptr inbounds i8, ptr %captures, i64 8
  %out = load ptr, ptr %out.slot, align 8
  %q = getelementptr inbounds float, ptr %out, i64 %gid
  store float %v, ptr %q, align 4
  br label %done

inside:
  %in.slot.inside = getelementptr inbounds i8, ptr %captures, i64 0
  %in.inside = load ptr, ptr %in.slot.inside, align 8
  %p.inside = getelementptr inbounds float, ptr %in.inside, i64 %gid
  %w = load float, ptr %p.inside, align 4
  %twice = fmul float %w, 2.0
  %out.slot.inside = getelementptr inbounds i8, ptr %captures, i64 8
  %out.inside = load ptr, ptr %out.slot.inside, align 8
  %q.inside = getelementptr inbounds float, ptr %out.inside, i64 %gid
  store float %twice, ptr %q.inside, align 4
  br label %done

done:
  ret void
}

define void @stream(ptr %in, ptr %out) #0 {
entry:
  %gid = call i64 @__mux_get_global_id(i32 0)
  %pin = getelementptr inbounds float, ptr %in, i64 %gid
  %v = load float, ptr %pin, align 4
  %pout = getelementptr inbounds float, ptr %out, i64 %gid
  store float %v, ptr %pout, align 4
  ret void
}

attributes #0 = { "mux-kernel"="entry-point" }
