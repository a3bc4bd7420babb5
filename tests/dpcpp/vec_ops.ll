; DPC++-shaped device IR for native_cpu, as intel/llvm's front end emits it for one source file
; (reference intel-llvm-native-cpu.md §5): spir_kernel functions named by their SYCL kernel names,
; "sycl-module-id" naming the source file, lambda captures decomposed into parameters, and
; llvm.used listing the kernels. Hand-written; see tests/tests/dpcpp_ir.rs.
;
; Two builtin generations:
;   _ZTS9VecAdd2023   2023: loads of the global @__spirv_BuiltInGlobalInvocationId
;   _ZTS10Scale2024   2024: _Z28__spirv_GlobalInvocationId_xv(), a byval range aggregate, and
;                     !sycl_kernel_omit_args (the lambda's second capture was removed)

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

%struct.Range = type { i64, i64 }

@__spirv_BuiltInGlobalInvocationId = external dso_local local_unnamed_addr addrspace(1) constant <3 x i64>, align 32
@llvm.used = appending global [2 x ptr] [ptr @_ZTS9VecAdd2023, ptr @_ZTS10Scale2024], section "llvm.metadata"

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
