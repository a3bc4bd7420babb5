; convert-to-mux-builtins: the 2023 builtin variables in the global address space
; (`@__spirv_BuiltIn<X> = external addrspace(1) constant <3 x i64>`), read as a vector, as scalar
; elements through constant GEPs, and through address-space casts to the generic address space
; (instructions and constant expressions): every load becomes `__mux_get_*` calls, the derived
; pointers and the variables go away.
; RUN: muxc --passes convert-to-mux-builtins,verify -S %s | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

; CHECK-NOT: @__spirv_BuiltIn
@__spirv_BuiltInGlobalInvocationId = external addrspace(1) constant <3 x i64>, align 32
@__spirv_BuiltInGlobalSize = external addrspace(1) constant <3 x i64>, align 32
@__spirv_BuiltInGlobalOffset = external addrspace(1) constant <3 x i64>, align 32
@__spirv_BuiltInLocalInvocationId = external addrspace(1) constant <3 x i64>, align 32
@__spirv_BuiltInWorkgroupSize = external addrspace(1) constant <3 x i64>, align 32
@__spirv_BuiltInNumWorkgroups = external addrspace(1) constant <3 x i64>, align 32
@__spirv_BuiltInWorkgroupId = external addrspace(1) constant <3 x i64>, align 32

; CHECK-LABEL: define spir_kernel void @k0(ptr %out)
; CHECK-NEXT: entry:
; CHECK-NEXT: [[X0:%.*]] = call i64 @__mux_get_global_id(i32 0)
; CHECK-NEXT: [[XV0:%.*]] = insertelement <3 x i64> poison, i64 [[X0]], i32 0
; CHECK-NEXT: [[X1:%.*]] = call i64 @__mux_get_global_id(i32 1)
; CHECK-NEXT: [[XV1:%.*]] = insertelement <3 x i64> [[XV0]], i64 [[X1]], i32 1
; CHECK-NEXT: [[X2:%.*]] = call i64 @__mux_get_global_id(i32 2)
; CHECK-NEXT: %v = insertelement <3 x i64> [[XV1]], i64 [[X2]], i32 2
; CHECK-NEXT: %vx = extractelement <3 x i64> %v, i64 1
; CHECK-NEXT: store i64 %vx, ptr %out, align 8
; CHECK-NEXT: %e0 = call i64 @__mux_get_global_id(i32 0)
; CHECK-NEXT: store i64 %e0, ptr %out, align 8
; CHECK-NEXT: %e1 = call i64 @__mux_get_global_id(i32 1)
; CHECK-NEXT: store i64 %e1, ptr %out, align 8
; CHECK-NEXT: %e2 = call i64 @__mux_get_global_id(i32 2)
; CHECK-NEXT: store i64 %e2, ptr %out, align 8
; CHECK-NEXT: %f1 = call i64 @__mux_get_global_id(i32 1)
; CHECK-NEXT: store i64 %f1, ptr %out, align 8
; CHECK-NEXT: %f2 = call i64 @__mux_get_global_id(i32 2)
; CHECK-NEXT: store i64 %f2, ptr %out, align 8
; CHECK-NEXT: %g2 = call i64 @__mux_get_global_id(i32 2)
; CHECK-NEXT: store i64 %g2, ptr %out, align 8
; CHECK-NEXT: %h1 = call i64 @__mux_get_global_id(i32 1)
; CHECK-NEXT: store i64 %h1, ptr %out, align 8
; CHECK-NEXT: [[Y0:%.*]] = call i64 @__mux_get_global_id(i32 0)
; CHECK-NEXT: [[YV0:%.*]] = insertelement <3 x i64> poison, i64 [[Y0]], i32 0
; CHECK-NEXT: [[Y1:%.*]] = call i64 @__mux_get_global_id(i32 1)
; CHECK-NEXT: [[YV1:%.*]] = insertelement <3 x i64> [[YV0]], i64 [[Y1]], i32 1
; CHECK-NEXT: [[Y2:%.*]] = call i64 @__mux_get_global_id(i32 2)
; CHECK-NEXT: %cv = insertelement <3 x i64> [[YV1]], i64 [[Y2]], i32 2
; CHECK-NEXT: %cx = extractelement <3 x i64> %cv, i32 2
; CHECK-NEXT: store i64 %cx, ptr %out, align 8
; CHECK-NEXT: ret void
define spir_kernel void @k0(ptr %out) {
entry:
  %v = load <3 x i64>, ptr addrspace(1) @__spirv_BuiltInGlobalInvocationId, align 32
  %vx = extractelement <3 x i64> %v, i64 1
  store i64 %vx, ptr %out, align 8
  %e0 = load i64, ptr addrspace(1) @__spirv_BuiltInGlobalInvocationId, align 8
  store i64 %e0, ptr %out, align 8
  %e1 = load i64, ptr addrspace(1) getelementptr inbounds (i8, ptr addrspace(1) @__spirv_BuiltInGlobalInvocationId, i64 8), align 8
  store i64 %e1, ptr %out, align 8
  %p2 = getelementptr inbounds <3 x i64>, ptr addrspace(1) @__spirv_BuiltInGlobalInvocationId, i64 0, i64 2
  %e2 = load i64, ptr addrspace(1) %p2, align 8
  store i64 %e2, ptr %out, align 8
  %q1 = getelementptr inbounds [3 x i64], ptr addrspace(1) @__spirv_BuiltInGlobalInvocationId, i64 0, i64 1
  %f1 = load i64, ptr addrspace(1) %q1, align 8
  store i64 %f1, ptr %out, align 8
  %f2 = load i64, ptr addrspace(1) getelementptr inbounds (i64, ptr addrspace(1) @__spirv_BuiltInGlobalInvocationId, i64 2), align 8
  store i64 %f2, ptr %out, align 8
  %c = addrspacecast ptr addrspace(1) @__spirv_BuiltInGlobalInvocationId to ptr
  %c2 = getelementptr inbounds i8, ptr %c, i64 16
  %g2 = load i64, ptr %c2, align 8
  store i64 %g2, ptr %out, align 8
  %h1 = load i64, ptr getelementptr inbounds (i8, ptr addrspacecast (ptr addrspace(1) @__spirv_BuiltInGlobalInvocationId to ptr), i64 8), align 8
  store i64 %h1, ptr %out, align 8
  %cv = load <3 x i64>, ptr addrspacecast (ptr addrspace(1) @__spirv_BuiltInGlobalInvocationId to ptr), align 32
  %cx = extractelement <3 x i64> %cv, i32 2
  store i64 %cx, ptr %out, align 8
  ret void
}

; CHECK-LABEL: define spir_kernel void @k1(ptr %out)
; CHECK-NEXT: entry:
; CHECK-NEXT: [[X0:%.*]] = call i64 @__mux_get_global_size(i32 0)
; CHECK-NEXT: [[XV0:%.*]] = insertelement <3 x i64> poison, i64 [[X0]], i32 0
; CHECK-NEXT: [[X1:%.*]] = call i64 @__mux_get_global_size(i32 1)
; CHECK-NEXT: [[XV1:%.*]] = insertelement <3 x i64> [[XV0]], i64 [[X1]], i32 1
; CHECK-NEXT: [[X2:%.*]] = call i64 @__mux_get_global_size(i32 2)
; CHECK-NEXT: %v = insertelement <3 x i64> [[XV1]], i64 [[X2]], i32 2
; CHECK-NEXT: %vx = extractelement <3 x i64> %v, i64 1
; CHECK-NEXT: store i64 %vx, ptr %out, align 8
; CHECK-NEXT: %e0 = call i64 @__mux_get_global_size(i32 0)
; CHECK-NEXT: store i64 %e0, ptr %out, align 8
; CHECK-NEXT: %e1 = call i64 @__mux_get_global_size(i32 1)
; CHECK-NEXT: store i64 %e1, ptr %out, align 8
; CHECK-NEXT: %e2 = call i64 @__mux_get_global_size(i32 2)
; CHECK-NEXT: store i64 %e2, ptr %out, align 8
; CHECK-NEXT: %f1 = call i64 @__mux_get_global_size(i32 1)
; CHECK-NEXT: store i64 %f1, ptr %out, align 8
; CHECK-NEXT: %f2 = call i64 @__mux_get_global_size(i32 2)
; CHECK-NEXT: store i64 %f2, ptr %out, align 8
; CHECK-NEXT: %g2 = call i64 @__mux_get_global_size(i32 2)
; CHECK-NEXT: store i64 %g2, ptr %out, align 8
; CHECK-NEXT: %h1 = call i64 @__mux_get_global_size(i32 1)
; CHECK-NEXT: store i64 %h1, ptr %out, align 8
; CHECK-NEXT: [[Y0:%.*]] = call i64 @__mux_get_global_size(i32 0)
; CHECK-NEXT: [[YV0:%.*]] = insertelement <3 x i64> poison, i64 [[Y0]], i32 0
; CHECK-NEXT: [[Y1:%.*]] = call i64 @__mux_get_global_size(i32 1)
; CHECK-NEXT: [[YV1:%.*]] = insertelement <3 x i64> [[YV0]], i64 [[Y1]], i32 1
; CHECK-NEXT: [[Y2:%.*]] = call i64 @__mux_get_global_size(i32 2)
; CHECK-NEXT: %cv = insertelement <3 x i64> [[YV1]], i64 [[Y2]], i32 2
; CHECK-NEXT: %cx = extractelement <3 x i64> %cv, i32 2
; CHECK-NEXT: store i64 %cx, ptr %out, align 8
; CHECK-NEXT: ret void
define spir_kernel void @k1(ptr %out) {
entry:
  %v = load <3 x i64>, ptr addrspace(1) @__spirv_BuiltInGlobalSize, align 32
  %vx = extractelement <3 x i64> %v, i64 1
  store i64 %vx, ptr %out, align 8
  %e0 = load i64, ptr addrspace(1) @__spirv_BuiltInGlobalSize, align 8
  store i64 %e0, ptr %out, align 8
  %e1 = load i64, ptr addrspace(1) getelementptr inbounds (i8, ptr addrspace(1) @__spirv_BuiltInGlobalSize, i64 8), align 8
  store i64 %e1, ptr %out, align 8
  %p2 = getelementptr inbounds <3 x i64>, ptr addrspace(1) @__spirv_BuiltInGlobalSize, i64 0, i64 2
  %e2 = load i64, ptr addrspace(1) %p2, align 8
  store i64 %e2, ptr %out, align 8
  %q1 = getelementptr inbounds [3 x i64], ptr addrspace(1) @__spirv_BuiltInGlobalSize, i64 0, i64 1
  %f1 = load i64, ptr addrspace(1) %q1, align 8
  store i64 %f1, ptr %out, align 8
  %f2 = load i64, ptr addrspace(1) getelementptr inbounds (i64, ptr addrspace(1) @__spirv_BuiltInGlobalSize, i64 2), align 8
  store i64 %f2, ptr %out, align 8
  %c = addrspacecast ptr addrspace(1) @__spirv_BuiltInGlobalSize to ptr
  %c2 = getelementptr inbounds i8, ptr %c, i64 16
  %g2 = load i64, ptr %c2, align 8
  store i64 %g2, ptr %out, align 8
  %h1 = load i64, ptr getelementptr inbounds (i8, ptr addrspacecast (ptr addrspace(1) @__spirv_BuiltInGlobalSize to ptr), i64 8), align 8
  store i64 %h1, ptr %out, align 8
  %cv = load <3 x i64>, ptr addrspacecast (ptr addrspace(1) @__spirv_BuiltInGlobalSize to ptr), align 32
  %cx = extractelement <3 x i64> %cv, i32 2
  store i64 %cx, ptr %out, align 8
  ret void
}

; CHECK-LABEL: define spir_kernel void @k2(ptr %out)
; CHECK-NEXT: entry:
; CHECK-NEXT: [[X0:%.*]] = call i64 @__mux_get_global_offset(i32 0)
; CHECK-NEXT: [[XV0:%.*]] = insertelement <3 x i64> poison, i64 [[X0]], i32 0
; CHECK-NEXT: [[X1:%.*]] = call i64 @__mux_get_global_offset(i32 1)
; CHECK-NEXT: [[XV1:%.*]] = insertelement <3 x i64> [[XV0]], i64 [[X1]], i32 1
; CHECK-NEXT: [[X2:%.*]] = call i64 @__mux_get_global_offset(i32 2)
; CHECK-NEXT: %v = insertelement <3 x i64> [[XV1]], i64 [[X2]], i32 2
; CHECK-NEXT: %vx = extractelement <3 x i64> %v, i64 1
; CHECK-NEXT: store i64 %vx, ptr %out, align 8
; CHECK-NEXT: %e0 = call i64 @__mux_get_global_offset(i32 0)
; CHECK-NEXT: store i64 %e0, ptr %out, align 8
; CHECK-NEXT: %e1 = call i64 @__mux_get_global_offset(i32 1)
; CHECK-NEXT: store i64 %e1, ptr %out, align 8
; CHECK-NEXT: %e2 = call i64 @__mux_get_global_offset(i32 2)
; CHECK-NEXT: store i64 %e2, ptr %out, align 8
; CHECK-NEXT: %f1 = call i64 @__mux_get_global_offset(i32 1)
; CHECK-NEXT: store i64 %f1, ptr %out, align 8
; CHECK-NEXT: %f2 = call i64 @__mux_get_global_offset(i32 2)
; CHECK-NEXT: store i64 %f2, ptr %out, align 8
; CHECK-NEXT: %g2 = call i64 @__mux_get_global_offset(i32 2)
; CHECK-NEXT: store i64 %g2, ptr %out, align 8
; CHECK-NEXT: %h1 = call i64 @__mux_get_global_offset(i32 1)
; CHECK-NEXT: store i64 %h1, ptr %out, align 8
; CHECK-NEXT: [[Y0:%.*]] = call i64 @__mux_get_global_offset(i32 0)
; CHECK-NEXT: [[YV0:%.*]] = insertelement <3 x i64> poison, i64 [[Y0]], i32 0
; CHECK-NEXT: [[Y1:%.*]] = call i64 @__mux_get_global_offset(i32 1)
; CHECK-NEXT: [[YV1:%.*]] = insertelement <3 x i64> [[YV0]], i64 [[Y1]], i32 1
; CHECK-NEXT: [[Y2:%.*]] = call i64 @__mux_get_global_offset(i32 2)
; CHECK-NEXT: %cv = insertelement <3 x i64> [[YV1]], i64 [[Y2]], i32 2
; CHECK-NEXT: %cx = extractelement <3 x i64> %cv, i32 2
; CHECK-NEXT: store i64 %cx, ptr %out, align 8
; CHECK-NEXT: ret void
define spir_kernel void @k2(ptr %out) {
entry:
  %v = load <3 x i64>, ptr addrspace(1) @__spirv_BuiltInGlobalOffset, align 32
  %vx = extractelement <3 x i64> %v, i64 1
  store i64 %vx, ptr %out, align 8
  %e0 = load i64, ptr addrspace(1) @__spirv_BuiltInGlobalOffset, align 8
  store i64 %e0, ptr %out, align 8
  %e1 = load i64, ptr addrspace(1) getelementptr inbounds (i8, ptr addrspace(1) @__spirv_BuiltInGlobalOffset, i64 8), align 8
  store i64 %e1, ptr %out, align 8
  %p2 = getelementptr inbounds <3 x i64>, ptr addrspace(1) @__spirv_BuiltInGlobalOffset, i64 0, i64 2
  %e2 = load i64, ptr addrspace(1) %p2, align 8
  store i64 %e2, ptr %out, align 8
  %q1 = getelementptr inbounds [3 x i64], ptr addrspace(1) @__spirv_BuiltInGlobalOffset, i64 0, i64 1
  %f1 = load i64, ptr addrspace(1) %q1, align 8
  store i64 %f1, ptr %out, align 8
  %f2 = load i64, ptr addrspace(1) getelementptr inbounds (i64, ptr addrspace(1) @__spirv_BuiltInGlobalOffset, i64 2), align 8
  store i64 %f2, ptr %out, align 8
  %c = addrspacecast ptr addrspace(1) @__spirv_BuiltInGlobalOffset to ptr
  %c2 = getelementptr inbounds i8, ptr %c, i64 16
  %g2 = load i64, ptr %c2, align 8
  store i64 %g2, ptr %out, align 8
  %h1 = load i64, ptr getelementptr inbounds (i8, ptr addrspacecast (ptr addrspace(1) @__spirv_BuiltInGlobalOffset to ptr), i64 8), align 8
  store i64 %h1, ptr %out, align 8
  %cv = load <3 x i64>, ptr addrspacecast (ptr addrspace(1) @__spirv_BuiltInGlobalOffset to ptr), align 32
  %cx = extractelement <3 x i64> %cv, i32 2
  store i64 %cx, ptr %out, align 8
  ret void
}

; CHECK-LABEL: define spir_kernel void @k3(ptr %out)
; CHECK-NEXT: entry:
; CHECK-NEXT: [[X0:%.*]] = call i64 @__mux_get_local_id(i32 0)
; CHECK-NEXT: [[XV0:%.*]] = insertelement <3 x i64> poison, i64 [[X0]], i32 0
; CHECK-NEXT: [[X1:%.*]] = call i64 @__mux_get_local_id(i32 1)
; CHECK-NEXT: [[XV1:%.*]] = insertelement <3 x i64> [[XV0]], i64 [[X1]], i32 1
; CHECK-NEXT: [[X2:%.*]] = call i64 @__mux_get_local_id(i32 2)
; CHECK-NEXT: %v = insertelement <3 x i64> [[XV1]], i64 [[X2]], i32 2
; CHECK-NEXT: %vx = extractelement <3 x i64> %v, i64 1
; CHECK-NEXT: store i64 %vx, ptr %out, align 8
; CHECK-NEXT: %e0 = call i64 @__mux_get_local_id(i32 0)
; CHECK-NEXT: store i64 %e0, ptr %out, align 8
; CHECK-NEXT: %e1 = call i64 @__mux_get_local_id(i32 1)
; CHECK-NEXT: store i64 %e1, ptr %out, align 8
; CHECK-NEXT: %e2 = call i64 @__mux_get_local_id(i32 2)
; CHECK-NEXT: store i64 %e2, ptr %out, align 8
; CHECK-NEXT: %f1 = call i64 @__mux_get_local_id(i32 1)
; CHECK-NEXT: store i64 %f1, ptr %out, align 8
; CHECK-NEXT: %f2 = call i64 @__mux_get_local_id(i32 2)
; CHECK-NEXT: store i64 %f2, ptr %out, align 8
; CHECK-NEXT: %g2 = call i64 @__mux_get_local_id(i32 2)
; CHECK-NEXT: store i64 %g2, ptr %out, align 8
; CHECK-NEXT: %h1 = call i64 @__mux_get_local_id(i32 1)
; CHECK-NEXT: store i64 %h1, ptr %out, align 8
; CHECK-NEXT: [[Y0:%.*]] = call i64 @__mux_get_local_id(i32 0)
; CHECK-NEXT: [[YV0:%.*]] = insertelement <3 x i64> poison, i64 [[Y0]], i32 0
; CHECK-NEXT: [[Y1:%.*]] = call i64 @__mux_get_local_id(i32 1)
; CHECK-NEXT: [[YV1:%.*]] = insertelement <3 x i64> [[YV0]], i64 [[Y1]], i32 1
; CHECK-NEXT: [[Y2:%.*]] = call i64 @__mux_get_local_id(i32 2)
; CHECK-NEXT: %cv = insertelement <3 x i64> [[YV1]], i64 [[Y2]], i32 2
; CHECK-NEXT: %cx = extractelement <3 x i64> %cv, i32 2
; CHECK-NEXT: store i64 %cx, ptr %out, align 8
; CHECK-NEXT: ret void
define spir_kernel void @k3(ptr %out) {
entry:
  %v = load <3 x i64>, ptr addrspace(1) @__spirv_BuiltInLocalInvocationId, align 32
  %vx = extractelement <3 x i64> %v, i64 1
  store i64 %vx, ptr %out, align 8
  %e0 = load i64, ptr addrspace(1) @__spirv_BuiltInLocalInvocationId, align 8
  store i64 %e0, ptr %out, align 8
  %e1 = load i64, ptr addrspace(1) getelementptr inbounds (i8, ptr addrspace(1) @__spirv_BuiltInLocalInvocationId, i64 8), align 8
  store i64 %e1, ptr %out, align 8
  %p2 = getelementptr inbounds <3 x i64>, ptr addrspace(1) @__spirv_BuiltInLocalInvocationId, i64 0, i64 2
  %e2 = load i64, ptr addrspace(1) %p2, align 8
  store i64 %e2, ptr %out, align 8
  %q1 = getelementptr inbounds [3 x i64], ptr addrspace(1) @__spirv_BuiltInLocalInvocationId, i64 0, i64 1
  %f1 = load i64, ptr addrspace(1) %q1, align 8
  store i64 %f1, ptr %out, align 8
  %f2 = load i64, ptr addrspace(1) getelementptr inbounds (i64, ptr addrspace(1) @__spirv_BuiltInLocalInvocationId, i64 2), align 8
  store i64 %f2, ptr %out, align 8
  %c = addrspacecast ptr addrspace(1) @__spirv_BuiltInLocalInvocationId to ptr
  %c2 = getelementptr inbounds i8, ptr %c, i64 16
  %g2 = load i64, ptr %c2, align 8
  store i64 %g2, ptr %out, align 8
  %h1 = load i64, ptr getelementptr inbounds (i8, ptr addrspacecast (ptr addrspace(1) @__spirv_BuiltInLocalInvocationId to ptr), i64 8), align 8
  store i64 %h1, ptr %out, align 8
  %cv = load <3 x i64>, ptr addrspacecast (ptr addrspace(1) @__spirv_BuiltInLocalInvocationId to ptr), align 32
  %cx = extractelement <3 x i64> %cv, i32 2
  store i64 %cx, ptr %out, align 8
  ret void
}

; CHECK-LABEL: define spir_kernel void @k4(ptr %out)
; CHECK-NEXT: entry:
; CHECK-NEXT: [[X0:%.*]] = call i64 @__mux_get_local_size(i32 0)
; CHECK-NEXT: [[XV0:%.*]] = insertelement <3 x i64> poison, i64 [[X0]], i32 0
; CHECK-NEXT: [[X1:%.*]] = call i64 @__mux_get_local_size(i32 1)
; CHECK-NEXT: [[XV1:%.*]] = insertelement <3 x i64> [[XV0]], i64 [[X1]], i32 1
; CHECK-NEXT: [[X2:%.*]] = call i64 @__mux_get_local_size(i32 2)
; CHECK-NEXT: %v = insertelement <3 x i64> [[XV1]], i64 [[X2]], i32 2
; CHECK-NEXT: %vx = extractelement <3 x i64> %v, i64 1
; CHECK-NEXT: store i64 %vx, ptr %out, align 8
; CHECK-NEXT: %e0 = call i64 @__mux_get_local_size(i32 0)
; CHECK-NEXT: store i64 %e0, ptr %out, align 8
; CHECK-NEXT: %e1 = call i64 @__mux_get_local_size(i32 1)
; CHECK-NEXT: store i64 %e1, ptr %out, align 8
; CHECK-NEXT: %e2 = call i64 @__mux_get_local_size(i32 2)
; CHECK-NEXT: store i64 %e2, ptr %out, align 8
; CHECK-NEXT: %f1 = call i64 @__mux_get_local_size(i32 1)
; CHECK-NEXT: store i64 %f1, ptr %out, align 8
; CHECK-NEXT: %f2 = call i64 @__mux_get_local_size(i32 2)
; CHECK-NEXT: store i64 %f2, ptr %out, align 8
; CHECK-NEXT: %g2 = call i64 @__mux_get_local_size(i32 2)
; CHECK-NEXT: store i64 %g2, ptr %out, align 8
; CHECK-NEXT: %h1 = call i64 @__mux_get_local_size(i32 1)
; CHECK-NEXT: store i64 %h1, ptr %out, align 8
; CHECK-NEXT: [[Y0:%.*]] = call i64 @__mux_get_local_size(i32 0)
; CHECK-NEXT: [[YV0:%.*]] = insertelement <3 x i64> poison, i64 [[Y0]], i32 0
; CHECK-NEXT: [[Y1:%.*]] = call i64 @__mux_get_local_size(i32 1)
; CHECK-NEXT: [[YV1:%.*]] = insertelement <3 x i64> [[YV0]], i64 [[Y1]], i32 1
; CHECK-NEXT: [[Y2:%.*]] = call i64 @__mux_get_local_size(i32 2)
; CHECK-NEXT: %cv = insertelement <3 x i64> [[YV1]], i64 [[Y2]], i32 2
; CHECK-NEXT: %cx = extractelement <3 x i64> %cv, i32 2
; CHECK-NEXT: store i64 %cx, ptr %out, align 8
; CHECK-NEXT: ret void
define spir_kernel void @k4(ptr %out) {
entry:
  %v = load <3 x i64>, ptr addrspace(1) @__spirv_BuiltInWorkgroupSize, align 32
  %vx = extractelement <3 x i64> %v, i64 1
  store i64 %vx, ptr %out, align 8
  %e0 = load i64, ptr addrspace(1) @__spirv_BuiltInWorkgroupSize, align 8
  store i64 %e0, ptr %out, align 8
  %e1 = load i64, ptr addrspace(1) getelementptr inbounds (i8, ptr addrspace(1) @__spirv_BuiltInWorkgroupSize, i64 8), align 8
  store i64 %e1, ptr %out, align 8
  %p2 = getelementptr inbounds <3 x i64>, ptr addrspace(1) @__spirv_BuiltInWorkgroupSize, i64 0, i64 2
  %e2 = load i64, ptr addrspace(1) %p2, align 8
  store i64 %e2, ptr %out, align 8
  %q1 = getelementptr inbounds [3 x i64], ptr addrspace(1) @__spirv_BuiltInWorkgroupSize, i64 0, i64 1
  %f1 = load i64, ptr addrspace(1) %q1, align 8
  store i64 %f1, ptr %out, align 8
  %f2 = load i64, ptr addrspace(1) getelementptr inbounds (i64, ptr addrspace(1) @__spirv_BuiltInWorkgroupSize, i64 2), align 8
  store i64 %f2, ptr %out, align 8
  %c = addrspacecast ptr addrspace(1) @__spirv_BuiltInWorkgroupSize to ptr
  %c2 = getelementptr inbounds i8, ptr %c, i64 16
  %g2 = load i64, ptr %c2, align 8
  store i64 %g2, ptr %out, align 8
  %h1 = load i64, ptr getelementptr inbounds (i8, ptr addrspacecast (ptr addrspace(1) @__spirv_BuiltInWorkgroupSize to ptr), i64 8), align 8
  store i64 %h1, ptr %out, align 8
  %cv = load <3 x i64>, ptr addrspacecast (ptr addrspace(1) @__spirv_BuiltInWorkgroupSize to ptr), align 32
  %cx = extractelement <3 x i64> %cv, i32 2
  store i64 %cx, ptr %out, align 8
  ret void
}

; CHECK-LABEL: define spir_kernel void @k5(ptr %out)
; CHECK-NEXT: entry:
; CHECK-NEXT: [[X0:%.*]] = call i64 @__mux_get_num_groups(i32 0)
; CHECK-NEXT: [[XV0:%.*]] = insertelement <3 x i64> poison, i64 [[X0]], i32 0
; CHECK-NEXT: [[X1:%.*]] = call i64 @__mux_get_num_groups(i32 1)
; CHECK-NEXT: [[XV1:%.*]] = insertelement <3 x i64> [[XV0]], i64 [[X1]], i32 1
; CHECK-NEXT: [[X2:%.*]] = call i64 @__mux_get_num_groups(i32 2)
; CHECK-NEXT: %v = insertelement <3 x i64> [[XV1]], i64 [[X2]], i32 2
; CHECK-NEXT: %vx = extractelement <3 x i64> %v, i64 1
; CHECK-NEXT: store i64 %vx, ptr %out, align 8
; CHECK-NEXT: %e0 = call i64 @__mux_get_num_groups(i32 0)
; CHECK-NEXT: store i64 %e0, ptr %out, align 8
; CHECK-NEXT: %e1 = call i64 @__mux_get_num_groups(i32 1)
; CHECK-NEXT: store i64 %e1, ptr %out, align 8
; CHECK-NEXT: %e2 = call i64 @__mux_get_num_groups(i32 2)
; CHECK-NEXT: store i64 %e2, ptr %out, align 8
; CHECK-NEXT: %f1 = call i64 @__mux_get_num_groups(i32 1)
; CHECK-NEXT: store i64 %f1, ptr %out, align 8
; CHECK-NEXT: %f2 = call i64 @__mux_get_num_groups(i32 2)
; CHECK-NEXT: store i64 %f2, ptr %out, align 8
; CHECK-NEXT: %g2 = call i64 @__mux_get_num_groups(i32 2)
; CHECK-NEXT: store i64 %g2, ptr %out, align 8
; CHECK-NEXT: %h1 = call i64 @__mux_get_num_groups(i32 1)
; CHECK-NEXT: store i64 %h1, ptr %out, align 8
; CHECK-NEXT: [[Y0:%.*]] = call i64 @__mux_get_num_groups(i32 0)
; CHECK-NEXT: [[YV0:%.*]] = insertelement <3 x i64> poison, i64 [[Y0]], i32 0
; CHECK-NEXT: [[Y1:%.*]] = call i64 @__mux_get_num_groups(i32 1)
; CHECK-NEXT: [[YV1:%.*]] = insertelement <3 x i64> [[YV0]], i64 [[Y1]], i32 1
; CHECK-NEXT: [[Y2:%.*]] = call i64 @__mux_get_num_groups(i32 2)
; CHECK-NEXT: %cv = insertelement <3 x i64> [[YV1]], i64 [[Y2]], i32 2
; CHECK-NEXT: %cx = extractelement <3 x i64> %cv, i32 2
; CHECK-NEXT: store i64 %cx, ptr %out, align 8
; CHECK-NEXT: ret void
define spir_kernel void @k5(ptr %out) {
entry:
  %v = load <3 x i64>, ptr addrspace(1) @__spirv_BuiltInNumWorkgroups, align 32
  %vx = extractelement <3 x i64> %v, i64 1
  store i64 %vx, ptr %out, align 8
  %e0 = load i64, ptr addrspace(1) @__spirv_BuiltInNumWorkgroups, align 8
  store i64 %e0, ptr %out, align 8
  %e1 = load i64, ptr addrspace(1) getelementptr inbounds (i8, ptr addrspace(1) @__spirv_BuiltInNumWorkgroups, i64 8), align 8
  store i64 %e1, ptr %out, align 8
  %p2 = getelementptr inbounds <3 x i64>, ptr addrspace(1) @__spirv_BuiltInNumWorkgroups, i64 0, i64 2
  %e2 = load i64, ptr addrspace(1) %p2, align 8
  store i64 %e2, ptr %out, align 8
  %q1 = getelementptr inbounds [3 x i64], ptr addrspace(1) @__spirv_BuiltInNumWorkgroups, i64 0, i64 1
  %f1 = load i64, ptr addrspace(1) %q1, align 8
  store i64 %f1, ptr %out, align 8
  %f2 = load i64, ptr addrspace(1) getelementptr inbounds (i64, ptr addrspace(1) @__spirv_BuiltInNumWorkgroups, i64 2), align 8
  store i64 %f2, ptr %out, align 8
  %c = addrspacecast ptr addrspace(1) @__spirv_BuiltInNumWorkgroups to ptr
  %c2 = getelementptr inbounds i8, ptr %c, i64 16
  %g2 = load i64, ptr %c2, align 8
  store i64 %g2, ptr %out, align 8
  %h1 = load i64, ptr getelementptr inbounds (i8, ptr addrspacecast (ptr addrspace(1) @__spirv_BuiltInNumWorkgroups to ptr), i64 8), align 8
  store i64 %h1, ptr %out, align 8
  %cv = load <3 x i64>, ptr addrspacecast (ptr addrspace(1) @__spirv_BuiltInNumWorkgroups to ptr), align 32
  %cx = extractelement <3 x i64> %cv, i32 2
  store i64 %cx, ptr %out, align 8
  ret void
}

; CHECK-LABEL: define spir_kernel void @k6(ptr %out)
; CHECK-NEXT: entry:
; CHECK-NEXT: [[X0:%.*]] = call i64 @__mux_get_group_id(i32 0)
; CHECK-NEXT: [[XV0:%.*]] = insertelement <3 x i64> poison, i64 [[X0]], i32 0
; CHECK-NEXT: [[X1:%.*]] = call i64 @__mux_get_group_id(i32 1)
; CHECK-NEXT: [[XV1:%.*]] = insertelement <3 x i64> [[XV0]], i64 [[X1]], i32 1
; CHECK-NEXT: [[X2:%.*]] = call i64 @__mux_get_group_id(i32 2)
; CHECK-NEXT: %v = insertelement <3 x i64> [[XV1]], i64 [[X2]], i32 2
; CHECK-NEXT: %vx = extractelement <3 x i64> %v, i64 1
; CHECK-NEXT: store i64 %vx, ptr %out, align 8
; CHECK-NEXT: %e0 = call i64 @__mux_get_group_id(i32 0)
; CHECK-NEXT: store i64 %e0, ptr %out, align 8
; CHECK-NEXT: %e1 = call i64 @__mux_get_group_id(i32 1)
; CHECK-NEXT: store i64 %e1, ptr %out, align 8
; CHECK-NEXT: %e2 = call i64 @__mux_get_group_id(i32 2)
; CHECK-NEXT: store i64 %e2, ptr %out, align 8
; CHECK-NEXT: %f1 = call i64 @__mux_get_group_id(i32 1)
; CHECK-NEXT: store i64 %f1, ptr %out, align 8
; CHECK-NEXT: %f2 = call i64 @__mux_get_group_id(i32 2)
; CHECK-NEXT: store i64 %f2, ptr %out, align 8
; CHECK-NEXT: %g2 = call i64 @__mux_get_group_id(i32 2)
; CHECK-NEXT: store i64 %g2, ptr %out, align 8
; CHECK-NEXT: %h1 = call i64 @__mux_get_group_id(i32 1)
; CHECK-NEXT: store i64 %h1, ptr %out, align 8
; CHECK-NEXT: [[Y0:%.*]] = call i64 @__mux_get_group_id(i32 0)
; CHECK-NEXT: [[YV0:%.*]] = insertelement <3 x i64> poison, i64 [[Y0]], i32 0
; CHECK-NEXT: [[Y1:%.*]] = call i64 @__mux_get_group_id(i32 1)
; CHECK-NEXT: [[YV1:%.*]] = insertelement <3 x i64> [[YV0]], i64 [[Y1]], i32 1
; CHECK-NEXT: [[Y2:%.*]] = call i64 @__mux_get_group_id(i32 2)
; CHECK-NEXT: %cv = insertelement <3 x i64> [[YV1]], i64 [[Y2]], i32 2
; CHECK-NEXT: %cx = extractelement <3 x i64> %cv, i32 2
; CHECK-NEXT: store i64 %cx, ptr %out, align 8
; CHECK-NEXT: ret void
define spir_kernel void @k6(ptr %out) {
entry:
  %v = load <3 x i64>, ptr addrspace(1) @__spirv_BuiltInWorkgroupId, align 32
  %vx = extractelement <3 x i64> %v, i64 1
  store i64 %vx, ptr %out, align 8
  %e0 = load i64, ptr addrspace(1) @__spirv_BuiltInWorkgroupId, align 8
  store i64 %e0, ptr %out, align 8
  %e1 = load i64, ptr addrspace(1) getelementptr inbounds (i8, ptr addrspace(1) @__spirv_BuiltInWorkgroupId, i64 8), align 8
  store i64 %e1, ptr %out, align 8
  %p2 = getelementptr inbounds <3 x i64>, ptr addrspace(1) @__spirv_BuiltInWorkgroupId, i64 0, i64 2
  %e2 = load i64, ptr addrspace(1) %p2, align 8
  store i64 %e2, ptr %out, align 8
  %q1 = getelementptr inbounds [3 x i64], ptr addrspace(1) @__spirv_BuiltInWorkgroupId, i64 0, i64 1
  %f1 = load i64, ptr addrspace(1) %q1, align 8
  store i64 %f1, ptr %out, align 8
  %f2 = load i64, ptr addrspace(1) getelementptr inbounds (i64, ptr addrspace(1) @__spirv_BuiltInWorkgroupId, i64 2), align 8
  store i64 %f2, ptr %out, align 8
  %c = addrspacecast ptr addrspace(1) @__spirv_BuiltInWorkgroupId to ptr
  %c2 = getelementptr inbounds i8, ptr %c, i64 16
  %g2 = load i64, ptr %c2, align 8
  store i64 %g2, ptr %out, align 8
  %h1 = load i64, ptr getelementptr inbounds (i8, ptr addrspacecast (ptr addrspace(1) @__spirv_BuiltInWorkgroupId to ptr), i64 8), align 8
  store i64 %h1, ptr %out, align 8
  %cv = load <3 x i64>, ptr addrspacecast (ptr addrspace(1) @__spirv_BuiltInWorkgroupId to ptr), align 32
  %cx = extractelement <3 x i64> %cv, i32 2
  store i64 %cx, ptr %out, align 8
  ret void
}

; CHECK-NOT: __spirv_BuiltIn
; CHECK-DAG: declare i64 @__mux_get_global_id(i32)
; CHECK-DAG: declare i64 @__mux_get_global_size(i32)
; CHECK-DAG: declare i64 @__mux_get_global_offset(i32)
; CHECK-DAG: declare i64 @__mux_get_local_id(i32)
; CHECK-DAG: declare i64 @__mux_get_local_size(i32)
; CHECK-DAG: declare i64 @__mux_get_num_groups(i32)
; CHECK-DAG: declare i64 @__mux_get_group_id(i32)
; CHECK-NOT: __spirv_BuiltIn
