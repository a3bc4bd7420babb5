; DPC++-shaped device IR for native_cpu, as intel/llvm's front end emits it for one source file
; (reference intel-llvm-native-cpu.md §5): spir_kernel functions named by their SYCL kernel names,
; "sycl-module-id" naming the source file, lambda captures decomposed into parameters, and
; llvm.used listing the kernels. Hand-written; see tests/tests/dpcpp_ir.rs.
;
; Two builtin generations:
;   _ZTS9VecAdd2023   2023: loads of the global @__spirv_BuiltInGlobalInvocationId
;   _ZTS10Scale2024   2024: _Z28__spirv_GlobalInvocationId_xv(), a byval range aggregate, and
;                     !sycl_kernel_omit_args (the lambda's second capture was removed)
; and one kernel reading SYCL 2020 specialization constants through DPC++'s markers:
;   _ZTS13SpecAxpy2025  the kernel_handler's buffer is the last parameter

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

%struct.Range = type { i64, i64 }
%"class.sycl::_V1::specialization_id" = type { float }
%"class.sycl::_V1::specialization_id.0" = type { i32 }

@__spirv_BuiltInGlobalInvocationId = external dso_local local_unnamed_addr addrspace(1) constant <3 x i64>, align 32
@llvm.used = appending global [3 x ptr] [ptr @_ZTS9VecAdd2023, ptr @_ZTS10Scale2024, ptr @_ZTS13SpecAxpy2025], section "llvm.metadata"
@__usid_str = private unnamed_addr constant [29 x i8] c"uid0a1b2c3d4e5f____factor_id\00", align 1
@__usid_str.1 = private unnamed_addr constant [27 x i8] c"uid0a1b2c3d4e5f____bias_id\00", align 1
@_ZL9factor_id = internal addrspace(1) constant %"class.sycl::_V1::specialization_id" { float 2.000000e+00 }, align 4
@_ZL7bias_id = internal addrspace(1) constant %"class.sycl::_V1::specialization_id.0" { i32 -3 }, align 4

; out[i] = a[i] + b[i] + k (a `parallel_for(range<1>)` over USM pointers and an int capture).
define weak_odr dso_local spir_kernel void @_ZTS9VecAdd2023(ptr addrspace(1) noundef align 4 %out, ptr addrspace(1) noundef align 4 %a, ptr addrspace(1) noundef align 4 %b, i32 noundef %k) #0 !kernel_arg_buffer_location !5 !sycl_fixed_targets !6 {
entry:
  %gid = load <3 x i64>, ptr addrspace(1) @__spirv_BuiltInGlobalInvocationId, align 32
  %i = extractelement <3 x i64> %gid, i64 0
  %pa = getelementptr inbounds i32, ptr addrspace(1) %a, i64 %i
  %va = load i32, ptr addrspace(1) %pa, align 4
  %pb = getelementptr inbounds i32, ptr addrspace(1) %b, i64 %i
  %vb = load i32, ptr addrspace(1) %pb, align 4
  %sum = add nsw i32 %va, %vb
  %sumk = add nsw i32 %sum, %k
  %po = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %i
  store i32 %sumk, ptr addrspace(1) %po, align 4
  ret void
}

; data[i] = data[i] * f + r.offset for i < r.limit, else unchanged. The lambda captured
; (data, unused, f, r); dead argument elimination removed the second capture.
define weak_odr dso_local spir_kernel void @_ZTS10Scale2024(ptr addrspace(1) noundef align 4 %data, i32 noundef %f, ptr noundef byval(%struct.Range) align 8 %r) #0 !kernel_arg_buffer_location !7 !sycl_fixed_targets !6 !sycl_kernel_omit_args !8 {
entry:
  %i = tail call i64 @_Z28__spirv_GlobalInvocationId_xv() #2
  %plimit = getelementptr inbounds %struct.Range, ptr %r, i64 0, i32 0
  %limit = load i64, ptr %plimit, align 8
  %in = icmp ult i64 %i, %limit
  br i1 %in, label %scale, label %done

scale:
  %poff = getelementptr inbounds %struct.Range, ptr %r, i64 0, i32 1
  %off = load i64, ptr %poff, align 8
  %off32 = trunc i64 %off to i32
  %p = getelementptr inbounds i32, ptr addrspace(1) %data, i64 %i
  %v = load i32, ptr addrspace(1) %p, align 4
  %m = mul nsw i32 %v, %f
  %n = add nsw i32 %m, %off32
  store i32 %n, ptr addrspace(1) %p, align 4
  br label %done

done:
  ret void
}

declare dso_local spir_func i64 @_Z28__spirv_GlobalInvocationId_xv() local_unnamed_addr #1

; out[i] = factor * x[i] + bias, factor and bias being specialization constants read through the
; kernel_handler (its buffer is the front end's extra last parameter).
define weak_odr dso_local spir_kernel void @_ZTS13SpecAxpy2025(ptr addrspace(1) noundef align 4 %out, ptr addrspace(1) noundef align 4 %x, ptr addrspace(1) noundef align 1 %_arg__specialization_constants_buffer) #0 !kernel_arg_buffer_location !9 !sycl_fixed_targets !6 {
entry:
  %buffer = addrspacecast ptr addrspace(1) %_arg__specialization_constants_buffer to ptr
  %i = tail call i64 @_Z33__spirv_BuiltInGlobalInvocationIdi(i32 0) #2
  %factor = tail call float @_Z37__sycl_getScalar2020SpecConstantValueIfET_PKcPKvS4_(ptr @__usid_str, ptr addrspacecast (ptr addrspace(1) @_ZL9factor_id to ptr), ptr %buffer)
  %bias = tail call i32 @_Z37__sycl_getScalar2020SpecConstantValueIiET_PKcPKvS4_(ptr @__usid_str.1, ptr addrspacecast (ptr addrspace(1) @_ZL7bias_id to ptr), ptr %buffer)
  %px = getelementptr inbounds float, ptr addrspace(1) %x, i64 %i
  %vx = load float, ptr addrspace(1) %px, align 4
  %scaled = fmul float %factor, %vx
  %biasf = sitofp i32 %bias to float
  %result = fadd float %scaled, %biasf
  %po = getelementptr inbounds float, ptr addrspace(1) %out, i64 %i
  store float %result, ptr addrspace(1) %po, align 4
  ret void
}

declare dso_local spir_func i64 @_Z33__spirv_BuiltInGlobalInvocationIdi(i32) local_unnamed_addr #1
declare dso_local spir_func float @_Z37__sycl_getScalar2020SpecConstantValueIfET_PKcPKvS4_(ptr, ptr, ptr) local_unnamed_addr #1
declare dso_local spir_func i32 @_Z37__sycl_getScalar2020SpecConstantValueIiET_PKcPKvS4_(ptr, ptr, ptr) local_unnamed_addr #1

attributes #0 = { convergent mustprogress norecurse nounwind "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "sycl-module-id"="vec_ops.cpp" "sycl-optlevel"="2" "uniform-work-group-size"="true" }
attributes #1 = { nounwind willreturn memory(none) }
attributes #2 = { nounwind willreturn memory(none) }

!llvm.module.flags = !{!0, !1, !2}
!opencl.spir.version = !{!3}
!spirv.Source = !{!4}

!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 7, !"uwtable", i32 2}
!2 = !{i32 7, !"frame-pointer", i32 2}
!3 = !{i32 1, i32 2}
!4 = !{i32 4, i32 100000}
!5 = !{i32 -1, i32 -1, i32 -1, i32 -1}
!6 = !{}
!7 = !{i32 -1, i32 -1, i32 -1}
!8 = !{i1 false, i1 true, i1 false, i1 false}
!9 = !{i32 -1, i32 -1, i32 -1}
