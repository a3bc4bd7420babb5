//! `[SYCL/program metadata]`, checked: per kernel, the work-group facts its code was compiled
//! with.
//!
//! Keys are `<kernel>@<tag>` (the tag after the last `@`). `sycl-post-link` writes work-group
//! sizes as byte arrays of one to three `u32` (x first) and single values as `u32` properties.
//! The runtime relies on `reqd_work_group_size`: the compiled kernel loops over exactly that many
//! work-items per group, so the runtime must launch groups of that shape, and a wrong value makes
//! the kernel compute a wrong result rather than fail.

use std::collections::BTreeMap;

use crate::properties::{PropertySet, PropertyValue, PROGRAM_METADATA};
use crate::validate::{byte_array, PropertyError};

/// What the runtime takes from `[SYCL/program metadata]` for one kernel.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct KernelMetadata {
    /// `@reqd_work_group_size` in x, y, z order, missing dimensions 1.
    pub reqd_work_group_size: Option<[u32; 3]>,
}

/// Checks every entry and returns the kernels' metadata, keyed by kernel name. The tags the
/// runtime does not use are checked for their form only.
pub fn from_set(
    set: Option<&PropertySet>,
) -> Result<BTreeMap<String, KernelMetadata>, PropertyError> {
    let mut kernels: BTreeMap<String, KernelMetadata> = BTreeMap::new();
    for (key, value) in set.map_or(&[][..], |set| &set.properties[..]) {
        let bad = |cause: String| PropertyError::new(PROGRAM_METADATA, Some(key), cause);
        let Some((kernel, tag)) = key.rsplit_once('@').filter(|(k, _)| !k.is_empty()) else {
            return Err(bad("expected <kernel>@<tag>".into()));
        };
        match tag {
            "reqd_work_group_size" => {
                let sizes = sizes(value).map_err(bad)?;
                kernels
                    .entry(kernel.to_owned())
                    .or_default()
                    .reqd_work_group_size = Some(sizes);
            }
            "max_work_group_size" => sizes(value).map(|_| ()).map_err(bad)?,
            "reqd_sub_group_size" | "max_linear_work_group_size" => {
                single(value, u32::MAX).map_err(bad)?
            }
            "work_group_num_dim" => single(value, 3).map_err(bad)?,
            "global_id_mapping" => byte_array(value).map(|_| ()).map_err(bad)?,
            _ => return Err(bad(format!("unknown tag '{tag}'"))),
        }
    }
    Ok(kernels)
}

/// One to three non-zero `u32` sizes, the missing dimensions 1.
fn sizes(value: &PropertyValue) -> Result<[u32; 3], String> {
    let (bits, data) = byte_array(value)?;
    if bits % 32 != 0 || !(1..=3).contains(&(bits / 32)) {
        return Err(format!("holds {bits} bits; expected 1 to 3 32-bit sizes"));
    }
    let mut sizes = [1; 3];
    for (size, bytes) in sizes.iter_mut().zip(data.chunks_exact(4)) {
        *size = u32::from_le_bytes([bytes[0], bytes[1], bytes[2], bytes[3]]);
    }
    if sizes.contains(&0) {
        return Err(format!("a size is zero: {sizes:?} (x, y, z)"));
    }
    Ok(sizes)
}

/// A `u32` property from 1 to `max`.
fn single(value: &PropertyValue, max: u32) -> Result<(), String> {
    match value {
        PropertyValue::U32(v) if (1..=max).contains(v) => Ok(()),
        PropertyValue::U32(v) => Err(format!("{v} is outside 1 to {max}")),
        PropertyValue::ByteArray(_) => Err("is a byte array; expected a 32-bit integer".into()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn metadata(
        entries: &[(&str, PropertyValue)],
    ) -> Result<BTreeMap<String, KernelMetadata>, String> {
        let mut set = PropertySet::new(PROGRAM_METADATA);
        for (key, value) in entries {
            set.insert(*key, value.clone());
        }
        from_set(Some(&set)).map_err(|e| e.to_string())
    }

    #[test]
    fn required_sizes_are_padded_and_other_tags_checked() {
        let kernels = metadata(&[
            ("k@reqd_work_group_size", PropertyValue::from_u32s(&[8, 4])),
            ("k@max_work_group_size", PropertyValue::from_u32s(&[16])),
            ("k@work_group_num_dim", PropertyValue::U32(2)),
            ("uid@global_id_mapping", PropertyValue::from_bytes(b"k")),
        ])
        .unwrap();
        assert_eq!(kernels["k"].reqd_work_group_size, Some([8, 4, 1]));
        assert!(!kernels.contains_key("uid"));
    }

    #[test]
    fn malformed_entries_are_refused() {
        for (key, value, cause) in [
            (
                "k@reqd_work_group_size",
                PropertyValue::from_u32s(&[]),
                "holds 0 bits; expected 1 to 3 32-bit sizes",
            ),
            (
                "k@reqd_work_group_size",
                PropertyValue::from_u32s(&[1, 2, 3, 4]),
                "holds 128 bits; expected 1 to 3 32-bit sizes",
            ),
            (
                "k@reqd_work_group_size",
                PropertyValue::from_u32s(&[4, 0]),
                "a size is zero: [4, 0, 1] (x, y, z)",
            ),
            (
                "k@reqd_work_group_size",
                PropertyValue::U32(4),
                "is a 32-bit integer; expected a byte array",
            ),
            (
                "k@work_group_num_dim",
                PropertyValue::U32(4),
                "4 is outside 1 to 3",
            ),
            ("k@colour", PropertyValue::U32(4), "unknown tag 'colour'"),
            ("k", PropertyValue::U32(4), "expected <kernel>@<tag>"),
            (
                "@work_group_num_dim",
                PropertyValue::U32(1),
                "expected <kernel>@<tag>",
            ),
        ] {
            assert_eq!(
                metadata(&[(key, value)]).unwrap_err(),
                format!("[SYCL/program metadata] {key}: {cause}")
            );
        }
    }
}
