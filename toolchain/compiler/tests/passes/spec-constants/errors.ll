; spec-constants: a symbolic id that is not a constant string cannot be given an offset; the
; error names the call.
; RUN: not muxc --passes spec-constants -S %s 2>&1 | FileCheck %s
; CHECK: muxc: error: spec-constants: the symbolic id is not a constant string: %value = call i32 @_Z37__sycl_getScalar2020SpecConstantValueIiET_PKcPKvS4_(ptr %name, ptr @int_id, ptr %buffer)

%"class.sycl::specialization_id" = type { i32 }
@int_id = internal constant %"class.sycl::specialization_id" { i32 42 }

declare i32 @_Z37__sycl_getScalar2020SpecConstantValueIiET_PKcPKvS4_(ptr, ptr, ptr)

define i32 @read(ptr %name, ptr %buffer) {
  %value = call i32 @_Z37__sycl_getScalar2020SpecConstantValueIiET_PKcPKvS4_(ptr %name, ptr @int_id, ptr %buffer)
  ret i32 %value
}
