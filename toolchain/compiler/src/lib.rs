//! The Native CPU device compiler.
//!
//! It takes the linked device module of a SYCL program (SPIR-V-flavoured LLVM IR from clang's
//! `-fsycl-is-device`, or DPC++'s native_cpu device IR) and turns it into a host object that
//! exports one *subhandler* per kernel, `<kernel>.SYCLNCPU(void *const *args, state *)`, which
//! runs one whole work-group per call. See [`pipeline`] for the pass order and [`passes`] for what
//! each pass expects and guarantees; IR conventions shared by the passes (mux builtin names,
//! attributes, metadata) live in [`ir`].
//!
//! Entry points: [`backend::compile_device_module`] (what `ncpu++ -c device.bc` runs) and
//! [`pass_manager::run_pipeline_text`] (what `muxc --passes` runs).

pub mod backend;
pub mod codegen;
pub mod error;
pub mod ir;
pub mod muxc;
pub mod pass_manager;
pub mod passes;
pub mod pipeline;
pub mod sanitizers;
pub mod scheduling;
pub mod target;

pub use error::CompileError;
