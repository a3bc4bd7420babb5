//! Kernel information read from the metadata notes of the object that holds the subhandlers
//! (docs/runtime-abi.md, "Kernel information"). This test binary carries two notes of its own in
//! `.note.nativecpu.kernels`, as a device object linked into it would, and registers images
//! whose subhandler is a function of this binary.

mod common;

use std::ffi::CStr;

use common::{bytes_with_header, noop, ImageSpec, OwnedDescriptor};
use nativecpu_runtime::ffi::{__nativecpu_get_kernel_info, __nativecpu_last_error};
use nativecpu_runtime::kernel_info::CKernelInfo;
use nativecpu_runtime::registry::{self, Missing, RegistrationIssue};

const NOTE_SIZE: usize = 84;

/// One note (docs/formats.md, "Kernel metadata notes") for a 10- or 11-byte name.
const fn note(
    name: &[u8],
    local: u64,
    private: u64,
    reqd: [u32; 3],
    width: u32,
) -> [u8; NOTE_SIZE] {
    let mut out = [0u8; NOTE_SIZE];
    let words = [10u32, 48 + name.len() as u32, 1];
    let mut at = 0;
    while at < 3 {
        let bytes = words[at].to_le_bytes();
        let mut i = 0;
        while i < 4 {
            out[at * 4 + i] = bytes[i];
            i += 1;
        }
        at += 1;
    }
    let owner = b"NativeCPU";
    let mut i = 0;
    while i < owner.len() {
        out[12 + i] = owner[i];
        i += 1;
    }
    let desc = 24;
    let fields: [(usize, u64, usize); 10] = [
        (0, 1, 4),
        (4, name.len() as u64, 4),
        (8, local, 8),
        (16, private, 8),
        (24, reqd[0] as u64, 4),
        (28, reqd[1] as u64, 4),
        (32, reqd[2] as u64, 4),
        (36, width as u64, 4),
        (40, 0, 4),
        (44, width as u64, 4),
    ];
    let mut f = 0;
    while f < fields.len() {
        let (offset, value, size) = fields[f];
        let bytes = value.to_le_bytes();
        let mut i = 0;
        while i < size {
            out[desc + offset + i] = bytes[i];
            i += 1;
        }
        f += 1;
    }
    let mut i = 0;
    while i < name.len() {
        out[desc + 48 + i] = name[i];
        i += 1;
    }
    out
}

#[repr(C, align(4))]
struct Notes([u8; 2 * NOTE_SIZE]);

const fn notes() -> Notes {
    let first = note(b"notes_info", 256, 24, [0; 3], 8);
    let second = note(b"notes_clash", 0, 0, [8, 4, 1], 1);
    let mut out = [0u8; 2 * NOTE_SIZE];
    let mut i = 0;
    while i < NOTE_SIZE {
        out[i] = first[i];
        out[NOTE_SIZE + i] = second[i];
        i += 1;
    }
    Notes(out)
}

#[used]
#[link_section = ".note.nativecpu.kernels"]
static NOTES: Notes = notes();

fn info(name: &CStr) -> Result<CKernelInfo, i32> {
    let mut info = CKernelInfo {
        local_memory_size: 7,
        private_memory_size: 7,
        reqd_work_group_size: [7; 3],
        sub_group_size: 7,
        reqd_sub_group_size: 7,
        vector_width: 7,
    };
    // SAFETY: `name` is a C string and `info` a live, writable record.
    match unsafe { __nativecpu_get_kernel_info(name.as_ptr(), &mut info) } {
        0 => Ok(info),
        code => Err(code),
    }
}

#[test]
fn a_kernel_gets_its_note_and_one_without_gets_the_scalar_default() {
    let image = ImageSpec::new(
        "native_cpu",
        vec![("notes_info", noop), ("notes_none", noop)],
    );
    let descriptor = OwnedDescriptor::new(vec![image]);
    // SAFETY: the descriptor owns its images and outlives the registration (unregistered below).
    assert_eq!(unsafe { registry::register(descriptor.ptr()) }, Vec::new());
    let noted = info(c"notes_info").expect("registered");
    assert_eq!(
        noted,
        CKernelInfo {
            local_memory_size: 256,
            private_memory_size: 24,
            reqd_work_group_size: [0; 3],
            sub_group_size: 8,
            reqd_sub_group_size: 0,
            vector_width: 8,
        }
    );
    let plain = info(c"notes_none").expect("registered");
    assert_eq!((plain.sub_group_size, plain.vector_width), (1, 1));
    assert_eq!((plain.local_memory_size, plain.private_memory_size), (0, 0));
    registry::unregister(descriptor.ptr());
    assert_eq!(info(c"notes_info"), Err(1), "unknown kernels are invalid");
}

#[test]
fn a_note_that_contradicts_the_program_metadata_refuses_the_image() {
    let mut image = ImageSpec::new("native_cpu", vec![("notes_clash", noop)]);
    image.property_sets = vec![(
        "SYCL/program metadata",
        vec![(
            "notes_clash@reqd_work_group_size",
            bytes_with_header(&[4, 0, 0, 0, 4, 0, 0, 0, 1, 0, 0, 0]),
        )],
    )];
    let descriptor = OwnedDescriptor::new(vec![image]);
    // SAFETY: the descriptor owns its images and outlives the registration (unregistered below).
    let issues = unsafe { registry::register(descriptor.ptr()) };
    let [RegistrationIssue::Refused { image: 0, cause }] = &issues[..] else {
        panic!("{issues:?}");
    };
    assert!(
        cause.contains("kernel notes_clash: its metadata note says reqd_work_group_size"),
        "{cause}"
    );
    assert!(matches!(
        registry::find(c"notes_clash"),
        Err(Missing::Refused(_))
    ));
    assert_eq!(info(c"notes_clash"), Err(1));
    // SAFETY: the runtime's last error is a C string valid until the thread's next call.
    let error = unsafe { CStr::from_ptr(__nativecpu_last_error()) }.to_string_lossy();
    assert!(error.contains("refused at registration"), "{error}");
    registry::unregister(descriptor.ptr());
}

#[test]
fn a_null_info_pointer_is_a_runtime_error() {
    // SAFETY: a valid name; the null record is what is under test, and the runtime checks it.
    let code = unsafe { __nativecpu_get_kernel_info(c"notes_info".as_ptr(), std::ptr::null_mut()) };
    assert_eq!(code, 4);
}
