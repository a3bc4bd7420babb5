#![no_main]
//! Fuzz target `device_selector`: see `ncpu_fuzz::runtime::device_selector` and docs/fuzzing.md.
libfuzzer_sys::fuzz_target!(|data: &[u8]| ncpu_fuzz::runtime::device_selector(data));
