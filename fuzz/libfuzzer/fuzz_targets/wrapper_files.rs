#![no_main]
//! Fuzz target `wrapper_files`: see `ncpu_fuzz::wrapper::files` and docs/fuzzing.md.
libfuzzer_sys::fuzz_target!(|data: &[u8]| ncpu_fuzz::wrapper::files(data));
