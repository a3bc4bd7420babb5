//! `prepare-barriers`: puts every barrier where `work-item-loops` can cut the kernel, and gives
//! each one a unique id (OCK's `PrepareBarriersPass`; docs/compiler-pipeline.md).
//!
//! Expects: barrier-like calls (`__mux_work_group_barrier`, work-group collectives) whose first
//! operand is the barrier id, in kernels or in functions they call, possibly defined in another
//! translation unit of the linked device module.
//! Guarantees: every function that contains a barrier-like call, directly or through callees,
//! is inlined into its callers (LLVM's always-inliner, after making it `alwaysinline` and
//! dropping `noinline`/`optnone`), so barriers end up in the kernels; then the barrier-like
//! calls of the entry points are numbered 0, 1, 2 … with one counter for the module, kernels
//! in module order and calls in block order. Vectorised copies made later keep these ids.
//! Every barrier-like function is marked `convergent nounwind`: once numbered, no later LLVM
//! pass may copy a barrier (SimplifyCFG threads a branch through a block by duplicating it
//! unless a call in it is convergent), since two calls with one id would make `work-item-loops`
//! resume every work-item at one of them.

use std::collections::HashSet;

use inkwell::attributes::AttributeLoc;
use inkwell::module::Module;
use inkwell::passes::PassBuilderOptions;
use inkwell::values::FunctionValue;

use super::{Changed, ModulePass, PassInfo};
use crate::ir::{attributes, mux, walk};
use crate::target::{host_target_machine, CpuSelection};
use crate::CompileError;

/// The pass's name in pipeline text.
pub const NAME: &str = "prepare-barriers";

/// The pass as the registry declares it.
pub const PASS: PassInfo = PassInfo {
    name: NAME,
    parameters: "",
    help: "inlines the functions that synchronise the work-group into kernels and numbers the barriers",
    create: super::without_parameters::<PrepareBarriers>,
};

/// The `prepare-barriers` pass: isolates barriers and numbers them.
#[derive(Default)]
pub struct PrepareBarriers;

/// Non-entry functions that contain a barrier-like call, directly or through callees.
fn functions_with_barriers<'ctx>(module: &Module<'ctx>) -> Vec<FunctionValue<'ctx>> {
    let definitions: Vec<_> = module
        .get_functions()
        .filter(|f| walk::is_definition(*f))
        .collect();
    let mut with: HashSet<FunctionValue> = definitions
        .iter()
        .copied()
        .filter(|f| {
            walk::direct_calls(*f)
                .iter()
                .any(|c| mux::is_barrier_like(&walk::name(c.callee)))
        })
        .collect();
    let mut changed = true;
    while changed {
        changed = false;
        for function in &definitions {
            if !with.contains(function)
                && walk::direct_calls(*function)
                    .iter()
                    .any(|c| with.contains(&c.callee))
            {
                with.insert(*function);
                changed = true;
            }
        }
    }
    definitions
        .into_iter()
        .filter(|f| with.contains(f) && !attributes::is_kernel_entry_point(*f))
        .collect()
}

impl ModulePass for PrepareBarriers {
    fn name(&self) -> &'static str {
        NAME
    }

    fn run(&self, module: &Module<'_>) -> Result<Changed, CompileError> {
        let to_inline = functions_with_barriers(module);
        let mut changed = Changed::from(!to_inline.is_empty());
        if !to_inline.is_empty() {
            for function in &to_inline {
                attributes::remove_enum_attribute(*function, AttributeLoc::Function, "noinline");
                attributes::remove_enum_attribute(*function, AttributeLoc::Function, "optnone");
                attributes::add_enum_attribute(*function, AttributeLoc::Function, "alwaysinline");
            }
            let machine = host_target_machine(&CpuSelection::default(), 0)?;
            module
                .run_passes("always-inline", &machine, PassBuilderOptions::create())
                .map_err(|e| CompileError::LlvmPasses {
                    pipeline: "always-inline".into(),
                    message: e.to_string(),
                })?;
        }
        let i32_type = module.get_context().i32_type();
        let mut next_id = 0u64;
        for kernel in module
            .get_functions()
            .filter(|f| attributes::is_kernel_entry_point(*f))
        {
            for call in walk::direct_calls(kernel) {
                if mux::is_barrier_like(&walk::name(call.callee)) {
                    call.instruction
                        .set_operand(0, i32_type.const_int(next_id, false));
                    next_id += 1;
                    changed = Changed::Yes;
                    for attribute in ["convergent", "nounwind"] {
                        attributes::add_enum_attribute(
                            call.callee,
                            AttributeLoc::Function,
                            attribute,
                        );
                    }
                }
            }
        }
        Ok(changed)
    }
}
