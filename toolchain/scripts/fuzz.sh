#!/usr/bin/env bash
# Fuzzing with libFuzzer on stable Rust (docs/fuzzing.md). Builds fuzz/libfuzzer with the
# coverage instrumentation cargo-fuzz uses for `--sanitizer none` (only stable `-C` flags) and
# runs its targets, one at a time:
#
#   bash toolchain/scripts/fuzz.sh [TARGET|all] [SECONDS]   each target for SECONDS (default 60)
#   bash toolchain/scripts/fuzz.sh TARGET -- FILE...        run TARGET once on each FILE (replay)
#   bash toolchain/scripts/fuzz.sh list                     the targets
#   bash toolchain/scripts/fuzz.sh seeds                    rewrite fuzz/seeds/*/seed-* from the
#                                                           built tools' output
#
# New corpus entries go to fuzz/corpus/TARGET, failing inputs to fuzz/artifacts/TARGET (both
# ignored by git); fuzz/seeds/TARGET is read too. Each run ends with one line per target:
# `fuzz: TARGET: N executions in S s, ...`. The exit status is 1 when any target failed.
# FUZZ_TARGET_DIR sets the build directory (default: $CARGO_TARGET_DIR/fuzz or target/fuzz),
# FUZZ_JOBS cargo's -j, FUZZ_ARGS extra libFuzzer flags.
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$PWD

targets=(table prop sym kernel_notes cli device_selector runtime_register wrapper_files post_link_ir compile_ir)
triple=$(rustc -vV | sed -n 's/^host: //p')
target_dir=${FUZZ_TARGET_DIR:-${CARGO_TARGET_DIR:-$root/target}/fuzz}
bin_dir=$target_dir/$triple/release
separator=$'\n--8<--\n'

build() {
  # libfuzzer-sys compiles libFuzzer (C++) with `c++`; LLVM 22's clang++ does when g++ is absent.
  if [[ -z ${CXX:-} ]] && ! command -v c++ >/dev/null 2>&1; then
    export CXX=/usr/lib/llvm-22/bin/clang++
  fi
  # libFuzzer's coverage: 8-bit counters, the PC table, comparison tracing and stack depth, as
  # cargo-fuzz sets them; `--cfg fuzzing` and debug assertions on. `--target` keeps the flags
  # off build scripts and proc macros.
  local flags="-Cpasses=sancov-module -Cllvm-args=-sanitizer-coverage-level=4"
  flags+=" -Cllvm-args=-sanitizer-coverage-inline-8bit-counters"
  flags+=" -Cllvm-args=-sanitizer-coverage-pc-table"
  flags+=" -Cllvm-args=-sanitizer-coverage-trace-compares"
  flags+=" -Cllvm-args=-sanitizer-coverage-stack-depth --cfg fuzzing -Cdebug-assertions"
  RUSTFLAGS="$flags ${RUSTFLAGS:-}" cargo build --manifest-path fuzz/libfuzzer/Cargo.toml \
    --release --bins --target "$triple" --target-dir "$target_dir" ${FUZZ_JOBS:+-j "$FUZZ_JOBS"}
}

# The repository's other LLVM modules (pass tests, fixtures) as extra seeds for the IR targets,
# generated into the corpus rather than committed; the first byte selects the tool's options.
extra_seeds() {
  local target=$1 corpus=$2 file
  [[ $target == post_link_ir || $target == compile_ir ]] || return 0
  while IFS= read -r file; do
    { printf '\x02'; cat "$file"; } >"$corpus/repo-$(echo "$file" | tr '/' '_')"
  done < <(git ls-files '*.ll')
}

run_target() {
  # Absolute paths: the targets that read files work in a scratch directory of their own.
  local target=$1 seconds=$2 corpus=$root/fuzz/corpus/$1 artifacts=$root/fuzz/artifacts/$1 log
  mkdir -p "$corpus" "$artifacts"
  extra_seeds "$target" "$corpus"
  log=$(mktemp)
  local status=0 start=$SECONDS
  # shellcheck disable=SC2086
  "$bin_dir/$target" -max_total_time="$seconds" -timeout=60 -rss_limit_mb=4096 \
    -print_final_stats=1 -artifact_prefix="$artifacts/" ${FUZZ_ARGS:-} \
    "$corpus" "$root/fuzz/seeds/$target" >"$log" 2>&1 || status=$?
  local runs
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
  if ((status == 0)); then
    echo "fuzz: $target: ${runs:-0} executions in $((SECONDS - start)) s, no failure, corpus $(ls "$corpus" | wc -l) inputs"
  else
    grep -E "panicked at|^[^ ].*(not one line|refuses)|ERROR: libFuzzer|SUMMARY" "$log" | head -5 >&2 || true
    echo "fuzz: $target: FAILED after ${runs:-?} executions (log $log, input in $artifacts/)"
    return 1
  fi
  rm -f "$log"
}

# fuzz/seeds/*/seed-*: what the tools write for the sycl-post-link fixtures, plus command lines,
# device selectors and registration inputs. Files named regression-* (inputs that once failed)
# are kept.
write_seeds() {
  local bin=${CARGO_TARGET_DIR:-$root/target}/release seeds=$root/fuzz/seeds tmp fixture name t
  for t in "${targets[@]}"; do
    mkdir -p "$seeds/$t"
    rm -f "$seeds/$t"/seed-*
  done
  tmp=$(mktemp -d)
  for fixture in sycl-post-link/tests/fixtures/*.ll; do
    name=$(basename "$fixture" .ll)
    cp "$fixture" "$tmp/$name.ll"
    (cd "$tmp" && "$bin/sycl-post-link" -O2 -device-globals -spec-const=emulation -properties \
      -split=auto -emit-param-info -emit-program-metadata -symbols -emit-exported-symbols \
      -emit-imported-symbols -lower-esimd -S -o "$name.table" "$name.ll")
    cp "$tmp/$name.table" "$seeds/table/seed-$name"
    cp "$tmp/${name}_0.prop" "$seeds/prop/seed-$name"
    cp "$tmp/${name}_0.sym" "$seeds/sym/seed-$name"
    { printf '[Code|Properties|Symbols]\nimage.ll|image.prop|image.sym\n%s' "$separator"
      cat "$tmp/${name}_0.prop"; printf '%s' "$separator"
      cat "$tmp/${name}_0.sym"; printf '%s' "$separator"
      cat "$tmp/${name}_0.ll"; } >"$seeds/wrapper_files/seed-$name"
    { printf '%s' "$separator"; cat "$tmp/${name}_0.prop"; printf '%s' "$separator"
      cat "$tmp/${name}_0.sym"; } >"$seeds/runtime_register/seed-$name"
    { printf '\x00'; cat "$fixture"; } >"$seeds/post_link_ir/seed-$name"
    { printf '\x06'; cat "$fixture"; } >"$seeds/post_link_ir/seed-$name-kernel-S"
    { printf '\x02'; cat "$fixture"; } >"$seeds/compile_ir/seed-$name-O2"
  done
  { printf '\x00'; cat sycl-post-link/tests/fixtures/work_group_metadata.ll; } \
    >"$seeds/compile_ir/seed-work_group_metadata-O0"
  { printf '\x07'; cat sycl-post-link/tests/fixtures/single_tu.ll; } \
    >"$seeds/compile_ir/seed-single_tu-O3-g"
  rm -rf "$tmp"
  local i=0 line
  while IFS= read -r line; do
    printf '%b' "$line" >"$seeds/cli/seed-$i"
    i=$((i + 1))
  done <<'LINES'
\x00-fsycl\x00a.cpp\x00-o\x00app
\x00-fsycl\x00-c\x00a.cpp\x00-O2\x00-g\x00-MD\x00-MF\x00a.d
\x00-c\x00k.bc\x00-o\x00k.o\x00-mllvm\x00-sycl-native-cpu-vecz-width=8
\x00-fsycl\x00-fsycl-device-only\x00a.cpp\x00-fsanitize=address\x00-###
\x00-fsycl\x00o.o\x00l.a\x00-L\x00lib\x00-lm\x00-save-temps\x00-fsycl-targets=native_cpu
\x01-O2\x00-device-globals\x00-spec-const=emulation\x00-properties\x00-split=auto\x00-symbols\x00-o\x00out.table\x00in.bc
\x01-ir-output-only\x00-split=none\x00-S\x00--\x00in.ll
\x02-o=w.o\x00-host=x86_64-unknown-linux-gnu\x00-kind=sycl\x00-target=native_cpu\x00-batch\x00t.table
\x02-o\x00w.bc\x00-native-cpu\x00-entries=a.sym\x00-properties=a.prop\x00a.bc\x00-v
\x03--passes=native-cpu-pipeline\x00-S\x00--filetype=obj\x00-o\x00out.bc\x00in.ll
\x04--verbose
\x05nativecpu\x00build\x00--release\x00-p\x00app
\x05nativecpu\x00run\x00--example\x00x\x00--\x00arg
LINES
  i=0
  for line in 'native_cpu:cpu' '!level_zero:*;native_cpu:0' '*:gpu,cpu' 'opencl:0.1'; do
    printf '%s' "$line" >"$seeds/device_selector/seed-$i"
    i=$((i + 1))
  done
}

case ${1:-all} in
list)
  printf '%s\n' "${targets[@]}"
  ;;
seeds)
  write_seeds
  ;;
*)
  selected=${1:-all}
  if [[ $selected != all && ! " ${targets[*]} " =~ " $selected " ]]; then
    echo "fuzz.sh: error: unknown target '$selected' (see: fuzz.sh list)" >&2
    exit 2
  fi
  build
  if [[ ${2:-} == -- ]]; then
    "$bin_dir/$selected" "${@:3}"
    exit
  fi
  seconds=${2:-60}
  failed=0
  if [[ $selected == all ]]; then
    for target in "${targets[@]}"; do
      run_target "$target" "$seconds" || failed=1
    done
  else
    run_target "$selected" "$seconds" || failed=1
  fi
  exit "$failed"
  ;;
esac
