//! Driver errors; `main` prints each as one `ncpu++: error: …` line.

use std::path::PathBuf;

#[derive(Debug, thiserror::Error)]
pub enum DriverError {
    #[error("unknown argument: '{0}'")]
    UnknownArgument(String),
    #[error("argument to '{0}' is missing (expected 1 value)")]
    MissingValue(String),
    #[error("invalid value '{value}' in '{flag}' (expected {expected})")]
    InvalidValue {
        flag: String,
        value: String,
        expected: String,
    },
    #[error("unsupported SYCL target '{0}' (this toolchain targets native_cpu only)")]
    UnsupportedTarget(String),
    #[error("no input files")]
    NoInputs,
    #[error("{}: no such file or directory", .0.display())]
    MissingInput(PathBuf),
    #[error("{}: unrecognised input file type (expected a C++ source, .o, .a, .bc or .ll)", .0.display())]
    UnknownInputKind(PathBuf),
    #[error("{}: cannot write it: its directory does not exist", .0.display())]
    MissingOutputDirectory(PathBuf),
    #[error("cannot specify -o when generating multiple output files")]
    OutputWithMultipleFiles,
    #[error("{0}")]
    Invalid(String),
    #[error("{}: no such LLVM 22 program (install {package}, or set LLVM_SYS_221_PREFIX to LLVM 22's prefix)", .path.display())]
    LlvmToolNotFound { path: PathBuf, package: String },
    #[error(transparent)]
    Layout(#[from] ncpu_locate::LayoutError),
    #[error("{tool} failed with {status}")]
    StepFailed { tool: String, status: String },
    /// A step that has already printed its error line; only its exit code is left to pass on.
    #[error("exit code {0}")]
    Reported(i32),
    #[error("cannot run {tool}: {source}")]
    Spawn {
        tool: String,
        #[source]
        source: std::io::Error,
    },
    #[error("{}: {source}", .path.display())]
    Io {
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },
    #[error("{0}")]
    Compile(#[from] nativecpu_compiler::CompileError),
}
