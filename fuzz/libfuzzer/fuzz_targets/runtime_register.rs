#![no_main]
//! Fuzz target `runtime_register`: see `ncpu_fuzz::TARGETS` and docs/fuzzing.md.
libfuzzer_sys::fuzz_target!(|data: &[u8]| ncpu_fuzz::run("runtime_register", data));
