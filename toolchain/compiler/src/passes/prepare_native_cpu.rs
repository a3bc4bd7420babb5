//! `prepare-sycl-native-cpu`: gives kernels the Native CPU work-item state and the runtime's
//! calling convention (docs/runtime-abi.md, docs/compiler-pipeline.md).
//!
//! Expects: entry points (`"mux-kernel"="entry-point"`, normally the work-item-loop wrappers)
//! that reach the work-item state only through mux query/update builtins, and the device
//! library's `__dpcpp_nativecpu_*` accessors (declared here if the module lacks them).
//! Guarantees:
//! * every function that calls a mux state builtin, directly or through callees, takes the state
//!   pointer as a new last parameter, and the builtins become `__dpcpp_nativecpu_*(…, state)`;
//! * each entry point is renamed `<kernel>.NativeCPUKernel` (internal, always-inline) and called
//!   from a new *subhandler* named `<kernel>`: `void(ptr args, ptr state)` with the C calling
//!   convention, which reads parameter `i` from `args[i]` (pointer parameters take `args[i]`
//!   itself, other parameters the value it points at) and carries `"sycl-module-id"`;
//! * the original kernel body, if still present, is renamed `<kernel>.mux-kernel-body`.
//!
//! * the subhandler's private copy of the state also carries the work-group's memory: the
//!   block the runtime passes after the kernel's arguments (`args[n]`, only read when the kernel
//!   uses local accessors) and the per-thread scratch buffer for module-scope local variables
//!   (sized by the entry's `mux-local-mem-usage`); `__mux_get_local_{argument,variable}_memory`
//!   read them.
//!
//! Where we differ from DPC++ on purpose: the subhandler copies the runtime's state into a
//! private stack slot and passes that copy down. The copy cannot alias any kernel argument, so
//! once everything is inlined LLVM keeps the whole state in registers (the local id updates of the
//! work-item loops become SSA values), instead of re-reading memory after every store the kernel
//! makes. The runtime never reads the state back, so nothing observable changes.
//!
//! `llvm.used`/`llvm.compiler.used` are dropped first, as DPC++ does.
//!
//! A function that needs the state but whose address is taken (called through a function
//! pointer, or stored in a table) cannot receive an extra parameter: its indirect callers do not
//! know to pass one. Such functions read the state from the thread-local pointer
//! `_ZL28nativecpu_thread_local_state` instead, which every subhandler sets to its state copy
//! before calling the kernel (DPC++'s fallback; DPC++ switches the whole module
//! to it, here only the functions that need it use it, so the others keep the state in
//! registers). Functions they call still receive the state as a parameter.

use std::collections::{HashMap, HashSet};

use inkwell::attributes::AttributeLoc;
use inkwell::builder::Builder;
use inkwell::module::{Linkage, Module};
use inkwell::types::{BasicMetadataTypeEnum, BasicType, BasicTypeEnum, FunctionType};
use inkwell::values::{BasicMetadataValueEnum, BasicValue, FunctionValue, PointerValue};
use inkwell::AddressSpace;

use super::{Changed, ModulePass, PassInfo};
use crate::ir::mux::{self, StateUpdate, WorkGroupMemory, WorkItemQuery};
use crate::ir::walk::DirectCall;
use crate::ir::{attributes, calling_convention, memory, walk};
use crate::CompileError;

/// The pass's name in pipeline text.
pub const NAME: &str = "prepare-sycl-native-cpu";

/// The pass as the registry declares it.
pub const PASS: PassInfo = PassInfo {
    name: NAME,
    parameters: "",
    help:
        "adds the Native CPU state parameter, reads the builtins from it and builds the subhandlers",
    create: super::without_parameters::<PrepareNativeCpu>,
};

/// Suffix of the renamed entry point the subhandler calls.
pub const KERNEL_SUFFIX: &str = ".NativeCPUKernel";
/// Suffix given to the original kernel body when the subhandler takes its name.
pub const KERNEL_BODY_SUFFIX: &str = ".mux-kernel-body";
/// The thread-local state pointer of functions whose address is taken (DPC++'s name).
pub const THREAD_LOCAL_STATE: &str = "_ZL28nativecpu_thread_local_state";

/// The `prepare-sycl-native-cpu` pass: gives kernels the work-item state and the runtime's ABI.
#[derive(Default)]
pub struct PrepareNativeCpu;

fn build_error(e: inkwell::builder::BuilderError) -> CompileError {
    CompileError::Pass(format!("{NAME}: {e}"))
}

fn is_state_builtin(name: &str) -> bool {
    WorkItemQuery::from_mux_name(name).is_some()
        || StateUpdate::from_mux_name(name).is_some()
        || WorkGroupMemory::from_mux_name(name).is_some()
}

/// The functions that need the state: entry points, direct users of the builtins, and their
/// callers, transitively. In module order, so the output is deterministic.
fn functions_needing_state<'ctx>(module: &Module<'ctx>) -> Vec<FunctionValue<'ctx>> {
    let definitions: Vec<_> = module
        .get_functions()
        .filter(|f| {
            walk::is_definition(*f) && !walk::name(*f).starts_with(mux::STATE_ACCESSOR_PREFIX)
        })
        .collect();
    let mut needed: HashSet<FunctionValue> = definitions
        .iter()
        .copied()
        .filter(|f| {
            attributes::is_kernel_entry_point(*f)
                || walk::direct_calls(*f)
                    .iter()
                    .any(|c| is_state_builtin(&walk::name(c.callee)))
        })
        .collect();
    let mut changed = true;
    while changed {
        changed = false;
        for function in &definitions {
            if !needed.contains(function)
                && walk::direct_calls(*function)
                    .iter()
                    .any(|c| needed.contains(&c.callee))
            {
                needed.insert(*function);
                changed = true;
            }
        }
    }
    definitions
        .into_iter()
        .filter(|f| needed.contains(f))
        .collect()
}

/// Moves the body of `old` into a new function with the state pointer appended to its
/// parameters, keeping attributes, linkage and metadata. Returns the new function; `old` is left
/// as an empty declaration for the caller to delete once its calls are redirected.
fn add_state_parameter<'ctx>(
    module: &Module<'ctx>,
    old: FunctionValue<'ctx>,
) -> Result<FunctionValue<'ctx>, CompileError> {
    let context = module.get_context();
    let old_type = old.get_type();
    let mut params: Vec<BasicMetadataTypeEnum> = old_type.get_param_types();
    params.push(context.ptr_type(AddressSpace::default()).into());
    let new_type: FunctionType = match old_type.get_return_type() {
        Some(ret) => ret.fn_type(&params, old_type.is_var_arg()),
        None => context.void_type().fn_type(&params, old_type.is_var_arg()),
    };
    let new = module.add_function(
        &format!("{}.with-state", walk::name(old)),
        new_type,
        Some(old.get_linkage()),
    );
    new.set_call_conventions(old.get_call_conventions());
    new.as_global_value()
        .set_visibility(old.as_global_value().get_visibility());
    if let Some(comdat) = old.as_global_value().get_comdat() {
        new.as_global_value().set_comdat(comdat);
    }
    for attribute in old.attributes(AttributeLoc::Function) {
        new.add_attribute(AttributeLoc::Function, attribute);
    }
    for attribute in old.attributes(AttributeLoc::Return) {
        new.add_attribute(AttributeLoc::Return, attribute);
    }
    for index in 0..old.count_params() {
        for attribute in old.attributes(AttributeLoc::Param(index)) {
            new.add_attribute(AttributeLoc::Param(index), attribute);
        }
    }
    walk::copy_global_metadata(old, new);
    if let Some(subprogram) = old.get_subprogram() {
        // Moves with the body; `old` is deleted once its calls are redirected.
        new.set_subprogram(subprogram);
    }
    for block in old.get_basic_blocks() {
        block.remove_from_function().map_err(|()| {
            CompileError::Pass(format!(
                "{NAME}: cannot move a block of '{}'",
                walk::name(old)
            ))
        })?;
        new.append_existing_basic_block(block);
    }
    for (old_param, new_param) in old.get_param_iter().zip(new.get_param_iter()) {
        new_param.set_name(&old_param.get_name().to_string_lossy());
        walk::replace_all_uses(&old_param, &new_param);
    }
    new.get_last_param()
        .expect("the state parameter was just added")
        .set_name("state");
    Ok(new)
}

/// The device library accessor for a mux builtin, declared if the library is not linked in.
fn accessor<'ctx>(module: &Module<'ctx>, builtin: &str) -> Option<FunctionValue<'ctx>> {
    let context = module.get_context();
    let (i32_type, i64_type, ptr_type) = (
        context.i32_type(),
        context.i64_type(),
        context.ptr_type(AddressSpace::default()),
    );
    let (name, function_type) = if let Some(memory) = WorkGroupMemory::from_mux_name(builtin) {
        (
            memory.state_accessor(),
            ptr_type.fn_type(&[ptr_type.into()], false),
        )
    } else if let Some(query) = WorkItemQuery::from_mux_name(builtin) {
        let ty = if query.is_ranked() {
            i64_type.fn_type(&[i32_type.into(), ptr_type.into()], false)
        } else {
            i32_type.fn_type(&[ptr_type.into()], false)
        };
        (query.state_accessor(), ty)
    } else {
        let update = StateUpdate::from_mux_name(builtin)?;
        let ty = match update {
            StateUpdate::LocalId => context
                .void_type()
                .fn_type(&[i32_type.into(), i64_type.into(), ptr_type.into()], false),
            _ => context
                .void_type()
                .fn_type(&[i32_type.into(), ptr_type.into()], false),
        };
        (update.state_accessor(), ty)
    };
    Some(
        module
            .get_function(name)
            .unwrap_or_else(|| module.add_function(name, function_type, None)),
    )
}

/// Replaces `call` by a call to `target` with the same arguments, its call-site attributes and
/// `state` appended.
fn replace_call_appending_state<'ctx>(
    builder: &Builder<'ctx>,
    call: &DirectCall<'ctx>,
    target: FunctionValue<'ctx>,
    state: PointerValue<'ctx>,
) -> Result<(), CompileError> {
    walk::position_at(builder, call.instruction);
    let mut args: Vec<BasicMetadataValueEnum> = (0..call.site.count_arguments())
        .filter_map(|i| call.instruction.get_operand(i).and_then(|o| o.value()))
        .map(Into::into)
        .collect();
    args.push(state.into());
    let replacement = builder.build_call(target, &args, "").map_err(build_error)?;
    replacement.set_call_convention(call.site.get_call_convention());
    for loc in [AttributeLoc::Function, AttributeLoc::Return] {
        for attribute in call.site.attributes(loc) {
            replacement.add_attribute(loc, attribute);
        }
    }
    for index in 0..call.site.count_arguments() {
        for attribute in call.site.attributes(AttributeLoc::Param(index)) {
            replacement.add_attribute(AttributeLoc::Param(index), attribute);
        }
    }
    if let (Some(old), Some(new)) = (
        call.site.try_as_basic_value().basic(),
        replacement.try_as_basic_value().basic(),
    ) {
        walk::replace_all_uses(&old, &new);
    }
    call.instruction.erase_from_basic_block();
    Ok(())
}

/// Replaces the mux state builtin calls of `function` by accessor calls on `state`.
fn lower_builtins<'ctx>(
    module: &Module<'ctx>,
    function: FunctionValue<'ctx>,
    state: PointerValue<'ctx>,
) -> Result<(), CompileError> {
    let builder = module.get_context().create_builder();
    for call in walk::direct_calls(function) {
        if let Some(target) = accessor(module, &walk::name(call.callee)) {
            replace_call_appending_state(&builder, &call, target, state)?;
        }
    }
    Ok(())
}

/// Redirects every call to `old` (`calls`) to `new`, passing the caller's own state (from
/// `states`) as the last argument.
fn redirect_calls<'ctx>(
    module: &Module<'ctx>,
    calls: &[DirectCall<'ctx>],
    new: FunctionValue<'ctx>,
    states: &HashMap<FunctionValue<'ctx>, PointerValue<'ctx>>,
) -> Result<(), CompileError> {
    let builder = module.get_context().create_builder();
    for call in calls {
        let caller = call.instruction.get_parent().and_then(|b| b.get_parent());
        let Some(&state) = caller.and_then(|caller| states.get(&caller)) else {
            return Err(CompileError::Pass(format!(
                "{NAME}: '{}' calls '{}', which needs the work-item state, but has none \
                 to pass",
                caller.map(walk::name).unwrap_or_default(),
                walk::name(new)
            )));
        };
        replace_call_appending_state(&builder, call, new, state)?;
    }
    Ok(())
}

/// The thread-local state pointer, created on first use.
fn thread_local_state<'ctx>(module: &Module<'ctx>) -> inkwell::values::GlobalValue<'ctx> {
    module.get_global(THREAD_LOCAL_STATE).unwrap_or_else(|| {
        let ptr_type = module.get_context().ptr_type(AddressSpace::default());
        let global = module.add_global(ptr_type, None, THREAD_LOCAL_STATE);
        global.set_linkage(Linkage::Internal);
        global.set_thread_local(true);
        global.set_initializer(&ptr_type.const_null());
        global
    })
}

/// Loads the thread-local state pointer at the start of `function`.
fn load_thread_local_state<'ctx>(
    module: &Module<'ctx>,
    function: FunctionValue<'ctx>,
) -> Result<PointerValue<'ctx>, CompileError> {
    let context = module.get_context();
    let builder = context.create_builder();
    let entry = function
        .get_first_basic_block()
        .expect("functions needing the state have bodies");
    match entry.get_first_instruction() {
        Some(first) => builder.position_before(&first),
        None => builder.position_at_end(entry),
    }
    builder.unset_current_debug_location();
    let global = thread_local_state(module);
    Ok(builder
        .build_load(
            context.ptr_type(AddressSpace::default()),
            global.as_pointer_value(),
            "state",
        )
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
                // Callees handled earlier already call the accessor instead of the builtin.
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

/// Renames the entry point `<kernel>.NativeCPUKernel` (and the kernel's own body, if it is
/// still there, out of the way) and makes it an internal function to inline.
fn rename_entry<'ctx>(module: &Module<'ctx>, entry: FunctionValue<'ctx>, kernel_name: &str) {
    if let Some(body) = module.get_function(kernel_name) {
        body.as_global_value()
            .set_name(&format!("{kernel_name}{KERNEL_BODY_SUFFIX}"));
    }
    entry
        .as_global_value()
        .set_name(&format!("{kernel_name}{KERNEL_SUFFIX}"));
    entry.set_linkage(Linkage::Internal);
    entry.set_call_conventions(calling_convention::C);
    if !attributes::has_enum_attribute(entry, AttributeLoc::Function, "noinline") {
        attributes::add_enum_attribute(entry, AttributeLoc::Function, "alwaysinline");
    }
}

/// Declares the subhandler `void <kernel>(ptr noalias args, ptr noalias state)`, with the
/// entry's target attributes, and moves the kernel's identity (module id, original name, the
/// `mux-kernel` attribute) to it.
fn declare_subhandler<'ctx>(
    module: &Module<'ctx>,
    entry: FunctionValue<'ctx>,
    kernel_name: &str,
    module_id: &str,
) -> FunctionValue<'ctx> {
    let context = module.get_context();
    let ptr_type = context.ptr_type(AddressSpace::default());
    let subhandler_type = context
        .void_type()
        .fn_type(&[ptr_type.into(), ptr_type.into()], false);
    let subhandler = module.add_function(kernel_name, subhandler_type, None);
    subhandler.set_call_conventions(calling_convention::C);
    for key in ["target-cpu", "target-features", "tune-cpu"] {
        if let Some(value) = attributes::string_attribute(entry, key) {
            attributes::set_string_attribute(subhandler, key, &value);
        }
    }
    attributes::add_enum_attribute(subhandler, AttributeLoc::Function, "nounwind");
    attributes::set_string_attribute(subhandler, attributes::SYCL_MODULE_ID, module_id);
    attributes::set_string_attribute(subhandler, attributes::MUX_ORIG_FN, kernel_name);
    attributes::take_is_kernel(subhandler, entry);
    entry.remove_string_attribute(AttributeLoc::Function, attributes::SYCL_MODULE_ID);
    for index in 0..2 {
        attributes::add_enum_attribute(subhandler, AttributeLoc::Param(index), "noalias");
    }
    for (index, name) in ["args", "state"].into_iter().enumerate() {
        let param = subhandler
            .get_nth_param(index as u32)
            .expect("two parameters");
        param.set_name(name);
    }
    subhandler
}

/// The subhandler's private copy of the runtime's state (docs/compiler-pipeline.md, "The
/// work-item state"), with room for our two pointers after it.
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
    let align_error = |e: &str| CompileError::Pass(format!("{NAME}: {e}"));
    state_copy
        .as_instruction_value()
        .expect("an alloca")
        .set_alignment(8)
        .map_err(|e| align_error(&e.to_string()))?;
    builder
        .build_memcpy(
            state_copy,
            8,
            state,
            8,
            context.i64_type().const_int(mux::STATE_SIZE, false),
        )
        .map_err(|e| align_error(&e.to_string()))?;
    Ok(state_copy)
}

/// Stores the work-group memory this kernel uses after the runtime's state in the private
/// copy: the block of local arguments the runtime passes after the kernel's own
/// `argument_count` arguments, and the module-scope local variables' block from the scratch
/// buffer.
fn store_work_group_memory<'ctx>(
    module: &Module<'ctx>,
    builder: &Builder<'ctx>,
    args: PointerValue<'ctx>,
    state_copy: PointerValue<'ctx>,
    argument_count: u64,
    work_group_memory: WorkGroupMemoryUse,
) -> Result<(), CompileError> {
    let context = module.get_context();
    let ptr_type = context.ptr_type(AddressSpace::default());
    let local_arguments = if work_group_memory.local_arguments {
        let slot = memory::element_address(
            builder,
            ptr_type,
            args,
            &[context.i64_type().const_int(argument_count, false)],
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
        bytes => {
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
            builder
                .build_call(scratch, &args, "local.variables")
                .map_err(build_error)?
                .try_as_basic_value()
                .basic()
                .expect("a pointer")
        }
    };
    for (field, value) in [
        (WorkGroupMemory::LocalArguments, local_arguments),
        (WorkGroupMemory::LocalVariables, local_variables),
    ] {
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

/// The kernel's arguments read from `args`: `args[i]` is argument `i` itself when it is a
/// pointer (cast to the parameter's address space), and points to the value otherwise.
fn kernel_arguments<'ctx>(
    builder: &Builder<'ctx>,
    args: PointerValue<'ctx>,
    kernel_params: &[BasicMetadataTypeEnum<'ctx>],
) -> Result<Vec<BasicMetadataValueEnum<'ctx>>, CompileError> {
    let context = args.get_type().get_context();
    let ptr_type = context.ptr_type(AddressSpace::default());
    let mut call_args: Vec<BasicMetadataValueEnum> = Vec::new();
    for (index, param_type) in kernel_params.iter().enumerate() {
        let slot = memory::element_address(
            builder,
            ptr_type,
            args,
            &[context.i64_type().const_int(index as u64, false)],
            true,
            &format!("arg{index}.slot"),
        )
        .map_err(build_error)?;
        let pointer = builder
            .build_load(ptr_type, slot, &format!("arg{index}.ptr"))
            .map_err(build_error)?
            .into_pointer_value();
        let param_type = BasicTypeEnum::try_from(*param_type).map_err(|()| {
            CompileError::Pass(format!(
                "{NAME}: kernel parameter {index} has no value type"
            ))
        })?;
        let value = if let BasicTypeEnum::PointerType(pointer_type) = param_type {
            // DPC++ IR takes global and local pointers in address spaces 1 and 3; the runtime's
            // pointers are generic.
            if pointer_type == ptr_type {
                pointer.into()
            } else {
                builder
                    .build_address_space_cast(pointer, pointer_type, &format!("arg{index}"))
                    .map_err(build_error)?
                    .into()
            }
        } else {
            builder
                .build_load(param_type, pointer, &format!("arg{index}"))
                .map_err(build_error)?
        };
        call_args.push(value.into());
    }
    Ok(call_args)
}

/// Builds the subhandler `<kernel>(ptr args, ptr state)` for an entry point that already takes
/// the state last.
fn build_subhandler<'ctx>(
    module: &Module<'ctx>,
    entry: FunctionValue<'ctx>,
    work_group_memory: WorkGroupMemoryUse,
) -> Result<(), CompileError> {
    let context = module.get_context();
    let kernel_name = attributes::original_name(entry);
    let module_id = attributes::string_attribute(entry, attributes::SYCL_MODULE_ID)
        .unwrap_or_else(|| module.get_source_file_name().to_string_lossy().into_owned());
    rename_entry(module, entry, &kernel_name);
    let subhandler = declare_subhandler(module, entry, &kernel_name, &module_id);
    let param = |index: u32| {
        subhandler
            .get_nth_param(index)
            .expect("two parameters")
            .into_pointer_value()
    };
    let (args, state) = (param(0), param(1));
    let builder = context.create_builder();
    builder.position_at_end(context.append_basic_block(subhandler, "entry"));
    let state_copy = private_state(&builder, state)?;
    let kernel_params = entry.get_type().get_param_types();
    let argument_count = kernel_params.len() - 1;
    store_work_group_memory(
        module,
        &builder,
        args,
        state_copy,
        argument_count as u64,
        work_group_memory,
    )?;
    let mut call_args = kernel_arguments(&builder, args, &kernel_params[..argument_count])?;
    call_args.push(state_copy.into());
    if let Some(thread_local) = module.get_global(THREAD_LOCAL_STATE) {
        builder
            .build_store(thread_local.as_pointer_value(), state_copy)
            .map_err(build_error)?;
    }
    builder
        .build_call(entry, &call_args, "")
        .map_err(build_error)?;
    builder.build_return(None).map_err(build_error)?;
    Ok(())
}

impl ModulePass for PrepareNativeCpu {
    fn name(&self) -> &'static str {
        NAME
    }

    fn run(&self, module: &Module<'_>) -> Result<Changed, CompileError> {
        // As DPC++ does first: `llvm.used` lists kernels, which is not taking their address.
        let dropped = walk::drop_used_lists(module);
        // Moving a body into a new function keeps its call instructions, so the index stays
        // valid until the calls are redirected.
        let calls = walk::CallIndex::of(module);
        let (by_parameter, by_thread_local): (Vec<_>, Vec<_>) = functions_needing_state(module)
            .into_iter()
            .partition(|function| {
                attributes::is_kernel_entry_point(*function) || !calls.address_taken(*function)
            });
        let mut changed = Changed::from(dropped || !by_parameter.is_empty());
        changed = changed.or(Changed::from(!by_thread_local.is_empty()));
        let mut states: HashMap<FunctionValue, PointerValue> = HashMap::new();
        for function in &by_thread_local {
            states.insert(*function, load_thread_local_state(module, *function)?);
        }
        let mut replaced: HashMap<FunctionValue, FunctionValue> = HashMap::new();
        for function in &by_parameter {
            let new = add_state_parameter(module, *function)?;
            let state = new
                .get_last_param()
                .expect("state parameter")
                .into_pointer_value();
            states.insert(new, state);
            replaced.insert(*function, new);
        }
        for (old, new) in &replaced {
            redirect_calls(module, calls.calls_to(*old), *new, &states)?;
        }
        let mut entries = Vec::new();
        for old in by_parameter {
            let new = replaced[&old];
            let name = walk::name(old);
            // Every call to `old` was redirected and its address is not taken.
            walk::delete_function(old, Some(new));
            new.as_global_value().set_name(&name);
            if attributes::is_kernel_entry_point(new) {
                entries.push((new, WorkGroupMemoryUse::of(new)));
            }
            lower_builtins(module, new, states[&new])?;
        }
        for function in by_thread_local {
            lower_builtins(module, function, states[&function])?;
        }
        for (entry, work_group_memory) in entries {
            build_subhandler(module, entry, work_group_memory)?;
        }
        for builtin in WorkItemQuery::ALL
            .iter()
            .map(|q| q.mux_name())
            .chain(StateUpdate::ALL.iter().map(|u| u.mux_name()))
            .chain(WorkGroupMemory::ALL.iter().map(|m| m.mux_name()))
        {
            if let Some(declaration) = module.get_function(builtin) {
                if walk::use_count(declaration) == 0 {
                    walk::delete_function(declaration, None);
                    changed = Changed::Yes;
                }
            }
        }
        Ok(changed)
    }
}
