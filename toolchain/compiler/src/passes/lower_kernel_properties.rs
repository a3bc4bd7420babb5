//! `lower-kernel-properties`: turns the kernel properties our SYCL headers pass as builtin calls,
//! and the kernel attributes the driver passes as annotations, into the IR metadata DPC++'s
//! front-end would have written. Upstream clang 22 has no SYCL kernel attributes
//! (`[[sycl::reqd_work_group_size]]` is ignored), so the headers express the `work_group_size`
//! and `sub_group_size` kernel properties as calls at the start of the kernel, and the driver
//! rewrites the attributes into `annotate` attributes of the function they are written on
//! (docs/kernel-features.md, "Kernel attributes").
//!
//! Expects: the device module of one translation unit, straight from clang `-fsycl-is-device`;
//! calls `__nativecpu_reqd_work_group_size(i64 x, i64 y, i64 z)` (device order, x fastest) and
//! `__nativecpu_reqd_sub_group_size(i32 n)` with constant arguments (n = 0 for the
//! `sub_group_size_primary` property, the width of one vector register of the target, which the
//! passes after retargeting read from it), directly in `spir_kernel` functions; annotations
//! `sycl-reqd-work-group-size` (1 to 3 sizes, SYCL order), `sycl-reqd-sub-group-size` (one
//! size), `sycl-primary-sub-group-size` (no argument: size 0, as the property) and
//! `sycl-device-has` (`sycl::aspect` values), and `sycl-function-property` (a free function
//! kernel's property: a code and three sizes) on `noinline` functions that kernels call.
//! Guarantees: each such kernel, and each kernel calling an annotated function directly or
//! through other functions, carries `!reqd_work_group_size !{i32 x, i32 y, i32 z}` or
//! `!intel_reqd_sub_group_size !{i32 n}` (two different sizes for one kernel are an error), and
//! the declared aspects in `!sycl_declared_aspects` and `!sycl_used_aspects`; the calls and those
//! annotations are gone, and the annotated functions are inlinable again. sycl-post-link then
//! records the work-group size in the image's program metadata and the aspects in its device
//! requirements (which the runtime enforces); work-item-loops uses the size as constant loop
//! bounds; run-vecz vectorizes at the sub-group size (docs/vectorizer.md, "Sub-groups").

use std::collections::HashSet;

use inkwell::attributes::AttributeLoc;
use inkwell::module::Module;
use inkwell::values::FunctionValue;

use super::{Changed, ModulePass, PassInfo};
use crate::ir::annotations::{function_annotations, remove_annotations, Annotation};
use crate::ir::vector::{function_metadata_integers, set_function_metadata_integers};
use crate::ir::walk::{CallIndex, DirectCall};
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

/// The annotation the driver writes for `[[sycl::reqd_work_group_size(…)]]`, sizes in SYCL order.
pub const REQD_WORK_GROUP_SIZE_ANNOTATION: &str = "sycl-reqd-work-group-size";
/// The annotation the driver writes for `[[sycl::reqd_sub_group_size(n)]]`.
pub const REQD_SUB_GROUP_SIZE_ANNOTATION: &str = "sycl-reqd-sub-group-size";
/// The annotation the driver writes for `[[intel::named_sub_group_size(primary)]]`: the
/// `sub_group_size` property with DPC++'s size 0, as the `sub_group_size_primary` property.
pub const PRIMARY_SUB_GROUP_SIZE_ANNOTATION: &str = "sycl-primary-sub-group-size";
/// The annotation the driver writes for `[[sycl::device_has(aspects…)]]` (`sycl::aspect` values).
pub const DEVICE_HAS_ANNOTATION: &str = "sycl-device-has";
/// The annotation our headers' `SYCL_EXT_ONEAPI_FUNCTION_PROPERTY` writes on a free function
/// kernel for each of its properties: a code and three sizes (SYCL order). Code 0 is a property
/// with nothing to lower (the kernel kinds, hints), 1 to 3 a work-group size of that many
/// dimensions, 4 a sub-group size, 5 the `sub_group_size_primary` property, 6 `device_has` (its
/// aspects as bit masks: values 0 to 63, then 64 to 127).
pub const FUNCTION_PROPERTY_ANNOTATION: &str = "sycl-function-property";

/// DPC++'s metadata: the aspects a kernel uses, which sycl-post-link writes into its image's
/// device requirements (and splits images by), and those it declares with `device_has`.
const USED_ASPECTS: &str = "sycl_used_aspects";
const DECLARED_ASPECTS: &str = "sycl_declared_aspects";

/// The `lower-kernel-properties` pass: turns kernel property calls into metadata.
#[derive(Default)]
pub struct LowerKernelProperties;

/// A property builtin and how to read its call.
struct Property {
    builtin: &'static str,
    annotation: &'static str,
    metadata: &'static str,
    /// The property's name in errors.
    name: &'static str,
    /// The attribute's name in errors.
    attribute: &'static str,
    operands: u32,
    /// The largest value an operand may have.
    limit: u64,
    /// Whether larger values become `limit` rather than an error: a work-group that large runs
    /// on no device here, which the runtime reports when the kernel is launched
    /// (`errc::kernel_not_supported`, as DPC++ compiles such a kernel and refuses it then).
    clamp: bool,
    /// Whether a call may pass 0: the headers pass the `sub_group_size_primary` property as
    /// DPC++ encodes it, a size of 0, which stays 0 in the metadata until the target is known
    /// (`attributes::required_sub_group_size`).
    zero_in_calls: bool,
}

impl Property {
    /// The sizes the property takes, for errors.
    fn sizes_text(&self) -> String {
        if self.clamp {
            "of at least 1".to_owned()
        } else {
            format!("from 1 to {}", self.limit)
        }
    }

    /// `value` as the property's operand, `None` if it cannot be one.
    fn operand(&self, value: u64) -> Option<u64> {
        match value {
            0 => None,
            value if value <= self.limit => Some(value),
            _ => self.clamp.then_some(self.limit),
        }
    }

    /// `value` as the operand of a call: as [`Self::operand`], but 0 may be one.
    fn call_operand(&self, value: u64) -> Option<u64> {
        match value {
            0 if self.zero_in_calls => Some(0),
            value => self.operand(value),
        }
    }
}

const PROPERTIES: [Property; 2] = [
    Property {
        builtin: REQD_WORK_GROUP_SIZE,
        annotation: REQD_WORK_GROUP_SIZE_ANNOTATION,
        metadata: "reqd_work_group_size",
        name: "work_group_size",
        attribute: "sycl::reqd_work_group_size",
        operands: 3,
        limit: u32::MAX as u64,
        clamp: true,
        zero_in_calls: false,
    },
    Property {
        builtin: REQD_SUB_GROUP_SIZE,
        annotation: REQD_SUB_GROUP_SIZE_ANNOTATION,
        metadata: attributes::REQD_SUB_GROUP_SIZE,
        name: "sub_group_size",
        attribute: "sycl::reqd_sub_group_size",
        operands: 1,
        limit: 64,
        clamp: false,
        zero_in_calls: true,
    },
];

/// The kernel making `call`, and the call's constant operands.
fn lower_call<'ctx>(
    property: &Property,
    call: &DirectCall<'ctx>,
) -> Result<(FunctionValue<'ctx>, Vec<u64>), CompileError> {
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
    let mut values = Vec::new();
    for index in 0..property.operands {
        let value = call
            .instruction
            .get_operand(index)
            .and_then(|o| o.value())
            .and_then(|v| v.into_int_value().get_zero_extended_constant())
            .and_then(|value| property.call_operand(value))
            .ok_or_else(|| {
                CompileError::unsupported(
                    walk::name(function),
                    format!(
                        "the {} property needs constant sizes {}",
                        property.name,
                        property.sizes_text()
                    ),
                )
            })?;
        values.push(value);
    }
    Ok((function, values))
}

/// The sizes an annotation of `function` gives (SYCL order) as the property's operands (x
/// fastest), checked as a call's are.
fn annotation_sizes(
    property: &Property,
    function: FunctionValue<'_>,
    arguments: &[Option<i64>],
) -> Result<Vec<u64>, CompileError> {
    let error = || {
        CompileError::unsupported(
            walk::name(function),
            format!(
                "[[{}]] needs {} constant size{} {}",
                property.attribute,
                if property.operands == 1 {
                    "one"
                } else {
                    "1 to 3"
                },
                if property.operands == 1 { "" } else { "s" },
                property.sizes_text()
            ),
        )
    };
    let sizes = arguments
        .iter()
        .map(|size| {
            size.and_then(|size| u64::try_from(size).ok())
                .and_then(|size| property.operand(size))
        })
        .collect::<Option<Vec<u64>>>()
        .filter(|sizes| (1..=property.operands as usize).contains(&sizes.len()))
        .ok_or_else(error)?;
    // SYCL order (the last fastest) to x, y, z; missing dimensions are 1.
    let mut operands: Vec<u64> = sizes.into_iter().rev().collect();
    operands.resize(property.operands as usize, 1);
    Ok(operands)
}

/// The `sub_group_size_primary` property: the sub-group size 0, as DPC++ encodes it.
fn primary_sub_group_size() -> Lowered {
    Lowered::Property(&PROPERTIES[1], vec![0])
}

/// What a `sycl-function-property` annotation gives the kernels calling its function.
fn function_property(annotation: &Annotation<'_>) -> Result<Lowered, CompileError> {
    let error = |what: String| CompileError::unsupported(walk::name(annotation.function), what);
    let values: Option<Vec<i64>> = annotation.arguments.iter().copied().collect();
    let Some([code, sizes @ ..]) = values.as_deref() else {
        return Err(error(
            "SYCL_EXT_ONEAPI_FUNCTION_PROPERTY needs a constant property".to_owned(),
        ));
    };
    let (property, count) = match *code {
        0 => return Ok(Lowered::Nothing),
        1..=3 => (&PROPERTIES[0], *code as usize),
        4 => (&PROPERTIES[1], 1),
        5 => return Ok(primary_sub_group_size()),
        6 => return Ok(Lowered::Aspects(aspects_of_masks(sizes))),
        _ => {
            return Err(error(format!(
                "unknown free function kernel property code {code}"
            )))
        }
    };
    let sizes: Vec<Option<i64>> = sizes.iter().take(count).map(|size| Some(*size)).collect();
    Ok(Lowered::Property(
        property,
        annotation_sizes(property, annotation.function, &sizes)?,
    ))
}

/// The aspect values whose bits are set in `masks`: values 0 to 63 in the first, 64 to 127 in
/// the second.
fn aspects_of_masks(masks: &[i64]) -> Vec<u64> {
    let mut aspects = Vec::new();
    for (index, mask) in masks.iter().take(2).enumerate() {
        let mask = *mask as u64;
        aspects.extend(
            (0..64u64)
                .filter(|bit| mask >> bit & 1 == 1)
                .map(|bit| index as u64 * 64 + bit),
        );
    }
    aspects
}

/// The kernels calling `function`, directly or through other functions.
fn kernels_calling<'ctx>(
    calls: &CallIndex<'ctx>,
    function: FunctionValue<'ctx>,
) -> Vec<FunctionValue<'ctx>> {
    let mut seen = HashSet::from([function]);
    let mut pending = vec![function];
    let mut kernels = Vec::new();
    while let Some(callee) = pending.pop() {
        if callee.get_call_conventions() == calling_convention::SPIR_KERNEL {
            kernels.push(callee);
        }
        for call in calls.calls_to(callee) {
            let caller = call.instruction.get_parent().and_then(|b| b.get_parent());
            if let Some(caller) = caller.filter(|caller| seen.insert(*caller)) {
                pending.push(caller);
            }
        }
    }
    kernels
}

/// Gives `kernel` the property's metadata, unless it has it with other values already.
fn set_property(
    property: &Property,
    kernel: FunctionValue<'_>,
    operands: &[u64],
) -> Result<(), CompileError> {
    if function_metadata_integers(kernel, property.metadata)
        .is_some_and(|existing| existing != operands)
    {
        return Err(CompileError::unsupported(
            walk::name(kernel),
            format!("the kernel is given two different {} values", property.name),
        ));
    }
    set_function_metadata_integers(kernel, property.metadata, operands);
    Ok(())
}

/// The aspects a `device_has` annotation declares.
fn declared_aspects(annotation: &Annotation<'_>) -> Result<Vec<u64>, CompileError> {
    annotation
        .arguments
        .iter()
        .map(|aspect| aspect.and_then(|a| u32::try_from(a).ok()).map(u64::from))
        .collect::<Option<Vec<u64>>>()
        .ok_or_else(|| {
            CompileError::unsupported(
                walk::name(annotation.function),
                "[[sycl::device_has]] takes constant sycl::aspect values",
            )
        })
}

/// Adds `aspects` to the aspects `kernel` declares and uses: a kernel calling a function that
/// declares aspects needs them too (SYCL 2020 "Optional kernel features").
fn add_aspects(kernel: FunctionValue<'_>, aspects: &[u64]) {
    for kind in [DECLARED_ASPECTS, USED_ASPECTS] {
        let mut values = function_metadata_integers(kernel, kind).unwrap_or_default();
        for aspect in aspects {
            if !values.contains(aspect) {
                values.push(*aspect);
            }
        }
        set_function_metadata_integers(kernel, kind, &values);
    }
}

/// What one of our annotations gives the kernels calling its function.
enum Lowered {
    Property(&'static Property, Vec<u64>),
    Aspects(Vec<u64>),
    Nothing,
}

/// The property an annotation's text names, if it names one.
fn property_named(text: &str) -> Option<&'static Property> {
    let text = match text {
        PRIMARY_SUB_GROUP_SIZE_ANNOTATION => REQD_SUB_GROUP_SIZE_ANNOTATION,
        text => text,
    };
    PROPERTIES
        .iter()
        .find(|property| property.annotation == text)
}

/// The symbol names of the free function kernels `module` defines (the functions carrying
/// [`FUNCTION_PROPERTY_ANNOTATION`]), each once, in the module's order: what the kernel
/// compiler reads from a source's device front-end output to find its `extern "C"` kernels
/// (docs/kernel-compiler.md). Only before this pass runs, which removes the annotations.
pub fn free_function_kernels(module: &Module<'_>) -> Vec<String> {
    let mut names: Vec<String> = Vec::new();
    for annotation in function_annotations(module) {
        let name = annotation
            .function
            .get_name()
            .to_string_lossy()
            .into_owned();
        if annotation.text == FUNCTION_PROPERTY_ANNOTATION && !names.contains(&name) {
            names.push(name);
        }
    }
    names
}

/// Whether `annotation` is one this pass lowers.
fn is_ours(annotation: &Annotation<'_>) -> bool {
    property_named(&annotation.text).is_some()
        || [DEVICE_HAS_ANNOTATION, FUNCTION_PROPERTY_ANNOTATION].contains(&annotation.text.as_str())
}

/// What `annotation` (one of ours) gives the kernels calling its function.
fn lowered(annotation: &Annotation<'_>) -> Result<Lowered, CompileError> {
    if annotation.text == FUNCTION_PROPERTY_ANNOTATION {
        return function_property(annotation);
    }
    if annotation.text == PRIMARY_SUB_GROUP_SIZE_ANNOTATION && annotation.arguments.is_empty() {
        return Ok(primary_sub_group_size());
    }
    Ok(match property_named(&annotation.text) {
        Some(property) => Lowered::Property(
            property,
            annotation_sizes(property, annotation.function, &annotation.arguments)?,
        ),
        None => Lowered::Aspects(declared_aspects(annotation)?),
    })
}

/// Lowers the kernel attributes the driver, and the free function kernel properties the headers,
/// turned into annotations, and removes those annotations.
fn lower_annotations(module: &Module<'_>) -> Result<Changed, CompileError> {
    let annotations = function_annotations(module);
    if !annotations.iter().any(is_ours) {
        return Ok(Changed::No);
    }
    let calls = CallIndex::of(module);
    for annotation in annotations.iter().filter(|a| is_ours(a)) {
        let kernels = kernels_calling(&calls, annotation.function);
        match lowered(annotation)? {
            Lowered::Property(property, operands) => {
                for kernel in kernels {
                    set_property(property, kernel, &operands)?;
                }
            }
            Lowered::Aspects(aspects) => {
                for kernel in kernels {
                    add_aspects(kernel, &aspects);
                }
            }
            Lowered::Nothing => {}
        }
        // The driver or the headers made the function `noinline` so that its calls outlived
        // clang's inliner (at -O0 it is `optnone` too, which needs `noinline`).
        let function = annotation.function;
        if !attributes::has_enum_attribute(function, AttributeLoc::Function, "optnone") {
            attributes::remove_enum_attribute(function, AttributeLoc::Function, "noinline");
        }
    }
    remove_annotations(module, is_ours);
    Ok(Changed::Yes)
}

impl ModulePass for LowerKernelProperties {
    fn name(&self) -> &'static str {
        NAME
    }

    fn run(&self, module: &Module<'_>) -> Result<Changed, CompileError> {
        let mut changed = lower_annotations(module)?;
        for property in &PROPERTIES {
            let Some(builtin) = module.get_function(property.builtin) else {
                continue;
            };
            changed = Changed::Yes;
            for call in walk::calls_to(module, builtin) {
                let (kernel, values) = lower_call(property, &call)?;
                set_property(property, kernel, &values)?;
                call.instruction.erase_from_basic_block();
            }
            walk::delete_function(builtin, None);
        }
        Ok(changed)
    }
}
