//! Driver errors; `main` prints each as one `ncpu++: error: …` line.

use std::path::PathBuf;

/// Why the driver stopped; `main` prints it as one `ncpu++: error: …` line and exits with 1
/// (or, for [`DriverError::Reported`], with the step's own code).
#[derive(Debug, thiserror::Error)]
pub enum DriverError {
    /// A command-line argument the driver does not know (as given).
    #[error("unknown argument: '{0}'")]
    UnknownArgument(String),
    /// A flag that takes a value is last on the command line (the flag).
    #[error("argument to '{0}' is missing (expected 1 value)")]
    MissingValue(String),
    /// A flag's value is not one the flag accepts.
    #[error("invalid value '{value}' in '{flag}' (expected {expected})")]
    InvalidValue {
        /// The flag.
        flag: String,
        /// The value given.
        value: String,
        /// What the flag accepts, for the message.
        expected: String,
    },
    /// `-fsycl-targets=` names a target other than `native_cpu` (the target).
    #[error("unsupported SYCL target '{0}' (this toolchain targets native_cpu only)")]
    UnsupportedTarget(String),
    /// Nothing to compile or link.
    #[error("no input files")]
    NoInputs,
    /// An input file that does not exist.
    #[error("{}: no such file or directory", .0.display())]
    MissingInput(PathBuf),
    /// An input whose extension says neither C++ source, object, archive nor LLVM IR.
    #[error("{}: unrecognised input file type (expected a C++ source, .o, .a, .bc or .ll)", .0.display())]
    UnknownInputKind(PathBuf),
    /// The `-o` file's directory does not exist.
    #[error("{}: cannot write it: its directory does not exist", .0.display())]
    MissingOutputDirectory(PathBuf),
    /// `-o` with `-c` or `-fsycl-device-only` on several inputs, which would each write one
    /// output.
    #[error("cannot specify -o when generating multiple output files")]
    OutputWithMultipleFiles,
    /// Flags that cannot be combined, or an input a mode does not take (the message).
    #[error("{0}")]
    Invalid(String),
    /// An LLVM 22 program the flow runs is not installed.
    #[error("{}: no such LLVM 22 program (install {package}, or set LLVM_SYS_221_PREFIX to LLVM 22's prefix)", .path.display())]
    LlvmToolNotFound {
        /// Where it should be.
        path: PathBuf,
        /// The Debian package that has it.
        package: String,
    },
    /// One of our tools, the runtime library or the headers is missing from the layout around
    /// the driver (docs/install.md).
    #[error(transparent)]
    Layout(#[from] ncpu_locate::LayoutError),
    /// A step of the flow failed; it has printed its own diagnostics.
    #[error("{tool} failed with {status}")]
    StepFailed {
        /// The step's program.
        tool: String,
        /// How it ended (`exit code N` or `a signal`).
        status: String,
    },
    /// A step that has already printed its error line; only its exit code is left to pass on.
    #[error("exit code {0}")]
    Reported(i32),
    /// A step's program could not be started.
    #[error("cannot run {tool}: {source}")]
    Spawn {
        /// The program.
        tool: String,
        /// What the operating system reported.
        #[source]
        source: std::io::Error,
    },
    /// A file the driver reads or writes itself.
    #[error("{}: {source}", .path.display())]
    Io {
        /// The file.
        path: PathBuf,
        /// What the operating system reported.
        #[source]
        source: std::io::Error,
    },
    /// The in-process device compile (the Native CPU pipeline) failed.
    #[error("{0}")]
    Compile(#[from] nativecpu_compiler::CompileError),
}
