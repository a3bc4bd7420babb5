; prepare-sycl-native-cpu: the work-group memory pointers of the subhandler's 200-byte private
; state copy. A kernel that calls __mux_get_local_argument_memory (here through a helper) gets
; a subhandler that loads args[n], n being its number of parameters (the runtime passes the local
; accessor block after the arguments), and stores it at offset 184; a kernel with
; "mux-local-mem-usage"="96" gets __dpcpp_nativecpu_work_group_scratch(i32 1, i64 96) stored at
; offset 192; a kernel using both gets both; the pointer a kernel does not need is null. The
; builtins become the device library's accessors reading the state copy.
; RUN: muxc --passes prepare-sycl-native-cpu,verify -S %s | FileCheck %s

; CHECK-LABEL: define internal void @_Z6helperv(ptr %p, ptr %state)
; CHECK-NEXT: entry:
; CHECK-NEXT: [[M:%.*]] = call ptr @__dpcpp_nativecpu_get_local_argument_memory(ptr %state)
; CHECK-NEXT: store ptr [[M]], ptr %p

; CHECK-LABEL: define internal void @_ZTS6Locals.NativeCPUKernel(ptr %out, ptr %state)
; CHECK-NEXT: entry:
; CHECK-NEXT: [[M:%.*]] = call ptr @__dpcpp_nativecpu_get_local_variable_memory(ptr %state)
; CHECK-NEXT: store i32 1, ptr [[M]]

; Three parameters: the local accessor block is args[3].
; CHECK-LABEL: define void @_ZTS9Accessors(ptr noalias %args, ptr noalias %state)
; CHECK-NEXT: entry:
; CHECK-NEXT: [[COPY:%.*]] = alloca i8, i64 200, align 8
; CHECK-NEXT: call void @llvm.memcpy.p0.p0.i64(ptr align 8 [[COPY]], ptr align 8 %state, i64 184, i1 false)
; CHECK-NEXT: [[SLOT:%.*]] = getelementptr inbounds ptr, ptr %args, i64 3
; CHECK-NEXT: [[BLOCK:%.*]] = load ptr, ptr [[SLOT]], align 8
; CHECK-NEXT: [[ARGMEM:%.*]] = getelementptr inbounds i8, ptr [[COPY]], i64 184
; CHECK-NEXT: store ptr [[BLOCK]], ptr [[ARGMEM]], align 8
; CHECK-NEXT: [[VARMEM:%.*]] = getelementptr inbounds i8, ptr [[COPY]], i64 192
; CHECK-NEXT: store ptr null, ptr [[VARMEM]], align 8
; CHECK-NOT: __dpcpp_nativecpu_work_group_scratch
; CHECK: call void @_ZTS9Accessors.NativeCPUKernel({{.*}}, ptr [[COPY]])
; CHECK-NEXT: ret void

; CHECK-LABEL: define void @_ZTS6Locals(ptr noalias %args, ptr noalias %state)
; CHECK-NEXT: entry:
; CHECK-NEXT: [[COPY:%.*]] = alloca i8, i64 200, align 8
; CHECK-NEXT: call void @llvm.memcpy.p0.p0.i64(ptr align 8 [[COPY]], ptr align 8 %state, i64 184, i1 false)
; CHECK-NEXT: [[SCRATCH:%.*]] = call ptr @__dpcpp_nativecpu_work_group_scratch(i32 1, i64 96)
; CHECK-NEXT: [[ARGMEM:%.*]] = getelementptr inbounds i8, ptr [[COPY]], i64 184
; CHECK-NEXT: store ptr null, ptr [[ARGMEM]], align 8
; CHECK-NEXT: [[VARMEM:%.*]] = getelementptr inbounds i8, ptr [[COPY]], i64 192
; CHECK-NEXT: store ptr [[SCRATCH]], ptr [[VARMEM]], align 8
; CHECK: call void @_ZTS6Locals.NativeCPUKernel(ptr {{%.*}}, ptr [[COPY]])

; One parameter: the block is args[1].
; CHECK-LABEL: define void @_ZTS4Both(ptr noalias %args, ptr noalias %state)
; CHECK-NEXT: entry:
; CHECK-NEXT: [[COPY:%.*]] = alloca i8, i64 200, align 8
; CHECK-NEXT: call void @llvm.memcpy.p0.p0.i64(ptr align 8 [[COPY]], ptr align 8 %state, i64 184, i1 false)
; CHECK-NEXT: [[SLOT:%.*]] = getelementptr inbounds ptr, ptr %args, i64 1
; CHECK-NEXT: [[BLOCK:%.*]] = load ptr, ptr [[SLOT]], align 8
; CHECK-NEXT: [[SCRATCH:%.*]] = call ptr @__dpcpp_nativecpu_work_group_scratch(i32 1, i64 8)
; CHECK-NEXT: [[ARGMEM:%.*]] = getelementptr inbounds i8, ptr [[COPY]], i64 184
; CHECK-NEXT: store ptr [[BLOCK]], ptr [[ARGMEM]], align 8
; CHECK-NEXT: [[VARMEM:%.*]] = getelementptr inbounds i8, ptr [[COPY]], i64 192
; CHECK-NEXT: store ptr [[SCRATCH]], ptr [[VARMEM]], align 8
; CHECK: call void @_ZTS4Both.NativeCPUKernel(i32 {{%.*}}, ptr [[COPY]])

; CHECK-NOT: __mux_get_local

source_filename = "wgmem.cpp"
target triple = "x86_64-pc-linux-gnu"

define internal void @_Z6helperv(ptr %p) {
entry:
  %m = call ptr @__mux_get_local_argument_memory()
  store ptr %m, ptr %p, align 8
  ret void
}

define void @_ZTS9Accessors.mux-barrier-wrapper(ptr %out, i32 %n, ptr %acc) #0 {
entry:
  call void @_Z6helperv(ptr %out)
  ret void
}

define void @_ZTS6Locals.mux-barrier-wrapper(ptr %out) #1 {
entry:
  %m = call ptr @__mux_get_local_variable_memory()
  store i32 1, ptr %m, align 4
  ret void
}

define void @_ZTS4Both.mux-barrier-wrapper(i32 %a) #2 {
entry:
  %m = call ptr @__mux_get_local_argument_memory()
  %v = call ptr @__mux_get_local_variable_memory()
  store i32 %a, ptr %m, align 4
  store i32 %a, ptr %v, align 4
  ret void
}

declare ptr @__mux_get_local_argument_memory()
declare ptr @__mux_get_local_variable_memory()

attributes #0 = { "mux-kernel"="entry-point" "mux-orig-fn"="_ZTS9Accessors" "mux-base-fn-name"="_ZTS9Accessors" }
attributes #1 = { "mux-kernel"="entry-point" "mux-orig-fn"="_ZTS6Locals" "mux-base-fn-name"="_ZTS6Locals" "mux-local-mem-usage"="96" }
attributes #2 = { "mux-kernel"="entry-point" "mux-orig-fn"="_ZTS4Both" "mux-base-fn-name"="_ZTS4Both" "mux-local-mem-usage"="8" }
