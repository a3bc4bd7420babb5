#![no_main]
//! Fuzz target `cli`: see `ncpu_fuzz::cli::command_line` and docs/fuzzing.md.
libfuzzer_sys::fuzz_target!(|data: &[u8]| ncpu_fuzz::cli::command_line(data));
