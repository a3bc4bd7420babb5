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
        /// The variable's name.
        variable: &'static str,
        /// The value cargo set.
        value: String,
        /// Why it cannot be used.
        reason: &'static str,
    },
    /// No `ncpu++` was found.
    #[error(transparent)]
    DriverNotFound(#[from] ncpu_locate::driver::DriverSearchError),
    /// The driver was found but not the runtime library of its layout.
    #[error(transparent)]
    RuntimeNotFound(#[from] ncpu_locate::LayoutError),
    /// `compile` was called without sources.
    #[error("no SYCL sources to compile: add some with file() or files()")]
    NoSources,
    /// The library name cannot name an archive.
    #[error("library name '{0}' must be one plain file name (e.g. \"kernels\")")]
    LibraryName(String),
    /// A program could not be started.
    #[error("cannot run {program}: {source}")]
    Spawn {
        /// The program, as it was to be run.
        program: String,
        /// Why it could not start.
        source: std::io::Error,
    },
    /// `ncpu++` failed; its diagnostics were passed through to stderr.
    #[error("ncpu++ failed ({status}) compiling {what}: its messages are above")]
    Compile {
        /// What was being compiled (the source, or the sources of the library).
        what: String,
        /// How `ncpu++` ended (its exit status).
        status: String,
    },
    /// A file the builder writes or reads.
    #[error("{}: {source}", path.display())]
    Io {
        /// The file concerned.
        path: PathBuf,
        /// What the operating system reported.
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
