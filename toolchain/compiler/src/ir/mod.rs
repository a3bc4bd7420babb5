//! IR conventions shared by the passes, in one place: mux builtin names and their state
//! accessors ([`mux`]), the SPIR-V builtin forms we accept ([`spirv`]), the function attributes
//! passes communicate through ([`attributes`]) and small IR-walking helpers ([`walk`]).

pub mod annotations;
pub mod attributes;
pub mod cfg;
pub mod globals;
pub mod graph;
pub mod memory;
pub mod metadata;
pub mod mux;
pub mod spirv;
pub mod split;
pub mod value;
pub mod vector;
pub mod walk;

/// LLVM's calling convention numbers that matter to us.
pub mod calling_convention {
    /// The C calling convention: what the runtime calls subhandlers with.
    pub const C: u32 = 0;
    /// `spir_func`.
    pub const SPIR_FUNC: u32 = 75;
    /// `spir_kernel`: how the front-end marks SYCL kernels.
    pub const SPIR_KERNEL: u32 = 76;
}
