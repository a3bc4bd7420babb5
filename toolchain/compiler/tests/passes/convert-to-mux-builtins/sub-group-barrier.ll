; convert-to-mux-builtins: only *work-group* control barriers become __mux_work_group_barrier (the
; pass's contract; DPC++'s libdevice likewise calls it only for execution scope Workgroup = 2).
; A sub-group barrier, `sycl::group_barrier(sub_group)` = __spirv_ControlBarrier(3, 3, …), must
; not become a work-group barrier: with one work-item per sub-group it synchronises nothing, and
; turning it into a work-group barrier makes work-item-loops reject an ordinary kernel.
; RUN: muxc --passes convert-to-mux-builtins,verify -S %s | FileCheck %s
; RUN: muxc --passes convert-to-mux-builtins,transfer-kernel-metadata,work-item-loops,verify -S %s \
; RUN:   | FileCheck %s --check-prefix=LOOPS

source_filename = "subgroup-barrier.cpp"
target triple = "x86_64-pc-linux-gnu"

; CHECK-LABEL: define spir_kernel void @_ZTS15SubGroupBarrier(ptr %out)
; CHECK: call i64 @__mux_get_global_id(i32 0)
; CHECK-NOT: __mux_work_group_barrier
; CHECK: ret void

; LOOPS: define void @_ZTS15SubGroupBarrier.mux-barrier-wrapper(ptr
define spir_kernel void @_ZTS15SubGroupBarrier(ptr %out) {
entry:
  %gid = call i64 @_Z33__spirv_BuiltInGlobalInvocationIdi(i32 0)
  %slot = getelementptr inbounds i32, ptr %out, i64 %gid
  store i32 1, ptr %slot, align 4
  ; Subgroup = 3; semantics 0x190 = SequentiallyConsistent | SubgroupMemory | WorkgroupMemory.
  tail call void @_Z22__spirv_ControlBarrierjjj(i32 3, i32 3, i32 400) #0
  ret void
}

declare i64 @_Z33__spirv_BuiltInGlobalInvocationIdi(i32)
declare void @_Z22__spirv_ControlBarrierjjj(i32, i32, i32) #0

attributes #0 = { convergent nounwind }
