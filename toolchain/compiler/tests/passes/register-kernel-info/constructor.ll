; register-kernel-info: a constructor in llvm.global_ctors registers, for each kernel whose
; sub-groups are not one work-item or that requires a size, its original name, its sub-group
; size (the vector width) and the required size (0 if none). A scalar kernel without a
; requirement is left to the runtime's default and gets no call.
; RUN: muxc --passes 'run-vecz<width=4>,register-kernel-info,verify' -S %s | FileCheck %s

; CHECK: @[[WIDE:kernel_info.name[.0-9]*]] = private unnamed_addr constant [5 x i8] c"wide\00"
; CHECK: @[[ONE:kernel_info.name[.0-9]*]] = private unnamed_addr constant [9 x i8] c"one_orig\00"
; CHECK: @llvm.global_ctors = appending global [2 x { i32, ptr, ptr }] [{ i32, ptr, ptr } { i32 0, ptr @existing, ptr null }, { i32, ptr, ptr } { i32 65535, ptr @kernel_info.register, ptr null }]
; CHECK-LABEL: define internal void @kernel_info.register()
; CHECK-NEXT: entry:
; CHECK-NEXT: call void @__nativecpu_register_kernel_info(ptr @[[WIDE]], i32 4, i32 0)
; CHECK-NEXT: call void @__nativecpu_register_kernel_info(ptr @[[ONE]], i32 1, i32 1)
; CHECK-NEXT: ret void

target triple = "x86_64-pc-linux-gnu"

@llvm.global_ctors = appending global [1 x { i32, ptr, ptr }] [{ i32, ptr, ptr } { i32 0, ptr @existing, ptr null }]

declare i64 @__mux_get_global_id(i32)

define internal void @existing() {
  ret void
}

define void @wide(ptr %out) #0 {
  %gid = call i64 @__mux_get_global_id(i32 0)
  %p = getelementptr inbounds i64, ptr %out, i64 %gid
  store i64 %gid, ptr %p, align 8
  ret void
}

define void @one(ptr %out) #1 !intel_reqd_sub_group_size !0 {
  %gid = call i64 @__mux_get_global_id(i32 0)
  %p = getelementptr inbounds i64, ptr %out, i64 %gid
  store i64 %gid, ptr %p, align 8
  ret void
}

define void @uniform(ptr %out) #0 {
  store i64 1, ptr %out, align 8
  ret void
}

attributes #0 = { "mux-kernel"="entry-point" }
attributes #1 = { "mux-kernel"="entry-point" "mux-orig-fn"="one_orig" }

!0 = !{i32 1}
