//! `kernel-linkage`: gives every kernel definition of a translation unit's device module the
//! `weak_odr` linkage DPC++'s front-end gives it, where upstream clang leaves it external.
//!
//! Why: a kernel instantiated from a template (or defined in a header) is emitted by every
//! translation unit that launches it. Each is the same definition, as the one-definition rule
//! requires, but with external linkage `llvm-link` refuses the second one ("symbol multiply
//! defined") and the program does not link. `weak_odr` lets the link keep one.
//!
//! Expects: the device module of one translation unit, straight from clang `-fsycl-is-device`.
//! Guarantees: every `spir_kernel` definition with external linkage is `weak_odr`; other
//! linkages (DPC++ device IR is `weak_odr` already) and every other function are left alone.
//! Unlike DPC++ no comdat is added: the device link is `llvm-link`, which needs none, and
//! `rename-kernel-sycl-native-cpu` decides the linkage of what reaches the object
//! (docs/compiler-pipeline.md).

use inkwell::module::{Linkage, Module};

use super::{Changed, ModulePass, PassInfo};
use crate::ir::{calling_convention, walk};
use crate::CompileError;

/// The pass's name in pipeline text.
pub const NAME: &str = "kernel-linkage";

/// The pass as the registry declares it.
pub const PASS: PassInfo = PassInfo {
    name: NAME,
    parameters: "",
    help:
        "makes kernel definitions weak_odr, so a kernel defined in several translation units links",
    create: super::without_parameters::<KernelLinkage>,
};

/// The `kernel-linkage` pass: external kernel definitions become `weak_odr`.
#[derive(Default)]
pub struct KernelLinkage;

impl ModulePass for KernelLinkage {
    fn name(&self) -> &'static str {
        NAME
    }

    fn run(&self, module: &Module<'_>) -> Result<Changed, CompileError> {
        let mut changed = Changed::No;
        for function in module.get_functions() {
            if function.get_call_conventions() == calling_convention::SPIR_KERNEL
                && walk::is_definition(function)
                && function.get_linkage() == Linkage::External
            {
                function.set_linkage(Linkage::WeakODR);
                changed = Changed::Yes;
            }
        }
        Ok(changed)
    }
}
