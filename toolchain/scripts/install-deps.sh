#!/usr/bin/env bash
# Installs what the toolchain needs on Debian 12 and is missing: LLVM 22 (clang-22, llvm-22-dev,
# libpolly-22-dev, llvm-22-tools for FileCheck, libclang-rt-22-dev for the sanitizer runtimes),
# the libraries llvm-sys links against, gdb (the debug-information test drives it), valgrind (the
# runtime's Memcheck run), and rustup's clippy and rustfmt.
# Packages already present are skipped; nothing is installed when everything is there.
set -euo pipefail

# The test suite checks formatting and clippy's lints: make sure rustup's components are there.
if command -v rustup >/dev/null 2>&1; then
  rustup component add clippy rustfmt >/dev/null 2>&1 || echo "install-deps: cannot add clippy and rustfmt with rustup"
fi

packages=(clang-22 libclang-rt-22-dev llvm-22 llvm-22-dev llvm-22-tools libpolly-22-dev libzstd-dev zlib1g-dev libxml2-dev libffi-dev libedit-dev gdb valgrind)
missing=()
for package in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$package")
  fi
done

if ((${#missing[@]} == 0)); then
  echo "install-deps: all packages present"
  exit 0
fi

echo "install-deps: installing ${missing[*]}"
sudo_cmd=()
if [[ $(id -u) -ne 0 ]]; then
  sudo_cmd=(sudo)
fi
export DEBIAN_FRONTEND=noninteractive
"${sudo_cmd[@]}" apt-get update -q
"${sudo_cmd[@]}" apt-get install -y -q --no-install-recommends "${missing[@]}"
