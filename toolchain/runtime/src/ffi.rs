//! The C entry points declared in `toolchain/include/nativecpu/runtime.h`. Each one checks its
//! pointers, converts, and calls the Rust implementation inside `diag::catch_panic`.

use std::ffi::{c_char, c_int, CStr};

use crate::device;
use crate::diag;
use crate::launch::{self, LaunchDesc, LaunchError, ResultCode};
use crate::pool;
use crate::registry::{self, DeviceBinaries, Subhandler};

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
        registry::find(unsafe { CStr::from_ptr(kernel_name) }).map(|kernel| kernel.subhandler)
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
    diag::catch_panic("__nativecpu_launch", ResultCode::Runtime.into(), || {
        let result = if kernel_name.is_null() {
            Err(LaunchError::NullName)
        } else {
            // SAFETY: checked non-null; the caller guarantees a C string.
            let name = unsafe { CStr::from_ptr(kernel_name) };
            // SAFETY: the caller guarantees `desc` is null or valid.
            match unsafe { desc.as_ref() } {
                None => Err(LaunchError::NullLaunch(name.to_string_lossy().into_owned())),
                // SAFETY: forwarded from the caller.
                Some(desc) => unsafe { launch::launch(name, desc) },
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
