//! Errors of the compiler library. Each carries enough context (file, function, pass) to be
//! printed as one line by the binaries.

use std::path::PathBuf;

#[derive(Debug, thiserror::Error)]
pub enum CompileError {
    #[error("{path}: {source}")]
    Io {
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },
    #[error("{path}: invalid LLVM IR: {message}")]
    InvalidInput { path: PathBuf, message: String },
    #[error("the module does not verify after {after}: {message}")]
    Verification { after: String, message: String },
    #[error("in function '{function}': {reason}")]
    Unsupported { function: String, reason: String },
    #[error("{0}")]
    Pass(String),
    #[error("parse of pass pipeline '{pipeline}' failed: {reason}")]
    Pipeline { pipeline: String, reason: String },
    #[error("LLVM pass pipeline '{pipeline}' failed: {message}")]
    LlvmPasses { pipeline: String, message: String },
    #[error("cannot link the device library: {0}")]
    DeviceLib(String),
    #[error("target: {0}")]
    Target(String),
}

impl CompileError {
    pub fn unsupported(function: impl Into<String>, reason: impl Into<String>) -> Self {
        CompileError::Unsupported {
            function: function.into(),
            reason: reason.into(),
        }
    }
}
