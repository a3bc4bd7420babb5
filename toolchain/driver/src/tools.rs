//! Where the programs and files of the flow are.
//!
//! Our own tools (`muxc`, `sycl-post-link`, `offload-wrapper`) and the runtime library are built
//! into the same directory as the driver, so they are found next to it. LLVM 22's tools come from
//! `$LLVM_SYS_221_PREFIX/bin`, else `/usr/lib/llvm-22/bin` (Debian's `clang-22`/`llvm-22`). The
//! SYCL headers are `toolchain/include` of this source tree unless `NCPU_INCLUDE_DIR` says
//! otherwise.

use std::path::{Path, PathBuf};

use crate::DriverError;

#[derive(Debug, Clone)]
pub struct Tools {
    pub driver: PathBuf,
    pub clang: PathBuf,
    pub llvm_link: PathBuf,
    pub llvm_objcopy: PathBuf,
    pub llvm_ar: PathBuf,
    pub muxc: PathBuf,
    pub post_link: PathBuf,
    pub wrapper: PathBuf,
    pub runtime_library: PathBuf,
    pub include_dir: PathBuf,
}

fn require(path: PathBuf, what: &str) -> Result<PathBuf, DriverError> {
    if path.exists() {
        Ok(path)
    } else {
        Err(DriverError::ToolNotFound {
            what: what.to_owned(),
            looked_at: path,
        })
    }
}

/// LLVM 22's `bin` directory.
pub fn llvm_bin_dir() -> PathBuf {
    std::env::var_os("LLVM_SYS_221_PREFIX")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from("/usr/lib/llvm-22"))
        .join("bin")
}

impl Tools {
    /// Finds every tool, or says which one is missing.
    pub fn locate() -> Result<Self, DriverError> {
        let driver = std::env::current_exe().map_err(|source| DriverError::Io {
            path: PathBuf::from("/proc/self/exe"),
            source,
        })?;
        let own_dir = driver.parent().map(Path::to_path_buf).unwrap_or_default();
        let llvm = llvm_bin_dir();
        let include_dir = std::env::var_os("NCPU_INCLUDE_DIR")
            .map(PathBuf::from)
            .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("../include"));
        let include_dir = include_dir.canonicalize().unwrap_or(include_dir);
        Ok(Tools {
            clang: require(
                llvm.join("clang++"),
                "clang++ of LLVM 22 (install clang-22)",
            )?,
            llvm_link: require(
                llvm.join("llvm-link"),
                "llvm-link of LLVM 22 (install llvm-22)",
            )?,
            llvm_objcopy: require(
                llvm.join("llvm-objcopy"),
                "llvm-objcopy of LLVM 22 (install llvm-22)",
            )?,
            llvm_ar: require(llvm.join("llvm-ar"), "llvm-ar of LLVM 22 (install llvm-22)")?,
            muxc: require(own_dir.join("muxc"), "muxc (build the workspace)")?,
            post_link: require(
                own_dir.join("sycl-post-link"),
                "sycl-post-link (build the workspace)",
            )?,
            wrapper: require(
                own_dir.join("offload-wrapper"),
                "offload-wrapper (build the workspace)",
            )?,
            runtime_library: require(
                own_dir.join("libnativecpu_runtime.a"),
                "the runtime library (build the workspace)",
            )?,
            include_dir: require(include_dir, "the SYCL headers (set NCPU_INCLUDE_DIR)")?,
            driver,
        })
    }
}
