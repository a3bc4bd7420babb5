; rename-kernel-sycl-native-cpu: only the exported entry points stay visible. Every other
; definition (functions without "sycl-module-id", whatever their linkage, and global constants)
; becomes internal with default visibility and leaves its comdat, except the program's variables,
; which become weak so that the host's copy is the one kernels use (shares-program-variables.ll); llvm.used and
; llvm.compiler.used are removed; declarations (functions and external globals) stay as they are.
; RUN: muxc --passes rename-kernel-sycl-native-cpu,verify -S %s | FileCheck %s
; RUN: muxc --passes rename-kernel-sycl-native-cpu,verify -S %s | FileCheck %s --check-prefix=GONE

source_filename = "internalize.cpp"
target triple = "x86_64-pc-linux-gnu"

$_Z6helperv = comdat any
$_ZN6StructC2Ev = comdat any

; Nowhere in the output:
; GONE-NOT: comdat
; GONE-NOT: @llvm.used
; GONE-NOT: @llvm.compiler.used
; GONE-NOT: {{^}}define {{(dso_local |hidden |protected )?}}{{(weak_odr|linkonce_odr|weak|linkonce|external)}}

; CHECK-DAG: @table = weak global [2 x i32] [i32 1, i32 2]
; CHECK-DAG: @shared = internal constant i32 7{{$}}
; CHECK-DAG: @hidden = weak hidden global i32 0{{$}}
; CHECK-DAG: @ext = external global i32{{$}}
@table = global [2 x i32] [i32 1, i32 2]
@shared = linkonce_odr constant i32 7, comdat($_Z6helperv)
@hidden = hidden global i32 0
@ext = external global i32
@llvm.used = appending global [1 x ptr] [ptr @_Z6helperv], section "llvm.metadata"
@llvm.compiler.used = appending global [1 x ptr] [ptr @table], section "llvm.metadata"

; CHECK: define internal i32 @_Z6helperv() {
define linkonce_odr i32 @_Z6helperv() comdat {
  %v = load i32, ptr @table
  %w = load i32, ptr @shared
  %s = add i32 %v, %w
  ret i32 %s
}

; CHECK: define internal void @_ZN6StructC2Ev(ptr %this) {
define linkonce_odr hidden void @_ZN6StructC2Ev(ptr %this) comdat {
  ret void
}

; CHECK: define internal void @_Z9weak_funcv() {
define weak_odr void @_Z9weak_funcv() {
  ret void
}

; CHECK: define internal void @_Z8mux_stubv() {
define void @_Z8mux_stubv() {
  ret void
}

; CHECK: define void @_ZTS6Kernel.SYCLNCPU(ptr %args, ptr %state) #0 {
define void @_ZTS6Kernel(ptr %args, ptr %state) #0 {
  %v = call i32 @_Z6helperv()
  call void @_ZN6StructC2Ev(ptr %args)
  call void @_Z9weak_funcv()
  call void @_Z8mux_stubv()
  call void @declared_elsewhere()
  ret void
}

; CHECK: declare void @declared_elsewhere()
declare void @declared_elsewhere()

attributes #0 = { "sycl-module-id"="internalize.cpp" }
