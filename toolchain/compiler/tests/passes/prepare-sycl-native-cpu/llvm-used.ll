; prepare-sycl-native-cpu: `llvm.used` listing a kernel (as DPC++ IR does) is not taking its
; address: the list is dropped first, as intel/llvm's PrepareSYCLNativeCPU does, and the kernel
; gets its state parameter and subhandler as usual.
; RUN: muxc --passes prepare-sycl-native-cpu,verify -S %s | FileCheck %s
; CHECK-NOT: @llvm.used
; CHECK: define internal void @_ZTS4Used.NativeCPUKernel(ptr %out, ptr %state)
; CHECK: define void @_ZTS4Used(ptr noalias %args, ptr noalias %state)
target triple = "x86_64-pc-linux-gnu"
@llvm.used = appending global [1 x ptr] [ptr @_ZTS4Used.mux-barrier-wrapper], section "llvm.metadata"
define void @_ZTS4Used.mux-barrier-wrapper(ptr %out) #0 {
entry:
  %gid = call i64 @__mux_get_global_id(i32 0)
  store i64 %gid, ptr %out, align 8
  ret void
}
declare i64 @__mux_get_global_id(i32)
attributes #0 = { "mux-kernel"="entry-point" "mux-orig-fn"="_ZTS4Used" "sycl-module-id"="used.cpp" }
