#![no_main]
//! Fuzz target `post_link_ir`: see `ncpu_fuzz::ir::post_link` and docs/fuzzing.md.
libfuzzer_sys::fuzz_target!(|data: &[u8]| ncpu_fuzz::ir::post_link(data));
