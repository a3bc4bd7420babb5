//! `lower-kernel-properties`: turns the kernel properties our SYCL headers pass as builtin calls
//! into the IR metadata DPC++'s front-end would have written. Upstream clang 22 has no SYCL
//! kernel attributes (`[[sycl::reqd_work_group_size]]` is ignored), so the headers express the
//! `work_group_size` kernel property as a call at the start of the kernel.
//!
//! Expects: the device module of one translation unit, straight from clang `-fsycl-is-device`;
//! calls `__nativecpu_reqd_work_group_size(i64 x, i64 y, i64 z)` (device order, x fastest) with
//! constant arguments, directly in `spir_kernel` functions.
//! Guarantees: each such kernel carries `!reqd_work_group_size !{i32 x, i32 y, i32 z}` and the
//! calls are gone; sycl-post-link then records the size in the image's program metadata (which
//! the runtime enforces) and work-item-loops uses it as constant loop bounds.

use inkwell::module::Module;

use super::ModulePass;
use crate::ir::{calling_convention, walk};
use crate::CompileError;

pub const NAME: &str = "lower-kernel-properties";

/// The builtin our headers call for the `work_group_size` kernel property.
pub const REQD_WORK_GROUP_SIZE: &str = "__nativecpu_reqd_work_group_size";

pub struct LowerKernelProperties;

impl ModulePass for LowerKernelProperties {
    fn name(&self) -> &'static str {
        NAME
    }

    fn run(&self, module: &Module<'_>) -> Result<(), CompileError> {
        let Some(builtin) = module.get_function(REQD_WORK_GROUP_SIZE) else {
            return Ok(());
        };
        let context = module.get_context();
        let kind = context.get_kind_id("reqd_work_group_size");
        for call in walk::calls_to(module, builtin) {
            let function = call
                .instruction
                .get_parent()
                .and_then(|b| b.get_parent())
                .expect("a call lives in a function");
            if function.get_call_conventions() != calling_convention::SPIR_KERNEL {
                return Err(CompileError::unsupported(
                    walk::name(function),
                    "the work_group_size property applies to kernels only",
                ));
            }
            let mut sizes = Vec::new();
            for index in 0..3 {
                let size = call
                    .instruction
                    .get_operand(index)
                    .and_then(|o| o.value())
                    .and_then(|v| v.into_int_value().get_zero_extended_constant())
                    .filter(|size| (1..=u32::MAX as u64).contains(size))
                    .ok_or_else(|| {
                        CompileError::unsupported(
                            walk::name(function),
                            "the work_group_size property needs constant sizes of at least 1",
                        )
                    })?;
                sizes.push(context.i32_type().const_int(size, false).into());
            }
            function
                .as_global_value()
                .set_metadata(context.metadata_node(&sizes), kind);
            call.instruction.erase_from_basic_block();
        }
        walk::delete_function(builtin, None);
        Ok(())
    }
}
