; add-kernel-metadata: after work-item-loops and replace-module-scope-vars, each entry point gets
; an ELF note in the allocated section .note.nativecpu.kernels (docs/formats.md, "Kernel
; metadata notes"): namesz 10, descsz 48 + the name's length, type 1, "NativeCPU" padded to 12,
; then version 1, the name's length, the local memory (u64), the private memory per work-item
; (u64), reqd_work_group_size x, y, z, the sub-group size, the required sub-group size and the
; vector width (u32 each), and the kernel's original name.
; * @_ZTS5Tiled uses a work-group local variable (@tile: 64 bytes) and keeps an i64 it loaded live
;   across its barrier (8 bytes per work-item); it requires a 16x2x1 work-group.
; * @_ZTS5Plain reaches no local variable (0 bytes, although the module has 64), has no barrier,
;   and requires sub-groups of one work-item.
; The notes stay in llvm.compiler.used through the passes that drop the used lists. Vectorized at
; 4 lanes, @_ZTS5Tiled has sub-groups of 4 and its uniform i64 is stored once per vector: 2 bytes
; per work-item.
; RUN: muxc --passes work-item-loops,replace-module-scope-vars,add-kernel-metadata,verify -S %s \
; RUN:   | FileCheck %s
; RUN: muxc --passes 'run-vecz<width=4>,work-item-loops,replace-module-scope-vars,add-kernel-metadata,verify' -S %s \
; RUN:   | FileCheck %s --check-prefix=VECTOR
; RUN: muxc --passes work-item-loops,replace-module-scope-vars,add-kernel-metadata,prepare-sycl-native-cpu,rename-kernel-sycl-native-cpu,verify -S %s \
; RUN:   | FileCheck %s --check-prefix=KEPT

; CHECK: @nativecpu.kernel_note = internal constant [84 x i8] c"\0A\00\00\00:\00\00\00\01\00\00\00NativeCPU\00\00\00\01\00\00\00\0A\00\00\00@\00\00\00\00\00\00\00\08\00\00\00\00\00\00\00\10\00\00\00\02\00\00\00\01\00\00\00\01\00\00\00\00\00\00\00\01\00\00\00_ZTS5Tiled\00\00", section ".note.nativecpu.kernels", align 4
; CHECK: @nativecpu.kernel_note.1 = internal constant [84 x i8] c"\0A\00\00\00:\00\00\00\01\00\00\00NativeCPU\00\00\00\01\00\00\00\0A\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\01\00\00\00\01\00\00\00\01\00\00\00_ZTS5Plain\00\00", section ".note.nativecpu.kernels", align 4
; CHECK: @llvm.compiler.used = appending global [3 x ptr] [ptr @existing, ptr @nativecpu.kernel_note, ptr @nativecpu.kernel_note.1], section "llvm.metadata"

; VECTOR: @nativecpu.kernel_note = {{.*}}\0A\00\00\00@\00\00\00\00\00\00\00\02\00\00\00\00\00\00\00\10\00\00\00\02\00\00\00\01\00\00\00\04\00\00\00\00\00\00\00\04\00\00\00_ZTS5Tiled
; VECTOR: @nativecpu.kernel_note.1 = {{.*}}\01\00\00\00\01\00\00\00\01\00\00\00_ZTS5Plain

; KEPT: @nativecpu.kernel_note = internal constant [84 x i8] {{.*}}_ZTS5Tiled
; KEPT: @nativecpu.kernel_note.1 = internal constant [84 x i8] {{.*}}_ZTS5Plain
; KEPT: @llvm.compiler.used = appending global [2 x ptr] [ptr @nativecpu.kernel_note, ptr @nativecpu.kernel_note.1], section "llvm.metadata"

target triple = "x86_64-pc-linux-gnu"

@tile = internal addrspace(3) global [16 x i32] poison, align 4
@existing = internal global i32 0
@llvm.compiler.used = appending global [1 x ptr] [ptr @existing], section "llvm.metadata"

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
