//! Launch checks through the C entry points: the result code and message of every kind of
//! failure, the exported device limits, and `reqd_work_group_size` from an image's program
//! metadata, for nd_range and range launches. Kernel names are unique to this file (the registry
//! is global to the test binary).

mod common;

use std::ffi::{c_void, CStr};
use std::sync::OnceLock;

use common::{bytes_with_header, record, ImageSpec, OwnedDescriptor, Prop, Recorder};
use nativecpu_runtime::ffi::{
    __nativecpu_global_memory_cache_line_size, __nativecpu_global_memory_size,
    __nativecpu_last_error, __nativecpu_launch, __nativecpu_local_memory_size,
    __nativecpu_max_work_group_size, __sycl_register_lib, __sycl_unregister_lib,
};
use nativecpu_runtime::launch::{self, LaunchDesc, ResultCode};
use nativecpu_runtime::pool::Pool;
use nativecpu_runtime::registry;

const SUCCESS: i32 = 0;
const INVALID_KERNEL: i32 = 1;
const INVALID_ND_RANGE: i32 = 2;
const OUT_OF_RESOURCES: i32 = 3;
const RUNTIME: i32 = 4;

/// `reqd_work_group_size` as sycl-post-link writes it: the 8-byte bit count, then u32 x, y, z.
fn reqd(sizes: &[u32]) -> Prop {
    let bytes: Vec<u8> = sizes.iter().flat_map(|s| s.to_le_bytes()).collect();
    bytes_with_header(&bytes)
}

/// Registers this file's kernels once: `record` under every name, with program metadata.
fn register() {
    static DESCRIPTOR: OnceLock<usize> = OnceLock::new();
    DESCRIPTOR.get_or_init(|| {
        let mut image = ImageSpec::new(
            "native_cpu",
            vec![
                ("chk_plain", record),
                ("chk_reqd_8x4", record),
                ("chk_reqd_16", record),
                ("chk_reqd_2x3x4", record),
                ("chk_reqd_huge", record),
            ],
        );
        image.property_sets = vec![(
            "SYCL/program metadata",
            vec![
                ("chk_reqd_8x4@reqd_work_group_size", reqd(&[8, 4])),
                ("chk_reqd_16@reqd_work_group_size", reqd(&[16])),
                ("chk_reqd_2x3x4@reqd_work_group_size", reqd(&[2, 3, 4])),
                ("chk_reqd_huge@reqd_work_group_size", reqd(&[128, 128])),
                // Another kernel's entry and another tag must not affect chk_plain.
                ("chk_plain@max_work_group_size", reqd(&[1])),
            ],
        )];
        // Registered for the whole test binary: leaked on purpose.
        let descriptor = Box::leak(Box::new(OwnedDescriptor::new(vec![image])));
        // SAFETY: the descriptor is leaked, so it and everything it points at stay valid for the
        // rest of the process; its entry array is terminated.
        unsafe { __sycl_register_lib(descriptor.ptr()) };
        descriptor.ptr() as usize
    });
}

fn last_error() -> String {
    // SAFETY: the runtime returns a valid C string, which lives until this thread's next
    // failing call; it is copied at once.
    unsafe { CStr::from_ptr(__nativecpu_last_error()) }
        .to_string_lossy()
        .into_owned()
}

/// A launch description over `recorder`, with the given dimensions and local memory.
fn desc(
    recorder: &Recorder,
    args: &[*mut c_void; 1],
    dims: u32,
    local_memory: usize,
) -> LaunchDesc {
    LaunchDesc {
        local_memory_size: local_memory,
        local_argument_sizes: std::ptr::null(),
        ..recorder.desc(dims, args)
    }
}

/// Launches `kernel` through `__nativecpu_launch`; returns the result code and the message.
fn launch(kernel: &CStr, desc: &LaunchDesc) -> (i32, String) {
    // SAFETY: `kernel` is a C string and `desc` a valid description whose argument is the
    // recorder its kernel (`record`) expects.
    let rc = unsafe { __nativecpu_launch(kernel.as_ptr(), desc) };
    (
        rc,
        if rc == SUCCESS {
            String::new()
        } else {
            last_error()
        },
    )
}

/// Launches `kernel` over a recorder that expects groups of `expected_local` (or range shapes),
/// and checks that every work-item ran once.
fn launch_ok(kernel: &CStr, dims: u32, global: [usize; 3], local: Option<[usize; 3]>) {
    launch_ok_expecting(kernel, dims, global, local, local);
}

fn launch_ok_expecting(
    kernel: &CStr,
    dims: u32,
    global: [usize; 3],
    local: Option<[usize; 3]>,
    expected_local: Option<[usize; 3]>,
) {
    let mut recorder = Recorder::new(global, local, [0; 3]);
    let args = recorder.args();
    let desc = recorder.desc(dims, &args);
    // The recorder checks every group's local size against `expected_local`.
    recorder.local = expected_local;
    let (rc, message) = launch(kernel, &desc);
    assert_eq!(rc, SUCCESS, "{kernel:?} {global:?} {local:?}: {message}");
    recorder.assert_exactly_once();
}

/// Launches `kernel` and expects failure with `code` and exactly `message`, without any call.
fn launch_fails(kernel: &CStr, desc: &LaunchDesc, recorder: &Recorder, code: i32, message: &str) {
    let (rc, got) = launch(kernel, desc);
    assert_eq!((rc, got.as_str()), (code, message));
    assert_eq!(
        recorder.calls.load(std::sync::atomic::Ordering::Relaxed),
        0,
        "a rejected launch ran groups"
    );
}

#[test]
fn device_limits_are_exported() {
    assert_eq!(__nativecpu_max_work_group_size(), 8192);
    assert_eq!(__nativecpu_local_memory_size(), 256 * 1024);
    assert_eq!(ResultCode::InvalidNdRange as i32, INVALID_ND_RANGE);
    assert!(__nativecpu_global_memory_size() > 1 << 20);
    assert!(__nativecpu_global_memory_cache_line_size() >= 16);
}

#[test]
fn each_failure_has_its_result_code_and_message() {
    register();
    let k = c"chk_plain";
    let prefix = "kernel 'chk_plain': ";

    let (rc, message) = launch(c"chk_missing", &empty_desc());
    assert_eq!(rc, INVALID_KERNEL);
    assert_eq!(
        message,
        "kernel 'chk_missing' is not registered (was the program linked with its device code?)"
    );

    // nd_range validation failures: NATIVECPU_ERROR_INVALID_ND_RANGE.
    let cases: Vec<(u32, [usize; 3], [usize; 3], String)> = vec![
        (
            1,
            [100, 1, 1],
            [7, 1, 1],
            "nd_range: the global size 100 of dimension x (SYCL dimension 0) is not a multiple \
             of the local size 7"
                .into(),
        ),
        (
            0,
            [8, 1, 1],
            [0; 3],
            "the launch has 0 dimensions; expected 1, 2 or 3".into(),
        ),
        (
            1,
            [8, 2, 1],
            [0; 3],
            "dimension y is unused by a 1-dimensional launch, so its global size must be 1, not 2"
                .into(),
        ),
        (
            2,
            [8, 8, 1],
            [4, 0, 1],
            "local size [4, 0, 1] (x, y, z) mixes zero and non-zero values: use all zero for a \
             range launch, all non-zero for an nd_range launch"
                .into(),
        ),
        (
            1,
            [16384, 1, 1],
            [16384, 1, 1],
            "nd_range: a work-group of [16384, 1, 1] (x, y, z) has more than the device's \
             maximum of 8192 work-items"
                .into(),
        ),
        (
            2,
            [4097 * 2, 4, 1],
            [4097, 2, 1],
            "nd_range: a work-group of [4097, 2, 1] (x, y, z) has more than the device's maximum \
             of 8192 work-items"
                .into(),
        ),
        // The product overflows size_t (an empty range divides by anything).
        (
            3,
            [0, 0, 0],
            [1 << 32, 1 << 32, 1 << 32],
            "nd_range: a work-group of [4294967296, 4294967296, 4294967296] (x, y, z) has more \
             than the device's maximum of 8192 work-items"
                .into(),
        ),
    ];
    for (dims, global, local, expected) in cases {
        let recorder = Recorder::new(global, Some(local), [0; 3]);
        let args = recorder.args();
        let d = desc(&recorder, &args, dims, 0);
        launch_fails(
            k,
            &d,
            &recorder,
            INVALID_ND_RANGE,
            &format!("{prefix}{expected}"),
        );
    }

    // Local memory beyond the device's: NATIVECPU_ERROR_OUT_OF_RESOURCES, for nd_range and range.
    for (local, bytes) in [(Some([4, 1, 1]), 256 * 1024 + 1), (None, usize::MAX)] {
        let recorder = Recorder::new([64, 1, 1], local, [0; 3]);
        let args = recorder.args();
        launch_fails(
            k,
            &desc(&recorder, &args, 1, bytes),
            &recorder,
            OUT_OF_RESOURCES,
            &format!(
                "{prefix}the launch asks for {bytes} bytes of work-group local memory; the \
                 device has 262144 bytes"
            ),
        );
    }

    // Other failures: NATIVECPU_ERROR_RUNTIME.
    let recorder = Recorder::new([64, 1, 1], None, [0; 3]);
    let args = recorder.args();
    let null_args = LaunchDesc {
        args: std::ptr::null(),
        ..desc(&recorder, &args, 1, 0)
    };
    launch_fails(
        k,
        &null_args,
        &recorder,
        RUNTIME,
        &format!("{prefix}the launch passes 1 arguments but a null argument array"),
    );
    assert_eq!(
        // SAFETY: a null kernel name is allowed (the runtime reports it); the description is valid.
        unsafe { __nativecpu_launch(std::ptr::null(), &null_args) },
        RUNTIME
    );
    assert_eq!(
        // SAFETY: `k` is a C string; a null description is allowed (the runtime reports it).
        unsafe { __nativecpu_launch(k.as_ptr(), std::ptr::null()) },
        RUNTIME
    );
    assert_eq!(
        last_error(),
        "__nativecpu_launch called for kernel 'chk_plain' with a null launch description"
    );
}

fn empty_desc() -> LaunchDesc {
    LaunchDesc {
        dims: 1,
        global_size: [4, 1, 1],
        local_size: [0; 3],
        global_offset: [0; 3],
        args: std::ptr::null(),
        num_args: 0,
        local_memory_size: 0,
        local_argument_sizes: std::ptr::null(),
    }
}

#[test]
fn limits_are_inclusive_and_range_launches_are_not_limited() {
    register();
    let k = c"chk_plain";
    launch_ok(k, 1, [8192 * 2, 1, 1], Some([8192, 1, 1]));
    launch_ok(k, 3, [16, 32, 32], Some([16, 32, 16]));
    // A range launch of more items than a work-group may have: the runtime shapes it.
    launch_ok(k, 1, [1_000_000, 1, 1], None);
    // Exactly the device's local memory.
    for local in [Some([8, 1, 1]), None] {
        let recorder = Recorder::new([64, 1, 1], local, [0; 3]);
        let args = recorder.args();
        let (rc, message) = launch(k, &desc(&recorder, &args, 1, 256 * 1024));
        assert_eq!(rc, SUCCESS, "{message}");
        recorder.assert_exactly_once();
    }
}

#[test]
fn reqd_work_group_size_is_enforced_for_nd_range_launches() {
    register();
    // The required size is accepted (the recorder checks every group has it).
    launch_ok(c"chk_reqd_8x4", 2, [64, 48, 1], Some([8, 4, 1]));
    launch_ok(c"chk_reqd_16", 1, [160, 1, 1], Some([16, 1, 1]));
    launch_ok(c"chk_reqd_16", 2, [32, 5, 1], Some([16, 1, 1]));
    launch_ok(c"chk_reqd_2x3x4", 3, [4, 9, 8], Some([2, 3, 4]));
    // Anything else is rejected, naming the kernel, the required and the requested size.
    for (kernel, dims, global, local, required) in [
        (c"chk_reqd_8x4", 2, [64, 48, 1], [4, 8, 1], "[8, 4, 1]"),
        (c"chk_reqd_8x4", 2, [64, 48, 1], [8, 2, 1], "[8, 4, 1]"),
        (c"chk_reqd_8x4", 1, [64, 1, 1], [8, 1, 1], "[8, 4, 1]"),
        (c"chk_reqd_16", 1, [64, 1, 1], [32, 1, 1], "[16, 1, 1]"),
        (c"chk_reqd_2x3x4", 3, [4, 9, 8], [2, 3, 1], "[2, 3, 4]"),
        // Reported before the divisibility of the global size: the fix is the local size.
        (c"chk_reqd_16", 1, [100, 1, 1], [7, 1, 1], "[16, 1, 1]"),
    ] {
        let recorder = Recorder::new(global, Some(local), [0; 3]);
        let args = recorder.args();
        launch_fails(
            kernel,
            &desc(&recorder, &args, dims, 0),
            &recorder,
            INVALID_ND_RANGE,
            &format!(
                "kernel '{}': nd_range: the local size {local:?} (x, y, z) is not the kernel's \
                 reqd_work_group_size {required}",
                kernel.to_str().unwrap()
            ),
        );
    }
    // The required size still has to divide the global size.
    let recorder = Recorder::new([40, 1, 1], Some([16, 1, 1]), [0; 3]);
    let args = recorder.args();
    launch_fails(
        c"chk_reqd_16",
        &desc(&recorder, &args, 1, 0),
        &recorder,
        INVALID_ND_RANGE,
        "kernel 'chk_reqd_16': nd_range: the global size 40 of dimension x (SYCL dimension 0) is \
         not a multiple of the local size 16",
    );
}

#[test]
fn reqd_work_group_size_shapes_range_launches() {
    register();
    // Through the C entry point (global pool): every group has exactly the required shape.
    launch_ok_expecting(c"chk_reqd_8x4", 2, [64, 48, 1], None, Some([8, 4, 1]));
    launch_ok_expecting(c"chk_reqd_16", 1, [16 * 1000, 1, 1], None, Some([16, 1, 1]));
    launch_ok_expecting(c"chk_reqd_16", 3, [16, 3, 5], None, Some([16, 1, 1]));
    launch_ok_expecting(c"chk_reqd_2x3x4", 3, [2, 3, 4], None, Some([2, 3, 4]));
    // Empty ranges are multiples of anything.
    launch_ok_expecting(c"chk_reqd_8x4", 2, [0, 4, 1], None, Some([8, 4, 1]));
    // On pools of several sizes (the shape must not depend on the thread count).
    let kernel = registry::find(c"chk_reqd_8x4").unwrap();
    for threads in [1, 2, 4] {
        let pool = Pool::new(threads);
        for global in [[8, 4, 1], [800, 4, 1], [8, 400, 1], [1024, 1024, 1]] {
            let recorder = Recorder::new(global, Some([8, 4, 1]), [3, 1, 0]);
            let args = recorder.args();
            let desc = LaunchDesc {
                local_size: [0; 3],
                ..recorder.desc(2, &args)
            };
            // SAFETY: the argument is the recorder `record` expects, alive until the launch
            // returns.
            unsafe { launch::run_kernel(&pool, kernel.launchable(), &desc) }.unwrap();
            recorder.assert_exactly_once();
        }
    }
    // A global size that is not a multiple of the required shape is rejected.
    for (kernel, dims, global, required) in [
        (c"chk_reqd_8x4", 2, [64, 46, 1], "[8, 4, 1]"),
        (c"chk_reqd_8x4", 2, [60, 48, 1], "[8, 4, 1]"),
        // A 1-D range has y = 1, which a required y of 4 does not divide.
        (c"chk_reqd_8x4", 1, [64, 1, 1], "[8, 4, 1]"),
        (c"chk_reqd_16", 1, [1_000_003, 1, 1], "[16, 1, 1]"),
        (c"chk_reqd_2x3x4", 3, [2, 3, 6], "[2, 3, 4]"),
    ] {
        let recorder = Recorder::new(global, None, [0; 3]);
        let args = recorder.args();
        launch_fails(
            kernel,
            &desc(&recorder, &args, dims, 0),
            &recorder,
            INVALID_ND_RANGE,
            &format!(
                "kernel '{}': range: the kernel requires work-groups of {required} (x, y, z; its \
                 reqd_work_group_size), but the global size {global:?} is not a multiple of it",
                kernel.to_str().unwrap()
            ),
        );
    }
}

#[test]
fn unusable_reqd_work_group_sizes_are_rejected() {
    register();
    // Larger than the device's maximum work-group: the device cannot run the kernel at all
    // (errc::kernel_not_supported), whatever the launch.
    for local in [Some([128, 128, 1]), None] {
        let recorder = Recorder::new([256, 256, 1], local, [0; 3]);
        let args = recorder.args();
        launch_fails(
            c"chk_reqd_huge",
            &desc(&recorder, &args, 2, 0),
            &recorder,
            INVALID_KERNEL,
            "kernel 'chk_reqd_huge' is not supported by the device: its reqd_work_group_size \
             [128, 128, 1] (x, y, z) has more than the device's maximum of 8192 work-items",
        );
    }
    // Malformed metadata: the image is refused at registration, so every launch of its kernel
    // is NATIVECPU_ERROR_INVALID_KERNEL with the reason.
    for (kernel, value, problem) in [
        (
            c"chk_reqd_odd_bits",
            bytes_with_header(&[8, 0, 0, 0, 4]),
            "holds 40 bits; expected 1 to 3 32-bit sizes",
        ),
        (
            c"chk_reqd_four_values",
            reqd(&[1, 1, 1, 1]),
            "holds 128 bits; expected 1 to 3 32-bit sizes",
        ),
        (
            c"chk_reqd_zero",
            reqd(&[8, 0]),
            "a size is zero: [8, 0, 1] (x, y, z)",
        ),
        (
            c"chk_reqd_u32",
            Prop::U32(8),
            "is a 32-bit integer; expected a byte array",
        ),
    ] {
        let name = kernel.to_str().unwrap();
        let key = format!("{name}@reqd_work_group_size").leak();
        let mut image = ImageSpec::new("native_cpu", vec![(name, record)]);
        image.property_sets = vec![("SYCL/program metadata", vec![(&*key, value)])];
        let descriptor = OwnedDescriptor::new(vec![image]);
        // SAFETY: `descriptor` lives until it is unregistered below; its entry array is terminated.
        unsafe { __sycl_register_lib(descriptor.ptr()) };
        for local in [Some([8, 1, 1]), None] {
            let recorder = Recorder::new([64, 1, 1], local, [0; 3]);
            let args = recorder.args();
            launch_fails(
                kernel,
                &desc(&recorder, &args, 1, 0),
                &recorder,
                INVALID_KERNEL,
                &format!(
                    "kernel '{name}' cannot run: its device image was refused at registration: \
                     [SYCL/program metadata] {key}: {problem}"
                ),
            );
        }
        // SAFETY: `descriptor` is the one registered above, still alive.
        unsafe { __sycl_unregister_lib(descriptor.ptr()) };
    }
}
