//! The fuzz targets' bodies: one function per reader of the toolchain, fed the bytes libFuzzer
//! makes (docs/fuzzing.md). Each `fuzz_targets/<name>.rs` calls one of them; keeping them in a
//! library lets every target share the checks below and be replayed on a saved input.
//!
//! A target fails (panics, so libFuzzer saves the input) when the reader panics or crashes, and
//! when a refusal would not print as one line: every tool prints `<tool>: error: <file>: <cause>`
//! through `ncpu_cli::error_line` (issue 12, item 8), and the runtime prints its own lines.

pub mod cli;
pub mod formats;
pub mod ir;
pub mod runtime;
pub mod wrapper;

/// A fuzz target's body: takes any bytes, panics only on a finding.
pub type Target = fn(&[u8]);

/// Every target by name: the libFuzzer binary `fuzz/libfuzzer/fuzz_targets/<name>.rs` calls the
/// function, and the smoke run (`tests/smoke.rs`) calls each on its seeds and their mutations.
pub const TARGETS: &[(&str, Target)] = &[
    ("table", formats::table),
    ("prop", formats::prop),
    ("sym", formats::sym),
    ("kernel_notes", formats::kernel_notes),
    ("cli", cli::command_line),
    ("device_selector", runtime::device_selector),
    ("runtime_register", runtime::register),
    ("wrapper_files", wrapper::files),
    ("post_link_ir", ir::post_link),
    ("compile_ir", ir::compile),
];

/// Runs the target called `name` on `data`: what each libFuzzer binary calls, so that the
/// binaries depend on the names alone (`tests/smoke.rs` checks the binaries, `fuzz.sh` and
/// [`TARGETS`] list the same names).
pub fn run(name: &str, data: &[u8]) {
    match TARGETS.iter().find(|(target, _)| *target == name) {
        Some((_, target)) => target(data),
        None => panic!("no fuzz target is called {name}"),
    }
}

use std::fmt::Display;
use std::path::Path;
use std::sync::OnceLock;

/// Panics unless `message` is one line: no line break, no carriage return.
pub fn assert_one_line(reader: &str, message: &impl Display) {
    let message = message.to_string();
    assert!(
        !message.contains(['\n', '\r']),
        "{reader}: the error message is not one line: {message:?}"
    );
}

/// Panics unless the line `tool` prints for `error` is one line, starting as every tool's does.
pub fn assert_error_line(tool: &str, error: &impl Display) {
    let line = ncpu_cli::error_line(tool, error);
    assert!(line.starts_with(&format!("{tool}: error: ")), "{line:?}");
    assert_one_line(tool, &line);
}

/// Splits a target's input at each [`PART_SEPARATOR`] into `count` parts (missing ones empty),
/// so one input can carry several files. The seeds are written this way by `fuzz.sh seeds`.
pub fn split_parts(data: &[u8], count: usize) -> Vec<&[u8]> {
    let mut parts = Vec::with_capacity(count);
    let mut rest = data;
    while parts.len() + 1 < count {
        match find(rest, PART_SEPARATOR) {
            Some(at) => {
                parts.push(&rest[..at]);
                rest = &rest[at + PART_SEPARATOR.len()..];
            }
            None => break,
        }
    }
    parts.push(rest);
    parts.resize(count, &[]);
    parts
}

/// What separates the files in a multi-file input: a line no hand-off file holds.
pub const PART_SEPARATOR: &[u8] = b"\n--8<--\n";

fn find(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    haystack
        .windows(needle.len())
        .position(|window| window == needle)
}

/// A directory of its own for the targets that read and write files, made the current directory
/// once, so that the relative file names in the inputs (a `.table`'s cells, command-line paths)
/// stay inside it. [`fresh_scratch`] empties it before each input, so no input sees another's
/// files.
fn scratch() -> &'static Path {
    static SCRATCH: OnceLock<tempfile::TempDir> = OnceLock::new();
    let dir = SCRATCH.get_or_init(|| {
        let dir = tempfile::Builder::new()
            .prefix("ncpu-fuzz-")
            .tempdir()
            .unwrap_or_else(|e| panic!("cannot create the fuzz scratch directory: {e}"));
        std::env::set_current_dir(dir.path())
            .unwrap_or_else(|e| panic!("cannot enter the fuzz scratch directory: {e}"));
        dir
    });
    dir.path()
}

/// The scratch directory, emptied.
pub fn fresh_scratch() -> &'static Path {
    let dir = scratch();
    let entries =
        std::fs::read_dir(dir).unwrap_or_else(|e| panic!("cannot list {}: {e}", dir.display()));
    for entry in entries.flatten() {
        let path = entry.path();
        let removed = if path.is_dir() && !path.is_symlink() {
            std::fs::remove_dir_all(&path)
        } else {
            std::fs::remove_file(&path)
        };
        removed.unwrap_or_else(|e| panic!("cannot remove {}: {e}", path.display()));
    }
    dir
}

/// Writes `bytes` to `name` in the scratch directory.
pub fn write_file(name: &str, bytes: &[u8]) {
    std::fs::write(name, bytes).unwrap_or_else(|e| panic!("cannot write {name}: {e}"));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parts_are_split_at_the_separator_and_padded() {
        let data = b"a\n--8<--\nb\n--8<--\nc\n--8<--\nd";
        assert_eq!(split_parts(data, 3), [&b"a"[..], b"b", b"c\n--8<--\nd"]);
        assert_eq!(split_parts(b"only", 2), [&b"only"[..], b""]);
    }
}
