//! `work-item-loops`: makes the implicit SIMT parallelism of each kernel explicit (OCK's
//! `WorkItemLoopsPass`; docs/compiler-pipeline.md): the new entry point runs a whole work-group
//! per call.
//!
//! Expects: kernels marked `"mux-kernel"="entry-point"` that query work-item ids through mux
//! builtins (`__mux_get_local_id` …) and return `void`; every barrier-like call (barriers and
//! work-group collectives) directly in the kernel, numbered by `prepare-barriers` (calls in
//! functions the kernel calls are rejected: run `prepare-barriers` first).
//!
//! Guarantees: each entry point `K` gets a wrapper `<base>.mux-barrier-wrapper` with `K`'s
//! parameters (by-value ones received as `noalias readonly` pointers), `K`'s function attributes
//! and its `mux-kernel` attribute; `K` itself becomes internal. The local sizes are constants
//! when `K` has `!reqd_work_group_size`, otherwise `__mux_get_local_size` queries.
//!
//! * Without barriers, the wrapper loops over the work-group, `z` outermost and `x` innermost
//!   (docs/compiler-pipeline.md), calls `__mux_set_local_id` per dimension and then `K` (internal,
//!   always-inline, C calling convention). A by-value parameter `K` only reads loses `byval` and
//!   is shared; one `K` may write keeps it on the call, so each work-item gets its own copy.
//! * With barriers, `K` is cut into barrier regions ([`regions`]), each an internal always-inline
//!   function returning the id of the region to run next. The wrapper keeps the per-work-item
//!   live variables in a per-thread scratch buffer of the device library (reused across the
//!   work-groups a thread runs, never the worker's stack) and runs, region after region, a
//!   work-item loop nest calling the region for every work-item. A region that starts at a
//!   collective gets its result: reductions, `any` and `all` fold the operands every work-item
//!   stored, before the loops; scans accumulate in the loops, whose order is the local linear
//!   order; a broadcast reads the chosen work-item's stored operand. By-value parameters are
//!   shared by all work-items (SYCL kernel functors are const). A plain barrier's memory
//!   semantics become one fence where the region after it starts.
//! * With a vector form (`run-vecz`), a kernel without barriers runs rows of x through it, whole
//!   vectors and then one predicated call for the rest; with barriers, the regions are cut from
//!   the vector form instead, run the same way, with live variables kept per vector of
//!   work-items (docs/vectorizer.md, "Barriers").
//!
//! The wrapper records, for `add-kernel-metadata`, the live-variable bytes per work-item
//! (`"mux-live-variables-size"`, with barriers) and the vector width (`"mux-vector-width"`,
//! with a vector form).
//!
//! The loops are bottom-tested: the runtime never launches an empty work-group. They carry
//! `llvm.loop.unroll.runtime.disable` ([`forbid_runtime_unrolling`]).

mod regions;
mod x_limit;

use std::collections::HashSet;

use inkwell::attributes::{Attribute, AttributeLoc};
use inkwell::basic_block::BasicBlock;
use inkwell::builder::Builder;
use inkwell::context::ContextRef;
use inkwell::intrinsics::Intrinsic;
use inkwell::module::{Linkage, Module};
use inkwell::types::{BasicMetadataTypeEnum, BasicTypeEnum};
use inkwell::values::{
    BasicMetadataValueEnum, BasicValueEnum, FunctionValue, IntValue, PointerValue,
};
use inkwell::{AddressSpace, IntPredicate};

use super::{Changed, ModulePass, PassInfo};
use crate::ir::memory;
use crate::ir::metadata::{self, DebugBuilder};
use crate::ir::mux::{self, Collective, CollectiveKind, CollectiveOp, StateUpdate, WorkItemQuery};
use crate::ir::value::Value;
use crate::ir::vector::function_metadata;
use crate::ir::{attributes, calling_convention, cfg, walk};
use crate::passes::convert_to_mux_builtins::build_query_call;
use crate::passes::vectorize;
use crate::CompileError;
use regions::SplitKernel;

/// The pass's name in pipeline text.
pub const NAME: &str = "work-item-loops";

/// The pass as the registry declares it.
pub const PASS: PassInfo = PassInfo {
    name: NAME,
    parameters: "debug;no-tail",
    help: "runs a whole work-group per call, barrier region by region",
    create: |parameters| Ok(Box::new(WorkItemLoops::from_parameters(parameters)?)),
};

/// `work-item-loops<debug;no-tail>`.
#[derive(Debug, Default)]
pub struct WorkItemLoops {
    /// Keep work-items debuggable (`-g -O0`): the kernel is not inlined into the loops, or, with
    /// barriers, the wrapper takes over the kernel's subprogram and its variables are described
    /// in their live-variable struct members, so a debugger shows a private variable's value
    /// after a barrier. A kernel with a vector form (in debug builds, one that requires its
    /// sub-group size) still runs through it: its sub-groups depend on that.
    pub debug: bool,
    /// Vectorized kernels run whole vectors only (`no-tail`): the remainder of a row is not run,
    /// because the program promises every work-group's x size is a multiple of the width.
    pub no_tail: bool,
}

impl WorkItemLoops {
    /// Parses the parameters.
    pub fn from_parameters(params: &[&str]) -> Result<Self, String> {
        let mut pass = WorkItemLoops::default();
        for param in params {
            match *param {
                "debug" => pass.debug = true,
                "no-tail" => pass.no_tail = true,
                other => {
                    return Err(format!(
                        "work-item-loops: unknown parameter '{other}' (expected debug or no-tail)"
                    ))
                }
            }
        }
        Ok(pass)
    }
}

/// Function attributes the wrapper must not inherit from the kernel: it is not convergent
/// itself, and must stay optimisable and inlinable into the subhandler.
const NOT_INHERITED: &[&str] = &["convergent", "noinline", "optnone", "alwaysinline"];

const AXES: [&str; 3] = ["x", "y", "z"];

fn build_error(e: inkwell::builder::BuilderError) -> CompileError {
    CompileError::Pass(format!("{NAME}: {e}"))
}

/// A function other than `kernel` reachable from it that synchronises the work-group.
fn barrier_in_callee<'ctx>(kernel: FunctionValue<'ctx>) -> Option<(FunctionValue<'ctx>, String)> {
    let mut seen = HashSet::from([kernel]);
    let mut stack: Vec<FunctionValue> = walk::direct_calls(kernel)
        .into_iter()
        .map(|c| c.callee)
        .collect();
    while let Some(function) = stack.pop() {
        if !seen.insert(function) {
            continue;
        }
        for call in walk::direct_calls(function) {
            let callee_name = walk::name(call.callee);
            if mux::is_barrier_like(&callee_name) {
                return Some((function, callee_name));
            }
            stack.push(call.callee);
        }
    }
    None
}

fn has_barrier(kernel: FunctionValue<'_>) -> bool {
    walk::direct_calls(kernel)
        .iter()
        .any(|c| mux::is_barrier_like(&walk::name(c.callee)))
}

pub(crate) fn declare_set_local_id<'ctx>(module: &Module<'ctx>) -> FunctionValue<'ctx> {
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

fn declare_scratch<'ctx>(module: &Module<'ctx>) -> FunctionValue<'ctx> {
    module
        .get_function(mux::WORK_GROUP_SCRATCH)
        .unwrap_or_else(|| {
            let context = module.get_context();
            let function_type = context.ptr_type(AddressSpace::default()).fn_type(
                &[context.i32_type().into(), context.i64_type().into()],
                false,
            );
            module.add_function(mux::WORK_GROUP_SCRATCH, function_type, None)
        })
}

/// The kernel's `!reqd_work_group_size` (x, y, z), if it has one.
pub fn required_work_group_size(function: FunctionValue<'_>) -> Option<[u64; 3]> {
    let operands = function_metadata(function, "reqd_work_group_size")?.get_node_values()?;
    let mut sizes = [1u64; 3];
    for (slot, operand) in sizes.iter_mut().zip(operands) {
        if let BasicMetadataValueEnum::IntValue(size) = operand {
            if let Some(size) = size.get_zero_extended_constant() {
                *slot = size;
            }
        }
    }
    Some(sizes)
}

/// What the wrapper needs while it builds loops.
struct Wrapper<'a, 'ctx> {
    module: &'a Module<'ctx>,
    context: ContextRef<'ctx>,
    function: FunctionValue<'ctx>,
    builder: Builder<'ctx>,
    sizes: [IntValue<'ctx>; 3],
    set_local_id: FunctionValue<'ctx>,
}

impl<'ctx> Wrapper<'_, 'ctx> {
    /// The local linear id of the work-item with local ids `ids` (x fastest).
    fn linear_id(&self, ids: [IntValue<'ctx>; 3]) -> Result<IntValue<'ctx>, CompileError> {
        self.row_major_index(ids, self.sizes[0], ids[0], "wi.rowx")
    }

    /// The index of the vector of work-items starting at local id x (a multiple of `width`) in
    /// row (y, z) of `row_items` vectors.
    fn vector_linear_id(
        &self,
        ids: [IntValue<'ctx>; 3],
        x: IntValue<'ctx>,
        row_items: IntValue<'ctx>,
        width: u32,
    ) -> Result<IntValue<'ctx>, CompileError> {
        let width = self.context.i64_type().const_int(width as u64, false);
        let vector = self
            .builder
            .build_int_unsigned_div(x, width, "wi.xv")
            .map_err(build_error)?;
        self.row_major_index(ids, row_items, vector, "wi.rowv")
    }

    /// Item `item` of row (y, z) = (`ids[1]`, `ids[2]`), when every row holds `row_items`.
    fn row_major_index(
        &self,
        ids: [IntValue<'ctx>; 3],
        row_items: IntValue<'ctx>,
        item: IntValue<'ctx>,
        row_start_name: &str,
    ) -> Result<IntValue<'ctx>, CompileError> {
        let builder = &self.builder;
        let row = builder
            .build_int_nuw_mul(ids[2], self.sizes[1], "wi.zy")
            .map_err(build_error)?;
        let row = builder
            .build_int_nuw_add(row, ids[1], "wi.row")
            .map_err(build_error)?;
        let row_start = builder
            .build_int_nuw_mul(row, row_items, row_start_name)
            .map_err(build_error)?;
        builder
            .build_int_nuw_add(row_start, item, "wi.linear")
            .map_err(build_error)
    }

    /// Builds the z/y/x loop nest at the end of the current block; `body` fills the innermost
    /// loop given the local ids. Leaves the builder at the end of the block after the nest.
    fn loops(
        &self,
        label: &str,
        body: impl FnMut(&Builder<'ctx>, [IntValue<'ctx>; 3]) -> Result<(), CompileError>,
    ) -> Result<(), CompileError> {
        self.loops_over(label, &[0, 1, 2], None, body)
    }

    /// `size` capped at `limit` (at least 1, so that a row always makes its first call: the
    /// call that records the next region), or `size` itself without a limit.
    fn capped(
        &self,
        size: IntValue<'ctx>,
        limit: Option<u64>,
    ) -> Result<IntValue<'ctx>, CompileError> {
        let Some(limit) = limit else {
            return Ok(size);
        };
        let limit = self.context.i64_type().const_int(limit.max(1), false);
        let below = self
            .builder
            .build_int_compare(IntPredicate::ULT, size, limit, "wi.x.below")
            .map_err(build_error)?;
        Ok(self
            .builder
            .build_select(below, size, limit, "wi.x.limit")
            .map_err(build_error)?
            .into_int_value())
    }

    /// Builds loops over the dimensions `dims` (outermost last), `body` in the innermost; the ids
    /// of the other dimensions are zero. With `x_limit`, x stops there ([`x_limit`]).
    fn loops_over(
        &self,
        label: &str,
        dims: &[usize],
        x_limit: Option<u64>,
        mut body: impl FnMut(&Builder<'ctx>, [IntValue<'ctx>; 3]) -> Result<(), CompileError>,
    ) -> Result<(), CompileError> {
        let (builder, context) = (&self.builder, self.context);
        let mut bounds = self.sizes;
        bounds[0] = self.capped(bounds[0], x_limit)?;
        let i32_type = context.i32_type();
        let i64_type = context.i64_type();
        let mut headers = Vec::new();
        let mut preheader = builder.get_insert_block().expect("positioned");
        let mut ids = [i64_type.const_zero(); 3];
        for &dim in dims.iter().rev() {
            let axis = AXES[dim];
            let header =
                context.append_basic_block(self.function, &format!("{label}wi.loop.{axis}"));
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
                    self.set_local_id,
                    &[i32_type.const_int(dim as u64, false).into(), id.into()],
                    "",
                )
                .map_err(build_error)?;
            ids[dim] = id;
            headers.push((dim, header, phi));
            preheader = header;
        }
        body(builder, ids)?;
        let mut current = builder.get_insert_block().expect("positioned in the body");
        for (position, &(dim, header, phi)) in headers.iter().enumerate().rev() {
            let axis = AXES[dim];
            builder.position_at_end(current);
            let id = phi.as_basic_value().into_int_value();
            let next = builder
                .build_int_nuw_add(id, i64_type.const_int(1, false), &format!("wi.{axis}.next"))
                .map_err(build_error)?;
            let more = builder
                .build_int_compare(
                    IntPredicate::ULT,
                    next,
                    bounds[dim],
                    &format!("wi.{axis}.more"),
                )
                .map_err(build_error)?;
            let after = if position == 0 {
                context.append_basic_block(self.function, &format!("{label}wi.exit"))
            } else {
                let outer = AXES[headers[position - 1].0];
                context.append_basic_block(self.function, &format!("{label}wi.latch.{outer}"))
            };
            let latch = builder
                .build_conditional_branch(more, header, after)
                .map_err(build_error)?;
            forbid_runtime_unrolling(context, latch);
            phi.add_incoming(&[(&next, current)]);
            current = after;
        }
        builder.position_at_end(current);
        Ok(())
    }
}

impl<'ctx> Wrapper<'_, 'ctx> {
    /// One row of x through the vector form of the kernel (the scheduling "vector loop +
    /// vector-predicated tail", docs/vectorizer.md): `width` work-items per call while a whole
    /// vector fits, then one call for the remainder with fewer active lanes. With a required
    /// work-group size that `width` divides, the remainder folds away (vector only).
    /// `call(x, active lanes)` makes one call of the vector form (or of one of its regions) for
    /// the work-items from local id x on. With `x_limit`, only vectors starting below it are
    /// called ([`x_limit`]).
    fn vector_row(
        &self,
        width: u32,
        no_tail: bool,
        x_limit: Option<u64>,
        mut call_vector: impl FnMut(IntValue<'ctx>, IntValue<'ctx>) -> Result<(), CompileError>,
    ) -> Result<(), CompileError> {
        let (builder, context) = (&self.builder, self.context);
        let i64_type = context.i64_type();
        let i32_type = context.i32_type();
        let size = self.sizes[0];
        let lanes = i64_type.const_int(width as u64, false);
        let remainder = builder
            .build_int_unsigned_rem(size, lanes, "wi.x.rem")
            .map_err(build_error)?;
        let full = builder
            .build_int_nuw_sub(size, remainder, "wi.x.full")
            .map_err(build_error)?;
        let full_end = self.capped(full, x_limit)?;
        let mut call = |x: IntValue<'ctx>, active: IntValue<'ctx>| -> Result<(), CompileError> {
            builder
                .build_call(
                    self.set_local_id,
                    &[i32_type.const_zero().into(), x.into()],
                    "",
                )
                .map_err(build_error)?;
            call_vector(x, active)
        };
        let preheader = builder.get_insert_block().expect("positioned");
        let body = context.append_basic_block(self.function, "wi.vector.x");
        let tail_check = context.append_basic_block(self.function, "wi.vector.tail.check");
        let done = context.append_basic_block(self.function, "wi.vector.done");
        let any_full = builder
            .build_int_compare(IntPredicate::NE, full, i64_type.const_zero(), "wi.x.any")
            .map_err(build_error)?;
        builder
            .build_conditional_branch(any_full, body, tail_check)
            .map_err(build_error)?;
        builder.position_at_end(body);
        let x = builder.build_phi(i64_type, "wi.x").map_err(build_error)?;
        let x_value = x.as_basic_value().into_int_value();
        if let Some(limit) = x_limit {
            self.assume_below(x_value, limit)?;
        }
        call(x_value, i32_type.const_int(width as u64, false))?;
        let next = builder
            .build_int_nuw_add(x_value, lanes, "wi.x.next")
            .map_err(build_error)?;
        x.add_incoming(&[(&i64_type.const_zero(), preheader), (&next, body)]);
        let more = builder
            .build_int_compare(IntPredicate::ULT, next, full_end, "wi.x.more")
            .map_err(build_error)?;
        let latch = builder
            .build_conditional_branch(more, body, tail_check)
            .map_err(build_error)?;
        forbid_runtime_unrolling(context, latch);
        builder.position_at_end(tail_check);
        if no_tail {
            builder
                .build_unconditional_branch(done)
                .map_err(build_error)?;
            builder.position_at_end(done);
            return Ok(());
        }
        let tail = context.append_basic_block(self.function, "wi.vector.tail");
        let mut any_left = builder
            .build_int_compare(
                IntPredicate::NE,
                remainder,
                i64_type.const_zero(),
                "wi.x.left",
            )
            .map_err(build_error)?;
        if x_limit.is_some() {
            let tail_needed = builder
                .build_int_compare(IntPredicate::EQ, full_end, full, "wi.x.tail.needed")
                .map_err(build_error)?;
            any_left = builder
                .build_and(any_left, tail_needed, "wi.x.left.needed")
                .map_err(build_error)?;
        }
        builder
            .build_conditional_branch(any_left, tail, done)
            .map_err(build_error)?;
        builder.position_at_end(tail);
        let active = builder
            .build_int_truncate(remainder, i32_type, "wi.x.active")
            .map_err(build_error)?;
        call(full, active)?;
        builder
            .build_unconditional_branch(done)
            .map_err(build_error)?;
        builder.position_at_end(done);
        Ok(())
    }

    /// Tells LLVM that `x`, the first local id of a whole vector in a row narrowed to `limit`,
    /// is below the limit (at least 1, as [`Wrapper::capped`] makes it). The region's guard is
    /// that comparison ("any lane below the limit"), and LLVM did not derive it from the loop's
    /// `x < min(size, limit)`: without this every call tested it again.
    fn assume_below(&self, x: IntValue<'ctx>, limit: u64) -> Result<(), CompileError> {
        let limit = self.context.i64_type().const_int(limit.max(1), false);
        let below = self
            .builder
            .build_int_compare(IntPredicate::ULT, x, limit, "wi.x.below.limit")
            .map_err(build_error)?;
        let assume = Intrinsic::find("llvm.assume")
            .and_then(|intrinsic| intrinsic.get_declaration(self.module, &[]))
            .ok_or_else(|| CompileError::Pass("LLVM has no intrinsic llvm.assume".into()))?;
        self.builder
            .build_call(assume, &[below.into()], "")
            .map_err(build_error)?;
        Ok(())
    }
}

/// Marks the work-item loop whose latch is `branch` so that LLVM does not unroll it by a
/// trip count known only at run time (`llvm.loop.unroll.runtime.disable`). Such unrolling made a
/// one-line kernel's subhandler several times larger (eight copies of a vector row and an
/// epilogue, or a y loop unrolled around its x loops), which nearly doubled what the device
/// compile spends per kernel in LLVM's optimiser, loop strength reduction and instruction
/// selection (docs/compile-cost.md), to save a compare and a branch per vector of work-items.
/// Loops in the kernel's own code are left to LLVM.
fn forbid_runtime_unrolling(
    context: ContextRef<'_>,
    branch: inkwell::values::InstructionValue<'_>,
) {
    metadata::set_loop_option(context, branch, "llvm.loop.unroll.runtime.disable");
}

fn create_wrapper<'ctx>(module: &Module<'ctx>, kernel: FunctionValue<'ctx>) -> FunctionValue<'ctx> {
    let context = module.get_context();
    let param_types: Vec<BasicMetadataTypeEnum> = kernel.get_type().get_param_types();
    let wrapper_type = context.void_type().fn_type(&param_types, false);
    let base = attributes::base_name(kernel);
    let wrapper = module.add_function(&format!("{base}.mux-barrier-wrapper"), wrapper_type, None);
    copy_inherited_attributes(wrapper, kernel);
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
    let align = Attribute::get_named_enum_kind_id("align");
    let target_data = walk::target_data(module);
    for index in 0..kernel.count_params() {
        let location = AttributeLoc::Param(index);
        if !attributes::has_enum_attribute(kernel, location, "byval") {
            continue;
        }
        // The wrapper's by-value argument is the launch's own copy: nothing the kernel can
        // reach points into it, and work-items write only private copies. Saying so lets
        // LLVM hoist the reads of captured values out of the work-item loops; that the whole
        // copy is there (and how it is aligned) lets it hoist them out of branches too, once
        // add-kernel-wrapper has passed the facts on to the argument's load.
        attributes::add_enum_attribute(wrapper, location, "noalias");
        attributes::add_enum_attribute(wrapper, location, "readonly");
        if let Some(bytes) = memory::dereferenceable_parameter_bytes(kernel, index, &target_data) {
            attributes::add_integer_attribute(wrapper, location, "dereferenceable", bytes);
        }
        if let Some(alignment) = kernel.get_enum_attribute(location, align) {
            wrapper.add_attribute(location, alignment);
        }
    }
    wrapper
}

fn copy_inherited_attributes(to: FunctionValue<'_>, from: FunctionValue<'_>) {
    for attribute in from.attributes(AttributeLoc::Function) {
        let inherited = !attribute.is_enum()
            || !NOT_INHERITED
                .iter()
                .any(|n| Attribute::get_named_enum_kind_id(n) == attribute.get_enum_kind_id());
        if inherited {
            to.add_attribute(AttributeLoc::Function, attribute);
        }
    }
    to.remove_string_attribute(AttributeLoc::Function, attributes::MUX_KERNEL);
}

/// Makes `function` an internal, always-inline C function (unless it must not be inlined).
fn make_internal_inlinable(function: FunctionValue<'_>) {
    function.set_linkage(Linkage::Internal);
    function.set_call_conventions(calling_convention::C);
    if !attributes::has_enum_attribute(function, AttributeLoc::Function, "noinline") {
        attributes::add_enum_attribute(function, AttributeLoc::Function, "alwaysinline");
    }
}

fn local_sizes<'ctx>(
    module: &Module<'ctx>,
    kernel: FunctionValue<'ctx>,
    builder: &Builder<'ctx>,
) -> Result<[IntValue<'ctx>; 3], CompileError> {
    let context = module.get_context();
    let i64_type = context.i64_type();
    if let Some(required) = required_work_group_size(kernel) {
        return Ok(required.map(|size| i64_type.const_int(size, false)));
    }
    let mut sizes = [i64_type.const_zero(); 3];
    for (dim, size) in sizes.iter_mut().enumerate() {
        let name = format!("local_size.{}", AXES[dim]);
        *size = build_query_call(module, builder, WorkItemQuery::LocalSize, dim as u32, &name)
            .map_err(build_error)?;
    }
    Ok(sizes)
}

/// Marks `function`'s reads of its kernel functor `!invariant.load`
/// ([`memory::reads_unchanging_parameter`]). The wrapper's argument is `noalias`, but that
/// fact does not survive inlining into the subhandler well enough for LLVM to hoist the reads
/// of captured pointers out of the work-item loops past the loops' own stores.
fn mark_functor_reads_invariant(function: FunctionValue<'_>) {
    for block in function.get_basic_blocks() {
        for instruction in cfg::instructions(block) {
            if let Some(load) = instruction
                .instruction()
                .filter(|load| memory::reads_unchanging_parameter(*load))
            {
                metadata::mark_invariant_load(load);
            }
        }
    }
}

fn wrap_kernel<'ctx>(
    module: &Module<'ctx>,
    kernel: FunctionValue<'ctx>,
    options: &WorkItemLoops,
) -> Result<(), CompileError> {
    let debug = options.debug;
    let kernel_name = walk::name(kernel);
    if let Some((function, builtin)) = barrier_in_callee(kernel) {
        return Err(CompileError::unsupported(
            attributes::original_name(kernel),
            format!(
                "'{}' synchronises the work-group (call to {builtin}) but was not inlined into the \
                 kernel: run prepare-barriers first",
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
    let vector_form = vectorize::vector_kernel(kernel);
    mark_functor_reads_invariant(kernel);
    if let Some((vector, _)) = vector_form {
        mark_functor_reads_invariant(vector);
    }
    let context = module.get_context();
    let wrapper_function = create_wrapper(module, kernel);
    let builder = context.create_builder();
    builder.position_at_end(context.append_basic_block(wrapper_function, "entry"));
    let sizes = local_sizes(module, kernel, &builder)?;
    let wrapper = Wrapper {
        module,
        context,
        function: wrapper_function,
        builder,
        sizes,
        set_local_id: declare_set_local_id(module),
    };
    if has_barrier(kernel) {
        let subprogram = kernel.get_subprogram();
        let vector = vector_form.map(|(function, width)| VectorSchedule {
            function,
            width,
            no_tail: options.no_tail,
        });
        let debuggable = debug && subprogram.is_some() && vector.is_none();
        schedule_regions(&wrapper, kernel, vector, debuggable)?;
        // The regions are clones; whatever still names the kernel now names the wrapper.
        if let Some(vector) = vector {
            walk::delete_function(vector.function, None);
        }
        walk::delete_function(kernel, Some(wrapper_function));
        if let Some(subprogram) = subprogram.filter(|_| debuggable) {
            // The regions keep the kernel's source locations and are inlined here, so this
            // function takes the kernel's place in the debug information, as its own frame.
            wrapper_function.set_subprogram(subprogram);
            attributes::add_enum_attribute(wrapper_function, AttributeLoc::Function, "noinline");
        }
    } else if let Some((vector, width)) = vector_form {
        set_number(wrapper_function, mux::VECTOR_WIDTH, u64::from(width));
        wrapper.loops_over("", &[1, 2], None, |_, _| {
            wrapper.vector_row(width, options.no_tail, None, |_, active| {
                let mut args: Vec<BasicMetadataValueEnum> =
                    wrapper_function.get_param_iter().map(Into::into).collect();
                args.push(active.into());
                wrapper
                    .builder
                    .build_call(vector, &args, "")
                    .map_err(build_error)?;
                Ok(())
            })
        })?;
        wrapper.builder.build_return(None).map_err(build_error)?;
        make_internal_inlinable(kernel);
        make_internal_inlinable(vector);
    } else {
        let args: Vec<BasicMetadataValueEnum> =
            wrapper_function.get_param_iter().map(Into::into).collect();
        wrapper.loops("", |builder, _| {
            let call = builder.build_call(kernel, &args, "").map_err(build_error)?;
            let byval = Attribute::get_named_enum_kind_id("byval");
            let readonly = Attribute::get_named_enum_kind_id("readonly");
            let align = Attribute::get_named_enum_kind_id("align");
            for index in 0..kernel.count_params() {
                let Some(attribute) = kernel.get_enum_attribute(AttributeLoc::Param(index), byval)
                else {
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
                    if let Some(alignment) =
                        kernel.get_enum_attribute(AttributeLoc::Param(index), align)
                    {
                        call.add_attribute(AttributeLoc::Param(index), alignment);
                    }
                }
            }
            Ok(())
        })?;
        wrapper.builder.build_return(None).map_err(build_error)?;
        if debug {
            // The kernel stays a frame of its own, with its subprogram and variables.
            kernel.set_linkage(Linkage::Internal);
            kernel.set_call_conventions(calling_convention::C);
            attributes::add_enum_attribute(kernel, AttributeLoc::Function, "noinline");
        } else {
            make_internal_inlinable(kernel);
        }
    }
    Ok(())
}

/// `*accumulator = op(*accumulator, *slot)`; returns the accumulator before and after.
fn accumulate<'ctx>(
    builder: &Builder<'ctx>,
    accumulator: PointerValue<'ctx>,
    op: CollectiveOp,
    ty: BasicTypeEnum<'ctx>,
    slot: PointerValue<'ctx>,
) -> Result<(BasicValueEnum<'ctx>, BasicValueEnum<'ctx>), CompileError> {
    let value = builder
        .build_load(ty, slot, "collective.value")
        .map_err(build_error)?;
    let before = builder
        .build_load(ty, accumulator, "collective.before")
        .map_err(build_error)?;
    let after = mux::combine(builder, op, before, value)?;
    builder
        .build_store(accumulator, after)
        .map_err(build_error)?;
    Ok((before, after))
}

/// Declares each live variable as `*slot + offset` (`DW_OP_deref, DW_OP_plus_uconst offset`).
fn declare_live_variables<'ctx>(
    module: &Module<'ctx>,
    slot: PointerValue<'ctx>,
    variables: &[regions::LiveVariable<'ctx>],
    builder: &Builder<'ctx>,
) {
    let Some(block) = builder.get_insert_block() else {
        return;
    };
    if block.get_last_instruction().is_none() {
        return;
    }
    let debug_builder = DebugBuilder::new(module);
    for variable in variables {
        let expression = debug_builder.expression(&[0x06, 0x23, variable.offset]);
        let declaration = metadata::Declaration {
            storage: Value::from(slot),
            variable: variable.variable,
            expression,
            location: variable.location,
        };
        debug_builder.declare_at_end(declaration, block);
    }
}

/// The memory half of a work-group barrier `__mux_work_group_barrier(id, scope, semantics)`,
/// issued once where the region after it starts. A work-group runs on one thread, so ordering
/// within the work-group (Workgroup, Subgroup or Invocation scope) is a single-thread fence;
/// Device or CrossDevice scope orders against other threads. SPIR-V semantics without an
/// ordering bit (Acquire 0x2, Release 0x4, AcquireRelease 0x8, SequentiallyConsistent 0x10) ask
/// for no fence; non-constant operands get the strongest one.
fn memory_fence<'ctx>(builder: &Builder<'ctx>, barrier: Value<'ctx>) -> Result<(), CompileError> {
    let constant = |index: u32| -> Option<u64> {
        (index < barrier.argument_count())
            .then(|| barrier.operand(index).zero_extended_constant())
            .flatten()
    };
    let (scope, semantics) = (constant(1), constant(2));
    let ordering = match semantics {
        Some(bits) if bits & 0x10 != 0 => inkwell::AtomicOrdering::SequentiallyConsistent,
        Some(bits) if bits & 0xe != 0 => inkwell::AtomicOrdering::AcquireRelease,
        Some(_) => return Ok(()),
        None => inkwell::AtomicOrdering::SequentiallyConsistent,
    };
    let single_thread = matches!(scope, Some(2..=4));
    builder
        .build_fence(ordering, single_thread, "")
        .map_err(build_error)?;
    Ok(())
}

fn set_number(function: FunctionValue<'_>, key: &str, value: u64) {
    attributes::set_string_attribute(function, key, &value.to_string());
}

/// Records on the wrapper what add-kernel-metadata reports: the bytes per work-item of the live
/// struct (one struct holds a vector of `width` work-items) and the vector width.
fn record_live_variables_size(wrapper: FunctionValue<'_>, stride: u64, width: u32) {
    let width = u64::from(width);
    set_number(wrapper, mux::LIVE_VARIABLES_SIZE, stride.div_ceil(width));
    if width > 1 {
        set_number(wrapper, mux::VECTOR_WIDTH, width);
    }
}

/// Runs the barrier regions of `kernel` one after the other, each over the whole work-group.
/// A kernel with barriers run through its vector form: the regions are cut from the vector
/// function, and each region runs `width` work-items per call along x (docs/vectorizer.md,
/// "Barriers").
#[derive(Clone, Copy)]
struct VectorSchedule<'ctx> {
    function: FunctionValue<'ctx>,
    width: u32,
    no_tail: bool,
}

fn schedule_regions<'ctx>(
    wrapper: &Wrapper<'_, 'ctx>,
    kernel: FunctionValue<'ctx>,
    vector: Option<VectorSchedule<'ctx>>,
    debug: bool,
) -> Result<(), CompileError> {
    let (module, context, builder) = (wrapper.module, wrapper.context, &wrapper.builder);
    let base = attributes::base_name(kernel);
    let source = vector.map_or(kernel, |v| v.function);
    let barriers = regions::split_at_barriers(source, mux::is_barrier_like)?;
    let SplitKernel {
        barriers,
        regions,
        live,
        live_variables,
    } = regions::build_regions(
        module,
        source,
        barriers,
        &base,
        &format!("{base}_live_mem_info"),
        debug,
    )?;
    for region in &regions {
        copy_inherited_attributes(region.function, kernel);
        make_internal_inlinable(region.function);
    }
    record_live_variables_size(wrapper.function, live.stride, vector.map_or(1, |v| v.width));
    let schedule = Schedule::new(wrapper, &live, vector, &live_variables, debug)?;
    let versions = row_versions(wrapper, vector)?;
    let exit = context.append_basic_block(wrapper.function, "kernel.exit");
    builder.position_at_end(exit);
    builder.build_return(None).map_err(build_error)?;
    for &(dispatch, whole_rows) in &versions {
        let mut cases = vec![(context.i32_type().const_zero(), exit)];
        for region in &regions {
            cases.push(schedule.region(region, &barriers, dispatch, whole_rows)?);
        }
        schedule.dispatch(dispatch, &cases)?;
    }
    Ok(())
}

/// The region schedules the wrapper's entry chooses between, each a dispatch block and whether
/// its rows of x are whole vectors. A vector form with a local size known only at run time gets
/// two: one for rows that are a multiple of the width, where every call has all lanes active,
/// so the lane masks and the remainder calls of every region fold away (the tree reduction's
/// subhandler computed them at each work-group's start), and the general one. One otherwise.
fn row_versions<'ctx>(
    wrapper: &Wrapper<'_, 'ctx>,
    vector: Option<VectorSchedule<'ctx>>,
) -> Result<Vec<(BasicBlock<'ctx>, bool)>, CompileError> {
    let (context, builder) = (wrapper.context, &wrapper.builder);
    let dispatch = context.append_basic_block(wrapper.function, "barrier.dispatch");
    let Some(v) = vector.filter(|v| !v.no_tail && !wrapper.sizes[0].is_const()) else {
        builder
            .build_unconditional_branch(dispatch)
            .map_err(build_error)?;
        return Ok(vec![(dispatch, false)]);
    };
    let whole = context.append_basic_block(wrapper.function, "barrier.dispatch.whole");
    let i64_type = context.i64_type();
    let remainder = builder
        .build_int_unsigned_rem(
            wrapper.sizes[0],
            i64_type.const_int(u64::from(v.width), false),
            "rows.rem",
        )
        .map_err(build_error)?;
    let whole_rows = builder
        .build_int_compare(
            IntPredicate::EQ,
            remainder,
            i64_type.const_zero(),
            "rows.whole",
        )
        .map_err(build_error)?;
    builder
        .build_conditional_branch(whole_rows, whole, dispatch)
        .map_err(build_error)?;
    Ok(vec![(dispatch, false), (whole, true)])
}

/// A scan a region starts at: its running value, and which member holds each work-item's
/// operand.
#[derive(Clone, Copy)]
struct Scan<'ctx> {
    accumulator: PointerValue<'ctx>,
    op: CollectiveOp,
    ty: BasicTypeEnum<'ctx>,
    inclusive: bool,
    index: usize,
}

/// What every work-item of a region that starts at a collective receives (`uniform`), or how a
/// scan accumulates.
#[derive(Clone, Copy, Default)]
struct RegionInput<'ctx> {
    uniform: Option<BasicValueEnum<'ctx>>,
    scan: Option<Scan<'ctx>>,
}

/// The wrapper's schedule of a kernel's regions: the live variables of every work-item (every
/// vector of work-items along x, for the vector form) in this thread's scratch buffer, and the
/// id of the region to run next.
struct Schedule<'a, 'ctx> {
    wrapper: &'a Wrapper<'a, 'ctx>,
    live: &'a regions::LiveLayout<'ctx>,
    vector: Option<VectorSchedule<'ctx>>,
    /// Work-items (vectors of work-items) per row of x, and in the work-group.
    row_items: IntValue<'ctx>,
    items: IntValue<'ctx>,
    live_base: PointerValue<'ctx>,
    next_region: PointerValue<'ctx>,
    /// Debug mode: the current work-item's live struct, through which the debugger finds the
    /// kernel's variables (OCK's `live_vars_peel_dbg`).
    debug_item: Option<PointerValue<'ctx>>,
    entry_builder: Builder<'ctx>,
    entry_block: BasicBlock<'ctx>,
    params: Vec<BasicMetadataValueEnum<'ctx>>,
}

impl<'a, 'ctx> Schedule<'a, 'ctx> {
    /// Builds the schedule's entry: the live-variable buffer and the next region's slot.
    fn new(
        wrapper: &'a Wrapper<'a, 'ctx>,
        live: &'a regions::LiveLayout<'ctx>,
        vector: Option<VectorSchedule<'ctx>>,
        live_variables: &[regions::LiveVariable<'ctx>],
        debug: bool,
    ) -> Result<Self, CompileError> {
        let (context, builder) = (wrapper.context, &wrapper.builder);
        let (i32_type, i64_type) = (context.i32_type(), context.i64_type());
        let row_items = match vector {
            None => wrapper.sizes[0],
            Some(v) => {
                let width = i64_type.const_int(v.width as u64, false);
                let rounded_up = builder
                    .build_int_nuw_add(
                        wrapper.sizes[0],
                        i64_type.const_int(v.width as u64 - 1, false),
                        "items.x.up",
                    )
                    .map_err(build_error)?;
                builder
                    .build_int_unsigned_div(rounded_up, width, "items.x")
                    .map_err(build_error)?
            }
        };
        let items = builder
            .build_int_nuw_mul(row_items, wrapper.sizes[1], "items.xy")
            .map_err(build_error)?;
        let items = builder
            .build_int_nuw_mul(items, wrapper.sizes[2], "items")
            .map_err(build_error)?;
        let bytes = builder
            .build_int_nuw_mul(items, i64_type.const_int(live.stride, false), "live.bytes")
            .map_err(build_error)?;
        let scratch = [
            i32_type
                .const_int(mux::LIVE_VARIABLES_SCRATCH, false)
                .into(),
            bytes.into(),
        ];
        let live_base = builder
            .build_call(declare_scratch(wrapper.module), &scratch, "live_variables")
            .map_err(build_error)?
            .try_as_basic_value()
            .basic()
            .expect("a pointer")
            .into_pointer_value();
        let next_region = builder
            .build_alloca(i32_type, "next_barrier_id")
            .map_err(build_error)?;
        builder
            .build_store(next_region, i32_type.const_int(1, false))
            .map_err(build_error)?;
        let debug_item = if debug {
            let slot = builder
                .build_alloca(context.ptr_type(AddressSpace::default()), "live_vars_dbg")
                .map_err(build_error)?;
            declare_live_variables(wrapper.module, slot, live_variables, builder);
            Some(slot)
        } else {
            None
        };
        Ok(Schedule {
            wrapper,
            live,
            vector,
            row_items,
            items,
            live_base,
            next_region,
            debug_item,
            entry_builder: context.create_builder(),
            entry_block: builder.get_insert_block().expect("positioned in the entry"),
            params: wrapper.function.get_param_iter().map(Into::into).collect(),
        })
    }

    /// An alloca in the entry block: the region blocks run again on every pass of the
    /// dispatch loop, and an alloca there would grow the stack each time.
    fn entry_alloca(
        &self,
        ty: BasicTypeEnum<'ctx>,
        name: &str,
    ) -> Result<PointerValue<'ctx>, CompileError> {
        match self.entry_block.get_first_instruction() {
            Some(first) => self.entry_builder.position_before(&first),
            None => self.entry_builder.position_at_end(self.entry_block),
        }
        self.entry_builder
            .build_alloca(ty, name)
            .map_err(build_error)
    }

    /// The live struct of work-item (vector of work-items) `linear`.
    fn item_pointer(&self, linear: IntValue<'ctx>) -> Result<PointerValue<'ctx>, CompileError> {
        let (builder, context) = (&self.wrapper.builder, self.wrapper.context);
        let offset = builder
            .build_int_nuw_mul(
                linear,
                context.i64_type().const_int(self.live.stride, false),
                "live.offset",
            )
            .map_err(build_error)?;
        // The offset stays inside the buffer sized for every work-item.
        let base = self.live_base;
        memory::element_address(
            builder,
            context.i8_type(),
            base,
            &[offset],
            true,
            "live.item",
        )
        .map_err(build_error)
    }

    /// Member `index` of the live struct at `item`.
    fn member(
        &self,
        item: PointerValue<'ctx>,
        index: u32,
    ) -> Result<PointerValue<'ctx>, CompileError> {
        self.wrapper
            .builder
            .build_struct_gep(self.live.struct_type, item, index, "live.member")
            .map_err(build_error)
    }

    /// A reduction, `any` or `all`: folds the operand every work-item stored, before the loops.
    fn fold(
        &self,
        label: &str,
        index: usize,
        op: CollectiveOp,
        operand_type: BasicTypeEnum<'ctx>,
    ) -> Result<BasicValueEnum<'ctx>, CompileError> {
        let (builder, context, function) = (
            &self.wrapper.builder,
            self.wrapper.context,
            self.wrapper.function,
        );
        let i64_type = context.i64_type();
        let accumulator = self.entry_alloca(operand_type, "fold.acc")?;
        builder
            .build_store(accumulator, mux::identity(op, operand_type))
            .map_err(build_error)?;
        let head = context.append_basic_block(function, &format!("{label}fold"));
        let done = context.append_basic_block(function, &format!("{label}fold.done"));
        let preheader = builder.get_insert_block().expect("positioned");
        builder
            .build_unconditional_branch(head)
            .map_err(build_error)?;
        builder.position_at_end(head);
        let i = builder.build_phi(i64_type, "fold.i").map_err(build_error)?;
        i.add_incoming(&[(&i64_type.const_zero(), preheader)]);
        let item = self.item_pointer(i.as_basic_value().into_int_value())?;
        let slot = self.member(item, self.live.collective_operand[&index])?;
        accumulate(builder, accumulator, op, operand_type, slot)?;
        let next = builder
            .build_int_nuw_add(
                i.as_basic_value().into_int_value(),
                i64_type.const_int(1, false),
                "fold.next",
            )
            .map_err(build_error)?;
        i.add_incoming(&[(&next, head)]);
        let more = builder
            .build_int_compare(IntPredicate::ULT, next, self.items, "fold.more")
            .map_err(build_error)?;
        builder
            .build_conditional_branch(more, head, done)
            .map_err(build_error)?;
        builder.position_at_end(done);
        builder
            .build_load(operand_type, accumulator, "fold.result")
            .map_err(build_error)
    }

    /// A broadcast: the chosen work-item's stored operand.
    fn broadcast(
        &self,
        index: usize,
        operand_type: BasicTypeEnum<'ctx>,
    ) -> Result<BasicValueEnum<'ctx>, CompileError> {
        let (builder, i64_type) = (&self.wrapper.builder, self.wrapper.context.i64_type());
        let first = self.item_pointer(i64_type.const_zero())?;
        let index_slot = self.member(first, self.live.broadcast_index[&index])?;
        let chosen = builder
            .build_load(i64_type, index_slot, "broadcast.index")
            .map_err(build_error)?
            .into_int_value();
        let item = self.item_pointer(chosen)?;
        let slot = self.member(item, self.live.collective_operand[&index])?;
        builder
            .build_load(operand_type, slot, "broadcast.value")
            .map_err(build_error)
    }

    /// What the region starting at the collective of barrier `index` gives its work-items:
    /// reductions, `any` and `all` fold before the loops; scans accumulate in the loops, whose
    /// order is the local linear order; a broadcast reads the chosen work-item's operand.
    fn collective_input(
        &self,
        label: &str,
        index: usize,
        collective: Collective,
    ) -> Result<RegionInput<'ctx>, CompileError> {
        let operand_type: BasicTypeEnum = self
            .live
            .struct_type
            .get_field_type_at_index(self.live.collective_operand[&index])
            .expect("the operand is a member");
        let op = match collective.kind {
            CollectiveKind::Any => Some(CollectiveOp::LogicalOr),
            CollectiveKind::All => Some(CollectiveOp::LogicalAnd),
            _ => collective.op,
        };
        let mut input = RegionInput::default();
        match collective.kind {
            CollectiveKind::Reduce | CollectiveKind::Any | CollectiveKind::All => {
                let op = op.expect("reductions have an operation");
                input.uniform = Some(self.fold(label, index, op, operand_type)?);
            }
            CollectiveKind::Broadcast => {
                input.uniform = Some(self.broadcast(index, operand_type)?);
            }
            CollectiveKind::ScanInclusive | CollectiveKind::ScanExclusive => {
                let op = op.expect("scans have an operation");
                let accumulator = self.entry_alloca(operand_type, "scan.acc")?;
                self.wrapper
                    .builder
                    .build_store(accumulator, mux::identity(op, operand_type))
                    .map_err(build_error)?;
                input.scan = Some(Scan {
                    accumulator,
                    op,
                    ty: operand_type,
                    inclusive: collective.kind == CollectiveKind::ScanInclusive,
                    index,
                });
            }
        }
        Ok(input)
    }

    /// Calls `function` for work-item (vector of work-items) `linear` and records the region it
    /// says comes next.
    fn run_region(
        &self,
        function: FunctionValue<'ctx>,
        input: RegionInput<'ctx>,
        linear: IntValue<'ctx>,
        active_lanes: Option<IntValue<'ctx>>,
    ) -> Result<(), CompileError> {
        let builder = &self.wrapper.builder;
        let item = self.item_pointer(linear)?;
        if let Some(slot) = self.debug_item {
            builder.build_store(slot, item).map_err(build_error)?;
        }
        let mut args = self.params.clone();
        args.extend(active_lanes.map(BasicMetadataValueEnum::from));
        args.push(item.into());
        if let Some(value) = input.uniform {
            args.push(value.into());
        }
        if let Some(scan) = input.scan {
            let slot = self.member(item, self.live.collective_operand[&scan.index])?;
            let (before, after) = accumulate(builder, scan.accumulator, scan.op, scan.ty, slot)?;
            args.push(if scan.inclusive { after } else { before }.into());
        }
        let next = builder
            .build_call(function, &args, "next")
            .map_err(build_error)?
            .try_as_basic_value()
            .basic()
            .expect("regions return the next region");
        builder
            .build_store(self.next_region, next)
            .map_err(build_error)?;
        Ok(())
    }

    /// The block running `region` over the work-group, then going back to `dispatch`; returns
    /// the dispatch case that leads to it. With `whole_rows`, the rows of x are whole vectors
    /// (no remainder call).
    fn region(
        &self,
        region: &regions::Region<'ctx>,
        barriers: &[regions::Barrier<'ctx>],
        dispatch: BasicBlock<'ctx>,
        whole_rows: bool,
    ) -> Result<(IntValue<'ctx>, BasicBlock<'ctx>), CompileError> {
        let (wrapper, context, builder) =
            (self.wrapper, self.wrapper.context, &self.wrapper.builder);
        let version = if whole_rows { ".whole" } else { "" };
        let block =
            context.append_basic_block(wrapper.function, &format!("region.{}{version}", region.id));
        builder.position_at_end(block);
        let label = format!("r{}{version}.", region.id);
        if let Some(barrier) = barriers
            .iter()
            .find(|b| 2 + b.id == region.id && b.collective.is_none())
        {
            memory_fence(builder, barrier.call)?;
        }
        let input = match region.starts_at {
            Some(index) => {
                let collective = barriers[index].collective.expect("a collective");
                self.collective_input(&label, index, collective)?
            }
            None => RegionInput::default(),
        };
        // A region that starts at a scan needs every work-item's operand in the accumulator.
        let x_limit = match input.scan {
            None => x_limit::region_x_limit(region.function),
            Some(_) => None,
        };
        let function = region.function;
        match self.vector {
            None => wrapper.loops_over(&label, &[0, 1, 2], x_limit, |_, ids| {
                self.run_region(function, input, wrapper.linear_id(ids)?, None)
            })?,
            Some(v) => wrapper.loops_over(&label, &[1, 2], None, |_, ids| {
                wrapper.vector_row(v.width, v.no_tail || whole_rows, x_limit, |x, active| {
                    let linear = wrapper.vector_linear_id(ids, x, self.row_items, v.width)?;
                    self.run_region(function, input, linear, Some(active))
                })
            })?,
        }
        builder
            .build_unconditional_branch(dispatch)
            .map_err(build_error)?;
        Ok((context.i32_type().const_int(region.id as u64, false), block))
    }

    /// The dispatch block: runs the region the last one named, or leaves through the exit
    /// (the case of region 0).
    fn dispatch(
        &self,
        dispatch: BasicBlock<'ctx>,
        cases: &[(IntValue<'ctx>, BasicBlock<'ctx>)],
    ) -> Result<(), CompileError> {
        let (wrapper, context, builder) =
            (self.wrapper, self.wrapper.context, &self.wrapper.builder);
        builder.position_at_end(dispatch);
        let id = builder
            .build_load(context.i32_type(), self.next_region, "region")
            .map_err(build_error)?
            .into_int_value();
        let unreachable = context.append_basic_block(wrapper.function, "barrier.unreachable");
        builder
            .build_switch(id, unreachable, cases)
            .map_err(build_error)?;
        builder.position_at_end(unreachable);
        builder.build_unreachable().map_err(build_error)?;
        Ok(())
    }
}

impl ModulePass for WorkItemLoops {
    fn name(&self) -> &'static str {
        NAME
    }

    fn run(&self, module: &Module<'_>) -> Result<Changed, CompileError> {
        let kernels: Vec<_> = module
            .get_functions()
            .filter(|f| attributes::is_kernel_entry_point(*f) && walk::is_definition(*f))
            .collect();
        let changed = Changed::from(!kernels.is_empty());
        for kernel in kernels {
            wrap_kernel(module, kernel, self)?;
        }
        Ok(changed)
    }
}
