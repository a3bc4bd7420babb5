; work-item-loops: regions whose guard does not bound the local x id from above, or whose other
; side has an effect, or that start at a scan (whose accumulator needs every work-item's
; operand), keep their x loops over the whole group (docs/vectorizer.md, "Narrowed x loops").
; RUN: muxc --passes 'prepare-barriers,run-vecz<width=4>,work-item-loops,verify' -S %s | FileCheck %s
; RUN: muxc --passes 'prepare-barriers,work-item-loops,verify' -S %s | FileCheck %s

; CHECK-NOT: wi.x.limit
; CHECK-LABEL: define void @kept.mux-barrier-wrapper
; CHECK-NOT: wi.x.limit
; CHECK: kernel.exit:

target triple = "x86_64-pc-linux-gnu"

define void @kept(ptr addrspace(1) %out, ptr addrspace(1) %scanned, i64 %bound) #0 {
entry:
  %lid = call i64 @__mux_get_local_id(i32 0)
  %slot = getelementptr inbounds i64, ptr addrspace(1) %out, i64 %lid
  store i64 %lid, ptr addrspace(1) %slot, align 8
  call void @__mux_work_group_barrier(i32 0, i32 2, i32 784)
  ; A lower bound.
  %above = icmp ugt i64 %lid, 10
  br i1 %above, label %high, label %after_high

high:
  store i64 1, ptr addrspace(1) %slot, align 8
  br label %after_high

after_high:
  call void @__mux_work_group_barrier(i32 1, i32 2, i32 784)
  ; Both sides store.
  %low = icmp ult i64 %lid, 4
  br i1 %low, label %then, label %else

then:
  store i64 2, ptr addrspace(1) %slot, align 8
  br label %after_both

else:
  store i64 3, ptr addrspace(1) %slot, align 8
  br label %after_both

after_both:
  call void @__mux_work_group_barrier(i32 2, i32 2, i32 784)
  ; A bound that is not a constant.
  %variable = icmp ult i64 %lid, %bound
  br i1 %variable, label %write_variable, label %after_variable

write_variable:
  store i64 4, ptr addrspace(1) %slot, align 8
  br label %after_variable

after_variable:
  ; The region after a scan, guarded.
  %running = call i64 @__mux_work_group_scan_inclusive_add_i64(i32 3, i64 %lid)
  %first_two = icmp ult i64 %lid, 2
  br i1 %first_two, label %write_scan, label %done

write_scan:
  %scan_slot = getelementptr inbounds i64, ptr addrspace(1) %scanned, i64 %lid
  store i64 %running, ptr addrspace(1) %scan_slot, align 8
  br label %done

done:
  ret void
}

declare i64 @__mux_get_local_id(i32)
declare void @__mux_work_group_barrier(i32, i32, i32)
declare i64 @__mux_work_group_scan_inclusive_add_i64(i32, i64)

attributes #0 = { "mux-kernel"="entry-point" "mux-orig-fn"="kept" "mux-base-fn-name"="kept" }
