; work-item-loops on a kernel compiled with -g: the result must still verify. The wrapper must not
; share the kernel's DISubprogram (a subprogram belongs to one function), and if the wrapper has
; debug info, its call to the kernel needs a !dbg location. `ncpu++ -g` keeps debug info, so
; this is the shape every debug build reaches.
; RUN: muxc --passes work-item-loops,verify -S %s | FileCheck %s

source_filename = "fill.cpp"
target triple = "x86_64-pc-linux-gnu"

; CHECK: define internal void @_ZTS4Fill(ptr %out) #{{[0-9]+}} !dbg [[SP:![0-9]+]] {
define spir_kernel void @_ZTS4Fill(ptr %out) #0 !dbg !5 {
entry:
  %gid = call i64 @__mux_get_global_id(i32 0), !dbg !8
  %slot = getelementptr inbounds i32, ptr %out, i64 %gid, !dbg !8
  store i32 1, ptr %slot, align 4, !dbg !8
  ret void, !dbg !8
}

; CHECK: define void @_ZTS4Fill.mux-barrier-wrapper(ptr %out)
; CHECK-NOT: !dbg [[SP]]
; CHECK: call void @_ZTS4Fill(ptr %out)
; CHECK: [[SP]] = distinct !DISubprogram(name: "fill"

declare i64 @__mux_get_global_id(i32)

attributes #0 = { nounwind "mux-kernel"="entry-point" "mux-orig-fn"="_ZTS4Fill" "mux-base-fn-name"="_ZTS4Fill" }

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!2, !3}

!0 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus_14, file: !1, producer: "clang", isOptimized: true, runtimeVersion: 0, emissionKind: FullDebug)
!1 = !DIFile(filename: "fill.cpp", directory: "/src")
!2 = !{i32 7, !"Dwarf Version", i32 5}
!3 = !{i32 2, !"Debug Info Version", i32 3}
!5 = distinct !DISubprogram(name: "fill", linkageName: "_ZTS4Fill", scope: !1, file: !1, line: 3, type: !6, scopeLine: 3, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0)
!6 = !DISubroutineType(types: !7)
!7 = !{null}
!8 = !DILocation(line: 4, column: 5, scope: !5)
