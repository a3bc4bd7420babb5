//! Which SYCL address space a pointer a work-item holds points into, for the dynamic casts
//! (`sycl_khr_dynamic_addrspace_cast`, `sycl_ext_oneapi_address_cast`; docs/kernel-features.md,
//! "Dynamic address space casts").
//!
//! On a CPU every address space is the same memory, so the space of a pointer is a question
//! of which region it lies in, for the calling thread:
//!
//! * **local**: the work-group local-memory block the thread runs its current launch's groups
//!   with ([`crate::arena`]; local accessors, `work_group_scratch_size`), recorded here for the
//!   length of the thread's part in the launch. The device library adds its own scratch buffer
//!   of module-scope work-group variables before asking the runtime.
//! * **private**: the calling thread's stack, where a work-item's variables live. The device
//!   library adds its buffer of variables live across barriers.
//! * **global**: everything else (USM, buffers, device globals, host memory).
//!
//! The extension's precondition (the memory is accessible to the calling work-item) is what
//! makes this enough: a pointer into another work-group's local memory, or another work-item's
//! stack, need not be told apart.

use std::cell::Cell;
use std::ffi::c_void;

/// `sycl::access::address_space::private_space`.
pub const PRIVATE_SPACE: u32 = 0;
/// `sycl::access::address_space::global_space`.
pub const GLOBAL_SPACE: u32 = 1;
/// `sycl::access::address_space::local_space`.
pub const LOCAL_SPACE: u32 = 3;

thread_local! {
    /// The local-memory block of the launch this thread runs groups of: start and length in
    /// bytes; empty outside launches and for launches without local memory.
    static LOCAL_BLOCK: Cell<(usize, usize)> = const { Cell::new((0, 0)) };
    /// The calling thread's stack: lowest address and size, looked up at the first query.
    static STACK: Cell<Option<(usize, usize)>> = const { Cell::new(None) };
}

/// Records `block` (start, length) as the calling thread's local memory until the returned
/// guard is dropped, which restores the previous one (a launch issued from inside a kernel
/// runs on the same thread with a block of its own).
pub fn enter_local_block(start: *const c_void, length: usize) -> LocalBlockGuard {
    let previous = LOCAL_BLOCK
        .try_with(|block| block.replace((start as usize, length)))
        .unwrap_or((0, 0));
    LocalBlockGuard { previous }
}

/// Restores the local-memory block that was current before [`enter_local_block`].
#[must_use = "the block is current only while the guard lives"]
pub struct LocalBlockGuard {
    previous: (usize, usize),
}

impl Drop for LocalBlockGuard {
    fn drop(&mut self) {
        let _ = LOCAL_BLOCK.try_with(|block| block.set(self.previous));
    }
}

/// The address space `pointer` points into, for the calling thread: [`LOCAL_SPACE`],
/// [`PRIVATE_SPACE`] or [`GLOBAL_SPACE`].
pub fn address_space_of(pointer: *const c_void) -> u32 {
    let address = pointer as usize;
    let within = |(start, length): (usize, usize)| address.wrapping_sub(start) < length;
    if LOCAL_BLOCK.try_with(Cell::get).is_ok_and(within) {
        return LOCAL_SPACE;
    }
    if current_stack().is_some_and(within) {
        return PRIVATE_SPACE;
    }
    GLOBAL_SPACE
}

/// The calling thread's stack, cached per thread.
fn current_stack() -> Option<(usize, usize)> {
    STACK
        .try_with(|stack| {
            if stack.get().is_none() {
                stack.set(crate::stack_guard::current_stack());
            }
            stack.get()
        })
        .ok()
        .flatten()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stack_heap_and_local_block_are_told_apart() {
        let on_stack = 0u64;
        let on_heap = Box::new(0u64);
        let block = vec![0u8; 256];
        assert_eq!(
            address_space_of(std::ptr::addr_of!(on_stack).cast()),
            PRIVATE_SPACE
        );
        assert_eq!(
            address_space_of(std::ptr::addr_of!(*on_heap).cast()),
            GLOBAL_SPACE
        );
        assert_eq!(address_space_of(block.as_ptr().cast()), GLOBAL_SPACE);
        {
            let _outer = enter_local_block(block.as_ptr().cast(), block.len());
            assert_eq!(address_space_of(block[255..].as_ptr().cast()), LOCAL_SPACE);
            {
                let _inner = enter_local_block(std::ptr::null(), 0);
                assert_eq!(address_space_of(block.as_ptr().cast()), GLOBAL_SPACE);
            }
            assert_eq!(address_space_of(block.as_ptr().cast()), LOCAL_SPACE);
            // One past the end is not in the block.
            assert_eq!(
                address_space_of(block.as_ptr().wrapping_add(256).cast()),
                GLOBAL_SPACE
            );
        }
        assert_eq!(address_space_of(block.as_ptr().cast()), GLOBAL_SPACE);
    }
}
