//! What the runtime reads: the device-image descriptors the offload wrapper's object hands to
//! `__sycl_register_lib`, and `ONEAPI_DEVICE_SELECTOR`.
//!
//! The descriptor is C structures, so the target builds one from its input with every pointer
//! valid, as the wrapper's object has them, and lets the input choose what the runtime must
//! check: names missing, not UTF-8 or holding line breaks, unknown property types, byte arrays at
//! null addresses, the entry array's `binary_end` guard, and the property sets themselves (a
//! `.prop` text, so sets the rules accept are within reach).

use std::ffi::{c_char, c_void, CString};
use std::path::Path;
use std::ptr;

use arbitrary::Unstructured;
use nativecpu_runtime::registry::{
    self, DeviceBinaries, DeviceBinary, NativeCpuEntry, RawProperty, RawPropertySet,
};
use nativecpu_runtime::selector;
use nativecpu_runtime::state::NativeCpuState;
use sycl_offload_formats::properties::{PropertySetRegistry, PropertyValue};

use crate::{assert_one_line, split_parts};

/// `ONEAPI_DEVICE_SELECTOR`'s value.
pub fn device_selector(data: &[u8]) {
    let Ok(value) = std::str::from_utf8(data) else {
        return;
    };
    if let Err(error) = selector::selects_native_cpu(value) {
        assert_one_line("ONEAPI_DEVICE_SELECTOR", &error);
    }
}

/// One descriptor, registered and unregistered. The input is control bytes, a `.prop` text and
/// kernel names (one per line, any bytes), split by [`crate::PART_SEPARATOR`].
pub fn register(data: &[u8]) {
    let parts = split_parts(data, 3);
    let mut control = Unstructured::new(parts[0]);
    let sets = std::str::from_utf8(parts[1])
        .ok()
        .and_then(|text| PropertySetRegistry::parse(text, Path::new("fuzz.prop")).ok())
        .unwrap_or_default();
    let names: Vec<&[u8]> = parts[2].split(|&b| b == b'\n').collect();
    let image = Image::build(&mut control, &sets, &names);
    let mut binary = image.binary();
    let descriptor = DeviceBinaries {
        version: 1,
        num_device_binaries: 1,
        device_binaries: &mut binary,
        host_entries_begin: ptr::null_mut(),
        host_entries_end: ptr::null_mut(),
    };
    // SAFETY: every pointer in the descriptor points into `image` or `binary`, which outlive the
    // registration; the entry array is terminated.
    let issues = unsafe { registry::register(&descriptor) };
    for issue in &issues {
        assert_one_line("__sycl_register_lib", issue);
    }
    registry::unregister(&descriptor);
}

unsafe extern "C" fn subhandler(_args: *const *mut c_void, _state: *mut NativeCpuState) {}

/// A C string of `bytes` (cut at a NUL), or null when the control bytes say so.
fn c_string(control: &mut Unstructured<'_>, bytes: &[u8]) -> Option<CString> {
    if control.ratio(1, 16).unwrap_or(false) {
        return None;
    }
    let mut bytes: Vec<u8> = bytes.iter().copied().take_while(|&b| b != 0).collect();
    if control.ratio(1, 16).unwrap_or(false) {
        bytes.push(0xFF);
    }
    CString::new(bytes).ok()
}

fn as_ptr(name: &Option<CString>) -> *const c_char {
    name.as_ref().map_or(ptr::null(), |n| n.as_ptr())
}

/// Everything one image's structures point to, kept alive while it is registered.
struct Image {
    target: CString,
    names: Vec<Option<CString>>,
    entries: Vec<NativeCpuEntry>,
    binary_end: usize,
    set_names: Vec<Option<CString>>,
    properties: Vec<Vec<RawProperty>>,
    /// The keys and byte-array values `properties` point to, per set: only kept alive.
    _keys: Vec<Vec<Option<CString>>>,
    _values: Vec<Vec<Vec<u8>>>,
    raw_sets: Vec<RawPropertySet>,
}

impl Image {
    fn build(control: &mut Unstructured<'_>, sets: &PropertySetRegistry, names: &[&[u8]]) -> Self {
        let native = !control.ratio(1, 8).unwrap_or(false);
        let mut image = Image {
            target: CString::from(if native {
                c"native_cpu"
            } else {
                c"native_cpux"
            }),
            names: names.iter().map(|name| c_string(control, name)).collect(),
            entries: Vec::new(),
            binary_end: 0,
            set_names: Vec::new(),
            properties: Vec::new(),
            _keys: Vec::new(),
            _values: Vec::new(),
            raw_sets: Vec::new(),
        };
        image.entries = image
            .names
            .iter()
            .map(|name| NativeCpuEntry {
                kernel_name: as_ptr(name),
                kernel_ptr: Some(subhandler),
            })
            .collect();
        image.entries.push(NativeCpuEntry {
            kernel_name: ptr::null(),
            kernel_ptr: None,
        });
        // Where binary_end points, in entries from the start: usually one past the terminator;
        // the guard must also hold for an end inside the array.
        image.binary_end = control
            .int_in_range(0..=image.entries.len())
            .unwrap_or(image.entries.len());
        image.add_sets(control, sets);
        image
    }

    fn add_sets(&mut self, control: &mut Unstructured<'_>, sets: &PropertySetRegistry) {
        for set in &sets.sets {
            self.set_names.push(c_string(control, set.name.as_bytes()));
            let mut names = Vec::new();
            let mut values = Vec::new();
            let mut raw = Vec::new();
            for (key, value) in &set.properties {
                names.push(c_string(control, key.as_bytes()));
                let (type_, size, bytes) = match value {
                    PropertyValue::U32(v) => (1, u64::from(*v), Vec::new()),
                    PropertyValue::ByteArray(bytes) => (2, bytes.len() as u64, bytes.clone()),
                };
                let type_ = if control.ratio(1, 32).unwrap_or(false) {
                    control.arbitrary().unwrap_or(type_)
                } else {
                    type_
                };
                let size = if type_ == 1 && control.ratio(1, 16).unwrap_or(false) {
                    control.arbitrary().unwrap_or(size)
                } else {
                    size
                };
                let null_value = bytes.is_empty() || control.ratio(1, 32).unwrap_or(false);
                values.push(bytes);
                raw.push((type_, size, null_value));
            }
            let properties = raw
                .iter()
                .zip(&names)
                .zip(&mut values)
                .map(|(((type_, size, null_value), name), bytes)| RawProperty {
                    name: as_ptr(name),
                    value_addr: if *null_value {
                        ptr::null_mut()
                    } else {
                        bytes.as_mut_ptr().cast()
                    },
                    type_: *type_,
                    // A byte array's size is what its storage holds, as the wrapper writes it.
                    value_size: if *type_ == 2 {
                        bytes.len() as u64
                    } else {
                        *size
                    },
                })
                .collect();
            self._keys.push(names);
            self._values.push(values);
            self.properties.push(properties);
        }
        self.raw_sets = self
            .properties
            .iter_mut()
            .zip(&self.set_names)
            .map(|(properties, name)| RawPropertySet {
                name: as_ptr(name),
                properties_begin: properties.as_mut_ptr(),
                properties_end: properties.as_mut_ptr().wrapping_add(properties.len()),
            })
            .collect();
    }

    fn binary(&self) -> DeviceBinary {
        let start = self.entries.as_ptr();
        let sets = self.raw_sets.as_ptr().cast_mut();
        DeviceBinary {
            version: 2,
            kind: 4,
            format: 0,
            device_target_spec: self.target.as_ptr(),
            compile_options: c"".as_ptr(),
            link_options: c"".as_ptr(),
            manifest_start: ptr::null(),
            manifest_end: ptr::null(),
            binary_start: start.cast(),
            binary_end: start.wrapping_add(self.binary_end).cast(),
            entries_begin: ptr::null_mut(),
            entries_end: ptr::null_mut(),
            property_sets_begin: sets,
            property_sets_end: sets.wrapping_add(self.raw_sets.len()),
        }
    }
}
