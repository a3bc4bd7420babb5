//! `register-kernel-info`: leaves in the device object what the compiler decided about each
//! kernel, for the runtime's info queries (docs/vectorizer.md, "Sub-groups"): the sub-group
//! size it runs with, which only the compiler knows, and the size it required.
//!
//! Expects: kernels marked `"mux-kernel"="entry-point"`, after `run-vecz` (a kernel's vector
//! form, if any, named by `!codeplay_ca_vecz.base`), possibly with `!intel_reqd_sub_group_size`.
//!
//! Guarantees: when some kernel has sub-groups wider than one work-item or a required size, an
//! internal constructor in `llvm.global_ctors` calls
//! `__nativecpu_register_kernel_info(name, sub-group size, required size or 0)` once for each
//! such kernel, `name` being the kernel's original name (the one launches use). Kernels with
//! neither are left to the runtime's default (size 1, none required), so the pass adds nothing
//! to a module without vector kernels.

use inkwell::module::{Linkage, Module};
use inkwell::values::FunctionValue;

use super::vectorize::vector_kernel;
use super::{Changed, ModulePass, PassInfo};
use crate::ir::{attributes, globals, walk};
use crate::CompileError;

/// The pass's name in pipeline text.
pub const NAME: &str = "register-kernel-info";

/// The pass as the registry declares it.
pub const PASS: PassInfo = PassInfo {
    name: NAME,
    parameters: "",
    help: "tells the runtime each kernel's sub-group size from a global constructor",
    create: super::without_parameters::<RegisterKernelInfo>,
};

/// The runtime's `void (const char *name, u32 sub-group size, u32 required size)`.
pub const REGISTER_KERNEL_INFO: &str = "__nativecpu_register_kernel_info";

const CONSTRUCTOR: &str = "kernel_info.register";

/// The `register-kernel-info` pass: records each kernel's sub-group sizes for the runtime.
#[derive(Default)]
pub struct RegisterKernelInfo;

/// A kernel's sub-group size and required size, when either is not the default.
fn sizes(kernel: FunctionValue<'_>) -> Option<(u32, u32)> {
    let size = vector_kernel(kernel).map_or(1, |(_, width)| width);
    let required = attributes::required_sub_group_size(kernel).unwrap_or(0);
    (size > 1 || required != 0).then_some((size, required))
}

fn build_error(e: inkwell::builder::BuilderError) -> CompileError {
    CompileError::Pass(format!("{NAME}: {e}"))
}

impl ModulePass for RegisterKernelInfo {
    fn name(&self) -> &'static str {
        NAME
    }

    fn run(&self, module: &Module<'_>) -> Result<Changed, CompileError> {
        let kernels: Vec<(FunctionValue, (u32, u32))> = module
            .get_functions()
            .filter(|f| attributes::is_kernel_entry_point(*f) && walk::is_definition(*f))
            .filter_map(|kernel| sizes(kernel).map(|sizes| (kernel, sizes)))
            .collect();
        if kernels.is_empty() {
            return Ok(Changed::No);
        }
        let context = module.get_context();
        let i32_type = context.i32_type();
        let pointer = context.ptr_type(inkwell::AddressSpace::default());
        let register = module
            .get_function(REGISTER_KERNEL_INFO)
            .unwrap_or_else(|| {
                let ty = context
                    .void_type()
                    .fn_type(&[pointer.into(), i32_type.into(), i32_type.into()], false);
                module.add_function(REGISTER_KERNEL_INFO, ty, None)
            });
        let constructor = module.add_function(
            CONSTRUCTOR,
            context.void_type().fn_type(&[], false),
            Some(Linkage::Internal),
        );
        let builder = context.create_builder();
        builder.position_at_end(context.append_basic_block(constructor, "entry"));
        for (kernel, (size, required)) in kernels {
            let name = attributes::original_name(kernel);
            let text = globals::c_string(module, &name, "kernel_info.name");
            let args = [
                text.into(),
                i32_type.const_int(size as u64, false).into(),
                i32_type.const_int(required as u64, false).into(),
            ];
            builder
                .build_call(register, &args, "")
                .map_err(build_error)?;
        }
        builder.build_return(None).map_err(build_error)?;
        globals::append_global_constructor(module, constructor);
        Ok(Changed::Yes)
    }
}
