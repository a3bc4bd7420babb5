//! `rename-kernel-sycl-native-cpu`: fixes the device object's exported symbols
//! (docs/compiler-pipeline.md, "Subhandlers and exported names").
//!
//! Expects: subhandlers (and `SYCL_EXTERNAL` functions) are the externally visible definitions
//! carrying `"sycl-module-id"`.
//! Guarantees: each of them is renamed `<name>.SYCLNCPU` (names starting with
//! `__dpcpp_nativecpu` or ending in `.NativeCPUKernel` keep theirs), which is exactly what the
//! offload wrapper declares for every `.sym` entry. The program's non-constant global variables
//! with external linkage become weak definitions, so that the linker gives kernels the host's
//! copy (docs/kernel-features.md, "Global variables"). Every other definition, function, global
//! variable or alias, becomes internal and leaves its comdat, and `llvm.used`/`llvm.compiler.used`
//! are dropped, so the object exports nothing else and LLVM may delete what the subhandlers do not
//! reach.

use inkwell::module::{Linkage, Module};

use super::{Changed, ModulePass, PassInfo};
use crate::ir::{attributes, globals, mux, walk};
use crate::scheduling::native_cpu::KERNEL_SUFFIX;
use crate::CompileError;

/// The pass's name in pipeline text.
pub const NAME: &str = "rename-kernel-sycl-native-cpu";

/// The pass as the registry declares it.
pub const PASS: PassInfo = PassInfo {
    name: NAME,
    parameters: "",
    help: "exports the subhandlers as <name>.SYCLNCPU and makes everything else internal",
    create: super::without_parameters::<RenameKernels>,
};

/// Suffix of every symbol the device object exports.
pub const EXPORT_SUFFIX: &str = ".SYCLNCPU";

/// The `rename-kernel-sycl-native-cpu` pass: fixes the device object's exported symbols.
#[derive(Default)]
pub struct RenameKernels;

/// The symbol the device object exports for entry point `name` (and the offload wrapper
/// declares): `name.SYCLNCPU`, except for the names DPC++ leaves alone.
pub fn exported_symbol(name: &str) -> String {
    if name.starts_with(mux::STATE_ACCESSOR_PREFIX) || name.ends_with(KERNEL_SUFFIX) {
        name.to_owned()
    } else {
        format!("{name}{EXPORT_SUFFIX}")
    }
}

fn is_externally_visible(linkage: Linkage) -> bool {
    !matches!(linkage, Linkage::Internal | Linkage::Private)
}

impl ModulePass for RenameKernels {
    fn name(&self) -> &'static str {
        NAME
    }

    fn run(&self, module: &Module<'_>) -> Result<Changed, CompileError> {
        let mut changed = Changed::from(walk::drop_used_lists(module));
        for function in module.get_functions() {
            if !walk::is_definition(function) {
                continue;
            }
            changed = Changed::Yes;
            let exported = is_externally_visible(function.get_linkage())
                && attributes::string_attribute(function, attributes::SYCL_MODULE_ID).is_some();
            if exported {
                let symbol = exported_symbol(&walk::name(function));
                function.as_global_value().set_name(&symbol);
            } else {
                globals::internalize(function.as_global_value());
            }
        }
        // Aliases (clang emits them for C1/C2 constructor pairs) would otherwise export a symbol
        // the host object of the same source also defines.
        changed = changed.or(Changed::from(globals::internalize_aliases(module)));
        for global in module.get_globals() {
            let is_definition = global.get_initializer().is_some();
            if globals::is_program_variable(global) && global.get_linkage() != Linkage::Internal {
                globals::share_with_host(global);
                changed = Changed::Yes;
            } else if is_definition && !global.get_name().to_bytes().starts_with(b"llvm.") {
                globals::internalize(global);
                changed = Changed::Yes;
            }
        }
        Ok(changed)
    }
}
