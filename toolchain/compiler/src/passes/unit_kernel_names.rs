//! `unit-kernel-names`: gives the kernels named by a type of internal linkage a name unique to
//! their translation unit (docs/kernel-features.md, "Names of internal linkage").
//!
//! Why: a kernel's name is clang's unique stable name of its name type, and a type in an unnamed
//! namespace (a kernel name class, a free function kernel there) mangles as `_GLOBAL__N_1` in
//! every translation unit. Two units naming different kernels `(anonymous)::K` would make one
//! `weak_odr` kernel at the device link, and one of them would run the other's code. The headers
//! add `.ncpu.<unit>` to such names in the host pass (the driver defines `__NCPU_UNIT`), and this
//! pass renames the device kernels the same way.
//!
//! Expects: the device module of one translation unit, straight from clang `-fsycl-is-device`.
//! Guarantees: every `spir_kernel` definition whose name contains `_GLOBAL__N_` is named
//! `<name>.ncpu.<unit>`; other functions keep their names.

use inkwell::module::Module;

use super::{Changed, ModulePass, PassInfo};
use crate::ir::calling_convention;
use crate::CompileError;

/// The pass's name in pipeline text.
pub const NAME: &str = "unit-kernel-names";

/// The pass as the registry declares it.
pub const PASS: PassInfo = PassInfo {
    name: NAME,
    parameters: "unit=ID",
    help: "makes the names of kernels named by internal types unique to the translation unit",
    create: |parameters| Ok(Box::new(UnitKernelNames::from_parameters(parameters)?)),
};

/// What marks a name as one of an entity of internal linkage (an unnamed namespace's).
pub const INTERNAL_NAME_MARK: &str = "_GLOBAL__N_";

/// The pass, for one translation unit.
pub struct UnitKernelNames {
    unit: String,
}

impl UnitKernelNames {
    /// Parses `unit=ID`.
    fn from_parameters(parameters: &[&str]) -> Result<Self, String> {
        match parameters {
            [parameter] => match parameter.split_once('=') {
                Some(("unit", id)) if !id.is_empty() => Ok(UnitKernelNames {
                    unit: id.to_owned(),
                }),
                _ => Err(format!("{NAME}: unknown parameter '{parameter}'")),
            },
            _ => Err(format!("{NAME}: needs unit=ID")),
        }
    }
}

impl ModulePass for UnitKernelNames {
    fn name(&self) -> &'static str {
        NAME
    }

    fn run(&self, module: &Module<'_>) -> Result<Changed, CompileError> {
        let mut changed = Changed::No;
        for function in module.get_functions() {
            let name = function.get_name().to_string_lossy().into_owned();
            let is_kernel = function.get_call_conventions() == calling_convention::SPIR_KERNEL;
            if is_kernel && function.count_basic_blocks() > 0 && name.contains(INTERNAL_NAME_MARK) {
                function
                    .as_global_value()
                    .set_name(&format!("{name}.ncpu.{}", self.unit));
                changed = Changed::Yes;
            }
        }
        Ok(changed)
    }
}
