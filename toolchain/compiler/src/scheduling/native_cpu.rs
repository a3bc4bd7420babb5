//! The Native CPU scheduling target: the runtime's state pointer, the device library's
//! accessors and the subhandler ABI (docs/runtime-abi.md, docs/compiler-pipeline.md, "The
//! work-item state").
//!
//! * One scheduling parameter, `ptr state`, passed by the runtime; functions whose address is
//!   taken read it from the thread-local `_ZL28nativecpu_thread_local_state` (DPC++'s fallback;
//!   DPC++ switches the whole module to it, we only the functions that need it, so the others
//!   keep the state in registers).
//! * Each builtin *is* its `__dpcpp_nativecpu_*` accessor: the accessor takes the builtin's
//!   parameters and the state, so the calls are redirected to it.
//! * The wrapper is the subhandler `void <kernel>(ptr args, ptr state)`; the entry point becomes
//!   `<kernel>.NativeCPUKernel` and the original kernel body, if still there,
//!   `<kernel>.mux-kernel-body`. Parameter `i` is read from `args[i]`: a pointer parameter is
//!   `args[i]` itself, any other parameter the value it points at.
//!
//! Where we differ from DPC++ on purpose: the subhandler copies the runtime's state into a
//! private stack slot and passes that copy down. The copy cannot alias any kernel argument, so
//! once everything is inlined LLVM keeps the whole state in registers (the local id updates of
//! the work-item loops become SSA values), instead of re-reading memory after every store the
//! kernel makes. The runtime never reads the state back, so nothing observable changes. The
//! copy also carries the work-group's memory after the runtime's part: the block the runtime
//! passes after the kernel's arguments (`args[n]`, only read when the kernel uses local
//! accessors) and the per-thread scratch buffer for module-scope local variables (sized by the
//! entry's `mux-local-mem-usage`).

use std::collections::HashSet;

use inkwell::attributes::AttributeLoc;
use inkwell::builder::Builder;
use inkwell::context::ContextRef;
use inkwell::module::Module;
use inkwell::types::{BasicTypeEnum, FunctionType};
use inkwell::values::{
    BasicMetadataValueEnum, BasicValue, BasicValueEnum, FunctionValue, PointerValue,
};
use inkwell::AddressSpace;

use super::{SchedulingParameter, SchedulingTarget, WrapperBuilder};
use crate::ir::mux::{self, ScheduledBuiltin, WorkGroupMemory};
use crate::ir::{attributes, memory, metadata, walk};
use crate::CompileError;

/// Suffix of the renamed entry point the subhandler calls.
pub const KERNEL_SUFFIX: &str = ".NativeCPUKernel";
/// Suffix given to the original kernel body when the subhandler takes its name.
pub const KERNEL_BODY_SUFFIX: &str = ".mux-kernel-body";
/// The thread-local state pointer of functions whose address is taken (DPC++'s name).
pub const THREAD_LOCAL_STATE: &str = "_ZL28nativecpu_thread_local_state";

/// The Native CPU target.
pub struct NativeCpu;

fn build_error(e: impl std::fmt::Display) -> CompileError {
    CompileError::Pass(format!("add-kernel-wrapper: {e}"))
}

/// The device library's accessor of `builtin`, declared with `function_type` if the library is
/// not linked in.
fn accessor<'ctx>(
    module: &Module<'ctx>,
    builtin: ScheduledBuiltin,
    function_type: FunctionType<'ctx>,
) -> Result<FunctionValue<'ctx>, CompileError> {
    let name = builtin.state_accessor();
    match module.get_function(name) {
        None => Ok(module.add_function(name, function_type, None)),
        Some(existing) if existing.get_type() == function_type => Ok(existing),
        Some(existing) => Err(CompileError::Pass(format!(
            "define-mux-builtins: the device library's '{name}' has type {}, not {}",
            existing.get_type().print_to_string().to_string_lossy(),
            function_type.print_to_string().to_string_lossy()
        ))),
    }
}

impl SchedulingTarget for NativeCpu {
    fn name(&self) -> &'static str {
        "native-cpu"
    }

    fn parameters<'ctx>(&self, context: ContextRef<'ctx>) -> Vec<SchedulingParameter<'ctx>> {
        vec![SchedulingParameter {
            name: "state",
            ty: context.ptr_type(AddressSpace::default()).into(),
            passed_externally: true,
            thread_local_fallback: Some(THREAD_LOCAL_STATE),
        }]
    }

    fn is_library_function(&self, function: &str) -> bool {
        function.starts_with(mux::STATE_ACCESSOR_PREFIX)
    }

    fn define_builtin<'ctx>(
        &self,
        module: &Module<'ctx>,
        builtin: ScheduledBuiltin,
        function: FunctionValue<'ctx>,
    ) -> Result<(), CompileError> {
        let accessor = accessor(module, builtin, function.get_type())?;
        walk::delete_function(function, Some(accessor));
        Ok(())
    }

    fn wrapper_name(
        &self,
        module: &Module<'_>,
        entry: FunctionValue<'_>,
        kernel_name: &str,
    ) -> String {
        if let Some(body) = module.get_function(kernel_name) {
            body.as_global_value()
                .set_name(&format!("{kernel_name}{KERNEL_BODY_SUFFIX}"));
        }
        entry
            .as_global_value()
            .set_name(&format!("{kernel_name}{KERNEL_SUFFIX}"));
        kernel_name.to_owned()
    }

    fn initialize_parameter<'ctx>(
        &self,
        wrapper: &WrapperBuilder<'_, 'ctx>,
        _index: usize,
        _parameter: &SchedulingParameter<'ctx>,
        incoming: Option<BasicValueEnum<'ctx>>,
    ) -> Result<BasicValueEnum<'ctx>, CompileError> {
        let state = incoming
            .expect("the state is passed externally")
            .into_pointer_value();
        let state_copy = private_state(wrapper.builder, state)?;
        store_work_group_memory(wrapper, state_copy, WorkGroupMemoryUse::of(wrapper.entry))?;
        Ok(state_copy.into())
    }

    fn unpack_arguments<'ctx>(
        &self,
        wrapper: &WrapperBuilder<'_, 'ctx>,
        kernel_parameters: &[BasicTypeEnum<'ctx>],
    ) -> Result<Vec<BasicMetadataValueEnum<'ctx>>, CompileError> {
        let mut arguments = Vec::new();
        for (index, parameter_type) in kernel_parameters.iter().enumerate() {
            let pointer = argument_pointer(wrapper.builder, wrapper.arguments, index as u64)?;
            pass_on_pointer_facts(wrapper.entry, index as u32, pointer);
            let value: BasicValueEnum = match parameter_type {
                // DPC++ IR takes global and local pointers in address spaces 1 and 3; the
                // runtime's pointers are generic.
                BasicTypeEnum::PointerType(pointer_type) if *pointer_type == pointer.get_type() => {
                    pointer.into()
                }
                BasicTypeEnum::PointerType(pointer_type) => wrapper
                    .builder
                    .build_address_space_cast(pointer, *pointer_type, &format!("arg{index}"))
                    .map_err(build_error)?
                    .into(),
                _ => wrapper
                    .builder
                    .build_load(*parameter_type, pointer, &format!("arg{index}"))
                    .map_err(build_error)?,
            };
            arguments.push(value.into());
        }
        Ok(arguments)
    }
}

/// What the entry point's parameter `index` says of the pointer it receives (work-item-loops
/// states the by-value functor's size and alignment), said again of `pointer`, the argument's
/// load from the runtime's array: after inlining only the load is left to carry it.
fn pass_on_pointer_facts(entry: FunctionValue<'_>, index: u32, pointer: PointerValue<'_>) {
    let location = AttributeLoc::Param(index);
    let Some(bytes) = attributes::integer_attribute(entry, location, "dereferenceable") else {
        return;
    };
    let alignment = attributes::integer_attribute(entry, location, "align");
    if let Some(load) = pointer.as_instruction_value() {
        metadata::mark_pointer_load(load, bytes, alignment);
    }
}

/// `args[index]`: the runtime's pointer to (or, for pointer parameters, value of) argument
/// `index`.
fn argument_pointer<'ctx>(
    builder: &Builder<'ctx>,
    args: PointerValue<'ctx>,
    index: u64,
) -> Result<PointerValue<'ctx>, CompileError> {
    let context = args.get_type().get_context();
    let ptr_type = context.ptr_type(AddressSpace::default());
    // In bounds: the runtime passes one slot per kernel argument, and the local memory block's
    // after them.
    let slot = memory::element_address(
        builder,
        ptr_type,
        args,
        &[context.i64_type().const_int(index, false)],
        true,
        &format!("arg{index}.slot"),
    )
    .map_err(build_error)?;
    Ok(builder
        .build_load(ptr_type, slot, &format!("arg{index}.ptr"))
        .map_err(build_error)?
        .into_pointer_value())
}

/// The work-group memory a kernel needs the subhandler to set up.
#[derive(Debug, Clone, Copy)]
struct WorkGroupMemoryUse {
    /// The kernel reads the runtime's local memory block (local accessors).
    local_arguments: bool,
    /// Bytes of module-scope local variables (`mux-local-mem-usage`).
    local_variable_bytes: u64,
}

impl WorkGroupMemoryUse {
    fn of(entry: FunctionValue<'_>) -> Self {
        let mut seen = HashSet::from([entry]);
        let mut stack = vec![entry];
        let mut local_arguments = false;
        while let Some(function) = stack.pop() {
            for call in walk::direct_calls(function) {
                let callee = walk::name(call.callee);
                // Defined builtins are calls to the accessor.
                local_arguments |= callee == WorkGroupMemory::LocalArguments.mux_name()
                    || callee == WorkGroupMemory::LocalArguments.state_accessor();
                if seen.insert(call.callee) {
                    stack.push(call.callee);
                }
            }
        }
        let local_variable_bytes = attributes::string_attribute(entry, mux::LOCAL_MEMORY_USAGE)
            .and_then(|v| v.parse().ok())
            .unwrap_or(0);
        WorkGroupMemoryUse {
            local_arguments,
            local_variable_bytes,
        }
    }
}

/// The subhandler's private copy of the runtime's state, with room for our two pointers after
/// it.
fn private_state<'ctx>(
    builder: &Builder<'ctx>,
    state: PointerValue<'ctx>,
) -> Result<PointerValue<'ctx>, CompileError> {
    let context = state.get_type().get_context();
    let state_copy = builder
        .build_array_alloca(
            context.i8_type(),
            context.i64_type().const_int(mux::PRIVATE_STATE_SIZE, false),
            "state.copy",
        )
        .map_err(build_error)?;
    state_copy
        .as_instruction_value()
        .expect("an alloca")
        .set_alignment(8)
        .map_err(build_error)?;
    builder
        .build_memcpy(
            state_copy,
            8,
            state,
            8,
            context.i64_type().const_int(mux::STATE_SIZE, false),
        )
        .map_err(build_error)?;
    Ok(state_copy)
}

/// The per-thread scratch block of `bytes` bytes for module-scope local variables.
fn local_variables_block<'ctx>(
    module: &Module<'ctx>,
    builder: &Builder<'ctx>,
    bytes: u64,
) -> Result<BasicValueEnum<'ctx>, CompileError> {
    let context = module.get_context();
    let ptr_type = context.ptr_type(AddressSpace::default());
    let scratch = module
        .get_function(mux::WORK_GROUP_SCRATCH)
        .unwrap_or_else(|| {
            let function_type = ptr_type.fn_type(
                &[context.i32_type().into(), context.i64_type().into()],
                false,
            );
            module.add_function(mux::WORK_GROUP_SCRATCH, function_type, None)
        });
    let args = [
        context
            .i32_type()
            .const_int(mux::LOCAL_VARIABLES_SCRATCH, false)
            .into(),
        context.i64_type().const_int(bytes, false).into(),
    ];
    Ok(builder
        .build_call(scratch, &args, "local.variables")
        .map_err(build_error)?
        .try_as_basic_value()
        .basic()
        .expect("a pointer"))
}

/// Stores the work-group memory this kernel uses after the runtime's state in the private
/// copy: the block of local arguments the runtime passes after the kernel's own arguments, and
/// the module-scope local variables' block from the scratch buffer.
fn store_work_group_memory<'ctx>(
    wrapper: &WrapperBuilder<'_, 'ctx>,
    state_copy: PointerValue<'ctx>,
    work_group_memory: WorkGroupMemoryUse,
) -> Result<(), CompileError> {
    let (module, builder) = (wrapper.module, wrapper.builder);
    let context = module.get_context();
    let ptr_type = context.ptr_type(AddressSpace::default());
    let local_arguments: BasicValueEnum = if work_group_memory.local_arguments {
        let slot = memory::element_address(
            builder,
            ptr_type,
            wrapper.arguments,
            &[context
                .i64_type()
                .const_int(wrapper.kernel_parameter_count as u64, false)],
            true,
            "local.slot",
        )
        .map_err(build_error)?;
        builder
            .build_load(ptr_type, slot, "local.arguments")
            .map_err(build_error)?
    } else {
        ptr_type.const_null().into()
    };
    let local_variables = match work_group_memory.local_variable_bytes {
        0 => ptr_type.const_null().into(),
        bytes => local_variables_block(module, builder, bytes)?,
    };
    for (field, value) in [
        (WorkGroupMemory::LocalArguments, local_arguments),
        (WorkGroupMemory::LocalVariables, local_variables),
    ] {
        // In bounds: the private copy is PRIVATE_STATE_SIZE bytes and the fields lie inside.
        let slot = memory::element_address(
            builder,
            context.i8_type(),
            state_copy,
            &[context.i64_type().const_int(field.state_offset(), false)],
            true,
            "state.memory",
        )
        .map_err(build_error)?;
        builder.build_store(slot, value).map_err(build_error)?;
    }
    Ok(())
}
