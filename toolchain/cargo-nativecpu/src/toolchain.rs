//! Finding `ncpu++` and the files whose changes make every app stale.
//!
//! The driver is found by `ncpu_locate::driver` (docs/install.md, "Finding ncpu++"): the
//! `NCPU_CXX` environment variable (a path), else `ncpu++` beside the running `cargo-nativecpu`
//! (a workspace build puts both in `target/<profile>/`, an installation both in `<prefix>/bin`),
//! then on `PATH`.
//!
//! The driver runs the tools of its layout (`muxc`, `sycl-post-link`, `offload-wrapper`), links
//! its runtime library and compiles against its SYCL headers, all found around it as it finds
//! them itself (`ncpu_locate::Layout`). Those files are [`Toolchain::files`], part of every
//! app's fingerprint.

use std::path::{Path, PathBuf};

use ncpu_locate::driver::{self, DriverSearchError};
use ncpu_locate::layout::{Overrides, TOOLS};
use ncpu_locate::Layout;

/// The `ncpu++` that compiles the apps and the toolchain files around it, which every app's
/// fingerprint includes.
#[derive(Debug, Clone)]
pub struct Toolchain {
    /// The `ncpu++` to run (as found, not canonicalised: it may be a link).
    pub driver: PathBuf,
    /// Where the driver finds its tools, runtime library and headers.
    layout: Layout,
}

impl Toolchain {
    /// Finds `ncpu++` as described in the module documentation.
    pub fn locate() -> Result<Self, DriverSearchError> {
        let own_dir = std::env::current_exe()
            .ok()
            .and_then(|exe| exe.parent().map(Path::to_path_buf))
            .unwrap_or_default();
        let mut directories = vec![own_dir];
        directories.extend(driver::path_directories());
        let driver = driver::find(directories)?;
        Ok(Self::from_driver(driver, &Overrides::from_environment()))
    }

    /// The toolchain around a known driver, with the driver's environment overrides.
    pub fn from_driver(driver: PathBuf, overrides: &Overrides) -> Self {
        let layout = Layout::with_overrides(&driver, overrides);
        Toolchain { driver, layout }
    }

    /// Every file the toolchain contributes to an app's fingerprint: the driver, its tools and
    /// runtime library, and every file under the include directory, sorted (missing ones are
    /// left out: the driver reports them when it runs).
    pub fn files(&self) -> Vec<PathBuf> {
        let driver = self.driver.canonicalize();
        let mut files: Vec<PathBuf> = driver.into_iter().collect();
        files.extend(TOOLS.iter().filter_map(|name| self.layout.tool(name).ok()));
        files.extend(self.layout.runtime_library().ok());
        if let Ok(directory) = self.layout.include_dir() {
            walk(&directory, &mut files);
        }
        files.sort();
        files.dedup();
        files
    }
}

/// The files under `dir`, recursively (unreadable directories are skipped).
fn walk(dir: &Path, files: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        match entry.file_type() {
            Ok(kind) if kind.is_dir() => walk(&path, files),
            Ok(_) => files.push(path),
            Err(_) => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn toolchain_files_include_tools_and_headers() {
        let root = tempfile::tempdir().unwrap();
        let bin = root.path().join("bin");
        let include = root.path().join("include/sycl");
        std::fs::create_dir_all(&bin).unwrap();
        std::fs::create_dir_all(include.join("detail")).unwrap();
        std::fs::write(bin.join("ncpu++"), "").unwrap();
        std::fs::write(bin.join("muxc"), "").unwrap();
        std::fs::write(include.join("sycl.hpp"), "").unwrap();
        std::fs::write(include.join("detail/defines.hpp"), "").unwrap();

        let toolchain = Toolchain::from_driver(bin.join("ncpu++"), &Overrides::default());
        let files = toolchain.files();
        let names: Vec<String> = files
            .iter()
            .map(|file| file.file_name().unwrap().to_string_lossy().into_owned())
            .collect();
        assert_eq!(names.len(), 4, "{files:?}");
        for name in ["ncpu++", "muxc", "sycl.hpp", "defines.hpp"] {
            assert!(names.iter().any(|n| n == name), "{name} missing: {files:?}");
        }

        let elsewhere = tempfile::tempdir().unwrap();
        let overrides = Overrides {
            include_dir: Some(elsewhere.path().into()),
            ..Overrides::default()
        };
        let toolchain = Toolchain::from_driver(bin.join("ncpu++"), &overrides);
        assert_eq!(toolchain.files().len(), 2);
    }
}
