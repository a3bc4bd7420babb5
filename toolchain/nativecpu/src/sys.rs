//! Every `unsafe` of the crate: the runtime's C ABI (`toolchain/include/nativecpu/runtime.h`,
//! the functions the SYCL headers call), the memory of buffers, and the tasks of asynchronous
//! launches. The rest of the crate is safe code over these functions.
//!
//! The functions are resolved at the final link against `libnativecpu_runtime.a`, the library
//! `ncpu++` links into SYCL programs and `nativecpu-build` links into Rust ones: the kernels the
//! linked SYCL code registered, the thread pool and the task graph are that library's, shared
//! with the program's SYCL queues.

use std::alloc::Layout;
use std::ffi::{c_char, c_int, c_void, CStr, CString};
use std::mem::MaybeUninit;
use std::ptr::NonNull;

/// `struct __nativecpu_launch_info`.
#[repr(C)]
struct LaunchInfo {
    dims: u32,
    global_size: [usize; 3],
    local_size: [usize; 3],
    global_offset: [usize; 3],
    args: *const *mut c_void,
    num_args: usize,
    local_memory_size: usize,
    local_argument_sizes: *const usize,
}

/// `__nativecpu_task`, opaque.
#[repr(C)]
struct RawTask {
    _opaque: [u8; 0],
}

extern "C" {
    fn __nativecpu_find_kernel(kernel_name: *const c_char) -> *const c_void;
    fn __nativecpu_kernel_names(names: *mut *const c_char, capacity: usize) -> usize;
    fn __nativecpu_launch(kernel_name: *const c_char, launch: *const LaunchInfo) -> c_int;
    fn __nativecpu_check_launch(kernel_name: *const c_char, launch: *const LaunchInfo) -> c_int;
    fn __nativecpu_last_error() -> *const c_char;
    fn __nativecpu_device_string(what: c_int) -> *const c_char;
    fn __nativecpu_device_selected() -> c_int;
    fn __nativecpu_thread_count() -> usize;
    fn __nativecpu_max_work_group_size() -> usize;
    fn __nativecpu_local_memory_size() -> usize;
    fn __nativecpu_get_kernel_info(kernel_name: *const c_char, info: *mut KernelInfo) -> c_int;
    fn __nativecpu_task_submit(
        run: extern "C" fn(*mut c_void),
        data: *mut c_void,
        dependencies: *const *mut RawTask,
        count: usize,
    ) -> *mut RawTask;
    fn __nativecpu_task_wait(task: *mut RawTask);
    fn __nativecpu_task_status(task: *mut RawTask) -> c_int;
    fn __nativecpu_task_times(task: *mut RawTask, times: *mut u64);
    fn __nativecpu_task_release(task: *mut RawTask);
}

/// A failed runtime call: its result code and `__nativecpu_last_error()`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Failure {
    pub code: i32,
    pub message: String,
}

fn last_error() -> String {
    // SAFETY: the runtime returns a valid C string, alive until this thread's next failing call.
    unsafe { CStr::from_ptr(__nativecpu_last_error()) }
        .to_string_lossy()
        .into_owned()
}

/// The device's name (0), vendor (1), version (2) or platform name (3).
pub fn device_string(what: i32) -> String {
    // SAFETY: no arguments to check; the result is null or a static C string.
    let text = unsafe { __nativecpu_device_string(what) };
    if text.is_null() {
        return String::new();
    }
    // SAFETY: non-null, a static C string of the runtime.
    unsafe { CStr::from_ptr(text) }
        .to_string_lossy()
        .into_owned()
}

/// Whether `ONEAPI_DEVICE_SELECTOR` lets the device through; the runtime's message if the
/// variable is malformed.
pub fn device_selected() -> Result<bool, String> {
    // SAFETY: no arguments.
    match unsafe { __nativecpu_device_selected() } {
        -1 => Err(last_error()),
        selected => Ok(selected == 1),
    }
}

/// The number of threads launches use, the largest nd-range work-group and the most local
/// memory per work-group.
pub fn limits() -> (usize, usize, usize) {
    // SAFETY: none of these take arguments.
    unsafe {
        (
            __nativecpu_thread_count(),
            __nativecpu_max_work_group_size(),
            __nativecpu_local_memory_size(),
        )
    }
}

/// The names of the registered kernels.
pub fn kernel_names() -> Vec<String> {
    // SAFETY: a null array with capacity 0 asks for the count only.
    let count = unsafe { __nativecpu_kernel_names(std::ptr::null_mut(), 0) };
    let mut names = vec![std::ptr::null(); count];
    // SAFETY: `names` has room for `count` pointers; the runtime writes at most that many.
    let written = unsafe { __nativecpu_kernel_names(names.as_mut_ptr(), names.len()) };
    names
        .into_iter()
        .take(written.min(count))
        .map(|name| {
            // SAFETY: each written entry is a C string that lives while its kernel is registered.
            unsafe { CStr::from_ptr(name) }
                .to_string_lossy()
                .into_owned()
        })
        .collect()
}

/// Whether a kernel of that name is registered.
pub fn kernel_registered(name: &CStr) -> bool {
    // SAFETY: `name` is a valid C string.
    !unsafe { __nativecpu_find_kernel(name.as_ptr()) }.is_null()
}

/// `struct __nativecpu_kernel_info`: what the compiler decided about a kernel.
#[repr(C)]
#[derive(Debug, Clone, Copy, Default)]
struct KernelInfo {
    local_memory_size: u64,
    private_memory_size: u64,
    reqd_work_group_size: [u32; 3],
    sub_group_size: u32,
    reqd_sub_group_size: u32,
    vector_width: u32,
}

/// The kernel's sub-group size (its vector width, 1 when it was not vectorized).
pub fn kernel_sub_group_size(name: &CStr) -> Result<u32, Failure> {
    let mut info = KernelInfo::default();
    // SAFETY: `name` is a valid C string and `info` a writable record of the runtime's layout.
    result(unsafe { __nativecpu_get_kernel_info(name.as_ptr(), &mut info) })?;
    Ok(info.sub_group_size)
}

/// What one launch runs, in the device's order (x first): all-zero local size for a range.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Shape {
    pub dims: u32,
    pub global: [usize; 3],
    pub local: [usize; 3],
    pub offset: [usize; 3],
}

/// A launch's arguments as the runtime takes them: `pointers[i]` is argument `i` itself for a
/// pointer parameter and points at the value otherwise; `local_sizes[i]` is non-zero for a
/// local-memory argument.
pub struct RawArguments {
    pub pointers: Vec<*mut c_void>,
    pub local_sizes: Vec<usize>,
}

// SAFETY: the pointers are only read by the runtime during the launch; the launch functions'
// callers guarantee what they point at outlives it (see `launch` and `Scope::submit`).
unsafe impl Send for RawArguments {}

fn launch_info(shape: &Shape, arguments: &RawArguments) -> LaunchInfo {
    let has_local = arguments.local_sizes.iter().any(|&size| size != 0);
    LaunchInfo {
        dims: shape.dims,
        global_size: shape.global,
        local_size: shape.local,
        global_offset: shape.offset,
        args: arguments.pointers.as_ptr(),
        num_args: arguments.pointers.len(),
        local_memory_size: 0,
        local_argument_sizes: if has_local {
            arguments.local_sizes.as_ptr()
        } else {
            std::ptr::null()
        },
    }
}

fn result(code: c_int) -> Result<(), Failure> {
    match code {
        0 => Ok(()),
        code => Err(Failure {
            code,
            message: last_error(),
        }),
    }
}

/// Checks a launch as the runtime would run it (kernel, ranges, local memory), without running
/// it: the argument values are not read.
pub fn check_launch(name: &CStr, shape: &Shape, arguments: &RawArguments) -> Result<(), Failure> {
    let info = launch_info(shape, arguments);
    // SAFETY: `name` is a C string and `info` a complete description whose arrays live for the
    // call; checking reads no argument.
    result(unsafe { __nativecpu_check_launch(name.as_ptr(), &info) })
}

/// Runs the kernel over the shape on the runtime's thread pool and returns when it finished.
///
/// # Safety
/// The arguments must match the kernel's C++ parameters in number, order and type, and what
/// they point at must be valid for everything the kernel does with it during the launch.
pub unsafe fn launch(name: &CStr, shape: &Shape, arguments: &RawArguments) -> Result<(), Failure> {
    let info = launch_info(shape, arguments);
    // SAFETY: `name` and `info` are valid for the call; the arguments are the caller's promise.
    result(unsafe { __nativecpu_launch(name.as_ptr(), &info) })
}

/// A task of the runtime's task graph, released when dropped.
#[derive(Debug)]
pub struct Task(NonNull<RawTask>);

// SAFETY: task handles are reference-counted by the runtime and may be used from any thread.
unsafe impl Send for Task {}
// SAFETY: every operation on a handle is thread-safe in the runtime (runtime.h).
unsafe impl Sync for Task {}

type Job = Box<dyn FnOnce() + Send>;

extern "C" fn run_job(data: *mut c_void) {
    // SAFETY: `data` is the `Box<Job>` leaked by `submit_launch`, given to this function once.
    let job = unsafe { Box::from_raw(data.cast::<Job>()) };
    // A panic must not unwind into the runtime's executor thread (C ABI); the job reports its
    // own outcome, so a panic only loses it, and the waiting side sees no result.
    let _ = std::panic::catch_unwind(std::panic::AssertUnwindSafe(job));
}

/// What an asynchronous launch runs: the kernel, its shape, its arguments in the runtime's form
/// and `owner`, which keeps alive what they point at; `done` receives the launch's result.
pub struct Launch<'a, Owner: Send + 'a> {
    pub name: CString,
    pub shape: Shape,
    pub arguments: RawArguments,
    pub owner: Owner,
    pub done: Box<dyn FnOnce(Result<(), Failure>) + Send + 'a>,
}

impl Task {
    /// Submits `launch` to run on one of the runtime's executor threads once `dependencies`
    /// have completed; `None` if the runtime returned no task.
    ///
    /// # Safety
    /// As for [`launch`]; besides, everything `launch` borrows for `'a` must outlive the task's
    /// completion.
    pub unsafe fn submit_launch<'a, Owner: Send + 'a>(
        launch: Launch<'a, Owner>,
        dependencies: &[&Task],
    ) -> Option<Task> {
        let job: Box<dyn FnOnce() + Send + 'a> = Box::new(move || {
            let Launch {
                name,
                shape,
                arguments,
                owner,
                done,
            } = launch;
            // SAFETY: the caller's promise for the arguments; `owner` keeps the values alive.
            done(unsafe { self::launch(&name, &shape, &arguments) });
            drop(owner);
        });
        // SAFETY: only the lifetime changes; the caller guarantees that what the job borrows
        // outlives the task, which is the only user of the job.
        let job: Job = unsafe { std::mem::transmute::<Box<dyn FnOnce() + Send + 'a>, Job>(job) };
        let handles: Vec<*mut RawTask> = dependencies.iter().map(|task| task.0.as_ptr()).collect();
        let data = Box::into_raw(Box::new(job)).cast::<c_void>();
        // SAFETY: `run_job` takes back `data` exactly once; the handles are live (borrowed).
        let task =
            unsafe { __nativecpu_task_submit(run_job, data, handles.as_ptr(), handles.len()) };
        NonNull::new(task).map(Task)
    }

    /// Blocks until the task has completed.
    pub fn wait(&self) {
        // SAFETY: the handle is live while `self` is.
        unsafe { __nativecpu_task_wait(self.0.as_ptr()) }
    }

    /// 0 submitted, 1 running, 2 complete.
    pub fn status(&self) -> i32 {
        // SAFETY: the handle is live while `self` is.
        unsafe { __nativecpu_task_status(self.0.as_ptr()) }
    }

    /// Submit, start and end times in nanoseconds (0: not yet).
    pub fn times(&self) -> [u64; 3] {
        let mut times = [0; 3];
        // SAFETY: live handle; room for the three values.
        unsafe { __nativecpu_task_times(self.0.as_ptr(), times.as_mut_ptr()) };
        times
    }
}

impl Drop for Task {
    fn drop(&mut self) {
        // SAFETY: the handle is ours and not used afterwards.
        unsafe { __nativecpu_task_release(self.0.as_ptr()) }
    }
}

/// Zeroed, 64-byte-aligned memory (at least one byte, so that the address is unique), freed
/// when dropped: the storage of a `Buffer`.
#[derive(Debug)]
pub struct Memory {
    pointer: NonNull<u8>,
    layout: Layout,
}

// SAFETY: `Memory` owns its allocation exclusively, like a `Box<[u8]>`.
unsafe impl Send for Memory {}
// SAFETY: shared access only reads through `bytes`; writes need `&mut`.
unsafe impl Sync for Memory {}

impl Memory {
    /// `bytes` bytes; `None` if the size does not fit a layout or the allocator refuses.
    pub fn zeroed(bytes: usize) -> Option<Memory> {
        let layout = Layout::from_size_align(bytes.max(1), 64).ok()?;
        // SAFETY: the layout's size is not zero.
        let pointer = NonNull::new(unsafe { std::alloc::alloc_zeroed(layout) })?;
        Some(Memory { pointer, layout })
    }

    /// The address kernels receive.
    pub fn address(&self) -> *mut c_void {
        self.pointer.as_ptr().cast()
    }

    /// The memory as values of `T`, as many as fit.
    pub fn as_slice<T: Element>(&self) -> &[T] {
        let count = self.layout.size() / std::mem::size_of::<T>();
        // SAFETY: `count` values fit the allocation, which is 64-byte aligned (at least `T`'s
        // alignment, `Element` types being primitives), initialised (zeroed, then written), and
        // every bit pattern is a valid `T` (`Element`'s contract).
        unsafe { std::slice::from_raw_parts(self.pointer.as_ptr().cast(), count) }
    }

    /// As [`Memory::as_slice`], mutable.
    pub fn as_mut_slice<T: Element>(&mut self) -> &mut [T] {
        let count = self.layout.size() / std::mem::size_of::<T>();
        // SAFETY: as in `as_slice`; `&mut self` makes the access exclusive.
        unsafe { std::slice::from_raw_parts_mut(self.pointer.as_ptr().cast(), count) }
    }
}

/// The element types of buffers: primitive numbers, for which every bit pattern is a value (a
/// kernel may write any bits) and whose alignment is at most 64 bytes.
///
/// # Safety
/// Implementors must be plain data with those two properties and no padding.
pub unsafe trait Element: Copy + Send + Sync + 'static {}

macro_rules! elements {
    ($($type:ty),*) => {
        $(
            // SAFETY: a primitive number: no padding, every bit pattern valid, small alignment.
            unsafe impl Element for $type {}
        )*
    };
}
elements!(i8, i16, i32, i64, u8, u16, u32, u64, isize, usize, f32, f64);

impl Drop for Memory {
    fn drop(&mut self) {
        // SAFETY: allocated in `zeroed` with this layout, freed once.
        unsafe { std::alloc::dealloc(self.pointer.as_ptr(), self.layout) }
    }
}

/// A copy of a by-value argument, 16-byte aligned, whose address the runtime passes to the
/// kernel.
#[derive(Debug, Clone)]
pub struct ValueStorage(Box<[MaybeUninit<u128>]>);

impl ValueStorage {
    /// Copies `value`'s bytes (padding included, left as it is).
    pub fn new<T: Copy + 'static>(value: T) -> ValueStorage {
        const {
            assert!(
                std::mem::align_of::<T>() <= 16,
                "a by-value argument may be at most 16-byte aligned"
            )
        };
        let words = std::mem::size_of::<T>().div_ceil(16).max(1);
        let mut storage = vec![MaybeUninit::<u128>::uninit(); words].into_boxed_slice();
        // SAFETY: the storage has room for `size_of::<T>()` bytes and is aligned for `T` (checked
        // above); it is never read as `u128`s.
        unsafe { storage.as_mut_ptr().cast::<T>().write(value) };
        ValueStorage(storage)
    }

    /// Where the value is.
    pub fn address(&self) -> *mut c_void {
        self.0.as_ptr().cast_mut().cast()
    }
}

// SAFETY: a plain copy of a `Copy + 'static` value; shared only to be read by kernels.
unsafe impl Send for ValueStorage {}
// SAFETY: as above.
unsafe impl Sync for ValueStorage {}

/// A kernel name for the C ABI; `None` if it contains a NUL byte.
pub fn c_name(name: &str) -> Option<CString> {
    CString::new(name).ok()
}
