#!/usr/bin/env bash
# Builds every end-to-end program of tests/programs/ that checks its own results (it includes
# check.hpp or prints PASS) with `ncpu++ -fsanitize=address,undefined -fno-sanitize-recover`,
# runs it, and fails when a program does not build, reports an error, leaks or does not print
# PASS (docs/sanitizers.md, "Every e2e program under ASan+UBSan"). CI runs a selection
# (tests/tests/sanitizers.rs); this runs them all, about 25 minutes on two cores.
#
# Usage: bash toolchain/scripts/sanitize-programs.sh [PROGRAM.cpp ...]   (after the release build)
set -euo pipefail
cd "$(dirname "$0")/../.."

# Sources without a main of their own, built with the program that uses them.
declare -A companion=(
  [barrier_helper.cpp]=barrier_helper_external.cpp
  [spec_constants.cpp]=spec_constants_other.cpp
  [two_tus_main.cpp]=two_tus_kernels.cpp
)
# stack_overflow.cpp overflows a worker's stack on purpose (tests/tests/programs.rs checks the
# report), which AddressSanitizer reports as an error of its own.
skip=(stack_overflow.cpp)

export ASAN_OPTIONS=detect_leaks=1:allocator_may_return_null=1
export UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1
# device_selection.cpp is told what ONEAPI_DEVICE_SELECTOR (unset here) should do.
export EXPECT_DEVICE=visible

if (($# > 0)); then
  programs=("$@")
else
  programs=()
  for source in tests/programs/*.cpp; do
    if grep -q -e '"check.hpp"' -e 'PASS' "$source"; then
      programs+=("$(basename "$source")")
    fi
  done
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
passed=0
failed=()
for name in "${programs[@]}"; do
  name=$(basename "$name")
  if [[ " ${skip[*]} " == *" $name "* ]]; then
    echo "sanitize-programs: $name: skipped (overflows its stack on purpose)"
    continue
  fi
  sources=("tests/programs/$name")
  if [[ -n ${companion[$name]:-} ]]; then
    sources+=("tests/programs/${companion[$name]}")
  fi
  app="$work/${name%.cpp}"
  if ! target/release/ncpu++ -fsycl -O1 -fsanitize=address,undefined -fno-sanitize-recover=undefined \
    "${sources[@]}" -o "$app" >"$app.log" 2>&1; then
    echo "sanitize-programs: error: $name: does not build: $(head -1 "$app.log")"
    failed+=("$name")
  elif ! timeout 600 "$app" >"$app.log" 2>&1 || ! grep -q PASS "$app.log"; then
    echo "sanitize-programs: error: $name: $(grep -m1 -e 'SUMMARY:' -e 'runtime error' -e FAIL "$app.log" || tail -1 "$app.log")"
    failed+=("$name")
  else
    echo "sanitize-programs: $name: clean"
    passed=$((passed + 1))
  fi
done
echo "sanitize-programs: $passed clean, ${#failed[@]} failed${failed:+: ${failed[*]}}"
((${#failed[@]} == 0))
