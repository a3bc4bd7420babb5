#![no_main]
//! Fuzz target `prop`: see `ncpu_fuzz::formats::prop` and docs/fuzzing.md.
libfuzzer_sys::fuzz_target!(|data: &[u8]| ncpu_fuzz::formats::prop(data));
