//! The software scheduling target: the work-item state in two structures of its own, read and
//! written by builtins defined in IR (docs/compiler-pipeline.md, "Scheduling targets"). It is
//! the Construction Kit's default lowering in our own layout, and the base the
//! [examples](super::examples) customise; the pipeline does not use it.
//!
//! * `ptr wi-info`, made by the wrapper: `%MuxWorkItemInfo = { [3 x i64] local id, i32
//!   sub-group id, i32 number of sub-groups, i32 largest sub-group size }`.
//! * `ptr wg-info`, passed by the caller: `%MuxWorkGroupInfo = { [3 x i64] group id, [3 x i64]
//!   number of groups, [3 x i64] global offset, [3 x i64] local size, i32 dimensions }`.
//! * Derived queries call the builtins they derive from (a global id is `group id × local size
//!   + local id + offset`), so a target that redefines one builtin changes the others with it.
//! * Sub-groups hold one work-item each (local id 0, size 1): nothing vectorizes for this target.
//! * The wrapper `<kernel>.mux-kernel-wrapper(ptr args, ptr wg-info)` reads the kernel's
//!   arguments from one structure of their types, in order, at `args`.
//! * No work-group memory builtins: kernels with local memory are refused.

use inkwell::attributes::AttributeLoc;
use inkwell::builder::Builder;
use inkwell::context::ContextRef;
use inkwell::module::{Linkage, Module};
use inkwell::types::{BasicTypeEnum, StructType};
use inkwell::values::{
    BasicMetadataValueEnum, BasicValueEnum, FunctionValue, IntValue, PointerValue,
};
use inkwell::{AddressSpace, IntPredicate};

use super::{SchedulingParameter, SchedulingTarget, WrapperBuilder};
use crate::ir::attributes;
use crate::ir::mux::{ScheduledBuiltin, StateUpdate, WorkItemQuery};
use crate::CompileError;

/// The software target.
pub struct Software;

/// Name of the work-item state structure.
pub const WORK_ITEM_INFO: &str = "MuxWorkItemInfo";
/// Name of the work-group state structure.
pub const WORK_GROUP_INFO: &str = "MuxWorkGroupInfo";

fn build_error(e: impl std::fmt::Display) -> CompileError {
    CompileError::Pass(format!("define-mux-builtins: {e}"))
}

/// A named structure type of `module`'s context, created with `fields` on first use.
fn named_struct<'ctx>(
    context: ContextRef<'ctx>,
    name: &str,
    fields: &[BasicTypeEnum<'ctx>],
) -> StructType<'ctx> {
    context.get_struct_type(name).unwrap_or_else(|| {
        let ty = context.opaque_struct_type(name);
        ty.set_body(fields, false);
        ty
    })
}

/// `%MuxWorkItemInfo`.
pub fn work_item_info(context: ContextRef<'_>) -> StructType<'_> {
    let ids = context.i64_type().array_type(3).into();
    let i32_type = context.i32_type().into();
    named_struct(
        context,
        WORK_ITEM_INFO,
        &[ids, i32_type, i32_type, i32_type],
    )
}

/// `%MuxWorkGroupInfo`.
pub fn work_group_info(context: ContextRef<'_>) -> StructType<'_> {
    let sizes: BasicTypeEnum = context.i64_type().array_type(3).into();
    let i32_type = context.i32_type().into();
    named_struct(
        context,
        WORK_GROUP_INFO,
        &[sizes, sizes, sizes, sizes, i32_type],
    )
}

/// The software target's scheduling parameters.
pub fn parameters(context: ContextRef<'_>) -> Vec<SchedulingParameter<'_>> {
    let ptr_type = context.ptr_type(AddressSpace::default()).into();
    vec![
        SchedulingParameter {
            name: "wi-info",
            ty: ptr_type,
            passed_externally: false,
            thread_local_fallback: None,
        },
        SchedulingParameter {
            name: "wg-info",
            ty: ptr_type,
            passed_externally: true,
            thread_local_fallback: None,
        },
    ]
}

/// Gives the declaration `function` an empty entry block to define it in: internal and always
/// inlined, as every builtin definition is.
pub fn start_definition<'ctx>(function: FunctionValue<'ctx>) -> Builder<'ctx> {
    let context = function.get_type().get_context();
    function.set_linkage(Linkage::Internal);
    attributes::add_enum_attribute(function, AttributeLoc::Function, "alwaysinline");
    let builder = context.create_builder();
    builder.position_at_end(context.append_basic_block(function, "entry"));
    builder
}

/// The declaration of `builtin` with `target`'s scheduling parameters, for a definition that
/// calls it (`define-mux-builtins` defines it in turn).
fn scheduled_builtin<'ctx, T: SchedulingTarget + ?Sized>(
    target: &T,
    module: &Module<'ctx>,
    builtin: ScheduledBuiltin,
) -> FunctionValue<'ctx> {
    module.get_function(builtin.mux_name()).unwrap_or_else(|| {
        let parameters = target.parameters(module.get_context());
        let types: Vec<_> = parameters.iter().map(|p| p.ty.into()).collect();
        let ty = builtin.function_type(module.get_context(), &types);
        let function = module.add_function(builtin.mux_name(), ty, None);
        let first = function.count_params() as usize - parameters.len();
        for (value, parameter) in function.get_params()[first..].iter().zip(&parameters) {
            value.set_name(parameter.name);
        }
        function
    })
}

/// Field `field` of the structure `info` points at, indexed by `dimension` (clamped to 0 when
/// out of range), or `default` when the dimension is out of range.
fn ranked_field<'ctx>(
    builder: &Builder<'ctx>,
    info: (StructType<'ctx>, PointerValue<'ctx>),
    field: u64,
    dimension: IntValue<'ctx>,
    default: u64,
) -> Result<IntValue<'ctx>, CompileError> {
    let context = dimension.get_type().get_context();
    let (i32_type, i64_type) = (context.i32_type(), context.i64_type());
    let in_range = builder
        .build_int_compare(
            IntPredicate::ULT,
            dimension,
            i32_type.const_int(3, false),
            "",
        )
        .map_err(build_error)?;
    let index = builder
        .build_select(in_range, dimension, i32_type.const_zero(), "")
        .map_err(build_error)?
        .into_int_value();
    let indices = [
        i32_type.const_zero(),
        i32_type.const_int(field, false),
        index,
    ];
    // In bounds: the index is clamped to the array.
    let address = crate::ir::memory::element_address(builder, info.0, info.1, &indices, true, "")
        .map_err(build_error)?;
    let value = builder
        .build_load(i64_type, address, "")
        .map_err(build_error)?;
    Ok(builder
        .build_select(
            in_range,
            value.into_int_value(),
            i64_type.const_int(default, false),
            "",
        )
        .map_err(build_error)?
        .into_int_value())
}

/// The address of field `field` of the structure `info` points at (element `element` of it
/// when it is an array).
fn field_address<'ctx>(
    builder: &Builder<'ctx>,
    info: (StructType<'ctx>, PointerValue<'ctx>),
    field: u64,
    element: Option<IntValue<'ctx>>,
) -> Result<PointerValue<'ctx>, CompileError> {
    let i32_type = info.1.get_type().get_context().i32_type();
    let mut indices = vec![i32_type.const_zero(), i32_type.const_int(field, false)];
    indices.extend(element);
    // In bounds: a field of the structure; array elements are dimensions the work-item loops
    // set, 0 to 2.
    crate::ir::memory::element_address(builder, info.0, info.1, &indices, true, "")
        .map_err(build_error)
}

/// The body of a derived query: `combine` of `parts` at the same dimension.
fn derived_query<'ctx, T: SchedulingTarget + ?Sized>(
    target: &T,
    module: &Module<'ctx>,
    builder: &Builder<'ctx>,
    function: FunctionValue<'ctx>,
    parts: &[WorkItemQuery],
) -> Result<Vec<IntValue<'ctx>>, CompileError> {
    let arguments: Vec<BasicMetadataValueEnum> =
        function.get_param_iter().map(Into::into).collect();
    let mut values = Vec::new();
    for part in parts {
        let callee = scheduled_builtin(target, module, ScheduledBuiltin::Query(*part));
        let value = builder
            .build_call(callee, &arguments, "")
            .map_err(build_error)?
            .try_as_basic_value()
            .basic()
            .expect("queries return a value");
        values.push(value.into_int_value());
    }
    Ok(values)
}

/// The value of `query` in a body whose parameters are `function`'s.
fn query_value<'ctx, T: SchedulingTarget + ?Sized>(
    target: &T,
    module: &Module<'ctx>,
    builder: &Builder<'ctx>,
    function: FunctionValue<'ctx>,
    query: WorkItemQuery,
) -> Result<IntValue<'ctx>, CompileError> {
    let context = module.get_context();
    let parameter = |index: usize| function.get_nth_param(index as u32).expect("parameter");
    let offset = usize::from(query.is_ranked());
    let work_item = (
        work_item_info(context),
        parameter(offset).into_pointer_value(),
    );
    let work_group = (
        work_group_info(context),
        parameter(offset + 1).into_pointer_value(),
    );
    let dimension = || parameter(0).into_int_value();
    let field = |info, index| -> Result<IntValue<'ctx>, CompileError> {
        let address = field_address(builder, info, index, None)?;
        Ok(builder
            .build_load(context.i32_type(), address, "")
            .map_err(build_error)?
            .into_int_value())
    };
    Ok(match query {
        WorkItemQuery::LocalId => ranked_field(builder, work_item, 0, dimension(), 0)?,
        WorkItemQuery::GroupId => ranked_field(builder, work_group, 0, dimension(), 0)?,
        WorkItemQuery::NumGroups => ranked_field(builder, work_group, 1, dimension(), 1)?,
        WorkItemQuery::GlobalOffset => ranked_field(builder, work_group, 2, dimension(), 0)?,
        WorkItemQuery::LocalSize => ranked_field(builder, work_group, 3, dimension(), 1)?,
        WorkItemQuery::GlobalId => {
            use WorkItemQuery::{GlobalOffset, GroupId, LocalId, LocalSize};
            let parts = [GroupId, LocalSize, LocalId, GlobalOffset];
            let [group, size, local, offset] =
                derived_query(target, module, builder, function, &parts)?[..]
            else {
                unreachable!("four parts")
            };
            let base = builder
                .build_int_mul(group, size, "")
                .map_err(build_error)?;
            let id = builder
                .build_int_add(base, local, "")
                .map_err(build_error)?;
            builder.build_int_add(id, offset, "").map_err(build_error)?
        }
        WorkItemQuery::GlobalSize => {
            let parts = [WorkItemQuery::NumGroups, WorkItemQuery::LocalSize];
            let values = derived_query(target, module, builder, function, &parts)?;
            builder
                .build_int_mul(values[0], values[1], "")
                .map_err(build_error)?
        }
        WorkItemQuery::SubGroupId => field(work_item, 1)?,
        WorkItemQuery::NumSubGroups => field(work_item, 2)?,
        WorkItemQuery::MaxSubGroupSize => field(work_item, 3)?,
        WorkItemQuery::SubGroupLocalId => context.i32_type().const_zero(),
        WorkItemQuery::SubGroupSize => context.i32_type().const_int(1, false),
    })
}

/// Stores the update's value in the work-item structure.
fn update_state<'ctx>(
    builder: &Builder<'ctx>,
    function: FunctionValue<'ctx>,
    update: StateUpdate,
) -> Result<(), CompileError> {
    let context = function.get_type().get_context();
    let parameter = |index: u32| function.get_nth_param(index).expect("parameter");
    let (address, value) = if update == StateUpdate::LocalId {
        let info = (work_item_info(context), parameter(2).into_pointer_value());
        let dimension = parameter(0).into_int_value();
        (
            field_address(builder, info, 0, Some(dimension))?,
            parameter(1),
        )
    } else {
        let info = (work_item_info(context), parameter(1).into_pointer_value());
        let field = match update {
            StateUpdate::SubGroupId => 1,
            StateUpdate::NumSubGroups => 2,
            _ => 3,
        };
        (field_address(builder, info, field, None)?, parameter(0))
    };
    builder.build_store(address, value).map_err(build_error)?;
    Ok(())
}

/// Defines `function`, the scheduled declaration of `builtin`, the software way, calling the
/// builtins it derives from through `target`'s declarations.
pub fn define<'ctx, T: SchedulingTarget + ?Sized>(
    target: &T,
    module: &Module<'ctx>,
    builtin: ScheduledBuiltin,
    function: FunctionValue<'ctx>,
) -> Result<(), CompileError> {
    if let ScheduledBuiltin::Memory(_) = builtin {
        return Err(CompileError::Pass(format!(
            "define-mux-builtins: target '{}' has no work-group memory ('{}')",
            target.name(),
            builtin.mux_name()
        )));
    }
    let builder = start_definition(function);
    match builtin {
        ScheduledBuiltin::Query(query) => {
            let value = query_value(target, module, &builder, function, query)?;
            builder.build_return(Some(&value)).map_err(build_error)?;
        }
        ScheduledBuiltin::Update(update) => {
            update_state(&builder, function, update)?;
            builder.build_return(None).map_err(build_error)?;
        }
        ScheduledBuiltin::Memory(_) => unreachable!("refused above"),
    }
    Ok(())
}

/// The wrapper's name: `<kernel>.mux-kernel-wrapper`.
pub fn wrapper_name(kernel_name: &str) -> String {
    format!("{kernel_name}.mux-kernel-wrapper")
}

/// The wrapper's value for a parameter: the caller's when passed externally, otherwise a new
/// stack structure (`wi-info`).
pub fn initialize_parameter<'ctx>(
    wrapper: &WrapperBuilder<'_, 'ctx>,
    parameter: &SchedulingParameter<'ctx>,
    incoming: Option<BasicValueEnum<'ctx>>,
) -> Result<BasicValueEnum<'ctx>, CompileError> {
    if let Some(incoming) = incoming {
        return Ok(incoming);
    }
    let ty = work_item_info(wrapper.module.get_context());
    Ok(wrapper
        .builder
        .build_alloca(ty, parameter.name)
        .map_err(build_error)?
        .into())
}

/// The kernel's arguments from one structure of their types at `args`.
pub fn unpack_arguments<'ctx>(
    wrapper: &WrapperBuilder<'_, 'ctx>,
    kernel_parameters: &[BasicTypeEnum<'ctx>],
) -> Result<Vec<BasicMetadataValueEnum<'ctx>>, CompileError> {
    let context = wrapper.module.get_context();
    let packed = context.struct_type(kernel_parameters, false);
    let mut arguments = Vec::new();
    for (index, ty) in kernel_parameters.iter().enumerate() {
        let address = wrapper
            .builder
            .build_struct_gep(packed, wrapper.arguments, index as u32, "")
            .map_err(build_error)?;
        let value = wrapper
            .builder
            .build_load(*ty, address, &format!("arg{index}"))
            .map_err(build_error)?;
        arguments.push(value.into());
    }
    Ok(arguments)
}

impl SchedulingTarget for Software {
    fn name(&self) -> &'static str {
        "software"
    }
}
