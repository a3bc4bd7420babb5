#![no_main]
//! Fuzz target `device_selector`: see `ncpu_fuzz::TARGETS` and docs/fuzzing.md.
libfuzzer_sys::fuzz_target!(|data: &[u8]| ncpu_fuzz::run("device_selector", data));
