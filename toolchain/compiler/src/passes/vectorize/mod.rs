//! `run-vecz`: whole-function vectorization across work-items (docs/vectorizer.md; the
//! Construction Kit's `RunVeczPass`, our own design).
//!
//! Expects: kernels marked `"mux-kernel"="entry-point"` whose work-item queries are mux builtins,
//! with barriers inlined (`prepare-barriers`). Runs before `work-item-loops`.
//!
//! Guarantees: for each kernel it can vectorize at width W, a new internal function
//! `__vecz_v<W>_<kernel>` with the kernel's parameters plus a last `i32` *active lane count*
//! (1..=W) runs W consecutive work-items along x at once: lane `i` is the work-item whose local
//! id x is the current one plus `i`, and lanes at or past the count do nothing observable. The
//! scalar kernel is unchanged; the two are linked by `!codeplay_ca_vecz.base` (on the kernel:
//! `!{!{i32 W, i32 0, i32 0, i32 1}, ptr @vector}`) and `!codeplay_ca_vecz.derived` (on the vector
//! function, naming the kernel), the Construction Kit's metadata. The trailing 1 says the vector
//! function is predicated: `work-item-loops` runs the remainder of a row through it too, so no
//! scalar tail is needed. A kernel that cannot be vectorized (or is not worth it) is left alone,
//! and with the `remarks` parameter each kernel gets one line on standard error saying which.
//! Without `width=N`, a vector form whose lanes do not save register operations is dropped, and
//! one over the budget (`budget=N`) is made again at half the width (`cost.rs`).
//! A kernel with `!intel_reqd_sub_group_size !{i32 N}` is vectorized at width N whatever the
//! `width` parameter (sub-groups are the vector's lanes); N = 1 keeps it scalar, and a kernel
//! that cannot be vectorized at N > 1 is a compile error naming it and the reason. A kernel that
//! observes its sub-groups is vectorized at the register's lanes whatever it costs, and one that
//! cannot be gets a warning on standard error naming it and the reason (its sub-groups have one
//! work-item). With
//! `required-only` (vectorization disabled) only such kernels are vectorized.
//!
//! Plain barriers stay in the vector form, once for all lanes (every lane reaches them together;
//! a barrier only some lanes reach is refused), and `work-item-loops` cuts the vector form into
//! barrier regions as it does the scalar kernel. Work-group collectives combine the lanes first
//! and then take part once per vector (`collectives.rs`). The lanes of one call are one
//! sub-group, whose builtins are computed in registers (`sub_groups.rs`).

mod collectives;
mod cost;
mod divergence;
mod emit;
mod prepare;
mod stride;
mod sub_groups;
mod vector_math;
mod widen;

use inkwell::attributes::AttributeLoc;
use inkwell::module::{Linkage, Module};
use inkwell::types::BasicMetadataTypeEnum;
use inkwell::values::{BasicMetadataValueEnum, FunctionValue};

use super::{Changed, ModulePass, PassInfo};
use crate::ir::graph::has_loop;
use crate::ir::vector::{function_metadata, metadata_function};
use crate::ir::{attributes, calling_convention, walk};
use crate::CompileError;
use divergence::{refuse, NotVectorizable};

pub use prepare::PREPARATION_PIPELINE;

/// The pass's name in pipeline text.
pub const NAME: &str = "run-vecz";

/// The pass as the registry declares it.
pub const PASS: PassInfo = PassInfo {
    name: NAME,
    parameters: "width=N;remarks;required-only;budget=N",
    help: "gives each kernel a vector form that runs several work-items in the lanes of a vector",
    create: |parameters| Ok(Box::new(RunVecz::from_parameters(parameters)?)),
};

/// Metadata on a scalar kernel naming its vector form.
pub const BASE_METADATA: &str = "codeplay_ca_vecz.base";
/// Metadata on a vector kernel naming its scalar kernel.
pub const DERIVED_METADATA: &str = "codeplay_ca_vecz.derived";

/// What becomes of the pass's warning (a kernel observing its sub-groups left scalar): the
/// driver's `-w` silences it and `-Werror` makes it an error, as for the front-end's warnings.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub enum Warnings {
    /// Printed on standard error (the default).
    #[default]
    Report,
    /// Not printed (`no-warnings`, the driver's `-w`).
    Ignore,
    /// The compile fails (`warnings-as-errors`, the driver's `-Werror`).
    AsErrors,
}

/// `run-vecz<width=N;remarks;required-only;budget=N;no-warnings;warnings-as-errors>`.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct RunVecz {
    /// Lanes per vector kernel; `None` chooses from the kernel's target features.
    pub width: Option<u32>,
    /// Report per kernel what was vectorized and why not.
    pub remarks: bool,
    /// Only kernels that require sub-groups wider than one work-item (vectorization otherwise
    /// disabled: `-sycl-native-cpu-no-vecz`, debuggable work-items).
    pub required_only: bool,
    /// Register operations above which a vector form made at the target's width is made again
    /// at half the width; `None` is `VECTOR_OPERATIONS_BUDGET`.
    pub budget: Option<u64>,
    /// What becomes of the warning.
    pub warnings: Warnings,
}

impl RunVecz {
    /// The pass from its parameters (`width=N`, `remarks`, `required-only`, `budget=N`).
    pub fn from_parameters(params: &[&str]) -> Result<Self, String> {
        let mut pass = RunVecz::default();
        for param in params {
            if *param == "remarks" {
                pass.remarks = true;
            } else if *param == "required-only" {
                pass.required_only = true;
            } else if *param == "no-warnings" {
                pass.warnings = Warnings::Ignore;
            } else if *param == "warnings-as-errors" {
                pass.warnings = Warnings::AsErrors;
            } else if let Some(width) = param.strip_prefix("width=") {
                match width.parse::<u32>() {
                    Ok(w @ 1..=64) => pass.width = Some(w),
                    _ => return Err(format!("{NAME}: width must be 1 to 64, not '{width}'")),
                }
            } else if let Some(budget) = param.strip_prefix("budget=") {
                match budget.parse::<u64>() {
                    Ok(operations) => pass.budget = Some(operations),
                    _ => return Err(format!("{NAME}: budget must be a number, not '{budget}'")),
                }
            } else {
                return Err(format!(
                    "{NAME}: unknown parameter '{param}' (expected width=N, remarks, \
                     required-only, budget=N, no-warnings or warnings-as-errors)"
                ));
            }
        }
        Ok(pass)
    }
}

/// The vector form of a kernel and its width, if `run-vecz` made one.
pub fn vector_kernel<'ctx>(kernel: FunctionValue<'ctx>) -> Option<(FunctionValue<'ctx>, u32)> {
    let node = function_metadata(kernel, BASE_METADATA)?;
    let operands = node.get_node_values()?;
    let BasicMetadataValueEnum::MetadataValue(settings) = operands.first()? else {
        return None;
    };
    let width = match settings.get_node_values()?.first()? {
        BasicMetadataValueEnum::IntValue(w) => w.get_zero_extended_constant()? as u32,
        _ => return None,
    };
    let vector = metadata_function(*operands.get(1)?)?;
    Some((vector, width))
}

/// The lane count for a kernel without `width=N` (docs/vectorizer.md, "Where it runs"): the
/// 32-bit lanes of the widest vector register its target features allow, doubled below AVX-512
/// when the kernel has a loop. A value carried around a loop, such as a dot product's sum, is a
/// chain of dependent instructions; two registers per value give the core two independent
/// chains, which hides the latency (4 cycles for an FMA) that one chain exposes. AVX and SSE
/// have 16 registers, AVX-512 32 of twice the width, so only the narrower ones are doubled.
fn width_for(kernel: FunctionValue<'_>) -> u32 {
    let lanes = attributes::vector_register_lanes(kernel);
    if lanes < 16 && has_loop(kernel) {
        lanes * 2
    } else {
        lanes
    }
}

/// The size of the widest vector register the kernel's target features allow.
fn register_bits(kernel: FunctionValue<'_>) -> u64 {
    u64::from(attributes::vector_register_lanes(kernel)) * 32
}

/// The vector function's type and attributes: the kernel's, plus the active lane count.
fn declare_vector_function<'ctx>(
    module: &Module<'ctx>,
    kernel: FunctionValue<'ctx>,
    width: u32,
) -> FunctionValue<'ctx> {
    let context = module.get_context();
    let mut params: Vec<BasicMetadataTypeEnum> = kernel.get_type().get_param_types();
    params.push(context.i32_type().into());
    let function_type = context.void_type().fn_type(&params, false);
    let name = format!("__vecz_v{width}_{}", walk::name(kernel));
    let function = module.add_function(&name, function_type, Some(Linkage::Internal));
    function.set_call_conventions(calling_convention::C);
    for attribute in kernel.attributes(AttributeLoc::Function) {
        let is_kernel_marker = attribute.is_string()
            && attribute.get_string_kind_id().to_bytes() == attributes::MUX_KERNEL.as_bytes();
        if !is_kernel_marker {
            function.add_attribute(AttributeLoc::Function, attribute);
        }
    }
    for index in 0..kernel.count_params() {
        for attribute in kernel.attributes(AttributeLoc::Param(index)) {
            // Type attributes (byval, sret) describe the scalar call's copies, not this one.
            if !attribute.is_type() {
                function.add_attribute(AttributeLoc::Param(index), attribute);
            }
        }
        if attributes::has_enum_attribute(kernel, AttributeLoc::Param(index), "byval") {
            // The lanes share the launch's copy of the by-value argument, which nothing else
            // points to (work-item-loops passes its wrapper's own `noalias` argument).
            attributes::add_enum_attribute(function, AttributeLoc::Param(index), "noalias");
        }
    }
    for (param, kernel_param) in function.get_param_iter().zip(kernel.get_param_iter()) {
        param.set_name(&kernel_param.get_name().to_string_lossy());
    }
    function
        .get_nth_param(kernel.count_params())
        .expect("the lane count")
        .set_name("active.lanes");
    function
}

/// A kernel that writes its by-value argument needs a copy per work-item; lanes would share one.
/// `readnone` (not even read, as when only a call that cannot see it follows) counts as unwritten.
fn check_parameters(kernel: FunctionValue<'_>) -> Result<(), NotVectorizable> {
    for index in 0..kernel.count_params() {
        let location = AttributeLoc::Param(index);
        let by_value = attributes::has_enum_attribute(kernel, location, "byval");
        let unwritten = ["readonly", "readnone"]
            .iter()
            .any(|name| attributes::has_enum_attribute(kernel, location, name));
        if by_value && !unwritten {
            return refuse("the kernel writes its by-value argument");
        }
    }
    Ok(())
}

/// What vectorizing one kernel gave: its vector form, how many instructions became vector code
/// and how many run per lane, and register operations (`cost.rs`): all of the vector form's,
/// those of its lanes, and those of the scalar kernel's varying instructions for as many
/// work-items.
struct Vectorized<'ctx> {
    function: FunctionValue<'ctx>,
    width: u32,
    widened: usize,
    per_lane: usize,
    operations: u64,
    vector_lanes: u64,
    scalar_lanes: u64,
}

/// Whether the vector form does its work-items' work in fewer register operations than the
/// scalar kernel run once per work-item, by a quarter at least: it does not when the kernel's
/// values already fill vector registers (`vec<double, 16>`), nor when its accesses become
/// gathers and scatters of many elements per lane (a `vec<short, 8>` per work-item).
fn lanes_pay(vectorized: &Vectorized<'_>) -> Result<(), NotVectorizable> {
    let (scalar, vector) = (vectorized.scalar_lanes, vectorized.vector_lanes);
    if 4 * vector <= 3 * scalar {
        return Ok(());
    }
    refuse(format!(
        "not worth it: its {width} lanes take {vector} register operations, {width} work-items \
         one by one {scalar}",
        width = vectorized.width
    ))
}

/// Whether at most half of the vector form's varying instructions run once per lane: past
/// that, the vector form is the scalar kernel's work plus the cost of taking lanes apart.
fn few_per_lane(vectorized: &Vectorized<'_>) -> Result<(), NotVectorizable> {
    let (widened, per_lane) = (vectorized.widened, vectorized.per_lane);
    if per_lane * 2 <= widened {
        return Ok(());
    }
    refuse(format!(
        "not worth it: {per_lane} of {widened} varying instructions would run once per lane"
    ))
}

/// Makes `kernel`'s vector form at `width`, not yet linked to the kernel.
fn vectorize_kernel<'ctx>(
    module: &Module<'ctx>,
    kernel: FunctionValue<'ctx>,
    width: u32,
    target_data: &inkwell::targets::TargetData,
) -> Result<Vectorized<'ctx>, NotVectorizable> {
    check_parameters(kernel)?;
    let analysis = divergence::analyse(kernel)?;
    if analysis.varying.is_empty() {
        return refuse("nothing in it differs between work-items along x");
    }
    let function = declare_vector_function(module, kernel, width);
    let active_lanes = function
        .get_last_param()
        .expect("the lane count")
        .into_int_value();
    let emitted = emit::Emitter::new(
        module,
        width,
        kernel,
        function,
        &analysis,
        target_data,
        active_lanes,
    )
    .and_then(|emitter| emitter.run());
    let (widened, per_lane) = match emitted {
        Ok(counts) => counts,
        Err(reason) => {
            walk::delete_function(function, None);
            return Err(reason);
        }
    };
    let cost = cost::Cost {
        register_bits: register_bits(kernel),
        target_data,
    };
    Ok(Vectorized {
        function,
        width,
        widened,
        per_lane,
        operations: cost.function(function),
        vector_lanes: cost.vector_lanes(&analysis.varying, width, function),
        scalar_lanes: cost.scalar_lanes(&analysis.varying, width),
    })
}

/// `!codeplay_ca_vecz.base` on the kernel and `!codeplay_ca_vecz.derived` on the vector form.
fn link<'ctx>(
    module: &Module<'ctx>,
    kernel: FunctionValue<'ctx>,
    vector: FunctionValue<'ctx>,
    width: u32,
) {
    let context = module.get_context();
    let i32_type = context.i32_type();
    let settings = context.metadata_node(&[
        i32_type.const_int(width as u64, false).into(),
        i32_type.const_zero().into(),
        i32_type.const_zero().into(),
        i32_type.const_int(1, false).into(),
    ]);
    let named = |function: FunctionValue<'ctx>| {
        context.metadata_node(&[
            settings.into(),
            function.as_global_value().as_pointer_value().into(),
        ])
    };
    kernel
        .as_global_value()
        .set_metadata(named(vector), context.get_kind_id(BASE_METADATA));
    vector
        .as_global_value()
        .set_metadata(named(kernel), context.get_kind_id(DERIVED_METADATA));
}

impl ModulePass for RunVecz {
    fn name(&self) -> &'static str {
        NAME
    }

    fn run(&self, module: &Module<'_>) -> Result<Changed, CompileError> {
        let kernels: Vec<FunctionValue> = module
            .get_functions()
            .filter(|f| attributes::is_kernel_entry_point(*f) && walk::is_definition(*f))
            .filter(|f| vector_kernel(*f).is_none())
            .filter(|f| {
                !self.required_only || attributes::required_sub_group_size(*f).unwrap_or(1) > 1
            })
            .collect();
        if kernels.is_empty() {
            return Ok(Changed::No);
        }
        prepare::prepare(module, &kernels)?;
        let target_data = walk::target_data(module);
        for kernel in kernels {
            let required = attributes::required_sub_group_size(kernel);
            let observes_sub_groups = divergence::observes_sub_groups(kernel);
            let uniform = observes_sub_groups.then(|| attributes::vector_register_lanes(kernel));
            let width = required.or(self.width).or(uniform);
            let whatever_the_cost = required.is_some() || observes_sub_groups;
            let outcome = match width {
                Some(width) => vectorize_at(module, kernel, width, whatever_the_cost, &target_data),
                None => vectorize_within_budget(
                    module,
                    kernel,
                    self.budget.unwrap_or(VECTOR_OPERATIONS_BUDGET),
                    &target_data,
                ),
            };
            if let (Some(required @ 2..), Err(reason)) = (required, &outcome) {
                return Err(CompileError::unsupported(
                    attributes::original_name(kernel),
                    format!(
                        "the kernel requires sub-groups of {required} work-items, which needs it \
                         vectorized at that width, but it is not: {reason}"
                    ),
                ));
            }
            if let (true, Some(lanes @ 2..), Err(reason)) = (observes_sub_groups, width, &outcome) {
                let message = format!(
                    "kernel '{}' runs with sub-groups of one work-item, not {lanes}: it could \
                     not be vectorized ({reason})",
                    attributes::readable_kernel_name(kernel)
                );
                match self.warnings {
                    Warnings::Report => eprintln!("warning: {message}"),
                    Warnings::Ignore => {}
                    Warnings::AsErrors => {
                        return Err(CompileError::unsupported(
                            attributes::original_name(kernel),
                            format!("{message} [-Werror]"),
                        ))
                    }
                }
            }
            self.remark(kernel, outcome);
        }
        Ok(Changed::Yes)
    }
}

/// The vector form at exactly `width` lanes, as asked (`width=N`), required
/// (`reqd_sub_group_size`) or shared by the kernels observing their sub-groups. An asked width
/// still gives up when most varying instructions would run once per lane; the other two are
/// taken `whatever_the_cost`, since a kernel left scalar would have sub-groups of one.
fn vectorize_at<'ctx>(
    module: &Module<'ctx>,
    kernel: FunctionValue<'ctx>,
    width: u32,
    whatever_the_cost: bool,
    target_data: &inkwell::targets::TargetData,
) -> Result<Vectorized<'ctx>, NotVectorizable> {
    if width < 2 {
        return refuse("the width is 1");
    }
    let vectorized = vectorize_kernel(module, kernel, width, target_data)?;
    if !whatever_the_cost {
        if let Err(reason) = few_per_lane(&vectorized) {
            walk::delete_function(vectorized.function, None);
            return Err(reason);
        }
    }
    link(module, kernel, vectorized.function, width);
    Ok(vectorized)
}

/// Register operations (`cost.rs`) above which a vector form is made again at half the width:
/// the back end's time grows faster than a function's size, and a kernel this large already
/// has enough independent work per work-item to keep the core busy at a narrower width.
const VECTOR_OPERATIONS_BUDGET: u64 = 4096;

/// The vector form at the target's width (`width_for`), if the lanes pay, narrowed while it
/// takes more than `budget` register operations (docs/vectorizer.md, "What the vector form
/// costs").
fn vectorize_within_budget<'ctx>(
    module: &Module<'ctx>,
    kernel: FunctionValue<'ctx>,
    budget: u64,
    target_data: &inkwell::targets::TargetData,
) -> Result<Vectorized<'ctx>, NotVectorizable> {
    let mut width = width_for(kernel);
    loop {
        let vectorized = vectorize_kernel(module, kernel, width, target_data)?;
        if let Err(reason) = few_per_lane(&vectorized).and_then(|()| lanes_pay(&vectorized)) {
            walk::delete_function(vectorized.function, None);
            return Err(reason);
        }
        if vectorized.operations <= budget || width <= 2 {
            link(module, kernel, vectorized.function, width);
            return Ok(vectorized);
        }
        walk::delete_function(vectorized.function, None);
        width /= 2;
    }
}

impl RunVecz {
    fn remark(&self, kernel: FunctionValue<'_>, outcome: Result<Vectorized, NotVectorizable>) {
        if !self.remarks {
            return;
        }
        let name = attributes::original_name(kernel);
        match outcome {
            Ok(done) => eprintln!(
                "remark: {name}: vectorized at width {} ({} vector instructions, {} per lane; \
                 {} register operations, {} in its lanes, {} for as many work-items one by one)",
                done.width,
                done.widened - done.per_lane,
                done.per_lane,
                done.operations,
                done.vector_lanes,
                done.scalar_lanes
            ),
            Err(reason) => eprintln!("remark: {name}: not vectorized: {reason}"),
        }
    }
}
