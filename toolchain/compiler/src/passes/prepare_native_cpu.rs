//! `prepare-sycl-native-cpu`: DPC++'s name for the Native CPU lowering of the work-item
//! builtins, kept for pipelines written against it: `add-sched-params`, `define-mux-builtins`
//! and `add-kernel-wrapper` on the Native CPU target, in that order (docs/compiler-pipeline.md,
//! "Scheduling targets").
//!
//! Expects what `add-sched-params` expects; guarantees what the three passes guarantee
//! together: every function that reaches the work-item state takes the state pointer last,
//! the builtins are calls to the device library's `__dpcpp_nativecpu_*` accessors, and each
//! kernel `<kernel>` is the subhandler `void <kernel>(ptr args, ptr state)` calling the entry
//! point, renamed `<kernel>.NativeCPUKernel`.

use inkwell::module::Module;

use super::{add_kernel_wrapper, add_sched_params, define_mux_builtins};
use super::{Changed, ModulePass, PassInfo};
use crate::CompileError;

/// The pass's name in pipeline text.
pub const NAME: &str = "prepare-sycl-native-cpu";

/// The pass as the registry declares it.
pub const PASS: PassInfo = PassInfo {
    name: NAME,
    parameters: "",
    help:
        "add-sched-params, define-mux-builtins and add-kernel-wrapper for Native CPU (DPC++'s name)",
    create: super::without_parameters::<PrepareNativeCpu>,
};

/// The three passes in a row.
#[derive(Default)]
pub struct PrepareNativeCpu;

impl ModulePass for PrepareNativeCpu {
    fn name(&self) -> &'static str {
        NAME
    }

    fn run(&self, module: &Module<'_>) -> Result<Changed, CompileError> {
        let mut changed = Changed::No;
        for pass in [
            &add_sched_params::PASS,
            &define_mux_builtins::PASS,
            &add_kernel_wrapper::PASS,
        ] {
            let pass = (pass.create)(&[]).map_err(CompileError::Pass)?;
            changed = changed.or(pass.run(module)?);
        }
        Ok(changed)
    }
}
