//! Where the programs and files of the flow are: our tools (`muxc`, `sycl-post-link`,
//! `offload-wrapper`), the runtime library and the SYCL headers come from the layout around the
//! driver, LLVM 22's programs from LLVM 22's prefix (both decided by `ncpu-locate`:
//! docs/install.md, "Lookup order").

use std::path::PathBuf;

use ncpu_locate::{llvm, Layout};

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
