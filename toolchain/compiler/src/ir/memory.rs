//! Facts about addresses that let a pass load speculatively (docs/vectorizer.md, "Uniform
//! loads under a mask"): whether an address lies, for sure, inside memory the function may
//! read whatever path it takes. The one case that matters to us is the kernel's captured
//! arguments: SYCL kernels read every capture from their `byval` lambda object through a
//! constant-offset GEP, often only inside a branch. And the one way passes compute an address
//! inside an object ([`element_address`]).

use inkwell::attributes::{Attribute, AttributeLoc};
use inkwell::builder::{Builder, BuilderError};
use inkwell::targets::TargetData;
use inkwell::types::{BasicType, BasicTypeEnum};
use inkwell::values::{
    BasicValue, BasicValueEnum, FunctionValue, InstructionOpcode, InstructionValue, IntValue,
    PointerValue,
};
use inkwell::{AtomicOrdering, AtomicRMWBinOp};

use super::attributes;
use super::vector::operand;

/// `pointer` as a parameter of `function` plus a constant byte offset, through any chain of
/// GEPs whose indices are all constants.
pub fn parameter_and_offset<'ctx>(
    function: FunctionValue<'ctx>,
    pointer: BasicValueEnum<'ctx>,
    target_data: &TargetData,
) -> Option<(u32, i64)> {
    if let Some(index) = function.get_param_iter().position(|p| p == pointer) {
        return Some((index as u32, 0));
    }
    let gep = pointer.as_instruction_value()?;
    if gep.get_opcode() != InstructionOpcode::GetElementPtr {
        return None;
    }
    let (parameter, base_offset) = parameter_and_offset(function, operand(gep, 0)?, target_data)?;
    let mut current: BasicTypeEnum = gep.get_gep_source_element_type().ok()?;
    let mut offset = base_offset;
    for index in 1..gep.get_num_operands() {
        let BasicValueEnum::IntValue(value) = operand(gep, index)? else {
            return None;
        };
        let constant = value.get_sign_extended_constant()?;
        let step = if index == 1 {
            target_data.get_abi_size(&current) as i64
        } else {
            match current {
                BasicTypeEnum::StructType(s) => {
                    let field = u32::try_from(constant).ok()?;
                    let field_offset = target_data.offset_of_element(&s, field)? as i64;
                    offset = offset.checked_add(field_offset)?;
                    current = s.get_field_type_at_index(field)?;
                    continue;
                }
                BasicTypeEnum::ArrayType(a) => {
                    current = a.get_element_type();
                    target_data.get_abi_size(&current) as i64
                }
                _ => return None,
            }
        };
        offset = offset.checked_add(constant.checked_mul(step)?)?;
    }
    Some((parameter, offset))
}

/// How many bytes from its start parameter `index` points to for sure: the size of its `byval`
/// type, or its `dereferenceable` bytes.
pub fn dereferenceable_parameter_bytes(
    function: FunctionValue<'_>,
    index: u32,
    target_data: &TargetData,
) -> Option<u64> {
    let location = AttributeLoc::Param(index);
    let byval = function.get_enum_attribute(location, Attribute::get_named_enum_kind_id("byval"));
    if let Some(byval) = byval {
        if let Ok(ty) = BasicTypeEnum::try_from(byval.get_type_value()) {
            return Some(target_data.get_abi_size(&ty));
        }
    }
    attributes::integer_attribute(function, location, "dereferenceable")
}

/// Whether reading `bytes` bytes at `pointer` in `function` is valid on every path: `pointer`
/// is a parameter that is `byval` or `dereferenceable` (plus a constant offset) and the read
/// stays inside that memory.
pub fn is_dereferenceable<'ctx>(
    function: FunctionValue<'ctx>,
    pointer: BasicValueEnum<'ctx>,
    bytes: u64,
    target_data: &TargetData,
) -> bool {
    let Some((parameter, offset)) = parameter_and_offset(function, pointer, target_data) else {
        return false;
    };
    let Some(available) = dereferenceable_parameter_bytes(function, parameter, target_data) else {
        return false;
    };
    u64::try_from(offset)
        .ok()
        .and_then(|start| start.checked_add(bytes))
        .is_some_and(|end| end <= available)
}

/// Whether `load` reads memory nothing changes while the kernel runs: a plain (not volatile,
/// not atomic) load from a parameter of its function that is `readonly` and either `byval` or
/// `noalias` (the vector form's copy of a by-value parameter), directly or through GEPs with
/// constant indices. Such a parameter is the launch's copy of the SYCL kernel functor, which
/// no work-item writes; so the load gives the same value anywhere in the function, and a pass
/// may repeat it rather than keep its result (work-item-loops does, instead of storing it per
/// work-item across a barrier).
pub fn reads_unchanging_parameter(load: InstructionValue<'_>) -> bool {
    if load.get_opcode() != InstructionOpcode::Load
        || load.get_volatile().unwrap_or(true)
        || load.get_atomic_ordering() != Ok(AtomicOrdering::NotAtomic)
    {
        return false;
    }
    let Some(function) = load.get_parent().and_then(|block| block.get_parent()) else {
        return false;
    };
    let mut pointer = operand(load, 0);
    while let Some(gep) = pointer.and_then(|p| p.as_instruction_value()) {
        let constant_indices = (1..gep.get_num_operands()).all(|index| {
            matches!(operand(gep, index), Some(BasicValueEnum::IntValue(i)) if i.is_const())
        });
        if gep.get_opcode() != InstructionOpcode::GetElementPtr || !constant_indices {
            return false;
        }
        pointer = operand(gep, 0);
    }
    let Some(index) = pointer.and_then(|p| function.get_param_iter().position(|q| q == p)) else {
        return false;
    };
    let location = AttributeLoc::Param(index as u32);
    let has = |name| attributes::has_enum_attribute(function, location, name);
    has("readonly") && (has("byval") || has("noalias"))
}

/// `getelementptr [inbounds] element, base, indices`: an address inside the object `base`
/// points to (a field, an element, a byte offset), as callers keep it.
pub fn element_address<'ctx>(
    builder: &Builder<'ctx>,
    element: impl BasicType<'ctx>,
    base: PointerValue<'ctx>,
    indices: &[IntValue<'ctx>],
    in_bounds: bool,
    name: &str,
) -> Result<PointerValue<'ctx>, BuilderError> {
    // SAFETY: building the GEP touches no memory. inkwell marks it unsafe because an in-bounds
    // GEP that leaves its object is poison when the program runs; each caller's indices stay
    // inside the object (and says why).
    unsafe {
        if in_bounds {
            builder.build_in_bounds_gep(element, base, indices, name)
        } else {
            builder.build_gep(element, base, indices, name)
        }
    }
}

/// `atomicrmw op ptr pointer, T value ordering` (system scope) at the builder, for any `T`
/// LLVM accepts: inkwell's own builder takes integers only, and the SPIR-V float atomics need
/// `fadd`, `fmin` and `fmax` on floats.
pub fn atomic_read_modify_write<'ctx>(
    builder: &Builder<'ctx>,
    op: AtomicRMWBinOp,
    pointer: PointerValue<'ctx>,
    value: BasicValueEnum<'ctx>,
    ordering: AtomicOrdering,
) -> Result<BasicValueEnum<'ctx>, BuilderError> {
    use inkwell::values::AsValueRef;
    if builder.get_insert_block().is_none() {
        return Err(BuilderError::UnsetPosition);
    }
    // SAFETY: the builder is positioned in a live function; pointer and value belong to its
    // context, and the result has the value's first-class type.
    unsafe {
        let raw = inkwell::llvm_sys::core::LLVMBuildAtomicRMW(
            builder.as_mut_ptr(),
            op.into(),
            pointer.as_value_ref(),
            value.as_value_ref(),
            ordering.into(),
            0,
        );
        Ok(BasicValueEnum::new(raw))
    }
}
