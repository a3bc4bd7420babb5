#!/usr/bin/env bash
# README command 2 (and CI): install what is missing, build the workspace, run the whole test
# suite: unit tests, format tests, FileCheck pass tests and end-to-end SYCL programs; then the
# quality gates: formatting, clippy with warnings as errors (including the `[workspace.lints]` of
# the root Cargo.toml: SAFETY comments, documented public items), and the FileCheck mutation mode,
# which drops each test's pass and requires the test to fail (a pass test that cannot fail is a
# defect).
set -euo pipefail
cd "$(dirname "$0")/../.."

bash toolchain/scripts/install-deps.sh
cargo fmt --all --check
cargo fmt --all --check --manifest-path example-apps/rust/Cargo.toml
# The end-to-end tests drive the built tools (ncpu++, muxc, sycl-post-link, offload-wrapper and
# the runtime library), so the whole workspace is built first, in the profile the tests use.
cargo build --release --workspace
cargo test --release --workspace
bash toolchain/scripts/memcheck-runtime.sh
cargo clippy --release --workspace --all-targets -- -D warnings
# The Rust example apps are a workspace of their own (docs/rust.md); their build scripts use the
# ncpu++ built above.
NCPU_CXX="$PWD/target/release/ncpu++" cargo clippy --release --manifest-path example-apps/rust/Cargo.toml --all-targets -- -D warnings
FILECHECK_MUTATE=1 cargo test --release -p nativecpu-compiler --test filecheck
