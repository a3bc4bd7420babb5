#![no_main]
//! Fuzz target `post_link_ir`: see `ncpu_fuzz::TARGETS` and docs/fuzzing.md.
libfuzzer_sys::fuzz_target!(|data: &[u8]| ncpu_fuzz::run("post_link_ir", data));
