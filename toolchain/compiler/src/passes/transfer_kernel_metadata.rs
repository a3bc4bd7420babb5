//! `transfer-kernel-metadata`: marks the kernels under compilation (OCK's pass of that name;
//! docs/compiler-pipeline.md, "Function attributes between passes").
//!
//! Expects: kernels are the `spir_kernel` definitions (SYCL modules carry no `!opencl.kernels`;
//! a kernel's `!reqd_work_group_size` is already attached to the function by the front-end).
//! Guarantees: every kernel has `"mux-kernel"="entry-point"`, and `"mux-orig-fn"` /
//! `"mux-base-fn-name"` naming it, unless already set. Later passes find kernels only through
//! these attributes, never by calling convention or name.

use inkwell::module::Module;

use super::{Changed, ModulePass, PassInfo};
use crate::ir::{attributes, calling_convention, walk};
use crate::CompileError;

/// The pass's name in pipeline text.
pub const NAME: &str = "transfer-kernel-metadata";

/// The pass as the registry declares it.
pub const PASS: PassInfo = PassInfo {
    name: NAME,
    parameters: "",
    help: "marks kernels as entry points (mux-kernel=entry-point)",
    create: super::without_parameters::<TransferKernelMetadata>,
};

/// The `transfer-kernel-metadata` pass: marks the kernels under compilation.
#[derive(Default)]
pub struct TransferKernelMetadata;

impl ModulePass for TransferKernelMetadata {
    fn name(&self) -> &'static str {
        NAME
    }

    fn run(&self, module: &Module<'_>) -> Result<Changed, CompileError> {
        let mut changed = Changed::No;
        for function in module.get_functions() {
            if function.get_call_conventions() != calling_convention::SPIR_KERNEL
                || !walk::is_definition(function)
            {
                continue;
            }
            mark_entry_point(function);
            changed = Changed::Yes;
        }
        Ok(changed)
    }
}

/// Marks `function` as a kernel entry point named after itself (unless already named).
pub fn mark_entry_point(function: inkwell::values::FunctionValue<'_>) {
    let name = walk::name(function);
    attributes::set_is_kernel_entry_point(function);
    for key in [attributes::MUX_ORIG_FN, attributes::MUX_BASE_FN_NAME] {
        if attributes::string_attribute(function, key).is_none() {
            attributes::set_string_attribute(function, key, &name);
        }
    }
}
