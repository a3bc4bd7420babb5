//! The Native CPU runtime: the static library every SYCL program built by our driver links.
//!
//! It plays the part of the SYCL runtime plus the Unified Runtime Native CPU adapter in intel/llvm
//! (docs/runtime-abi.md, docs/formats.md), cut down to what a program compiled for the
//! host CPU needs:
//!
//! * **Registration** ([`registry`]): the offload wrapper's priority-1 global constructors call
//!   `__sycl_register_lib` with a descriptor of device images, before `main`; the runtime records
//!   the kernels of the `native_cpu` images (name → subhandler) and their property sets, after
//!   checking them with the rules the offload wrapper applies (`docs/formats-validation.md`).
//!   `__sycl_unregister_lib` undoes it after `main`.
//! * **Kernel info** ([`kernel_info`]): what the compiler decided about each kernel (local and
//!   private memory, required work-group and sub-group sizes, vector width), read at
//!   registration from the metadata notes in the object holding the kernel's code, for
//!   `__nativecpu_get_kernel_info`; a malformed note refuses the image like a malformed
//!   property set.
//! * **Launches** ([`launch`], [`pool`]): `__nativecpu_launch` calls the kernel's subhandler
//!   once per work-group, filling a [`state::NativeCpuState`] (UR's layout) for each group, on a
//!   persistent pool of threads over all cores. Groups are handed out dynamically in chunks
//!   through an atomic counter, the launching thread working too, instead of UR's and OCK's
//!   static slices. Range launches (no local size) get a runtime-chosen shape with
//!   power-of-two groups and an exact binary cover of the remainder.
//! * **Work-group local memory** ([`arena`]): a launch that asks for `local_memory_size` bytes
//!   gives every thread taking part its own 128-byte-aligned block, reused for each group the
//!   thread runs and kept per thread across launches, as the extra argument `args[num_args]`.
//!   Local-memory arguments (`local_argument_sizes[i] > 0`, DPC++'s `ptr addrspace(3)`
//!   parameters) get their own per-thread blocks the same way, passed as `args[i]`.
//! * **Address spaces** ([`address_spaces`]): which space a pointer points into for the calling
//!   thread (its launch's local-memory block, its stack, the rest), for the dynamic casts.
//! * **Asynchronous commands** ([`tasks`]): a task graph with dependencies, run on executor
//!   threads, timed for profiling; the headers build SYCL's queues and events on it.
//! * **Specialization constants** ([`spec_constants`]): emulated, as on DPC++'s Native CPU; the
//!   runtime fills the buffer a kernel reads them from, using its image's property sets.
//! * **Checks** ([`launch`], [`device`]): launches are validated before any group runs — the
//!   description's consistency, the device limits (8192 work-items per nd_range work-group,
//!   256 KiB of local memory, see [`device`] for why) and the kernel's `reqd_work_group_size`
//!   from its image's program metadata, which also fixes the group shape of range launches —
//!   and each failure has its result code.
//!
//! # ABI
//!
//! The C ABI is `toolchain/include/nativecpu/runtime.h`, implemented by [`ffi`] and nothing else:
//! `__sycl_register_lib`, `__sycl_unregister_lib`, `__nativecpu_find_kernel`,
//! `__nativecpu_launch`, `__nativecpu_spec_constants_size`, `__nativecpu_spec_constants_fill`,
//! `__nativecpu_device_selected`, `__nativecpu_check_launch`, the `__nativecpu_task_*` functions,
//! `__nativecpu_last_error`, `__nativecpu_thread_count`, `__nativecpu_set_tsan_hooks`, `__nativecpu_max_work_group_size`,
//! `__nativecpu_local_memory_size`, the `__nativecpu_global_memory_*` sizes, `__nativecpu_address_space_of`,
//! `__nativecpu_get_kernel_info`, `__nativecpu_kernel_supported`, and the kernel compiler's
//! `__nativecpu_build_source`, `__nativecpu_release_built_source` and
//! `__nativecpu_set_compiler_driver` ([`kernel_compiler`]). The `#[repr(C)]` types
//! mirror the header's structs field for field, and [`launch::ResultCode`] its
//! `enum __nativecpu_result`:
//!
//! | Code | When |
//! |---|---|
//! | `NATIVECPU_SUCCESS` (0) | the kernel ran over the whole range |
//! | `NATIVECPU_ERROR_INVALID_KERNEL` (1) | no kernel of that name is registered, its image was refused at registration (malformed property sets or entries), or the device cannot run it (an aspect its image requires that the device lacks, a `reqd_work_group_size` above the maximum, a `reqd_sub_group_size` the device does not have) |
//! | `NATIVECPU_ERROR_INVALID_ND_RANGE` (2) | bad dimensions, sizes, offsets or local size; a work-group above the maximum; a local size other than the kernel's `reqd_work_group_size`, or a range not divisible by it |
//! | `NATIVECPU_ERROR_OUT_OF_RESOURCES` (3) | `local_memory_size` plus the `local_argument_sizes` above `__nativecpu_local_memory_size()` (or a block the host could not allocate) |
//! | `NATIVECPU_ERROR_RUNTIME` (4) | null name, launch or argument array; internal errors |
//!
//! Link a program with `libnativecpu_runtime.a -lpthread -ldl -lm`.
//!
//! # Thread safety
//!
//! Every entry point may be called from any thread at any time, including before `main`. The
//! registry is behind a read-write lock (launches only read it). Launches from several host
//! threads run concurrently on the shared pool (see [`pool`]); each returns when its own groups
//! have finished. The last error is per thread. No panic crosses the C boundary: each entry point
//! catches them and reports an error instead.
//!
//! # Configuration
//!
//! `NATIVECPU_THREADS=<n>` (1 to 4096) sets the number of threads a launch uses, the launching
//! thread included; otherwise every core the process may run on is used.
//! `ONEAPI_DEVICE_SELECTOR` (DPC++'s device filter, see [`selector`]) may hide the device.
//!
//! The Rust API of the modules is for the runtime's own tests and for tools written in Rust; C
//! and C++ programs use the entry points only.

pub mod address_spaces;
pub mod arena;
pub mod device;
mod diag;
pub mod ffi;
pub mod kernel_compiler;
pub mod kernel_info;
pub mod launch;
pub mod pool;
pub mod registry;
pub mod selector;
pub mod spec_constants;
mod stack_guard;
pub mod state;
pub mod tasks;
pub mod tsan_hooks;
