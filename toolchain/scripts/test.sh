#!/usr/bin/env bash
# README command 2 (and CI): install what is missing, build the workspace, run the whole test
# suite: unit tests, format tests, FileCheck pass tests and end-to-end SYCL programs.
set -euo pipefail
cd "$(dirname "$0")/../.."

bash toolchain/scripts/install-deps.sh
# The end-to-end tests drive the built tools (ncpu++, muxc, sycl-post-link, offload-wrapper and
# the runtime library), so the whole workspace is built first, in the profile the tests use.
cargo build --release --workspace
cargo test --release --workspace
