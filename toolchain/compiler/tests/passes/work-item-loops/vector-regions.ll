; work-item-loops with a vector form that has barriers (docs/vectorizer.md, "Barriers"): the
; regions are cut from the vector form, which takes the active lane count before the live
; pointer; each row of x runs whole vectors of 4 (x = 0, 4, …) and then one call for the rest
; with fewer lanes; live variables are kept per vector of work-items, so the buffer holds
; ceil(x size / 4) × y × z of them and the vector at x is number x / 4 of its row. The scalar
; kernel and its vector form are gone; only their regions remain. The local size is known only
; at run time, so the wrapper runs the regions in one of two versions: one for rows of x that
; are whole vectors (every call has 4 active lanes: no remainder call), and the general one.
; RUN: muxc --passes 'prepare-barriers,run-vecz<width=4>,work-item-loops,verify' -S %s | FileCheck %s

; CHECK-LABEL: define void @reduce.mux-barrier-wrapper(
; CHECK: %items.x.up = add nuw i64 %local_size.x, 3
; CHECK-NEXT: %items.x = udiv i64 %items.x.up, 4
; CHECK-NEXT: %items.xy = mul nuw i64 %items.x, %local_size.y
; CHECK-NEXT: %items = mul nuw i64 %items.xy, %local_size.z
; CHECK-NEXT: %live.bytes = mul nuw i64 %items, [[STRIDE:[0-9]+]]
; CHECK: %rows.rem = urem i64 %local_size.x, 4
; CHECK-NEXT: %rows.whole = icmp eq i64 %rows.rem, 0
; CHECK-NEXT: br i1 %rows.whole, label %barrier.dispatch.whole, label %barrier.dispatch

; CHECK: barrier.dispatch.whole:
; CHECK-NEXT: %region{{[0-9]*}} = load i32, ptr %next_barrier_id
; CHECK-NEXT: switch i32 %region{{[0-9]*}}, label %barrier.unreachable{{[0-9]*}} [
; CHECK-NEXT: i32 0, label %kernel.exit
; CHECK-NEXT: i32 1, label %region.1.whole
; CHECK-NEXT: i32 2, label %region.2.whole

; CHECK-LABEL: region.1:
; CHECK: %wi.x.rem = urem i64 %local_size.x, 4
; CHECK: %wi.x = phi i64 [ 0, %{{.*}} ], [ %wi.x.next, %{{.*}} ]
; CHECK-NEXT: call void @__mux_set_local_id(i32 0, i64 %wi.x)
; CHECK: %wi.xv = udiv i64 %wi.x, 4
; CHECK: %wi.rowv = mul nuw i64 %wi.row, %items.x
; CHECK-NEXT: %wi.linear = add nuw i64 %wi.rowv, %wi.xv
; CHECK-NEXT: %live.offset = mul nuw i64 %wi.linear, [[STRIDE]]
; CHECK-NEXT: %live.item = getelementptr inbounds i8, ptr %live_variables, i64 %live.offset
; CHECK-NEXT: %next = call i32 @reduce.mux-barrier-region.1(ptr addrspace(3) %scratch, ptr addrspace(1) %out, ptr addrspace(1) %in, i32 4, ptr %live.item)
; CHECK: %wi.x.next = add nuw i64 %wi.x, 4
; CHECK: %wi.x.active = trunc i64 %wi.x.rem to i32
; CHECK-NEXT: call void @__mux_set_local_id(i32 0, i64 %wi.x.full)
; CHECK: call i32 @reduce.mux-barrier-region.1(ptr addrspace(3) %scratch, ptr addrspace(1) %out, ptr addrspace(1) %in, i32 %wi.x.active, ptr %{{.*}})

; CHECK-LABEL: region.1.whole:
; CHECK: call i32 @reduce.mux-barrier-region.1(ptr addrspace(3) %scratch, ptr addrspace(1) %out, ptr addrspace(1) %in, i32 4, ptr %{{.*}})
; CHECK-NOT: call i32 @reduce.mux-barrier-region.1(
; CHECK: br label %barrier.dispatch.whole

; CHECK: define internal i32 @reduce.mux-barrier-region.1(ptr addrspace(3) %0, ptr addrspace(1) %1, ptr addrspace(1) %2, i32 %3, ptr %4)
; CHECK: call <4 x float> @llvm.masked.load.v4f32.p1(
; CHECK: ret i32 2
; CHECK-NOT: define {{.*}} @reduce(
; CHECK-NOT: define {{.*}} @__vecz_v4_reduce(

target triple = "x86_64-pc-linux-gnu"


define void @reduce(ptr addrspace(3) %scratch, ptr addrspace(1) %out, ptr addrspace(1) %in) #0 {
entry:
  %lid = call i64 @__mux_get_local_id(i32 0)
  %pin = getelementptr inbounds float, ptr addrspace(1) %in, i64 %lid
  %v = load float, ptr addrspace(1) %pin, align 4
  %plocal = getelementptr inbounds float, ptr addrspace(3) %scratch, i64 %lid
  store float %v, ptr addrspace(3) %plocal, align 4
  call void @__mux_work_group_barrier(i32 0, i32 2, i32 784)
  %first = icmp eq i64 %lid, 0
  br i1 %first, label %add, label %sync

add:
  %a = load float, ptr addrspace(3) %scratch, align 4
  %pb = getelementptr inbounds float, ptr addrspace(3) %scratch, i64 1
  %b = load float, ptr addrspace(3) %pb, align 4
  %sum = fadd float %a, %b
  store float %sum, ptr addrspace(3) %scratch, align 4
  br label %sync

sync:
  call void @__mux_work_group_barrier(i32 0, i32 2, i32 784)
  br i1 %first, label %write, label %done

write:
  %result = load float, ptr addrspace(3) %scratch, align 4
  store float %result, ptr addrspace(1) %out, align 4
  br label %done

done:
  ret void
}

declare i64 @__mux_get_local_id(i32)
declare void @__mux_work_group_barrier(i32, i32, i32)

attributes #0 = { "mux-kernel"="entry-point" "mux-orig-fn"="reduce" "mux-base-fn-name"="reduce" }
