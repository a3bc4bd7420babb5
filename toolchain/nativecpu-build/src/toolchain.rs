//! Where the toolchain is: the `ncpu++` driver and, beside it, the runtime library every SYCL
//! program links (`libnativecpu_runtime.a`).
//!
//! Cargo cannot make a build script depend on a binary of another package, so the driver is not
//! built for the build script: it is found. In order:
//!
//! 1. `NCPU_CXX`, the path of an `ncpu++` (the way for projects outside the ncpu repository);
//! 2. the target directory the build script itself is built in (`OUT_DIR` is
//!    `<target>/<profile>/build/<package>/out`): its profile, then `release`, then `debug` — a
//!    crate of the ncpu workspace, built after the toolchain by the same `cargo build`;
//! 3. `target/release`, then `target/debug`, of the ncpu repository this crate's source is in —
//!    where README command 1 builds the toolchain.

use std::path::{Path, PathBuf};

use crate::Error;

/// The runtime library's link name (`libnativecpu_runtime.a`).
pub const RUNTIME_LIBRARY: &str = "nativecpu_runtime";

/// The driver and runtime library to build and link with.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Toolchain {
    driver: PathBuf,
}

impl Toolchain {
    /// Finds the toolchain as the module documentation describes, checking that the runtime
    /// library is beside the driver.
    pub fn locate() -> Result<Toolchain, Error> {
        let explicit = std::env::var_os("NCPU_CXX").map(PathBuf::from);
        let out_dir = std::env::var_os("OUT_DIR").map(PathBuf::from);
        Toolchain::locate_from(explicit, out_dir.as_deref())
    }

    /// [`Toolchain::locate`] with the environment given: `explicit` is `NCPU_CXX`, `out_dir`
    /// the build script's `OUT_DIR`.
    pub fn locate_from(explicit: Option<PathBuf>, out_dir: Option<&Path>) -> Result<Self, Error> {
        let candidates = match explicit {
            Some(driver) => vec![driver],
            None => candidate_directories(out_dir)
                .into_iter()
                .map(|directory| directory.join("ncpu++"))
                .collect(),
        };
        let Some(driver) = candidates.iter().find(|path| path.is_file()) else {
            let looked_at = candidates
                .iter()
                .map(|path| path.display().to_string())
                .collect::<Vec<_>>()
                .join(", ");
            return Err(Error::DriverNotFound { looked_at });
        };
        let toolchain = Toolchain {
            driver: driver.clone(),
        };
        if !toolchain.runtime_library().is_file() {
            return Err(Error::RuntimeNotFound {
                driver: driver.clone(),
            });
        }
        Ok(toolchain)
    }

    /// `ncpu++`.
    pub fn driver(&self) -> &Path {
        &self.driver
    }

    /// The directory holding the driver and the runtime library.
    pub fn directory(&self) -> &Path {
        self.driver.parent().unwrap_or(Path::new("."))
    }

    /// `libnativecpu_runtime.a`, the runtime `ncpu++` links into every program.
    pub fn runtime_library(&self) -> PathBuf {
        self.directory().join(format!("lib{RUNTIME_LIBRARY}.a"))
    }

    /// The `cargo:` lines that link the runtime and the system libraries it and the device code
    /// need, the libraries `ncpu++`'s own link adds: the runtime (unbundled, so that a library
    /// crate passes it on to the final link instead of copying it), glibc's vector math (which
    /// vectorized kernels may call; rustc links with `--as-needed`), pthread, dl and m.
    pub fn runtime_link_lines(&self) -> Vec<String> {
        let mut lines = vec![
            format!(
                "cargo:rustc-link-search=native={}",
                self.directory().display()
            ),
            format!("cargo:rustc-link-lib=static:-bundle={RUNTIME_LIBRARY}"),
        ];
        lines.extend(
            ["mvec", "pthread", "dl", "m"].map(|library| format!("cargo:rustc-link-lib={library}")),
        );
        lines.push(format!(
            "cargo:rerun-if-changed={}",
            self.runtime_library().display()
        ));
        lines
    }
}

/// The directories searched for `ncpu++` when `NCPU_CXX` is not set.
fn candidate_directories(out_dir: Option<&Path>) -> Vec<PathBuf> {
    let mut directories = Vec::new();
    // OUT_DIR is <target>/<profile>/build/<package>-<hash>/out.
    if let Some(profile) = out_dir.and_then(|dir| dir.ancestors().nth(3)) {
        directories.push(profile.to_path_buf());
        if let Some(target) = profile.parent() {
            directories.extend(["release", "debug"].map(|name| target.join(name)));
        }
    }
    // This crate is toolchain/nativecpu-build in the repository.
    let repository = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let repository = repository.canonicalize().unwrap_or(repository);
    directories.extend(["release", "debug"].map(|name| repository.join("target").join(name)));
    directories.dedup();
    directories
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fake_toolchain(directory: &Path, with_runtime: bool) -> PathBuf {
        std::fs::create_dir_all(directory).unwrap();
        let driver = directory.join("ncpu++");
        std::fs::write(&driver, "").unwrap();
        if with_runtime {
            std::fs::write(directory.join("libnativecpu_runtime.a"), "").unwrap();
        }
        driver
    }

    #[test]
    fn ncpu_cxx_wins_and_needs_the_runtime_beside_it() {
        let scratch = tempfile::tempdir().unwrap();
        let driver = fake_toolchain(&scratch.path().join("bin"), true);
        let found = Toolchain::locate_from(Some(driver.clone()), None).unwrap();
        assert_eq!(found.driver(), driver);
        let lonely = fake_toolchain(&scratch.path().join("lonely"), false);
        let error = Toolchain::locate_from(Some(lonely), None).unwrap_err();
        assert!(matches!(error, Error::RuntimeNotFound { .. }), "{error}");
    }

    #[test]
    fn the_build_scripts_own_target_directory_is_searched() {
        let scratch = tempfile::tempdir().unwrap();
        let target = scratch.path().join("target");
        let driver = fake_toolchain(&target.join("release"), true);
        let out_dir = target.join("debug/build/app-0123/out");
        let found = Toolchain::locate_from(None, Some(&out_dir)).unwrap();
        assert_eq!(found.driver(), driver);
        let lines = found.runtime_link_lines();
        assert!(lines.contains(&"cargo:rustc-link-lib=static:-bundle=nativecpu_runtime".into()));
    }

    #[test]
    fn a_missing_driver_says_where_it_looked_and_what_to_do() {
        let error = Toolchain::locate_from(Some(PathBuf::from("/nonexistent/ncpu++")), None)
            .unwrap_err()
            .to_string();
        assert!(error.contains("/nonexistent/ncpu++"), "{error}");
        assert!(error.contains("NCPU_CXX"), "{error}");
        assert!(!error.contains('\n'), "{error}");
    }
}
