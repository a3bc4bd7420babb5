//! Registration from hand-built descriptors, lookups, property queries, unregistration, and
//! launches of registered kernels through the C entry points. Every test uses its own kernel
//! names: the registry is global to the test binary and tests run in parallel.

mod common;

use std::ffi::{c_void, CStr};

use common::{bytes_with_header, noop, record, ImageSpec, OwnedDescriptor, Prop, Recorder};
use nativecpu_runtime::ffi::{
    __nativecpu_find_kernel, __nativecpu_kernel_names, __nativecpu_last_error, __nativecpu_launch,
    __sycl_register_lib, __sycl_unregister_lib,
};
use nativecpu_runtime::registry::{self, Missing, RegistrationIssue, Subhandler};
use nativecpu_runtime::state::NativeCpuState;
use sycl_offload_formats::properties::PropertyValue;

unsafe extern "C" fn other(_args: *const *mut c_void, _state: *mut NativeCpuState) {}

fn find(name: &CStr) -> Option<Subhandler> {
    // SAFETY: `name` is a C string.
    unsafe { __nativecpu_find_kernel(name.as_ptr()) }
}

fn same(a: Option<Subhandler>, b: Subhandler) -> bool {
    a.is_some_and(|a| a as usize == b as usize)
}

fn last_error() -> String {
    // SAFETY: the runtime returns a valid C string, which lives until this thread's next
    // failing call; it is copied at once.
    unsafe { CStr::from_ptr(__nativecpu_last_error()) }
        .to_string_lossy()
        .into_owned()
}

#[test]
fn two_descriptors_register_and_unregister_independently() {
    let mut native = ImageSpec::new("native_cpu", vec![("reg_a1", noop), ("reg_a2", other)]);
    native.property_sets = vec![(
        "SYCL/program metadata",
        vec![(
            "reg_a1@reqd_work_group_size",
            bytes_with_header(&[8, 0, 0, 0, 4, 0, 0, 0]),
        )],
    )];
    let spirv = ImageSpec::new("spir64", vec![("reg_spirv_only", noop)]);
    let a = OwnedDescriptor::new(vec![spirv, native]);
    let mut b_image = ImageSpec::new("native_cpu", vec![("reg_b1", noop)]);
    b_image.property_sets = vec![
        ("SYCL/misc properties", vec![("optLevel", Prop::U32(3))]),
        (
            "SYCL/kernel param opt",
            vec![("reg_b1", Prop::Raw(vec![2, 0, 0, 0, 0, 0, 0, 0, 1]))],
        ),
    ];
    // A target spec that merely starts with "native_cpu" is somebody else's.
    let near_miss = ImageSpec::new("native_cpu_x", vec![("reg_near_miss", noop)]);
    let b = OwnedDescriptor::new(vec![b_image, near_miss]);

    // SAFETY: `a` and `b` are descriptors built by `OwnedDescriptor`, valid while they live
    // (past their unregistration below), with terminated entry arrays.
    unsafe { __sycl_register_lib(a.ptr()) };
    // SAFETY: as above.
    unsafe { __sycl_register_lib(b.ptr()) };
    assert!(same(find(c"reg_a1"), noop));
    assert!(same(find(c"reg_a2"), other));
    assert!(same(find(c"reg_b1"), noop));
    assert!(find(c"reg_spirv_only").is_none());
    assert!(find(c"reg_near_miss").is_none());

    let a1 = registry::find(c"reg_a1").unwrap();
    assert_eq!(a1.reqd_work_group_size, Some([8, 4, 1]));
    let a2 = registry::find(c"reg_a2").unwrap();
    assert_eq!(a2.reqd_work_group_size, None);
    assert!(
        std::sync::Arc::ptr_eq(&a1.image, &a2.image),
        "kernels of one image share its properties"
    );
    let b1 = registry::find(c"reg_b1").unwrap();
    assert_eq!(
        b1.image.get("SYCL/misc properties", "optLevel"),
        Some(&PropertyValue::U32(3))
    );
    assert_eq!(
        b1.image.get("SYCL/kernel param opt", "reg_b1"),
        Some(&PropertyValue::from_bits(&[1], 2))
    );

    // SAFETY: `a` is the descriptor registered above, still alive.
    unsafe { __sycl_unregister_lib(a.ptr()) };
    assert!(find(c"reg_a1").is_none());
    assert!(find(c"reg_a2").is_none());
    assert!(same(find(c"reg_b1"), noop));
    // SAFETY: `b` is the descriptor registered above, still alive.
    unsafe { __sycl_unregister_lib(b.ptr()) };
    assert!(find(c"reg_b1").is_none());
}

#[test]
fn the_terminator_ends_the_walk_not_binary_end() {
    let mut spec = ImageSpec::new("native_cpu", vec![("term_k1", noop), ("term_k2", noop)]);
    spec.after_terminator = vec![("term_after", noop)];
    let desc = OwnedDescriptor::new(vec![spec]);
    // SAFETY: `desc` is a descriptor built by `OwnedDescriptor`, valid while it lives, with
    // a terminated entry array.
    assert_eq!(unsafe { registry::register(desc.ptr()) }, vec![]);
    assert!(find(c"term_k1").is_some() && find(c"term_k2").is_some());
    assert!(find(c"term_after").is_none());
    registry::unregister(desc.ptr());

    let mut no_end = ImageSpec::new("native_cpu", vec![("noend_k1", noop)]);
    no_end.null_end = true;
    let desc = OwnedDescriptor::new(vec![no_end]);
    // SAFETY: as above (a null `binary_end` is allowed: the terminator ends the walk).
    assert_eq!(unsafe { registry::register(desc.ptr()) }, vec![]);
    assert!(find(c"noend_k1").is_some());
    registry::unregister(desc.ptr());
}

#[test]
fn a_missing_terminator_stops_at_binary_end_and_is_reported() {
    let mut spec = ImageSpec::new("native_cpu", vec![("unterm_k1", noop), ("unterm_k2", noop)]);
    spec.omit_terminator = true;
    let desc = OwnedDescriptor::new(vec![spec]);
    assert_eq!(
        // SAFETY: `desc` is a descriptor built by `OwnedDescriptor`, valid while it lives;
        // its entry array has no terminator but a consistent `binary_end`, which bounds the walk.
        unsafe { registry::register(desc.ptr()) },
        vec![RegistrationIssue::MissingTerminator {
            image: 0,
            entries: 2
        }]
    );
    assert!(find(c"unterm_k1").is_some() && find(c"unterm_k2").is_some());
    registry::unregister(desc.ptr());
}

#[test]
fn a_duplicate_name_resolves_to_the_latest_registration() {
    let first = OwnedDescriptor::new(vec![ImageSpec::new("native_cpu", vec![("dup_k", noop)])]);
    let second = OwnedDescriptor::new(vec![ImageSpec::new("native_cpu", vec![("dup_k", other)])]);
    // SAFETY: `first` and `second` are descriptors built by `OwnedDescriptor`, valid
    // while they live (past their unregistration below), with terminated entry arrays.
    unsafe { __sycl_register_lib(first.ptr()) };
    // SAFETY: as above.
    unsafe { __sycl_register_lib(second.ptr()) };
    assert!(same(find(c"dup_k"), other));
    // Registering a descriptor again replaces its registration instead of stacking a copy.
    // SAFETY: as above.
    unsafe { __sycl_register_lib(second.ptr()) };
    // SAFETY: `second` is still alive; unregistering only compares the pointer.
    unsafe { __sycl_unregister_lib(second.ptr()) };
    assert!(same(find(c"dup_k"), noop));
    // SAFETY: `first` is still alive; unregistering only compares the pointer.
    unsafe { __sycl_unregister_lib(first.ptr()) };
    assert!(find(c"dup_k").is_none());
}

/// The registered names as `__nativecpu_kernel_names` lists them (other tests register
/// theirs concurrently, so callers look only for their own).
fn kernel_names() -> Vec<String> {
    // SAFETY: a null array with capacity 0 asks for the count only.
    let count = unsafe { __nativecpu_kernel_names(std::ptr::null_mut(), 0) };
    let mut names = vec![std::ptr::null(); count + 16];
    // SAFETY: `names` has room for `names.len()` pointers; the runtime writes at most
    // that many.
    let written = unsafe { __nativecpu_kernel_names(names.as_mut_ptr(), names.len()) };
    names.truncate(written.min(names.len()));
    names
        .into_iter()
        .map(|name| {
            // SAFETY: each written entry is a C string that lives while its kernel is
            // registered; other tests only unregister their own kernels, and the name is copied at
            // once.
            unsafe { CStr::from_ptr(name) }
                .to_string_lossy()
                .into_owned()
        })
        .collect()
}

#[test]
fn kernel_names_lists_registered_kernels_until_they_are_unregistered() {
    let desc = OwnedDescriptor::new(vec![ImageSpec::new(
        "native_cpu",
        vec![("names_k2", noop), ("names_k1", other)],
    )]);
    let ours = |names: &[String]| {
        names
            .iter()
            .filter(|name| name.starts_with("names_k"))
            .cloned()
            .collect::<Vec<_>>()
    };
    assert!(ours(&kernel_names()).is_empty());
    // SAFETY: `desc` is a descriptor built by `OwnedDescriptor`, valid while it lives
    // (past its unregistration below), with a terminated entry array.
    unsafe { __sycl_register_lib(desc.ptr()) };
    assert_eq!(ours(&kernel_names()), ["names_k1", "names_k2"]);
    // A short array gets the first names and the full count.
    let mut one = [std::ptr::null(); 1];
    // SAFETY: `one` has room for the one pointer the runtime may write.
    let total = unsafe { __nativecpu_kernel_names(one.as_mut_ptr(), 1) };
    assert!(total >= 2 && !one[0].is_null());
    // SAFETY: `desc` is the descriptor registered above, still alive.
    unsafe { __sycl_unregister_lib(desc.ptr()) };
    assert!(ours(&kernel_names()).is_empty());
}

#[test]
fn a_null_descriptor_is_reported() {
    // SAFETY: a null descriptor is allowed (the runtime reports it).
    unsafe { __sycl_register_lib(std::ptr::null_mut()) };
    assert_eq!(last_error(), "__sycl_register_lib: null descriptor");
}

/// Registers one native_cpu image of `kernel` with `property_sets`, expects it to be refused for
/// `cause`, and checks that a launch of the kernel reports that cause.
fn assert_refused(
    kernel: &'static CStr,
    property_sets: Vec<(&'static str, Vec<(&'static str, Prop)>)>,
    cause: &str,
) {
    let mut spec = ImageSpec::new("native_cpu", vec![(kernel.to_str().unwrap(), noop)]);
    spec.property_sets = property_sets;
    let desc = OwnedDescriptor::new(vec![spec]);
    // SAFETY: `desc` is a descriptor built by `OwnedDescriptor`, valid while it lives,
    // with a terminated entry array.
    let issues = unsafe { registry::register(desc.ptr()) };
    assert_eq!(
        issues,
        vec![RegistrationIssue::Refused {
            image: 0,
            cause: cause.to_owned()
        }]
    );
    assert!(find(kernel).is_none());
    assert_eq!(
        registry::find(kernel).unwrap_err(),
        Missing::Refused(cause.into())
    );
    assert!(!kernel_names()
        .iter()
        .any(|name| name.as_bytes() == kernel.to_bytes()));
    let recorder = Recorder::new([1, 1, 1], None, [0; 3]);
    let args = recorder.args();
    // SAFETY: the name is a C string and the description valid, its one argument the
    // recorder `record` expects (the launch is refused before any call).
    let rc = unsafe { __nativecpu_launch(kernel.as_ptr(), &recorder.desc(1, &args)) };
    assert_eq!(rc, 1, "NATIVECPU_ERROR_INVALID_KERNEL");
    assert_eq!(
        last_error(),
        format!(
            "kernel '{}' cannot run: its device image was refused at registration: {cause}",
            kernel.to_str().unwrap()
        )
    );
    registry::unregister(desc.ptr());
    assert_eq!(registry::find(kernel).unwrap_err(), Missing::NotRegistered);
}

/// A property set that cannot be trusted refuses the whole image: running its kernels without
/// a part of their description could compute a wrong result.
#[test]
fn images_with_malformed_property_sets_are_refused() {
    let metadata = "SYCL/program metadata";
    assert_refused(
        c"bad_short",
        vec![(
            metadata,
            vec![("bad_short@reqd_work_group_size", Prop::Raw(vec![1, 2, 3]))],
        )],
        "[SYCL/program metadata] bad_short@reqd_work_group_size: holds 3 bytes, less than its \
         8-byte size header",
    );
    assert_refused(
        c"bad_lying",
        vec![(
            metadata,
            vec![(
                "bad_lying@reqd_work_group_size",
                Prop::Raw(vec![64, 0, 0, 0, 0, 0, 0, 0, 1]),
            )],
        )],
        "[SYCL/program metadata] bad_lying@reqd_work_group_size: the size header says 64 bits, \
         but the data is 1 bytes long",
    );
    assert_refused(
        c"bad_set",
        vec![("SYCL/colours", vec![])],
        "[SYCL/colours]: unknown property set",
    );
    assert_refused(
        c"bad_spec",
        vec![(
            "SYCL/specialization constants",
            vec![(
                "id",
                bytes_with_header(&[0, 0, 0, 0, 0, 0, 0, 0, 4, 0, 0, 0]),
            )],
        )],
        "[SYCL/specialization constants default values]: missing, but the image has \
         specialization constants",
    );
}

#[test]
fn images_with_undecodable_entries_or_properties_are_refused() {
    let mut unnamed = ImageSpec::new("native_cpu", vec![("undecodable_k", noop)]);
    unnamed.unnamed_entry = true;
    let mut bad_type = ImageSpec::new("native_cpu", vec![("undecodable_type_k", noop)]);
    bad_type.property_sets = vec![("SYCL/misc properties", vec![("optLevel", Prop::Typed(7))])];
    let mut not_utf8 = ImageSpec::new("native_cpu", vec![("undecodable_utf8_k", noop)]);
    not_utf8.non_utf8_kernel = true;
    let desc = OwnedDescriptor::new(vec![unnamed, bad_type, not_utf8]);
    // SAFETY: `desc` is a descriptor built by `OwnedDescriptor`, valid while it lives,
    // with terminated entry arrays.
    let issues = unsafe { registry::register(desc.ptr()) };
    let refused = |image: usize, cause: &str| RegistrationIssue::Refused {
        image,
        cause: cause.to_owned(),
    };
    assert_eq!(
        issues,
        vec![
            refused(0, "entry 1 has a subhandler but no name"),
            refused(
                1,
                "[SYCL/misc properties] property 0: 'optLevel': unknown property type 7"
            ),
            refused(2, "entry 1: the kernel name \"K\\xff\" is not UTF-8"),
        ]
    );
    for kernel in [
        c"undecodable_k",
        c"undecodable_type_k",
        c"undecodable_utf8_k",
    ] {
        assert!(matches!(registry::find(kernel), Err(Missing::Refused(_))));
    }
    registry::unregister(desc.ptr());
}

#[test]
fn registered_kernels_launch_through_the_c_entry_points() {
    let desc = OwnedDescriptor::new(vec![ImageSpec::new(
        "native_cpu",
        vec![("ffi_record", record)],
    )]);
    // SAFETY: `desc` is a descriptor built by `OwnedDescriptor`, valid while it lives
    // (past its unregistration below), with a terminated entry array.
    unsafe { __sycl_register_lib(desc.ptr()) };
    for (dims, global, local, offset) in [
        (1, [1_000_003, 1, 1], None, [0; 3]),
        (2, [1023, 3, 1], None, [4, 9, 0]),
        (3, [3, 5, 7], Some([1, 5, 7]), [1, 2, 3]),
    ] {
        let recorder = Recorder::new(global, local, offset);
        let args = recorder.args();
        // SAFETY: the name is a C string; the description's one argument is the recorder the
        // registered kernel (`record`) expects, alive until the launch returns.
        let rc = unsafe { __nativecpu_launch(c"ffi_record".as_ptr(), &recorder.desc(dims, &args)) };
        assert_eq!(rc, 0, "{}", last_error());
        recorder.assert_exactly_once();
    }

    let bad = Recorder::new([12, 10, 1], Some([5, 5, 1]), [0; 3]);
    let args = bad.args();
    // SAFETY: as above (the launch is refused before any call).
    let rc = unsafe { __nativecpu_launch(c"ffi_record".as_ptr(), &bad.desc(2, &args)) };
    assert_eq!(rc, 2, "NATIVECPU_ERROR_INVALID_ND_RANGE");
    assert_eq!(
        last_error(),
        "kernel 'ffi_record': nd_range: the global size 12 of dimension x (SYCL dimension 1) is \
         not a multiple of the local size 5"
    );
    // SAFETY: `desc` is the descriptor registered above, still alive.
    unsafe { __sycl_unregister_lib(desc.ptr()) };
    // SAFETY: as above (the kernel is no longer registered, so nothing runs).
    let rc = unsafe { __nativecpu_launch(c"ffi_record".as_ptr(), &bad.desc(2, &args)) };
    assert_eq!(rc, 1, "NATIVECPU_ERROR_INVALID_KERNEL");
    assert!(last_error().contains("is not registered"));
}
