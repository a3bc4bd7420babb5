//! The property sets of one device image (`.prop`), in the order and with the value encodings
//! intel/llvm's `computeModuleProperties` writes them.
//!
//! Followed: `llvm/lib/SYCLPostLink/ComputeModuleRuntimeInfo.cpp` @ `09168482`,
//! `llvm/lib/SYCLLowerIR/SYCLDeviceRequirements.cpp` @ `06d18d81` and
//! `llvm/lib/SYCLLowerIR/SYCLKernelParamOptInfo.cpp` @ `563f59be`, checked against the
//! expectations of `llvm/test/tools/sycl-post-link/` (`emit_program_metadata.ll`,
//! `device-requirements/{aspects,reqd-work-group-size}.ll`, the kernel param opt test,
//! `emit_exported_symbols.ll`, `emit_imported_symbols.ll`). Sets in order:
//!
//! 1. `[SYCL/device requirements]`, always: `aspects` (possibly empty) and, when present,
//!    `fixed_target`, `joint_matrix`, `joint_matrix_mad`, `reqd_sub_group_size`,
//!    `reqd_work_group_size_uint64_t` and `work_group_num_dim`, in that (alphabetical) order.
//! 2. `[SYCL/specialization constants]` and `[SYCL/specialization constants default values]`
//!    when the module records a specialization-constant layout (the `spec-constants` pass of the
//!    compiler, run by `-spec-const=emulation`): per symbolic id, in name order, its `u32`
//!    descriptor triples; then `all`, the default values in buffer order.
//! 3. `[SYCL/kernel param opt]` with `-emit-param-info`, even when empty.
//! 4. `[SYCL/exported symbols]` with `-emit-exported-symbols`, only when non-empty.
//! 5. `[SYCL/kernel names]` with `-emit-kernel-names`, only when non-empty.
//! 6. `[SYCL/imported symbols]` with `-emit-imported-symbols`, only when non-empty.
//! 7. `[SYCL/program metadata]` with `-emit-program-metadata`, only when non-empty.
//! 8. `[SYCL/misc properties]` `optLevel` when an entry point carries `sycl-optlevel`.
//!
//! Sets for features Native CPU does not have (ESIMD, device globals, sanitizers, virtual
//! functions, bf16 device libraries) are never produced.

use std::collections::BTreeSet;

use inkwell::module::Module;
use inkwell::values::FunctionValue;
use nativecpu_compiler::passes::spec_constants::Layout;
use sycl_offload_formats::properties::{
    PropertySetRegistry, PropertyValue, DEVICE_REQUIREMENTS, EXPORTED_SYMBOLS, IMPORTED_SYMBOLS,
    KERNEL_NAMES, KERNEL_PARAM_OPT, MISC_PROPERTIES, PROGRAM_METADATA, SPECIALIZATION_CONSTANTS,
    SPECIALIZATION_CONSTANTS_DEFAULT_VALUES,
};

use crate::ir::{self, MdOperand};

/// Which optional sets to compute.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct Selection {
    pub param_info: bool,
    pub program_metadata: bool,
    pub exported_symbols: bool,
    pub imported_symbols: bool,
    pub kernel_names: bool,
    pub allow_device_image_dependencies: bool,
    /// With `-split=none` the one image holds kernels with different (or no) required
    /// work-group sizes, so intel/llvm leaves that requirement out rather than imposing one
    /// kernel's size on all of them.
    pub omit_reqd_work_group_size: bool,
}

/// The property sets of the image `module` whose entry points are `entry_points` and whose
/// specialization constants are laid out as `spec_constants`.
pub(crate) fn compute(
    module: &Module<'_>,
    entry_points: &[FunctionValue<'_>],
    spec_constants: &Layout,
    selection: Selection,
) -> PropertySetRegistry {
    let functions = ir::functions(module);
    let mut registry = PropertySetRegistry::default();

    let requirements = registry.set_mut(DEVICE_REQUIREMENTS);
    for (key, value) in device_requirements(&functions, entry_points, selection) {
        requirements.insert(key, value);
    }

    if !spec_constants.descriptors.is_empty() {
        let mut descriptors: Vec<_> = spec_constants.descriptors.iter().collect();
        descriptors.sort_by(|a, b| a.0.cmp(&b.0));
        let set = registry.set_mut(SPECIALIZATION_CONSTANTS);
        for (symbolic_id, bytes) in descriptors {
            set.insert(symbolic_id.clone(), PropertyValue::from_bytes(bytes));
        }
        registry
            .set_mut(SPECIALIZATION_CONSTANTS_DEFAULT_VALUES)
            .insert(
                "all",
                PropertyValue::from_bytes(&spec_constants.default_values),
            );
    }

    if selection.param_info {
        let set = registry.set_mut(KERNEL_PARAM_OPT);
        for function in &functions {
            if let Some(mask) = removed_arguments_mask(*function) {
                set.insert(ir::name(*function), mask);
            }
        }
    }

    if selection.exported_symbols {
        for function in entry_points {
            // Kernels are found through the entry table, not by symbol, and virtual functions
            // are linked through their own mechanism; the rest are SYCL_EXTERNAL functions.
            // (intel/llvm tests for the `spir_func` calling convention here; on Native CPU such
            // functions use the host's C convention, so "not a kernel" is the equivalent test.)
            if !ir::is_kernel(*function) && !ir::has_attribute(*function, "indirectly-callable") {
                registry
                    .set_mut(EXPORTED_SYMBOLS)
                    .insert(ir::name(*function), PropertyValue::U32(1));
            }
        }
    }

    if selection.kernel_names {
        for function in entry_points.iter().filter(|f| ir::is_kernel(**f)) {
            registry
                .set_mut(KERNEL_NAMES)
                .insert(ir::name(*function), PropertyValue::U32(1));
        }
    }

    if selection.imported_symbols {
        for function in &functions {
            if can_be_imported(*function, selection.allow_device_image_dependencies) {
                registry
                    .set_mut(IMPORTED_SYMBOLS)
                    .insert(ir::name(*function), PropertyValue::U32(1));
            }
        }
    }

    if selection.program_metadata {
        for function in &functions {
            for (key, value) in program_metadata(*function) {
                registry.set_mut(PROGRAM_METADATA).insert(key, value);
            }
        }
    }

    if let Some(level) = entry_points.iter().find_map(|f| {
        ir::string_attribute(*f, "sycl-optlevel")?
            .parse::<i32>()
            .ok()
    }) {
        registry
            .set_mut(MISC_PROPERTIES)
            .insert("optLevel", PropertyValue::U32(level as u32));
    }

    registry
}

/// `[SYCL/device requirements]`. Aspects, fixed targets, joint-matrix use and work-group data
/// come from every function of the image (a kernel inherits what its callees use); the required
/// sub-group size from the entry points only.
fn device_requirements(
    functions: &[FunctionValue<'_>],
    entry_points: &[FunctionValue<'_>],
    selection: Selection,
) -> Vec<(&'static str, PropertyValue)> {
    let mut aspects = BTreeSet::new();
    let mut fixed_targets = BTreeSet::new();
    let mut reqd_work_group_size: Option<Vec<u64>> = None;
    let mut work_group_num_dim: Option<u32> = None;
    let mut joint_matrix: Option<String> = None;
    let mut joint_matrix_mad: Option<String> = None;
    for function in functions {
        for operand in ir::function_metadata(*function, "sycl_used_aspects").unwrap_or_default() {
            // An aspect is either a bare integer or a {name, value} pair. Negative values are
            // internal markers used only to split images.
            let value = match operand {
                MdOperand::Node(pair) => match pair.get(1) {
                    Some(MdOperand::Int { sext, .. }) => *sext,
                    _ => continue,
                },
                MdOperand::Int { sext, .. } => sext,
                _ => continue,
            };
            if value >= 0 {
                aspects.insert(value as u32);
            }
        }
        for target in ir::metadata_integers(*function, "sycl_fixed_targets").unwrap_or_default() {
            fixed_targets.insert(target as u32);
        }
        // intel/llvm takes the dimension count only while no required size has been seen, and
        // the first required size in module order.
        if let Some(dims) = ir::metadata_integers(*function, "work_group_num_dim") {
            if reqd_work_group_size.is_none() {
                work_group_num_dim = dims.first().map(|d| *d as u32);
            }
        }
        if reqd_work_group_size.is_none() {
            reqd_work_group_size = ir::metadata_integers(*function, "reqd_work_group_size");
        }
        if let Some(value) = first_string(*function, "sycl_joint_matrix") {
            joint_matrix = Some(value);
        }
        if let Some(value) = first_string(*function, "sycl_joint_matrix_mad") {
            joint_matrix_mad = Some(value);
        }
    }
    let reqd_sub_group_size = entry_points
        .iter()
        .find_map(|f| required_sub_group_size(*f));

    let aspects: Vec<u32> = aspects.into_iter().collect();
    let mut result = vec![("aspects", PropertyValue::from_u32s(&aspects))];
    if !fixed_targets.is_empty() {
        let targets: Vec<u32> = fixed_targets.into_iter().collect();
        result.push(("fixed_target", PropertyValue::from_u32s(&targets)));
    }
    if let Some(value) = joint_matrix {
        result.push(("joint_matrix", PropertyValue::from_bytes(value.as_bytes())));
    }
    if let Some(value) = joint_matrix_mad {
        result.push((
            "joint_matrix_mad",
            PropertyValue::from_bytes(value.as_bytes()),
        ));
    }
    if let Some(size) = reqd_sub_group_size {
        result.push(("reqd_sub_group_size", PropertyValue::U32(size)));
    }
    if let Some(sizes) = reqd_work_group_size.filter(|_| !selection.omit_reqd_work_group_size) {
        // Stored as 64-bit values under a new key because the old `reqd_work_group_size` key
        // (32-bit values) could not change outside an ABI-breaking window.
        let bytes: Vec<u8> = sizes.iter().flat_map(|s| s.to_le_bytes()).collect();
        result.push((
            "reqd_work_group_size_uint64_t",
            PropertyValue::from_bytes(&bytes),
        ));
    }
    if let Some(dims) = work_group_num_dim {
        result.push(("work_group_num_dim", PropertyValue::U32(dims)));
    }
    result
}

/// The sub-group size `function` requires (`!intel_reqd_sub_group_size`), if it names one. A
/// size of 0 is the `sub_group_size_primary` property, which the compiler resolves from the
/// device's target after this tool has run (docs/vectorizer.md, "Sub-groups"), so it is left
/// out: DPC++'s runtime checks a recorded size against the device's sub-group sizes, and ours
/// checks the resolved one in the kernel's metadata note.
fn required_sub_group_size(function: FunctionValue<'_>) -> Option<u32> {
    ir::metadata_integers(function, "intel_reqd_sub_group_size")?
        .first()
        .map(|size| *size as u32)
        .filter(|size| *size != 0)
}

fn first_string(function: FunctionValue<'_>, kind: &str) -> Option<String> {
    match ir::function_metadata(function, kind)?.into_iter().next()? {
        MdOperand::Str(s) if !s.is_empty() => Some(s),
        _ => None,
    }
}

/// The `[SYCL/kernel param opt]` value of a function: bit i (LSB-first) set when argument i was
/// removed by dead argument elimination, which records this as `!sycl_kernel_omit_args`, one `i1`
/// per original argument. Without that metadata, or with an empty one, intel/llvm writes no
/// entry and the runtime then assumes no argument was removed.
fn removed_arguments_mask(function: FunctionValue<'_>) -> Option<PropertyValue> {
    let removed: Vec<bool> = ir::metadata_integers(function, "sycl_kernel_omit_args")?
        .iter()
        .map(|v| *v != 0)
        .collect();
    if removed.is_empty() {
        return None;
    }
    let mut bytes = vec![0u8; removed.len().div_ceil(8)];
    for (index, _) in removed.iter().enumerate().filter(|(_, r)| **r) {
        bytes[index / 8] |= 1 << (index % 8);
    }
    Some(PropertyValue::from_bits(&bytes, removed.len() as u64))
}

/// `[SYCL/program metadata]` entries of one function, keyed `<function>@<name>`. Work-group
/// sizes are arrays of 32-bit values (64-bit metadata is truncated, as all consumers only support
/// sizes up to `INT_MAX`); single values are plain integers.
fn program_metadata(function: FunctionValue<'_>) -> Vec<(String, PropertyValue)> {
    let name = ir::name(function);
    let mut entries = Vec::new();
    let sizes = |kind: &str| {
        ir::metadata_integers(function, kind)
            .filter(|values| !values.is_empty())
            .map(|values| {
                PropertyValue::from_u32s(&values.iter().map(|v| *v as u32).collect::<Vec<_>>())
            })
    };
    let single = |kind: &str| {
        ir::metadata_integers(function, kind)
            .and_then(|values| values.first().map(|v| PropertyValue::U32(*v as u32)))
    };
    if let Some(value) = sizes("reqd_work_group_size") {
        entries.push((format!("{name}@reqd_work_group_size"), value));
    }
    if let Some(size) = required_sub_group_size(function) {
        entries.push((
            format!("{name}@reqd_sub_group_size"),
            PropertyValue::U32(size),
        ));
    }
    if let Some(value) = single("work_group_num_dim") {
        entries.push((format!("{name}@work_group_num_dim"), value));
    }
    if let Some(value) = sizes("max_work_group_size") {
        entries.push((format!("{name}@max_work_group_size"), value));
    }
    if let Some(value) = single("max_linear_work_group_size") {
        entries.push((format!("{name}@max_linear_work_group_size"), value));
    }
    entries
}

/// Whether an image imports `function` from another image at run time.
///
/// intel/llvm (`canBeImportedFunction`) only imports when images may depend on each other
/// (`-allow-device-image-dependencies`): an imported symbol that no image exports makes the SYCL
/// runtime fail with "No device image found for external symbol", and plain declarations are
/// often provided outside device code. Then a used declaration is imported unless it is an
/// intrinsic, a builtin (`__…`, `_Z<n>__spirv_…`, `_Z<n>__sycl_…`, `_Z<n>__esimd_…`, which
/// covers Native CPU's `__mux_*` and `__dpcpp_nativecpu_*`) or its demangled name starts with
/// `__`, or it is a virtual function (linked through another mechanism).
fn can_be_imported(function: FunctionValue<'_>, allow_device_image_dependencies: bool) -> bool {
    if !allow_device_image_dependencies
        || !ir::is_declaration(function)
        || !ir::has_uses(function)
        || ir::is_intrinsic(function)
        || ir::has_attribute(function, "indirectly-callable")
    {
        return false;
    }
    let name = ir::name(function);
    !name.starts_with("__")
        && !ir::is_spirv_or_sycl_builtin(&name)
        && !ir::is_esimd_builtin(&name)
        && !ir::demangles_to_reserved_name(&name)
}
