//! The work-item state handed to every subhandler call (`struct __nativecpu_state`).
//!
//! The layout is the Unified Runtime Native CPU adapter's `native_cpu::state` (docs/runtime-abi.md). It is ABI twice over: the device library's builtins read the
//! fields at fixed offsets, and compiled kernels are free to write the id fields while they loop
//! over their work-items. That second point is why the launcher rewrites every per-group field
//! before each call instead of patching only the fields that changed.

/// `struct __nativecpu_state`. All arrays are in the device's x/y/z order (index 0 is x, the
/// fastest-varying dimension).
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NativeCpuState {
    /// Global id of the work-item the state describes; the runtime sets it for local id 0.
    pub global_id: [usize; 3],
    /// Global range of the launch.
    pub global_range: [usize; 3],
    /// Local size of *this* work-group (for range launches it can differ between groups).
    pub work_group_size: [usize; 3],
    /// Id of this work-group.
    pub work_group_id: [usize; 3],
    /// Local id of the work-item; always 0 when the runtime calls the subhandler.
    pub local_id: [usize; 3],
    /// `global_range / work_group_size`, UR's formula.
    pub num_groups: [usize; 3],
    /// Global offset of the launch.
    pub global_offset: [usize; 3],
    /// Sub-groups per work-group. The device reports a single sub-group size of 1, so every
    /// work-item is its own sub-group and this is the work-group's linear size (UR initialises it
    /// to a constant 32, which contradicts its own sub-group size of 1).
    pub num_sub_groups: u32,
    /// Sub-group id of local id 0: 0.
    pub sub_group_id: u32,
    /// Id within the sub-group: always 0 with sub-groups of one item.
    pub sub_group_local_id: u32,
    /// Always 1 (`UR_DEVICE_INFO_SUB_GROUP_SIZES_INTEL` = {1}).
    pub sub_group_size: u32,
}

/// The sub-group size the device reports; see [`NativeCpuState::num_sub_groups`].
pub const SUB_GROUP_SIZE: u32 = 1;

impl NativeCpuState {
    /// The state of a launch before any group is assigned: the launch-wide fields set, every
    /// per-group field zero (the launcher fills them per group).
    pub fn for_launch(global_range: [usize; 3], global_offset: [usize; 3]) -> Self {
        NativeCpuState {
            global_id: [0; 3],
            global_range,
            work_group_size: [0; 3],
            work_group_id: [0; 3],
            local_id: [0; 3],
            num_groups: [0; 3],
            global_offset,
            num_sub_groups: 0,
            sub_group_id: 0,
            sub_group_local_id: 0,
            sub_group_size: SUB_GROUP_SIZE,
        }
    }
}

// The C layout: seven `size_t[3]` arrays followed by four `uint32_t`, no padding (x86_64 and
// aarch64 both have 8-byte size_t). A mismatch breaks every compiled kernel, so fail the build.
const _: () = {
    use std::mem::{offset_of, size_of};
    const A: usize = 3 * size_of::<usize>();
    assert!(offset_of!(NativeCpuState, global_id) == 0);
    assert!(offset_of!(NativeCpuState, global_range) == A);
    assert!(offset_of!(NativeCpuState, work_group_size) == 2 * A);
    assert!(offset_of!(NativeCpuState, work_group_id) == 3 * A);
    assert!(offset_of!(NativeCpuState, local_id) == 4 * A);
    assert!(offset_of!(NativeCpuState, num_groups) == 5 * A);
    assert!(offset_of!(NativeCpuState, global_offset) == 6 * A);
    assert!(offset_of!(NativeCpuState, num_sub_groups) == 7 * A);
    assert!(offset_of!(NativeCpuState, sub_group_id) == 7 * A + 4);
    assert!(offset_of!(NativeCpuState, sub_group_local_id) == 7 * A + 8);
    assert!(offset_of!(NativeCpuState, sub_group_size) == 7 * A + 12);
    assert!(size_of::<NativeCpuState>() == 7 * A + 16);
};
