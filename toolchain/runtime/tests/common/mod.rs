//! Test helpers: a recording subhandler that checks every state it is given and counts every
//! work-item it covers, and owned, hand-built registration descriptors.
#![allow(dead_code)] // each test binary uses a different subset

use std::collections::HashSet;
use std::ffi::{c_void, CString};
use std::sync::atomic::{AtomicU8, AtomicUsize, Ordering};
use std::sync::Mutex;
use std::thread::ThreadId;

use nativecpu_runtime::launch::LaunchDesc;
use nativecpu_runtime::registry::{
    DeviceBinaries, DeviceBinary, NativeCpuEntry, RawProperty, RawPropertySet, Subhandler,
};
use nativecpu_runtime::state::NativeCpuState;

/// What one launch is expected to do, and what it did.
pub struct Recorder {
    pub global: [usize; 3],
    pub offset: [usize; 3],
    /// The nd_range local size, or `None` for a range launch.
    pub local: Option<[usize; 3]>,
    visits: Vec<AtomicU8>,
    pub calls: AtomicUsize,
    violations: Mutex<Vec<String>>,
    pub threads: Mutex<HashSet<ThreadId>>,
}

impl Recorder {
    pub fn new(global: [usize; 3], local: Option<[usize; 3]>, offset: [usize; 3]) -> Recorder {
        let items: usize = global.iter().product();
        Recorder {
            global,
            offset,
            local,
            visits: (0..items).map(|_| AtomicU8::new(0)).collect(),
            calls: AtomicUsize::new(0),
            violations: Mutex::new(Vec::new()),
            threads: Mutex::new(HashSet::new()),
        }
    }

    /// A launch description for this recording with the given dimension count.
    pub fn desc(&self, dims: u32, args: &[*mut c_void; 1]) -> LaunchDesc {
        LaunchDesc {
            dims,
            global_size: self.global,
            local_size: self.local.unwrap_or([0; 3]),
            global_offset: self.offset,
            args: args.as_ptr(),
            num_args: 1,
            local_memory_size: 0,
            local_argument_sizes: std::ptr::null(),
        }
    }

    /// The argument array of [`record`]: args[0] is the recorder itself (a pointer parameter).
    pub fn args(&self) -> [*mut c_void; 1] {
        [self as *const Recorder as *mut c_void]
    }

    fn violation(&self, message: String) {
        let mut violations = self.violations.lock().unwrap();
        if violations.len() < 10 {
            violations.push(message);
        }
    }

    /// Panics unless every work-item was visited exactly once and every state was consistent.
    pub fn assert_exactly_once(&self) {
        let violations = self.violations.lock().unwrap();
        assert!(
            violations.is_empty(),
            "inconsistent states: {violations:#?}"
        );
        let wrong: Vec<(usize, u8)> = self
            .visits
            .iter()
            .map(|v| v.load(Ordering::Relaxed))
            .enumerate()
            .filter(|&(_, n)| n != 1)
            .take(10)
            .collect();
        assert!(
            wrong.is_empty(),
            "global {:?} offset {:?}: work-items visited other than once (linear index, visits): \
             {wrong:?}",
            self.global,
            self.offset
        );
    }

    fn check(&self, s: &NativeCpuState) {
        let fail = |what: &str| self.violation(format!("{what}: {s:?}"));
        if s.global_range != self.global {
            fail("global range");
        }
        if s.global_offset != self.offset {
            fail("global offset");
        }
        if s.local_id != [0; 3] {
            fail("local id not 0");
        }
        if s.sub_group_size != 1 || s.sub_group_id != 0 || s.sub_group_local_id != 0 {
            fail("sub-group ids");
        }
        if s.num_sub_groups as usize != s.work_group_size.iter().product::<usize>() {
            fail("num_sub_groups is not the work-group's linear size");
        }
        for d in 0..3 {
            let (local, group) = (s.work_group_size[d], s.work_group_id[d]);
            if local == 0 {
                fail("zero local size");
                return;
            }
            if let Some(expected) = self.local {
                if local != expected[d] {
                    fail("nd_range local size changed");
                }
            } else if !(local.is_power_of_two() || local == self.global[d]) {
                fail("range local size neither a power of two nor the whole extent");
            }
            if s.num_groups[d] != self.global[d] / local {
                fail("num_groups != global / local");
            }
            if group >= s.num_groups[d] {
                fail("group id out of range");
            }
            if (group + 1) * local > self.global[d] {
                fail("group extends past the global range");
            }
            if s.global_id[d] != group * local + self.offset[d] {
                fail("global id != group * local + offset");
            }
        }
    }
}

/// A subhandler that behaves like compiled code: it loops over the work-items of its group and
/// records each one's global id in the recorder passed as args[0].
///
/// # Safety
/// `args[0]` must point at a live [`Recorder`].
pub unsafe extern "C" fn record(args: *const *mut c_void, state: *mut NativeCpuState) {
    // SAFETY: the caller passes a live `Recorder` as `args[0]` (this function's contract).
    let recorder = unsafe { &*(*args).cast::<Recorder>() };
    // SAFETY: the runtime passes a valid state for the group being run.
    let state = unsafe { &*state };
    recorder.calls.fetch_add(1, Ordering::Relaxed);
    recorder
        .threads
        .lock()
        .unwrap()
        .insert(std::thread::current().id());
    recorder.check(state);
    let [gx, gy, _] = recorder.global;
    let size = state.work_group_size;
    for lz in 0..size[2] {
        for ly in 0..size[1] {
            for lx in 0..size[0] {
                let id = |d: usize, l: usize| state.work_group_id[d] * size[d] + l;
                let linear = id(0, lx) + gx * (id(1, ly) + gy * id(2, lz));
                match recorder.visits.get(linear) {
                    Some(visits) => {
                        visits.fetch_add(1, Ordering::Relaxed);
                    }
                    None => recorder.violation(format!("work-item outside the range: {state:?}")),
                }
            }
        }
    }
}

/// A subhandler that does nothing; registered under names whose launches are not inspected.
pub unsafe extern "C" fn noop(_args: *const *mut c_void, _state: *mut NativeCpuState) {}

/// A property to attach to an image.
pub enum Prop {
    U32(u32),
    /// Raw bytes, header included (so tests can build malformed ones).
    Raw(Vec<u8>),
    /// A property of another type code, with a zero value.
    Typed(u32),
}

/// A byte-array property value with its 8-byte bit-count header.
pub fn bytes_with_header(data: &[u8]) -> Prop {
    let mut bytes = (data.len() as u64 * 8).to_le_bytes().to_vec();
    bytes.extend_from_slice(data);
    Prop::Raw(bytes)
}

/// One image to build: target, kernels, property sets.
pub struct ImageSpec {
    pub target: &'static str,
    pub kernels: Vec<(&'static str, Subhandler)>,
    /// Entries after the terminator (must never be registered).
    pub after_terminator: Vec<(&'static str, Subhandler)>,
    /// Leave out the terminator (binary_end then bounds the walk).
    pub omit_terminator: bool,
    /// Set binary_end to null.
    pub null_end: bool,
    /// Add an entry with a subhandler but no name after the kernels.
    pub unnamed_entry: bool,
    /// Add an entry named "K\xff" (not UTF-8) after the kernels.
    pub non_utf8_kernel: bool,
    pub property_sets: Vec<(&'static str, Vec<(&'static str, Prop)>)>,
}

impl ImageSpec {
    pub fn new(target: &'static str, kernels: Vec<(&'static str, Subhandler)>) -> ImageSpec {
        ImageSpec {
            target,
            kernels,
            after_terminator: Vec::new(),
            omit_terminator: false,
            null_end: false,
            unnamed_entry: false,
            non_utf8_kernel: false,
            property_sets: Vec::new(),
        }
    }
}

/// A descriptor and everything it points to, kept alive (and at fixed heap addresses) together.
pub struct OwnedDescriptor {
    pub desc: Box<DeviceBinaries>,
    _images: Vec<DeviceBinary>,
    _strings: Vec<CString>,
    _entries: Vec<Vec<NativeCpuEntry>>,
    _sets: Vec<Vec<RawPropertySet>>,
    _props: Vec<Vec<RawProperty>>,
    _values: Vec<Vec<u8>>,
}

impl OwnedDescriptor {
    pub fn new(specs: Vec<ImageSpec>) -> OwnedDescriptor {
        let mut strings = Vec::new();
        let mut cstr = |s: &str| {
            let owned = CString::new(s).unwrap();
            let ptr = owned.as_ptr();
            strings.push(owned);
            ptr
        };
        let mut entries_storage = Vec::new();
        let mut sets_storage = Vec::new();
        let mut props_storage = Vec::new();
        let mut values = Vec::new();
        let mut images = Vec::new();
        for spec in specs {
            let mut entries: Vec<NativeCpuEntry> = spec
                .kernels
                .iter()
                .map(|&(name, f)| NativeCpuEntry {
                    kernel_name: cstr(name),
                    kernel_ptr: Some(f),
                })
                .collect();
            if let Some(&(_, f)) = spec.kernels.first() {
                if spec.unnamed_entry {
                    entries.push(NativeCpuEntry {
                        kernel_name: std::ptr::null(),
                        kernel_ptr: Some(f),
                    });
                }
                if spec.non_utf8_kernel {
                    entries.push(NativeCpuEntry {
                        kernel_name: c"K\xff".as_ptr(),
                        kernel_ptr: Some(f),
                    });
                }
            }
            if !spec.omit_terminator {
                entries.push(NativeCpuEntry {
                    kernel_name: cstr("__nativecpu_end"),
                    kernel_ptr: None,
                });
            }
            for &(name, f) in &spec.after_terminator {
                entries.push(NativeCpuEntry {
                    kernel_name: cstr(name),
                    kernel_ptr: Some(f),
                });
            }
            let mut sets = Vec::new();
            for (set_name, props) in spec.property_sets {
                let mut raw_props = Vec::new();
                for (prop_name, prop) in props {
                    let raw = match prop {
                        Prop::U32(v) => RawProperty {
                            name: cstr(prop_name),
                            value_addr: std::ptr::null_mut(),
                            type_: 1,
                            value_size: u64::from(v),
                        },
                        Prop::Typed(type_) => RawProperty {
                            name: cstr(prop_name),
                            value_addr: std::ptr::null_mut(),
                            type_,
                            value_size: 0,
                        },
                        Prop::Raw(bytes) => {
                            let raw = RawProperty {
                                name: cstr(prop_name),
                                value_addr: bytes.as_ptr() as *mut c_void,
                                type_: 2,
                                value_size: bytes.len() as u64,
                            };
                            values.push(bytes);
                            raw
                        }
                    };
                    raw_props.push(raw);
                }
                let range = raw_props.as_mut_ptr_range();
                sets.push(RawPropertySet {
                    name: cstr(set_name),
                    properties_begin: range.start,
                    properties_end: range.end,
                });
                props_storage.push(raw_props);
            }
            let entry_range = entries.as_ptr_range();
            let set_range = sets.as_mut_ptr_range();
            images.push(DeviceBinary {
                version: 2,
                kind: 4,
                format: 0,
                device_target_spec: cstr(spec.target),
                compile_options: cstr(""),
                link_options: cstr(""),
                manifest_start: std::ptr::null(),
                manifest_end: std::ptr::null(),
                binary_start: entry_range.start.cast(),
                binary_end: if spec.null_end {
                    std::ptr::null()
                } else {
                    entry_range.end.cast()
                },
                entries_begin: std::ptr::null_mut(),
                entries_end: std::ptr::null_mut(),
                property_sets_begin: set_range.start,
                property_sets_end: set_range.end,
            });
            entries_storage.push(entries);
            sets_storage.push(sets);
        }
        let desc = Box::new(DeviceBinaries {
            version: 1,
            num_device_binaries: images.len() as u16,
            device_binaries: images.as_mut_ptr(),
            host_entries_begin: std::ptr::null_mut(),
            host_entries_end: std::ptr::null_mut(),
        });
        OwnedDescriptor {
            desc,
            _images: images,
            _strings: strings,
            _entries: entries_storage,
            _sets: sets_storage,
            _props: props_storage,
            _values: values,
        }
    }

    pub fn ptr(&self) -> *mut DeviceBinaries {
        &*self.desc as *const DeviceBinaries as *mut DeviceBinaries
    }
}
