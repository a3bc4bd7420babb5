//! The C entry points declared in `toolchain/include/nativecpu/runtime.h`. Each one checks its
//! pointers, converts, and calls the Rust implementation inside `diag::catch_panic`.

use std::ffi::{c_char, c_int, c_void, CStr, CString};
use std::os::unix::ffi::OsStrExt;

use crate::address_spaces;
use crate::device;
use crate::diag;
use crate::kernel_compiler;
use crate::kernel_info;
use crate::launch::{self, LaunchDesc, LaunchError, ResultCode};
use crate::pool;
use crate::registry::{self, DeviceBinaries, Kernel, Subhandler};
use crate::spec_constants;
use crate::tasks;
use crate::tsan_hooks::{self, Hook};

/// Registers the native_cpu images of `desc`; problems are printed and recorded as the last
/// error.
///
/// # Safety
/// `desc` must be null or point to a valid descriptor (see [`registry::register`]).
#[no_mangle]
pub unsafe extern "C" fn __sycl_register_lib(desc: *const DeviceBinaries) {
    diag::catch_panic("__sycl_register_lib", (), || {
        // SAFETY: forwarded from the caller.
        for issue in unsafe { registry::register(desc) } {
            diag::report(&format!("__sycl_register_lib: {issue}"));
        }
    });
}

/// Removes everything `desc` registered.
///
/// # Safety
/// None beyond C's: `desc` is only compared, never read.
#[no_mangle]
pub unsafe extern "C" fn __sycl_unregister_lib(desc: *const DeviceBinaries) {
    diag::catch_panic("__sycl_unregister_lib", (), || registry::unregister(desc));
}

/// The subhandler registered under `kernel_name`, or null.
///
/// # Safety
/// `kernel_name` must be null or a valid C string.
#[no_mangle]
pub unsafe extern "C" fn __nativecpu_find_kernel(kernel_name: *const c_char) -> Option<Subhandler> {
    if kernel_name.is_null() {
        return None;
    }
    diag::catch_panic("__nativecpu_find_kernel", None, || {
        // SAFETY: checked non-null; the caller guarantees a C string.
        registry::find(unsafe { CStr::from_ptr(kernel_name) })
            .ok()
            .map(|kernel| kernel.subhandler)
    })
}

/// Writes the names of the registered kernels (at most `capacity`, in byte order) to `names`
/// and returns how many kernels are registered. Each name stays valid until its kernel is
/// unregistered.
///
/// # Safety
/// `names` must be null (then only the count is returned) or point to `capacity` writable
/// pointers.
#[no_mangle]
pub unsafe extern "C" fn __nativecpu_kernel_names(
    names: *mut *const c_char,
    capacity: usize,
) -> usize {
    diag::catch_panic("__nativecpu_kernel_names", 0, || {
        let all = registry::names();
        if !names.is_null() {
            for (i, name) in all.iter().take(capacity).enumerate() {
                // SAFETY: the caller guarantees `capacity` writable pointers at `names`.
                unsafe { *names.add(i) = *name };
            }
        }
        all.len()
    })
}

/// Runs a kernel over its range; `NATIVECPU_SUCCESS` (0), or on failure the error's
/// [`ResultCode`] with the reason in `__nativecpu_last_error()`.
///
/// # Safety
/// `kernel_name` and `desc` must be null or valid, and the arguments must suit the kernel
/// (see [`launch::run`]).
#[no_mangle]
pub unsafe extern "C" fn __nativecpu_launch(
    kernel_name: *const c_char,
    desc: *const LaunchDesc,
) -> c_int {
    // SAFETY: forwarded from the caller.
    unsafe { with_launch("__nativecpu_launch", kernel_name, desc, launch::launch) }
}

/// Checks the C arguments of a launch entry point and applies `action` to them, turning the
/// outcome into a result code (with the last error set on failure).
///
/// # Safety
/// `kernel_name` and `desc` must be null or valid; `action` gets what its own contract needs.
unsafe fn with_launch(
    entry_point: &'static str,
    kernel_name: *const c_char,
    desc: *const LaunchDesc,
    action: unsafe fn(&CStr, &LaunchDesc) -> Result<(), LaunchError>,
) -> c_int {
    diag::catch_panic(entry_point, ResultCode::Runtime.into(), || {
        let result = if kernel_name.is_null() {
            Err(LaunchError::NullName)
        } else {
            // SAFETY: checked non-null; the caller guarantees a C string.
            let name = unsafe { CStr::from_ptr(kernel_name) };
            // SAFETY: the caller guarantees `desc` is null or valid.
            match unsafe { desc.as_ref() } {
                None => Err(LaunchError::NullLaunch(name.to_string_lossy().into_owned())),
                // SAFETY: forwarded from the caller.
                Some(desc) => unsafe { action(name, desc) },
            }
        };
        match result {
            Ok(()) => ResultCode::Success.into(),
            Err(error) => {
                diag::set_last_error(&error.to_string());
                error.code().into()
            }
        }
    })
}

/// The registered kernel called `kernel_name`, or the error code (with the last error set).
///
/// # Safety
/// `kernel_name` must be null or a valid C string.
unsafe fn kernel_named(kernel_name: *const c_char, entry_point: &str) -> Result<Kernel, c_int> {
    let fail = |message: String, code: ResultCode| {
        diag::set_last_error(&message);
        code.into()
    };
    if kernel_name.is_null() {
        return Err(fail(
            format!("{entry_point} called with a null kernel name"),
            ResultCode::Runtime,
        ));
    }
    // SAFETY: checked non-null; the caller guarantees a C string.
    let name = unsafe { CStr::from_ptr(kernel_name) };
    launch::find_kernel(name).map_err(|error| fail(error.to_string(), error.code()))
}

/// Stores the size of `kernel_name`'s specialization-constant buffer in `size`.
///
/// # Safety
/// `kernel_name` must be null or a valid C string, `size` null or writable.
#[no_mangle]
pub unsafe extern "C" fn __nativecpu_spec_constants_size(
    kernel_name: *const c_char,
    size: *mut usize,
) -> c_int {
    diag::catch_panic(
        "__nativecpu_spec_constants_size",
        ResultCode::Runtime.into(),
        || {
            // SAFETY: forwarded from the caller.
            let kernel =
                match unsafe { kernel_named(kernel_name, "__nativecpu_spec_constants_size") } {
                    Ok(kernel) => kernel,
                    Err(code) => return code,
                };
            if size.is_null() {
                diag::set_last_error("__nativecpu_spec_constants_size called with a null size");
                return ResultCode::Runtime.into();
            }
            // SAFETY: checked non-null; the caller guarantees it is writable.
            unsafe { *size = spec_constants::layout(&kernel).size() };
            ResultCode::Success.into()
        },
    )
}

/// Fills a specialization-constant buffer for `kernel_name` (see `runtime.h`).
///
/// # Safety
/// `kernel_name` must be a valid C string; `symbolic_ids`, `values` and `sizes` arrays of `count`
/// valid entries (C strings, pointers to `sizes[i]` readable bytes); `buffer` `capacity` writable
/// bytes.
#[no_mangle]
pub unsafe extern "C" fn __nativecpu_spec_constants_fill(
    kernel_name: *const c_char,
    count: usize,
    symbolic_ids: *const *const c_char,
    values: *const *const std::ffi::c_void,
    sizes: *const usize,
    buffer: *mut std::ffi::c_void,
    capacity: usize,
) -> c_int {
    diag::catch_panic(
        "__nativecpu_spec_constants_fill",
        ResultCode::Runtime.into(),
        || {
            // SAFETY: forwarded from the caller.
            let kernel =
                match unsafe { kernel_named(kernel_name, "__nativecpu_spec_constants_fill") } {
                    Ok(kernel) => kernel,
                    Err(code) => return code,
                };
            if (count > 0 && (symbolic_ids.is_null() || values.is_null() || sizes.is_null()))
                || (capacity > 0 && buffer.is_null())
            {
                diag::set_last_error("__nativecpu_spec_constants_fill called with a null array");
                return ResultCode::Runtime.into();
            }
            let mut set = Vec::with_capacity(count);
            for index in 0..count {
                // SAFETY: the caller guarantees `count` valid entries in each array.
                let (id, value) = unsafe {
                    let id = CStr::from_ptr(*symbolic_ids.add(index));
                    let size = *sizes.add(index);
                    let value: &[u8] = if size == 0 {
                        &[]
                    } else {
                        std::slice::from_raw_parts((*values.add(index)).cast(), size)
                    };
                    (id, value)
                };
                // An id that is not UTF-8 names no constant; ignoring its value would leave the
                // kernel reading the default.
                let Ok(id) = id.to_str() else {
                    diag::set_last_error(&format!(
                        "specialization constant id \"{}\" is not UTF-8",
                        id.to_bytes().escape_ascii()
                    ));
                    return ResultCode::Runtime.into();
                };
                set.push((id, value));
            }
            let buffer: &mut [u8] = if capacity == 0 {
                &mut []
            } else {
                // SAFETY: the caller guarantees `capacity` writable bytes.
                unsafe { std::slice::from_raw_parts_mut(buffer.cast(), capacity) }
            };
            match spec_constants::fill(&kernel, &set, buffer) {
                Ok(()) => ResultCode::Success.into(),
                Err(error) => {
                    diag::set_last_error(&error.to_string());
                    ResultCode::Runtime.into()
                }
            }
        },
    )
}

/// The device's name (0), vendor (1), version (2) or platform name (3) as a static C string;
/// null for other values.
#[no_mangle]
pub extern "C" fn __nativecpu_device_string(what: c_int) -> *const c_char {
    match what {
        0 => device::device_name().as_ptr(),
        1 => device::VENDOR.as_ptr(),
        2 => device::VERSION.as_ptr(),
        3 => device::PLATFORM_NAME.as_ptr(),
        _ => std::ptr::null(),
    }
}

/// 1 if `ONEAPI_DEVICE_SELECTOR` lets the device through (or is unset), 0 if it hides it, -1
/// if it cannot be parsed (the reason in the last error).
#[no_mangle]
pub extern "C" fn __nativecpu_device_selected() -> c_int {
    diag::catch_panic(
        "__nativecpu_device_selected",
        -1,
        || match crate::selector::device_selected() {
            Ok(selected) => c_int::from(selected),
            Err(error) => {
                diag::set_last_error(&error.to_string());
                -1
            }
        },
    )
}

/// Checks a launch as `__nativecpu_launch` would, without running it.
///
/// # Safety
/// As for `__nativecpu_launch`.
#[no_mangle]
pub unsafe extern "C" fn __nativecpu_check_launch(
    kernel_name: *const c_char,
    desc: *const LaunchDesc,
) -> c_int {
    // SAFETY: forwarded from the caller.
    unsafe { with_launch("__nativecpu_check_launch", kernel_name, desc, launch::check) }
}

/// A task handle as C sees it: a counted reference to a [`tasks::Task`].
pub type TaskHandle = *const tasks::Task;

/// Submits `run(data)` to run on an executor thread once the `count` tasks of `dependencies`
/// have completed; returns a handle the caller owns (release it with `__nativecpu_task_release`).
///
/// # Safety
/// `run(data)` must be safe to call once from another thread; `dependencies` must hold `count`
/// live handles (or be null when `count` is 0).
#[no_mangle]
pub unsafe extern "C" fn __nativecpu_task_submit(
    run: tasks::TaskFn,
    data: *mut std::ffi::c_void,
    dependencies: *const TaskHandle,
    count: usize,
) -> TaskHandle {
    // SAFETY: forwarded from the caller.
    unsafe { submit_task(run, data, dependencies, count, false) }
}

/// As `__nativecpu_task_submit`, but the task also waits for `__nativecpu_task_open`.
///
/// # Safety
/// As for `__nativecpu_task_submit`.
#[no_mangle]
pub unsafe extern "C" fn __nativecpu_task_submit_held(
    run: tasks::TaskFn,
    data: *mut std::ffi::c_void,
    dependencies: *const TaskHandle,
    count: usize,
) -> TaskHandle {
    // SAFETY: forwarded from the caller.
    unsafe { submit_task(run, data, dependencies, count, true) }
}

/// # Safety
/// As for `__nativecpu_task_submit`.
unsafe fn submit_task(
    run: tasks::TaskFn,
    data: *mut std::ffi::c_void,
    dependencies: *const TaskHandle,
    count: usize,
    held: bool,
) -> TaskHandle {
    let dependencies: Vec<std::sync::Arc<tasks::Task>> = (0..count)
        .map(|index| {
            // SAFETY: the caller guarantees `count` live handles; each gets its own count.
            unsafe {
                let handle = *dependencies.add(index);
                std::sync::Arc::increment_strong_count(handle);
                std::sync::Arc::from_raw(handle)
            }
        })
        .collect();
    // SAFETY: forwarded from the caller.
    let task = unsafe { tasks::submit(run, data, &dependencies, held) };
    std::sync::Arc::into_raw(task)
}

/// Lets a task submitted with `__nativecpu_task_submit_held` run; later calls do nothing.
///
/// # Safety
/// `task` must be a live handle.
#[no_mangle]
pub unsafe extern "C" fn __nativecpu_task_open(task: TaskHandle) {
    // SAFETY: the caller guarantees a live handle; the temporary reference is counted.
    let task = unsafe {
        std::sync::Arc::increment_strong_count(task);
        std::sync::Arc::from_raw(task)
    };
    task.open();
}

/// Blocks until the task has completed.
///
/// # Safety
/// `task` must be a live handle.
#[no_mangle]
pub unsafe extern "C" fn __nativecpu_task_wait(task: TaskHandle) {
    // SAFETY: the caller guarantees a live handle; the temporary reference is counted.
    let task = unsafe {
        std::sync::Arc::increment_strong_count(task);
        std::sync::Arc::from_raw(task)
    };
    task.wait();
}

/// 0 submitted, 1 running, 2 complete.
///
/// # Safety
/// `task` must be a live handle.
#[no_mangle]
pub unsafe extern "C" fn __nativecpu_task_status(task: TaskHandle) -> c_int {
    // SAFETY: the caller guarantees a live handle.
    match unsafe { &*task }.status() {
        tasks::Status::Submitted => 0,
        tasks::Status::Running => 1,
        tasks::Status::Complete => 2,
    }
}

/// Stores the submit, start and end times (ns; 0 = not yet) in `times[0..3]`.
///
/// # Safety
/// `task` must be a live handle and `times` point at 3 writable values.
#[no_mangle]
pub unsafe extern "C" fn __nativecpu_task_times(task: TaskHandle, times: *mut u64) {
    // SAFETY: the caller guarantees a live handle and room for three values.
    unsafe {
        let recorded = (*task).times();
        *times = recorded.submit;
        *times.add(1) = recorded.start;
        *times.add(2) = recorded.end;
    }
}

/// Adds a reference to the task.
///
/// # Safety
/// `task` must be a live handle.
#[no_mangle]
pub unsafe extern "C" fn __nativecpu_task_retain(task: TaskHandle) {
    // SAFETY: the caller guarantees a live handle.
    unsafe { std::sync::Arc::increment_strong_count(task) };
}

/// Drops a reference to the task (the runtime keeps its own until the task has run).
///
/// # Safety
/// `task` must be a live handle, not used by the caller afterwards.
#[no_mangle]
pub unsafe extern "C" fn __nativecpu_task_release(task: TaskHandle) {
    // SAFETY: the caller gives up its reference.
    unsafe { std::sync::Arc::decrement_strong_count(task) };
}

/// The calling thread's last error message ("" if none); valid until its next failing call.
#[no_mangle]
pub extern "C" fn __nativecpu_last_error() -> *const c_char {
    diag::last_error_ptr()
}

/// The number of threads launches use (starts the pool if needed).
#[no_mangle]
pub extern "C" fn __nativecpu_thread_count() -> usize {
    diag::catch_panic("__nativecpu_thread_count", 1, || pool::global().threads())
}

/// ThreadSanitizer's `__tsan_acquire` and `__tsan_release`, registered by headers compiled with
/// `-fsanitize=thread` so that launches declare their orderings ([`tsan_hooks`]).
#[no_mangle]
pub extern "C" fn __nativecpu_set_tsan_hooks(acquire: Hook, release: Hook) {
    tsan_hooks::register(acquire, release);
}

/// The SYCL address space `pointer` points into for the calling thread (`sycl::access::
/// address_space`: 0 private, 1 global, 3 local), for the dynamic address space casts. The
/// device library asks after checking its own scratch buffers ([`address_spaces`]).
#[no_mangle]
pub extern "C" fn __nativecpu_address_space_of(pointer: *const c_void) -> u32 {
    address_spaces::address_space_of(pointer)
}

/// The largest work-group, in work-items, an nd_range launch may use.
#[no_mangle]
pub extern "C" fn __nativecpu_max_work_group_size() -> usize {
    device::MAX_WORK_GROUP_SIZE
}

/// The most work-group local memory, in bytes, a launch may ask for.
#[no_mangle]
pub extern "C" fn __nativecpu_local_memory_size() -> usize {
    device::LOCAL_MEMORY_SIZE
}

/// Bytes of the host's physical memory, the device's global memory (0 where unknown).
#[no_mangle]
pub extern "C" fn __nativecpu_global_memory_size() -> u64 {
    device::global_memory_size()
}

/// Bytes of the last-level cache, the device's global memory cache (0 where unknown).
#[no_mangle]
pub extern "C" fn __nativecpu_global_memory_cache_size() -> u64 {
    device::global_memory_cache_size()
}

/// The cache line size in bytes (64 where unknown).
#[no_mangle]
pub extern "C" fn __nativecpu_global_memory_cache_line_size() -> u32 {
    device::global_memory_cache_line_size()
}

/// Bytes of the CPU's widest vector register (64 with AVX-512, 32 with AVX, 16 otherwise).
#[no_mangle]
pub extern "C" fn __nativecpu_vector_register_bytes() -> u32 {
    device::vector_register_bytes()
}

/// `NATIVECPU_SUCCESS` when the device can run the kernel; `NATIVECPU_ERROR_INVALID_KERNEL`,
/// with the last error set, when no such kernel is registered or the device cannot run it (an
/// aspect it lacks, a required size it does not have: `sycl::is_compatible`).
///
/// # Safety
/// `kernel_name` must be null or a valid C string.
#[no_mangle]
pub unsafe extern "C" fn __nativecpu_kernel_supported(kernel_name: *const c_char) -> c_int {
    diag::catch_panic(
        "__nativecpu_kernel_supported",
        ResultCode::Runtime.into(),
        || {
            // SAFETY: forwarded from the caller.
            let kernel = match unsafe { kernel_named(kernel_name, "__nativecpu_kernel_supported") }
            {
                Ok(kernel) => kernel,
                Err(code) => return code,
            };
            match kernel.unsupported {
                None => ResultCode::Success.into(),
                Some(cause) => {
                    let error = LaunchError::UnsupportedKernel {
                        kernel: kernel.name.to_string(),
                        cause: cause.to_string(),
                    };
                    diag::set_last_error(&error.to_string());
                    error.code().into()
                }
            }
        },
    )
}

/// Fills `info` with what the compiler decided about the kernel (its metadata note, see
/// [`kernel_info`]); `NATIVECPU_ERROR_INVALID_KERNEL` when no such kernel is registered, with
/// the last error set.
///
/// # Safety
/// `kernel_name` must be null or a valid C string, `info` null or writable.
#[no_mangle]
pub unsafe extern "C" fn __nativecpu_get_kernel_info(
    kernel_name: *const c_char,
    info: *mut kernel_info::CKernelInfo,
) -> c_int {
    diag::catch_panic(
        "__nativecpu_get_kernel_info",
        ResultCode::Runtime.into(),
        || {
            if info.is_null() {
                diag::set_last_error("__nativecpu_get_kernel_info called with a null info pointer");
                return ResultCode::Runtime.into();
            }
            // SAFETY: forwarded from the caller.
            match unsafe { kernel_named(kernel_name, "__nativecpu_get_kernel_info") } {
                Ok(kernel) => {
                    // SAFETY: checked non-null; the caller guarantees it is writable.
                    unsafe { info.write(kernel_info::CKernelInfo::from(kernel.info)) };
                    ResultCode::Success.into()
                }
                Err(code) => code,
            }
        },
    )
}

/// `struct __nativecpu_source_file`: one include file of a kernel compiler build.
#[repr(C)]
pub struct SourceFile {
    name: *const c_char,
    content: *const c_char,
}

/// `struct __nativecpu_source_build`: what `__nativecpu_build_source` builds.
#[repr(C)]
pub struct SourceBuild {
    source: *const c_char,
    include_files: *const SourceFile,
    include_file_count: usize,
    options: *const *const c_char,
    option_count: usize,
    registered_names: *const *const c_char,
    registered_name_count: usize,
}

/// `struct __nativecpu_built_kernel`.
#[repr(C)]
pub struct BuiltKernelRow {
    name: *const c_char,
    kernel_name: *const c_char,
    raw_name: *const c_char,
    binder: *const c_void,
    argument_count: c_int,
}

/// `struct __nativecpu_built_source`: the result, at the start of the allocation that owns its
/// strings.
#[repr(C)]
pub struct BuiltSource {
    status: c_int,
    log: *const c_char,
    kernels: *const BuiltKernelRow,
    kernel_count: usize,
}

/// A [`BuiltSource`] and the storage its pointers point into.
#[repr(C)]
struct OwnedBuiltSource {
    result: BuiltSource,
    rows: Vec<BuiltKernelRow>,
    strings: Vec<CString>,
}

/// `NATIVECPU_BUILD_INVALID` and `NATIVECPU_BUILD_FAILED` of runtime.h.
const BUILD_INVALID: c_int = 1;
const BUILD_FAILED: c_int = 2;

/// Reads a NUL-terminated string the caller passed (null reads as empty).
///
/// # Safety
/// `text` must be null or NUL-terminated.
unsafe fn string_argument(text: *const c_char) -> String {
    if text.is_null() {
        return String::new();
    }
    // SAFETY: the caller guarantees a NUL-terminated string.
    unsafe { CStr::from_ptr(text) }
        .to_string_lossy()
        .into_owned()
}

/// Reads `count` strings at `strings` (none when null).
///
/// # Safety
/// `strings` must be null or point to `count` NUL-terminated strings.
unsafe fn string_array(strings: *const *const c_char, count: usize) -> Vec<String> {
    if strings.is_null() {
        return Vec::new();
    }
    // SAFETY: the caller guarantees `count` readable pointers, each a string (above).
    (0..count)
        .map(|i| unsafe { string_argument(*strings.add(i)) })
        .collect()
}

/// Reads a build request.
///
/// # Safety
/// `request` must be valid (see [`__nativecpu_build_source`]).
unsafe fn read_request(request: &SourceBuild) -> kernel_compiler::Request {
    let include_files = if request.include_files.is_null() {
        Vec::new()
    } else {
        (0..request.include_file_count)
            .map(|i| {
                // SAFETY: the caller guarantees `include_file_count` files.
                let file = unsafe { &*request.include_files.add(i) };
                // SAFETY: each file's name and content are strings.
                unsafe { (string_argument(file.name), string_argument(file.content)) }
            })
            .collect()
    };
    // SAFETY: the caller guarantees the strings and arrays (see the entry point).
    let (source, options, registered_names) = unsafe {
        (
            string_argument(request.source),
            string_array(request.options, request.option_count),
            string_array(request.registered_names, request.registered_name_count),
        )
    };
    kernel_compiler::Request {
        source,
        include_files,
        options,
        registered_names,
    }
}

/// The C form of a build's outcome.
fn built_source(
    outcome: Result<kernel_compiler::Built, kernel_compiler::BuildError>,
) -> Box<OwnedBuiltSource> {
    let c_string = |text: &str| CString::new(text.replace('\0', "\\0")).unwrap_or_default();
    let (status, log, kernels) = match outcome {
        Ok(built) => (0, built.log, built.kernels),
        Err(kernel_compiler::BuildError::Invalid(log)) => (BUILD_INVALID, log, Vec::new()),
        Err(kernel_compiler::BuildError::Failed(log)) => (BUILD_FAILED, log, Vec::new()),
    };
    let mut strings = vec![c_string(&log)];
    let mut rows = Vec::new();
    for kernel in &kernels {
        let [name, kernel_name, raw_name] =
            [&kernel.name, &kernel.kernel_name, &kernel.raw_name].map(|text| c_string(text));
        // A CString's buffer does not move when the CString itself moves into `strings`.
        rows.push(BuiltKernelRow {
            name: name.as_ptr(),
            kernel_name: kernel_name.as_ptr(),
            raw_name: raw_name.as_ptr(),
            binder: kernel.binder,
            argument_count: kernel.argument_count,
        });
        strings.extend([name, kernel_name, raw_name]);
    }
    let result = BuiltSource {
        status,
        log: strings[0].as_ptr(),
        kernels: rows.as_ptr(),
        kernel_count: rows.len(),
    };
    Box::new(OwnedBuiltSource {
        result,
        rows,
        strings,
    })
}

/// Builds a source of free function kernels into a loaded library (the kernel compiler,
/// [`kernel_compiler`]). Never null; release the result with `__nativecpu_release_built_source`.
///
/// # Safety
/// `request` must be null or valid: `source` and every name, content, option and registered name
/// null or NUL-terminated, each array null or of its count.
#[no_mangle]
pub unsafe extern "C" fn __nativecpu_build_source(
    request: *const SourceBuild,
) -> *const BuiltSource {
    let outcome = diag::catch_panic("__nativecpu_build_source", None, || {
        if request.is_null() {
            return Some(Err(kernel_compiler::BuildError::Invalid(
                "null build request".into(),
            )));
        }
        // SAFETY: non-null, and valid by the caller's guarantee.
        let request = unsafe { read_request(&*request) };
        Some(kernel_compiler::build(&request))
    });
    let outcome = outcome.unwrap_or_else(|| {
        Err(kernel_compiler::BuildError::Failed(
            "internal runtime error in the kernel compiler".into(),
        ))
    });
    Box::into_raw(built_source(outcome)).cast_const().cast()
}

/// Frees a result of `__nativecpu_build_source` (the library stays loaded).
///
/// # Safety
/// `built` must be null or a result of `__nativecpu_build_source` not yet released.
#[no_mangle]
pub unsafe extern "C" fn __nativecpu_release_built_source(built: *const BuiltSource) {
    if !built.is_null() {
        // SAFETY: `built` is the start of an OwnedBuiltSource that `__nativecpu_build_source`
        // leaked from a Box (its first field, repr(C)), released once.
        drop(unsafe { Box::from_raw(built.cast_mut().cast::<OwnedBuiltSource>()) });
    }
}

/// Records the `ncpu++` that linked the program, for the kernel compiler (called by the
/// constructor `ncpu++` links into programs and libraries; the first call wins).
///
/// # Safety
/// `path` must be null or NUL-terminated.
#[no_mangle]
pub unsafe extern "C" fn __nativecpu_set_compiler_driver(path: *const c_char) {
    if !path.is_null() {
        // SAFETY: the caller guarantees a NUL-terminated string.
        let bytes = unsafe { CStr::from_ptr(path) }.to_bytes();
        let path = std::path::PathBuf::from(std::ffi::OsStr::from_bytes(bytes));
        diag::catch_panic("__nativecpu_set_compiler_driver", (), || {
            kernel_compiler::record_driver(path)
        });
    }
}
