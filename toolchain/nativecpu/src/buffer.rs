//! USM buffers owned by Rust.
//!
//! On the Native CPU device, USM device, shared and host allocations are all host memory the
//! kernels read and write in place; a [`Buffer`] is such an allocation, typed, 64-byte aligned
//! (what the runtime gives local memory, and a cache line), and freed when dropped.

use crate::sys::{Element, Memory};
use crate::Error;

/// `len` elements of `T` in memory kernels can use, zeroed when allocated.
///
/// The host reads and writes the elements through `&mut self` only ([`Buffer::as_slice`],
/// [`Buffer::as_mut_slice`]): a launch that uses the buffer borrows it for as long as it may
/// run, so holding `&mut` proves no kernel is using it.
#[derive(Debug)]
pub struct Buffer<T: Element> {
    memory: Memory,
    len: usize,
    _element: std::marker::PhantomData<T>,
}

impl<T: Element> Buffer<T> {
    /// `len` zeroed elements.
    pub fn zeroed(len: usize) -> Result<Buffer<T>, Error> {
        let element_size = std::mem::size_of::<T>();
        let memory = len
            .checked_mul(element_size)
            .and_then(Memory::zeroed)
            .ok_or(Error::Allocation {
                elements: len,
                element_size,
            })?;
        Ok(Buffer {
            memory,
            len,
            _element: std::marker::PhantomData,
        })
    }

    /// A buffer holding a copy of `values`.
    pub fn from_slice(values: &[T]) -> Result<Buffer<T>, Error> {
        let mut buffer = Buffer::zeroed(values.len())?;
        buffer.as_mut_slice().copy_from_slice(values);
        Ok(buffer)
    }

    /// The number of elements.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether the buffer has no elements.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The elements, for the host.
    pub fn as_slice(&mut self) -> &[T] {
        &self.memory.as_slice()[..self.len]
    }

    /// The elements, for the host to change.
    pub fn as_mut_slice(&mut self) -> &mut [T] {
        let len = self.len;
        &mut self.memory.as_mut_slice()[..len]
    }

    /// The address a kernel receives.
    pub(crate) fn address(&self) -> *mut std::ffi::c_void {
        self.memory.address()
    }
}
