//! Launches: validation, the work-group shape of range launches, group enumeration, and the
//! per-thread loop that calls the subhandler.
//!
//! # Groups
//!
//! A launch becomes a [`Plan`]: per dimension, a list of groups, each with its own local size and
//! group id ([`DimPlan`]); the launch's groups are the cross product of the three lists,
//! numbered linearly with x fastest, so that a chunk of consecutive numbers is a run of
//! neighbouring groups along x (contiguous memory for the usual row-major access). The pool
//! hands chunks of numbers out dynamically (`pool.rs`); each thread turns its first number into
//! x/y/z coordinates once per chunk and then steps through the chunk with carries.
//!
//! * **nd_range** (local size given): each dimension is `global / local` groups of the given size.
//! * **range** (local size all zero): the shape is the runtime's choice and invisible to the
//!   kernel, whose only ids are global ids. See [`shape_range`] for the policy. A dimension whose
//!   extent `N` is not a multiple of its local size `L` (always a power of two then) ends with
//!   *remainder pieces*: one group of size `2^b` for every bit `b` set in `N mod L`, largest
//!   first. Each piece starts at a multiple of its own size (everything before it is a multiple
//!   of `L` plus larger powers of two), so its group id `start / 2^b` is exact and every group
//!   satisfies `global_id = group_id * local + local_id + offset` — the invariant the compiled
//!   work-item loops rely on — while every work-item is covered exactly once. A piece reports
//!   `num_groups = N / 2^b` (UR's `global / local`), which keeps `group_id < num_groups`.
//!
//! # State
//!
//! Each thread taking part in a launch owns one [`NativeCpuState`] on its stack for the whole
//! launch and rewrites every per-group field before each call (compiled kernels may write the id
//! fields while they loop over work-items). Nothing is allocated per group; a launch allocates
//! one job record.
//!
//! # Local memory
//!
//! With `local_memory_size > 0`, `Groups::run`'s per-thread prologue borrows the thread's
//! scratch ([`crate::arena`]): a block of at least that many bytes, 128-byte aligned, and an
//! argument array of `num_args + 1` pointers — the launch's arguments, then the block. Every group
//! the thread runs in the launch gets that array, so all of them share the block one after the
//! other (a group runs to completion on one thread); threads running concurrently always have
//! different blocks. With `local_memory_size == 0` the kernel gets the launch's array as given.
//!
//! Local-memory *arguments* (`local_argument_sizes`, DPC++'s `ptr addrspace(3)` parameters, UR's
//! per-thread slices of `urKernelSetArgLocal`) live in the same per-thread block, each in its own
//! 128-byte-aligned region ([`arena::LocalLayout`]); the thread's copied array has `args[i]`
//! replaced by the region of argument `i`. Their sizes and `local_memory_size` together count
//! against the device's local memory.
//!
//! # Checks
//!
//! Before any group runs, a launch is validated against the description's own consistency, the
//! device limits ([`crate::device`]: work-group size for nd_range launches, local memory) and the
//! kernel's `reqd_work_group_size` ([`run_kernel`]): an nd_range launch must use exactly that
//! local size, and a range launch is cut into groups of exactly that shape (so its global size
//! must be a multiple of it), because the compiled kernel may assume it. Each failure has its
//! [`ResultCode`] (`enum __nativecpu_result`).
//!
//! # What comes next, and where it fits
//!
//! * *Live-variable arena* for barrier-split kernels: same prologue, same kind of per-thread
//!   arena as local memory, sized per-item record × the plan's largest group (bounded by
//!   [`MAX_RANGE_GROUP_ITEMS`] for range launches and by [`MAX_WORK_GROUP_SIZE`] otherwise),
//!   handed to the kernel through a further argument slot; unlike OCK (W1) it is on the heap, not
//!   the stack.

use std::ffi::{c_int, c_void, CStr};
use std::sync::atomic::{AtomicBool, Ordering};

use crate::address_spaces;
use crate::arena::{self, LocalLayout};
use crate::device::{LOCAL_MEMORY_SIZE, MAX_WORK_GROUP_SIZE};
use crate::pool::{self, Chunks, JobFailed, Pool, Work};
use crate::registry::{self, Kernel, Launchable, Missing, Subhandler};
use crate::state::{NativeCpuState, SUB_GROUP_SIZE};
use crate::tsan_hooks;

/// A range launch aims at this many groups per thread (when it has enough work-items), so that
/// dynamic distribution has room to balance uneven groups and busy cores.
pub const GROUPS_PER_THREAD: usize = 8;

/// Largest work-group a range launch is cut into. Beyond a few thousand items the per-call cost
/// is already negligible, while smaller groups balance better and keep a group's data in cache;
/// it also bounds the future per-item arenas of range launches. A power of two.
pub const MAX_RANGE_GROUP_ITEMS: usize = 4096;

const _: () = assert!(MAX_RANGE_GROUP_ITEMS.is_power_of_two());

/// `struct __nativecpu_launch_info`.
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct LaunchDesc {
    /// 1..=3.
    pub dims: u32,
    /// x, y, z; unused dimensions are 1.
    pub global_size: [usize; 3],
    /// x, y, z; all 0 for a range launch, unused dimensions 1 for an nd_range launch.
    pub local_size: [usize; 3],
    /// x, y, z; unused dimensions 0.
    pub global_offset: [usize; 3],
    /// `args[i]`: pointer parameters as is, other parameters point at the value.
    pub args: *const *mut c_void,
    /// How many entries `args` has (the kernel's parameters, without the local-memory block).
    pub num_args: usize,
    /// Bytes of work-group local memory each group needs; 0 for none. Each thread's block is
    /// passed as the extra argument `args[num_args]`.
    pub local_memory_size: usize,
    /// Null, or `num_args` sizes: every argument `i` with a non-zero size is a local-memory
    /// argument (DPC++'s `ptr addrspace(3)` parameter, UR's `urKernelSetArgLocal`); each thread
    /// gets its own 128-byte-aligned block of that size, passed as `args[i]` in place of the
    /// launch's `args[i]`.
    pub local_argument_sizes: *const usize,
}

// The C layout of `struct __nativecpu_launch_info` on LP64 targets: `dims`, 4 bytes of padding,
// then thirteen pointer-sized words.
const _: () = {
    use std::mem::{offset_of, size_of};
    const W: usize = size_of::<usize>();
    assert!(offset_of!(LaunchDesc, dims) == 0);
    assert!(offset_of!(LaunchDesc, global_size) == W);
    assert!(offset_of!(LaunchDesc, local_size) == 4 * W);
    assert!(offset_of!(LaunchDesc, global_offset) == 7 * W);
    assert!(offset_of!(LaunchDesc, args) == 10 * W);
    assert!(offset_of!(LaunchDesc, num_args) == 11 * W);
    assert!(offset_of!(LaunchDesc, local_memory_size) == 12 * W);
    assert!(offset_of!(LaunchDesc, local_argument_sizes) == 13 * W);
    assert!(size_of::<LaunchDesc>() == 14 * W);
};

/// `enum __nativecpu_result`: what `__nativecpu_launch` returns.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ResultCode {
    /// The kernel ran over the whole range.
    Success = 0,
    /// No kernel of that name is registered, or its image was refused at registration.
    InvalidKernel = 1,
    /// Bad dimensions, sizes, local size, or a local size other than `reqd_work_group_size`.
    InvalidNdRange = 2,
    /// More local memory than the device has (or than the host could allocate).
    OutOfResources = 3,
    /// Anything else: null pointers, internal errors.
    Runtime = 4,
}

impl From<ResultCode> for c_int {
    fn from(code: ResultCode) -> c_int {
        code as c_int
    }
}

/// Why a launch description was rejected. Dimensions are named x/y/z with the SYCL dimension
/// (reversed order) in parentheses.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum InvalidLaunch {
    /// `dims` is not 1, 2 or 3 (the value given).
    #[error("the launch has {0} dimensions; expected 1, 2 or 3")]
    Dims(u32),
    /// A dimension past `dims` does not have the neutral value (size 1, offset 0).
    #[error(
        "dimension {axis} is unused by a {dims}-dimensional launch, so its {what} must be \
         {expected}, not {value}"
    )]
    UnusedDimension {
        /// The dimension, as `x`, `y` or `z`.
        axis: &'static str,
        /// The launch's number of dimensions.
        dims: u32,
        /// Which field is wrong (`global size`, `local size` or `global offset`).
        what: &'static str,
        /// The value an unused dimension must have.
        expected: usize,
        /// The value given.
        value: usize,
    },
    /// The local size (x, y, z) has both zero and non-zero values, so it is neither a range nor
    /// an nd_range launch.
    #[error(
        "local size {0:?} (x, y, z) mixes zero and non-zero values: use all zero for a range \
         launch, all non-zero for an nd_range launch"
    )]
    MixedLocalSize([usize; 3]),
    /// An nd_range whose global size is not a multiple of its local size in one dimension.
    #[error(
        "nd_range: the global size {global} of dimension {axis} is not a multiple of the local \
         size {local}"
    )]
    NotDivisible {
        /// The dimension, as x, y or z with the SYCL dimension in parentheses.
        axis: String,
        /// The global size of that dimension.
        global: usize,
        /// The local size of that dimension.
        local: usize,
    },
    /// The global size (x, y, z) has more work-items than a `usize` counts.
    #[error("the global size {0:?} (x, y, z) has more work-items than the runtime can count")]
    TooManyItems([usize; 3]),
    /// A global id (offset plus size) would not fit a `size_t`.
    #[error("dimension {axis}: global offset {offset} plus global size {global} overflows size_t")]
    IdOverflow {
        /// The dimension, as x, y or z with the SYCL dimension in parentheses.
        axis: String,
        /// The global offset of that dimension.
        offset: usize,
        /// The global size of that dimension.
        global: usize,
    },
    /// An nd_range work-group (x, y, z) of more than [`MAX_WORK_GROUP_SIZE`] work-items.
    #[error(
        "nd_range: a work-group of {0:?} (x, y, z) has more than the device's maximum of \
         {MAX_WORK_GROUP_SIZE} work-items"
    )]
    WorkGroupTooLarge([usize; 3]),
    /// An nd_range local size other than the kernel's `reqd_work_group_size`.
    #[error(
        "nd_range: the local size {requested:?} (x, y, z) is not the kernel's \
         reqd_work_group_size {required:?}"
    )]
    ReqdMismatch {
        /// The kernel's `reqd_work_group_size` (x, y, z).
        required: [usize; 3],
        /// The launch's local size (x, y, z).
        requested: [usize; 3],
    },
    /// The kernel's `reqd_work_group_size` has more than [`MAX_WORK_GROUP_SIZE`] work-items.
    #[error(
        "the kernel's reqd_work_group_size {required:?} (x, y, z) has more than the device's \
         maximum of {MAX_WORK_GROUP_SIZE} work-items"
    )]
    ReqdTooLarge {
        /// The kernel's `reqd_work_group_size` (x, y, z).
        required: [usize; 3],
    },
    /// A range launch of a kernel with a `reqd_work_group_size` whose global size is not a
    /// multiple of it.
    #[error(
        "range: the kernel requires work-groups of {required:?} (x, y, z; its \
         reqd_work_group_size), but the global size {global:?} is not a multiple of it"
    )]
    ReqdNotDivisible {
        /// The kernel's `reqd_work_group_size` (x, y, z).
        required: [usize; 3],
        /// The launch's global size (x, y, z).
        global: [usize; 3],
    },
    /// More work-group local memory than [`LOCAL_MEMORY_SIZE`].
    #[error(
        "the launch asks for {requested} bytes of work-group local memory; the device has \
         {LOCAL_MEMORY_SIZE} bytes"
    )]
    LocalMemoryTooLarge {
        /// The bytes the launch asks for.
        requested: usize,
    },
    /// A non-zero argument count with a null `args` (the count given).
    #[error("the launch passes {0} arguments but a null argument array")]
    NullArgs(usize),
}

impl InvalidLaunch {
    /// The result code `__nativecpu_launch` returns for this problem.
    pub fn code(&self) -> ResultCode {
        match self {
            InvalidLaunch::LocalMemoryTooLarge { .. } => ResultCode::OutOfResources,
            InvalidLaunch::NullArgs(_) => ResultCode::Runtime,
            InvalidLaunch::Dims(_)
            | InvalidLaunch::UnusedDimension { .. }
            | InvalidLaunch::MixedLocalSize(_)
            | InvalidLaunch::NotDivisible { .. }
            | InvalidLaunch::TooManyItems(_)
            | InvalidLaunch::IdOverflow { .. }
            | InvalidLaunch::WorkGroupTooLarge(_)
            | InvalidLaunch::ReqdMismatch { .. }
            | InvalidLaunch::ReqdNotDivisible { .. } => ResultCode::InvalidNdRange,
            InvalidLaunch::ReqdTooLarge { .. } => ResultCode::InvalidKernel,
        }
    }
}

/// Why a validated launch could not run, or was not valid.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RunError {
    /// The launch description was refused before anything ran.
    #[error(transparent)]
    Invalid(#[from] InvalidLaunch),
    /// A thread could not allocate its block of local memory (the bytes asked for).
    #[error(
        "could not allocate {0} bytes of work-group local memory for a thread; the launch ran \
         only partly"
    )]
    LocalMemoryAllocation(usize),
    /// A work-group job panicked.
    #[error(transparent)]
    Failed(#[from] JobFailed),
}

impl RunError {
    /// The result code `__nativecpu_launch` returns for this error.
    pub fn code(&self) -> ResultCode {
        match self {
            RunError::Invalid(invalid) => invalid.code(),
            RunError::LocalMemoryAllocation(_) => ResultCode::OutOfResources,
            RunError::Failed(_) => ResultCode::Runtime,
        }
    }
}

/// Why `__nativecpu_launch` failed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum LaunchError {
    /// The kernel name pointer is null.
    #[error("__nativecpu_launch called with a null kernel name")]
    NullName,
    /// The launch description pointer is null (the kernel's name).
    #[error("__nativecpu_launch called for kernel '{0}' with a null launch description")]
    NullLaunch(String),
    /// No registered kernel has this name.
    #[error("kernel '{0}' is not registered (was the program linked with its device code?)")]
    UnknownKernel(String),
    /// The kernel's name is known, but the image that declared it was refused at registration.
    #[error("kernel '{kernel}' cannot run: its device image was refused at registration: {cause}")]
    RefusedKernel {
        /// The kernel's name.
        kernel: String,
        /// Why its image was refused.
        cause: String,
    },
    /// The device cannot run the kernel ([`crate::registry::Kernel::unsupported`]).
    #[error("kernel '{kernel}' is not supported by the device: {cause}")]
    UnsupportedKernel {
        /// The kernel's name.
        kernel: String,
        /// Why.
        cause: String,
    },
    /// The launch was invalid for the kernel or failed while running.
    #[error("kernel '{kernel}': {source}")]
    Run {
        /// The kernel's name.
        kernel: String,
        /// What went wrong.
        #[source]
        source: RunError,
    },
}

impl LaunchError {
    /// The result code `__nativecpu_launch` returns for this error. Null pointers are caller bugs
    /// rather than a missing kernel, so they are [`ResultCode::Runtime`].
    pub fn code(&self) -> ResultCode {
        match self {
            LaunchError::NullName | LaunchError::NullLaunch(_) => ResultCode::Runtime,
            LaunchError::UnknownKernel(_)
            | LaunchError::RefusedKernel { .. }
            | LaunchError::UnsupportedKernel { .. } => ResultCode::InvalidKernel,
            LaunchError::Run { source, .. } => source.code(),
        }
    }
}

/// The kernel registered under `name`, or why there is none.
pub fn find_kernel(name: &CStr) -> Result<Kernel, LaunchError> {
    registry::find(name).map_err(|missing| missing_kernel(name, missing))
}

/// What a launch needs of the kernel registered under `name`, or why there is none or the
/// device cannot run it.
fn find_launchable(name: &CStr) -> Result<Launchable, LaunchError> {
    registry::find_launchable(name).map_err(|missing| missing_kernel(name, missing))
}

fn missing_kernel(name: &CStr, missing: Missing) -> LaunchError {
    let kernel = name.to_string_lossy().into_owned();
    match missing {
        Missing::NotRegistered => LaunchError::UnknownKernel(kernel),
        Missing::Unsupported(cause) => LaunchError::UnsupportedKernel {
            kernel,
            cause: cause.to_string(),
        },
        Missing::Refused(cause) => LaunchError::RefusedKernel {
            kernel,
            cause: cause.to_string(),
        },
    }
}

/// Launches the registered kernel `name` on the process-wide pool.
///
/// # Safety
/// `desc.args` must be valid for the kernel for the whole launch (see [`run`]).
pub unsafe fn launch(name: &CStr, desc: &LaunchDesc) -> Result<(), LaunchError> {
    let kernel_name = || name.to_string_lossy().into_owned();
    let kernel = find_launchable(name)?;
    // SAFETY: forwarded from the caller.
    unsafe { run_kernel(pool::global(), kernel, desc) }.map_err(|source| LaunchError::Run {
        kernel: kernel_name(),
        source,
    })
}

/// Checks what [`launch`] would check for `name` and `desc` (the kernel exists, the ranges, the
/// local memory, its `reqd_work_group_size`) without running anything, so that a command can be
/// rejected when it is submitted and run later.
///
/// # Safety
/// `desc.local_argument_sizes` must be null or point at `desc.num_args` sizes.
pub unsafe fn check(name: &CStr, desc: &LaunchDesc) -> Result<(), LaunchError> {
    let kernel_name = || name.to_string_lossy().into_owned();
    let kernel = find_launchable(name)?;
    let run_error = |source| LaunchError::Run {
        kernel: kernel_name(),
        source,
    };
    let reqd = kernel.reqd_work_group_size;
    Plan::new(desc, pool::global().threads(), reqd).map_err(|e| run_error(e.into()))?;
    // SAFETY: forwarded from the caller.
    unsafe { local_layout(desc) }.map_err(|e| run_error(e.into()))?;
    Ok(())
}

/// [`run`] for a registered kernel, honouring its image's `reqd_work_group_size`.
///
/// # Safety
/// As for [`run`].
pub unsafe fn run_kernel(
    pool: &Pool,
    kernel: Launchable,
    desc: &LaunchDesc,
) -> Result<(), RunError> {
    // SAFETY: forwarded from the caller.
    unsafe { run_with(pool, kernel.subhandler, kernel.reqd_work_group_size, desc) }
}

/// Validates `desc`, then calls `kernel` once per work-group on `pool`, returning when all groups
/// are done. The kernel has no `reqd_work_group_size` (see [`run_kernel`]).
///
/// # Safety
/// `desc.args` must point at `desc.num_args` pointers (or be null if there are none), which the
/// runtime reads. `kernel` is called concurrently from several threads with them; the arguments
/// must be what the kernel expects and stay valid and unmodified by others until this returns.
pub unsafe fn run(pool: &Pool, kernel: Subhandler, desc: &LaunchDesc) -> Result<(), RunError> {
    // SAFETY: forwarded from the caller.
    unsafe { run_with(pool, kernel, None, desc) }
}

/// [`run`] for a kernel that requires work-groups of shape `reqd` (x, y, z), if `Some`.
///
/// # Safety
/// As for [`run`].
pub unsafe fn run_with(
    pool: &Pool,
    kernel: Subhandler,
    reqd: Option<[usize; 3]>,
    desc: &LaunchDesc,
) -> Result<(), RunError> {
    let plan = Plan::new(desc, pool.threads(), reqd)?;
    // SAFETY: validation made sure `args` is usable; the caller guarantees that a non-null
    // `local_argument_sizes` points at `num_args` sizes.
    let layout = unsafe { local_layout(desc) }?;
    let groups = Groups {
        plan: &plan,
        kernel,
        args: Args(desc.args),
        num_args: desc.num_args,
        layout: (!layout.is_empty()).then_some(layout),
        alloc_failed: AtomicBool::new(false),
    };
    // Whatever the launcher wrote (the kernel's arguments) before the threads run groups, and
    // every group before the launch returns, for ThreadSanitizer (crate::tsan_hooks).
    tsan_hooks::release(std::ptr::addr_of!(groups.plan));
    pool.run(plan.total_groups(), &groups)?;
    tsan_hooks::acquire(std::ptr::addr_of!(groups.alloc_failed));
    // The pool's completion counter orders every thread's store before this load.
    if groups.alloc_failed.load(Ordering::Relaxed) {
        let size = groups.layout.as_ref().map_or(0, LocalLayout::block_size);
        return Err(RunError::LocalMemoryAllocation(size));
    }
    Ok(())
}

/// The local memory of a launch: its local-memory arguments and `local_memory_size`, checked
/// against the device's local memory (all of it counts per work-group).
///
/// # Safety
/// `desc.local_argument_sizes` must be null or point at `desc.num_args` sizes.
unsafe fn local_layout(desc: &LaunchDesc) -> Result<LocalLayout, InvalidLaunch> {
    let sizes: &[usize] = if desc.local_argument_sizes.is_null() || desc.num_args == 0 {
        &[]
    } else {
        // SAFETY: guaranteed by the caller.
        unsafe { std::slice::from_raw_parts(desc.local_argument_sizes, desc.num_args) }
    };
    let too_large = |requested| InvalidLaunch::LocalMemoryTooLarge { requested };
    let layout = LocalLayout::new(sizes, desc.local_memory_size).ok_or(too_large(usize::MAX))?;
    if layout.requested() > LOCAL_MEMORY_SIZE {
        return Err(too_large(layout.requested()));
    }
    Ok(layout)
}

/// The launch's argument array, shared by all threads of a launch.
struct Args(*const *mut c_void);

// SAFETY: the runtime only reads the array (to copy it when adding a local-memory block), never
// through its elements; it hands it to the kernel, which the caller of `run` guarantees may be
// called concurrently with it (as UR does).
unsafe impl Sync for Args {}

/// The [`Work`] of one launch: its units are the plan's groups.
struct Groups<'a> {
    plan: &'a Plan,
    kernel: Subhandler,
    args: Args,
    num_args: usize,
    /// The launch's local memory; `None` for none.
    layout: Option<LocalLayout>,
    /// Set by a thread that could not get its local-memory block (it ran none of its groups).
    alloc_failed: AtomicBool,
}

impl Work for Groups<'_> {
    fn run(&self, chunks: &mut Chunks<'_>) {
        tsan_hooks::acquire(std::ptr::addr_of!(self.plan));
        self.run_chunks(chunks);
        tsan_hooks::release(std::ptr::addr_of!(self.alloc_failed));
    }
}

impl Groups<'_> {
    /// The groups of `chunks`, with this thread's local memory if the launch has some.
    fn run_chunks(&self, chunks: &mut Chunks<'_>) {
        let Some(layout) = &self.layout else {
            // No local memory: an outer launch's block (this one runs inside a kernel) is not
            // this kernel's.
            let _no_local_block = address_spaces::enter_local_block(std::ptr::null(), 0);
            self.run_groups(self.args.0, chunks);
            return;
        };
        let args: &[*mut c_void] = if self.num_args == 0 {
            &[]
        } else {
            // SAFETY: validation made sure the array is not null; `run`'s caller guarantees
            // `num_args` readable pointers.
            unsafe { std::slice::from_raw_parts(self.args.0, self.num_args) }
        };
        let ran = arena::with_layout(args, layout, |args| self.run_groups(args, chunks));
        if ran.is_err() {
            self.alloc_failed.store(true, Ordering::Relaxed);
            // The pool needs every claimed chunk taken; skip them.
            chunks.for_each(drop);
        }
    }

    /// Runs every group of `chunks`, passing `args` to the kernel.
    fn run_groups(&self, args: *const *mut c_void, chunks: &mut Chunks<'_>) {
        let plan = self.plan;
        let mut state = NativeCpuState::for_launch(plan.global, plan.offset);
        for range in chunks {
            let mut coords = plan.coords(range.start);
            for _ in range {
                plan.fill(&mut state, coords);
                // SAFETY: guaranteed by `run`'s caller; the state is this thread's own, and so is
                // `args` when it differs from the launch's array.
                unsafe { (self.kernel)(args, &mut state) };
                plan.step(&mut coords);
            }
        }
    }
}

/// One work-group along one dimension.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Piece {
    /// Local size.
    pub local: usize,
    /// This piece's work-group index along the dimension.
    pub group_id: usize,
    /// `global / local`.
    pub num_groups: usize,
}

/// The groups of one dimension: `full_groups` groups of size `local`, then the remainder pieces.
/// The pieces are not stored: piece `j` is the remainder's `j`-th highest set bit, so a plan is
/// four words and a launch copies and builds it in a few instructions (a stored array of pieces
/// made building and moving the plan most of an empty kernel's submission).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DimPlan {
    local: usize,
    full_groups: usize,
    remainder: usize,
    global: usize,
}

impl DimPlan {
    /// Covers `0..global` with groups of `local` items, then the binary decomposition of the
    /// remainder. A non-zero remainder requires `local` to be a power of two (at most
    /// [`MAX_RANGE_GROUP_ITEMS`]), which [`shape_range`] guarantees and nd_range validation makes
    /// moot (its remainder is zero).
    fn new(global: usize, local: usize) -> DimPlan {
        // Range launches always have power-of-two local sizes (and unused dimensions 1): a shift
        // and a mask instead of a division, which costs tens of cycles, three times per plan.
        let (full_groups, remainder) = if local.is_power_of_two() {
            (global >> local.trailing_zeros(), global & (local - 1))
        } else {
            (global / local, global % local)
        };
        debug_assert!(
            remainder == 0 || (local.is_power_of_two() && local <= MAX_RANGE_GROUP_ITEMS)
        );
        DimPlan {
            local,
            full_groups,
            remainder,
            global,
        }
    }

    /// Number of groups along this dimension.
    pub fn groups(&self) -> usize {
        self.full_groups + self.remainder.count_ones() as usize
    }

    /// The `index`-th group (`index < groups()`).
    fn group(&self, index: usize) -> Piece {
        if index < self.full_groups {
            return Piece {
                local: self.local,
                group_id: index,
                num_groups: self.full_groups,
            };
        }
        let highest_bit = |bits: usize| 1usize << (usize::BITS - 1 - bits.leading_zeros());
        let mut start = self.full_groups * self.local;
        let mut bits = self.remainder;
        for _ in self.full_groups..index {
            let piece = highest_bit(bits);
            start += piece;
            bits &= !piece;
        }
        let size = highest_bit(bits);
        Piece {
            local: size,
            group_id: start / size,
            num_groups: self.global / size,
        }
    }
}

/// A validated launch cut into groups.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Plan {
    dims: [DimPlan; 3],
    counts: [usize; 3],
    global: [usize; 3],
    offset: [usize; 3],
}

impl Plan {
    /// Validates `desc` for a kernel that requires work-groups of shape `reqd` (if `Some`) and
    /// cuts it into groups; a range launch without `reqd` is shaped for `threads` threads.
    pub fn new(
        desc: &LaunchDesc,
        threads: usize,
        reqd: Option<[usize; 3]>,
    ) -> Result<Plan, InvalidLaunch> {
        let local = validate(desc, reqd)?;
        let local = match (local, reqd) {
            (Some(local), _) | (None, Some(local)) => local,
            (None, None) => shape_range(desc.global_size, desc.dims, threads),
        };
        let dims: [DimPlan; 3] =
            std::array::from_fn(|d| DimPlan::new(desc.global_size[d], local[d]));
        Ok(Plan {
            counts: dims.map(|dim| dim.groups()),
            dims,
            global: desc.global_size,
            offset: desc.global_offset,
        })
    }

    /// Number of work-groups.
    pub fn total_groups(&self) -> usize {
        self.counts.iter().product()
    }

    /// The per-dimension groups of linear group number `index` (x fastest).
    pub fn group(&self, index: usize) -> [Piece; 3] {
        let coords = self.coords(index);
        std::array::from_fn(|d| self.dims[d].group(coords[d]))
    }

    fn coords(&self, index: usize) -> [usize; 3] {
        let [x, y, _] = self.counts;
        [index % x, index / x % y, index / x / y]
    }

    fn step(&self, coords: &mut [usize; 3]) {
        coords[0] += 1;
        if coords[0] == self.counts[0] {
            coords[0] = 0;
            coords[1] += 1;
            if coords[1] == self.counts[1] {
                coords[1] = 0;
                coords[2] += 1;
            }
        }
    }

    /// Writes every per-group field of `state` for the group at `coords`.
    fn fill(&self, state: &mut NativeCpuState, coords: [usize; 3]) {
        let mut items = 1;
        for (d, (dim, coord)) in self.dims.iter().zip(coords).enumerate() {
            let piece = dim.group(coord);
            state.work_group_size[d] = piece.local;
            state.work_group_id[d] = piece.group_id;
            state.num_groups[d] = piece.num_groups;
            state.local_id[d] = 0;
            state.global_id[d] = piece.group_id * piece.local + self.offset[d];
            items *= piece.local;
        }
        state.global_range = self.global;
        state.global_offset = self.offset;
        // Validation bounds nd_range and required groups by MAX_WORK_GROUP_SIZE; range groups
        // are at most MAX_RANGE_GROUP_ITEMS.
        state.num_sub_groups = items as u32 / SUB_GROUP_SIZE;
        state.sub_group_id = 0;
        state.sub_group_local_id = 0;
        state.sub_group_size = SUB_GROUP_SIZE;
    }
}

/// The local sizes of a range launch over `global` on `threads` threads.
///
/// Policy: aim at `GROUPS_PER_THREAD × threads` groups, i.e. a per-group item budget of
/// `items / (GROUPS_PER_THREAD × threads)`, clamped to `1..=MAX_RANGE_GROUP_ITEMS`. The budget
/// goes to x first, then what is left to y, then to z: a dimension that fits in the budget is
/// taken whole (one group along it, no remainder); otherwise it gets the largest power of two
/// within the budget, and its remainder is covered by power-of-two pieces. So a wide x gets
/// groups of up to 4096 contiguous items with y and z 1, and y/z get sizes above 1 only when x
/// is narrow — which keeps groups large enough to amortise the call when x is 1, 2 or 3 wide.
/// Power-of-two x sizes keep full groups multiples of any vector width.
pub fn shape_range(global: [usize; 3], dims: u32, threads: usize) -> [usize; 3] {
    let items: usize = global.iter().product();
    let mut budget = (items / (GROUPS_PER_THREAD * threads.max(1))).clamp(1, MAX_RANGE_GROUP_ITEMS);
    let mut local = [1; 3];
    for d in 0..dims as usize {
        local[d] = if global[d] <= budget {
            global[d].max(1)
        } else {
            1 << budget.ilog2()
        };
        budget /= local[d];
    }
    local
}

/// Checks `desc` for a kernel that requires work-groups of `reqd`; returns the nd_range local
/// size, or `None` for a range launch.
fn validate(
    desc: &LaunchDesc,
    reqd: Option<[usize; 3]>,
) -> Result<Option<[usize; 3]>, InvalidLaunch> {
    let dims = desc.dims;
    if !(1..=3).contains(&dims) {
        return Err(InvalidLaunch::Dims(dims));
    }
    let used = dims as usize;
    let range = desc.local_size == [0; 3];
    for (d, axis) in AXES.into_iter().enumerate().skip(used) {
        let unused = |what, expected, value| InvalidLaunch::UnusedDimension {
            axis,
            dims,
            what,
            expected,
            value,
        };
        if desc.global_size[d] != 1 {
            return Err(unused("global size", 1, desc.global_size[d]));
        }
        if desc.global_offset[d] != 0 {
            return Err(unused("global offset", 0, desc.global_offset[d]));
        }
        if !range && desc.local_size[d] != 1 {
            return Err(unused("local size", 1, desc.local_size[d]));
        }
    }
    if !range && desc.local_size.contains(&0) {
        return Err(InvalidLaunch::MixedLocalSize(desc.local_size));
    }
    if let Some(required) = reqd {
        // A kernel the device cannot run at all, whatever the launch (SYCL 2020 "Kernel
        // attributes": errc::kernel_not_supported).
        if group_items(required).is_none() {
            return Err(InvalidLaunch::ReqdTooLarge { required });
        }
        if !range && desc.local_size != required {
            return Err(InvalidLaunch::ReqdMismatch {
                required,
                requested: desc.local_size,
            });
        }
        let divides = |d: usize| desc.global_size[d].checked_rem(required[d]) == Some(0);
        if range && !(0..3).all(divides) {
            return Err(InvalidLaunch::ReqdNotDivisible {
                required,
                global: desc.global_size,
            });
        }
    }
    let axis = |d: usize| format!("{} (SYCL dimension {})", AXES[d], used - 1 - d);
    for d in 0..used {
        let (global, offset) = (desc.global_size[d], desc.global_offset[d]);
        if offset.checked_add(global).is_none() {
            return Err(InvalidLaunch::IdOverflow {
                axis: axis(d),
                offset,
                global,
            });
        }
        if !range && global % desc.local_size[d] != 0 {
            return Err(InvalidLaunch::NotDivisible {
                axis: axis(d),
                global,
                local: desc.local_size[d],
            });
        }
    }
    let items = checked_product(desc.global_size);
    if items.is_none_or(|n| n > isize::MAX as usize) {
        return Err(InvalidLaunch::TooManyItems(desc.global_size));
    }
    if !range && group_items(desc.local_size).is_none() {
        return Err(InvalidLaunch::WorkGroupTooLarge(desc.local_size));
    }
    if desc.local_memory_size > LOCAL_MEMORY_SIZE {
        return Err(InvalidLaunch::LocalMemoryTooLarge {
            requested: desc.local_memory_size,
        });
    }
    if desc.args.is_null() && desc.num_args != 0 {
        return Err(InvalidLaunch::NullArgs(desc.num_args));
    }
    Ok((!range).then_some(desc.local_size))
}

/// The work-items of a group of `local` (all non-zero), if within [`MAX_WORK_GROUP_SIZE`].
pub(crate) fn group_items(local: [usize; 3]) -> Option<usize> {
    checked_product(local).filter(|&n| n <= MAX_WORK_GROUP_SIZE)
}

/// The product of three sizes, if it fits in `usize`. Written out rather than folded: launches
/// validate twice each, and the fold stayed an out-of-line call per element.
fn checked_product([x, y, z]: [usize; 3]) -> Option<usize> {
    x.checked_mul(y)?.checked_mul(z)
}

const AXES: [&str; 3] = ["x", "y", "z"];

#[cfg(test)]
mod tests {
    use super::*;

    fn desc(dims: u32, global: [usize; 3], local: [usize; 3], offset: [usize; 3]) -> LaunchDesc {
        LaunchDesc {
            dims,
            global_size: global,
            local_size: local,
            global_offset: offset,
            args: std::ptr::null(),
            num_args: 0,
            local_memory_size: 0,
            local_argument_sizes: std::ptr::null(),
        }
    }

    /// Enumerates every group of the plan and checks that the groups tile the range exactly,
    /// that the ids are consistent, and that a range launch keeps to the shaping policy.
    fn check_tiling(global: [usize; 3], local: [usize; 3], threads: usize) -> Plan {
        let dims = 1 + global.iter().rposition(|&g| g != 1).unwrap_or(0) as u32;
        let plan = Plan::new(&desc(dims, global, local, [0; 3]), threads, None).unwrap();
        let items: usize = global.iter().product();
        let mut seen = vec![0u8; items];
        for index in 0..plan.total_groups() {
            let group = plan.group(index);
            for (d, piece) in group.iter().enumerate() {
                assert!(piece.local >= 1);
                assert!(piece.group_id < piece.num_groups, "{group:?}");
                assert_eq!(piece.num_groups, global[d] / piece.local);
                assert!((piece.group_id + 1) * piece.local <= global[d]);
                if local == [0; 3] {
                    assert!(piece.local <= MAX_RANGE_GROUP_ITEMS);
                    assert!(piece.local.is_power_of_two() || piece.local == global[d]);
                } else {
                    assert_eq!(piece.local, local[d]);
                }
            }
            for z in 0..group[2].local {
                for y in 0..group[1].local {
                    for x in 0..group[0].local {
                        let id = |d: usize, l: usize| group[d].group_id * group[d].local + l;
                        seen[id(0, x) + global[0] * (id(1, y) + global[1] * id(2, z))] += 1;
                    }
                }
            }
        }
        assert!(
            seen.iter().all(|&n| n == 1),
            "{global:?} not tiled exactly once"
        );
        plan
    }

    #[test]
    fn range_plans_tile_exactly() {
        for threads in [1, 2, 3, 8, 64] {
            for global in [
                [1, 1, 1],
                [7, 1, 1],
                [1000003, 1, 1],
                [4095, 1, 1],
                [4097, 1, 1],
                [3, 5, 7],
                [1023, 3, 1],
                [3, 1023, 1],
                [1, 1, 1000],
                [2, 100_000, 1],
                [1000, 7, 13],
            ] {
                check_tiling(global, [0; 3], threads);
            }
        }
    }

    #[test]
    fn nd_range_plans_tile_exactly() {
        check_tiling([8, 6, 4], [4, 3, 2], 2);
        check_tiling([1024, 1, 1], [1024, 1, 1], 2);
        check_tiling([15, 1, 1], [5, 1, 1], 2);
    }

    #[test]
    fn range_shape_follows_policy() {
        // A long 1-D range: full groups of 4096 along x, enough of them for 2 threads.
        assert_eq!(shape_range([1000003, 1, 1], 1, 2), [4096, 1, 1]);
        let plan = check_tiling([1000003, 1, 1], [0; 3], 2);
        // 244 full groups + one piece per bit of 1000003 mod 4096 = 579 = 0b1001000011.
        assert_eq!(plan.total_groups(), 244 + 4);
        assert!(plan.total_groups() >= GROUPS_PER_THREAD * 2);
        // Many threads: smaller groups so every thread gets about eight.
        assert_eq!(shape_range([1 << 20, 1, 1], 1, 64), [2048, 1, 1]);
        // A narrow x is taken whole and y gets the rest of the budget.
        assert_eq!(shape_range([3, 1_000_000, 1], 2, 2), [3, 1024, 1]);
        // Small ranges: one item per group, as many groups as items.
        assert_eq!(shape_range([7, 1, 1], 1, 2), [1, 1, 1]);
        assert_eq!(shape_range([3, 5, 7], 3, 1), [3, 4, 1]);
    }

    #[test]
    fn remainder_pieces_have_exact_group_ids() {
        let dim = DimPlan::new(4096 * 2 + 0b1011, 4096);
        let pieces: Vec<Piece> = (0..dim.groups()).map(|i| dim.group(i)).collect();
        let starts: Vec<(usize, usize)> = pieces
            .iter()
            .map(|p| (p.group_id * p.local, p.local))
            .collect();
        assert_eq!(
            starts,
            [(0, 4096), (4096, 4096), (8192, 8), (8200, 2), (8202, 1)]
        );
    }

    #[test]
    fn validation_rejects_bad_launches() {
        let plan = |d: LaunchDesc| Plan::new(&d, 2, None).map(|_| ());
        assert_eq!(
            plan(desc(0, [1; 3], [0; 3], [0; 3])),
            Err(InvalidLaunch::Dims(0))
        );
        assert_eq!(
            plan(desc(4, [1; 3], [0; 3], [0; 3])),
            Err(InvalidLaunch::Dims(4))
        );
        assert!(matches!(
            plan(desc(1, [8, 2, 1], [0; 3], [0; 3])),
            Err(InvalidLaunch::UnusedDimension { axis: "y", .. })
        ));
        assert!(matches!(
            plan(desc(2, [8, 2, 1], [0; 3], [0, 0, 5])),
            Err(InvalidLaunch::UnusedDimension {
                axis: "z",
                what: "global offset",
                ..
            })
        ));
        assert!(matches!(
            plan(desc(1, [8, 1, 1], [4, 0, 1], [0; 3])),
            Err(InvalidLaunch::UnusedDimension {
                axis: "y",
                what: "local size",
                ..
            })
        ));
        assert_eq!(
            plan(desc(2, [8, 2, 1], [4, 0, 1], [0; 3])),
            Err(InvalidLaunch::MixedLocalSize([4, 0, 1]))
        );
        let err = plan(desc(2, [8, 6, 1], [4, 4, 1], [0; 3])).unwrap_err();
        assert_eq!(
            err.to_string(),
            "nd_range: the global size 6 of dimension y (SYCL dimension 0) is not a multiple of \
             the local size 4"
        );
        assert!(matches!(
            plan(desc(1, [8, 1, 1], [0; 3], [usize::MAX, 0, 0])),
            Err(InvalidLaunch::IdOverflow { .. })
        ));
        assert!(matches!(
            plan(desc(2, [1 << 40, 1 << 40, 1], [0; 3], [0; 3])),
            Err(InvalidLaunch::TooManyItems(_))
        ));
        assert!(matches!(
            plan(desc(2, [0, 0, 1], [1 << 20, 1 << 20, 1], [0; 3])),
            Err(InvalidLaunch::WorkGroupTooLarge(_))
        ));
        let mut with_args = desc(1, [8, 1, 1], [0; 3], [0; 3]);
        with_args.num_args = 2;
        assert_eq!(plan(with_args), Err(InvalidLaunch::NullArgs(2)));
    }

    #[test]
    fn empty_ranges_have_no_groups() {
        let empty = Plan::new(&desc(2, [0, 5, 1], [0; 3], [0; 3]), 2, None).unwrap();
        assert_eq!(empty.total_groups(), 0);
        let empty_nd = Plan::new(&desc(1, [0, 1, 1], [4, 1, 1], [0; 3]), 2, None).unwrap();
        assert_eq!(empty_nd.total_groups(), 0);
    }
}
