//! The files `sycl-post-link` hands to the offload wrapper, readable and writable byte for byte as
//! intel/llvm's tools do (docs/formats.md):
//!
//! * [`table`]: the `[Code|Properties|Symbols]` file table, cells looked up by column name;
//! * [`properties`]: property-set registries (`.prop`), with `1|` integers and `2|` byte arrays;
//! * [`base64`]: the LSB-first, unpadded base64 that `.prop` byte arrays use (not RFC 4648);
//! * [`symbols`]: the `.sym` entry-point lists;
//! * [`validate`]: what a device image's property sets must satisfy before anything relies on
//!   them, giving the typed [`spec_constants::SpecConstantLayout`] and
//!   [`program_metadata::KernelMetadata`] (`docs/formats-validation.md`).
//!
//! `sycl-post-link` (the writer), `offload-wrapper` (the reader) and the runtime (which gets the
//! same property sets from the wrapper's object) all go through this crate, so the sides of the
//! hand-off cannot drift apart, and a property set one of them accepts the others accept too.

pub mod base64;
pub mod kernel_notes;
pub mod program_metadata;
pub mod properties;
pub mod spec_constants;
pub mod symbols;
pub mod table;
pub mod validate;

use std::path::PathBuf;

/// `text` with its control characters escaped (`\n` as `\\n`, `\r`, `\u{1b}` …): a file,
/// argument, kernel or variable name may hold any of them, and must neither break an error line
/// nor drive the terminal. The tools' error lines and the runtime's messages both use it.
pub fn printable(text: &str) -> String {
    text.chars()
        .map(|c| {
            if c.is_control() {
                c.escape_debug().to_string()
            } else {
                c.to_string()
            }
        })
        .collect()
}

/// Everything that can go wrong reading or writing one of the hand-off files.
#[derive(Debug, thiserror::Error)]
pub enum FormatError {
    /// A file could not be read or written.
    #[error("{path}: {source}")]
    Io {
        /// The file concerned.
        path: PathBuf,
        /// What the operating system reported.
        #[source]
        source: std::io::Error,
    },
    /// A line that does not follow the file's grammar (docs/formats.md).
    #[error("{path}:{line}: {message}")]
    Syntax {
        /// The file concerned.
        path: PathBuf,
        /// The offending line, counted from 1.
        line: usize,
        /// What is wrong with it.
        message: String,
    },
    /// A text file holding bytes that are not UTF-8.
    #[error("{path}: not UTF-8 text (invalid byte at offset {offset})")]
    NotText {
        /// The file concerned.
        path: PathBuf,
        /// The byte offset of the first byte that is not UTF-8.
        offset: usize,
    },
    /// A `.prop` byte array that is not valid in the LSB-first base64 of [`base64`]; the text
    /// says why.
    #[error("invalid base64 byte array: {0}")]
    Base64(String),
    /// A property set that parses but breaks a rule of [`validate`].
    #[error("{path}: {source}")]
    Property {
        /// The `.prop` file the set came from.
        path: PathBuf,
        /// The rule it breaks.
        #[source]
        source: validate::PropertyError,
    },
}

/// Reads a whole text file, with one error naming the file when it cannot be read (a directory,
/// a missing file) or is not UTF-8.
pub(crate) fn read_text(path: &std::path::Path) -> Result<String, FormatError> {
    let bytes = std::fs::read(path).map_err(|e| FormatError::io(path, e))?;
    String::from_utf8(bytes).map_err(|e| FormatError::NotText {
        path: path.to_path_buf(),
        offset: e.utf8_error().valid_up_to(),
    })
}

/// The lines of a hand-off file with their numbers from 1, split as `str::lines` splits them (at
/// `\n` or `\r\n`). A line that still holds a carriage return is refused: no writer puts one in
/// a name, key or cell, and one there would be dropped when the name is written back (a `.sym`
/// name `k\r` comes back as `k`), so the file would name something else than it was read as.
pub(crate) fn numbered_lines<'a>(
    text: &'a str,
    path: &std::path::Path,
) -> Result<Vec<(usize, &'a str)>, FormatError> {
    text.lines()
        .enumerate()
        .map(|(index, line)| {
            if line.contains('\r') {
                Err(FormatError::syntax(
                    path,
                    index + 1,
                    "a carriage return inside a line",
                ))
            } else {
                Ok((index + 1, line))
            }
        })
        .collect()
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
