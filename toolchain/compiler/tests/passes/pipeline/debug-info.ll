; The whole flow on a kernel compiled with -g (ncpu++ -g keeps debug info): the module verifies
; after every step, including LLVM's O3, and the kernel's debug info survives, also in its
; vectorized form (the masked store keeps the source line of the scalar store). Without the
; vectorizer (the second RUN line: the pipeline of -g -O0, which never vectorizes) the helper
; stays a function and gains the state parameter, its calls keeping their !dbg locations.
; RUN: muxc --link-device-lib --passes='native-cpu-pipeline,default<O3>' -S %s | FileCheck %s
; RUN: muxc --passes=spec-constants,convert-to-mux-builtins,fatomics,transfer-kernel-metadata,prepare-barriers,work-item-loops,replace-module-scope-vars,prepare-sycl-native-cpu,rename-kernel-sycl-native-cpu -S %s \
; RUN:   | FileCheck %s --check-prefix=NOOPT

; CHECK: define internal {{.*}}void @_ZTS4Fill.fp-body(
; CHECK: call void @llvm.masked.store.v4i32.p0(<4 x i32> splat (i32 1), ptr {{.*}}, !dbg
; CHECK: define void @_ZTS4Fill.SYCLNCPU(
; CHECK: distinct !DISubprogram(name: "fill"

; NOOPT: define internal spir_func i64 @_Z5indexv(ptr %state) !dbg [[INDEX:![0-9]+]] {
; NOOPT-NEXT: entry:
; NOOPT-NEXT: call i64 @__dpcpp_nativecpu_get_global_id(i32 0, ptr %state), !dbg
; NOOPT: define internal void @_ZTS4Fill.mux-kernel-body(ptr %out, ptr %state) #{{[0-9]+}} !dbg [[FILL:![0-9]+]] {
; NOOPT-NEXT: entry:
; NOOPT-NEXT: call spir_func i64 @_Z5indexv(ptr %state), !dbg
; NOOPT: [[INDEX]] = distinct !DISubprogram(name: "index"
; NOOPT: [[FILL]] = distinct !DISubprogram(name: "fill"

source_filename = "fill.cpp"
target triple = "x86_64-pc-linux-gnu"

define internal spir_func i64 @_Z5indexv() !dbg !9 {
entry:
  %gid = call i64 @_Z33__spirv_BuiltInGlobalInvocationIdi(i32 0), !dbg !10
  ret i64 %gid, !dbg !10
}

define spir_kernel void @_ZTS4Fill(ptr %out) #0 !dbg !5 {
entry:
  %i = call spir_func i64 @_Z5indexv(), !dbg !8
  %slot = getelementptr inbounds i32, ptr %out, i64 %i, !dbg !8
  store i32 1, ptr %slot, align 4, !dbg !8
  ret void, !dbg !8
}

declare i64 @_Z33__spirv_BuiltInGlobalInvocationIdi(i32)

attributes #0 = { nounwind "target-cpu"="x86-64" }

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
!9 = distinct !DISubprogram(name: "index", linkageName: "_Z5indexv", scope: !1, file: !1, line: 1, type: !6, scopeLine: 1, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0)
!10 = !DILocation(line: 1, column: 20, scope: !9)
