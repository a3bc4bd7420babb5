//! The device limits the runtime enforces at launch, exported through
//! `__nativecpu_max_work_group_size()` and `__nativecpu_local_memory_size()`.
//!
//! # Why these values
//!
//! A GPU's limits come from hardware (registers, shared memory per compute unit). Here a
//! work-group is one subhandler call on one thread, and what grows with a group lives in
//! *per-thread heap arenas*, not on a stack:
//!
//! * **Work-group local memory** (local accessors) is one block per thread, reused for every group
//!   the thread runs (see [`crate::arena`]); so the device's local memory costs
//!   `threads × LOCAL_MEMORY_SIZE` bytes of heap at most, whatever the number of groups.
//! * **Live variables** of kernels split at barriers (one record per work-item, carried across the
//!   barrier) will go into the same kind of per-thread arena, sized record × group size.
//!
//! OCK's host target keeps such state in the worker's stack frame (docs/runtime-abi.md),
//! which ties its limits to the stack size and makes an oversized group a stack
//! overflow. On the heap the only costs are memory and cache footprint, so the limits are set for
//! those:
//!
//! * [`MAX_WORK_GROUP_SIZE`] = 8192 work-items: generous next to GPUs' usual 1024 (so nd_range code
//!   written for them runs unchanged, and CPU-tuned code may use bigger groups), while a
//!   live-variable arena of a few dozen bytes per item stays within a few hundred KiB per thread.
//!   Range launches choose their own groups (at most [`crate::launch::MAX_RANGE_GROUP_ITEMS`]
//!   items), so the limit only constrains nd_range launches and `reqd_work_group_size`.
//! * [`LOCAL_MEMORY_SIZE`] = 256 KiB per work-group: eight times UR's 32 KiB and more than GPUs' 48–64 KiB, so tiles sized for a GPU fit,
//!   while a block still fits in a core's L2 cache, where local memory belongs, and the worst
//!   case is a bounded 256 KiB per thread.
//!
//! Each local dimension must also be at least 1 (a zero in an nd_range local size is rejected;
//! all zeros mean a range launch).

use std::ffi::{CStr, CString};
use std::sync::OnceLock;

/// The platform's name, as `info::platform::name` and `sycl-ls` report it. (C strings, because
/// the headers read them through `__nativecpu_device_string`.)
pub const PLATFORM_NAME: &CStr = c"SYCL Native CPU";
/// The device's name where the operating system does not name the CPU (see [`device_name`]).
pub const FALLBACK_DEVICE_NAME: &CStr = c"SYCL Native CPU";
/// The vendor of the platform and the device.
pub const VENDOR: &CStr = c"ncpu toolchain";
/// The device and driver version: the toolchain's version.
pub const VERSION: &CStr =
    match CStr::from_bytes_with_nul(concat!(env!("CARGO_PKG_VERSION"), "\0").as_bytes()) {
        Ok(version) => version,
        Err(_) => panic!("a package version has no NUL"),
    };

/// The largest work-group, in work-items (the product of the local sizes), of an nd_range launch
/// or of a kernel's `reqd_work_group_size`.
pub const MAX_WORK_GROUP_SIZE: usize = 8192;

/// The most work-group local memory, in bytes, a launch may ask for.
pub const LOCAL_MEMORY_SIZE: usize = 256 << 10;

/// Alignment of every thread's local-memory block: two cache lines, and enough for any vector
/// type a local accessor can hold (up to 16 × 8-byte elements, which the SYCL-CTS puts there).
pub const LOCAL_MEMORY_ALIGN: usize = 128;

const _: () = assert!(crate::launch::MAX_RANGE_GROUP_ITEMS <= MAX_WORK_GROUP_SIZE);
const _: () = assert!(LOCAL_MEMORY_ALIGN.is_power_of_two());

/// Bytes of the widest vector register the CPU has and the operating system saves: 64 with
/// AVX-512, 32 with AVX, 16 otherwise. The device's native and preferred vector widths, and its
/// primary sub-group size (in 32-bit lanes), come from it, as the vectorizer's width comes from
/// the same features of the device compile's `-march=native` (docs/vectorizer.md, "Sub-groups").
pub fn vector_register_bytes() -> u32 {
    #[cfg(target_arch = "x86_64")]
    {
        if std::arch::is_x86_feature_detected!("avx512f") {
            return 64;
        }
        if std::arch::is_x86_feature_detected!("avx") {
            return 32;
        }
    }
    16
}

/// A `sysconf` value, or `fallback` where the C library does not know it.
fn sysconf_or(name: libc::c_int, fallback: i64) -> i64 {
    // SAFETY: sysconf only reads the system's configuration.
    let value = unsafe { libc::sysconf(name) };
    if value > 0 {
        value
    } else {
        fallback
    }
}

/// Bytes of the host's physical memory: the device's global memory and its largest allocation
/// (0 where the C library does not say).
pub fn global_memory_size() -> u64 {
    let pages = sysconf_or(libc::_SC_PHYS_PAGES, 0);
    let page_size = sysconf_or(libc::_SC_PAGESIZE, 0);
    pages as u64 * page_size as u64
}

/// The global memory cache: the last-level (L3, else L2) cache's bytes, 0 where unknown.
pub fn global_memory_cache_size() -> u64 {
    let [_, l2, l3] = cache_sizes();
    if l3 > 0 {
        l3
    } else {
        l2
    }
}

/// The L1 data cache's line size in bytes, 64 where unknown.
pub fn global_memory_cache_line_size() -> u32 {
    sysconf_or(libc::_SC_LEVEL1_DCACHE_LINESIZE, 64) as u32
}

/// The device's name, as `info::device::name` and `sycl-ls` report it: the CPU's model name as
/// the operating system gives it (Linux's `/proc/cpuinfo`), as CPU devices of OpenCL and DPC++
/// name themselves, so that a program can tell which machine it ran on;
/// [`FALLBACK_DEVICE_NAME`] where there is none (other systems, some Arm kernels).
pub fn device_name() -> &'static CStr {
    static NAME: OnceLock<CString> = OnceLock::new();
    NAME.get_or_init(|| {
        std::fs::read_to_string("/proc/cpuinfo")
            .ok()
            .and_then(|cpuinfo| cpu_model_name(&cpuinfo))
            .and_then(|name| CString::new(name).ok())
            .unwrap_or_else(|| FALLBACK_DEVICE_NAME.to_owned())
    })
}

/// The first `model name` of a `/proc/cpuinfo` text, trimmed; `None` if it has none or it is
/// empty.
pub fn cpu_model_name(cpuinfo: &str) -> Option<String> {
    cpuinfo
        .lines()
        .filter_map(|line| line.split_once(':'))
        .find(|(key, _)| key.trim() == "model name")
        .map(|(_, value)| value.trim().to_owned())
        .filter(|name| !name.is_empty())
}

/// The data caches' sizes in bytes, L1 data, L2 and L3 (0 where unknown).
pub fn cache_sizes() -> [u64; 3] {
    [
        libc::_SC_LEVEL1_DCACHE_SIZE,
        libc::_SC_LEVEL2_CACHE_SIZE,
        libc::_SC_LEVEL3_CACHE_SIZE,
    ]
    .map(|name| sysconf_or(name, 0) as u64)
}

/// The sub-group sizes the device reports (`info::device::sub_group_sizes` in
/// `toolchain/include/sycl/device.hpp`): the vector widths a kernel may require.
pub const SUB_GROUP_SIZES: [u32; 7] = [1, 2, 4, 8, 16, 32, 64];

/// An aspect the device has: its SYCL name, and its value in `toolchain/include/sycl/device.hpp`'s
/// `enum class aspect` (the value kernels' device requirements list).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Aspect {
    /// The SYCL name.
    pub name: &'static str,
    /// The `sycl::aspect` value.
    pub value: u32,
}

/// The aspects the device has (`device_aspect_list` in `toolchain/include/sycl/device.hpp`; the
/// e2e tests check that both agree, by name in `sycl-ls`'s listing and by value in kernels
/// declaring them with `[[sycl::device_has]]`).
pub const ASPECTS: &[Aspect] = &[
    Aspect {
        name: "cpu",
        value: 0,
    },
    Aspect {
        name: "fp16",
        value: 6,
    },
    Aspect {
        name: "fp64",
        value: 7,
    },
    Aspect {
        name: "atomic64",
        value: 8,
    },
    Aspect {
        name: "online_compiler",
        value: 10,
    },
    Aspect {
        name: "online_linker",
        value: 11,
    },
    Aspect {
        name: "queue_profiling",
        value: 12,
    },
    Aspect {
        name: "usm_device_allocations",
        value: 13,
    },
    Aspect {
        name: "usm_host_allocations",
        value: 14,
    },
    Aspect {
        name: "usm_atomic_host_allocations",
        value: 15,
    },
    Aspect {
        name: "usm_shared_allocations",
        value: 16,
    },
    Aspect {
        name: "usm_atomic_shared_allocations",
        value: 17,
    },
    Aspect {
        name: "usm_system_allocations",
        value: 18,
    },
    Aspect {
        name: "ext_oneapi_bfloat16_math_functions",
        value: 19,
    },
    Aspect {
        name: "ext_oneapi_clock_sub_group",
        value: 64,
    },
    Aspect {
        name: "ext_oneapi_clock_work_group",
        value: 65,
    },
    Aspect {
        name: "ext_oneapi_clock_device",
        value: 66,
    },
    Aspect {
        name: "ext_oneapi_ballot_group",
        value: 36,
    },
    Aspect {
        name: "ext_oneapi_fixed_size_group",
        value: 37,
    },
    Aspect {
        name: "ext_oneapi_opportunistic_group",
        value: 38,
    },
    Aspect {
        name: "ext_oneapi_tangle_group",
        value: 39,
    },
    Aspect {
        name: "ext_oneapi_tangle",
        value: 40,
    },
    Aspect {
        name: "ext_oneapi_chunk",
        value: 41,
    },
    Aspect {
        name: "ext_oneapi_fragment",
        value: 42,
    },
    Aspect {
        name: "ext_oneapi_graph",
        value: 45,
    },
    Aspect {
        name: "ext_oneapi_limited_graph",
        value: 46,
    },
];

/// Whether the device has the aspect of `sycl::aspect` value `value`.
pub fn has_aspect(value: u32) -> bool {
    ASPECTS.iter().any(|aspect| aspect.value == value)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_model_name_is_the_first_one() {
        let cpuinfo = "processor\t: 0\nvendor_id\t: AuthenticAMD\nmodel name\t: AMD EPYC 9B14 96-Core Processor  \n\
                       processor\t: 1\nmodel name\t: other\n";
        assert_eq!(
            cpu_model_name(cpuinfo).as_deref(),
            Some("AMD EPYC 9B14 96-Core Processor")
        );
        assert_eq!(
            cpu_model_name("processor\t: 0\nCPU implementer\t: 0x41\n"),
            None
        );
        assert_eq!(cpu_model_name("model name\t:   \n"), None);
    }

    #[test]
    fn the_device_is_named() {
        assert!(!device_name().to_bytes().is_empty());
    }

    #[test]
    #[cfg(all(target_arch = "x86_64", target_os = "linux"))]
    fn the_vector_register_is_what_the_cpu_flags_say() {
        let cpuinfo = std::fs::read_to_string("/proc/cpuinfo").expect("/proc/cpuinfo");
        let flags: Vec<&str> = cpuinfo
            .lines()
            .find_map(|line| line.strip_prefix("flags"))
            .and_then(|rest| rest.split_once(':'))
            .map(|(_, flags)| flags.split_whitespace().collect())
            .expect("a flags line");
        let expected = if flags.contains(&"avx512f") {
            64
        } else if flags.contains(&"avx") {
            32
        } else {
            16
        };
        assert_eq!(vector_register_bytes(), expected);
    }
}
