//! What the compiler decided about each kernel, for the info queries (docs/vectorizer.md,
//! "Sub-groups"): the sub-group size a kernel runs with (its vector width, or 1 when it was not
//! vectorized) and the size it required (`sub_group_size` kernel property), if any.
//!
//! The device object registers them from a constructor the compiler's `register-kernel-info`
//! pass writes, before `main`. A kernel that was never registered has sub-groups of one
//! work-item and no required size, which is what scalar code gives.

use std::collections::HashMap;
use std::ffi::CString;
use std::sync::{OnceLock, RwLock};

/// A kernel's sub-group sizes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SubGroupSizes {
    /// The size every full sub-group has: the kernel's vector width.
    pub size: u32,
    /// The size the kernel required, or 0.
    pub required: u32,
}

impl Default for SubGroupSizes {
    fn default() -> Self {
        SubGroupSizes {
            size: 1,
            required: 0,
        }
    }
}

fn table() -> &'static RwLock<HashMap<CString, SubGroupSizes>> {
    static TABLE: OnceLock<RwLock<HashMap<CString, SubGroupSizes>>> = OnceLock::new();
    TABLE.get_or_init(Default::default)
}

/// Records `name`'s sizes; a size of 0 counts as 1 (a scalar kernel).
pub fn register(name: CString, sizes: SubGroupSizes) {
    let sizes = SubGroupSizes {
        size: sizes.size.max(1),
        ..sizes
    };
    let mut table = table()
        .write()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    table.insert(name, sizes);
}

/// `name`'s sizes, or the scalar default.
pub fn sub_group_sizes(name: &std::ffi::CStr) -> SubGroupSizes {
    let table = table()
        .read()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    table.get(name).copied().unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unknown_kernels_are_scalar() {
        let name = CString::new("kernel_info_unknown").unwrap();
        assert_eq!(sub_group_sizes(&name), SubGroupSizes::default());
    }

    #[test]
    fn registered_sizes_are_returned() {
        let name = CString::new("kernel_info_registered").unwrap();
        register(
            name.clone(),
            SubGroupSizes {
                size: 8,
                required: 8,
            },
        );
        assert_eq!(sub_group_sizes(&name).size, 8);
        assert_eq!(sub_group_sizes(&name).required, 8);
        let scalar = CString::new("kernel_info_zero").unwrap();
        register(
            scalar.clone(),
            SubGroupSizes {
                size: 0,
                required: 0,
            },
        );
        assert_eq!(sub_group_sizes(&scalar).size, 1);
    }
}
