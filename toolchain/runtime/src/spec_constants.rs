//! Emulated specialization constants: the buffer a kernel reads them from.
//!
//! The compiler (`spec-constants` pass) turns every `get_specialization_constant` into a load
//! from a buffer the kernel receives as an argument, and `sycl-post-link` describes the buffer in
//! the image's property sets (intel/llvm's encodings, reference §1.4):
//!
//! * `[SYCL/specialization constants]`: per symbolic id, `u32` triples `(numeric id, offset in
//!   the composite, size)`; a triple with id `0xFFFFFFFF` is padding that follows the constant;
//! * `[SYCL/specialization constants default values]` `all`: every default, padding included, in
//!   buffer order.
//!
//! Constants sit in the buffer in ascending numeric id, each taking the sizes of all its triples,
//! so a constant's offset is the sum of the sizes of those before it. The buffer starts as the
//! defaults; values the program set overwrite their constant's bytes.

use std::collections::HashMap;

use crate::registry::{Kernel, PropertyValue};

/// The property set describing each constant.
pub const SPECIALIZATION_CONSTANTS: &str = "SYCL/specialization constants";
/// The property set holding the default values.
pub const DEFAULT_VALUES: &str = "SYCL/specialization constants default values";

const PADDING_ID: u32 = u32::MAX;

/// Where each constant of an image lives in the buffer.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Layout {
    /// The buffer's size in bytes.
    pub size: usize,
    /// The buffer's initial contents (`size` bytes).
    pub defaults: Vec<u8>,
    /// Symbolic id → (offset, size).
    pub constants: HashMap<String, (usize, usize)>,
}

/// A specialization-constant description or value the runtime cannot use.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SpecConstantError {
    #[error("malformed [{SPECIALIZATION_CONSTANTS}] property '{0}': {1}")]
    Malformed(String, &'static str),
    #[error("malformed [{DEFAULT_VALUES}] property 'all': expected a byte array")]
    MalformedDefaults,
    #[error(
        "specialization constant '{id}' of kernel '{kernel}' has {expected} bytes, but a value of \
         {given} bytes was set"
    )]
    SizeMismatch {
        kernel: String,
        id: String,
        expected: usize,
        given: usize,
    },
    #[error(
        "the specialization-constant buffer of kernel '{kernel}' needs {needed} bytes, got {given}"
    )]
    BufferTooSmall {
        kernel: String,
        needed: usize,
        given: usize,
    },
}

/// The buffer layout of `kernel`'s image (empty if it has no specialization constants).
pub fn layout(kernel: &Kernel) -> Result<Layout, SpecConstantError> {
    let mut constants: Vec<(u32, &str, Vec<[u32; 3]>)> = Vec::new();
    for set in kernel
        .image
        .sets
        .iter()
        .filter(|s| s.name == SPECIALIZATION_CONSTANTS)
    {
        for (id, value) in &set.properties {
            let malformed = |problem| SpecConstantError::Malformed(id.clone(), problem);
            let PropertyValue::Bytes { bits, data } = value else {
                return Err(malformed("expected a byte array"));
            };
            if bits % 96 != 0 || *bits == 0 {
                return Err(malformed("expected whole (id, offset, size) triples"));
            }
            let triples: Vec<[u32; 3]> = data[..(*bits / 8) as usize]
                .chunks_exact(12)
                .map(|t| {
                    let word = |i: usize| u32::from_le_bytes([t[i], t[i + 1], t[i + 2], t[i + 3]]);
                    [word(0), word(4), word(8)]
                })
                .collect();
            if triples[0][0] == PADDING_ID {
                return Err(malformed("the first triple is padding"));
            }
            constants.push((triples[0][0], id, triples));
        }
    }
    constants.sort_by_key(|(numeric_id, _, _)| *numeric_id);
    let mut layout = Layout::default();
    for (_, id, triples) in constants {
        let size: usize = triples
            .iter()
            .filter(|t| t[0] != PADDING_ID)
            .map(|t| t[2] as usize)
            .sum();
        layout.constants.insert(id.to_owned(), (layout.size, size));
        layout.size += triples.iter().map(|t| t[2] as usize).sum::<usize>();
    }
    if let Some(value) = kernel.image.get(DEFAULT_VALUES, "all") {
        let PropertyValue::Bytes { bits, data } = value else {
            return Err(SpecConstantError::MalformedDefaults);
        };
        layout.defaults = data[..(*bits as usize).div_ceil(8)].to_vec();
    }
    layout.size = layout.size.max(layout.defaults.len());
    layout.defaults.resize(layout.size, 0);
    Ok(layout)
}

/// Fills `buffer` for a launch of `kernel`: the defaults, then each `(symbolic id, value)` set by
/// the program. Values of constants the kernel's image does not use are ignored, as SYCL allows
/// setting constants a kernel never reads.
pub fn fill(
    kernel: &Kernel,
    layout: &Layout,
    values: &[(&str, &[u8])],
    buffer: &mut [u8],
) -> Result<(), SpecConstantError> {
    if buffer.len() < layout.size {
        return Err(SpecConstantError::BufferTooSmall {
            kernel: kernel.name.to_string(),
            needed: layout.size,
            given: buffer.len(),
        });
    }
    buffer[..layout.size].copy_from_slice(&layout.defaults);
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

    use super::*;
    use crate::registry::{ImageProperties, PropertySet};

    unsafe extern "C" fn never_called(
        _: *const *mut std::ffi::c_void,
        _: *mut crate::state::NativeCpuState,
    ) {
    }

    fn triples(values: &[[u32; 3]]) -> PropertyValue {
        let data: Vec<u8> = values
            .iter()
            .flatten()
            .flat_map(|v| v.to_le_bytes())
            .collect();
        PropertyValue::Bytes {
            bits: data.len() as u64 * 8,
            data,
        }
    }

    fn kernel(sets: Vec<PropertySet>) -> Kernel {
        Kernel {
            name: "k".into(),
            subhandler: never_called,
            image: Arc::new(ImageProperties { sets }),
        }
    }

    /// int (id 0, 4 bytes, then 4 bytes of padding), double (id 1), listed in name order.
    fn int_and_double() -> Kernel {
        let defaults: Vec<u8> = [
            42i32.to_le_bytes().as_slice(),
            &[0; 4],
            &2.5f64.to_le_bytes(),
        ]
        .concat();
        kernel(vec![
            PropertySet {
                name: SPECIALIZATION_CONSTANTS.into(),
                properties: vec![
                    ("double_id".into(), triples(&[[1, 0, 8]])),
                    ("int_id".into(), triples(&[[0, 0, 4], [PADDING_ID, 4, 4]])),
                ],
            },
            PropertySet {
                name: DEFAULT_VALUES.into(),
                properties: vec![(
                    "all".into(),
                    PropertyValue::Bytes {
                        bits: 128,
                        data: defaults,
                    },
                )],
            },
        ])
    }

    #[test]
    fn offsets_follow_numeric_ids_and_padding() {
        let layout = layout(&int_and_double()).unwrap();
        assert_eq!(layout.size, 16);
        assert_eq!(layout.constants["int_id"], (0, 4));
        assert_eq!(layout.constants["double_id"], (8, 8));
    }

    #[test]
    fn set_values_overwrite_defaults_and_must_have_the_right_size() {
        let kernel = int_and_double();
        let layout = layout(&kernel).unwrap();
        let mut buffer = [0xAAu8; 16];
        let seven = 7i32.to_le_bytes();
        fill(
            &kernel,
            &layout,
            &[("int_id", &seven), ("unused", &[1])],
            &mut buffer,
        )
        .unwrap();
        assert_eq!(&buffer[0..4], &seven);
        assert_eq!(&buffer[8..16], &2.5f64.to_le_bytes());
        let error = fill(&kernel, &layout, &[("double_id", &seven)], &mut buffer).unwrap_err();
        assert_eq!(
            error.to_string(),
            "specialization constant 'double_id' of kernel 'k' has 8 bytes, but a value of 4 \
             bytes was set"
        );
        let error = fill(&kernel, &layout, &[], &mut buffer[..8]).unwrap_err();
        assert!(matches!(
            error,
            SpecConstantError::BufferTooSmall { needed: 16, .. }
        ));
    }

    #[test]
    fn images_without_constants_have_an_empty_buffer() {
        let layout = layout(&kernel(Vec::new())).unwrap();
        assert_eq!(layout, Layout::default());
    }

    #[test]
    fn malformed_descriptors_are_reported() {
        let bad = kernel(vec![PropertySet {
            name: SPECIALIZATION_CONSTANTS.into(),
            properties: vec![("x".into(), PropertyValue::U32(1))],
        }]);
        assert_eq!(
            layout(&bad).unwrap_err().to_string(),
            "malformed [SYCL/specialization constants] property 'x': expected a byte array"
        );
    }
}
