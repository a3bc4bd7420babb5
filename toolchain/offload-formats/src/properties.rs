//! Property-set registries (`.prop` files).
//!
//! A file is a sequence of sets. A set starts with `[<name>]`; each following line is
//! `<key>=<type>|<value>`. Type `1` is a decimal `u32`; type `2` is a byte array written with
//! [`crate::base64`] over an 8-byte little-endian *bit* count followed by the data bytes. Sets and
//! keys keep their insertion order and whitespace is significant.

use std::path::Path;

use crate::{base64, FormatError};

/// `[SYCL/kernel param opt]`: kernel name → bit mask of removed (dead) arguments.
pub const KERNEL_PARAM_OPT: &str = "SYCL/kernel param opt";
/// `[SYCL/program metadata]`: `<kernel>@reqd_work_group_size` and friends.
pub const PROGRAM_METADATA: &str = "SYCL/program metadata";
/// `[SYCL/device requirements]`: aspects and other requirements of the image.
pub const DEVICE_REQUIREMENTS: &str = "SYCL/device requirements";
/// `[SYCL/misc properties]`.
pub const MISC_PROPERTIES: &str = "SYCL/misc properties";
/// `[SYCL/exported symbols]`.
pub const EXPORTED_SYMBOLS: &str = "SYCL/exported symbols";
/// `[SYCL/imported symbols]`.
pub const IMPORTED_SYMBOLS: &str = "SYCL/imported symbols";
/// `[SYCL/specialization constants]`: symbolic id → `(numeric id, offset, size)` `u32` triples.
pub const SPECIALIZATION_CONSTANTS: &str = "SYCL/specialization constants";
/// `[SYCL/specialization constants default values]`: `all` → the default values in buffer order.
pub const SPECIALIZATION_CONSTANTS_DEFAULT_VALUES: &str =
    "SYCL/specialization constants default values";
/// `[SYCL/kernel names]`: kernel name → 1.
pub const KERNEL_NAMES: &str = "SYCL/kernel names";

/// One property value.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PropertyValue {
    /// Type 1: a 32-bit unsigned integer.
    U32(u32),
    /// Type 2: a byte array. `bytes` is the payload *including* the 8-byte bit-count header, as
    /// the wrapper embeds it; build one with [`PropertyValue::from_bytes`] or
    /// [`PropertyValue::from_bits`].
    ByteArray(Vec<u8>),
}

impl PropertyValue {
    /// A byte array of whole bytes (bit count = 8 × length).
    pub fn from_bytes(data: &[u8]) -> Self {
        Self::from_bits(data, data.len() as u64 * 8)
    }

    /// A byte array holding `bit_count` bits of `data` (which must have `ceil(bits/8)` bytes).
    pub fn from_bits(data: &[u8], bit_count: u64) -> Self {
        assert_eq!(data.len() as u64, bit_count.div_ceil(8));
        let mut bytes = bit_count.to_le_bytes().to_vec();
        bytes.extend_from_slice(data);
        PropertyValue::ByteArray(bytes)
    }

    /// A byte array of little-endian `u32`s.
    pub fn from_u32s(values: &[u32]) -> Self {
        let data: Vec<u8> = values.iter().flat_map(|v| v.to_le_bytes()).collect();
        Self::from_bytes(&data)
    }

    /// The type code written before the `|`.
    pub fn type_code(&self) -> u32 {
        match self {
            PropertyValue::U32(_) => 1,
            PropertyValue::ByteArray(_) => 2,
        }
    }

    /// For a byte array, the data bytes after the size header.
    pub fn payload(&self) -> Option<&[u8]> {
        match self {
            PropertyValue::ByteArray(bytes) => bytes.get(8..),
            PropertyValue::U32(_) => None,
        }
    }
}

/// A named, ordered set of properties.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct PropertySet {
    /// The set's name as written between brackets (for example `SYCL/kernel param opt`).
    pub name: String,
    /// The keys and their values, in file order (which the writer keeps).
    pub properties: Vec<(String, PropertyValue)>,
}

impl PropertySet {
    /// An empty set called `name`.
    pub fn new(name: impl Into<String>) -> Self {
        PropertySet {
            name: name.into(),
            properties: Vec::new(),
        }
    }

    /// Appends `key` with `value`, keeping the order of insertion (an existing key is not
    /// replaced).
    pub fn insert(&mut self, key: impl Into<String>, value: PropertyValue) {
        self.properties.push((key.into(), value));
    }

    /// The value of the first entry called `key`.
    pub fn get(&self, key: &str) -> Option<&PropertyValue> {
        self.properties
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v)
    }
}

/// All property sets of one device image, in order.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct PropertySetRegistry {
    /// The sets, in file order.
    pub sets: Vec<PropertySet>,
}

impl PropertySetRegistry {
    /// The set called `name`, created at the end if missing.
    pub fn set_mut(&mut self, name: &str) -> &mut PropertySet {
        if let Some(i) = self.sets.iter().position(|s| s.name == name) {
            &mut self.sets[i]
        } else {
            self.sets.push(PropertySet::new(name));
            self.sets.last_mut().unwrap()
        }
    }

    /// The first set called `name`.
    pub fn get(&self, name: &str) -> Option<&PropertySet> {
        self.sets.iter().find(|s| s.name == name)
    }

    /// The registry as `.prop` text.
    pub fn to_text(&self) -> String {
        let mut out = String::new();
        for set in &self.sets {
            out.push_str(&format!("[{}]\n", set.name));
            for (key, value) in &set.properties {
                let rendered = match value {
                    PropertyValue::U32(v) => v.to_string(),
                    PropertyValue::ByteArray(bytes) => base64::encode(bytes),
                };
                out.push_str(&format!("{key}={}|{rendered}\n", value.type_code()));
            }
        }
        out
    }

    /// Parses `.prop` text; `path` is used in error messages only.
    pub fn parse(text: &str, path: &Path) -> Result<Self, FormatError> {
        let mut registry = PropertySetRegistry::default();
        for (line_no, line) in crate::numbered_lines(text, path)? {
            if line.starts_with('[') {
                // The set name runs from the first '[' to the last ']'.
                let Some(end) = line.rfind(']') else {
                    return Err(FormatError::syntax(
                        path,
                        line_no,
                        "a set title without ']'",
                    ));
                };
                registry.sets.push(PropertySet::new(&line[1..end]));
                continue;
            }
            if line.is_empty() {
                continue;
            }
            let Some(set) = registry.sets.last_mut() else {
                return Err(FormatError::syntax(
                    path,
                    line_no,
                    "a property before any [set] line",
                ));
            };
            let Some((key, rest)) = line.split_once('=') else {
                return Err(FormatError::syntax(
                    path,
                    line_no,
                    "expected <key>=<type>|<value>",
                ));
            };
            let Some((type_code, value)) = rest.split_once('|') else {
                return Err(FormatError::syntax(
                    path,
                    line_no,
                    "expected <type>|<value> after '='",
                ));
            };
            let value = match type_code {
                "1" => PropertyValue::U32(value.parse().map_err(|_| {
                    FormatError::syntax(
                        path,
                        line_no,
                        format!("'{value}' is not a 32-bit unsigned integer"),
                    )
                })?),
                "2" => PropertyValue::ByteArray(
                    base64::decode(value)
                        .map_err(|e| FormatError::syntax(path, line_no, e.to_string()))?,
                ),
                other => {
                    return Err(FormatError::syntax(
                        path,
                        line_no,
                        format!("unsupported property type '{other}' (expected 1 or 2)"),
                    ))
                }
            };
            set.insert(key, value);
        }
        Ok(registry)
    }

    /// Reads and parses a `.prop` file.
    pub fn read(path: &Path) -> Result<Self, FormatError> {
        Self::parse(&crate::read_text(path)?, path)
    }

    /// Writes the registry as a `.prop` file (see [`Self::to_text`]).
    pub fn write(&self, path: &Path) -> Result<(), FormatError> {
        std::fs::write(path, self.to_text()).map_err(|e| FormatError::io(path, e))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn writes_and_reads_both_types() {
        let mut registry = PropertySetRegistry::default();
        registry
            .set_mut(KERNEL_PARAM_OPT)
            .insert("SpirKernel1", PropertyValue::from_bits(&[0x01], 2));
        registry
            .set_mut(MISC_PROPERTIES)
            .insert("optLevel", PropertyValue::U32(2));
        registry
            .set_mut(DEVICE_REQUIREMENTS)
            .insert("aspects", PropertyValue::from_bytes(&[]));
        let text = registry.to_text();
        assert_eq!(
            text,
            "[SYCL/kernel param opt]\nSpirKernel1=2|CAAAAAAAAAQA\n[SYCL/misc properties]\noptLevel=1|2\n\
             [SYCL/device requirements]\naspects=2|AAAAAAAAAAA\n"
        );
        assert_eq!(
            PropertySetRegistry::parse(&text, Path::new("p")).unwrap(),
            registry
        );
    }

    #[test]
    fn empty_sets_survive() {
        let text = "[SYCL/kernel param opt]\n[SYCL/misc properties]\noptLevel=1|2\n";
        let registry = PropertySetRegistry::parse(text, Path::new("p")).unwrap();
        assert_eq!(registry.sets.len(), 2);
        assert!(registry.sets[0].properties.is_empty());
        assert_eq!(registry.to_text(), text);
    }

    #[test]
    fn u32_arrays_carry_a_bit_count_header() {
        let v = PropertyValue::from_u32s(&[8, 4, 2]);
        let PropertyValue::ByteArray(bytes) = &v else {
            panic!()
        };
        assert_eq!(&bytes[..8], &96u64.to_le_bytes());
        assert_eq!(v.payload().unwrap(), &[8, 0, 0, 0, 4, 0, 0, 0, 2, 0, 0, 0]);
    }

    #[test]
    fn rejects_bad_lines() {
        for bad in [
            "k=1|2\n",
            "[S]\nk\n",
            "[S]\nk=1\n",
            "[S]\nk=0|1\n",
            "[S]\nk=1|x\n",
            "[S]\nk=2|A\n",
        ] {
            let err = PropertySetRegistry::parse(bad, Path::new("f.prop")).unwrap_err();
            assert!(err.to_string().starts_with("f.prop:"), "{bad:?}: {err}");
        }
    }

    /// Found by the `prop` fuzz target: a carriage return inside a line reached the error
    /// message (`unsupported property type '…\r…'`), which then no longer printed as one line.
    #[test]
    fn refuses_carriage_returns_inside_lines() {
        let path = Path::new("x.prop");
        let error = PropertySetRegistry::parse("[]\n=[SY\rb\n", path).unwrap_err();
        assert_eq!(
            error.to_string(),
            "x.prop:2: a carriage return inside a line"
        );
        let crlf = PropertySetRegistry::parse("[S]\r\nk=1|5\r\n", path).unwrap();
        assert_eq!(
            crlf.get("S").and_then(|s| s.get("k")),
            Some(&PropertyValue::U32(5))
        );
    }
}
