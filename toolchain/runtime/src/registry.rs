//! The kernel registry: what `__sycl_register_lib` learns from the offload wrapper's descriptors.
//!
//! Every translation unit compiled for SYCL carries one wrapper object whose priority-1 global
//! constructor registers a descriptor (reference `intel-llvm-native-cpu.md` §3.2), so a program
//! can register several descriptors, each with several images, before `main`. Only images whose
//! `device_target_spec` is exactly `"native_cpu"` are ours (UR's `urDeviceSelectBinary` rule);
//! their `binary_start` is an array of [`NativeCpuEntry`] ended by a null subhandler (§3.3).
//!
//! The registry maps kernel names to subhandlers, and keeps each image's decoded property sets
//! with its kernels, because launch-time checks such as `reqd_work_group_size` are per kernel but
//! live in the image's `SYCL/program metadata` set.
//!
//! A name registered twice (the same kernel in two images, e.g. a template instantiated in two
//! translation units) resolves to the latest registration; unregistering that descriptor makes
//! the earlier one visible again. Registering a descriptor that is already registered replaces
//! its previous registration, so a repeated constructor cannot duplicate entries.
//!
//! The registry is a `RwLock` around a `BTreeMap` built by a `const` initialiser: nothing needs
//! the Rust runtime to be initialised, which matters before `main`.

use std::collections::BTreeMap;
use std::ffi::{c_char, c_void, CStr, CString};
use std::sync::{Arc, PoisonError, RwLock};

use crate::state::NativeCpuState;

/// `__nativecpu_subhandler`: called once per work-group with the group set in the state.
pub type Subhandler = unsafe extern "C" fn(args: *const *mut c_void, state: *mut NativeCpuState);

/// The device target spec whose images this runtime runs.
pub const NATIVE_CPU_TARGET: &CStr = c"native_cpu";

/// The property set holding `<kernel>@<tag>` program metadata.
pub const PROGRAM_METADATA: &str = "SYCL/program metadata";

/// `struct __ncpu_offload_entry` (`_sycl_offload_entry_struct`).
#[repr(C)]
#[derive(Debug)]
pub struct OffloadEntry {
    pub addr: *mut c_void,
    pub name: *const c_char,
    pub size: usize,
    pub flags: i32,
    pub reserved: i32,
}

/// `struct __ncpu_device_binary_property`.
#[repr(C)]
#[derive(Debug)]
pub struct RawProperty {
    pub name: *const c_char,
    pub value_addr: *mut c_void,
    /// 1 = `u32` held in `value_size`; 2 = byte array at `value_addr` of `value_size` bytes,
    /// starting with an 8-byte little-endian bit count.
    pub type_: u32,
    pub value_size: u64,
}

/// `struct __ncpu_device_binary_property_set`.
#[repr(C)]
#[derive(Debug)]
pub struct RawPropertySet {
    pub name: *const c_char,
    pub properties_begin: *mut RawProperty,
    pub properties_end: *mut RawProperty,
}

/// `struct __ncpu_device_binary` (wrapper struct version 2).
#[repr(C)]
#[derive(Debug)]
pub struct DeviceBinary {
    pub version: u16,
    pub kind: u8,
    pub format: u8,
    pub device_target_spec: *const c_char,
    pub compile_options: *const c_char,
    pub link_options: *const c_char,
    pub manifest_start: *const u8,
    pub manifest_end: *const u8,
    pub binary_start: *const u8,
    pub binary_end: *const u8,
    pub entries_begin: *mut OffloadEntry,
    pub entries_end: *mut OffloadEntry,
    pub property_sets_begin: *mut RawPropertySet,
    pub property_sets_end: *mut RawPropertySet,
}

/// `struct __ncpu_device_binaries` (descriptor version 1).
#[repr(C)]
#[derive(Debug)]
pub struct DeviceBinaries {
    pub version: u16,
    pub num_device_binaries: u16,
    pub device_binaries: *mut DeviceBinary,
    pub host_entries_begin: *mut OffloadEntry,
    pub host_entries_end: *mut OffloadEntry,
}

/// `struct __nativecpu_entry`: one element of a native_cpu image's binary.
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct NativeCpuEntry {
    pub kernel_name: *const c_char,
    /// The subhandler; null ends the array.
    pub kernel_ptr: Option<Subhandler>,
}

/// A decoded property value.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PropertyValue {
    /// Type 1.
    U32(u32),
    /// Type 2: `bits` significant bits of `data` (the 8-byte header removed).
    Bytes { bits: u64, data: Vec<u8> },
    /// A type this runtime does not know (newer producers add some); kept so that a lookup
    /// says "present" instead of "missing", but never read from memory.
    Unknown { type_code: u32, value_size: u64 },
}

/// One named property set of an image, in the image's order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PropertySet {
    pub name: String,
    pub properties: Vec<(String, PropertyValue)>,
}

/// The decoded property sets of one image, shared by all its kernels.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct ImageProperties {
    pub sets: Vec<PropertySet>,
}

impl ImageProperties {
    /// The value of `key` in the set called `set`.
    pub fn get(&self, set: &str, key: &str) -> Option<&PropertyValue> {
        self.sets
            .iter()
            .filter(|s| s.name == set)
            .flat_map(|s| s.properties.iter())
            .find(|(k, _)| k == key)
            .map(|(_, v)| v)
    }
}

/// A registered kernel.
#[derive(Debug, Clone)]
pub struct Kernel {
    pub name: Arc<str>,
    pub subhandler: Subhandler,
    /// The property sets of the image the kernel came from.
    pub image: Arc<ImageProperties>,
}

impl Kernel {
    /// This kernel's `SYCL/program metadata` entry `<name>@<tag>`, e.g. `reqd_work_group_size`.
    pub fn program_metadata(&self, tag: &str) -> Option<&PropertyValue> {
        self.image
            .get(PROGRAM_METADATA, &format!("{}@{tag}", self.name))
    }

    /// The kernel's `reqd_work_group_size` in x, y, z order, missing dimensions 1; `None` if its
    /// image does not require one.
    ///
    /// The value is a byte array of 1–3 little-endian `u32` (x first), its length given by the
    /// 8-byte bit-count header, as sycl-post-link writes it and UR's adapter reads it
    /// (`program.cpp`, reference `intel-llvm-native-cpu.md` §1.4). Anything else — another
    /// property type, a length that is not 1–3 whole values, a zero size — is rejected rather
    /// than ignored, because the compiled kernel may rely on the size.
    pub fn reqd_work_group_size(&self) -> Result<Option<[usize; 3]>, MetadataError> {
        let Some(value) = self.program_metadata("reqd_work_group_size") else {
            return Ok(None);
        };
        let bad = |problem: String| MetadataError::ReqdWorkGroupSize(problem);
        let PropertyValue::Bytes { bits, data } = value else {
            return Err(bad(format!("expected a byte array, found {value:?}")));
        };
        if bits % 32 != 0 || !(1..=3).contains(&(bits / 32)) {
            return Err(bad(format!(
                "expected 1 to 3 32-bit values, found {bits} bits"
            )));
        }
        let mut sizes = [1usize; 3];
        // The registry checked that `data` holds at least `bits` bits.
        for (size, bytes) in sizes
            .iter_mut()
            .zip(data.chunks_exact(4))
            .take(*bits as usize / 32)
        {
            let value = u32::from_le_bytes([bytes[0], bytes[1], bytes[2], bytes[3]]);
            *size = value as usize;
        }
        if sizes.contains(&0) {
            return Err(bad(format!("a size is zero: {sizes:?} (x, y, z)")));
        }
        Ok(Some(sizes))
    }
}

/// Program metadata of a kernel that the runtime cannot use.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MetadataError {
    #[error("malformed reqd_work_group_size in the image's program metadata: {0}")]
    ReqdWorkGroupSize(String),
}

/// A problem found while registering; registration skips the offending part and goes on.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RegistrationIssue {
    #[error("null descriptor")]
    NullDescriptor,
    #[error("descriptor declares {0} device images but its image array is null")]
    NullImageArray(u16),
    #[error("native_cpu image {image}: binary_start is null or misaligned; image ignored")]
    BadBinaryStart { image: usize },
    #[error("native_cpu image {image}: entry {entry} has a subhandler but no name; entry ignored")]
    UnnamedEntry { image: usize, entry: usize },
    #[error(
        "native_cpu image {image}: no terminating entry before binary_end ({entries} entries); \
         entries past binary_end ignored"
    )]
    MissingTerminator { image: usize, entries: usize },
    #[error("native_cpu image {image}: property set {set} has no name; set ignored")]
    UnnamedPropertySet { image: usize, set: usize },
    #[error("native_cpu image {image}: property set '{set}': property {index} {problem}; property ignored")]
    BadProperty {
        image: usize,
        set: String,
        index: usize,
        problem: String,
    },
}

struct Registration {
    /// Address of the descriptor that registered it, the key for unregistration.
    owner: usize,
    kernel: Kernel,
}

/// Kernel name → registrations, latest last.
type Kernels = BTreeMap<CString, Vec<Registration>>;

static REGISTRY: RwLock<Kernels> = RwLock::new(BTreeMap::new());

/// Registers every native_cpu image of `desc`, returning what had to be skipped.
///
/// # Safety
/// `desc` must be null or point to a descriptor laid out as in `runtime.h` whose pointers are
/// valid (null where allowed), and whose native_cpu images' entry arrays are terminated.
pub unsafe fn register(desc: *const DeviceBinaries) -> Vec<RegistrationIssue> {
    let mut issues = Vec::new();
    // SAFETY: the caller guarantees `desc` is null or valid.
    let Some(d) = (unsafe { desc.as_ref() }) else {
        issues.push(RegistrationIssue::NullDescriptor);
        return issues;
    };
    let images: &[DeviceBinary] = match (d.num_device_binaries, d.device_binaries.is_null()) {
        (0, _) => &[],
        (n, true) => {
            issues.push(RegistrationIssue::NullImageArray(n));
            &[]
        }
        // SAFETY: the descriptor's image array holds `num_device_binaries` images.
        (n, false) => unsafe { std::slice::from_raw_parts(d.device_binaries, usize::from(n)) },
    };
    let mut found = Vec::new();
    for (index, image) in images.iter().enumerate() {
        // SAFETY: the caller guarantees the image's pointers are valid.
        if unsafe { is_native_cpu(image) } {
            let properties = Arc::new(unsafe { decode_properties(index, image, &mut issues) });
            unsafe { collect_entries(index, image, &properties, &mut found, &mut issues) };
        }
    }
    let owner = desc as usize;
    let mut kernels = REGISTRY.write().unwrap_or_else(PoisonError::into_inner);
    remove_owner(&mut kernels, owner);
    for (name, kernel) in found {
        kernels
            .entry(name)
            .or_default()
            .push(Registration { owner, kernel });
    }
    issues
}

/// Removes everything `desc` registered. Unknown descriptors are ignored.
pub fn unregister(desc: *const DeviceBinaries) {
    let mut kernels = REGISTRY.write().unwrap_or_else(PoisonError::into_inner);
    remove_owner(&mut kernels, desc as usize);
}

/// The kernel registered under `name`.
pub fn find(name: &CStr) -> Option<Kernel> {
    let kernels = REGISTRY.read().unwrap_or_else(PoisonError::into_inner);
    kernels
        .get(name)
        .and_then(|registrations| registrations.last())
        .map(|registration| registration.kernel.clone())
}

/// The names of all registered kernels, in byte order, as pointers to the registry's own copies:
/// each stays valid until its kernel is unregistered.
pub fn names() -> Vec<*const c_char> {
    let kernels = REGISTRY.read().unwrap_or_else(PoisonError::into_inner);
    kernels.keys().map(|name| name.as_ptr()).collect()
}

fn remove_owner(kernels: &mut Kernels, owner: usize) {
    kernels.retain(|_, registrations| {
        registrations.retain(|r| r.owner != owner);
        !registrations.is_empty()
    });
}

/// # Safety
/// `image.device_target_spec` must be null or a valid C string.
unsafe fn is_native_cpu(image: &DeviceBinary) -> bool {
    !image.device_target_spec.is_null()
        && unsafe { CStr::from_ptr(image.device_target_spec) } == NATIVE_CPU_TARGET
}

/// Walks the entry array of a native_cpu image. The null subhandler is the only end marker, as in
/// UR; `binary_end` only serves as a guard when it is consistent with the array (not null, not
/// before `binary_start`, a whole number of entries): a walk that reaches it without meeting the
/// terminator stops there rather than read whatever follows the image.
///
/// # Safety
/// `binary_start` must point to a terminated `NativeCpuEntry` array (or one ending at a
/// consistent `binary_end`) whose names are valid C strings.
unsafe fn collect_entries(
    index: usize,
    image: &DeviceBinary,
    properties: &Arc<ImageProperties>,
    found: &mut Vec<(CString, Kernel)>,
    issues: &mut Vec<RegistrationIssue>,
) {
    let start = image.binary_start.cast::<NativeCpuEntry>();
    if start.is_null() || !start.is_aligned() {
        issues.push(RegistrationIssue::BadBinaryStart { image: index });
        return;
    }
    let entry_size = std::mem::size_of::<NativeCpuEntry>();
    let span = (image.binary_end as usize).checked_sub(start as usize);
    let bound = match span {
        Some(bytes) if !image.binary_end.is_null() && bytes % entry_size == 0 => {
            Some(bytes / entry_size)
        }
        _ => None,
    };
    for i in 0.. {
        if bound == Some(i) {
            issues.push(RegistrationIssue::MissingTerminator {
                image: index,
                entries: i,
            });
            return;
        }
        // SAFETY: entries up to the terminator (and below a consistent bound) are readable.
        let entry = unsafe { start.add(i).read() };
        let Some(subhandler) = entry.kernel_ptr else {
            return;
        };
        if entry.kernel_name.is_null() {
            issues.push(RegistrationIssue::UnnamedEntry {
                image: index,
                entry: i,
            });
            continue;
        }
        // SAFETY: a non-null entry name is a C string.
        let name = unsafe { CStr::from_ptr(entry.kernel_name) };
        let kernel = Kernel {
            name: Arc::from(name.to_string_lossy().as_ref()),
            subhandler,
            image: Arc::clone(properties),
        };
        found.push((name.to_owned(), kernel));
    }
}

/// Decodes the image's property sets, copying everything: the registry must not depend on how
/// long the wrapper's data stays mapped.
///
/// # Safety
/// The image's property-set range and each set's property range must be valid arrays (or null
/// begin), with valid C-string names and byte arrays of `value_size` bytes.
unsafe fn decode_properties(
    index: usize,
    image: &DeviceBinary,
    issues: &mut Vec<RegistrationIssue>,
) -> ImageProperties {
    let mut sets = Vec::new();
    // SAFETY: the caller guarantees the set range.
    for (set_index, raw) in unsafe { raw_range(image.property_sets_begin, image.property_sets_end) }
        .iter()
        .enumerate()
    {
        if raw.name.is_null() {
            issues.push(RegistrationIssue::UnnamedPropertySet {
                image: index,
                set: set_index,
            });
            continue;
        }
        // SAFETY: a non-null set name is a C string.
        let name = unsafe { CStr::from_ptr(raw.name) }
            .to_string_lossy()
            .into_owned();
        let mut properties = Vec::new();
        // SAFETY: the caller guarantees the property range.
        for (prop_index, prop) in unsafe { raw_range(raw.properties_begin, raw.properties_end) }
            .iter()
            .enumerate()
        {
            // SAFETY: forwarded from the caller.
            match unsafe { decode_property(prop) } {
                Ok(decoded) => properties.push(decoded),
                Err(problem) => issues.push(RegistrationIssue::BadProperty {
                    image: index,
                    set: name.clone(),
                    index: prop_index,
                    problem,
                }),
            }
        }
        sets.push(PropertySet { name, properties });
    }
    ImageProperties { sets }
}

/// # Safety
/// As for [`decode_properties`], for one property.
unsafe fn decode_property(prop: &RawProperty) -> Result<(String, PropertyValue), String> {
    if prop.name.is_null() {
        return Err("has no name".into());
    }
    // SAFETY: a non-null property name is a C string.
    let name = unsafe { CStr::from_ptr(prop.name) }
        .to_string_lossy()
        .into_owned();
    let value = match prop.type_ {
        1 => PropertyValue::U32(u32::try_from(prop.value_size).map_err(|_| {
            format!(
                "'{name}': u32 value {} does not fit 32 bits",
                prop.value_size
            )
        })?),
        2 => {
            let size = usize::try_from(prop.value_size).unwrap_or(usize::MAX);
            if prop.value_addr.is_null() || size < 8 {
                return Err(format!(
                    "'{name}': byte array of {size} bytes at {:p} lacks its 8-byte header",
                    prop.value_addr
                ));
            }
            // SAFETY: a byte array property points at `value_size` bytes.
            let bytes = unsafe { std::slice::from_raw_parts(prop.value_addr.cast::<u8>(), size) };
            let (header, data) = bytes.split_at(8);
            let mut bit_count = [0u8; 8];
            bit_count.copy_from_slice(header);
            let bits = u64::from_le_bytes(bit_count);
            if bits.div_ceil(8) > data.len() as u64 {
                return Err(format!(
                    "'{name}': header claims {bits} bits but only {} bytes follow",
                    data.len()
                ));
            }
            PropertyValue::Bytes {
                bits,
                data: data.to_vec(),
            }
        }
        type_code => PropertyValue::Unknown {
            type_code,
            value_size: prop.value_size,
        },
    };
    Ok((name, value))
}

/// The elements in `[begin, end)`; empty when `begin` is null or `end` is not after it.
///
/// # Safety
/// A non-null `begin` with `end > begin` must delimit a valid array of `T`.
unsafe fn raw_range<'a, T>(begin: *const T, end: *const T) -> &'a [T] {
    let size = std::mem::size_of::<T>();
    if begin.is_null() || (end as usize) <= (begin as usize) {
        return &[];
    }
    // SAFETY: the caller guarantees the range.
    unsafe { std::slice::from_raw_parts(begin, (end as usize - begin as usize) / size) }
}
