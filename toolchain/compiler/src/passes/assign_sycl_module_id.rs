//! `assign-sycl-module-id`: gives every kernel of a translation unit's device module the
//! `"sycl-module-id"` attribute DPC++'s front-end sets and upstream clang does not.
//!
//! Expects: the device module of one translation unit, straight from clang `-fsycl-is-device`
//! (its `source_filename` is the translation unit's path).
//! Guarantees: every `spir_kernel` definition carries `"sycl-module-id"`; existing values are
//! kept, so DPC++ device IR passes through unchanged. `sycl-post-link -split=source` and the
//! `.SYCLNCPU` renaming rely on the attribute.

use inkwell::module::Module;

use super::{Changed, ModulePass, PassInfo};
use crate::ir::{attributes, calling_convention, walk};
use crate::CompileError;

/// The pass's name in pipeline text.
pub const NAME: &str = "assign-sycl-module-id";

/// The pass as the registry declares it.
pub const PASS: PassInfo = PassInfo {
    name: NAME,
    parameters: "",
    help: "stamps each kernel with the sycl-module-id of its translation unit",
    create: super::without_parameters::<AssignSyclModuleId>,
};

/// The `assign-sycl-module-id` pass: stamps each kernel with its translation unit's id.
#[derive(Default)]
pub struct AssignSyclModuleId;

impl ModulePass for AssignSyclModuleId {
    fn name(&self) -> &'static str {
        NAME
    }

    fn run(&self, module: &Module<'_>) -> Result<Changed, CompileError> {
        let source = module.get_source_file_name().to_string_lossy().into_owned();
        let mut changed = Changed::No;
        for function in module.get_functions() {
            if function.get_call_conventions() == calling_convention::SPIR_KERNEL
                && walk::is_definition(function)
                && attributes::string_attribute(function, attributes::SYCL_MODULE_ID).is_none()
            {
                attributes::set_string_attribute(function, attributes::SYCL_MODULE_ID, &source);
                changed = Changed::Yes;
            }
        }
        Ok(changed)
    }
}
