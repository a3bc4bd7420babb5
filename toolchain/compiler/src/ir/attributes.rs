//! Function attributes through which the passes communicate (docs/compiler-pipeline.md,
//! "Function attributes between passes"):
//!
//! * `"mux-kernel"` marks kernels; the value `"entry-point"` marks those the runtime may call.
//! * `"mux-orig-fn"` names the original kernel a function was derived from.
//! * `"mux-base-fn-name"` is the base name new wrappers are suffixed from, so a wrapper of a
//!   wrapper is `foo.pass2`, not `foo.pass1.pass2`.
//! * `"sycl-module-id"` names the translation unit of a SYCL kernel or `SYCL_EXTERNAL` function.

use inkwell::attributes::AttributeLoc;
use inkwell::types::AnyTypeEnum;
use inkwell::values::FunctionValue;

/// `"mux-kernel"`: marks kernels; see the module documentation.
pub const MUX_KERNEL: &str = "mux-kernel";
/// The `"mux-kernel"` value of the kernels the runtime may call.
pub const ENTRY_POINT: &str = "entry-point";
/// `"mux-orig-fn"`: the original kernel a function was derived from.
pub const MUX_ORIG_FN: &str = "mux-orig-fn";
/// `"mux-base-fn-name"`: the base name new wrappers are suffixed from.
pub const MUX_BASE_FN_NAME: &str = "mux-base-fn-name";
/// `"sycl-module-id"`: the translation unit of a SYCL kernel or `SYCL_EXTERNAL` function.
pub const SYCL_MODULE_ID: &str = "sycl-module-id";

/// The value of a string function attribute.
pub fn string_attribute(function: FunctionValue<'_>, key: &str) -> Option<String> {
    function
        .get_string_attribute(AttributeLoc::Function, key)
        .map(|a| a.get_string_value().to_string_lossy().into_owned())
}

/// Whether the function's `target-features` enable `feature` (`avx2` for `+avx2`).
pub fn has_target_feature(function: FunctionValue<'_>, feature: &str) -> bool {
    string_attribute(function, "target-features").is_some_and(|features| {
        features
            .split(',')
            .any(|f| f.strip_prefix('+') == Some(feature))
    })
}

/// 32-bit lanes in the widest vector register the function's target features allow: the
/// vectorizer's width (docs/vectorizer.md, "Where it runs") and the device's primary sub-group
/// size, which the runtime reports from the same features of the CPU it runs on.
pub fn vector_register_lanes(function: FunctionValue<'_>) -> u32 {
    let has = |feature| has_target_feature(function, feature);
    if has("avx512f") {
        16
    } else if has("avx") || has("avx2") {
        8
    } else {
        4
    }
}

/// Sets a string function attribute, replacing any previous value.
pub fn set_string_attribute(function: FunctionValue<'_>, key: &str, value: &str) {
    let context = function.get_type().get_context();
    function.remove_string_attribute(AttributeLoc::Function, key);
    function.add_attribute(
        AttributeLoc::Function,
        context.create_string_attribute(key, value),
    );
}

/// Adds an enum attribute such as `alwaysinline` to the function.
pub fn add_enum_attribute(function: FunctionValue<'_>, loc: AttributeLoc, name: &str) {
    let context = function.get_type().get_context();
    let kind = inkwell::attributes::Attribute::get_named_enum_kind_id(name);
    function.add_attribute(loc, context.create_enum_attribute(kind, 0));
}

/// Adds an attribute with an integer value, such as `dereferenceable(24)`, to the function.
pub fn add_integer_attribute(
    function: FunctionValue<'_>,
    loc: AttributeLoc,
    name: &str,
    value: u64,
) {
    let context = function.get_type().get_context();
    let kind = inkwell::attributes::Attribute::get_named_enum_kind_id(name);
    function.add_attribute(loc, context.create_enum_attribute(kind, value));
}

/// The value of the function's integer attribute `name` at `loc` (`dereferenceable(24)`: 24,
/// `align 8`: 8), if it has one.
pub fn integer_attribute(
    function: FunctionValue<'_>,
    loc: AttributeLoc,
    name: &str,
) -> Option<u64> {
    let kind = inkwell::attributes::Attribute::get_named_enum_kind_id(name);
    function
        .get_enum_attribute(loc, kind)
        .map(|attribute| attribute.get_enum_value())
}

/// Removes an enum attribute such as `noinline` from the function, if present.
pub fn remove_enum_attribute(function: FunctionValue<'_>, loc: AttributeLoc, name: &str) {
    let kind = inkwell::attributes::Attribute::get_named_enum_kind_id(name);
    function.remove_enum_attribute(loc, kind);
}

/// The type carried by the type attribute `name` (such as `sret` or `byval`) of `function` at
/// `loc`.
pub fn type_attribute<'ctx>(
    function: FunctionValue<'ctx>,
    loc: AttributeLoc,
    name: &str,
) -> Option<AnyTypeEnum<'ctx>> {
    let kind = inkwell::attributes::Attribute::get_named_enum_kind_id(name);
    let attribute = function.get_enum_attribute(loc, kind)?;
    if !attribute.is_type() {
        return None;
    }
    // SAFETY: a type attribute of a function carries a sized type of the function's context.
    Some(unsafe {
        AnyTypeEnum::new(inkwell::llvm_sys::core::LLVMGetTypeAttributeValue(
            attribute.as_mut_ptr(),
        ))
    })
}

/// Whether `function` has the enum attribute `name` (`noinline`, `alwaysinline`, …) at `loc`.
pub fn has_enum_attribute(function: FunctionValue<'_>, loc: AttributeLoc, name: &str) -> bool {
    let kind = inkwell::attributes::Attribute::get_named_enum_kind_id(name);
    function.get_enum_attribute(loc, kind).is_some()
}

/// Whether the function is a kernel the runtime may call.
pub fn is_kernel_entry_point(function: FunctionValue<'_>) -> bool {
    string_attribute(function, MUX_KERNEL).as_deref() == Some(ENTRY_POINT)
}

/// Marks `function` as a kernel the runtime may call (`"mux-kernel"="entry-point"`).
pub fn set_is_kernel_entry_point(function: FunctionValue<'_>) {
    set_string_attribute(function, MUX_KERNEL, ENTRY_POINT);
}

/// Moves the `mux-kernel` attribute from `from` to `to`, when `to` replaces `from`.
pub fn take_is_kernel(to: FunctionValue<'_>, from: FunctionValue<'_>) {
    if let Some(value) = string_attribute(from, MUX_KERNEL) {
        set_string_attribute(to, MUX_KERNEL, &value);
        from.remove_string_attribute(AttributeLoc::Function, MUX_KERNEL);
    }
}

/// The base name new functions derived from `function` are named after.
pub fn base_name(function: FunctionValue<'_>) -> String {
    string_attribute(function, MUX_BASE_FN_NAME)
        .unwrap_or_else(|| function.get_name().to_string_lossy().into_owned())
}

/// The original kernel name of `function` (`mux-orig-fn`, else its own name).
pub fn original_name(function: FunctionValue<'_>) -> String {
    string_attribute(function, MUX_ORIG_FN)
        .unwrap_or_else(|| function.get_name().to_string_lossy().into_owned())
}

/// A kernel's name as its source wrote it: its original name demangled, without the `typeinfo
/// name for ` prefix of SYCL's `_ZTS…` kernel names (`main::{lambda(sycl::_V1::id<1>)#1}`).
pub fn readable_kernel_name(kernel: FunctionValue<'_>) -> String {
    let readable = super::walk::demangled(&original_name(kernel));
    match readable.strip_prefix("typeinfo name for ") {
        Some(type_name) => type_name.to_owned(),
        None => readable,
    }
}

/// Gives `to` the CPU `from` is compiled for (`target-cpu`, `target-features`, `tune-cpu`): a
/// function a pass creates for `from` to call, or to call `from`, must agree with it for LLVM to
/// inline one into the other.
pub fn copy_target_attributes(to: FunctionValue<'_>, from: FunctionValue<'_>) {
    for key in ["target-cpu", "target-features", "tune-cpu"] {
        if let Some(value) = string_attribute(from, key) {
            set_string_attribute(to, key, &value);
        }
    }
}

/// Copies every function-level attribute of `from` onto `to` (target features, fast-math
/// settings …), so that `from` can later be inlined into `to`.
pub fn copy_function_attributes(to: FunctionValue<'_>, from: FunctionValue<'_>) {
    for attribute in from.attributes(AttributeLoc::Function) {
        to.add_attribute(AttributeLoc::Function, attribute);
    }
}

/// Copies the attributes of each parameter of `from` onto the same parameter of `to` (a copy of
/// `from` with its type).
pub fn copy_parameter_attributes(to: FunctionValue<'_>, from: FunctionValue<'_>) {
    for index in 0..from.count_params().min(to.count_params()) {
        for attribute in from.attributes(AttributeLoc::Param(index)) {
            to.add_attribute(AttributeLoc::Param(index), attribute);
        }
    }
}

/// Metadata on a kernel that requires a sub-group size: `!{i32 N}` (DPC++'s name).
pub const REQD_SUB_GROUP_SIZE: &str = "intel_reqd_sub_group_size";

/// The sub-group size `function` requires, if it has `!intel_reqd_sub_group_size`: its size, or
/// for 0 (the `sub_group_size_primary` property, as DPC++ encodes it) the lanes of one vector
/// register of the function's target, which is known once the module is retargeted
/// (`target::retarget`).
pub fn required_sub_group_size(function: FunctionValue<'_>) -> Option<u32> {
    let sizes = super::vector::function_metadata_integers(function, REQD_SUB_GROUP_SIZE)?;
    sizes.first().map(|&size| match size {
        0 => vector_register_lanes(function),
        size => size as u32,
    })
}
