; rename-kernel-sycl-native-cpu: the program's non-constant global variables with external
; linkage become weak definitions, so the linker gives kernels the host object's copy of the same
; variable (docs/kernel-features.md, "Global variables"); one-definition-rule ones become weak_odr
; and keep their comdat. Everything else stays the device object's own: variables with internal
; linkage, constants, thread_local and work-group variables, compiler data (private, or named
; with "__" or "llvm.").
; RUN: muxc --passes rename-kernel-sycl-native-cpu,verify -S %s | FileCheck %s

source_filename = "globals.cpp"
target triple = "x86_64-pc-linux-gnu"

$_Z13inline_sharedv = comdat any

; CHECK-DAG: @counter = weak global i32 5{{$}}
; CHECK-DAG: @_ZN6widget9instancesE = weak global i32 3{{$}}
; CHECK-DAG: @tentative = weak global i32 0{{$}}
; CHECK-DAG: @inline_shared = weak_odr global i32 40, comdat($_Z13inline_sharedv){{$}}
; CHECK-DAG: @_ZL6hidden = internal global i32 7{{$}}
; CHECK-DAG: @table = internal constant [2 x i32] [i32 1, i32 2]{{$}}
; CHECK-DAG: @per_thread = internal thread_local global i32 0{{$}}
; CHECK-DAG: @__asan_data = internal global i32 0{{$}}
; CHECK-DAG: @ubsan_data = internal global i32 0{{$}}
; CHECK-DAG: @local = internal addrspace(3) global i32 poison{{$}}
@counter = global i32 5
@_ZN6widget9instancesE = global i32 3
@tentative = common global i32 0
@inline_shared = linkonce_odr global i32 40, comdat($_Z13inline_sharedv)
@_ZL6hidden = internal global i32 7
@table = constant [2 x i32] [i32 1, i32 2]
@per_thread = thread_local global i32 0
@__asan_data = global i32 0
@ubsan_data = private global i32 0
@local = addrspace(3) global i32 poison

define void @_ZTS6Kernel(ptr %args, ptr %state) #0 {
  %a = load i32, ptr @counter
  %b = load i32, ptr @_ZN6widget9instancesE
  %c = load i32, ptr @tentative
  %d = load i32, ptr @inline_shared
  %e = load i32, ptr @_ZL6hidden
  %f = load i32, ptr @table
  %g = load i32, ptr @per_thread
  %h = load i32, ptr @__asan_data
  %i = load i32, ptr @ubsan_data
  %j = load i32, ptr addrspace(3) @local
  ret void
}

attributes #0 = { "sycl-module-id"="globals.cpp" }
