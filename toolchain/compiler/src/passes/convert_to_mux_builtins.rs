//! `convert-to-mux-builtins`: lowers the SPIR-V builtins of SYCL device IR to mux builtins.
//!
//! Expects: device IR whose work-item queries are calls to the SPIR-V builtin functions of
//! [`crate::ir::spirv`] (`__spirv_BuiltInGlobalInvocationId(int)` and siblings, or the older
//! `__spirv_GlobalInvocationId_x()` form) and whose barriers are `__spirv_ControlBarrier` calls.
//! Guarantees: every such call is replaced by the matching `__mux_get_*` call (ranked queries
//! take an `i32` dimension and return `i64`; sub-group queries return `i32`); work-group control
//! barriers become `__mux_work_group_barrier(i32 0, i32 scope, i32 semantics)` (the barrier id
//! is assigned later; a non-constant scope counts as Workgroup), barriers of a narrower execution
//! scope (sub-group, invocation) are removed, since a sub-group is one work-item, and wider ones
//! (device) are rejected; the SPIR-V declarations are removed once unused. Nothing else changes.

use inkwell::builder::Builder;
use inkwell::module::Module;
use inkwell::types::BasicTypeEnum;
use inkwell::values::{BasicMetadataValueEnum, BasicValueEnum, FunctionValue};

use super::ModulePass;
use crate::ir::mux::{self, WorkItemQuery};
use crate::ir::spirv::{self, SpirvBuiltin};
use crate::ir::walk::{self, DirectCall};
use crate::CompileError;

pub const NAME: &str = "convert-to-mux-builtins";

pub struct ConvertToMuxBuiltins;

/// The declaration of a mux query, added if missing.
pub fn declare_query<'ctx>(module: &Module<'ctx>, query: WorkItemQuery) -> FunctionValue<'ctx> {
    if let Some(existing) = module.get_function(query.mux_name()) {
        return existing;
    }
    let context = module.get_context();
    let i32_type = context.i32_type();
    let function_type = if query.is_ranked() {
        context.i64_type().fn_type(&[i32_type.into()], false)
    } else {
        i32_type.fn_type(&[], false)
    };
    module.add_function(query.mux_name(), function_type, None)
}

/// The declaration of `__mux_work_group_barrier(i32 id, i32 scope, i32 semantics)`.
pub fn declare_work_group_barrier<'ctx>(module: &Module<'ctx>) -> FunctionValue<'ctx> {
    if let Some(existing) = module.get_function(mux::WORK_GROUP_BARRIER) {
        return existing;
    }
    let context = module.get_context();
    let i32_type = context.i32_type();
    let function_type = context
        .void_type()
        .fn_type(&[i32_type.into(), i32_type.into(), i32_type.into()], false);
    module.add_function(mux::WORK_GROUP_BARRIER, function_type, None)
}

/// Converts an integer result to the type the original call returned.
fn cast_to<'ctx>(
    builder: &Builder<'ctx>,
    value: BasicValueEnum<'ctx>,
    to: BasicTypeEnum<'ctx>,
) -> Result<BasicValueEnum<'ctx>, CompileError> {
    let (BasicValueEnum::IntValue(int), BasicTypeEnum::IntType(to)) = (value, to) else {
        return Err(CompileError::Pass(format!(
            "{NAME}: a work-item builtin returns {to}, expected an integer"
        )));
    };
    if int.get_type() == to {
        return Ok(value);
    }
    builder
        .build_int_cast_sign_flag(int, to, false, "")
        .map(Into::into)
        .map_err(|e| CompileError::Pass(format!("{NAME}: {e}")))
}

/// The constant execution scope of a `__spirv_ControlBarrier` call (SPIR-V: CrossDevice 0,
/// Device 1, Workgroup 2, Subgroup 3, Invocation 4), if it is a constant.
fn execution_scope(call: inkwell::values::InstructionValue<'_>) -> Option<u64> {
    call.get_operand(0)
        .and_then(|o| o.value())
        .and_then(|v| v.into_int_value().get_zero_extended_constant())
}

fn lower_call<'ctx>(
    module: &Module<'ctx>,
    builder: &Builder<'ctx>,
    call: DirectCall<'ctx>,
    builtin: SpirvBuiltin,
) -> Result<(), CompileError> {
    let context = module.get_context();
    let call_instruction = call.instruction;
    walk::position_at(builder, call_instruction);
    let build_error =
        |e: inkwell::builder::BuilderError| CompileError::Pass(format!("{NAME}: {e}"));
    let argument = |index: u32| -> Result<BasicMetadataValueEnum<'ctx>, CompileError> {
        call_instruction
            .get_operand(index)
            .and_then(|o| o.value())
            .map(Into::into)
            .ok_or_else(|| {
                CompileError::Pass(format!(
                    "{NAME}: malformed builtin call: {}",
                    walk::describe(call_instruction)
                ))
            })
    };
    let replacement = match builtin {
        SpirvBuiltin::Query(query) => {
            let mux_function = declare_query(module, query);
            let args: Vec<BasicMetadataValueEnum> = if query.is_ranked() {
                vec![argument(0)?]
            } else {
                Vec::new()
            };
            builder
                .build_call(mux_function, &args, "")
                .map_err(build_error)?
        }
        SpirvBuiltin::QueryFixedDim(query, dim) => {
            let mux_function = declare_query(module, query);
            let dim = context.i32_type().const_int(dim as u64, false);
            builder
                .build_call(mux_function, &[dim.into()], "")
                .map_err(build_error)?
        }
        SpirvBuiltin::ControlBarrier
            if matches!(execution_scope(call_instruction), Some(3 | 4)) =>
        {
            // A sub-group (or invocation) barrier: sub-groups are one work-item, so it orders
            // nothing another work-item could observe.
            call_instruction.erase_from_basic_block();
            return Ok(());
        }
        SpirvBuiltin::ControlBarrier
            if matches!(execution_scope(call_instruction), Some(0 | 1)) =>
        {
            let function = call_instruction.get_parent().and_then(|b| b.get_parent());
            return Err(CompileError::unsupported(
                function.map(walk::name).unwrap_or_default(),
                "a control barrier across the device is not supported (SYCL kernels synchronise \
                 at most their work-group)",
            ));
        }
        SpirvBuiltin::ControlBarrier => {
            let barrier = declare_work_group_barrier(module);
            let id = context.i32_type().const_zero();
            let args = [id.into(), argument(0)?, argument(2)?];
            builder
                .build_call(barrier, &args, "")
                .map_err(build_error)?
        }
    };
    if let (Some(old), Some(new)) = (
        call.site.try_as_basic_value().basic(),
        replacement.try_as_basic_value().basic(),
    ) {
        let new = cast_to(builder, new, old.get_type())?;
        walk::replace_all_uses(&old, &new);
    }
    call_instruction.erase_from_basic_block();
    Ok(())
}

impl ModulePass for ConvertToMuxBuiltins {
    fn name(&self) -> &'static str {
        NAME
    }

    fn run(&self, module: &Module<'_>) -> Result<(), CompileError> {
        let builder = module.get_context().create_builder();
        let spirv_functions: Vec<_> = module
            .get_functions()
            .filter(|f| !walk::is_definition(*f))
            .filter_map(|f| spirv::classify(&walk::name(f)).map(|b| (f, b)))
            .collect();
        for (function, builtin) in spirv_functions {
            for call in walk::calls_to(module, function) {
                lower_call(module, &builder, call, builtin)?;
            }
            if walk::use_count(function) == 0 {
                // SAFETY: the declaration has no remaining uses.
                unsafe { function.delete() };
            }
        }
        Ok(())
    }
}
