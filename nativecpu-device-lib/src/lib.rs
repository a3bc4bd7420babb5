//! The Native CPU device library: definitions that device code needs at run time (the
//! `__dpcpp_nativecpu_*` accessors of the work-item state, and builtins that are plain code),
//! compiled to LLVM bitcode at build time from `src/device_lib.c`.
//!
//! The compiler links [`BITCODE`] into each device module before its pipeline, so the device
//! object never needs a symbol from the runtime: every accessor is inlined into the kernels.

/// LLVM bitcode of the device library, for the target this crate was built for.
pub static BITCODE: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/nativecpu-device-lib.bc"));

/// The `sycl-module-id` the library's functions carry, so passes can tell them from user code.
pub const MODULE_ID: &str = "nativecpu-device-lib/device_lib.c";
