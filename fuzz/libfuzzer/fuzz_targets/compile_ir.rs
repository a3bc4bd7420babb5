#![no_main]
//! Fuzz target `compile_ir`: see `ncpu_fuzz::ir::compile` and docs/fuzzing.md.
libfuzzer_sys::fuzz_target!(|data: &[u8]| ncpu_fuzz::ir::compile(data));
