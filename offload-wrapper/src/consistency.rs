//! Each image's `.sym` and `.prop` files checked against the image's code before anything is
//! written (`docs/formats-validation.md`).
//!
//! The runtime registers the kernels the `.sym` file names and trusts the property sets; some of
//! those decide what a kernel computes (the specialization-constant buffer layout, a kernel's
//! `reqd_work_group_size`), so a set that disagrees with the code would make the program compute
//! a wrong result instead of failing. The `Code` file is the image's LLVM module, and
//! `sycl-post-link` can say what it writes for it ([`sycl_post_link::describe_image`]); the
//! files must say the same:
//!
//! * every `.sym` name is a function the image defines, and every kernel it defines is listed;
//! * each set in [`COMPARED`] that the `.prop` file has holds exactly the keys and values
//!   `sycl-post-link` computes from the code;
//! * each set in [`REQUIRED`] that the code calls for is present (the runtime would otherwise
//!   run the kernels without it);
//! * the code reads no specialization constant that was left unlowered, which no property set
//!   can describe.
//!
//! The other sets (device requirements, misc properties, imported symbols) are not used by the
//! runtime; [`sycl_offload_formats::validate`] checks their form only.

use std::path::Path;

use sycl_offload_formats::properties::{
    PropertySet, PropertySetRegistry, PropertyValue, EXPORTED_SYMBOLS, KERNEL_NAMES,
    KERNEL_PARAM_OPT, PROGRAM_METADATA, SPECIALIZATION_CONSTANTS,
    SPECIALIZATION_CONSTANTS_DEFAULT_VALUES,
};
use sycl_post_link::ImageDescription;

use crate::WrapperError;

/// The sets whose contents must be what `sycl-post-link` computes from the code.
pub const COMPARED: [&str; 6] = [
    SPECIALIZATION_CONSTANTS,
    SPECIALIZATION_CONSTANTS_DEFAULT_VALUES,
    PROGRAM_METADATA,
    KERNEL_PARAM_OPT,
    EXPORTED_SYMBOLS,
    KERNEL_NAMES,
];

/// The sets that must be present when the code calls for them.
pub const REQUIRED: [&str; 3] = [
    SPECIALIZATION_CONSTANTS,
    SPECIALIZATION_CONSTANTS_DEFAULT_VALUES,
    PROGRAM_METADATA,
];

/// An image's files, as far as the check needs them.
pub struct ImageFiles<'a> {
    /// The image's `Code` file: the LLVM module the `.sym` and `.prop` files must agree with.
    pub code: &'a Path,
    /// The `.sym` file and its names.
    pub entries: Option<(&'a Path, &'a [String])>,
    /// The `.prop` file and its (already validated) sets.
    pub properties: Option<(&'a Path, &'a PropertySetRegistry)>,
}

fn mismatch(file: &Path, cause: String) -> WrapperError {
    WrapperError::Mismatch {
        file: file.to_path_buf(),
        cause,
    }
}

/// Checks `files` against the code, as the module documentation describes.
pub fn check(files: &ImageFiles<'_>) -> Result<(), WrapperError> {
    let code = files.code;
    let names = files.entries.map_or(&[][..], |(_, names)| names);
    let image = sycl_post_link::describe_image(&code.to_string_lossy(), names)?;
    if image.reads_unlowered_spec_constants {
        return Err(mismatch(
            code,
            "the image reads specialization constants that sycl-post-link did not lower \
             (-spec-const=emulation), so no property set describes the buffer its kernels read"
                .into(),
        ));
    }
    check_entries(files, &image)?;
    let Some((file, sets)) = files.properties else {
        return match REQUIRED.into_iter().find(|name| needs(&image, name)) {
            Some(name) => Err(mismatch(
                code,
                format!("the image needs [{name}], but no properties file gives it"),
            )),
            None => Ok(()),
        };
    };
    for name in COMPARED {
        match sets.get(name) {
            Some(given) => compare_set(file, code, given, image.properties.get(name))?,
            None if REQUIRED.contains(&name) && needs(&image, name) => {
                return Err(mismatch(
                    file,
                    format!(
                        "[{name}]: missing, but the image {} needs it",
                        code.display()
                    ),
                ));
            }
            None => {}
        }
    }
    Ok(())
}

/// Whether `sycl-post-link` writes a non-empty set `name` for the image.
fn needs(image: &ImageDescription, name: &str) -> bool {
    image
        .properties
        .get(name)
        .is_some_and(|set| !set.properties.is_empty())
}

/// Every entry is a function of the image, and every kernel of the image an entry.
fn check_entries(files: &ImageFiles<'_>, image: &ImageDescription) -> Result<(), WrapperError> {
    let code = files.code.display();
    let Some((path, names)) = files.entries else {
        return match image.kernels.first() {
            Some(kernel) => Err(mismatch(
                files.code,
                format!("the image defines the kernel '{kernel}', but no symbols file lists it"),
            )),
            None => Ok(()),
        };
    };
    if let Some(name) = names.iter().find(|n| !image.defined_functions.contains(*n)) {
        return Err(mismatch(
            path,
            format!(
                "'{}' is not a function the image {code} defines",
                name.escape_debug()
            ),
        ));
    }
    if let Some(kernel) = image.kernels.iter().find(|k| !names.contains(k)) {
        return Err(mismatch(
            path,
            format!("the image {code} defines the kernel '{kernel}', which is not listed"),
        ));
    }
    Ok(())
}

/// The set `given` in `file` holds exactly the properties of `expected` (key order aside).
fn compare_set(
    file: &Path,
    code: &Path,
    given: &PropertySet,
    expected: Option<&PropertySet>,
) -> Result<(), WrapperError> {
    let code = code.display();
    let error = |key: &str, cause: String| {
        mismatch(
            file,
            format!("[{}] {}: {cause}", given.name, key.escape_debug()),
        )
    };
    let no_properties = PropertySet::default();
    let expected = expected.unwrap_or(&no_properties);
    for (key, value) in &given.properties {
        match expected.get(key) {
            None => {
                return Err(error(
                    key,
                    format!("the image {code} gives no such property"),
                ))
            }
            Some(wanted) if wanted != value => {
                return Err(error(
                    key,
                    format!(
                        "is {}, but the image {code} gives {}",
                        render(value),
                        render(wanted)
                    ),
                ))
            }
            Some(_) => {}
        }
    }
    match expected
        .properties
        .iter()
        .find(|(key, _)| given.get(key).is_none())
    {
        Some((key, _)) => Err(error(
            key,
            format!("missing, but the image {code} gives it"),
        )),
        None => Ok(()),
    }
}

/// A value as the `.prop` file writes it.
fn render(value: &PropertyValue) -> String {
    match value {
        PropertyValue::U32(v) => format!("1|{v}"),
        PropertyValue::ByteArray(bytes) => {
            format!("2|{}", sycl_offload_formats::base64::encode(bytes))
        }
    }
}
