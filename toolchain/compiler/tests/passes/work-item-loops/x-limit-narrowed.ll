; work-item-loops: a barrier region that does nothing for work-items with local x id >= U
; (its guard, `lid.x < U` and the forms implying it, reached through side-effect-free code, the
; other side of the guard side-effect free up to the return) runs its x loop up to U only
; (docs/vectorizer.md, "Narrowed x loops"). In the vector form, vectors starting below U run,
; and the predicated remainder only when the whole vectors do not reach U.
; RUN: muxc --passes 'prepare-barriers,run-vecz<width=4>,work-item-loops,verify' -S %s | FileCheck %s --check-prefix=VECTOR
; RUN: muxc --passes 'prepare-barriers,work-item-loops,verify' -S %s | FileCheck %s --check-prefix=SCALAR

; Region 1 (the stores before the first barrier) has no guard: its loops stop at the group's size.
; VECTOR-LABEL: region.1:
; VECTOR-NOT: wi.x.limit
; VECTOR-NOT: llvm.assume
; `lid < 8`.
; VECTOR-LABEL: region.2:
; VECTOR: %[[BELOW:wi.x.below[0-9]*]] = icmp ult i64 %[[FULL:wi.x.full[0-9]*]], 8
; VECTOR-NEXT: %[[LIMIT:wi.x.limit[0-9]*]] = select i1 %[[BELOW]], i64 %[[FULL]], i64 8
; Each whole vector starts below the limit, which LLVM is told, so that the region's own guard
; folds away once it is inlined.
; VECTOR: %[[X:wi.x[0-9]*]] = phi i64
; VECTOR-NEXT: %[[STARTS_BELOW:wi.x.below.limit[0-9]*]] = icmp ult i64 %[[X]], 8
; VECTOR-NEXT: call void @llvm.assume(i1 %[[STARTS_BELOW]])
; VECTOR: %[[MORE:wi.x.more[0-9]*]] = icmp ult i64 %{{.*}}, %[[LIMIT]]
; VECTOR: %[[NEEDED:wi.x.tail.needed[0-9]*]] = icmp eq i64 %[[LIMIT]], %[[FULL]]
; VECTOR-NEXT: and i1 %{{.*}}, %[[NEEDED]]
; `lid <= 2` (signed, through a truncation).
; VECTOR-LABEL: region.3:
; VECTOR: icmp ult i64 %{{.*}}, 3
; `5 > lid` and another condition.
; VECTOR-LABEL: region.4:
; VECTOR: icmp ult i64 %{{.*}}, 5
; `!(lid != 0)`: the leader only; the limit is never below 1, so the first vector always runs.
; VECTOR-LABEL: region.5:
; VECTOR: icmp ult i64 %{{.*}}, 1

; SCALAR-LABEL: region.2:
; SCALAR: %[[BELOW:wi.x.below[0-9]*]] = icmp ult i64 %[[SIZE:.*]], 8
; SCALAR-NEXT: %[[LIMIT:wi.x.limit[0-9]*]] = select i1 %[[BELOW]], i64 %[[SIZE]], i64 8
; SCALAR: %[[MORE:wi.x.more[0-9]*]] = icmp ult i64 %wi.x.next{{[0-9]*}}, %[[LIMIT]]
; SCALAR-LABEL: region.3:
; SCALAR: icmp ult i64 %{{.*}}, 3
; SCALAR-LABEL: region.4:
; SCALAR: icmp ult i64 %{{.*}}, 5
; SCALAR-LABEL: region.5:
; SCALAR: icmp ult i64 %{{.*}}, 1

target triple = "x86_64-pc-linux-gnu"

define void @tree(ptr addrspace(3) %scratch, ptr addrspace(1) %out, i64 %flag) #0 {
entry:
  %lid = call i64 @__mux_get_local_id(i32 0)
  %slot = getelementptr inbounds float, ptr addrspace(3) %scratch, i64 %lid
  %f = uitofp i64 %lid to float
  store float %f, ptr addrspace(3) %slot, align 4
  call void @__mux_work_group_barrier(i32 0, i32 2, i32 784)
  %below8 = icmp ult i64 %lid, 8
  br i1 %below8, label %add8, label %after8

add8:
  %other = getelementptr inbounds float, ptr addrspace(3) %slot, i64 8
  %a = load float, ptr addrspace(3) %other, align 4
  %b = load float, ptr addrspace(3) %slot, align 4
  %sum = fadd float %a, %b
  store float %sum, ptr addrspace(3) %slot, align 4
  br label %after8

after8:
  call void @__mux_work_group_barrier(i32 1, i32 2, i32 784)
  %lid32 = trunc i64 %lid to i32
  %upto2 = icmp sle i32 %lid32, 2
  br i1 %upto2, label %double, label %after2

double:
  %c = load float, ptr addrspace(3) %slot, align 4
  %d = fmul float %c, 2.0
  store float %d, ptr addrspace(3) %slot, align 4
  br label %after2

after2:
  call void @__mux_work_group_barrier(i32 2, i32 2, i32 784)
  %above = icmp ugt i64 5, %lid
  %set = icmp ne i64 %flag, 0
  %both = and i1 %set, %above
  br i1 %both, label %halve, label %after5

halve:
  %e = load float, ptr addrspace(3) %slot, align 4
  %g = fmul float %e, 0.5
  store float %g, ptr addrspace(3) %slot, align 4
  br label %after5

after5:
  call void @__mux_work_group_barrier(i32 3, i32 2, i32 784)
  %not_leader = icmp ne i64 %lid, 0
  br i1 %not_leader, label %done, label %write

write:
  %v = load float, ptr addrspace(3) %scratch, align 4
  store float %v, ptr addrspace(1) %out, align 4
  br label %done

done:
  ret void
}

declare i64 @__mux_get_local_id(i32)
declare void @__mux_work_group_barrier(i32, i32, i32)

attributes #0 = { "mux-kernel"="entry-point" "mux-orig-fn"="tree" "mux-base-fn-name"="tree" }
