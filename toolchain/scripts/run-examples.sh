#!/usr/bin/env bash
# README command 1: install what is missing, build the toolchain, build every example app with
# `cargo nativecpu build --release`, and run them (each checks its result and prints PASS); then
# build the Rust example apps (example-apps/rust, their own workspace, whose build scripts use the
# ncpu++ just built) with `cargo build --release` and run them with `cargo run --release`.
set -euo pipefail
cd "$(dirname "$0")/../.."

bash toolchain/scripts/install-deps.sh
cargo build --release --workspace
export PATH="$PWD/target/release:$PATH"
cargo nativecpu build --release
cargo nativecpu run --release
export NCPU_CXX="$PWD/target/release/ncpu++"
cargo build --release --manifest-path example-apps/rust/Cargo.toml
for app in rust-build-crate rust-host-api; do
  cargo run --release -q --manifest-path example-apps/rust/Cargo.toml -p "$app"
done
