//! `encode-kernel-metadata<name=N;local-sizes=X:Y:Z>`: the one-kernel form of
//! `transfer-kernel-metadata` (OCK's `EncodeKernelMetadataPass`), for compiling a single kernel
//! with a known work-group size.
//!
//! Expects: a definition named `N`; `name` is mandatory, and `local-sizes`, if given, has all
//! three sizes (x:y:z, each at least 1). Unknown parameters are rejected.
//! Guarantees: `N` is marked `"mux-kernel"="entry-point"` with `mux-orig-fn` and
//! `mux-base-fn-name`, and with `local-sizes` it carries `!reqd_work_group_size !{i32 X, i32 Y,
//! i32 Z}`, which work-item-loops turns into constant loop bounds.

use inkwell::module::Module;

use super::transfer_kernel_metadata::mark_entry_point;
use super::{Changed, ModulePass, PassInfo};
use crate::CompileError;

/// The pass's name in pipeline text.
pub const NAME: &str = "encode-kernel-metadata";

/// The pass as the registry declares it.
pub const PASS: PassInfo = PassInfo {
    name: NAME,
    parameters: "name=N;local-sizes=X:Y:Z",
    help: "marks the named function as an entry point, optionally with a required work-group size",
    create: |parameters| Ok(Box::new(EncodeKernelMetadata::from_parameters(parameters)?)),
};

/// The `encode-kernel-metadata` pass: marks one named function as a kernel.
pub struct EncodeKernelMetadata {
    name: String,
    local_sizes: Option<[u32; 3]>,
}

impl EncodeKernelMetadata {
    /// The pass from its parameters: `name=N` (required) and `local-sizes=X:Y:Z`.
    pub fn from_parameters(params: &[&str]) -> Result<Self, String> {
        let mut name = None;
        let mut local_sizes = None;
        for param in params {
            if let Some(value) = param.strip_prefix("name=") {
                name = Some(value.to_owned());
            } else if let Some(value) = param.strip_prefix("local-sizes=") {
                let sizes: Vec<u32> = value
                    .split(':')
                    .map(|s| s.parse().ok().filter(|n| *n >= 1))
                    .collect::<Option<_>>()
                    .filter(|sizes: &Vec<u32>| sizes.len() == 3)
                    .ok_or_else(|| format!("{NAME}: local-sizes must be three sizes X:Y:Z of at least 1, not '{value}'"))?;
                local_sizes = Some([sizes[0], sizes[1], sizes[2]]);
            } else {
                return Err(format!(
                    "{NAME}: unknown parameter '{param}' (expected name=N or local-sizes=X:Y:Z)"
                ));
            }
        }
        let name = name
            .filter(|n| !n.is_empty())
            .ok_or_else(|| "EncodeKernelMetadataPass must be provided a 'name'".to_owned())?;
        Ok(EncodeKernelMetadata { name, local_sizes })
    }
}

impl ModulePass for EncodeKernelMetadata {
    fn name(&self) -> &'static str {
        NAME
    }

    fn run(&self, module: &Module<'_>) -> Result<Changed, CompileError> {
        let function = module
            .get_function(&self.name)
            .filter(|f| f.count_basic_blocks() > 0)
            .ok_or_else(|| {
                CompileError::Pass(format!(
                    "{NAME}: no function definition named '{}'",
                    self.name
                ))
            })?;
        mark_entry_point(function);
        if let Some(sizes) = self.local_sizes {
            let context = module.get_context();
            let values: Vec<_> = sizes
                .iter()
                .map(|size| context.i32_type().const_int(*size as u64, false).into())
                .collect();
            let kind = context.get_kind_id("reqd_work_group_size");
            function
                .as_global_value()
                .set_metadata(context.metadata_node(&values), kind);
        }
        Ok(Changed::Yes)
    }
}
