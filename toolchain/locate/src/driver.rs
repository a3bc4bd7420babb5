//! Finding `ncpu++` for a program that runs it (docs/install.md, "Finding ncpu++"): `NCPU_CXX`
//! when set, else the first directory holding one among those the program proposes (its own
//! directory, its target directory, `PATH` …, which differ from program to program).

use std::ffi::OsString;
use std::path::PathBuf;

/// The variable naming the `ncpu++` to use.
pub const VARIABLE: &str = "NCPU_CXX";
/// The driver's file name.
pub const NAME: &str = "ncpu++";

/// `ncpu++` was not found.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DriverSearchError {
    /// `NCPU_CXX` names a file that does not exist.
    #[error("NCPU_CXX is set to `{}`, which does not exist", .0.display())]
    OverrideMissing(PathBuf),
    /// No proposed directory holds `ncpu++`.
    #[error(
        "cannot find ncpu++ (looked in {}): build the toolchain (cargo build --release in the ncpu \
         repository), install it (docs/install.md), or set NCPU_CXX to its path",
        display_list(.looked_in)
    )]
    NotFound {
        /// The directories searched, in order, so the message says where `ncpu++` was expected.
        looked_in: Vec<PathBuf>,
    },
}

/// `NCPU_CXX` when set, else `ncpu++` in the first of `directories` that has one.
pub fn find(directories: Vec<PathBuf>) -> Result<PathBuf, DriverSearchError> {
    find_from(std::env::var_os(VARIABLE), directories)
}

/// [`find`] with `NCPU_CXX`'s value given.
pub fn find_from(
    explicit: Option<OsString>,
    directories: Vec<PathBuf>,
) -> Result<PathBuf, DriverSearchError> {
    if let Some(path) = explicit.filter(|path| !path.is_empty()).map(PathBuf::from) {
        return if path.is_file() {
            Ok(path)
        } else {
            Err(DriverSearchError::OverrideMissing(path))
        };
    }
    directories
        .iter()
        .map(|directory| directory.join(NAME))
        .find(|candidate| candidate.is_file())
        .ok_or(DriverSearchError::NotFound {
            looked_in: directories,
        })
}

/// The directories of `PATH`.
pub fn path_directories() -> Vec<PathBuf> {
    std::env::var_os("PATH")
        .map(|paths| std::env::split_paths(&paths).collect())
        .unwrap_or_default()
}

fn display_list(paths: &[PathBuf]) -> String {
    let shown: Vec<String> = paths
        .iter()
        .map(|path| path.display().to_string())
        .collect();
    shown.join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_variable_wins_then_the_first_directory_with_a_driver() {
        let first = tempfile::tempdir().unwrap();
        let second = tempfile::tempdir().unwrap();
        let directories = vec![first.path().to_path_buf(), second.path().to_path_buf()];
        let error = find_from(None, directories.clone()).unwrap_err();
        assert!(matches!(error, DriverSearchError::NotFound { .. }));
        assert!(!error.to_string().contains('\n'));
        std::fs::write(second.path().join(NAME), "").unwrap();
        assert_eq!(
            find_from(None, directories.clone()).unwrap(),
            second.path().join(NAME)
        );
        let missing = OsString::from("/nonexistent/ncpu++");
        let error = find_from(Some(missing), directories.clone()).unwrap_err();
        assert_eq!(
            error.to_string(),
            "NCPU_CXX is set to `/nonexistent/ncpu++`, which does not exist"
        );
        let explicit = second.path().join(NAME).into_os_string();
        assert!(find_from(Some(explicit), Vec::new()).is_ok());
    }
}
