; prepare-sycl-native-cpu: the entry point (here a work-item-loops wrapper) becomes the internal,
; alwaysinline `<kernel>.NativeCPUKernel`, the original kernel body `<kernel>.mux-kernel-body`,
; and a new subhandler `<kernel>(ptr noalias %args, ptr noalias %state)` with the C calling
; convention takes the entry-point attribute. It copies the 184-byte state into a 200-byte 8-aligned stack
; slot (whose last 16 bytes hold the work-group memory pointers), reads parameter i from args[i] (a pointer parameter is args[i] itself, an i32 or double
; parameter is loaded through args[i]) and calls the kernel with the copy. It carries
; "sycl-module-id" (the entry's, else the source_filename) and the entry's target attributes.
; RUN: muxc --passes prepare-sycl-native-cpu,verify -S %s | FileCheck %s

source_filename = "subhandler.cpp"
target triple = "x86_64-pc-linux-gnu"

; CHECK: define internal void @_ZTS5Scale.mux-kernel-body(ptr %out, i32 %n, double %scale, ptr %state) #[[BODY:[0-9]+]] {
define internal void @_ZTS5Scale(ptr %out, i32 %n, double %scale) #1 {
entry:
  %gid = call i64 @__mux_get_global_id(i32 0)
  %slot = getelementptr inbounds double, ptr %out, i64 %gid
  %nf = sitofp i32 %n to double
  %v = fmul double %nf, %scale
  store double %v, ptr %slot, align 8
  ret void
}

; CHECK: define internal void @_ZTS5Scale.NativeCPUKernel(ptr %out, i32 %n, double %scale, ptr %state) #[[ENTRY:[0-9]+]] {
; CHECK: call void @__dpcpp_nativecpu_set_local_id(i32 0, i64 0, ptr %state)
; CHECK-NEXT: call void @_ZTS5Scale.mux-kernel-body(ptr %out, i32 %n, double %scale, ptr %state)
define void @_ZTS5Scale.mux-barrier-wrapper(ptr %out, i32 %n, double %scale) #0 {
entry:
  call void @__mux_set_local_id(i32 0, i64 0)
  call void @_ZTS5Scale(ptr %out, i32 %n, double %scale)
  ret void
}

; CHECK: define void @_ZTS5Scale(ptr noalias %args, ptr noalias %state) #[[SUB:[0-9]+]] {
; CHECK-NEXT: entry:
; CHECK-NEXT: [[COPY:%.*]] = alloca i8, i64 200, align 8
; CHECK-NEXT: call void @llvm.memcpy.p0.p0.i64(ptr align 8 [[COPY]], ptr align 8 %state, i64 184, i1 false)
; No local accessors and no local variables: both work-group memory pointers are null.
; CHECK-NEXT: [[ARGMEM:%.*]] = getelementptr inbounds i8, ptr [[COPY]], i64 184
; CHECK-NEXT: store ptr null, ptr [[ARGMEM]], align 8
; CHECK-NEXT: [[VARMEM:%.*]] = getelementptr inbounds i8, ptr [[COPY]], i64 192
; CHECK-NEXT: store ptr null, ptr [[VARMEM]], align 8
; CHECK-NEXT: [[SLOT0:%.*]] = getelementptr inbounds ptr, ptr %args, i64 0
; CHECK-NEXT: [[PTR0:%.*]] = load ptr, ptr [[SLOT0]], align 8
; CHECK-NEXT: [[SLOT1:%.*]] = getelementptr inbounds ptr, ptr %args, i64 1
; CHECK-NEXT: [[PTR1:%.*]] = load ptr, ptr [[SLOT1]], align 8
; CHECK-NEXT: [[N:%.*]] = load i32, ptr [[PTR1]], align 4
; CHECK-NEXT: [[SLOT2:%.*]] = getelementptr inbounds ptr, ptr %args, i64 2
; CHECK-NEXT: [[PTR2:%.*]] = load ptr, ptr [[SLOT2]], align 8
; CHECK-NEXT: [[SCALE:%.*]] = load double, ptr [[PTR2]], align 8
; CHECK-NEXT: call void @_ZTS5Scale.NativeCPUKernel(ptr [[PTR0]], i32 [[N]], double [[SCALE]], ptr [[COPY]])
; CHECK-NEXT: ret void
; CHECK-NEXT: }

; The second kernel has no "sycl-module-id": its subhandler takes the source_filename.
; CHECK: define void @_ZTS8NoModule(ptr noalias %args, ptr noalias %state) #[[SUB2:[0-9]+]] {
define void @_ZTS8NoModule.mux-barrier-wrapper(ptr %out) #2 {
entry:
  %gid = call i64 @__mux_get_global_id(i32 0)
  store i64 %gid, ptr %out
  ret void
}

declare i64 @__mux_get_global_id(i32)
declare void @__mux_set_local_id(i32, i64)

; CHECK-DAG: attributes #[[BODY]] = { alwaysinline nounwind "mux-base-fn-name"="_ZTS5Scale" "mux-orig-fn"="_ZTS5Scale" "sycl-module-id"="explicit.cpp" }
; CHECK-DAG: attributes #[[ENTRY]] = { alwaysinline nounwind "mux-base-fn-name"="_ZTS5Scale" "mux-orig-fn"="_ZTS5Scale" "target-cpu"="x86-64-v3" "target-features"="+avx2" }
; CHECK-DAG: attributes #[[SUB]] = { nounwind "mux-kernel"="entry-point" "mux-orig-fn"="_ZTS5Scale" "sycl-module-id"="explicit.cpp" "target-cpu"="x86-64-v3" "target-features"="+avx2" }
; CHECK-DAG: attributes #[[SUB2]] = { nounwind "mux-kernel"="entry-point" "mux-orig-fn"="_ZTS8NoModule" "sycl-module-id"="subhandler.cpp" }
attributes #0 = { nounwind "mux-kernel"="entry-point" "mux-orig-fn"="_ZTS5Scale" "mux-base-fn-name"="_ZTS5Scale" "sycl-module-id"="explicit.cpp" "target-cpu"="x86-64-v3" "target-features"="+avx2" }
attributes #1 = { alwaysinline nounwind "mux-orig-fn"="_ZTS5Scale" "mux-base-fn-name"="_ZTS5Scale" "sycl-module-id"="explicit.cpp" }
attributes #2 = { nounwind "mux-kernel"="entry-point" "mux-orig-fn"="_ZTS8NoModule" "mux-base-fn-name"="_ZTS8NoModule" }
