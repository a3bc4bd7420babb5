//! What this tool writes about one device image, recomputed from the image's code.
//!
//! The offload wrapper gets a `.sym` and a `.prop` file per image besides the image's code (the
//! table's `Code` cell). The runtime trusts the property sets, and some decide what a kernel
//! computes: the layout of the specialization-constant buffer, a kernel's
//! `reqd_work_group_size`. So the wrapper compares them with [`describe_image`], which the same
//! code that wrote them computes from the code they describe (`docs/formats-validation.md`).

use std::collections::BTreeSet;

use inkwell::context::Context;
use nativecpu_compiler::passes::spec_constants;
use sycl_offload_formats::properties::PropertySetRegistry;

use crate::{ir, properties, read_input, PostLinkError};

/// An image as this tool sees it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ImageDescription {
    /// The functions the image defines.
    pub defined_functions: BTreeSet<String>,
    /// The kernels among them.
    pub kernels: BTreeSet<String>,
    /// The property sets this tool writes for the image with every optional set selected
    /// (`-emit-param-info`, `-emit-program-metadata`, `-emit-exported-symbols`,
    /// `-emit-kernel-names`), for the entry points given to [`describe_image`].
    pub properties: PropertySetRegistry,
    /// The image still calls the specialization-constant markers: it was not lowered with
    /// `-spec-const=emulation`, so no property set can describe the buffer its object reads.
    pub reads_unlowered_spec_constants: bool,
}

/// Describes the image whose code is at `path` (bitcode or assembly), with `entry_points` (the
/// `.sym` names) as its entry points; names the image does not define are left out.
pub fn describe_image(
    path: &str,
    entry_points: &[String],
) -> Result<ImageDescription, PostLinkError> {
    let context = Context::create();
    let module = read_input(&context, path)?;
    let layout =
        spec_constants::read_layout(&module).map_err(|e| PostLinkError::SpecConstants {
            path: path.to_owned(),
            message: e.to_string(),
        })?;
    let definitions: Vec<_> = ir::functions(&module)
        .into_iter()
        .filter(|f| !ir::is_declaration(*f))
        .collect();
    let entry_functions: Vec<_> = entry_points
        .iter()
        .filter_map(|name| module.get_function(name))
        .filter(|f| !ir::is_declaration(*f))
        .collect();
    let selection = properties::Selection {
        param_info: true,
        program_metadata: true,
        exported_symbols: true,
        kernel_names: true,
        ..properties::Selection::default()
    };
    Ok(ImageDescription {
        defined_functions: definitions.iter().map(|f| ir::name(*f)).collect(),
        kernels: definitions
            .iter()
            .filter(|f| ir::is_kernel(**f))
            .map(|f| ir::name(*f))
            .collect(),
        properties: properties::compute(&module, &entry_functions, &layout, selection),
        reads_unlowered_spec_constants: spec_constants::reads_spec_constants(&module),
    })
}
