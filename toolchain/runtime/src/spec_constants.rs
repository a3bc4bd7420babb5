//! Emulated specialization constants: the buffer a kernel reads them from.
//!
//! The compiler (`spec-constants` pass) turns every `get_specialization_constant` into a load
//! from a buffer the kernel receives as an argument, and `sycl-post-link` describes the buffer in
//! the image's property sets; registration checked that description and laid the buffer out
//! (`sycl_offload_formats::spec_constants::SpecConstantLayout`). The buffer starts as the
//! defaults; values the program set overwrite their constant's bytes.

use sycl_offload_formats::spec_constants::SpecConstantLayout;

use crate::registry::Kernel;

/// A value the program set that does not fit the kernel's buffer.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SpecConstantError {
    /// The value set for a constant has a different size from the constant's.
    #[error(
        "specialization constant '{id}' of kernel '{kernel}' has {expected} bytes, but a value of \
         {given} bytes was set"
    )]
    SizeMismatch {
        /// The kernel being launched.
        kernel: String,
        /// The specialization constant's symbolic id.
        id: String,
        /// The constant's size in bytes, from the image's property sets.
        expected: usize,
        /// The size of the value set, in bytes.
        given: usize,
    },
    /// The buffer passed to the kernel is smaller than its layout needs.
    #[error(
        "the specialization-constant buffer of kernel '{kernel}' needs {needed} bytes, got {given}"
    )]
    BufferTooSmall {
        /// The kernel being launched.
        kernel: String,
        /// The bytes the layout needs.
        needed: usize,
        /// The bytes given.
        given: usize,
    },
}

/// The buffer layout of `kernel`'s image (empty if it has no specialization constants).
pub fn layout(kernel: &Kernel) -> &SpecConstantLayout {
    &kernel.image.properties.spec_constants
}

/// Fills `buffer` for a launch of `kernel`: the defaults, then each `(symbolic id, value)` set by
/// the program. Values of constants the kernel's image does not use are ignored, as SYCL allows
/// setting constants a kernel never reads.
pub fn fill(
    kernel: &Kernel,
    values: &[(&str, &[u8])],
    buffer: &mut [u8],
) -> Result<(), SpecConstantError> {
    let layout = layout(kernel);
    if buffer.len() < layout.size() {
        return Err(SpecConstantError::BufferTooSmall {
            kernel: kernel.name.to_string(),
            needed: layout.size(),
            given: buffer.len(),
        });
    }
    buffer[..layout.size()].copy_from_slice(&layout.defaults);
    for (id, value) in values {
        let Some(&(offset, size)) = layout.constants.get(*id) else {
            continue;
        };
        if value.len() != size {
            return Err(SpecConstantError::SizeMismatch {
                kernel: kernel.name.to_string(),
                id: id.to_string(),
                expected: size,
                given: value.len(),
            });
        }
        buffer[offset..offset + size].copy_from_slice(value);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use sycl_offload_formats::validate::ImageProperties;

    use super::*;
    use crate::registry::Image;

    unsafe extern "C" fn never_called(
        _: *const *mut std::ffi::c_void,
        _: *mut crate::state::NativeCpuState,
    ) {
    }

    /// int at 0 (4 bytes, then 4 bytes of padding), double at 8.
    fn int_and_double() -> Kernel {
        let defaults: Vec<u8> = [
            42i32.to_le_bytes().as_slice(),
            &[0; 4],
            &2.5f64.to_le_bytes(),
        ]
        .concat();
        let spec_constants = SpecConstantLayout {
            defaults,
            constants: [("int_id".into(), (0, 4)), ("double_id".into(), (8, 8))].into(),
        };
        Kernel {
            name: "k".into(),
            subhandler: never_called,
            image: Arc::new(Image {
                property_sets: Default::default(),
                properties: ImageProperties {
                    spec_constants,
                    ..Default::default()
                },
            }),
            info: Default::default(),
            reqd_work_group_size: None,
            unsupported: None,
        }
    }

    #[test]
    fn set_values_overwrite_defaults_and_must_have_the_right_size() {
        let kernel = int_and_double();
        let mut buffer = [0xAAu8; 16];
        let seven = 7i32.to_le_bytes();
        fill(
            &kernel,
            &[("int_id", &seven), ("unused", &[1])],
            &mut buffer,
        )
        .unwrap();
        assert_eq!(&buffer[0..4], &seven);
        assert_eq!(&buffer[4..8], &[0; 4]);
        assert_eq!(&buffer[8..16], &2.5f64.to_le_bytes());
        let error = fill(&kernel, &[("double_id", &seven)], &mut buffer).unwrap_err();
        assert_eq!(
            error.to_string(),
            "specialization constant 'double_id' of kernel 'k' has 8 bytes, but a value of 4 \
             bytes was set"
        );
        let error = fill(&kernel, &[], &mut buffer[..8]).unwrap_err();
        assert!(matches!(
            error,
            SpecConstantError::BufferTooSmall { needed: 16, .. }
        ));
    }
}
