; rename-kernel-sycl-native-cpu: every externally visible definition carrying "sycl-module-id"
; (subhandlers, SYCL_EXTERNAL functions) is renamed `<name>.SYCLNCPU`, and calls follow; names
; starting with `__dpcpp_nativecpu` or ending in `.NativeCPUKernel` keep theirs, even when
; exported; internal functions and declarations are never renamed.
; RUN: muxc --passes rename-kernel-sycl-native-cpu,verify -S %s | FileCheck %s

source_filename = "rename.cpp"
target triple = "x86_64-pc-linux-gnu"

; CHECK: define internal void @_ZTS6Kernel.NativeCPUKernel(ptr %p, ptr %state)
define internal void @_ZTS6Kernel.NativeCPUKernel(ptr %p, ptr %state) #1 {
  call void @_Z11sycl_externi(i32 1)
  ret void
}

; CHECK-LABEL: define void @_ZTS6Kernel.SYCLNCPU(ptr %args, ptr %state)
; CHECK-NEXT: call void @_ZTS6Kernel.NativeCPUKernel(ptr null, ptr %state)
define void @_ZTS6Kernel(ptr %args, ptr %state) #0 {
  call void @_ZTS6Kernel.NativeCPUKernel(ptr null, ptr %state)
  ret void
}

; CHECK: define void @_Z11sycl_externi.SYCLNCPU(i32 %x)
define void @_Z11sycl_externi(i32 %x) #0 {
  ret void
}

; CHECK: define i64 @__dpcpp_nativecpu_get_global_id(i32 %d, ptr %s)
define i64 @__dpcpp_nativecpu_get_global_id(i32 %d, ptr %s) #0 {
  ret i64 0
}

; CHECK: define void @_ZTS5Other.NativeCPUKernel(ptr %state)
define void @_ZTS5Other.NativeCPUKernel(ptr %state) #0 {
  ret void
}

; An internal function keeps its name even with a module id.
; CHECK: define internal void @_Z6helperv()
define internal void @_Z6helperv() #0 {
  ret void
}

; CHECK: declare void @_Z8externalv()
declare void @_Z8externalv() #0

; CHECK-NOT: .SYCLNCPU.SYCLNCPU
attributes #0 = { "sycl-module-id"="rename.cpp" }
attributes #1 = { alwaysinline }
