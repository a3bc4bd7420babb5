; work-item-loops<debug>: the wrapper of a kernel with a barrier takes over the kernel's
; subprogram (and stays a frame of its own: noinline); the regions keep the kernel's source
; locations; a variable whose alloca lives across the barrier is declared on the wrapper's
; `live_vars_dbg` slot, which holds the current work-item's live struct, as
; `DW_OP_deref, DW_OP_plus_uconst <member offset>`, and each region call stores the item's
; struct there first. Without `debug` none of this happens.
; RUN: muxc --passes 'work-item-loops<debug>,verify' -S %s | FileCheck %s
; RUN: muxc --passes 'work-item-loops,verify' -S %s | FileCheck %s --check-prefix=PLAIN

; CHECK-LABEL: define void @_ZTS5Debug.mux-barrier-wrapper(
; CHECK-SAME: ptr %out) #[[WRAPPER:[0-9]+]] !dbg ![[SP:[0-9]+]] {
; CHECK: %live_vars_dbg = alloca ptr
; CHECK-NEXT: #dbg_declare(ptr %live_vars_dbg, ![[VAR:[0-9]+]], !DIExpression(DW_OP_deref, DW_OP_plus_uconst, 0),
; CHECK: store ptr %live.item, ptr %live_vars_dbg
; CHECK-NEXT: call i32 @_ZTS5Debug.mux-barrier-region.1(
; CHECK: store ptr %live.item{{[0-9]+}}, ptr %live_vars_dbg
; CHECK-NEXT: call i32 @_ZTS5Debug.mux-barrier-region.2(
; CHECK-LABEL: define internal i32 @_ZTS5Debug.mux-barrier-region.2(
; CHECK: load i32, ptr %{{.*}}, align 4, !dbg ![[LOAD:[0-9]+]]
; CHECK: attributes #[[WRAPPER]] = { noinline
; CHECK: ![[SP]] = distinct !DISubprogram(name: "Debug"
; CHECK: ![[VAR]] = !DILocalVariable(name: "secret", scope: ![[SP]]
; CHECK: ![[LOAD]] = !DILocation(line: 5, scope: ![[SP]])

; PLAIN-NOT: live_vars_dbg
; PLAIN-NOT: #dbg_declare
; PLAIN-LABEL: define void @_ZTS5Debug.mux-barrier-wrapper(ptr %out) #{{[0-9]+}} {

source_filename = "debug.cpp"
target triple = "x86_64-pc-linux-gnu"

define spir_kernel void @_ZTS5Debug(ptr %out) #0 !dbg !5 {
entry:
  %secret = alloca i32, align 4
    #dbg_declare(ptr %secret, !9, !DIExpression(), !11)
  %gid = call i64 @__mux_get_global_id(i32 0), !dbg !11
  %v = trunc i64 %gid to i32, !dbg !11
  store i32 %v, ptr %secret, align 4, !dbg !11
  call void @__mux_work_group_barrier(i32 0, i32 2, i32 272), !dbg !12
  %r = load i32, ptr %secret, align 4, !dbg !13
  store i32 %r, ptr %out, align 4, !dbg !13
  ret void, !dbg !13
}

declare i64 @__mux_get_global_id(i32)
declare void @__mux_work_group_barrier(i32, i32, i32)

attributes #0 = { "mux-kernel"="entry-point" "mux-orig-fn"="_ZTS5Debug" "mux-base-fn-name"="_ZTS5Debug" }

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3, !4}

!0 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus_14, file: !1, producer: "clang", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug)
!1 = !DIFile(filename: "debug.cpp", directory: "/src")
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = !{i32 7, !"Dwarf Version", i32 5}
!5 = distinct !DISubprogram(name: "Debug", scope: !1, file: !1, line: 1, type: !6, scopeLine: 1, spFlags: DISPFlagDefinition, unit: !0, retainedNodes: !8)
!6 = !DISubroutineType(types: !7)
!7 = !{null}
!8 = !{}
!9 = !DILocalVariable(name: "secret", scope: !5, file: !1, line: 2, type: !10)
!10 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!11 = !DILocation(line: 2, scope: !5)
!12 = !DILocation(line: 3, scope: !5)
!13 = !DILocation(line: 5, scope: !5)
