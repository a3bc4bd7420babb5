//! The one error type of the crate: every failure is one line, as cargo prints it after the
//! compiler's own diagnostics.

use std::path::PathBuf;

/// Why a build failed.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// Cargo did not set a variable a build script always has, and the builder was not told.
    #[error("{0} is not set: run from a build script, or set it on the builder ({1})")]
    MissingEnvironment(&'static str, &'static str),
    /// A cargo variable has a value the builder cannot use.
    #[error("{variable}={value} is not supported: {reason}")]
    UnsupportedEnvironment {
        variable: &'static str,
        value: String,
        reason: &'static str,
    },
    /// No `ncpu++` was found.
    #[error("cannot find ncpu++ (looked at {looked_at}): build the toolchain first (cargo build --release in the ncpu repository) or set NCPU_CXX to its ncpu++")]
    DriverNotFound { looked_at: String },
    /// The driver was found but the runtime library is not beside it.
    #[error("{} has no libnativecpu_runtime.a beside it: build the whole ncpu workspace", driver.display())]
    RuntimeNotFound { driver: PathBuf },
    /// `compile` was called without sources.
    #[error("no SYCL sources to compile: add some with file() or files()")]
    NoSources,
    /// The library name cannot name an archive.
    #[error("library name '{0}' must be one plain file name (e.g. \"kernels\")")]
    LibraryName(String),
    /// A program could not be started.
    #[error("cannot run {program}: {source}")]
    Spawn {
        program: String,
        source: std::io::Error,
    },
    /// `ncpu++` failed; its diagnostics were passed through to stderr.
    #[error("ncpu++ failed ({status}) compiling {what}: its messages are above")]
    Compile { what: String, status: String },
    /// A file the builder writes or reads.
    #[error("{}: {source}", path.display())]
    Io {
        path: PathBuf,
        source: std::io::Error,
    },
    /// The `cc` crate's archiver or link directives failed.
    #[error("cc: {0}")]
    Cc(String),
}

impl From<cc::Error> for Error {
    fn from(error: cc::Error) -> Self {
        Error::Cc(error.to_string().replace('\n', " "))
    }
}
