//! The Native CPU runtime (work in progress).
