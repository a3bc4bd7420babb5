//! The Native CPU runtime: the static library every SYCL program built by our driver links.
//!
//! It plays the part of the SYCL runtime plus the Unified Runtime Native CPU adapter in intel/llvm
//! (reference `intel-llvm-native-cpu.md` §3.2–§4.6), cut down to what a program compiled for the
//! host CPU needs:
//!
//! * **Registration** ([`registry`]): the offload wrapper's priority-1 global constructors call
//!   `__sycl_register_lib` with a descriptor of device images, before `main`; the runtime records
//!   the kernels of the `native_cpu` images (name → subhandler) and their property sets.
//!   `__sycl_unregister_lib` undoes it after `main`.
//! * **Launches** ([`launch`], [`pool`]): `__nativecpu_launch` calls the kernel's subhandler
//!   once per work-group, filling a [`state::NativeCpuState`] (UR's layout) for each group, on a
//!   persistent pool of threads over all cores. Groups are handed out dynamically in chunks
//!   through an atomic counter, the launching thread working too, instead of UR's and OCK's
//!   static slices. Range launches (no local size) get a runtime-chosen shape with
//!   power-of-two groups and an exact binary cover of the remainder.
//!
//! # ABI
//!
//! The C ABI is `toolchain/include/nativecpu/runtime.h`, implemented by [`ffi`] and nothing else:
//! `__sycl_register_lib`, `__sycl_unregister_lib`, `__nativecpu_find_kernel`,
//! `__nativecpu_launch`, `__nativecpu_last_error` and `__nativecpu_thread_count`. The `#[repr(C)]`
//! types mirror the header's structs field for field. Link a program with
//! `libnativecpu_runtime.a -lpthread -ldl -lm`.
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
//!
//! The Rust API of the modules is for the runtime's own tests and for tools written in Rust; C
//! and C++ programs use the entry points only.

mod diag;
pub mod ffi;
pub mod launch;
pub mod pool;
pub mod registry;
pub mod state;
