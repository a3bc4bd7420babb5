//! The kernel registry: what `__sycl_register_lib` learns from the offload wrapper's descriptors.
//!
//! Every translation unit compiled for SYCL carries one wrapper object whose priority-1 global
//! constructor registers a descriptor (docs/formats.md), so a program
//! can register several descriptors, each with several images, before `main`. Only images whose
//! `device_target_spec` is exactly `"native_cpu"` are ours (UR's `urDeviceSelectBinary` rule);
//! their `binary_start` is an array of [`NativeCpuEntry`] ended by a null subhandler.
//!
//! The registry maps kernel names to subhandlers, and keeps each image's decoded property sets
//! with its kernels, because launch-time checks such as `reqd_work_group_size` are per kernel but
//! live in the image's `SYCL/program metadata` set, and the specialization-constant buffer is
//! laid out per image.
//!
//! An image is checked before any of its kernels is registered: every entry named in UTF-8, every
//! property decodable, and the sets valid by `sycl_offload_formats::validate`, the rules the
//! offload wrapper applies too (`docs/formats-validation.md`). A malformed image is refused as a
//! whole, with one line on stderr; its kernel names stay known with the reason, which a launch of
//! one of them reports, rather than running kernels whose description may be wrong.
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

use sycl_offload_formats::properties::{PropertySet, PropertySetRegistry, PropertyValue};
use sycl_offload_formats::validate::{validate, ImageProperties};

use crate::kernel_info::{self, KernelInfo};
use crate::state::NativeCpuState;
use crate::{device, launch};

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
    /// The symbol's address; null in the entries `offload-wrapper` writes.
    pub addr: *mut c_void,
    /// The symbol's name: a kernel or `SYCL_EXTERNAL` function, one per `.sym` line.
    pub name: *const c_char,
    /// The symbol's size; 0 in the entries `offload-wrapper` writes.
    pub size: usize,
    /// Offload entry flags; 0 for SYCL entries.
    pub flags: i32,
    /// Unused; 0.
    pub reserved: i32,
}

/// `struct __ncpu_device_binary_property`.
#[repr(C)]
#[derive(Debug)]
pub struct RawProperty {
    /// The property's name (its key in the set).
    pub name: *const c_char,
    /// A byte array's bytes, header included; null for a `u32`.
    pub value_addr: *mut c_void,
    /// 1 = `u32` held in `value_size`; 2 = byte array at `value_addr` of `value_size` bytes,
    /// starting with an 8-byte little-endian bit count.
    pub type_: u32,
    /// A `u32`'s value, or a byte array's length in bytes (header included).
    pub value_size: u64,
}

/// `struct __ncpu_device_binary_property_set`.
#[repr(C)]
#[derive(Debug)]
pub struct RawPropertySet {
    /// The set's name (for example `SYCL/program metadata`).
    pub name: *const c_char,
    /// The first property of the set.
    pub properties_begin: *mut RawProperty,
    /// One past the last property of the set.
    pub properties_end: *mut RawProperty,
}

/// `struct __ncpu_device_binary` (wrapper struct version 2).
#[repr(C)]
#[derive(Debug)]
pub struct DeviceBinary {
    /// The image struct's version: 2.
    pub version: u16,
    /// The offload kind: 4 for SYCL.
    pub kind: u8,
    /// The binary's format as `offload-wrapper -format` gave it.
    pub format: u8,
    /// The target the image is for; this runtime runs the images whose target is
    /// [`NATIVE_CPU_TARGET`].
    pub device_target_spec: *const c_char,
    /// The compile options the image was wrapped with (a C string).
    pub compile_options: *const c_char,
    /// The link options the image was wrapped with (a C string).
    pub link_options: *const c_char,
    /// The start of the manifest; null (no manifest is written).
    pub manifest_start: *const u8,
    /// The end of the manifest; null.
    pub manifest_end: *const u8,
    /// The start of the binary: for Native CPU, the first [`NativeCpuEntry`] (docs/formats.md).
    pub binary_start: *const u8,
    /// One past the end of the binary (past the terminating entry for Native CPU).
    pub binary_end: *const u8,
    /// The first offload entry of the image: its `.sym` names.
    pub entries_begin: *mut OffloadEntry,
    /// One past the last offload entry.
    pub entries_end: *mut OffloadEntry,
    /// The first property set of the image.
    pub property_sets_begin: *mut RawPropertySet,
    /// One past the last property set.
    pub property_sets_end: *mut RawPropertySet,
}

/// `struct __ncpu_device_binaries` (descriptor version 1).
#[repr(C)]
#[derive(Debug)]
pub struct DeviceBinaries {
    /// The descriptor struct's version: 1.
    pub version: u16,
    /// How many images `device_binaries` points at.
    pub num_device_binaries: u16,
    /// The images, an array of `num_device_binaries`.
    pub device_binaries: *mut DeviceBinary,
    /// The host's offload entries; null (the wrapper writes none).
    pub host_entries_begin: *mut OffloadEntry,
    /// One past the host's offload entries; null.
    pub host_entries_end: *mut OffloadEntry,
}

/// `struct __nativecpu_entry`: one element of a native_cpu image's binary.
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct NativeCpuEntry {
    /// The kernel's name (a C string, without the subhandler's `.SYCLNCPU` suffix).
    pub kernel_name: *const c_char,
    /// The subhandler; null ends the array.
    pub kernel_ptr: Option<Subhandler>,
}

/// What an image's property sets hold: the sets as decoded, and what the runtime uses from them,
/// checked by `sycl_offload_formats::validate` (`docs/formats-validation.md`).
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Image {
    /// The property sets as the wrapper's object holds them.
    pub property_sets: PropertySetRegistry,
    /// What the validated sets tell the runtime: the specialization-constant layout and each
    /// kernel's metadata.
    pub properties: ImageProperties,
}

impl Image {
    /// The value of `key` in the set called `set`.
    pub fn get(&self, set: &str, key: &str) -> Option<&PropertyValue> {
        self.property_sets.get(set)?.get(key)
    }
}

/// A registered kernel.
#[derive(Debug, Clone)]
pub struct Kernel {
    /// The kernel's name, as `.sym` lists it.
    pub name: Arc<str>,
    /// The function that runs one work-group of the kernel.
    pub subhandler: Subhandler,
    /// The image the kernel came from.
    pub image: Arc<Image>,
    /// What the compiler decided about it, from its metadata note ([`kernel_info`]).
    pub info: KernelInfo,
    /// The kernel's `reqd_work_group_size` in x, y, z order, missing dimensions 1; `None` if its
    /// image does not require one. Registration checked the value (1 to 3 non-zero sizes).
    pub reqd_work_group_size: Option<[usize; 3]>,
    /// Why the device cannot run the kernel at all, if it cannot ([`unsupported_reason`]),
    /// decided once at registration.
    pub unsupported: Option<Arc<str>>,
}

/// What a launch needs of a registered kernel: copied out under the registry's lock, so that a
/// launch takes no reference on the kernel's shared parts (two atomic increments and decrements
/// per lookup, and a launch looks its kernel up twice: when submitted and when run).
#[derive(Debug, Clone, Copy)]
pub struct Launchable {
    /// The function that runs one work-group of the kernel.
    pub subhandler: Subhandler,
    /// As [`Kernel::reqd_work_group_size`].
    pub reqd_work_group_size: Option<[usize; 3]>,
}

impl Kernel {
    /// What a launch of the kernel needs.
    pub fn launchable(&self) -> Launchable {
        Launchable {
            subhandler: self.subhandler,
            reqd_work_group_size: self.reqd_work_group_size,
        }
    }
}

/// Why the device cannot run a kernel of `image` with `info` and the required work-group
/// `reqd_work_group_size`, if it cannot: an aspect the image requires that the device lacks
/// (declared with `[[sycl::device_has]]`, docs/kernel-features.md), a required work-group larger
/// than the device's, or a required sub-group size it does not have (SYCL 2020 "Kernel
/// attributes": `errc::kernel_not_supported`).
fn unsupported_reason(
    image: &Image,
    info: &KernelInfo,
    reqd_work_group_size: Option<[usize; 3]>,
) -> Option<Arc<str>> {
    if let Some(aspect) = image
        .properties
        .aspects
        .iter()
        .find(|a| !device::has_aspect(**a))
    {
        return Some(Arc::from(format!(
            "it requires the aspect of sycl::aspect value {aspect}, which the device does not have"
        )));
    }
    if let Some(required) = reqd_work_group_size.filter(|r| launch::group_items(*r).is_none()) {
        return Some(Arc::from(format!(
            "its reqd_work_group_size {required:?} (x, y, z) has more than the device's maximum \
             of {} work-items",
            device::MAX_WORK_GROUP_SIZE
        )));
    }
    match info.reqd_sub_group_size {
        Some(size) if !device::SUB_GROUP_SIZES.contains(&size) => Some(Arc::from(format!(
            "its reqd_sub_group_size {size} is not one of the device's sub-group sizes {:?}",
            device::SUB_GROUP_SIZES
        ))),
        _ => None,
    }
}

/// The `reqd_work_group_size` that `image`'s properties give the kernel `name`.
fn required_work_group_size(image: &Image, name: &str) -> Option<[usize; 3]> {
    let metadata = image.properties.kernels.get(name)?;
    metadata
        .reqd_work_group_size
        .map(|sizes| sizes.map(|s| s as usize))
}

/// A problem found while registering. An image whose property sets or entries cannot be trusted
/// is refused as a whole: running its kernels with a part of their description missing could
/// compute a wrong result.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RegistrationIssue {
    /// `__sycl_register_lib` got a null descriptor.
    #[error("null descriptor")]
    NullDescriptor,
    /// The descriptor's image count is non-zero but its image array is null (the count).
    #[error("descriptor declares {0} device images but its image array is null")]
    NullImageArray(u16),
    /// A native_cpu image whose binary start cannot hold entries (null or misaligned); the
    /// image is ignored.
    #[error("native_cpu image {image}: binary_start is null or misaligned; image ignored")]
    BadBinaryStart {
        /// The image's index in the descriptor.
        image: usize,
    },
    /// A native_cpu image's entries run up to `binary_end` without the null terminator; the
    /// entries read so far are registered.
    #[error(
        "native_cpu image {image}: no terminating entry before binary_end ({entries} entries); \
         entries past binary_end ignored"
    )]
    MissingTerminator {
        /// The image's index in the descriptor.
        image: usize,
        /// How many entries were read before `binary_end`.
        entries: usize,
    },
    /// A native_cpu image that cannot be trusted (bad property sets or entries): none of its
    /// kernels is registered, and launching one reports this cause.
    #[error("native_cpu image {image}: {cause}; its kernels are not registered")]
    Refused {
        /// The image's index in the descriptor.
        image: usize,
        /// Why the image is refused.
        cause: String,
    },
}

/// Why a kernel cannot be found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Missing {
    /// No image registers it.
    NotRegistered,
    /// Its image was refused at registration, for this reason.
    Refused(Arc<str>),
    /// The device cannot run it, for this reason ([`Kernel::unsupported`], decided at
    /// registration).
    Unsupported(Arc<str>),
}

/// A name's registration: the kernel, or the reason its image was refused.
type Registered = Result<Kernel, Arc<str>>;

struct Registration {
    /// Address of the descriptor that registered it, the key for unregistration.
    owner: usize,
    kernel: Registered,
    /// Whether [`names`] lists it: not a kernel built by the kernel compiler, which has no
    /// kernel id (docs/kernel-compiler.md).
    listed: bool,
}

thread_local! {
    /// Set while the calling thread loads a kernel compiler library, whose registration runs
    /// on that thread, inside `dlopen`.
    static LOADING_BUILT_SOURCE: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Runs `load` (a `dlopen` of a kernel compiler library): the kernels it registers are not
/// listed by [`names`].
pub fn loading_built_source<T>(load: impl FnOnce() -> T) -> T {
    LOADING_BUILT_SOURCE.with(|loading| loading.set(true));
    let result = load();
    LOADING_BUILT_SOURCE.with(|loading| loading.set(false));
    result
}

/// Kernel name → registrations, latest last.
type Kernels = BTreeMap<CString, Vec<Registration>>;

static REGISTRY: RwLock<Kernels> = RwLock::new(BTreeMap::new());

/// Registers every native_cpu image of `desc`, returning what had to be skipped or refused.
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
            // SAFETY: as above.
            found.extend(unsafe { register_image(index, image, &mut issues) });
        }
    }
    let owner = desc as usize;
    let listed = !LOADING_BUILT_SOURCE.with(|loading| loading.get());
    let mut kernels = REGISTRY.write().unwrap_or_else(PoisonError::into_inner);
    remove_owner(&mut kernels, owner);
    for (name, kernel) in found {
        kernels.entry(name).or_default().push(Registration {
            owner,
            kernel,
            listed,
        });
    }
    issues
}

/// The registrations of one native_cpu image: its kernels, or, when its entries or property sets
/// are malformed, the reason it was refused under each name it has.
///
/// # Safety
/// As for [`register`], for one image.
unsafe fn register_image(
    index: usize,
    image: &DeviceBinary,
    issues: &mut Vec<RegistrationIssue>,
) -> Vec<(CString, Registered)> {
    // SAFETY: forwarded from the caller.
    let entries = match unsafe { collect_entries(index, image, issues) } {
        None => return Vec::new(),
        Some(Ok(entries)) => entries,
        Some(Err(refusal)) => return refuse(index, refusal, issues),
    };
    // SAFETY: forwarded from the caller.
    let checked = unsafe { decode_properties(image) }.and_then(|property_sets| {
        let properties = validate(&property_sets).map_err(|e| e.to_string())?;
        Ok(Arc::new(Image {
            property_sets,
            properties,
        }))
    });
    let checked = checked.and_then(|image| {
        let infos = kernel_infos(&entries, &image)?;
        Ok((image, infos))
    });
    match checked {
        Ok((image, infos)) => entries
            .into_iter()
            .zip(infos)
            .map(|((name, subhandler), info)| {
                let name_text = name.to_string_lossy();
                let reqd_work_group_size = required_work_group_size(&image, &name_text);
                let kernel = Kernel {
                    unsupported: unsupported_reason(&image, &info, reqd_work_group_size),
                    reqd_work_group_size,
                    name: Arc::from(name_text.as_ref()),
                    subhandler,
                    image: Arc::clone(&image),
                    info,
                };
                (name, Ok(kernel))
            })
            .collect(),
        Err(cause) => {
            let names = entries.into_iter().map(|(name, _)| name).collect();
            refuse(index, Refusal { names, cause }, issues)
        }
    }
}

/// The compiler's notes on the image's kernels, in entry order: [`KernelInfo::default`] for a
/// kernel without one. A malformed note, or one whose `reqd_work_group_size` differs from the
/// image's program metadata (the launch checks that one, the kernel's loops were compiled for
/// the other), refuses the image.
fn kernel_infos(
    entries: &[(CString, Subhandler)],
    image: &Image,
) -> Result<Vec<KernelInfo>, String> {
    let addresses: Vec<usize> = entries.iter().map(|(_, s)| *s as usize).collect();
    let notes = kernel_info::notes_for(&addresses)?;
    entries
        .iter()
        .map(|(name, _)| {
            let name = name.to_string_lossy();
            let Some(info) = notes.get(name.as_ref()) else {
                return Ok(KernelInfo::default());
            };
            let metadata = image.properties.kernels.get(name.as_ref());
            let required = metadata.and_then(|m| m.reqd_work_group_size);
            if required.is_some() && required != info.reqd_work_group_size {
                return Err(format!(
                    "kernel {}: its metadata note says reqd_work_group_size {:?} but the \
                     program metadata {:?}",
                    name.escape_debug(),
                    info.reqd_work_group_size,
                    required
                ));
            }
            Ok(*info)
        })
        .collect()
}

/// Records the refusal of image `index` and registers its names with the reason.
fn refuse(
    index: usize,
    refusal: Refusal,
    issues: &mut Vec<RegistrationIssue>,
) -> Vec<(CString, Registered)> {
    issues.push(RegistrationIssue::Refused {
        image: index,
        cause: refusal.cause.clone(),
    });
    let cause: Arc<str> = Arc::from(refusal.cause);
    refusal
        .names
        .into_iter()
        .map(|name| (name, Err(Arc::clone(&cause))))
        .collect()
}

/// Removes everything `desc` registered. Unknown descriptors are ignored.
pub fn unregister(desc: *const DeviceBinaries) {
    let mut kernels = REGISTRY.write().unwrap_or_else(PoisonError::into_inner);
    remove_owner(&mut kernels, desc as usize);
}

/// The kernel registered under `name`.
pub fn find(name: &CStr) -> Result<Kernel, Missing> {
    with_kernel(name, Kernel::clone)
}

/// What a launch needs of the kernel registered under `name`, if the device can run it.
pub fn find_launchable(name: &CStr) -> Result<Launchable, Missing> {
    with_kernel(name, |kernel| match &kernel.unsupported {
        Some(cause) => Err(Missing::Unsupported(Arc::clone(cause))),
        None => Ok(kernel.launchable()),
    })
    .and_then(|launchable| launchable)
}

/// `use_kernel` applied to the kernel registered under `name`, under the registry's lock.
fn with_kernel<T>(name: &CStr, use_kernel: impl FnOnce(&Kernel) -> T) -> Result<T, Missing> {
    let kernels = REGISTRY.read().unwrap_or_else(PoisonError::into_inner);
    match kernels
        .get(name)
        .and_then(|registrations| registrations.last())
    {
        None => Err(Missing::NotRegistered),
        Some(registration) => match &registration.kernel {
            Ok(kernel) => Ok(use_kernel(kernel)),
            Err(cause) => Err(Missing::Refused(Arc::clone(cause))),
        },
    }
}

/// The names of all registered kernels (not refused, not built by the kernel compiler), in byte
/// order, as pointers to the registry's own copies: each stays valid until its kernel is
/// unregistered.
pub fn names() -> Vec<*const c_char> {
    let kernels = REGISTRY.read().unwrap_or_else(PoisonError::into_inner);
    kernels
        .iter()
        .filter(|(_, registrations)| {
            registrations
                .last()
                .is_some_and(|r| r.kernel.is_ok() && r.listed)
        })
        .map(|(name, _)| name.as_ptr())
        .collect()
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
        // SAFETY: checked non-null; the caller guarantees a valid C string.
        && unsafe { CStr::from_ptr(image.device_target_spec) } == NATIVE_CPU_TARGET
}

/// Why an image is refused, and the kernel names it would have registered.
struct Refusal {
    names: Vec<CString>,
    cause: String,
}

/// Walks the entry array of a native_cpu image: `None` when there is no array to walk, otherwise
/// the named entries, or a [`Refusal`] when an entry has no name or a name that is not UTF-8
/// (kernels are looked up by the names the program's headers spell). The null subhandler is the
/// only end marker, as in UR; `binary_end` only serves as a guard when it is consistent with the
/// array (not null, not before `binary_start`, a whole number of entries): a walk that reaches
/// it without meeting the terminator stops there rather than read whatever follows the image.
///
/// # Safety
/// `binary_start` must point to a terminated `NativeCpuEntry` array (or one ending at a
/// consistent `binary_end`) whose names are valid C strings.
unsafe fn collect_entries(
    index: usize,
    image: &DeviceBinary,
    issues: &mut Vec<RegistrationIssue>,
) -> Option<Result<Vec<(CString, Subhandler)>, Refusal>> {
    let start = image.binary_start.cast::<NativeCpuEntry>();
    if start.is_null() || !start.is_aligned() {
        issues.push(RegistrationIssue::BadBinaryStart { image: index });
        return None;
    }
    let entry_size = std::mem::size_of::<NativeCpuEntry>();
    let span = (image.binary_end as usize).checked_sub(start as usize);
    let bound = match span {
        Some(bytes) if !image.binary_end.is_null() && bytes % entry_size == 0 => {
            Some(bytes / entry_size)
        }
        _ => None,
    };
    let mut entries = Vec::new();
    let mut cause = None;
    for i in 0.. {
        if bound == Some(i) {
            issues.push(RegistrationIssue::MissingTerminator {
                image: index,
                entries: i,
            });
            break;
        }
        // SAFETY: entries up to the terminator (and below a consistent bound) are readable.
        let entry = unsafe { start.add(i).read() };
        let Some(subhandler) = entry.kernel_ptr else {
            break;
        };
        if entry.kernel_name.is_null() {
            cause.get_or_insert(format!("entry {i} has a subhandler but no name"));
            continue;
        }
        // SAFETY: a non-null entry name is a C string.
        let name = unsafe { CStr::from_ptr(entry.kernel_name) };
        if name.to_str().is_err() {
            let escaped = name.to_bytes().escape_ascii();
            cause.get_or_insert(format!(
                "entry {i}: the kernel name \"{escaped}\" is not UTF-8"
            ));
            continue;
        }
        entries.push((name.to_owned(), subhandler));
    }
    Some(match cause {
        None => Ok(entries),
        Some(cause) => Err(Refusal {
            names: entries.into_iter().map(|(name, _)| name).collect(),
            cause,
        }),
    })
}

/// Decodes the image's property sets, copying everything (the registry must not depend on how
/// long the wrapper's data stays mapped); the first property that cannot be decoded is the error.
///
/// # Safety
/// The image's property-set range and each set's property range must be valid arrays (or null
/// begin), with valid C-string names and byte arrays of `value_size` bytes.
unsafe fn decode_properties(image: &DeviceBinary) -> Result<PropertySetRegistry, String> {
    let mut registry = PropertySetRegistry::default();
    // SAFETY: the caller guarantees the set range.
    for (set_index, raw) in unsafe { raw_range(image.property_sets_begin, image.property_sets_end) }
        .iter()
        .enumerate()
    {
        // SAFETY: a non-null set name is a C string.
        let name = unsafe { c_name(raw.name) }
            .map_err(|problem| format!("property set {set_index}: the name {problem}"))?;
        let mut set = PropertySet::new(&name);
        // SAFETY: the caller guarantees the property range.
        for (prop_index, prop) in unsafe { raw_range(raw.properties_begin, raw.properties_end) }
            .iter()
            .enumerate()
        {
            // SAFETY: forwarded from the caller.
            let (key, value) = unsafe { decode_property(prop) }
                .map_err(|problem| format!("[{name}] property {prop_index}: {problem}"))?;
            set.insert(key, value);
        }
        registry.sets.push(set);
    }
    Ok(registry)
}

/// A name as a string: it must be there and be UTF-8, as the wrapper writes names.
///
/// # Safety
/// `name` must be null or a valid C string.
unsafe fn c_name(name: *const c_char) -> Result<String, String> {
    if name.is_null() {
        return Err("is missing".into());
    }
    // SAFETY: forwarded from the caller.
    let name = unsafe { CStr::from_ptr(name) };
    name.to_str()
        .map(str::to_owned)
        .map_err(|_| format!("\"{}\" is not UTF-8", name.to_bytes().escape_ascii()))
}

/// # Safety
/// As for [`decode_properties`], for one property.
unsafe fn decode_property(prop: &RawProperty) -> Result<(String, PropertyValue), String> {
    // SAFETY: forwarded from the caller.
    let name = unsafe { c_name(prop.name) }.map_err(|problem| format!("the name {problem}"))?;
    let value = match prop.type_ {
        1 => PropertyValue::U32(u32::try_from(prop.value_size).map_err(|_| {
            format!(
                "'{name}': the value {} does not fit 32 bits",
                prop.value_size
            )
        })?),
        2 => {
            let size = usize::try_from(prop.value_size).unwrap_or(usize::MAX);
            if prop.value_addr.is_null() && size > 0 {
                return Err(format!(
                    "'{name}': a byte array of {size} bytes at a null address"
                ));
            }
            if size == 0 {
                PropertyValue::ByteArray(Vec::new())
            } else {
                // SAFETY: a byte array property points at `value_size` bytes.
                let bytes =
                    unsafe { std::slice::from_raw_parts(prop.value_addr.cast::<u8>(), size) };
                PropertyValue::ByteArray(bytes.to_vec())
            }
        }
        type_code => return Err(format!("'{name}': unknown property type {type_code}")),
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
