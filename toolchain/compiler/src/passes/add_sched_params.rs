//! `add-sched-params<target=NAME>`: gives every function that reaches the work-item state the
//! target's scheduling parameters (docs/compiler-pipeline.md, "Scheduling targets").
//!
//! Expects: entry points (`"mux-kernel"="entry-point"`) that reach the work-item state only
//! through the scheduled mux builtins (queries, state updates, work-group memory), declared
//! with their own parameters only. `target` defaults to `native-cpu`.
//! Guarantees:
//! * every entry point, every function that calls a scheduled builtin, and their callers,
//!   transitively, take the target's scheduling parameters after their own, under their own
//!   names, and pass them on in every call;
//! * each scheduled builtin the module calls is declared with the scheduling parameters
//!   appended (for `define-mux-builtins` to define); unused declarations are deleted;
//! * a function that needs the parameters but whose address is taken (called through a
//!   function pointer, or stored in a table) cannot receive them, since its indirect callers
//!   would not pass them: it loads them from the target's thread-local globals instead, which
//!   the kernel wrapper sets; a target without them refuses such functions. Functions it calls
//!   still receive the parameters;
//! * the target's own library functions are left alone;
//! * `llvm.used`/`llvm.compiler.used` are dropped first (they list kernels, which is not taking
//!   their address), as DPC++ does.

use std::collections::{HashMap, HashSet};

use inkwell::attributes::AttributeLoc;
use inkwell::builder::Builder;
use inkwell::module::{Linkage, Module};
use inkwell::types::{BasicMetadataTypeEnum, BasicType, FunctionType};
use inkwell::values::{BasicMetadataValueEnum, BasicValueEnum, FunctionValue};

use super::{Changed, ModulePass, PassInfo};
use crate::ir::attributes;
use crate::ir::mux::ScheduledBuiltin;
use crate::ir::walk::{self, DirectCall};
use crate::scheduling::{target_from_parameters, SchedulingParameter, SchedulingTarget};
use crate::CompileError;

/// The pass's name in pipeline text.
pub const NAME: &str = "add-sched-params";

/// The pass as the registry declares it.
pub const PASS: PassInfo = PassInfo {
    name: NAME,
    parameters: "target=NAME",
    help: "gives the functions that reach the work-item state the target's scheduling parameters",
    create: |parameters| {
        let target = target_from_parameters(NAME, parameters)?;
        Ok(Box::new(AddSchedParams { target }))
    },
};

/// The pass, for one scheduling target.
pub struct AddSchedParams {
    target: &'static dyn SchedulingTarget,
}

fn build_error(e: inkwell::builder::BuilderError) -> CompileError {
    CompileError::Pass(format!("{NAME}: {e}"))
}

/// The scheduling parameter values of each function that has them.
type Parameters<'ctx> = HashMap<FunctionValue<'ctx>, Vec<BasicValueEnum<'ctx>>>;

fn is_scheduled_builtin(function: FunctionValue<'_>) -> bool {
    !walk::is_definition(function)
        && ScheduledBuiltin::from_mux_name(&walk::name(function)).is_some()
}

/// The definitions that need the parameters: entry points, direct users of the builtins, and
/// their callers, transitively; then the builtins they call. In module order, so the output is
/// deterministic.
fn functions_needing_parameters<'ctx>(
    module: &Module<'ctx>,
    target: &dyn SchedulingTarget,
) -> (Vec<FunctionValue<'ctx>>, Vec<FunctionValue<'ctx>>) {
    let definitions: Vec<_> = module
        .get_functions()
        .filter(|f| walk::is_definition(*f) && !target.is_library_function(&walk::name(*f)))
        .collect();
    let mut needed: HashSet<FunctionValue> = definitions
        .iter()
        .copied()
        .filter(|f| {
            attributes::is_kernel_entry_point(*f)
                || walk::direct_calls(*f)
                    .iter()
                    .any(|c| is_scheduled_builtin(c.callee))
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
    let builtins = module
        .get_functions()
        .filter(|f| is_scheduled_builtin(*f) && walk::use_count(*f) > 0)
        .collect();
    let functions = definitions
        .into_iter()
        .filter(|f| needed.contains(f))
        .collect();
    (functions, builtins)
}

/// `old`'s type with `parameters` appended.
fn scheduled_type<'ctx>(
    old: FunctionValue<'ctx>,
    parameters: &[SchedulingParameter<'ctx>],
) -> FunctionType<'ctx> {
    let old_type = old.get_type();
    let mut types: Vec<BasicMetadataTypeEnum> = old_type.get_param_types();
    types.extend(parameters.iter().map(|p| BasicMetadataTypeEnum::from(p.ty)));
    match old_type.get_return_type() {
        Some(ret) => ret.fn_type(&types, old_type.is_var_arg()),
        None => old_type
            .get_context()
            .void_type()
            .fn_type(&types, old_type.is_var_arg()),
    }
}

/// Copies `old`'s attributes, calling convention, visibility, comdat and metadata to `new`.
fn copy_function_properties<'ctx>(old: FunctionValue<'ctx>, new: FunctionValue<'ctx>) {
    new.set_call_conventions(old.get_call_conventions());
    new.as_global_value()
        .set_visibility(old.as_global_value().get_visibility());
    if let Some(comdat) = old.as_global_value().get_comdat() {
        new.as_global_value().set_comdat(comdat);
    }
    for location in [AttributeLoc::Function, AttributeLoc::Return] {
        for attribute in old.attributes(location) {
            new.add_attribute(location, attribute);
        }
    }
    for index in 0..old.count_params() {
        for attribute in old.attributes(AttributeLoc::Param(index)) {
            new.add_attribute(AttributeLoc::Param(index), attribute);
        }
    }
    walk::copy_global_metadata(old, new);
}

/// Moves the body of `old` (if any) into a new function with `parameters` appended to its own,
/// keeping attributes, linkage and metadata. Returns the new function; `old` is left as an
/// empty declaration for the caller to delete once its calls are redirected.
fn add_parameters<'ctx>(
    module: &Module<'ctx>,
    old: FunctionValue<'ctx>,
    parameters: &[SchedulingParameter<'ctx>],
) -> Result<FunctionValue<'ctx>, CompileError> {
    let new = module.add_function(
        &format!("{}.scheduled", walk::name(old)),
        scheduled_type(old, parameters),
        Some(old.get_linkage()),
    );
    copy_function_properties(old, new);
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
    let first = old.count_params() as usize;
    for (value, parameter) in new.get_params()[first..].iter().zip(parameters) {
        value.set_name(parameter.name);
    }
    Ok(new)
}

/// Replaces `call` by a call to `target` with the same arguments and call-site attributes,
/// and `extra` appended.
fn replace_call_appending<'ctx>(
    builder: &Builder<'ctx>,
    call: &DirectCall<'ctx>,
    target: FunctionValue<'ctx>,
    extra: &[BasicValueEnum<'ctx>],
) -> Result<(), CompileError> {
    walk::position_at(builder, call.instruction);
    let mut args: Vec<BasicMetadataValueEnum> = (0..call.site.count_arguments())
        .filter_map(|i| call.instruction.get_operand(i).and_then(|o| o.value()))
        .map(Into::into)
        .collect();
    args.extend(
        extra
            .iter()
            .map(|value| BasicMetadataValueEnum::from(*value)),
    );
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

/// Redirects every call to `old` (`calls`) to `new`, passing the caller's own scheduling
/// parameters (from `parameters`) after the call's arguments.
fn redirect_calls<'ctx>(
    module: &Module<'ctx>,
    calls: &[DirectCall<'ctx>],
    (old, new): (FunctionValue<'ctx>, FunctionValue<'ctx>),
    parameters: &Parameters<'ctx>,
) -> Result<(), CompileError> {
    let builder = module.get_context().create_builder();
    for call in calls {
        let caller = call.instruction.get_parent().and_then(|b| b.get_parent());
        let Some(values) = caller.and_then(|caller| parameters.get(&caller)) else {
            return Err(CompileError::Pass(format!(
                "{NAME}: '{}' calls '{}', which needs the work-item state, but has none \
                 to pass",
                caller.map(walk::name).unwrap_or_default(),
                walk::name(old)
            )));
        };
        replace_call_appending(&builder, call, new, values)?;
    }
    Ok(())
}

/// Loads the scheduling parameters from their thread-local globals at the start of
/// `function`, whose address is taken.
fn load_thread_local_parameters<'ctx>(
    module: &Module<'ctx>,
    function: FunctionValue<'ctx>,
    parameters: &[SchedulingParameter<'ctx>],
    target: &dyn SchedulingTarget,
) -> Result<Vec<BasicValueEnum<'ctx>>, CompileError> {
    let builder = module.get_context().create_builder();
    let entry = function
        .get_first_basic_block()
        .expect("functions needing the state have bodies");
    match entry.get_first_instruction() {
        Some(first) => builder.position_before(&first),
        None => builder.position_at_end(entry),
    }
    builder.unset_current_debug_location();
    let mut values = Vec::new();
    for parameter in parameters {
        let Some(global_name) = parameter.thread_local_fallback else {
            return Err(CompileError::Pass(format!(
                "{NAME}: '{}' needs the work-item state but its address is taken, and target \
                 '{}' cannot pass '{}' to it",
                walk::name(function),
                target.name(),
                parameter.name
            )));
        };
        let global = module.get_global(global_name).unwrap_or_else(|| {
            let global = module.add_global(parameter.ty, None, global_name);
            global.set_linkage(Linkage::Internal);
            global.set_thread_local(true);
            global.set_initializer(&parameter.ty.const_zero());
            global
        });
        let value = builder
            .build_load(parameter.ty, global.as_pointer_value(), parameter.name)
            .map_err(build_error)?;
        values.push(value);
    }
    Ok(values)
}

impl ModulePass for AddSchedParams {
    fn name(&self) -> &'static str {
        NAME
    }

    fn run(&self, module: &Module<'_>) -> Result<Changed, CompileError> {
        let dropped = walk::drop_used_lists(module);
        let scheduling = self.target.parameters(module.get_context());
        // Moving a body into a new function keeps its call instructions, so the index stays
        // valid until the calls are redirected.
        let calls = walk::CallIndex::of(module);
        let (functions, builtins) = functions_needing_parameters(module, self.target);
        let (by_parameter, by_thread_local): (Vec<_>, Vec<_>) =
            functions.into_iter().partition(|function| {
                attributes::is_kernel_entry_point(*function) || !calls.address_taken(*function)
            });
        let mut parameters: Parameters = HashMap::new();
        for function in &by_thread_local {
            let values = load_thread_local_parameters(module, *function, &scheduling, self.target)?;
            parameters.insert(*function, values);
        }
        let first_scheduling = |f: FunctionValue| f.count_params() as usize - scheduling.len();
        let mut replaced = Vec::new();
        for old in by_parameter.iter().chain(&builtins) {
            let new = add_parameters(module, *old, &scheduling)?;
            parameters.insert(new, new.get_params()[first_scheduling(new)..].to_vec());
            replaced.push((*old, new));
        }
        for (old, new) in &replaced {
            redirect_calls(module, calls.calls_to(*old), (*old, *new), &parameters)?;
        }
        for (old, new) in &replaced {
            let name = walk::name(*old);
            // Every call to `old` was redirected and its address is not taken.
            walk::delete_function(*old, Some(*new));
            new.as_global_value().set_name(&name);
        }
        let mut changed = Changed::from(dropped || !replaced.is_empty());
        changed = changed.or(Changed::from(!by_thread_local.is_empty()));
        for builtin in ScheduledBuiltin::all() {
            if let Some(declaration) = module.get_function(builtin.mux_name()) {
                if !walk::is_definition(declaration) && walk::use_count(declaration) == 0 {
                    walk::delete_function(declaration, None);
                    changed = Changed::Yes;
                }
            }
        }
        Ok(changed)
    }
}
