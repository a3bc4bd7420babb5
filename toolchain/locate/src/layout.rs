//! The toolchain's own files, found from the executable that needs them (docs/install.md,
//! "Layout" and "Lookup order").
//!
//! An executable in a directory named `bin` is *installed*: its prefix is that directory's
//! parent, and the toolchain is `<prefix>/bin` (the tools), `<prefix>/include` (the SYCL
//! headers) and `<prefix>/lib` (the runtime library), wherever the prefix has been moved. Any
//! other executable is in the *build tree* (`target/<profile>/`): the tools and the runtime
//! library are beside it, and the headers are `toolchain/include` of the source tree it was
//! built from. `NCPU_TOOL_DIR`, `NCPU_INCLUDE_DIR` and `NCPU_LIBRARY_DIR` override each
//! directory. An installed layout never falls back to the source tree: a broken install is
//! reported, not hidden. The device library needs no lookup: the compiler embeds it.

use std::path::{Path, PathBuf};

/// Overrides the directory of the tools `ncpu++` runs (`muxc`, `sycl-post-link`,
/// `offload-wrapper`).
pub const TOOL_DIR_VARIABLE: &str = "NCPU_TOOL_DIR";
/// Overrides the directory of the SYCL headers (the one holding `sycl/sycl.hpp`).
pub const INCLUDE_DIR_VARIABLE: &str = "NCPU_INCLUDE_DIR";
/// Overrides the directory of the runtime library.
pub const LIBRARY_DIR_VARIABLE: &str = "NCPU_LIBRARY_DIR";
/// Every override, in the order of the documentation.
pub const OVERRIDE_VARIABLES: [&str; 3] = [
    TOOL_DIR_VARIABLE,
    INCLUDE_DIR_VARIABLE,
    LIBRARY_DIR_VARIABLE,
];

/// The runtime library's link name (`-lnativecpu_runtime`).
pub const RUNTIME_LIBRARY: &str = "nativecpu_runtime";
/// The runtime library's file, which `ncpu++` links into every SYCL program.
pub const RUNTIME_LIBRARY_FILE: &str = "libnativecpu_runtime.a";
/// The tools `ncpu++` runs from the tool directory.
pub const TOOLS: [&str; 3] = ["muxc", "sycl-post-link", "offload-wrapper"];

/// The headers of the source tree this crate was built in, for executables of the build tree.
const SOURCE_INCLUDE_DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../include");

/// How the executable the layout was found from is placed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// In `<prefix>/bin`.
    Installed,
    /// In a cargo target directory.
    BuildTree,
}

/// A missing piece of the toolchain. Each message is one line that starts with the path
/// concerned.
#[derive(Debug, thiserror::Error)]
pub enum LayoutError {
    /// A file or directory of the layout is not there.
    #[error("{}: {what} is missing ({remedy})", .path.display())]
    Missing {
        /// The file or directory that should exist.
        path: PathBuf,
        /// What it is, for the message (for example `the SYCL headers`).
        what: String,
        /// How to get it, for the message (for example which command builds it).
        remedy: String,
    },
}

/// The override of each directory, as read from the environment or given by a test.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Overrides {
    /// `NCPU_TOOL_DIR`.
    pub tool_dir: Option<PathBuf>,
    /// `NCPU_INCLUDE_DIR`.
    pub include_dir: Option<PathBuf>,
    /// `NCPU_LIBRARY_DIR`.
    pub library_dir: Option<PathBuf>,
}

impl Overrides {
    /// The overrides set in the environment (an empty value counts as unset).
    pub fn from_environment() -> Overrides {
        let read = |name| {
            std::env::var_os(name)
                .filter(|value| !value.is_empty())
                .map(PathBuf::from)
        };
        Overrides {
            tool_dir: read(TOOL_DIR_VARIABLE),
            include_dir: read(INCLUDE_DIR_VARIABLE),
            library_dir: read(LIBRARY_DIR_VARIABLE),
        }
    }
}

/// One directory of the layout and where it came from, for the remedy of an error.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Place {
    path: PathBuf,
    variable: &'static str,
    overridden: bool,
}

/// Where the tools, headers and runtime library are for one executable.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Layout {
    kind: Kind,
    tools: Place,
    headers: Place,
    library: Place,
}

impl Layout {
    /// The layout around `executable` (links resolved, as the kernel resolves them for the
    /// running executable), with the environment's overrides.
    pub fn around(executable: &Path) -> Layout {
        Layout::with_overrides(executable, &Overrides::from_environment())
    }

    /// The layout around `executable` with `overrides`.
    pub fn with_overrides(executable: &Path, overrides: &Overrides) -> Layout {
        let executable = executable
            .canonicalize()
            .unwrap_or_else(|_| executable.to_path_buf());
        let directory = executable.parent().unwrap_or(Path::new(".")).to_path_buf();
        let (kind, include_dir, library_dir) = match installed_prefix(&directory) {
            Some(prefix) => (Kind::Installed, prefix.join("include"), prefix.join("lib")),
            None => (Kind::BuildTree, source_include_dir(), directory.clone()),
        };
        let place = |default: PathBuf, given: &Option<PathBuf>, variable| Place {
            path: given.clone().unwrap_or(default),
            variable,
            overridden: given.is_some(),
        };
        Layout {
            kind,
            tools: place(directory, &overrides.tool_dir, TOOL_DIR_VARIABLE),
            headers: place(include_dir, &overrides.include_dir, INCLUDE_DIR_VARIABLE),
            library: place(library_dir, &overrides.library_dir, LIBRARY_DIR_VARIABLE),
        }
    }

    /// Whether the executable is installed or in the build tree.
    pub fn kind(&self) -> Kind {
        self.kind
    }

    /// The directory of the runtime library (checked by [`Layout::runtime_library`]).
    pub fn library_dir(&self) -> &Path {
        &self.library.path
    }

    /// The tool `name` of the tool directory, checked to exist.
    pub fn tool(&self, name: &str) -> Result<PathBuf, LayoutError> {
        self.require(&self.tools, self.tools.path.join(name), name)
    }

    /// The runtime library, checked to exist.
    pub fn runtime_library(&self) -> Result<PathBuf, LayoutError> {
        let path = self.library.path.join(RUNTIME_LIBRARY_FILE);
        self.require(&self.library, path, "the runtime library")
    }

    /// The SYCL headers' directory, checked to hold `sycl/sycl.hpp`.
    pub fn include_dir(&self) -> Result<PathBuf, LayoutError> {
        let marker = self.headers.path.join("sycl/sycl.hpp");
        self.require(&self.headers, marker, "the SYCL headers' directory")?;
        Ok(self.headers.path.clone())
    }

    /// `path` when it exists, else an error naming `path` (the directory, for the headers)
    /// and what to do about it.
    fn require(&self, place: &Place, path: PathBuf, what: &str) -> Result<PathBuf, LayoutError> {
        if path.exists() {
            return Ok(path);
        }
        let reported = if path.ends_with("sycl/sycl.hpp") {
            place.path.clone()
        } else {
            path
        };
        Err(LayoutError::Missing {
            path: reported,
            what: what.to_owned(),
            remedy: self.remedy(place),
        })
    }

    /// What to do when something of `place` is missing.
    fn remedy(&self, place: &Place) -> String {
        let variable = place.variable;
        match (place.overridden, self.kind) {
            (true, _) => format!("{variable} names this directory"),
            (false, Kind::Installed) => format!(
                "the installation is incomplete: install again with toolchain/scripts/install.sh, \
                 or set {variable}"
            ),
            (false, Kind::BuildTree) => format!(
                "build the workspace with cargo build --release --workspace, or set {variable}"
            ),
        }
    }
}

/// The prefix of an executable in `directory` when the toolchain is installed there.
fn installed_prefix(directory: &Path) -> Option<PathBuf> {
    if directory.file_name()? == "bin" {
        directory.parent().map(Path::to_path_buf)
    } else {
        None
    }
}

/// `toolchain/include` of the source tree, without `..`.
fn source_include_dir() -> PathBuf {
    let path = PathBuf::from(SOURCE_INCLUDE_DIR);
    path.canonicalize().unwrap_or(path)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn touch(path: &Path) {
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, "").unwrap();
    }

    #[test]
    fn an_executable_in_bin_finds_its_prefix() {
        let prefix = tempfile::tempdir().unwrap();
        let root = prefix.path().canonicalize().unwrap();
        for file in ["bin/ncpu", "bin/muxc", "include/sycl/sycl.hpp"] {
            touch(&root.join(file));
        }
        touch(&root.join("lib").join(RUNTIME_LIBRARY_FILE));
        let layout = Layout::with_overrides(&root.join("bin/ncpu"), &Overrides::default());
        assert_eq!(layout.kind(), Kind::Installed);
        assert_eq!(layout.tool("muxc").unwrap(), root.join("bin/muxc"));
        assert_eq!(layout.include_dir().unwrap(), root.join("include"));
        let library = root.join("lib").join(RUNTIME_LIBRARY_FILE);
        assert_eq!(layout.runtime_library().unwrap(), library);
    }

    #[test]
    fn a_broken_install_names_the_missing_directory() {
        let prefix = tempfile::tempdir().unwrap();
        let root = prefix.path().canonicalize().unwrap();
        touch(&root.join("bin/ncpu"));
        let layout = Layout::with_overrides(&root.join("bin/ncpu"), &Overrides::default());
        let error = layout.include_dir().unwrap_err().to_string();
        let include = root.join("include");
        let expected = format!(
            "{}: the SYCL headers' directory is missing (",
            include.display()
        );
        assert!(error.starts_with(&expected), "{error}");
        assert!(error.contains("install.sh") && error.contains(INCLUDE_DIR_VARIABLE));
        let error = layout.tool("muxc").unwrap_err().to_string();
        assert!(error.starts_with(&format!(
            "{}: muxc is missing",
            root.join("bin/muxc").display()
        )));
    }

    #[test]
    fn overrides_win_and_are_named_in_errors() {
        let build = tempfile::tempdir().unwrap();
        let elsewhere = tempfile::tempdir().unwrap();
        touch(&build.path().join("release/ncpu"));
        let overrides = Overrides {
            include_dir: Some(elsewhere.path().to_path_buf()),
            ..Overrides::default()
        };
        let layout = Layout::with_overrides(&build.path().join("release/ncpu"), &overrides);
        assert_eq!(layout.kind(), Kind::BuildTree);
        let error = layout.include_dir().unwrap_err().to_string();
        assert!(
            error.contains("NCPU_INCLUDE_DIR names this directory"),
            "{error}"
        );
    }

    #[test]
    fn the_build_tree_uses_the_source_headers() {
        let build = tempfile::tempdir().unwrap();
        touch(&build.path().join("release/ncpu"));
        let layout =
            Layout::with_overrides(&build.path().join("release/ncpu"), &Overrides::default());
        assert!(layout.include_dir().unwrap().ends_with("toolchain/include"));
        let error = layout.runtime_library().unwrap_err().to_string();
        assert!(
            error.contains("cargo build --release --workspace"),
            "{error}"
        );
    }
}
