#![no_main]
//! Fuzz target `kernel_notes`: see `ncpu_fuzz::TARGETS` and docs/fuzzing.md.
libfuzzer_sys::fuzz_target!(|data: &[u8]| ncpu_fuzz::run("kernel_notes", data));
