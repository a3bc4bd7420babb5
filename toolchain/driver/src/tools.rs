//! Where the programs and files of the flow are: our tools (`muxc`, `sycl-post-link`,
//! `offload-wrapper`), the runtime library and the SYCL headers come from the layout around the
//! driver, LLVM 22's programs from LLVM 22's prefix (both decided by `ncpu-locate`:
//! docs/install.md, "Lookup order").

use std::path::PathBuf;

use ncpu_locate::{llvm, Layout};

use crate::DriverError;

/// The programs and files one compile uses, found once before planning.
#[derive(Debug, Clone)]
pub struct Tools {
    /// This `ncpu++`, which also runs the device compiles.
    pub driver: PathBuf,
    /// LLVM 22's `clang++`: both front-ends and the link.
    pub clang: PathBuf,
    /// LLVM 22's `llvm-link`: links the device bitcode of the inputs.
    pub llvm_link: PathBuf,
    /// LLVM 22's `llvm-objcopy`: embeds and extracts the `.ncpu.device` section.
    pub llvm_objcopy: PathBuf,
    /// LLVM 22's `llvm-ar`: extracts the members of archives that carry device code.
    pub llvm_ar: PathBuf,
    /// Our `muxc`.
    pub muxc: PathBuf,
    /// Our `sycl-post-link`.
    pub post_link: PathBuf,
    /// Our `offload-wrapper`.
    pub wrapper: PathBuf,
    /// The runtime library (`libnativecpu_runtime.a`), linked into every SYCL program.
    pub runtime_library: PathBuf,
    /// The directory of the SYCL headers.
    pub include_dir: PathBuf,
}

/// LLVM 22's program `name`, checked to exist; `package` is the Debian package that has it.
fn llvm_tool(name: &str, package: &str) -> Result<PathBuf, DriverError> {
    let path = llvm::tool(name);
    if path.exists() {
        Ok(path)
    } else {
        Err(DriverError::LlvmToolNotFound {
            path,
            package: package.to_owned(),
        })
    }
}

impl Tools {
    /// Finds every tool, or says which one is missing.
    pub fn locate() -> Result<Self, DriverError> {
        let driver = std::env::current_exe().map_err(|source| DriverError::Io {
            path: PathBuf::from("/proc/self/exe"),
            source,
        })?;
        let layout = Layout::around(&driver);
        Ok(Tools {
            clang: llvm_tool("clang++", "clang-22")?,
            llvm_link: llvm_tool("llvm-link", "llvm-22")?,
            llvm_objcopy: llvm_tool("llvm-objcopy", "llvm-22")?,
            llvm_ar: llvm_tool("llvm-ar", "llvm-22")?,
            muxc: layout.tool("muxc")?,
            post_link: layout.tool("sycl-post-link")?,
            wrapper: layout.tool("offload-wrapper")?,
            runtime_library: layout.runtime_library()?,
            include_dir: layout.include_dir()?,
            driver,
        })
    }
}
