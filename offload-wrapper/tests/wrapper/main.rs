//! Tests of the `offload-wrapper` binary and library: the object's layout read back with goblin,
//! a real link and run of a PIE and of a shared library, the bitcode output (FileCheck, and
//! compiled by clang into the same links), the command line, and every error path.

mod bitcode;
mod cli;
mod common;
mod errors;
mod layout;
mod link;
