//! Finding `ncpu++` and the files whose changes make every app stale.
//!
//! The driver is, in order: the `NCPU_CXX` environment variable (a path), `ncpu++` beside the
//! running `cargo-nativecpu` executable (a workspace build puts both in `target/<profile>/`), then
//! `ncpu++` on `PATH`.
//!
//! The driver runs the other tools of its directory (`muxc`, `sycl-post-link`,
//! `offload-wrapper`) and links `libnativecpu_runtime.a` from it, and compiles against the SYCL
//! headers: `NCPU_INCLUDE_DIR` when set, else `toolchain/include` of the source tree the driver
//! was built in (found as `<driver dir>/../../toolchain/include` for a driver in
//! `target/<profile>/`). Those files are [`Toolchain::files`], part of every app's fingerprint.

use std::ffi::OsString;
use std::path::{Path, PathBuf};

/// Environment variables that change what `ncpu++` produces, with the value the driver assumes
/// when one is unset; their effective values are part of every fingerprint. (Cargo sets
/// `LLVM_SYS_221_PREFIX` from the workspace's `.cargo/config.toml` for `cargo nativecpu` but not
/// for a direct `cargo-nativecpu`: the default keeps the two from invalidating each other.)
pub const DRIVER_ENVIRONMENT: &[(&str, Option<&str>)] = &[
    ("NCPU_INCLUDE_DIR", None),
    ("LLVM_SYS_221_PREFIX", Some("/usr/lib/llvm-22")),
];

/// The programs and the runtime library that `ncpu++` uses from its own directory.
const DRIVER_SIBLINGS: &[&str] = &[
    "muxc",
    "sycl-post-link",
    "offload-wrapper",
    "libnativecpu_runtime.a",
];

#[derive(Debug, thiserror::Error)]
pub enum ToolchainError {
    #[error("NCPU_CXX is set to `{0}`, which does not exist")]
    OverrideMissing(PathBuf),
    #[error(
        "cannot find `ncpu++`: it is looked for beside cargo-nativecpu ({}) and then on PATH; \
         build it with `cargo build -p ncpu-driver` or set NCPU_CXX to its path",
        .0.display()
    )]
    NotFound(PathBuf),
}

#[derive(Debug, Clone)]
pub struct Toolchain {
    /// The `ncpu++` to run (as found, not canonicalised: it may be a link).
    pub driver: PathBuf,
    /// The SYCL headers, when they could be located.
    pub include_dir: Option<PathBuf>,
    /// The driver, its sibling tools and the runtime library, when present.
    pub tool_files: Vec<PathBuf>,
}

impl Toolchain {
    /// Finds `ncpu++` as described in the module documentation.
    pub fn locate() -> Result<Self, ToolchainError> {
        let own_dir = std::env::current_exe()
            .ok()
            .and_then(|exe| exe.parent().map(Path::to_path_buf))
            .unwrap_or_default();
        let driver = find_driver(
            std::env::var_os("NCPU_CXX"),
            &own_dir,
            std::env::var_os("PATH"),
        )?;
        Ok(Self::from_driver(
            driver,
            std::env::var_os("NCPU_INCLUDE_DIR").map(PathBuf::from),
        ))
    }

    /// The toolchain around a known driver.
    pub fn from_driver(driver: PathBuf, include_override: Option<PathBuf>) -> Self {
        let real = driver.canonicalize().unwrap_or_else(|_| driver.clone());
        let dir = real.parent().map(Path::to_path_buf).unwrap_or_default();
        let mut tool_files = vec![real.clone()];
        tool_files.extend(
            DRIVER_SIBLINGS
                .iter()
                .map(|name| dir.join(name))
                .filter(|path| path.is_file()),
        );
        let include_dir = match include_override {
            Some(dir) => Some(dir),
            None => Some(dir.join("../../toolchain/include")).filter(|dir| dir.is_dir()),
        }
        .map(|dir| dir.canonicalize().unwrap_or(dir));
        Toolchain {
            driver,
            include_dir,
            tool_files,
        }
    }

    /// Every file the toolchain contributes to an app's fingerprint: the tools and every file
    /// under the include directory, sorted.
    pub fn files(&self) -> Vec<PathBuf> {
        let mut files = self.tool_files.clone();
        if let Some(dir) = &self.include_dir {
            walk(dir, &mut files);
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

fn find_driver(
    override_path: Option<OsString>,
    own_dir: &Path,
    path_variable: Option<OsString>,
) -> Result<PathBuf, ToolchainError> {
    if let Some(path) = override_path.filter(|path| !path.is_empty()) {
        let path = PathBuf::from(path);
        return if path.is_file() {
            Ok(path)
        } else {
            Err(ToolchainError::OverrideMissing(path))
        };
    }
    let beside = own_dir.join("ncpu++");
    if beside.is_file() {
        return Ok(beside);
    }
    if let Some(paths) = path_variable {
        for dir in std::env::split_paths(&paths) {
            let candidate = dir.join("ncpu++");
            if candidate.is_file() {
                return Ok(candidate);
            }
        }
    }
    Err(ToolchainError::NotFound(own_dir.to_path_buf()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn driver_search_order() {
        let own = tempfile::tempdir().unwrap();
        let on_path = tempfile::tempdir().unwrap();
        let other = tempfile::tempdir().unwrap();
        let path_variable = std::env::join_paths([other.path(), on_path.path()]).unwrap();

        let error = find_driver(None, own.path(), Some(path_variable.clone())).unwrap_err();
        assert!(matches!(error, ToolchainError::NotFound(_)));

        std::fs::write(on_path.path().join("ncpu++"), "").unwrap();
        assert_eq!(
            find_driver(None, own.path(), Some(path_variable.clone())).unwrap(),
            on_path.path().join("ncpu++")
        );

        std::fs::write(own.path().join("ncpu++"), "").unwrap();
        assert_eq!(
            find_driver(None, own.path(), Some(path_variable.clone())).unwrap(),
            own.path().join("ncpu++")
        );

        let fake = other.path().join("fake");
        let error = find_driver(Some(fake.clone().into()), own.path(), None).unwrap_err();
        assert!(matches!(error, ToolchainError::OverrideMissing(_)));
        std::fs::write(&fake, "").unwrap();
        assert_eq!(
            find_driver(Some(fake.clone().into()), own.path(), None).unwrap(),
            fake
        );
    }

    #[test]
    fn toolchain_files_include_siblings_and_headers() {
        let root = tempfile::tempdir().unwrap();
        let bin = root.path().join("target/release");
        let include = root.path().join("toolchain/include/sycl");
        std::fs::create_dir_all(&bin).unwrap();
        std::fs::create_dir_all(include.join("detail")).unwrap();
        std::fs::write(bin.join("ncpu++"), "").unwrap();
        std::fs::write(bin.join("muxc"), "").unwrap();
        std::fs::write(include.join("sycl.hpp"), "").unwrap();
        std::fs::write(include.join("detail/defines.hpp"), "").unwrap();

        let toolchain = Toolchain::from_driver(bin.join("ncpu++"), None);
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
        let toolchain = Toolchain::from_driver(bin.join("ncpu++"), Some(elsewhere.path().into()));
        assert_eq!(toolchain.files().len(), 2);
    }
}
