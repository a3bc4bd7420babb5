; work-item-loops with a vector form that has barriers: lane masks (`lane < active lanes`, and a
; comparison of the local id such as `local id == 0`) are recomputed in each region that uses
; them, from the region's own active lane count and local id, instead of being kept in the live
; struct. A `<4 x i1>` member would be packed to a byte and unpacked again for every vector.
; RUN: muxc --passes 'prepare-barriers,run-vecz<width=4>,work-item-loops,verify' -S %s | FileCheck %s

; CHECK: %first_live_mem_info = type <{ float }>

; CHECK-LABEL: define internal i32 @first.mux-barrier-region.2(ptr addrspace(3) %0, ptr addrspace(1) %1, i32 %2, ptr %3)
; CHECK: %[[COUNT:.*]] = insertelement <4 x i32> poison, i32 %2, i32 0
; CHECK-NEXT: %[[SPLAT:.*]] = shufflevector <4 x i32> %[[COUNT]], <4 x i32> poison, <4 x i32> zeroinitializer
; CHECK-NEXT: %[[ACTIVE:.*]] = icmp ult <4 x i32> <i32 0, i32 1, i32 2, i32 3>, %[[SPLAT]]
; CHECK: %[[FIRST:.*]] = icmp eq <4 x i64> %{{.*}}, zeroinitializer
; CHECK: and <4 x i1> %[[ACTIVE]], %[[FIRST]]
; CHECK: ret i32

target triple = "x86_64-pc-linux-gnu"

define void @first(ptr addrspace(3) %scratch, ptr addrspace(1) %out) #0 {
entry:
  %lid = call i64 @__mux_get_local_id(i32 0)
  %first = icmp eq i64 %lid, 0
  %plocal = getelementptr inbounds float, ptr addrspace(3) %scratch, i64 %lid
  %f = uitofp i64 %lid to float
  store float %f, ptr addrspace(3) %plocal, align 4
  call void @__mux_work_group_barrier(i32 0, i32 2, i32 784)
  br i1 %first, label %write, label %done

write:
  %p1 = getelementptr inbounds float, ptr addrspace(3) %scratch, i64 1
  %v = load float, ptr addrspace(3) %p1, align 4
  store float %v, ptr addrspace(1) %out, align 4
  br label %done

done:
  ret void
}

declare i64 @__mux_get_local_id(i32)
declare void @__mux_work_group_barrier(i32, i32, i32)

attributes #0 = { "mux-kernel"="entry-point" "mux-orig-fn"="first" "mux-base-fn-name"="first" }
