//! The emulated specialization-constant buffer an image's property sets describe, checked.
//!
//! The compiler (`spec-constants` pass) turns every `get_specialization_constant` into a load
//! from a buffer the kernel receives, and `sycl-post-link` describes that buffer in two sets
//! (intel/llvm's encodings):
//!
//! * `[SYCL/specialization constants]`: per symbolic id, little-endian `u32` triples `(numeric
//!   id, offset in the constant, size)`; a triple with id `0xFFFFFFFF` is padding that follows
//!   the constant;
//! * `[SYCL/specialization constants default values]` `all`: every default, padding included,
//!   in buffer order.
//!
//! Constants sit in the buffer in ascending numeric id, each taking the sizes of all its
//! triples, so a constant's offset is the sum of the sizes of those before it. The runtime
//! copies the defaults into the buffer and each value the program sets over its constant's
//! bytes; a description that does not hold together would put a value where the kernel does not
//! read it, or read past the buffer, so [`SpecConstantLayout::from_sets`] refuses it.

use std::collections::{BTreeMap, HashMap};

use crate::properties::{
    PropertySet, PropertyValue, SPECIALIZATION_CONSTANTS, SPECIALIZATION_CONSTANTS_DEFAULT_VALUES,
};
use crate::validate::{byte_array, PropertyError};

/// The numeric id of a triple that describes padding.
pub const PADDING_ID: u32 = u32::MAX;

/// Where each constant lives in the buffer, and what the buffer starts as.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct SpecConstantLayout {
    /// The buffer's initial contents; its length is the buffer's size.
    pub defaults: Vec<u8>,
    /// Symbolic id → (offset, size) of the constant's value (its padding excluded).
    pub constants: BTreeMap<String, (usize, usize)>,
}

/// One constant as its triples describe it.
struct Described<'a> {
    symbolic_id: &'a str,
    numeric_id: u32,
    /// The constant's value bytes (padding excluded).
    size: usize,
    /// The bytes it takes in the buffer (padding included).
    footprint: usize,
}

impl SpecConstantLayout {
    /// The layout described by the two sets (either may be missing; an image without constants
    /// has neither).
    pub fn from_sets(
        descriptors: Option<&PropertySet>,
        defaults: Option<&PropertySet>,
    ) -> Result<Self, PropertyError> {
        let mut described = Vec::new();
        for (key, value) in descriptors.map_or(&[][..], |set| &set.properties[..]) {
            described.push(describe(key, value)?);
        }
        check_unique_ids(&described)?;
        described.sort_by_key(|constant| constant.numeric_id);
        let mut layout = SpecConstantLayout::default();
        let mut offset = 0usize;
        for constant in &described {
            let key = constant.symbolic_id.to_owned();
            layout.constants.insert(key, (offset, constant.size));
            offset += constant.footprint;
        }
        layout.defaults = default_values(defaults, offset, !described.is_empty())?;
        Ok(layout)
    }

    /// The buffer's size in bytes.
    pub fn size(&self) -> usize {
        self.defaults.len()
    }
}

fn descriptor_error(key: &str, cause: impl Into<String>) -> PropertyError {
    PropertyError::new(SPECIALIZATION_CONSTANTS, Some(key), cause)
}

/// Reads one constant's triples: whole triples, a value triple first, no empty triple, each
/// triple's offset where the ones before it end (the constant's bytes are contiguous).
fn describe<'a>(key: &'a str, value: &PropertyValue) -> Result<Described<'a>, PropertyError> {
    let bad = |cause: String| descriptor_error(key, cause);
    let (bits, data) = byte_array(value).map_err(bad)?;
    if bits == 0 || bits % 96 != 0 {
        return Err(bad(format!(
            "holds {bits} bits; expected whole (id, offset, size) triples of 32-bit values"
        )));
    }
    let words: Vec<u32> = data
        .chunks_exact(4)
        .map(|w| u32::from_le_bytes([w[0], w[1], w[2], w[3]]))
        .collect();
    let numeric_id = words[0];
    if numeric_id == PADDING_ID {
        return Err(bad("the first triple is padding".into()));
    }
    let (mut size, mut footprint) = (0usize, 0usize);
    for triple in words.chunks_exact(3) {
        let [id, offset, bytes] = [triple[0], triple[1], triple[2]];
        if bytes == 0 {
            return Err(bad(format!("the triple ({id}, {offset}, 0) has no size")));
        }
        if offset as usize != footprint {
            return Err(bad(format!(
                "the triple ({id}, {offset}, {bytes}) starts at {offset}, but the triples \
                 before it end at {footprint}"
            )));
        }
        footprint += bytes as usize;
        if id != PADDING_ID {
            size = footprint;
        }
    }
    Ok(Described {
        symbolic_id: key,
        numeric_id,
        size,
        footprint,
    })
}

/// Two constants with one numeric id would be laid out in an order the compiler did not use.
fn check_unique_ids(described: &[Described<'_>]) -> Result<(), PropertyError> {
    let mut seen: HashMap<u32, &str> = HashMap::new();
    for constant in described {
        if let Some(other) = seen.insert(constant.numeric_id, constant.symbolic_id) {
            return Err(descriptor_error(
                constant.symbolic_id,
                format!(
                    "numeric id {} is also the id of {other}",
                    constant.numeric_id
                ),
            ));
        }
    }
    Ok(())
}

/// The default values: exactly one `all` of whole bytes, as long as the constants' footprint,
/// present exactly when there are constants.
fn default_values(
    set: Option<&PropertySet>,
    size: usize,
    has_constants: bool,
) -> Result<Vec<u8>, PropertyError> {
    let error = |key: Option<&str>, cause: String| {
        PropertyError::new(SPECIALIZATION_CONSTANTS_DEFAULT_VALUES, key, cause)
    };
    let Some(set) = set else {
        return if has_constants {
            Err(error(
                None,
                "missing, but the image has specialization constants".into(),
            ))
        } else {
            Ok(Vec::new())
        };
    };
    if let Some((key, _)) = set.properties.iter().find(|(key, _)| key != "all") {
        return Err(error(Some(key), "unknown key (expected only 'all')".into()));
    }
    let Some(value) = set.get("all") else {
        return if has_constants {
            Err(error(None, "has no 'all' value".into()))
        } else {
            Ok(Vec::new())
        };
    };
    let bad = |cause: String| error(Some("all"), cause);
    if !has_constants {
        return Err(bad("default values, but no specialization constants".into()));
    }
    let (bits, data) = byte_array(value).map_err(bad)?;
    if bits != size as u64 * 8 {
        return Err(bad(format!(
            "holds {bits} bits, but the constants take {size} bytes"
        )));
    }
    Ok(data.to_vec())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::properties::PropertyValue;

    fn triples(values: &[[u32; 3]]) -> PropertyValue {
        let words: Vec<u32> = values.iter().flatten().copied().collect();
        PropertyValue::from_u32s(&words)
    }

    fn sets(
        constants: &[(&str, &[[u32; 3]])],
        defaults: Option<PropertyValue>,
    ) -> (PropertySet, PropertySet) {
        let mut descriptors = PropertySet::new(SPECIALIZATION_CONSTANTS);
        for (key, value) in constants {
            descriptors.insert(*key, triples(value));
        }
        let mut default_set = PropertySet::new(SPECIALIZATION_CONSTANTS_DEFAULT_VALUES);
        if let Some(value) = defaults {
            default_set.insert("all", value);
        }
        (descriptors, default_set)
    }

    /// int (id 0, then 4 bytes of padding) and double (id 1), listed in name order.
    fn int_and_double() -> Vec<(&'static str, &'static [[u32; 3]])> {
        vec![
            ("double_id", &[[1, 0, 8]]),
            ("int_id", &[[0, 0, 4], [PADDING_ID, 4, 4]]),
        ]
    }

    fn layout_of(
        constants: &[(&str, &[[u32; 3]])],
        defaults: Option<PropertyValue>,
    ) -> Result<SpecConstantLayout, String> {
        let (descriptors, default_set) = sets(constants, defaults);
        SpecConstantLayout::from_sets(Some(&descriptors), Some(&default_set))
            .map_err(|e| e.to_string())
    }

    #[test]
    fn offsets_follow_numeric_ids_and_padding() {
        let layout = layout_of(&int_and_double(), Some(PropertyValue::from_bytes(&[7; 16])));
        let layout = layout.unwrap();
        assert_eq!(layout.size(), 16);
        assert_eq!(layout.constants["int_id"], (0, 4));
        assert_eq!(layout.constants["double_id"], (8, 8));
    }

    #[test]
    fn images_without_constants_have_an_empty_buffer() {
        let layout = SpecConstantLayout::from_sets(None, None).unwrap();
        assert_eq!(layout, SpecConstantLayout::default());
    }

    #[test]
    fn inconsistent_descriptions_are_refused() {
        let defaults = || Some(PropertyValue::from_bytes(&[0; 16]));
        let prefix = "[SYCL/specialization constants] ";
        for (constants, cause) in [
            (
                vec![("a", &[[0, 0, 4], [PADDING_ID, 2, 4]][..])],
                "a: the triple (4294967295, 2, 4) starts at 2, but the triples before it end at 4",
            ),
            (
                vec![("a", &[[PADDING_ID, 0, 4]][..])],
                "a: the first triple is padding",
            ),
            (
                vec![("a", &[[0, 0, 0]][..])],
                "a: the triple (0, 0, 0) has no size",
            ),
            (
                vec![("a", &[[0, 0, 8]][..]), ("b", &[[0, 0, 8]][..])],
                "b: numeric id 0 is also the id of a",
            ),
        ] {
            assert_eq!(
                layout_of(&constants, defaults()).unwrap_err(),
                format!("{prefix}{cause}")
            );
        }
        let short = layout_of(&int_and_double(), Some(PropertyValue::from_bytes(&[0; 12])));
        assert_eq!(
            short.unwrap_err(),
            "[SYCL/specialization constants default values] all: holds 96 bits, but the \
             constants take 16 bytes"
        );
        assert_eq!(
            layout_of(&int_and_double(), None).unwrap_err(),
            "[SYCL/specialization constants default values]: has no 'all' value"
        );
        let bits = PropertyValue::from_bits(&[0; 2], 12);
        assert_eq!(
            layout_of(&[("a", &[[0, 0, 2]])], Some(bits)).unwrap_err(),
            "[SYCL/specialization constants default values] all: holds 12 bits, but the \
             constants take 2 bytes"
        );
    }

    #[test]
    fn descriptors_must_be_whole_triples() {
        let mut descriptors = PropertySet::new(SPECIALIZATION_CONSTANTS);
        descriptors.insert("a", PropertyValue::from_u32s(&[0, 0]));
        let error = SpecConstantLayout::from_sets(Some(&descriptors), None).unwrap_err();
        assert_eq!(
            error.to_string(),
            "[SYCL/specialization constants] a: holds 64 bits; expected whole (id, offset, size) \
             triples of 32-bit values"
        );
        descriptors.properties[0].1 = PropertyValue::U32(1);
        let error = SpecConstantLayout::from_sets(Some(&descriptors), None).unwrap_err();
        assert_eq!(
            error.to_string(),
            "[SYCL/specialization constants] a: is a 32-bit integer; expected a byte array"
        );
    }
}
