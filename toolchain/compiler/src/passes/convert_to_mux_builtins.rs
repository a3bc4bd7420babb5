//! `convert-to-mux-builtins`: lowers the SPIR-V builtins of SYCL device IR to mux builtins.
//!
//! Expects: device IR whose work-item queries are calls to the SPIR-V builtin functions of
//! [`crate::ir::spirv`] (`__spirv_BuiltInGlobalInvocationId(int)` and siblings, or the older
//! `__spirv_GlobalInvocationId_x()` form) or loads of the 2023 builtin *variables* (external
//! `<3 x i64>` globals such as `@__spirv_BuiltInGlobalInvocationId`, in any address space, and
//! the `i32` sub-group ones such as `@__spirv_BuiltInSubgroupSize`), and whose barriers are
//! `__spirv_ControlBarrier` calls.
//! Guarantees: every such call is replaced by the matching `__mux_get_*` call (ranked queries
//! take an `i32` dimension and return `i64`; sub-group queries return `i32`); every load of a
//! builtin variable, directly or through constant-index GEPs and address-space casts
//! (instructions or constant expressions), is replaced by the value computed from those calls: a
//! vector load by an `insertelement` chain of one call per dimension, a scalar `i64` load at byte
//! offset 0/8/16 by the call for dimension 0/1/2, an `i32` sub-group load by the call; any other
//! use of a builtin variable (a store, a pointer that escapes, a load of another shape) is an
//! error naming the function, and the variables are removed once rewritten; work-group control
//! barriers become `__mux_work_group_barrier(i32 0, i32 scope, i32 semantics)` (the barrier id
//! is assigned later; a non-constant scope counts as Workgroup), barriers of a narrower execution
//! scope (sub-group, invocation) are removed, since a sub-group's work-items run together
//! (docs/vectorizer.md, "Sub-groups"), and wider ones (device) are rejected; `__spirv_Group*`
//! collectives become work-group collectives or sub-group builtins by their scope, and
//! `__spirv_SubgroupShuffleINTEL` the sub-group shuffle; our headers' local-memory builtins
//! become internal `addrspace(3)` globals, one per `__nativecpu_allocate_local_memory` call and
//! one per `work_group_static` variable (`<variable>.work_group_static`) whatever calls
//! `__nativecpu_work_group_static` name it; the SPIR-V declarations are removed once unused.
//! Nothing else changes.

use inkwell::builder::{Builder, BuilderError};
use inkwell::module::Module;
use inkwell::targets::TargetData;
use inkwell::types::{BasicMetadataTypeEnum, BasicType, BasicTypeEnum};
use inkwell::values::{
    BasicMetadataValueEnum, BasicValueEnum, FunctionValue, GlobalValue, InstructionOpcode,
    InstructionValue, IntValue,
};
use inkwell::AddressSpace;

use super::{Changed, ModulePass, PassInfo};
use crate::ir::globals;
use crate::ir::mux::{
    self, Collective, CollectiveKind, WorkGroupMemory, WorkItemQuery, SUB_GROUP_SHUFFLE_PREFIX,
};
use crate::ir::spirv::{self, SpirvBuiltin};
use crate::ir::value::{Kind, Value};
use crate::ir::walk::{self, DirectCall};
use crate::CompileError;

/// The pass's name in pipeline text.
pub const NAME: &str = "convert-to-mux-builtins";

/// The pass as the registry declares it.
pub const PASS: PassInfo = PassInfo {
    name: NAME,
    parameters: "",
    help: "turns SPIR-V builtins into mux builtins",
    create: super::without_parameters::<ConvertToMuxBuiltins>,
};

/// The `convert-to-mux-builtins` pass: lowers SPIR-V builtins to mux builtins.
#[derive(Default)]
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

/// A call of the ranked query `query` for dimension `dim`, at `builder` (its declaration added if
/// missing).
pub fn build_query_call<'ctx>(
    module: &Module<'ctx>,
    builder: &Builder<'ctx>,
    query: WorkItemQuery,
    dim: u32,
    name: &str,
) -> Result<IntValue<'ctx>, BuilderError> {
    let function = declare_query(module, query);
    let dim = module
        .get_context()
        .i32_type()
        .const_int(u64::from(dim), false);
    let call = builder.build_call(function, &[dim.into()], name)?;
    Ok(call
        .try_as_basic_value()
        .basic()
        .expect("a ranked query returns a value")
        .into_int_value())
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

/// The declaration of `ptr __mux_get_local_{argument,variable}_memory()`.
pub fn declare_work_group_memory<'ctx>(
    module: &Module<'ctx>,
    memory: WorkGroupMemory,
) -> FunctionValue<'ctx> {
    module.get_function(memory.mux_name()).unwrap_or_else(|| {
        let context = module.get_context();
        let function_type = context
            .ptr_type(AddressSpace::default())
            .fn_type(&[], false);
        module.add_function(memory.mux_name(), function_type, None)
    })
}

/// The LLVM type's name in mux builtin names: `i32`, `i64`, `i1`, `f32`, `f64`.
pub fn mux_type_name(ty: BasicTypeEnum<'_>) -> Option<String> {
    match ty {
        BasicTypeEnum::IntType(int) if matches!(int.get_bit_width(), 1 | 32 | 64) => {
            Some(format!("i{}", int.get_bit_width()))
        }
        BasicTypeEnum::FloatType(float) if float == float.get_context().f32_type() => {
            Some("f32".into())
        }
        BasicTypeEnum::FloatType(float) if float == float.get_context().f64_type() => {
            Some("f64".into())
        }
        _ => None,
    }
}

fn constant_operand(call: InstructionValue<'_>, index: u32) -> Option<u64> {
    call.get_operand(index)
        .and_then(|o| o.value())
        .and_then(|v| v.into_int_value().get_zero_extended_constant())
}

/// A `__spirv_Group*` call: what it computes, on which value, and for broadcasts the work-item.
struct GroupCall<'ctx> {
    scope: u64,
    collective: Collective,
    value: BasicValueEnum<'ctx>,
    index: Option<BasicValueEnum<'ctx>>,
}

fn unsupported_call(call: InstructionValue<'_>, reason: &str) -> CompileError {
    let function = call.get_parent().and_then(|b| b.get_parent());
    CompileError::unsupported(
        function.map(walk::name).unwrap_or_default(),
        format!("{reason}: {}", walk::describe(call)),
    )
}

fn call_operand<'ctx>(
    call: InstructionValue<'ctx>,
    index: u32,
) -> Result<BasicValueEnum<'ctx>, CompileError> {
    call.get_operand(index)
        .and_then(|o| o.value())
        .ok_or_else(|| unsupported_call(call, "malformed group builtin call"))
}

fn parse_group_call<'ctx>(
    call: InstructionValue<'ctx>,
    builtin: SpirvBuiltin,
) -> Result<GroupCall<'ctx>, CompileError> {
    let scope = constant_operand(call, 0).ok_or_else(|| {
        unsupported_call(
            call,
            "the execution scope of a group operation must be a constant",
        )
    })?;
    let (collective, value, index) = match builtin {
        SpirvBuiltin::GroupArithmetic(op) => {
            let kind = match constant_operand(call, 1) {
                Some(0) => CollectiveKind::Reduce,
                Some(1) => CollectiveKind::ScanInclusive,
                Some(2) => CollectiveKind::ScanExclusive,
                _ => return Err(unsupported_call(
                    call,
                    "unsupported group operation (expected Reduce, InclusiveScan or ExclusiveScan)",
                )),
            };
            (
                Collective { kind, op: Some(op) },
                call_operand(call, 2)?,
                None,
            )
        }
        SpirvBuiltin::GroupVote(kind) => {
            (Collective { kind, op: None }, call_operand(call, 1)?, None)
        }
        _ => (
            Collective {
                kind: CollectiveKind::Broadcast,
                op: None,
            },
            call_operand(call, 1)?,
            Some(call_operand(call, 2)?),
        ),
    };
    Ok(GroupCall {
        scope,
        collective,
        value,
        index,
    })
}

/// `__spirv_Group*` collectives: work-group scope becomes the mux collective (barrier id 0 until
/// prepare-barriers numbers it), sub-group scope the mux sub-group builtin (a broadcast is a
/// shuffle), invocation scope is computed in place (reductions, inclusive scans, broadcasts and
/// votes return the value, exclusive scans the identity).
fn lower_group_collective<'ctx>(
    module: &Module<'ctx>,
    builder: &Builder<'ctx>,
    call: InstructionValue<'ctx>,
    builtin: SpirvBuiltin,
) -> Result<Option<BasicValueEnum<'ctx>>, CompileError> {
    let group_call = parse_group_call(call, builtin)?;
    let (collective, value) = (group_call.collective, group_call.value);
    let type_name = || {
        mux_type_name(value.get_type())
            .ok_or_else(|| unsupported_call(call, "unsupported type for a group operation"))
    };
    match group_call.scope {
        4 => Ok(Some(match (collective.kind, collective.op) {
            (CollectiveKind::ScanExclusive, Some(op)) => mux::identity(op, value.get_type()),
            _ => value,
        })),
        3 => {
            let name = match collective.kind {
                CollectiveKind::Broadcast => format!("{SUB_GROUP_SHUFFLE_PREFIX}{}", type_name()?),
                _ => collective.sub_group_name(&type_name()?),
            };
            let index = group_call.index.map(|index| (index, call));
            group_builtin_call(module, builder, GroupScope::SubGroup, &name, value, index).map(Some)
        }
        2 => {
            let index = group_call.index.map(|index| (index, call));
            let name = collective.mux_name(&type_name()?);
            group_builtin_call(module, builder, GroupScope::WorkGroup, &name, value, index)
                .map(Some)
        }
        _ => Err(unsupported_call(
            call,
            "group operations across the device are not supported",
        )),
    }
}

/// A call of `T name(args…)`, declared from the arguments' types if missing, `T` being the
/// type of `value`, the argument the builtin computes on.
fn call_builtin<'ctx>(
    module: &Module<'ctx>,
    builder: &Builder<'ctx>,
    name: &str,
    value: BasicValueEnum<'ctx>,
    args: &[BasicValueEnum<'ctx>],
) -> Result<BasicValueEnum<'ctx>, CompileError> {
    let params: Vec<BasicMetadataTypeEnum> = args.iter().map(|a| a.get_type().into()).collect();
    let function = module.get_function(name).unwrap_or_else(|| {
        module.add_function(name, value.get_type().fn_type(&params, false), None)
    });
    let args: Vec<BasicMetadataValueEnum> = args.iter().map(|&a| a.into()).collect();
    let site = builder
        .build_call(function, &args, "")
        .map_err(|e| CompileError::Pass(format!("{NAME}: {e}")))?;
    Ok(site
        .try_as_basic_value()
        .basic()
        .expect("a group builtin returns a value"))
}

/// `index` (an integer operand of `call`) as a `ty`.
fn index_operand<'ctx>(
    builder: &Builder<'ctx>,
    call: InstructionValue<'ctx>,
    index: BasicValueEnum<'ctx>,
    ty: inkwell::types::IntType<'ctx>,
) -> Result<BasicValueEnum<'ctx>, CompileError> {
    let BasicValueEnum::IntValue(index) = index else {
        return Err(unsupported_call(
            call,
            "a group operation's work-item index must be an integer",
        ));
    };
    builder
        .build_int_cast_sign_flag(index, ty, false, "index")
        .map(Into::into)
        .map_err(|e| CompileError::Pass(format!("{NAME}: {e}")))
}

/// Which group a builtin call is for.
#[derive(Clone, Copy, PartialEq, Eq)]
enum GroupScope {
    /// `name(i32 0, T value[, i64 index])`: the 0 is the barrier id `prepare-barriers` assigns.
    WorkGroup,
    /// `name(T value[, i32 index])`.
    SubGroup,
}

/// A call of the group builtin `name` on `value` (and, with the call it came from for errors,
/// a work-item index).
fn group_builtin_call<'ctx>(
    module: &Module<'ctx>,
    builder: &Builder<'ctx>,
    scope: GroupScope,
    name: &str,
    value: BasicValueEnum<'ctx>,
    index: Option<(BasicValueEnum<'ctx>, InstructionValue<'ctx>)>,
) -> Result<BasicValueEnum<'ctx>, CompileError> {
    let context = module.get_context();
    let (mut args, index_type) = match scope {
        GroupScope::WorkGroup => (
            vec![context.i32_type().const_zero().into(), value],
            context.i64_type(),
        ),
        GroupScope::SubGroup => (vec![value], context.i32_type()),
    };
    if let Some((index, call)) = index {
        args.push(index_operand(builder, call, index, index_type)?);
    }
    call_builtin(module, builder, name, value, &args)
}

/// `__spirv_SubgroupShuffleINTEL(value, index)`: the sub-group shuffle builtin.
fn lower_shuffle<'ctx>(
    module: &Module<'ctx>,
    builder: &Builder<'ctx>,
    call: InstructionValue<'ctx>,
) -> Result<BasicValueEnum<'ctx>, CompileError> {
    let value = call_operand(call, 0)?;
    let type_name = mux_type_name(value.get_type())
        .ok_or_else(|| unsupported_call(call, "unsupported type for a sub-group shuffle"))?;
    let name = format!("{SUB_GROUP_SHUFFLE_PREFIX}{type_name}");
    let index = Some((call_operand(call, 1)?, call));
    group_builtin_call(module, builder, GroupScope::SubGroup, &name, value, index)
}

/// `__nativecpu_allocate_local_memory(size, alignment)`: a new module-scope `addrspace(3)`
/// global per call (as DPC++'s front-end does for group_local_memory), used through a generic
/// pointer.
fn allocate_local_memory<'ctx>(
    module: &Module<'ctx>,
    builder: &Builder<'ctx>,
    call: InstructionValue<'ctx>,
) -> Result<BasicValueEnum<'ctx>, CompileError> {
    let (size, alignment) = local_size_and_alignment(call, "group_local_memory", 0)?;
    let global = add_local_global(module, "__nativecpu_local_memory", size, alignment);
    generic_address(module, builder, global)
}

/// `__nativecpu_work_group_static(variable, size, alignment)`: the module-scope `addrspace(3)`
/// global of the `work_group_static` variable, made by the first call that names the variable and
/// shared by the others, used through a generic pointer. A variable of namespace scope or a
/// static one is a global, and its memory `<variable>.work_group_static`; DPC++ also treats a
/// function's local variable of that type as static, so an `alloca` is a variable too, whose
/// memory is `<function>.<alloca>.work_group_static`.
fn work_group_static<'ctx>(
    module: &Module<'ctx>,
    builder: &Builder<'ctx>,
    call: InstructionValue<'ctx>,
) -> Result<BasicValueEnum<'ctx>, CompileError> {
    let function = call.get_parent().and_then(|b| b.get_parent());
    let function_name = function.map(walk::name).unwrap_or_default();
    let variable =
        globals::addressed_variable(Value::from(call).operand(0), true).ok_or_else(|| {
            CompileError::unsupported(
                function_name.clone(),
                "a work_group_static variable is reached through a pointer the compiler cannot \
                 follow (use the variable by name, in the kernel or a function inlined into it)",
            )
        })?;
    let (size, alignment) = local_size_and_alignment(call, "work_group_static", 1)?;
    let name = if variable.is(Kind::Alloca) {
        if variable.name().is_empty() {
            variable.set_name("work_group_static");
        }
        format!("{function_name}.{}.work_group_static", variable.name())
    } else {
        format!("{}.work_group_static", variable.name())
    };
    let global = module
        .get_global(&name)
        .unwrap_or_else(|| add_local_global(module, &name, size, alignment));
    generic_address(module, builder, global)
}

/// The constant size and alignment operands of a local-memory builtin, from operand `first`.
fn local_size_and_alignment(
    call: InstructionValue<'_>,
    what: &str,
    first: u32,
) -> Result<(u64, u64), CompileError> {
    match (
        constant_operand(call, first),
        constant_operand(call, first + 1),
    ) {
        (Some(size), Some(alignment)) => Ok((size, alignment)),
        _ => {
            let function = call.get_parent().and_then(|b| b.get_parent());
            Err(CompileError::unsupported(
                function.map(walk::name).unwrap_or_default(),
                format!("{what} needs a size and alignment known at compile time"),
            ))
        }
    }
}

/// A new internal `addrspace(3)` global of `size` bytes (its value undefined).
fn add_local_global<'ctx>(
    module: &Module<'ctx>,
    name: &str,
    size: u64,
    alignment: u64,
) -> GlobalValue<'ctx> {
    let array = module
        .get_context()
        .i8_type()
        .array_type(size.max(1) as u32);
    let global = module.add_global(array, Some(AddressSpace::from(3u16)), name);
    global.set_linkage(inkwell::module::Linkage::Internal);
    global.set_initializer(&array.get_poison());
    global.set_alignment(alignment.max(1) as u32);
    global
}

/// `global`'s address as a generic pointer.
fn generic_address<'ctx>(
    module: &Module<'ctx>,
    builder: &Builder<'ctx>,
    global: GlobalValue<'ctx>,
) -> Result<BasicValueEnum<'ctx>, CompileError> {
    builder
        .build_address_space_cast(
            global.as_pointer_value(),
            module.get_context().ptr_type(AddressSpace::default()),
            "local_memory",
        )
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
    let call_result =
        |site: inkwell::values::CallSiteValue<'ctx>| site.try_as_basic_value().basic();
    let replacement: Option<BasicValueEnum<'ctx>> = match builtin {
        SpirvBuiltin::Query(query) => {
            let mux_function = declare_query(module, query);
            let args: Vec<BasicMetadataValueEnum> = if query.is_ranked() {
                vec![argument(0)?]
            } else {
                Vec::new()
            };
            call_result(
                builder
                    .build_call(mux_function, &args, "")
                    .map_err(build_error)?,
            )
        }
        SpirvBuiltin::QueryFixedDim(query, dim) => {
            let mux_function = declare_query(module, query);
            let dim = context.i32_type().const_int(dim as u64, false);
            call_result(
                builder
                    .build_call(mux_function, &[dim.into()], "")
                    .map_err(build_error)?,
            )
        }
        SpirvBuiltin::ControlBarrier
            if matches!(execution_scope(call_instruction), Some(3 | 4)) =>
        {
            // A sub-group (or invocation) barrier: a sub-group's work-items run together (lanes
            // of one vector, or a single work-item), so it orders nothing they could observe.
            None
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
            call_result(
                builder
                    .build_call(barrier, &args, "")
                    .map_err(build_error)?,
            )
        }
        SpirvBuiltin::GroupArithmetic(_)
        | SpirvBuiltin::GroupVote(_)
        | SpirvBuiltin::GroupBroadcast => {
            lower_group_collective(module, builder, call_instruction, builtin)?
        }
        SpirvBuiltin::SubgroupShuffle => Some(lower_shuffle(module, builder, call_instruction)?),
        SpirvBuiltin::LocalArgumentMemory => {
            let function = declare_work_group_memory(module, WorkGroupMemory::LocalArguments);
            call_result(
                builder
                    .build_call(function, &[], "local_memory")
                    .map_err(build_error)?,
            )
        }
        SpirvBuiltin::AllocateLocalMemory => {
            Some(allocate_local_memory(module, builder, call_instruction)?)
        }
        SpirvBuiltin::WorkGroupStatic => {
            Some(work_group_static(module, builder, call_instruction)?)
        }
    };
    if let (Some(old), Some(new)) = (call.site.try_as_basic_value().basic(), replacement) {
        let new = if old.get_type() == new.get_type() {
            new
        } else {
            cast_to(builder, new, old.get_type())?
        };
        walk::replace_all_uses(&old, &new);
    }
    call_instruction.erase_from_basic_block();
    Ok(())
}

/// A pointer derived from a builtin variable: how to describe the use that is not allowed.
fn forbidden_use(global: &str, user: Value<'_>) -> CompileError {
    if let Some(instruction) = user.instruction() {
        let function = instruction.get_parent().and_then(|b| b.get_parent());
        return CompileError::unsupported(
            function.map(walk::name).unwrap_or_default(),
            format!(
                "the SPIR-V builtin variable @{global} may only be loaded from (through \
                 constant GEPs and address-space casts): {}",
                walk::describe(instruction)
            ),
        );
    }
    CompileError::Pass(format!(
        "{NAME}: the SPIR-V builtin variable @{global} is used outside any function: {}",
        user.print()
    ))
}

/// The constant byte offset a GEP (instruction or constant expression) adds, if its indices are
/// all constant integers.
fn gep_offset(gep: Value<'_>, data: &TargetData) -> Option<i64> {
    let mut ty = gep.gep_source_element_type()?;
    let mut offset = 0i64;
    for operand in 1..gep.operand_count() {
        let index = gep.operand(operand).sign_extended_constant()?;
        if operand == 1 {
            offset += index * data.get_abi_size(&ty) as i64;
            continue;
        }
        match ty {
            BasicTypeEnum::StructType(struct_type) => {
                let field = u32::try_from(index).ok()?;
                offset += data.offset_of_element(&struct_type, field)? as i64;
                ty = struct_type.get_field_type_at_index(field)?;
            }
            BasicTypeEnum::ArrayType(array) => {
                ty = array.get_element_type();
                offset += index * data.get_abi_size(&ty) as i64;
            }
            BasicTypeEnum::VectorType(vector) => {
                ty = vector.get_element_type();
                offset += index * data.get_abi_size(&ty) as i64;
            }
            _ => return None,
        }
    }
    Some(offset)
}

/// The loads reading builtin variable `global` through `pointer` (at byte `offset` into it), and
/// the derived pointers (GEPs, casts) on the way; a use of another kind is returned as the error.
fn collect_loads<'ctx>(
    pointer: Value<'ctx>,
    offset: i64,
    data: &TargetData,
    loads: &mut Vec<(Value<'ctx>, i64)>,
    derived: &mut Vec<Value<'ctx>>,
) -> Result<(), Value<'ctx>> {
    for user in pointer.users() {
        match user.opcode().ok_or(user)? {
            InstructionOpcode::Load => loads.push((user, offset)),
            InstructionOpcode::GetElementPtr if user.operand(0) == pointer => {
                let step = gep_offset(user, data).ok_or(user)?;
                derived.push(user);
                collect_loads(user, offset + step, data, loads, derived)?;
            }
            InstructionOpcode::AddrSpaceCast | InstructionOpcode::BitCast => {
                derived.push(user);
                collect_loads(user, offset, data, loads, derived)?;
            }
            _ => return Err(user),
        }
    }
    Ok(())
}

/// The value a load of `ty` at byte `offset` of the builtin variable for `query` reads, computed
/// from mux calls before the load; `None` if the load has another shape.
fn builtin_load_value<'ctx>(
    module: &Module<'ctx>,
    builder: &Builder<'ctx>,
    query: WorkItemQuery,
    ty: BasicTypeEnum<'ctx>,
    offset: i64,
) -> Result<Option<BasicValueEnum<'ctx>>, CompileError> {
    let context = module.get_context();
    let build_error =
        |e: inkwell::builder::BuilderError| CompileError::Pass(format!("{NAME}: {e}"));
    let function = declare_query(module, query);
    let i32_type = context.i32_type();
    let call = |dim: u64| -> Result<BasicValueEnum<'ctx>, CompileError> {
        let site = builder
            .build_call(function, &[i32_type.const_int(dim, false).into()], "")
            .map_err(build_error)?;
        site.try_as_basic_value()
            .basic()
            .ok_or_else(|| CompileError::Pass(format!("{NAME}: a mux query returns void")))
    };
    if !query.is_ranked() {
        if ty == i32_type.as_basic_type_enum() && offset == 0 {
            let site = builder.build_call(function, &[], "").map_err(build_error)?;
            return Ok(site.try_as_basic_value().basic());
        }
        return Ok(None);
    }
    let i64_type = context.i64_type().as_basic_type_enum();
    match ty {
        BasicTypeEnum::VectorType(vector)
            if offset == 0
                && vector.get_element_type() == i64_type
                && (1..=3).contains(&vector.get_size()) =>
        {
            let mut value = vector.get_poison();
            for dim in 0..vector.get_size() {
                let element = call(dim as u64)?;
                value = builder
                    .build_insert_element(value, element, i32_type.const_int(dim as u64, false), "")
                    .map_err(build_error)?;
            }
            Ok(Some(value.into()))
        }
        _ if ty == i64_type && offset % 8 == 0 && (0..3).contains(&(offset / 8)) => {
            call((offset / 8) as u64).map(Some)
        }
        _ => Ok(None),
    }
}

/// Rewrites every load of the 2023 builtin variables into mux calls and removes the variables.
fn lower_builtin_variables<'ctx>(
    module: &Module<'ctx>,
    builder: &Builder<'ctx>,
) -> Result<Changed, CompileError> {
    let globals: Vec<_> = module
        .get_globals()
        .filter(|g| g.get_initializer().is_none())
        .filter_map(|g| {
            let name = g.get_name().to_string_lossy().into_owned();
            spirv::classify_global(&name).map(|query| (g, name, query))
        })
        .collect();
    if globals.is_empty() {
        return Ok(Changed::No);
    }
    let data = walk::target_data(module);
    for (global, name, query) in globals {
        let pointer = Value::from(global);
        let mut loads = Vec::new();
        let mut derived = Vec::new();
        collect_loads(pointer, 0, &data, &mut loads, &mut derived)
            .map_err(|user| forbidden_use(&name, user))?;
        for (load, offset) in loads {
            let load = load.instruction().expect("a load instruction");
            let Ok(ty) = BasicTypeEnum::try_from(load.get_type()) else {
                return Err(forbidden_use(&name, Value::from(load)));
            };
            walk::position_at(builder, load);
            let Some(value) = builtin_load_value(module, builder, query, ty, offset)? else {
                let function = load.get_parent().and_then(|b| b.get_parent());
                return Err(CompileError::unsupported(
                    function.map(walk::name).unwrap_or_default(),
                    format!(
                        "unsupported load of the SPIR-V builtin variable @{name} (expected \
                         <3 x i64>, or i64 at byte offset 0, 8 or 16, or i32 for sub-group \
                         variables): {}",
                        walk::describe(load)
                    ),
                ));
            };
            let load_name = load
                .get_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_default();
            walk::replace_all_uses(&load, &value);
            load.erase_from_basic_block();
            value.set_name(&load_name);
        }
        // Derived instructions are erased children first, only when unused; dead constant
        // expressions are dropped with the global.
        for value in derived.into_iter().rev() {
            if value.is(Kind::Instruction) && !value.has_uses() {
                value.erase();
            }
        }
        globals::delete_global(global);
    }
    Ok(Changed::Yes)
}

impl ModulePass for ConvertToMuxBuiltins {
    fn name(&self) -> &'static str {
        NAME
    }

    fn run(&self, module: &Module<'_>) -> Result<Changed, CompileError> {
        let builder = module.get_context().create_builder();
        let spirv_functions: Vec<_> = module
            .get_functions()
            .filter(|f| !walk::is_definition(*f))
            .filter_map(|f| spirv::classify(&walk::name(f)).map(|b| (f, b)))
            .collect();
        let changed = Changed::from(!spirv_functions.is_empty());
        for (function, builtin) in spirv_functions {
            for call in walk::calls_to(module, function) {
                lower_call(module, &builder, call, builtin)?;
            }
            if walk::use_count(function) == 0 {
                walk::delete_function(function, None);
            }
        }
        Ok(changed.or(lower_builtin_variables(module, &builder)?))
    }
}
