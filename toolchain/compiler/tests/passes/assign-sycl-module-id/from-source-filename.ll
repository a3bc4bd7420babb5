; assign-sycl-module-id: a spir_kernel definition gets "sycl-module-id" set to the module's
; source_filename (the translation unit's path, as given to clang), next to its other attributes.
; RUN: muxc --passes assign-sycl-module-id,verify -S %s | FileCheck %s

source_filename = "/src/app/vadd.cpp"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%class.anon = type { ptr, ptr, ptr }

; CHECK: define dso_local spir_kernel void @_ZTSZ4mainE4VAdd(ptr noundef readonly byval(%class.anon) align 8 captures(none) %0) local_unnamed_addr #[[VADD:[0-9]+]] {
define dso_local spir_kernel void @_ZTSZ4mainE4VAdd(ptr noundef readonly byval(%class.anon) align 8 captures(none) %0) local_unnamed_addr #0 {
entry:
  %gid = tail call noundef i64 @_Z33__spirv_BuiltInGlobalInvocationIdi(i32 noundef 0) #2
  %a = load ptr, ptr %0, align 8
  %slot = getelementptr inbounds nuw float, ptr %a, i64 %gid
  store float 0.000000e+00, ptr %slot, align 4
  ret void
}

; CHECK: define dso_local spir_kernel void @_ZTS5Other(ptr noundef %out) #[[VADD]] {
define dso_local spir_kernel void @_ZTS5Other(ptr noundef %out) #0 {
entry:
  store i32 1, ptr %out, align 4
  ret void
}

declare noundef i64 @_Z33__spirv_BuiltInGlobalInvocationIdi(i32 noundef) local_unnamed_addr #1

; CHECK: attributes #[[VADD]] = { convergent mustprogress norecurse nounwind "min-legal-vector-width"="0" "sycl-module-id"="/src/app/vadd.cpp" "target-cpu"="x86-64" }
attributes #0 = { convergent mustprogress norecurse nounwind "min-legal-vector-width"="0" "target-cpu"="x86-64" }
attributes #1 = { convergent nounwind "target-cpu"="x86-64" }
attributes #2 = { convergent nounwind }
