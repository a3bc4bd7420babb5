#![no_main]
//! Fuzz target `runtime_register`: see `ncpu_fuzz::runtime::register` and docs/fuzzing.md.
libfuzzer_sys::fuzz_target!(|data: &[u8]| ncpu_fuzz::runtime::register(data));
