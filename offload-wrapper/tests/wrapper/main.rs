//! Tests of the `offload-wrapper` binary and library: the object's layout read back with goblin,
//! a real link and run of a PIE and of a shared library, the command line, and every error path.

mod cli;
mod common;
mod errors;
mod layout;
mod link;
