#![no_main]
//! Fuzz target `wrapper_files`: see `ncpu_fuzz::TARGETS` and docs/fuzzing.md.
libfuzzer_sys::fuzz_target!(|data: &[u8]| ncpu_fuzz::run("wrapper_files", data));
