//! Errors of the compiler library. Each carries enough context (file, function, pass) to be
//! printed as one line by the binaries.

use std::path::PathBuf;

/// Why a compile failed; each variant prints as one line naming what it concerns.
#[derive(Debug, thiserror::Error)]
pub enum CompileError {
    /// A file could not be read or written.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// What the operating system reported.
        #[source]
        source: std::io::Error,
    },
    /// The input is not a valid LLVM module.
    #[error("{path}: invalid LLVM IR: {message}")]
    InvalidInput {
        /// The input file.
        path: PathBuf,
        /// LLVM's parse message.
        message: String,
    },
    /// A pass left a module LLVM's verifier rejects: a compiler bug.
    #[error("the module does not verify after {after}: {message}")]
    Verification {
        /// The pass (or stage) after
        /// which verification failed.
        after: String,
        /// The verifier's message.
        message: String,
    },
    /// A function uses something the device cannot compile.
    #[error("in function '{function}': {reason}")]
    Unsupported {
        /// The function.
        function: String,
        /// What and why.
        reason: String,
    },
    /// A pass could not do its work (its message names the pass or builder).
    #[error("{0}")]
    Pass(String),
    /// Pipeline text that does not parse.
    #[error("parse of pass pipeline '{pipeline}' failed: {reason}")]
    Pipeline {
        /// The text.
        pipeline: String,
        /// What is wrong.
        reason: String,
    },
    /// LLVM's pass builder refused or failed a pipeline of LLVM passes.
    #[error("LLVM pass pipeline '{pipeline}' failed: {message}")]
    LlvmPasses {
        /// The LLVM pipeline.
        pipeline: String,
        /// // LLVM's message.
        message: String,
    },
    /// The device library could not be linked into the module (LLVM's message).
    #[error("cannot link the device library: {0}")]
    DeviceLib(String),
    /// The host target could not be set up (LLVM's message).
    #[error("target: {0}")]
    Target(String),
}

impl CompileError {
    /// [`CompileError::Unsupported`] for `function`, saying `reason`.
    pub fn unsupported(function: impl Into<String>, reason: impl Into<String>) -> Self {
        CompileError::Unsupported {
            function: function.into(),
            reason: reason.into(),
        }
    }
}
