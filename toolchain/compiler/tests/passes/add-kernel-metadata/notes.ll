; add-kernel-metadata: after work-item-loops and replace-module-scope-vars, each entry point gets
; an ELF note in the allocated section .note.nativecpu.kernels, written as module-level assembly
; (docs/formats.md, "Kernel metadata notes"): namesz 10, descsz 48 + the name's length (58),
; type 1, "NativeCPU" padded to 12, then version 1, the name's length, the local memory (u64),
; the private memory per work-item (u64), reqd_work_group_size x, y, z, the sub-group size, the
; required sub-group size and the vector width (u32 each), and the kernel's original name.
; * @_ZTS5Tiled uses a work-group local variable (@tile: 64 bytes) and keeps an i64 it loaded live
;   across its barrier (8 bytes per work-item); it requires a 16x2x1 work-group.
; * @_ZTS5Plain reaches no local variable (0 bytes, although the module has 64), has no barrier,
;   and requires sub-groups of one work-item.
; Vectorized at 4 lanes, @_ZTS5Tiled has sub-groups of 4 and its uniform i64 is stored once per
; vector: 2 bytes per work-item. The notes are no IR global, so the later passes keep them.
; RUN: muxc --passes work-item-loops,replace-module-scope-vars,add-kernel-metadata,verify -S %s \
; RUN:   | FileCheck %s
; RUN: muxc --passes 'run-vecz<width=4>,work-item-loops,replace-module-scope-vars,add-kernel-metadata,verify' -S %s \
; RUN:   | FileCheck %s --check-prefix=VECTOR
; RUN: muxc --passes work-item-loops,replace-module-scope-vars,add-kernel-metadata,prepare-sycl-native-cpu,add-fp-control,rename-kernel-sycl-native-cpu,verify -S %s \
; RUN:   | FileCheck %s --check-prefix=KEPT

; CHECK: module asm ".pushsection .note.nativecpu.kernels,\22a\22,@note"
; CHECK-NEXT: module asm ".balign 4"
; CHECK-NEXT: module asm ".byte 10,0,0,0,58,0,0,0,1,0,0,0,78,97,116,105"
; CHECK-NEXT: module asm ".byte 118,101,67,80,85,0,0,0,1,0,0,0,10,0,0,0"
; CHECK-NEXT: module asm ".byte 64,0,0,0,0,0,0,0,8,0,0,0,0,0,0,0"
; CHECK-NEXT: module asm ".byte 16,0,0,0,2,0,0,0,1,0,0,0,1,0,0,0"
; CHECK-NEXT: module asm ".byte 0,0,0,0,1,0,0,0,95,90,84,83,53,84,105,108"
; CHECK-NEXT: module asm ".byte 101,100,0,0"
; CHECK-NEXT: module asm ".balign 4"
; CHECK-NEXT: module asm ".byte 10,0,0,0,58,0,0,0,1,0,0,0,78,97,116,105"
; CHECK-NEXT: module asm ".byte 118,101,67,80,85,0,0,0,1,0,0,0,10,0,0,0"
; CHECK-NEXT: module asm ".byte 0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0"
; CHECK-NEXT: module asm ".byte 0,0,0,0,0,0,0,0,0,0,0,0,1,0,0,0"
; CHECK-NEXT: module asm ".byte 1,0,0,0,1,0,0,0,95,90,84,83,53,80,108,97"
; CHECK-NEXT: module asm ".byte 105,110,0,0"
; CHECK-NEXT: module asm ".popsection"

; VECTOR: module asm ".byte 64,0,0,0,0,0,0,0,2,0,0,0,0,0,0,0"
; VECTOR-NEXT: module asm ".byte 16,0,0,0,2,0,0,0,1,0,0,0,4,0,0,0"
; VECTOR-NEXT: module asm ".byte 0,0,0,0,4,0,0,0,95,90,84,83,53,84,105,108"
; VECTOR: module asm ".byte 1,0,0,0,1,0,0,0,95,90,84,83,53,80,108,97"

; KEPT: module asm ".pushsection .note.nativecpu.kernels,\22a\22,@note"
; KEPT: module asm ".byte 0,0,0,0,1,0,0,0,95,90,84,83,53,84,105,108"
; KEPT: module asm ".byte 1,0,0,0,1,0,0,0,95,90,84,83,53,80,108,97"
; KEPT: module asm ".popsection"
; KEPT: define void @_ZTS5Tiled.SYCLNCPU(

target triple = "x86_64-pc-linux-gnu"

@tile = internal addrspace(3) global [16 x i32] poison, align 4

define spir_kernel void @_ZTS5Tiled(ptr %out) #0 !reqd_work_group_size !0 {
entry:
  %id = call i64 @__mux_get_local_id(i32 0)
  %slot = getelementptr [16 x i32], ptr addrspace(3) @tile, i64 0, i64 %id
  store i32 1, ptr addrspace(3) %slot, align 4
  %v = load i64, ptr %out, align 8
  call void @__mux_work_group_barrier(i32 0, i32 2, i32 272)
  %p = getelementptr i64, ptr %out, i64 %id
  store i64 %v, ptr %p, align 8
  ret void
}

define spir_kernel void @_ZTS5Plain(ptr %out) #1 !intel_reqd_sub_group_size !1 {
entry:
  store i64 1, ptr %out, align 8
  ret void
}

declare i64 @__mux_get_local_id(i32)
declare void @__mux_work_group_barrier(i32, i32, i32)

attributes #0 = { "mux-kernel"="entry-point" "mux-orig-fn"="_ZTS5Tiled" "mux-base-fn-name"="_ZTS5Tiled" "sycl-module-id"="a.cpp" }
attributes #1 = { "mux-kernel"="entry-point" "mux-orig-fn"="_ZTS5Plain" "mux-base-fn-name"="_ZTS5Plain" "sycl-module-id"="a.cpp" }

!0 = !{i32 16, i32 2, i32 1}
!1 = !{i32 1}
