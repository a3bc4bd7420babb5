#![no_main]
//! Fuzz target `table`: see `ncpu_fuzz::formats::table` and docs/fuzzing.md.
libfuzzer_sys::fuzz_target!(|data: &[u8]| ncpu_fuzz::formats::table(data));
