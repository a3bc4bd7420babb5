//! What the compiler decided about each kernel, for the info queries: read from the kernel
//! metadata notes the compiler's `add-kernel-metadata` pass leaves in the device object
//! (docs/formats.md, "Kernel metadata notes").
//!
//! The linker gathers the notes of every device object linked into an executable or a shared
//! library into a `PT_NOTE` segment of that file. When an image is registered, the runtime asks
//! the dynamic loader (`dl_iterate_phdr`) for the loaded objects, picks those whose loaded
//! segments hold the image's subhandlers, and reads the notes of those objects only: an
//! executable with several device images has all their notes in one segment, and a shared
//! library's kernels are described by the library's own notes, not by a kernel of the same name
//! elsewhere. A kernel without a note (compiled by another back end) gets
//! [`KernelInfo::default`].

use std::collections::HashMap;
use std::ffi::{c_int, c_void, CStr};

pub use sycl_offload_formats::kernel_notes::KernelInfo;
use sycl_offload_formats::kernel_notes::{parse_segment, NoteError};

/// `struct __nativecpu_kernel_info`: [`KernelInfo`] as C reads it (zeros for "none").
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CKernelInfo {
    /// Bytes of work-group local variables per work-group.
    pub local_memory_size: u64,
    /// Bytes per work-item kept across barriers.
    pub private_memory_size: u64,
    /// x, y, z; all 0 when the kernel requires none.
    pub reqd_work_group_size: [u32; 3],
    /// Work-items of a full sub-group.
    pub sub_group_size: u32,
    /// 0 when the kernel requires none.
    pub reqd_sub_group_size: u32,
    /// Work-items per call of the vector form, 1 for a scalar kernel.
    pub vector_width: u32,
}

impl From<KernelInfo> for CKernelInfo {
    fn from(info: KernelInfo) -> Self {
        CKernelInfo {
            local_memory_size: info.local_memory_size,
            private_memory_size: info.private_memory_size,
            reqd_work_group_size: info.reqd_work_group_size.unwrap_or([0; 3]),
            sub_group_size: info.sub_group_size,
            reqd_sub_group_size: info.reqd_sub_group_size.unwrap_or(0),
            vector_width: info.vector_width,
        }
    }
}

const _: () = assert!(std::mem::size_of::<CKernelInfo>() == 40);

/// The notes of the objects that hold code at `addresses`, by kernel name (the first note of a
/// name wins), or the first malformed note, named with its object.
pub fn notes_for(addresses: &[usize]) -> Result<HashMap<String, KernelInfo>, String> {
    let mut search = Search {
        addresses,
        notes: HashMap::new(),
        error: None,
    };
    // SAFETY: `collect` only reads the program headers the loader hands it, and the segments
    // they describe while they are loaded (the loader holds its lock during the walk);
    // `search` outlives the call.
    unsafe {
        libc::dl_iterate_phdr(Some(collect), (&raw mut search).cast::<c_void>());
    }
    match search.error {
        Some(error) => Err(error),
        None => Ok(search.notes),
    }
}

/// What [`collect`] is looking for, and what it found.
struct Search<'a> {
    addresses: &'a [usize],
    notes: HashMap<String, KernelInfo>,
    error: Option<String>,
}

/// One loaded object: where its segments are.
struct Object<'a> {
    base: usize,
    headers: &'a [libc::Elf64_Phdr],
}

impl Object<'_> {
    /// The loaded, file-backed ranges of the object.
    fn loaded(&self) -> impl Iterator<Item = (usize, usize)> + '_ {
        self.headers
            .iter()
            .filter(|h| h.p_type == libc::PT_LOAD)
            .map(|h| {
                let start = self.base.wrapping_add(h.p_vaddr as usize);
                (start, start.saturating_add(h.p_filesz as usize))
            })
    }

    fn holds(&self, address: usize) -> bool {
        self.loaded()
            .any(|(start, end)| (start..end).contains(&address))
    }

    /// The object's note segments that lie inside its loaded ranges, with their alignment.
    fn note_segments(&self) -> impl Iterator<Item = (usize, usize, usize)> + '_ {
        self.headers
            .iter()
            .filter(|h| h.p_type == libc::PT_NOTE)
            .map(|h| {
                let start = self.base.wrapping_add(h.p_vaddr as usize);
                (start, h.p_filesz as usize, h.p_align as usize)
            })
            .filter(|(start, size, _)| {
                let end = start.saturating_add(*size);
                self.loaded()
                    .any(|(first, last)| first <= *start && end <= last)
            })
    }
}

/// `dl_iterate_phdr`'s callback: reads the notes of an object that holds one of the addresses.
///
/// # Safety
/// `info` must be the loader's description of a loaded object and `data` a `Search`.
unsafe extern "C" fn collect(
    info: *mut libc::dl_phdr_info,
    _size: usize,
    data: *mut c_void,
) -> c_int {
    // SAFETY: the caller passes a `Search` and the loader a valid description whose program
    // header table has `dlpi_phnum` entries.
    let (search, info) = unsafe { (&mut *data.cast::<Search>(), &*info) };
    // No panic may unwind into the loader; parsing is bounds-checked and should not panic.
    std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        collect_object(search, info)
    }))
    .unwrap_or(1)
}

/// [`collect`] for one object: 1 stops the walk.
fn collect_object(search: &mut Search<'_>, info: &libc::dl_phdr_info) -> c_int {
    let headers = match info.dlpi_phdr.is_null() {
        true => &[][..],
        // SAFETY: see above.
        false => unsafe {
            std::slice::from_raw_parts(info.dlpi_phdr, usize::from(info.dlpi_phnum))
        },
    };
    let object = Object {
        base: info.dlpi_addr as usize,
        headers,
    };
    if search.error.is_some() || !search.addresses.iter().any(|a| object.holds(*a)) {
        return 0;
    }
    for (start, size, align) in object.note_segments() {
        // SAFETY: the segment lies inside a loaded, file-backed range of the object, which the
        // loader keeps mapped during the walk.
        let segment = unsafe { std::slice::from_raw_parts(start as *const u8, size) };
        match parse_segment(segment, align) {
            Ok(notes) => {
                for note in notes {
                    search.notes.entry(note.name).or_insert(note.info);
                }
            }
            Err(error) => {
                search.error = Some(describe(info, &error));
                return 1;
            }
        }
    }
    0
}

/// `error`, naming the object it is in.
fn describe(info: &libc::dl_phdr_info, error: &NoteError) -> String {
    let name = match info.dlpi_name.is_null() {
        true => String::new(),
        // SAFETY: the loader's object names are C strings.
        false => unsafe { CStr::from_ptr(info.dlpi_name) }
            .to_string_lossy()
            .into_owned(),
    };
    let object = if name.is_empty() {
        "the executable".to_owned()
    } else {
        name.escape_debug().to_string()
    };
    format!("kernel metadata of {object}: {error}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn objects_without_notes_of_ours_have_none() {
        let function: fn(&[usize]) -> _ = notes_for;
        let here = function as usize;
        assert_eq!(notes_for(&[here]), Ok(HashMap::new()));
        assert_eq!(notes_for(&[]), Ok(HashMap::new()));
    }
}
