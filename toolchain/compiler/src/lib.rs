//! The Native CPU device compiler (work in progress).
