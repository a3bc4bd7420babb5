//! Puts kernels into the shape the vectorizer's analyses expect (docs/vectorizer.md,
//! "Preparation"): every function a kernel calls inlined (a call the vector kernel cannot see
//! into would have to run once per lane), private variables promoted to registers, one return
//! block, no `switch`, loops with a preheader, one latch and dedicated exits, and values leaving
//! a loop only through PHIs of its exit blocks (LCSSA).
//!
//! The cleanup runs on the whole module: LLVM's pipeline text cannot name one function, and the
//! transformations only simplify code that LLVM's own `default<O*>` pipeline optimises later
//! anyway.

use std::collections::HashSet;

use inkwell::attributes::AttributeLoc;
use inkwell::module::Module;
use inkwell::passes::PassBuilderOptions;
use inkwell::values::FunctionValue;

use crate::ir::{attributes, walk};
use crate::target::{host_target_machine, CpuSelection};
use crate::CompileError;

/// LLVM's passes that give the shape described above, in order; `function-attrs` last, so that
/// a by-value argument the kernel only reads is marked `readonly` also in code the front-end did
/// not optimise (`-O0`).
pub const PREPARATION_PIPELINE: &str = "always-inline,function(sroa,early-cse,simplifycfg,\
instcombine<no-verify-fixpoint>,simplifycfg,lower-switch,mergereturn,loop-simplify,lcssa),\
cgscc(function-attrs)";

/// Lets LLVM optimise `function`: code compiled at `-O0` is `optnone` and `noinline`, which the
/// preparation passes would skip. A `noinline` the program wrote itself (without `optnone`)
/// stays.
fn allow_optimisation(function: FunctionValue<'_>) {
    if attributes::has_enum_attribute(function, AttributeLoc::Function, "optnone") {
        for name in ["optnone", "noinline"] {
            let kind = inkwell::attributes::Attribute::get_named_enum_kind_id(name);
            function.remove_enum_attribute(AttributeLoc::Function, kind);
        }
    }
}

/// Marks every function `kernels` reach as always-inline (unless it must not be inlined), so
/// the preparation pipeline inlines it, and lets LLVM optimise them all.
fn mark_callees_inline(kernels: &[FunctionValue<'_>]) {
    let mut seen: HashSet<FunctionValue> = kernels.iter().copied().collect();
    let mut work: Vec<FunctionValue> = kernels.to_vec();
    while let Some(function) = work.pop() {
        allow_optimisation(function);
        for call in walk::direct_calls(function) {
            let callee = call.callee;
            if !walk::is_definition(callee) || !seen.insert(callee) {
                continue;
            }
            allow_optimisation(callee);
            if !attributes::has_enum_attribute(callee, AttributeLoc::Function, "noinline") {
                attributes::add_enum_attribute(callee, AttributeLoc::Function, "alwaysinline");
            }
            work.push(callee);
        }
    }
}

/// Inlines and simplifies what `kernels` run.
pub fn prepare(module: &Module<'_>, kernels: &[FunctionValue<'_>]) -> Result<(), CompileError> {
    mark_callees_inline(kernels);
    let machine = host_target_machine(&CpuSelection::default(), 3)?;
    module
        .run_passes(PREPARATION_PIPELINE, &machine, PassBuilderOptions::create())
        .map_err(|e| CompileError::LlvmPasses {
            pipeline: PREPARATION_PIPELINE.to_owned(),
            message: e.to_string(),
        })
}
