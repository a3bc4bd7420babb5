//! `lower-kernel-properties`: turns the kernel properties our SYCL headers pass as builtin calls
//! into the IR metadata DPC++'s front-end would have written. Upstream clang 22 has no SYCL
//! kernel attributes (`[[sycl::reqd_work_group_size]]` is ignored), so the headers express the
//! `work_group_size` and `sub_group_size` kernel properties as calls at the start of the kernel.
//!
//! Expects: the device module of one translation unit, straight from clang `-fsycl-is-device`;
//! calls `__nativecpu_reqd_work_group_size(i64 x, i64 y, i64 z)` (device order, x fastest) and
//! `__nativecpu_reqd_sub_group_size(i32 n)` with constant arguments, directly in `spir_kernel`
//! functions.
//! Guarantees: each such kernel carries `!reqd_work_group_size !{i32 x, i32 y, i32 z}` or
//! `!intel_reqd_sub_group_size !{i32 n}` and the calls are gone; sycl-post-link then records
//! the work-group size in the image's program metadata (which the runtime enforces) and
//! work-item-loops uses it as constant loop bounds; run-vecz vectorizes at the sub-group size
//! (docs/vectorizer.md, "Sub-groups").

use inkwell::module::Module;
use inkwell::values::{BasicValueEnum, FunctionValue};

use super::{Changed, ModulePass, PassInfo};
use crate::ir::vector::set_function_metadata;
use crate::ir::walk::DirectCall;
use crate::ir::{attributes, calling_convention, walk};
use crate::CompileError;

/// The pass's name in pipeline text.
pub const NAME: &str = "lower-kernel-properties";

/// The pass as the registry declares it.
pub const PASS: PassInfo = PassInfo {
    name: NAME,
    parameters: "",
    help: "turns the work_group_size and sub_group_size kernel properties into metadata",
    create: super::without_parameters::<LowerKernelProperties>,
};

/// The builtin our headers call for the `work_group_size` kernel property.
pub const REQD_WORK_GROUP_SIZE: &str = "__nativecpu_reqd_work_group_size";
/// The builtin our headers call for the `sub_group_size` kernel property.
pub const REQD_SUB_GROUP_SIZE: &str = "__nativecpu_reqd_sub_group_size";

/// The `lower-kernel-properties` pass: turns kernel property calls into metadata.
#[derive(Default)]
pub struct LowerKernelProperties;

/// A property builtin and how to read its call.
struct Property {
    builtin: &'static str,
    metadata: &'static str,
    /// The property's name in errors.
    name: &'static str,
    operands: u32,
    /// The largest value an operand may have.
    limit: u64,
}

const PROPERTIES: [Property; 2] = [
    Property {
        builtin: REQD_WORK_GROUP_SIZE,
        metadata: "reqd_work_group_size",
        name: "work_group_size",
        operands: 3,
        limit: u32::MAX as u64,
    },
    Property {
        builtin: REQD_SUB_GROUP_SIZE,
        metadata: attributes::REQD_SUB_GROUP_SIZE,
        name: "sub_group_size",
        operands: 1,
        limit: 64,
    },
];

/// The kernel making `call`, and the call's constant operands as `i32` metadata values.
fn lower_call<'ctx>(
    property: &Property,
    call: &DirectCall<'ctx>,
) -> Result<(FunctionValue<'ctx>, Vec<BasicValueEnum<'ctx>>), CompileError> {
    let function = call
        .instruction
        .get_parent()
        .and_then(|b| b.get_parent())
        .expect("a call lives in a function");
    if function.get_call_conventions() != calling_convention::SPIR_KERNEL {
        return Err(CompileError::unsupported(
            walk::name(function),
            format!("the {} property applies to kernels only", property.name),
        ));
    }
    let i32_type = function.get_type().get_context().i32_type();
    let mut values = Vec::new();
    for index in 0..property.operands {
        let value = call
            .instruction
            .get_operand(index)
            .and_then(|o| o.value())
            .and_then(|v| v.into_int_value().get_zero_extended_constant())
            .filter(|value| (1..=property.limit).contains(value))
            .ok_or_else(|| {
                CompileError::unsupported(
                    walk::name(function),
                    format!(
                        "the {} property needs constant sizes from 1 to {}",
                        property.name, property.limit
                    ),
                )
            })?;
        values.push(i32_type.const_int(value, false).into());
    }
    Ok((function, values))
}

impl ModulePass for LowerKernelProperties {
    fn name(&self) -> &'static str {
        NAME
    }

    fn run(&self, module: &Module<'_>) -> Result<Changed, CompileError> {
        let mut changed = Changed::No;
        for property in &PROPERTIES {
            let Some(builtin) = module.get_function(property.builtin) else {
                continue;
            };
            changed = Changed::Yes;
            for call in walk::calls_to(module, builtin) {
                let (kernel, values) = lower_call(property, &call)?;
                set_function_metadata(kernel, property.metadata, &values);
                call.instruction.erase_from_basic_block();
            }
            walk::delete_function(builtin, None);
        }
        Ok(changed)
    }
}
