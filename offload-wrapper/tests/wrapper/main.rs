//! Tests of the `offload-wrapper` binary and library: the object's layout read back with goblin,
//! a real link and run of a PIE and of a shared library, the bitcode output (FileCheck, and
//! compiled by clang into the same links), the command line, every error path, and real
//! `sycl-post-link` output changed one way at a time (`formats`).

mod bitcode;
mod cli;
mod common;
mod errors;
mod formats;
mod layout;
mod link;
