//! Per-thread scratch memory for launches: the work-group local-memory block and the argument
//! array that hands it to the kernel.
//!
//! A thread runs every work-group it claims to completion (the compiled work-item loops handle
//! barriers), so one block of local memory per thread serves all the groups it runs, as in UR's
//! adapter (reference `intel-llvm-native-cpu.md` §4.6). Each thread — pool worker or launching
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
    scratch.args.push(block.cast());
    let result = body(scratch.args.as_ptr());
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
            let a = unsafe { std::slice::from_raw_parts(a, 3) };
            assert_eq!(&a[..2], &args);
            assert_eq!(a[2] as usize % LOCAL_MEMORY_ALIGN, 0);
            a[2] as usize
        })
        .unwrap();
        assert_eq!(thread_block_capacity(), MIN_BLOCK);
        // Reused as long as it is large enough.
        let again = with_local_memory(&[], MIN_BLOCK, |a| unsafe { *a } as usize).unwrap();
        assert_eq!(again, first);
        // Grown to the next power of two.
        with_local_memory(&[], MIN_BLOCK + 1, |a| unsafe {
            std::ptr::write_bytes((*a).cast::<u8>(), 0xA5, MIN_BLOCK + 1)
        })
        .unwrap();
        assert_eq!(thread_block_capacity(), 2 * MIN_BLOCK);
    }

    #[test]
    fn nested_use_gets_another_block_and_the_larger_one_is_kept() {
        let outer = with_local_memory(&[], 64, |a| {
            let outer = unsafe { *a } as usize;
            assert_eq!(thread_block_capacity(), 0, "borrowed while in use");
            let inner = with_local_memory(&[], 3 * MIN_BLOCK, |b| unsafe { *b } as usize).unwrap();
            assert_ne!(inner, outer);
            outer
        })
        .unwrap();
        assert_ne!(outer, 0);
        assert_eq!(thread_block_capacity(), 4 * MIN_BLOCK);
    }
}
