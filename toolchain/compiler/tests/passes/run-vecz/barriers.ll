; run-vecz with barriers: the vector form keeps each barrier once, as a uniform call all lanes
; reach together (work-item-loops cuts it into regions later). The lane-0-only code after each
; barrier runs once: its loads and its store at uniform addresses stay scalar, reading and
; writing a private slot when lane 0 is not in this vector.
; The preparation (which simplifies the whole module) keeps every numbered barrier of the scalar
; kernel once: SimplifyCFG would thread the second `local_id == 0` branch through the block of
; barrier 1 by copying it, unless the barrier is convergent (prepare-barriers makes it so); two
; copies of barrier 1 made work-item-loops resume every work-item at one of them, and the tree
; reduction lost its result.
; RUN: muxc --passes 'prepare-barriers,run-vecz<width=4>,verify' -S %s | FileCheck %s

target triple = "x86_64-pc-linux-gnu"

; CHECK-LABEL: define void @reduce(
; CHECK: call void @__mux_work_group_barrier(i32 0, i32 2, i32 784)
; CHECK: call void @__mux_work_group_barrier(i32 1, i32 2, i32 784)
; CHECK-NOT: call void @__mux_work_group_barrier(i32 1,
; CHECK: ret void

; CHECK-LABEL: define internal void @__vecz_v4_reduce(
; CHECK: %spare = alloca float
; CHECK-NOT: store float 0.000000e+00, ptr %spare
; CHECK: call void @llvm.masked.store.v4f32.p3(
; CHECK-NEXT: call void @__mux_work_group_barrier(i32 0, i32 2, i32 784)
; CHECK: %[[FIRST:.*]] = icmp eq <4 x i64> %lane.id, zeroinitializer
; CHECK: %[[LANE0:.*]] = and <4 x i1> %active, %[[FIRST]]
; CHECK: store float 0.000000e+00, ptr %spare
; CHECK-NEXT: %[[SPARE:.*]] = addrspacecast ptr %spare to ptr addrspace(3)
; CHECK-NEXT: %[[ANY:.*]] = call i1 @llvm.vector.reduce.or.v4i1(<4 x i1> %[[LANE0]])
; CHECK-NEXT: %[[ADDRESS:.*]] = select i1 %[[ANY]], ptr addrspace(3) %scratch, ptr addrspace(3) %[[SPARE]]
; CHECK-NEXT: %a = load float, ptr addrspace(3) %[[ADDRESS]], align 4
; CHECK: %sum = fadd float %a, %b
; CHECK: store float %sum, ptr addrspace(3) %{{.*}}, align 4
; CHECK: call void @__mux_work_group_barrier(i32 1, i32 2, i32 784)
; CHECK-NOT: call void @__mux_work_group_barrier
; CHECK-NOT: scatter
; CHECK: store float %result, ptr addrspace(1) %{{.*}}, align 4
; CHECK: ret void
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
