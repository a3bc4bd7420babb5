//! What the property sets of one device image must satisfy before the wrapper embeds them or the
//! runtime uses them (`docs/formats-validation.md`).
//!
//! The offload wrapper checks a `.prop` file with [`validate`] after parsing it, and the runtime
//! checks the sets it finds in a registered image with the same function, so both refuse the
//! same things. Rules, per set:
//!
//! * no set name twice, no key twice in a set, no empty key and no NUL character in a name
//!   (names become C strings);
//! * only the sets intel/llvm's `PropertySetRegistry` defines; a set this crate knows no use for
//!   is still checked for well-formed values;
//! * byte arrays carry a size header that matches the bytes that follow, with unused bits clear;
//! * per set, the keys and value types `sycl-post-link` writes ([`SET_RULES`]), with numbers in
//!   range; the specialization-constant sets must describe one consistent buffer
//!   ([`crate::spec_constants`]) and program metadata must be well-formed per kernel
//!   ([`crate::program_metadata`]).
//!
//! Whether the sets agree with the image's code is for the reader that has the code (the offload
//! wrapper) to check; this module has only the sets.

use std::collections::{BTreeMap, HashSet};

use crate::program_metadata::{self, KernelMetadata};
use crate::properties::{
    PropertySet, PropertySetRegistry, PropertyValue, DEVICE_REQUIREMENTS, EXPORTED_SYMBOLS,
    IMPORTED_SYMBOLS, KERNEL_NAMES, KERNEL_PARAM_OPT, MISC_PROPERTIES, PROGRAM_METADATA,
    SPECIALIZATION_CONSTANTS, SPECIALIZATION_CONSTANTS_DEFAULT_VALUES,
};
use crate::spec_constants::SpecConstantLayout;

/// A property set that breaks a rule: the set, the key when one is at fault, and why.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("[{set}]{}: {cause}", key.as_ref().map(|k| format!(" {}", k.escape_debug())).unwrap_or_default())]
pub struct PropertyError {
    /// The set's name, escaped for printing.
    pub set: String,
    /// The key at fault, when the rule concerns one key rather than the whole set.
    pub key: Option<String>,
    /// Why the set or key is refused.
    pub cause: String,
}

impl PropertyError {
    /// An error about `set` (and `key`, if given) saying `cause`; the set's name is escaped so a
    /// control character in it cannot garble the message.
    pub fn new(set: &str, key: Option<&str>, cause: impl Into<String>) -> Self {
        PropertyError {
            set: set.escape_debug().to_string(),
            key: key.map(str::to_owned),
            cause: cause.into(),
        }
    }
}

/// What a valid image's property sets tell the runtime.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct ImageProperties {
    /// Where each specialization constant's value goes in the image's buffer, from the two
    /// specialization-constant sets.
    pub spec_constants: SpecConstantLayout,
    /// Program metadata per kernel name.
    pub kernels: BTreeMap<String, KernelMetadata>,
    /// The aspects the image's kernels use or declare (`sycl::aspect` values), from its device
    /// requirements.
    pub aspects: Vec<u32>,
}

/// Checks every rule of the module documentation and returns what the sets say.
pub fn validate(registry: &PropertySetRegistry) -> Result<ImageProperties, PropertyError> {
    let mut set_names = HashSet::new();
    for set in &registry.sets {
        if !set_names.insert(set.name.as_str()) {
            return Err(PropertyError::new(&set.name, None, "the set appears twice"));
        }
        check_set(set)?;
    }
    Ok(ImageProperties {
        spec_constants: SpecConstantLayout::from_sets(
            registry.get(SPECIALIZATION_CONSTANTS),
            registry.get(SPECIALIZATION_CONSTANTS_DEFAULT_VALUES),
        )?,
        kernels: program_metadata::from_set(registry.get(PROGRAM_METADATA))?,
        aspects: required_aspects(registry),
    })
}

/// The `aspects` of the device requirements (checked by then to be whole 32-bit values).
fn required_aspects(registry: &PropertySetRegistry) -> Vec<u32> {
    let payload = registry
        .get(DEVICE_REQUIREMENTS)
        .and_then(|set| set.get("aspects"))
        .and_then(PropertyValue::payload);
    payload
        .map(|bytes| {
            bytes
                .chunks_exact(4)
                .map(|chunk| u32::from_le_bytes(chunk.try_into().expect("four bytes")))
                .collect()
        })
        .unwrap_or_default()
}

/// The keys a set may hold.
#[derive(Debug, Clone, Copy)]
pub enum Keys {
    /// Only these keys, each with its rule.
    Listed(&'static [(&'static str, Rule)]),
    /// Any key (a kernel or symbol name), every value following one rule.
    Named(Rule),
    /// Checked as a whole by [`crate::spec_constants`] or [`crate::program_metadata`].
    Own,
}

/// What one value must be.
#[derive(Debug, Clone, Copy)]
pub enum Rule {
    /// A `u32` within `min..=max`.
    U32 {
        /// The smallest value accepted.
        min: u32,
        /// The largest value accepted.
        max: u32,
    },
    /// Any byte array.
    Bytes,
    /// A byte array of whole little-endian `u32` values, from `min` to `max` of them.
    U32s {
        /// The fewest values accepted.
        min: u64,
        /// The most values accepted.
        max: u64,
    },
    /// A byte array of one to three non-zero little-endian `u64` sizes.
    U64Sizes,
}

const ANY_U32: Rule = Rule::U32 {
    min: 0,
    max: u32::MAX,
};
const FLAG: Rule = Rule::U32 { min: 0, max: 1 };
const ONE: Rule = Rule::U32 { min: 1, max: 1 };
const ANY_U32S: Rule = Rule::U32s {
    min: 0,
    max: u64::MAX,
};

/// Every set intel/llvm's `PropertySetRegistry` names (docs/formats.md),
/// with the keys and values its tools write.
pub const SET_RULES: &[(&str, Keys)] = &[
    (SPECIALIZATION_CONSTANTS, Keys::Own),
    (SPECIALIZATION_CONSTANTS_DEFAULT_VALUES, Keys::Own),
    (PROGRAM_METADATA, Keys::Own),
    (
        DEVICE_REQUIREMENTS,
        Keys::Listed(&[
            ("aspects", ANY_U32S),
            ("fixed_target", ANY_U32S),
            ("joint_matrix", Rule::Bytes),
            ("joint_matrix_mad", Rule::Bytes),
            (
                "reqd_sub_group_size",
                Rule::U32 {
                    min: 1,
                    max: u32::MAX,
                },
            ),
            ("reqd_work_group_size_uint64_t", Rule::U64Sizes),
            ("work_group_num_dim", Rule::U32 { min: 1, max: 3 }),
            ("compile_target", Rule::Bytes),
        ]),
    ),
    (KERNEL_PARAM_OPT, Keys::Named(Rule::Bytes)),
    (
        MISC_PROPERTIES,
        Keys::Listed(&[
            ("isEsimdImage", FLAG),
            ("sycl-grf-size", ANY_U32),
            ("optLevel", Rule::U32 { min: 0, max: 3 }),
            ("sanUsed", Rule::Bytes),
            ("specConstsReplacedWithDefault", ONE),
        ]),
    ),
    (EXPORTED_SYMBOLS, Keys::Named(ONE)),
    (IMPORTED_SYMBOLS, Keys::Named(ONE)),
    (KERNEL_NAMES, Keys::Named(ONE)),
    ("SYCL/assert used", Keys::Named(ONE)),
    (
        "SYCL/devicelib req mask",
        Keys::Listed(&[("DeviceLibReqMask", ANY_U32)]),
    ),
    (
        "SYCL/devicelib metadata",
        Keys::Listed(&[("bfloat16", FLAG)]),
    ),
    (
        "SYCL/device globals",
        Keys::Named(Rule::U32s { min: 2, max: 2 }),
    ),
    ("SYCL/host pipes", Keys::Named(Rule::Bytes)),
    ("SYCL/virtual functions", Keys::Named(Rule::Bytes)),
    ("SYCL/implicit local arg", Keys::Named(ANY_U32)),
    ("SYCL/registered kernels", Keys::Named(Rule::Bytes)),
];

fn check_set(set: &PropertySet) -> Result<(), PropertyError> {
    let Some((_, keys)) = SET_RULES.iter().find(|(name, _)| *name == set.name) else {
        return Err(PropertyError::new(&set.name, None, "unknown property set"));
    };
    let mut seen = HashSet::new();
    for (key, value) in &set.properties {
        let bad = |cause: String| PropertyError::new(&set.name, Some(key), cause);
        if key.is_empty() {
            return Err(bad("empty key".into()));
        }
        if key.contains('\0') {
            return Err(bad("the key holds a NUL character".into()));
        }
        if !seen.insert(key.as_str()) {
            return Err(bad("the key appears twice".into()));
        }
        let rule = match keys {
            Keys::Own => None,
            Keys::Named(rule) => Some(rule),
            Keys::Listed(listed) => match listed.iter().find(|(name, _)| name == key) {
                Some((_, rule)) => Some(rule),
                None => return Err(bad("unknown key".into())),
            },
        };
        if let Some(rule) = rule {
            check_value(value, *rule).map_err(bad)?;
        }
    }
    Ok(())
}

fn check_value(value: &PropertyValue, rule: Rule) -> Result<(), String> {
    match rule {
        Rule::U32 { min, max } => match value {
            PropertyValue::U32(v) if (min..=max).contains(v) => Ok(()),
            PropertyValue::U32(v) => Err(format!("{v} is outside {min} to {max}")),
            PropertyValue::ByteArray(_) => Err("is a byte array; expected a 32-bit integer".into()),
        },
        Rule::Bytes => byte_array(value).map(|_| ()),
        Rule::U32s { min, max } => {
            let (bits, _) = byte_array(value)?;
            if bits % 32 != 0 || !(min..=max).contains(&(bits / 32)) {
                return Err(format!("holds {bits} bits; expected whole 32-bit values"));
            }
            Ok(())
        }
        Rule::U64Sizes => {
            let (bits, data) = byte_array(value)?;
            if bits % 64 != 0 || !(1..=3).contains(&(bits / 64)) {
                return Err(format!("holds {bits} bits; expected 1 to 3 64-bit sizes"));
            }
            if data
                .chunks_exact(8)
                .any(|size| size.iter().all(|b| *b == 0))
            {
                return Err("a size is zero".into());
            }
            Ok(())
        }
    }
}

/// A byte array's bit count and data: the 8-byte little-endian size header must be followed by
/// exactly the bytes it announces, and bits past the size must be clear, as every writer leaves
/// them.
pub fn byte_array(value: &PropertyValue) -> Result<(u64, &[u8]), String> {
    let PropertyValue::ByteArray(bytes) = value else {
        return Err("is a 32-bit integer; expected a byte array".into());
    };
    let Some((header, data)) = bytes.split_first_chunk::<8>() else {
        return Err(format!(
            "holds {} bytes, less than its 8-byte size header",
            bytes.len()
        ));
    };
    let bits = u64::from_le_bytes(*header);
    if bits.div_ceil(8) != data.len() as u64 {
        return Err(format!(
            "the size header says {bits} bits, but the data is {} bytes long",
            data.len()
        ));
    }
    let spare = (data.len() as u64 * 8 - bits) as u32;
    if spare > 0 && data[data.len() - 1] >> (8 - spare) != 0 {
        return Err(format!("bits past the {bits}-bit size are set"));
    }
    Ok((bits, data))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::Path;

    fn check(text: &str) -> Result<ImageProperties, String> {
        let registry = PropertySetRegistry::parse(text, Path::new("p")).unwrap();
        validate(&registry).map_err(|e| e.to_string())
    }

    #[test]
    fn what_sycl_post_link_writes_is_valid() {
        let properties = check(
            "[SYCL/device requirements]\naspects=2|AAAAAAAAAAA\n\
             reqd_work_group_size_uint64_t=2|ADAAAAAAAAABAAAAAAAAAIAAAAAAAAAABAAAAAAAAAA\n\
             [SYCL/kernel param opt]\nSpirKernel1=2|CAAAAAAAAAQA\n\
             [SYCL/program metadata]\nk@reqd_work_group_size=2|gBAAAAAAAAABAAAACAAAAEAAAAA\n\
             [SYCL/misc properties]\noptLevel=1|2\n",
        )
        .unwrap();
        assert_eq!(
            properties.kernels["k"].reqd_work_group_size,
            Some([4, 2, 1])
        );
        assert_eq!(properties.spec_constants.size(), 0);
    }

    #[test]
    fn each_rule_is_enforced() {
        for (text, error) in [
            ("[S]\n", "[S]: unknown property set"),
            (
                "[SYCL/kernel names]\n[SYCL/kernel names]\n",
                "[SYCL/kernel names]: the set appears twice",
            ),
            (
                "[SYCL/kernel names]\nk=1|1\nk=1|1\n",
                "[SYCL/kernel names] k: the key appears twice",
            ),
            (
                "[SYCL/kernel names]\n=1|1\n",
                "[SYCL/kernel names] : empty key",
            ),
            (
                "[SYCL/kernel names]\nk\0=1|1\n",
                "[SYCL/kernel names] k\\0: the key holds a NUL character",
            ),
            (
                "[SYCL/kernel names]\nk=1|2\n",
                "[SYCL/kernel names] k: 2 is outside 1 to 1",
            ),
            (
                "[SYCL/misc properties]\nspeed=1|2\n",
                "[SYCL/misc properties] speed: unknown key",
            ),
            (
                "[SYCL/misc properties]\noptLevel=2|AAAAAAAAAAA\n",
                "[SYCL/misc properties] optLevel: is a byte array; expected a 32-bit integer",
            ),
            (
                "[SYCL/device requirements]\naspects=2|CAAAAAAAAAQA\n",
                "[SYCL/device requirements] aspects: holds 2 bits; expected whole 32-bit values",
            ),
            (
                "[SYCL/kernel param opt]\nk=2|CAAAAAAAAAQB\n",
                "[SYCL/kernel param opt] k: bits past the 2-bit size are set",
            ),
            (
                "[SYCL/kernel param opt]\nk=2|AAAA\n",
                "[SYCL/kernel param opt] k: holds 3 bytes, less than its 8-byte size header",
            ),
            (
                "[SYCL/kernel param opt]\nk=2|QAAAAAAAAAQA\n",
                "[SYCL/kernel param opt] k: the size header says 16 bits, but the data is 1 \
                 bytes long",
            ),
        ] {
            assert_eq!(check(text).unwrap_err(), error, "{text:?}");
        }
    }
}
