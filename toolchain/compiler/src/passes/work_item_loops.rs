//! `work-item-loops`: makes the implicit SIMT parallelism of each kernel explicit (seed 000,
//! "WorkItemLoopsPass"): the new entry point runs a whole work-group per call.
//!
//! Expects: kernels marked `"mux-kernel"="entry-point"` that query work-item ids through mux
//! builtins (`__mux_get_local_id` …), returning `void`.
//! Guarantees: each entry point `K` gets a wrapper `<base>.mux-barrier-wrapper` with the same
//! parameters (`byval` dropped: the wrapper receives pointers) that loops over the work-group,
//! `z` outermost and `x` innermost as the seed orders them, calls `__mux_set_local_id` for each
//! dimension and then `K`. The wrapper takes `K`'s `mux-kernel` attribute and function
//! attributes; `K` becomes an internal, always-inline C function. A by-value (`byval`)
//! parameter that `K` only reads loses `byval` and is shared by all work-items; one that `K` may
//! write keeps it, and the call repeats it, so every work-item gets its own copy.
//!
//! The loops are bottom-tested: the runtime never launches an empty work-group.
//! Kernels that synchronise the work-group (barriers, collectives) are rejected until barrier
//! regions exist.

use std::collections::HashSet;

use inkwell::attributes::{Attribute, AttributeLoc};
use inkwell::module::{Linkage, Module};
use inkwell::types::BasicMetadataTypeEnum;
use inkwell::values::{BasicMetadataValueEnum, FunctionValue, IntValue};
use inkwell::IntPredicate;

use super::ModulePass;
use crate::ir::mux::{self, StateUpdate, WorkItemQuery};
use crate::ir::{attributes, calling_convention, walk};
use crate::passes::convert_to_mux_builtins::declare_query;
use crate::CompileError;

pub const NAME: &str = "work-item-loops";

pub struct WorkItemLoops;

/// Function attributes the wrapper must not inherit from the kernel: it is not convergent
/// itself, and must stay optimisable and inlinable into the subhandler.
const NOT_INHERITED: &[&str] = &["convergent", "noinline", "optnone", "alwaysinline"];

fn build_error(e: inkwell::builder::BuilderError) -> CompileError {
    CompileError::Pass(format!("{NAME}: {e}"))
}

/// The first function reachable from `kernel` (itself included) that synchronises the
/// work-group, with the builtin it calls.
fn find_barrier<'ctx>(kernel: FunctionValue<'ctx>) -> Option<(FunctionValue<'ctx>, String)> {
    let mut seen = HashSet::from([kernel]);
    let mut stack = vec![kernel];
    while let Some(function) = stack.pop() {
        for call in walk::direct_calls(function) {
            let callee_name = walk::name(call.callee);
            if mux::is_barrier_like(&callee_name) {
                return Some((function, callee_name));
            }
            if seen.insert(call.callee) {
                stack.push(call.callee);
            }
        }
    }
    None
}

fn declare_set_local_id<'ctx>(module: &Module<'ctx>) -> FunctionValue<'ctx> {
    let name = StateUpdate::LocalId.mux_name();
    module.get_function(name).unwrap_or_else(|| {
        let context = module.get_context();
        let function_type = context.void_type().fn_type(
            &[context.i32_type().into(), context.i64_type().into()],
            false,
        );
        module.add_function(name, function_type, None)
    })
}

fn wrap_kernel<'ctx>(
    module: &Module<'ctx>,
    kernel: FunctionValue<'ctx>,
) -> Result<(), CompileError> {
    let kernel_name = walk::name(kernel);
    if let Some((function, builtin)) = find_barrier(kernel) {
        return Err(CompileError::unsupported(
            attributes::original_name(kernel),
            format!(
                "kernel synchronises its work-group (call to {builtin} in '{}'): barriers and group \
                 collectives are not supported yet",
                walk::name(function)
            ),
        ));
    }
    if kernel.get_type().get_return_type().is_some() {
        return Err(CompileError::unsupported(
            kernel_name,
            "a kernel must return void",
        ));
    }
    let context = module.get_context();
    let i32_type = context.i32_type();
    let i64_type = context.i64_type();

    let param_types: Vec<BasicMetadataTypeEnum> = kernel.get_type().get_param_types();
    let wrapper_type = context.void_type().fn_type(&param_types, false);
    let base = attributes::base_name(kernel);
    let wrapper = module.add_function(&format!("{base}.mux-barrier-wrapper"), wrapper_type, None);
    for attribute in kernel.attributes(AttributeLoc::Function) {
        let inherited = !attribute.is_enum()
            || !NOT_INHERITED
                .iter()
                .any(|n| Attribute::get_named_enum_kind_id(n) == attribute.get_enum_kind_id());
        if inherited {
            wrapper.add_attribute(AttributeLoc::Function, attribute);
        }
    }
    attributes::take_is_kernel(wrapper, kernel);
    attributes::set_string_attribute(wrapper, attributes::MUX_BASE_FN_NAME, &base);
    attributes::set_string_attribute(
        wrapper,
        attributes::MUX_ORIG_FN,
        &attributes::original_name(kernel),
    );
    wrapper.set_call_conventions(calling_convention::C);
    walk::copy_global_metadata(kernel, wrapper);
    for (param, kernel_param) in wrapper.get_param_iter().zip(kernel.get_param_iter()) {
        param.set_name(&kernel_param.get_name().to_string_lossy());
    }

    let builder = context.create_builder();
    let entry = context.append_basic_block(wrapper, "entry");
    builder.position_at_end(entry);
    let local_size_fn = declare_query(module, WorkItemQuery::LocalSize);
    let mut sizes: Vec<IntValue> = Vec::new();
    for (dim, axis) in ["x", "y", "z"].iter().enumerate() {
        let size = builder
            .build_call(
                local_size_fn,
                &[i32_type.const_int(dim as u64, false).into()],
                &format!("local_size.{axis}"),
            )
            .map_err(build_error)?
            .try_as_basic_value()
            .basic()
            .map(|v| v.into_int_value())
            .expect("__mux_get_local_size returns a value");
        sizes.push(size);
    }
    let set_local_id = declare_set_local_id(module);

    // Loop headers, outermost (z) first; each sets its local id and falls into the next level.
    let mut headers = Vec::new();
    let mut preheader = entry;
    for dim in (0..3u32).rev() {
        let axis = ["x", "y", "z"][dim as usize];
        let header = context.append_basic_block(wrapper, &format!("wi.loop.{axis}"));
        builder.position_at_end(preheader);
        builder
            .build_unconditional_branch(header)
            .map_err(build_error)?;
        builder.position_at_end(header);
        let phi = builder
            .build_phi(i64_type, &format!("wi.{axis}"))
            .map_err(build_error)?;
        phi.add_incoming(&[(&i64_type.const_zero(), preheader)]);
        let id = phi.as_basic_value().into_int_value();
        builder
            .build_call(
                set_local_id,
                &[i32_type.const_int(dim as u64, false).into(), id.into()],
                "",
            )
            .map_err(build_error)?;
        headers.push((dim, header, phi));
        preheader = header;
    }

    // The innermost body: call the kernel with a copy of by-value arguments per work-item.
    let args: Vec<BasicMetadataValueEnum> = wrapper.get_param_iter().map(Into::into).collect();
    let call = builder.build_call(kernel, &args, "").map_err(build_error)?;
    let byval = Attribute::get_named_enum_kind_id("byval");
    let readonly = Attribute::get_named_enum_kind_id("readonly");
    for index in 0..kernel.count_params() {
        let Some(attribute) = kernel.get_enum_attribute(AttributeLoc::Param(index), byval) else {
            continue;
        };
        if kernel
            .get_enum_attribute(AttributeLoc::Param(index), readonly)
            .is_some()
        {
            // A kernel that only reads its copy cannot tell it from a shared one.
            kernel.remove_enum_attribute(AttributeLoc::Param(index), byval);
        } else {
            call.add_attribute(AttributeLoc::Param(index), attribute);
            // The copy must be as aligned as the kernel expects its parameter.
            let align = Attribute::get_named_enum_kind_id("align");
            if let Some(alignment) = kernel.get_enum_attribute(AttributeLoc::Param(index), align) {
                call.add_attribute(AttributeLoc::Param(index), alignment);
            }
        }
        // The wrapper's by-value argument is the launch's own copy: nothing the kernel can reach
        // points into it, and work-items write only private copies. Saying so lets LLVM hoist
        // the reads of captured values out of the work-item loops.
        attributes::add_enum_attribute(wrapper, AttributeLoc::Param(index), "noalias");
        attributes::add_enum_attribute(wrapper, AttributeLoc::Param(index), "readonly");
    }

    // Latches, innermost (x) first: increment, compare with the size, loop or leave.
    let mut current = builder.get_insert_block().expect("positioned in the body");
    for (position, &(dim, header, phi)) in headers.iter().enumerate().rev() {
        let axis = ["x", "y", "z"][dim as usize];
        builder.position_at_end(current);
        let id = phi.as_basic_value().into_int_value();
        let next = builder
            .build_int_nuw_add(id, i64_type.const_int(1, false), &format!("wi.{axis}.next"))
            .map_err(build_error)?;
        let more = builder
            .build_int_compare(
                IntPredicate::ULT,
                next,
                sizes[dim as usize],
                &format!("wi.{axis}.more"),
            )
            .map_err(build_error)?;
        let after = if position == 0 {
            context.append_basic_block(wrapper, "wi.exit")
        } else {
            context.append_basic_block(
                wrapper,
                &format!(
                    "wi.latch.{}",
                    ["x", "y", "z"][headers[position - 1].0 as usize]
                ),
            )
        };
        builder
            .build_conditional_branch(more, header, after)
            .map_err(build_error)?;
        phi.add_incoming(&[(&next, current)]);
        current = after;
    }
    builder.position_at_end(current);
    builder.build_return(None).map_err(build_error)?;

    kernel.set_linkage(Linkage::Internal);
    kernel.set_call_conventions(calling_convention::C);
    if !attributes::has_enum_attribute(kernel, AttributeLoc::Function, "noinline") {
        attributes::add_enum_attribute(kernel, AttributeLoc::Function, "alwaysinline");
    }
    Ok(())
}

impl ModulePass for WorkItemLoops {
    fn name(&self) -> &'static str {
        NAME
    }

    fn run(&self, module: &Module<'_>) -> Result<(), CompileError> {
        let kernels: Vec<_> = module
            .get_functions()
            .filter(|f| attributes::is_kernel_entry_point(*f) && walk::is_definition(*f))
            .collect();
        for kernel in kernels {
            wrap_kernel(module, kernel)?;
        }
        Ok(())
    }
}
