; spec-constants: each marker call becomes a load from the runtime buffer at the constant's
; offset. Offsets follow first appearance and are aligned for the loaded type (the double after
; the int needs 4 bytes of padding, recorded on the int's descriptor list as id 0xFFFFFFFF); a
; symbolic id seen again reuses its offset; a bool is loaded as a byte; an sret composite is
; stored through the sret pointer; an -O0 id loaded from an alloca is followed to its string.
; Running the pass twice changes nothing the second time.
; RUN: muxc --passes spec-constants,spec-constants,verify -S %s | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

%"class.sycl::specialization_id" = type { i32 }
%"class.sycl::specialization_id.0" = type { double }
%"class.sycl::specialization_id.1" = type { i8 }
%struct.Big = type { i32, [4 x float], i64 }
%"class.sycl::specialization_id.2" = type { %struct.Big }

@int_id_name = private unnamed_addr constant [7 x i8] c"int_id\00"
@double_id_name = private unnamed_addr constant [10 x i8] c"double_id\00"
@bool_id_name = private unnamed_addr constant [8 x i8] c"bool_id\00"
@big_id_name = private unnamed_addr constant [7 x i8] c"big_id\00"
@int_id = internal constant %"class.sycl::specialization_id" { i32 42 }
@double_id = internal addrspace(1) constant %"class.sycl::specialization_id.0" { double 2.5 }
@bool_id = internal constant %"class.sycl::specialization_id.1" { i8 1 }
@big_id = internal constant %"class.sycl::specialization_id.2" { %struct.Big { i32 7, [4 x float] [float 1.0, float 2.0, float 3.0, float 4.0], i64 -1 } }

declare i32 @_Z37__sycl_getScalar2020SpecConstantValueIiET_PKcPKvS4_(ptr, ptr, ptr)
declare double @_Z37__sycl_getScalar2020SpecConstantValueIdET_PKcPKvS4_(ptr, ptr, ptr)
declare zeroext i1 @_Z37__sycl_getScalar2020SpecConstantValueIbET_PKcPKvS4_(ptr, ptr, ptr)
declare void @_Z40__sycl_getComposite2020SpecConstantValueI3BigET_PKcPKvS5_(ptr sret(%struct.Big), ptr, ptr, ptr)

; CHECK-LABEL: define void @reads(
; CHECK-NOT: __sycl_get
; CHECK: [[INT_ADDRESS:%.*]] = getelementptr inbounds i8, ptr %buffer, i32 0
; CHECK-NEXT: [[INT:%.*]] = load i32, ptr [[INT_ADDRESS]]
; CHECK: [[DOUBLE_ADDRESS:%.*]] = getelementptr inbounds i8, ptr %buffer, i32 8
; CHECK-NEXT: [[DOUBLE:%.*]] = load double, ptr [[DOUBLE_ADDRESS]]
; CHECK: [[AGAIN_ADDRESS:%.*]] = getelementptr inbounds i8, ptr %buffer, i32 0
; CHECK-NEXT: [[AGAIN:%.*]] = load i32, ptr [[AGAIN_ADDRESS]]
; CHECK: [[BOOL_ADDRESS:%.*]] = getelementptr inbounds i8, ptr %buffer, i32 16
; CHECK-NEXT: [[BYTE:%.*]] = load i8, ptr [[BOOL_ADDRESS]]
; CHECK-NEXT: [[BOOL:%.*]] = trunc i8 [[BYTE]] to i1
; CHECK: [[BIG_ADDRESS:%.*]] = getelementptr inbounds i8, ptr %buffer, i32 24
; CHECK-NEXT: [[BIG:%.*]] = load %struct.Big, ptr [[BIG_ADDRESS]]
; CHECK-NEXT: store %struct.Big [[BIG]], ptr %big
; CHECK: ret void
define void @reads(ptr %buffer, ptr %out, ptr %big) {
entry:
  %name.slot = alloca ptr
  store ptr @int_id_name, ptr %name.slot
  %name = load ptr, ptr %name.slot
  %int = call i32 @_Z37__sycl_getScalar2020SpecConstantValueIiET_PKcPKvS4_(ptr %name, ptr @int_id, ptr %buffer)
  %double = call double @_Z37__sycl_getScalar2020SpecConstantValueIdET_PKcPKvS4_(ptr @double_id_name, ptr addrspacecast (ptr addrspace(1) @double_id to ptr), ptr %buffer)
  %again = call i32 @_Z37__sycl_getScalar2020SpecConstantValueIiET_PKcPKvS4_(ptr @int_id_name, ptr @int_id, ptr %buffer)
  %bool = call zeroext i1 @_Z37__sycl_getScalar2020SpecConstantValueIbET_PKcPKvS4_(ptr @bool_id_name, ptr @bool_id, ptr %buffer)
  call void @_Z40__sycl_getComposite2020SpecConstantValueI3BigET_PKcPKvS5_(ptr sret(%struct.Big) %big, ptr @big_id_name, ptr @big_id, ptr %buffer)
  %sum = add i32 %int, %again
  store i32 %sum, ptr %out
  %out.double = getelementptr i8, ptr %out, i64 8
  store double %double, ptr %out.double
  %out.bool = getelementptr i8, ptr %out, i64 16
  %byte = zext i1 %bool to i8
  store i8 %byte, ptr %out.bool
  ret void
}

; The marker declarations are gone, and the layout is recorded: the int (id 0, 4 bytes) carries
; the 4 padding bytes before the double; the bool (id 2) is followed by 7 bytes of padding before
; the 8-aligned composite, whose size is its store size (32).
; CHECK-NOT: declare {{.*}}__sycl_get
; CHECK: !sycl.specialization-constants = !{[[INT_MD:![0-9]+]], [[DOUBLE_MD:![0-9]+]], [[BOOL_MD:![0-9]+]], [[BIG_MD:![0-9]+]]}
; CHECK: !sycl.specialization-constants-default-values = !{[[INT_DEFAULT:![0-9]+]], [[PAD4:![0-9]+]], [[DOUBLE_DEFAULT:![0-9]+]], [[BOOL_DEFAULT:![0-9]+]], [[PAD7:![0-9]+]], [[BIG_DEFAULT:![0-9]+]]}
; CHECK-DAG: [[INT_MD]] = !{!"int_id", i32 0, i32 0, i32 4, i32 -1, i32 4, i32 4}
; CHECK-DAG: [[DOUBLE_MD]] = !{!"double_id", i32 1, i32 0, i32 8}
; CHECK-DAG: [[BOOL_MD]] = !{!"bool_id", i32 2, i32 0, i32 1, i32 -1, i32 1, i32 7}
; CHECK-DAG: [[BIG_MD]] = !{!"big_id", i32 3, i32 0, i32 32}
; CHECK-DAG: [[INT_DEFAULT]] = !{i32 42}
; CHECK-DAG: [[PAD4]] = !{[4 x i8] zeroinitializer}
; CHECK-DAG: [[DOUBLE_DEFAULT]] = !{double 2.500000e+00}
; CHECK-DAG: [[BOOL_DEFAULT]] = !{i8 1}
; CHECK-DAG: [[PAD7]] = !{[7 x i8] zeroinitializer}
; CHECK-DAG: [[BIG_DEFAULT]] = !{%struct.Big { i32 7, [4 x float] [float 1.000000e+00, float 2.000000e+00, float 3.000000e+00, float 4.000000e+00], i64 -1 }}
