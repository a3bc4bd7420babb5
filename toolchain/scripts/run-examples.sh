#!/usr/bin/env bash
# README command 1: install what is missing, build the toolchain, build every example app with
# `cargo nativecpu build --release`, and run them (each checks its result and prints PASS).
set -euo pipefail
cd "$(dirname "$0")/../.."

bash toolchain/scripts/install-deps.sh
cargo build --release --workspace
export PATH="$PWD/target/release:$PATH"
cargo nativecpu build --release
cargo nativecpu run --release
