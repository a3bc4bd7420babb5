#![no_main]
//! Fuzz target `sym`: see `ncpu_fuzz::formats::sym` and docs/fuzzing.md.
libfuzzer_sys::fuzz_target!(|data: &[u8]| ncpu_fuzz::formats::sym(data));
