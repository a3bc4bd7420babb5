//! `cargo nativecpu`: builds and runs the SYCL programs ("apps") that the members of a cargo
//! workspace declare, with the Native CPU compiler driver `ncpu++`.
//!
//! # Commands
//!
//! ```text
//! cargo nativecpu build [--release] [-p PACKAGE]... [--workspace] [--manifest-path PATH] [-v] [-j N]
//! cargo nativecpu run   [--release] [-p PACKAGE]... [--app NAME]... [<build options>] [-- ARGS...]
//! cargo nativecpu list  [-p PACKAGE]... [--workspace] [--manifest-path PATH]
//! ```
//!
//! Like cargo, a command run inside a member's directory (or given that member's manifest)
//! selects that package's apps; at the workspace root, or with `--workspace`, every member's.
//!
//! Cargo runs `cargo-nativecpu nativecpu <command> …` for `cargo nativecpu <command> …`; the
//! executable also accepts being run directly (`cargo-nativecpu build`). Status goes to stderr
//! in cargo's style (`   Compiling`, `       Fresh`, `    Finished`, `     Running`); any error is
//! one `error: …` line and exit status 1 (clap's usage errors: 2). `run` builds first, then runs
//! every selected app even if one fails, and fails if any did.
//!
//! # Declaring apps
//!
//! In a workspace member's `Cargo.toml` (see [`metadata`] for the validation rules):
//!
//! ```toml
//! [[package.metadata.nativecpu.app]]
//! name = "vector-add"            # executable name, unique in the workspace
//! sources = ["vector-add.cpp"]   # relative to the package directory
//! flags = ["-DN=1024"]           # optional extra ncpu++ flags (relative paths: package directory)
//! args = []                      # optional arguments for `run`
//! ```
//!
//! # Building
//!
//! Each app is `ncpu++ -fsycl -fsycl-targets=native_cpu <sources> <profile flags> <flags> -o
//! <target>/nativecpu/<profile>/<name>`, run in the package directory, where `<target>` is
//! cargo's target directory, the dev profile (directory `debug`) passes `-O2` and `--release`
//! (directory `release`) passes `-O3` ([`builder::Profile`]). `ncpu++` is `$NCPU_CXX`, else the
//! one beside this executable, else the one on `PATH` ([`toolchain`]). Up to `--jobs` apps (by
//! default, the number of CPUs) compile at once.
//!
//! An app is rebuilt unless its executable exists and the fingerprint stored by its last
//! successful build — the `ncpu++` command line, the driver's environment variables, and the
//! modification time and size of every input: sources, the local headers they include, the
//! driver and its tools, the runtime library and every SYCL header — is identical to the current
//! one ([`builder::fingerprint`]).

pub mod builder;
pub mod cli;
pub mod metadata;
pub mod runner;
pub mod shell;
pub mod toolchain;

/// The error of a command whose failure was already reported on stderr (compiler diagnostics
/// followed by `error: could not build app '…'`, or a failed app): nothing more is printed.
#[derive(Debug, Clone, Copy, thiserror::Error)]
#[error("the errors above")]
pub struct Reported;
