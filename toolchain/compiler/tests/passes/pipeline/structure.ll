; native-cpu-pipeline (no LLVM optimisation): the exported subhandler
; `<k>.SYCLNCPU(ptr %args, ptr %state)` sets MXCSR around a call to its body `<k>.fp-body`
; (add-fp-control), which copies the state and calls the internal
; `<k>.NativeCPUKernel` (the work-item loops, reading local sizes and setting local ids through
; the state accessors). With the vectorizer (the default; no target features here, so 4 lanes),
; the loops call the kernel's vector form `__vecz_v4_<k>` for 4 work-items at a time and once
; more for the rest of each row; without it (the second RUN line: the same passes minus
; run-vecz) they call
; the internal `<k>.mux-kernel-body` (the original kernel) once per work-item. Either way
; nothing else is exported, no SPIR-V or mux builtin is left, and the result verifies after every
; step.
; RUN: muxc --passes assign-sycl-module-id,native-cpu-pipeline,verify -S %s | FileCheck %s
; RUN: muxc --passes assign-sycl-module-id,spec-constants,convert-to-mux-builtins,fatomics,transfer-kernel-metadata,prepare-barriers,work-item-loops,replace-module-scope-vars,prepare-sycl-native-cpu,rename-kernel-sycl-native-cpu,verify -S %s \
; RUN:   | FileCheck %s --check-prefix=SCALAR
; RUN: muxc --passes assign-sycl-module-id,native-cpu-pipeline -S %s \
; RUN:   | grep -E '^(define|@)' | grep -v -E '^(define|@[^ ]+ =) (internal|private|appending)' \
; RUN:   | FileCheck %s --check-prefix=EXPORTS

; EXPORTS-NOT: {{^(define|@)}}
; EXPORTS: {{^}}define void @_ZTSZ4mainE4Fill.SYCLNCPU(
; EXPORTS-NOT: {{^(define|@)}}

source_filename = "/work/app/fill.cpp"
target triple = "x86_64-pc-linux-gnu"

%class.anon = type { ptr }

define dso_local spir_kernel void @_ZTSZ4mainE4Fill(ptr noundef readonly byval(%class.anon) align 8 captures(none) %0) local_unnamed_addr #0 {
entry:
  %gid = tail call noundef i64 @_Z33__spirv_BuiltInGlobalInvocationIdi(i32 noundef 0) #1
  %out = load ptr, ptr %0, align 8
  %slot = getelementptr inbounds nuw float, ptr %out, i64 %gid
  store float 1.000000e+00, ptr %slot, align 4
  ret void
}

declare noundef i64 @_Z33__spirv_BuiltInGlobalInvocationIdi(i32 noundef) local_unnamed_addr #1

; CHECK-NOT: __spirv
; CHECK-NOT: __mux_

; CHECK-LABEL: define internal void @__vecz_v4__ZTSZ4mainE4Fill(ptr noalias noundef readonly align 8 captures(none) %0, i32 %active.lanes, ptr %state)
; CHECK: call i64 @__dpcpp_nativecpu_get_global_id(i32 0, ptr %state)
; CHECK: call void @llvm.masked.store.v4f32.p0(<4 x float> splat (float 1.000000e+00)

; CHECK-LABEL: define internal void @_ZTSZ4mainE4Fill.NativeCPUKernel(ptr noalias readonly align 8 dereferenceable(8) %0, ptr %state)
; CHECK: call i64 @__dpcpp_nativecpu_get_wg_size(i32 0, ptr %state)
; CHECK: call void @__dpcpp_nativecpu_set_local_id(i32 2, i64 {{%.*}}, ptr %state)
; CHECK: call void @__dpcpp_nativecpu_set_local_id(i32 1, i64 {{%.*}}, ptr %state)
; CHECK: call void @__dpcpp_nativecpu_set_local_id(i32 0, i64 %wi.x, ptr %state)
; CHECK-NEXT: call void @__vecz_v4__ZTSZ4mainE4Fill(ptr %0, i32 4, ptr %state)
; CHECK: call void @__dpcpp_nativecpu_set_local_id(i32 0, i64 %wi.x.full, ptr %state)
; CHECK-NEXT: call void @__vecz_v4__ZTSZ4mainE4Fill(ptr %0, i32 %wi.x.active, ptr %state)

; SCALAR-LABEL: define internal void @_ZTSZ4mainE4Fill.mux-kernel-body(ptr noundef readonly align 8 captures(none) %0, ptr %state)
; SCALAR: call i64 @__dpcpp_nativecpu_get_global_id(i32 0, ptr %state)
; SCALAR-LABEL: define internal void @_ZTSZ4mainE4Fill.NativeCPUKernel(ptr noalias readonly align 8 dereferenceable(8) %0, ptr %state)
; SCALAR: call void @__dpcpp_nativecpu_set_local_id(i32 0, i64 {{%.*}}, ptr %state)
; SCALAR-NEXT: call void @_ZTSZ4mainE4Fill.mux-kernel-body(ptr %0, ptr %state)

; CHECK-LABEL: define internal void @_ZTSZ4mainE4Fill.fp-body(ptr noalias %args, ptr noalias %state)
; CHECK-SAME: #[[BODY:[0-9]+]] {
; CHECK: [[COPY:%.*]] = alloca i8, i64 200, align 8
; CHECK: [[ARG0:%.*]] = load ptr, ptr {{.*}}, align 8, !dereferenceable [[EIGHT:![0-9]+]], !align [[EIGHT]]
; CHECK: call void @_ZTSZ4mainE4Fill.NativeCPUKernel(ptr [[ARG0]], ptr [[COPY]])

; CHECK-LABEL: define void @_ZTSZ4mainE4Fill.SYCLNCPU(ptr noalias %args, ptr noalias %state)
; CHECK-SAME: #[[SUB:[0-9]+]] {
; CHECK: call void @llvm.x86.sse.ldmxcsr(
; CHECK-NEXT: call void @_ZTSZ4mainE4Fill.fp-body(ptr %args, ptr %state)
; CHECK-NEXT: call void @llvm.x86.sse.ldmxcsr(

; CHECK-NOT: __spirv
; CHECK-NOT: __mux_
; CHECK: attributes #[[BODY]] = { noinline nounwind "mux-orig-fn"="_ZTSZ4mainE4Fill" {{.*}}}
; CHECK: attributes #[[SUB]] = { nounwind "mux-kernel"="entry-point" "mux-orig-fn"="_ZTSZ4mainE4Fill" "sycl-module-id"="/work/app/fill.cpp" {{.*}}}

attributes #0 = { convergent mustprogress norecurse nounwind "target-cpu"="x86-64" }
attributes #1 = { convergent nounwind }
