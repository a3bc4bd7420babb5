; DPC++-shaped device IR for native_cpu from a second source file (a second "sycl-module-id"),
; with the 2025+ builtins `__spirv_BuiltIn<X>(int dim)` (reference intel-llvm-native-cpu.md §5).
; Hand-written; see tests/tests/dpcpp_ir.rs.
;
;   _ZTS11Index2D2025    a 2-D range kernel: out[y * width + x] = x + 1000 * y + bias
;   _ZTS12LocalRev2025   an nd_range kernel with a local accessor (`ptr addrspace(3)`) and
;                        __spirv_ControlBarrier(Workgroup, Workgroup, 0x110) inside a loop that
;                        exchanges values between the work-items of a group
;   _ZTS15Indirect2025   calls work-item queries through function pointers taken from a table:
;                        the callees get the state from the thread-local fallback (§4.5)

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@llvm.used = appending global [3 x ptr] [ptr @_ZTS11Index2D2025, ptr @_ZTS12LocalRev2025, ptr @_ZTS15Indirect2025], section "llvm.metadata"
@_ZL9callbacks = internal constant [2 x ptr] [ptr @_ZL5twicev, ptr @_ZL6thricev], align 8

define weak_odr dso_local spir_kernel void @_ZTS11Index2D2025(ptr addrspace(1) noundef align 4 %out, i32 noundef %bias) #0 !kernel_arg_buffer_location !5 !sycl_fixed_targets !6 {
entry:
  %x = tail call i64 @_Z33__spirv_BuiltInGlobalInvocationIdi(i32 0) #2
  %y = tail call i64 @_Z33__spirv_BuiltInGlobalInvocationIdi(i32 1) #2
  %width = tail call i64 @_Z25__spirv_BuiltInGlobalSizei(i32 0) #2
  %row = mul i64 %y, %width
  %idx = add i64 %row, %x
  %x32 = trunc i64 %x to i32
  %y32 = trunc i64 %y to i32
  %y1000 = mul i32 %y32, 1000
  %v0 = add i32 %x32, %y1000
  %v = add i32 %v0, %bias
  %p = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %idx
  store i32 %v, ptr addrspace(1) %p, align 4
  ret void
}

; v = data[gid]; repeat `rounds` times: tmp[lid] = v; barrier; v = tmp[size - 1 - lid] * 3 + lid;
; barrier. Then data[gid] = v.
define weak_odr dso_local spir_kernel void @_ZTS12LocalRev2025(ptr addrspace(1) noundef align 4 %data, ptr addrspace(3) noundef align 4 %tmp, i32 noundef %rounds) #0 !kernel_arg_buffer_location !7 !sycl_fixed_targets !6 {
entry:
  %gid = tail call i64 @_Z33__spirv_BuiltInGlobalInvocationIdi(i32 0) #2
  %lid = tail call i64 @_Z32__spirv_BuiltInLocalInvocationIdi(i32 0) #2
  %wgs = tail call i64 @_Z28__spirv_BuiltInWorkgroupSizei(i32 0) #2
  %pd = getelementptr inbounds i32, ptr addrspace(1) %data, i64 %gid
  %v0 = load i32, ptr addrspace(1) %pd, align 4
  %last = add i64 %wgs, -1
  %mirror = sub i64 %last, %lid
  %pt = getelementptr inbounds i32, ptr addrspace(3) %tmp, i64 %lid
  %pm = getelementptr inbounds i32, ptr addrspace(3) %tmp, i64 %mirror
  %lid32 = trunc i64 %lid to i32
  %any = icmp sgt i32 %rounds, 0
  br i1 %any, label %loop, label %exit

loop:
  %r = phi i32 [ 0, %entry ], [ %r1, %loop ]
  %v = phi i32 [ %v0, %entry ], [ %v1, %loop ]
  store i32 %v, ptr addrspace(3) %pt, align 4
  tail call spir_func void @_Z22__spirv_ControlBarrierjjj(i32 noundef 2, i32 noundef 2, i32 noundef 272) #3
  %w = load i32, ptr addrspace(3) %pm, align 4
  %w3 = mul i32 %w, 3
  %v1 = add i32 %w3, %lid32
  tail call spir_func void @_Z22__spirv_ControlBarrierjjj(i32 noundef 2, i32 noundef 2, i32 noundef 272) #3
  %r1 = add nuw nsw i32 %r, 1
  %more = icmp slt i32 %r1, %rounds
  br i1 %more, label %loop, label %exit

exit:
  %vf = phi i32 [ %v0, %entry ], [ %v1, %loop ]
  store i32 %vf, ptr addrspace(1) %pd, align 4
  ret void
}

; 2 * global id
define internal spir_func i64 @_ZL5twicev() #5 {
entry:
  %gid = tail call i64 @_Z33__spirv_BuiltInGlobalInvocationIdi(i32 0) #2
  %r = shl i64 %gid, 1
  ret i64 %r
}

; 3 * local id + 1000 * group id
define internal spir_func i64 @_ZL6thricev() #5 {
entry:
  %lid = tail call i64 @_Z32__spirv_BuiltInLocalInvocationIdi(i32 0) #2
  %group = tail call i64 @_Z26__spirv_BuiltInWorkgroupIdi(i32 0) #2
  %l3 = mul i64 %lid, 3
  %g1000 = mul i64 %group, 1000
  %r = add i64 %l3, %g1000
  ret i64 %r
}

; out[gid] = callbacks[gid % 2]()
define weak_odr dso_local spir_kernel void @_ZTS15Indirect2025(ptr addrspace(1) noundef align 8 %out) #0 !kernel_arg_buffer_location !8 !sycl_fixed_targets !6 {
entry:
  %gid = tail call i64 @_Z33__spirv_BuiltInGlobalInvocationIdi(i32 0) #2
  %which = and i64 %gid, 1
  %slot = getelementptr inbounds [2 x ptr], ptr @_ZL9callbacks, i64 0, i64 %which
  %callee = load ptr, ptr %slot, align 8
  %v = call spir_func i64 %callee()
  %p = getelementptr inbounds i64, ptr addrspace(1) %out, i64 %gid
  store i64 %v, ptr addrspace(1) %p, align 8
  ret void
}

declare dso_local spir_func i64 @_Z26__spirv_BuiltInWorkgroupIdi(i32 noundef) local_unnamed_addr #1
declare dso_local spir_func i64 @_Z33__spirv_BuiltInGlobalInvocationIdi(i32 noundef) local_unnamed_addr #1
declare dso_local spir_func i64 @_Z32__spirv_BuiltInLocalInvocationIdi(i32 noundef) local_unnamed_addr #1
declare dso_local spir_func i64 @_Z28__spirv_BuiltInWorkgroupSizei(i32 noundef) local_unnamed_addr #1
declare dso_local spir_func i64 @_Z25__spirv_BuiltInGlobalSizei(i32 noundef) local_unnamed_addr #1
declare dso_local spir_func void @_Z22__spirv_ControlBarrierjjj(i32 noundef, i32 noundef, i32 noundef) local_unnamed_addr #4

attributes #0 = { convergent mustprogress norecurse nounwind "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "sycl-module-id"="local_ops.cpp" "sycl-optlevel"="2" "uniform-work-group-size"="true" }
attributes #1 = { nounwind willreturn memory(none) }
attributes #2 = { nounwind willreturn memory(none) }
attributes #3 = { convergent nounwind }
attributes #4 = { convergent nounwind }
attributes #5 = { noinline nounwind }

!llvm.module.flags = !{!0, !1, !2}
!opencl.spir.version = !{!3}
!spirv.Source = !{!4}

!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 7, !"uwtable", i32 2}
!2 = !{i32 7, !"frame-pointer", i32 2}
!3 = !{i32 1, i32 2}
!4 = !{i32 4, i32 100000}
!5 = !{i32 -1, i32 -1}
!6 = !{}
!7 = !{i32 -1, i32 -1, i32 -1}
!8 = !{i32 -1}
