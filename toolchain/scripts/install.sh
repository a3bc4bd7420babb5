#!/usr/bin/env bash
# Installs the toolchain into a prefix (docs/install.md):
#   <prefix>/bin      ncpu++ (a link to ncpu), muxc, sycl-post-link, offload-wrapper, cargo-nativecpu, sycl-ls
#   <prefix>/include  the SYCL headers and the runtime's C header
#   <prefix>/lib      libnativecpu_runtime.a
# Every binary finds the others, the headers and the runtime library relative to its own
# location, so the prefix can be moved or copied afterwards. LLVM 22 stays where it is.
#
# usage: install.sh --prefix DIR [--from DIR]
#   --prefix DIR  where to install (created if missing; files already there are replaced)
#   --from DIR    copy the binaries already built in DIR (a cargo target/<profile> directory)
#                 instead of building them with `cargo build --release`
set -euo pipefail

usage() {
  sed -n '/^# usage:/,/^[^#]/p' "$0" | sed -e '$d' -e 's/^# \{0,1\}//' >&2
  exit 2
}

prefix=""
from=""
while (($# > 0)); do
  case "$1" in
    --prefix) prefix="${2:-}"; shift 2 || usage ;;
    --prefix=*) prefix="${1#--prefix=}"; shift ;;
    --from) from="${2:-}"; shift 2 || usage ;;
    --from=*) from="${1#--from=}"; shift ;;
    -h | --help) usage ;;
    *) echo "install.sh: error: unknown argument '$1'" >&2; usage ;;
  esac
done
[[ -n "$prefix" ]] || { echo "install.sh: error: --prefix DIR is required" >&2; usage; }

source_root="$(cd "$(dirname "$0")/../.." && pwd)"
programs=(ncpu muxc sycl-post-link offload-wrapper cargo-nativecpu sycl-ls)
packages=(ncpu-driver nativecpu-compiler sycl-post-link offload-wrapper nativecpu-runtime cargo-nativecpu sycl-ls)

if [[ -z "$from" ]]; then
  package_args=()
  for package in "${packages[@]}"; do package_args+=(-p "$package"); done
  (cd "$source_root" && cargo build --release "${package_args[@]}")
  target_dir="${CARGO_TARGET_DIR:-$source_root/target}"
  from="$target_dir/release"
fi

for file in "${programs[@]}" libnativecpu_runtime.a; do
  [[ -f "$from/$file" ]] || { echo "install.sh: error: $from/$file: not built" >&2; exit 1; }
done

mkdir -p "$prefix/bin" "$prefix/include" "$prefix/lib"
for program in "${programs[@]}"; do
  install -m 755 "$from/$program" "$prefix/bin/$program"
done
ln -sfn ncpu "$prefix/bin/ncpu++"
install -m 644 "$from/libnativecpu_runtime.a" "$prefix/lib/libnativecpu_runtime.a"
rm -rf "$prefix/include/sycl" "$prefix/include/CL" "$prefix/include/nativecpu"
cp -R "$source_root/toolchain/include/." "$prefix/include/"
echo "install.sh: installed into $prefix (put $prefix/bin on PATH)"
