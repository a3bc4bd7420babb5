//! Per-thread scratch memory for launches: the work-group local-memory block and the argument
//! array that hands it to the kernel.
//!
//! A launch's local memory is a [`LocalLayout`]: the regions of its local-memory arguments
//! (`local_argument_sizes`, DPC++'s `ptr addrspace(3)` parameters; the kernel gets its region in
//! place of `args[i]`) and of its `local_memory_size` (the kernel gets it as `args[num_args]`),
//! each 128-byte aligned, all in the thread's one block.
//!
//! A thread runs every work-group it claims to completion (the compiled work-item loops handle
//! barriers), so one block of local memory per thread serves all the groups it runs, as in UR's
//! adapter (docs/runtime-abi.md). Each thread — pool worker or launching
//! host thread alike — keeps its scratch in a thread-local slot across launches:
//!
//! * the block grows when a launch needs more (to the next power of two, so a sequence of slightly
//!   growing launches reallocates rarely) and is otherwise reused; since launches are limited to
//!   [`device::LOCAL_MEMORY_SIZE`](crate::device::LOCAL_MEMORY_SIZE), a thread keeps at most that
//!   much;
//! * the argument array (`num_args` copied pointers plus the block) reuses its allocation too.
//!
//! Nothing is allocated per work-group, and after the first launches nothing per launch either.
//!
//! A thread *borrows* its scratch for the whole of its part in a launch by taking it out of the
//! slot. A launch issued from inside a kernel on the same thread then finds the slot empty and
//! uses a fresh scratch, so it never overwrites or frees the block the outer group is still
//! using; when both are done, the larger block is kept. The same fallback serves a launch during
//! thread teardown, when the slot is gone.

use std::alloc::{self, Layout};
use std::cell::Cell;
use std::ffi::c_void;
use std::ptr::NonNull;

use crate::address_spaces;
use crate::device::LOCAL_MEMORY_ALIGN;

/// Smallest block allocated, so that tiny requests do not reallocate at every growth step.
const MIN_BLOCK: usize = 4096;

/// A heap block aligned to [`LOCAL_MEMORY_ALIGN`].
struct Block {
    ptr: NonNull<u8>,
    layout: Layout,
}

impl Block {
    /// A block of at least `size` (> 0) bytes; `None` if the allocation fails.
    fn new(size: usize) -> Option<Block> {
        let size = size.checked_next_power_of_two()?.max(MIN_BLOCK);
        let layout = Layout::from_size_align(size, LOCAL_MEMORY_ALIGN).ok()?;
        // SAFETY: `layout` has a non-zero size.
        let ptr = NonNull::new(unsafe { alloc::alloc(layout) })?;
        Some(Block { ptr, layout })
    }

    fn size(&self) -> usize {
        self.layout.size()
    }
}

impl Drop for Block {
    fn drop(&mut self) {
        // SAFETY: allocated in `Block::new` with this layout.
        unsafe { alloc::dealloc(self.ptr.as_ptr(), self.layout) };
    }
}

/// One thread's scratch memory.
#[derive(Default)]
struct Scratch {
    block: Option<Block>,
    args: Vec<*mut c_void>,
}

impl Scratch {
    fn capacity(&self) -> usize {
        self.block.as_ref().map_or(0, Block::size)
    }
}

thread_local! {
    /// The calling thread's scratch; `None` while borrowed (or before first use).
    static SCRATCH: Cell<Option<Scratch>> = const { Cell::new(None) };
}

/// The local-memory block could not be allocated.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AllocFailed;

/// Where a launch's work-group local memory lies in each thread's block: one 128-byte-aligned
/// region per local-memory argument (`local_argument_sizes`), then the `local_memory_size`
/// region. Every thread gets its own block of [`LocalLayout::block_size`] bytes laid out the same.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct LocalLayout {
    /// `(argument index, offset in the block)` of every argument with a non-zero size.
    arguments: Vec<(usize, usize)>,
    /// Offset of the `local_memory_size` region, passed as `args[num_args]`; `None` if that size
    /// is zero.
    extra: Option<usize>,
    /// Bytes a thread's block needs, alignment padding included.
    block_size: usize,
    /// Bytes of local memory a work-group asks for: the sum of all sizes, without padding.
    requested: usize,
}

impl LocalLayout {
    /// Lays out `argument_sizes` (one per kernel argument; 0 for an ordinary argument) and then
    /// `local_memory_size`, each region starting at a multiple of [`LOCAL_MEMORY_ALIGN`]. `None`
    /// if the sizes overflow `usize`.
    pub fn new(argument_sizes: &[usize], local_memory_size: usize) -> Option<LocalLayout> {
        let mut layout = LocalLayout::default();
        let place = |size: usize, layout: &mut LocalLayout| -> Option<usize> {
            let offset = layout
                .block_size
                .checked_next_multiple_of(LOCAL_MEMORY_ALIGN)?;
            layout.block_size = offset.checked_add(size)?;
            layout.requested = layout.requested.checked_add(size)?;
            Some(offset)
        };
        for (index, &size) in argument_sizes.iter().enumerate() {
            if size != 0 {
                let offset = place(size, &mut layout)?;
                layout.arguments.push((index, offset));
            }
        }
        if local_memory_size != 0 {
            layout.extra = Some(place(local_memory_size, &mut layout)?);
        }
        Some(layout)
    }

    /// Whether the launch uses no local memory at all (the kernel then gets the launch's
    /// argument array as given).
    pub fn is_empty(&self) -> bool {
        self.block_size == 0
    }

    /// Bytes of local memory one work-group uses (the sum of the sizes), for the device limit.
    pub fn requested(&self) -> usize {
        self.requested
    }

    /// Bytes of a thread's block.
    pub fn block_size(&self) -> usize {
        self.block_size
    }
}

/// Calls `body` with an argument array made of `args` followed by a pointer to a block of at least
/// `size` (> 0) bytes, aligned to [`LOCAL_MEMORY_ALIGN`], that belongs to the calling thread until
/// `body` returns. The block's contents are unspecified (whatever the thread's previous groups
/// left in it).
pub fn with_local_memory<R>(
    args: &[*mut c_void],
    size: usize,
    body: impl FnOnce(*const *mut c_void) -> R,
) -> Result<R, AllocFailed> {
    debug_assert!(size > 0);
    let layout = LocalLayout::new(&[], size).ok_or(AllocFailed)?;
    with_layout(args, &layout, body)
}

/// Calls `body` with a copy of `args` (which must have an element for every argument `layout`
/// places) in which every local-memory argument of `layout` points at its region of a block
/// that belongs to the calling thread until `body` returns, followed by the `local_memory_size`
/// region if the layout has one. The regions are aligned to [`LOCAL_MEMORY_ALIGN`]; their
/// contents are unspecified (whatever the thread's previous groups left there). `layout` must
/// not be empty.
pub fn with_layout<R>(
    args: &[*mut c_void],
    layout: &LocalLayout,
    body: impl FnOnce(*const *mut c_void) -> R,
) -> Result<R, AllocFailed> {
    debug_assert!(!layout.is_empty());
    let size = layout.block_size;
    let mut scratch = SCRATCH
        .try_with(Cell::take)
        .ok()
        .flatten()
        .unwrap_or_default();
    if scratch.capacity() < size {
        // Drop the old block first, so that growing never holds both.
        scratch.block = None;
        scratch.block = Some(Block::new(size).ok_or(AllocFailed)?);
    }
    let block = scratch
        .block
        .as_ref()
        .map_or(std::ptr::null_mut(), |b| b.ptr.as_ptr());
    scratch.args.clear();
    scratch.args.extend_from_slice(args);
    for &(index, offset) in &layout.arguments {
        // `offset` lies inside the block (the layout's size is at most the block's).
        scratch.args[index] = block.wrapping_add(offset).cast();
    }
    if let Some(offset) = layout.extra {
        scratch.args.push(block.wrapping_add(offset).cast());
    }
    let local_block = address_spaces::enter_local_block(block.cast(), size);
    let result = body(scratch.args.as_ptr());
    drop(local_block);
    give_back(scratch);
    Ok(result)
}

/// Returns a borrowed scratch to the thread's slot, keeping the larger block if a nested launch
/// has put one there meanwhile.
fn give_back(scratch: Scratch) {
    let _ = SCRATCH.try_with(|slot| {
        let keep = match slot.take() {
            Some(other) if other.capacity() > scratch.capacity() => other,
            _ => scratch,
        };
        slot.set(Some(keep));
    });
}

/// The size of the calling thread's kept local-memory block (0 if it has none or it is borrowed
/// right now). For tests and diagnostics.
pub fn thread_block_capacity() -> usize {
    SCRATCH
        .try_with(|slot| {
            let scratch = slot.take();
            let capacity = scratch.as_ref().map_or(0, Scratch::capacity);
            slot.set(scratch);
            capacity
        })
        .unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blocks_are_aligned_kept_and_grown() {
        let args = [8usize as *mut c_void, 16usize as *mut c_void];
        let first = with_local_memory(&args, 100, |a| {
            // SAFETY: the array holds the two arguments and the block pointer.
            let a = unsafe { std::slice::from_raw_parts(a, 3) };
            assert_eq!(&a[..2], &args);
            assert_eq!(a[2] as usize % LOCAL_MEMORY_ALIGN, 0);
            a[2] as usize
        })
        .unwrap();
        assert_eq!(thread_block_capacity(), MIN_BLOCK);
        // Reused as long as it is large enough.
        // SAFETY: with no arguments, the array's one element is the block pointer.
        let again = with_local_memory(&[], MIN_BLOCK, |a| unsafe { *a } as usize).unwrap();
        assert_eq!(again, first);
        // Grown to the next power of two.
        // SAFETY: the array's one element points at a block of at least `MIN_BLOCK + 1` bytes
        // that is this thread's until the closure returns.
        with_local_memory(&[], MIN_BLOCK + 1, |a| unsafe {
            std::ptr::write_bytes((*a).cast::<u8>(), 0xA5, MIN_BLOCK + 1)
        })
        .unwrap();
        assert_eq!(thread_block_capacity(), 2 * MIN_BLOCK);
    }

    #[test]
    fn nested_use_gets_another_block_and_the_larger_one_is_kept() {
        let outer = with_local_memory(&[], 64, |a| {
            // SAFETY: with no arguments, the array's one element is the block pointer.
            let outer = unsafe { *a } as usize;
            assert_eq!(thread_block_capacity(), 0, "borrowed while in use");
            // SAFETY: as for `outer`.
            let inner = with_local_memory(&[], 3 * MIN_BLOCK, |b| unsafe { *b } as usize).unwrap();
            assert_ne!(inner, outer);
            outer
        })
        .unwrap();
        assert_ne!(outer, 0);
        assert_eq!(thread_block_capacity(), 4 * MIN_BLOCK);
    }

    #[test]
    fn layouts_align_every_region_and_sum_the_sizes() {
        let layout = LocalLayout::new(&[0, 10, 0, 100, 1], 3).unwrap();
        const A: usize = LOCAL_MEMORY_ALIGN;
        assert_eq!(layout.arguments, [(1, 0), (3, A), (4, 2 * A)]);
        assert_eq!(layout.extra, Some(3 * A));
        assert_eq!(layout.block_size(), 3 * A + 3);
        assert_eq!(layout.requested(), 114);
        assert!(LocalLayout::new(&[0, 0], 0).unwrap().is_empty());
        assert_eq!(LocalLayout::new(&[usize::MAX, 1], 0), None);
        let args = [1usize, 2, 3].map(|a| a as *mut c_void);
        let layout = LocalLayout::new(&[0, 64, 0], 8).unwrap();
        with_layout(&args, &layout, |a| {
            // SAFETY: the array has the three arguments (the second pointing at its local region)
            // and, the layout having 8 bytes of work-group local memory, that region's pointer.
            let a = unsafe { std::slice::from_raw_parts(a, 4) };
            assert_eq!((a[0], a[2]), (args[0], args[2]));
            assert_eq!(a[1] as usize % LOCAL_MEMORY_ALIGN, 0);
            assert_eq!(a[3] as usize, a[1] as usize + LOCAL_MEMORY_ALIGN);
        })
        .unwrap();
    }
}
