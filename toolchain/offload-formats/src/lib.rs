//! The files `sycl-post-link` hands to the offload wrapper, readable and writable byte for byte as
//! intel/llvm's tools do (reference `intel-llvm-native-cpu.md` §1.2–§1.5):
//!
//! * [`table`]: the `[Code|Properties|Symbols]` file table, cells looked up by column name;
//! * [`properties`]: property-set registries (`.prop`), with `1|` integers and `2|` byte arrays;
//! * [`base64`]: the LSB-first, unpadded base64 that `.prop` byte arrays use (not RFC 4648);
//! * [`symbols`]: the `.sym` entry-point lists.
//!
//! Both `sycl-post-link` (the writer) and `offload-wrapper` (the reader) go through this crate, so
//! the two sides of the hand-off cannot drift apart.

pub mod base64;
pub mod properties;
pub mod symbols;
pub mod table;

use std::path::PathBuf;

/// Everything that can go wrong reading or writing one of the hand-off files.
#[derive(Debug, thiserror::Error)]
pub enum FormatError {
    #[error("{path}: {source}")]
    Io {
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },
    #[error("{path}:{line}: {message}")]
    Syntax {
        path: PathBuf,
        line: usize,
        message: String,
    },
    #[error("invalid base64 byte array: {0}")]
    Base64(String),
}

impl FormatError {
    pub(crate) fn io(path: &std::path::Path, source: std::io::Error) -> Self {
        FormatError::Io {
            path: path.to_path_buf(),
            source,
        }
    }

    pub(crate) fn syntax(path: &std::path::Path, line: usize, message: impl Into<String>) -> Self {
        FormatError::Syntax {
            path: path.to_path_buf(),
            line,
            message: message.into(),
        }
    }
}
