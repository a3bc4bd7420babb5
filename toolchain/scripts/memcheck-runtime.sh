#!/usr/bin/env bash
# Runs the runtime library's own tests (unit and integration) under Valgrind's Memcheck, and one
# end-to-end program built with ncpu++: every invalid read or write, use of uninitialised memory,
# bad free or overlapping copy in the runtime's unsafe code fails the run. Rust's sanitizers and
# Miri need a nightly compiler, which the project does not use (docs/sanitizers.md, "The runtime
# library"); Memcheck checks the same compiled code without rebuilding it. Leaks are checked by
# LeakSanitizer on the end-to-end programs (tests/tests/sanitizers.rs); here they are not errors,
# since the runtime's tests leak their registration descriptors on purpose.
#
# Usage: bash toolchain/scripts/memcheck-runtime.sh   (after `cargo build --release --workspace`)
set -euo pipefail
cd "$(dirname "$0")/../.."

if ! command -v valgrind >/dev/null 2>&1; then
  echo "memcheck-runtime: error: valgrind is not installed (toolchain/scripts/install-deps.sh installs it)" >&2
  exit 1
fi

memcheck=(valgrind --quiet --error-exitcode=99 --leak-check=no --track-origins=yes)

mapfile -t tests < <(cargo test --release -p nativecpu-runtime --no-run --message-format=json 2>/dev/null |
  sed -n 's/.*"executable":"\([^"]*\)".*/\1/p')
if ((${#tests[@]} == 0)); then
  echo "memcheck-runtime: error: cargo built no test binary for nativecpu-runtime" >&2
  exit 1
fi

failed=0
run() {
  local name=$1
  shift
  local start=$SECONDS
  if (cd toolchain/runtime && "${memcheck[@]}" "$@" >/tmp/memcheck-runtime.$$.log 2>&1); then
    echo "memcheck-runtime: $name: no error ($((SECONDS - start)) s)"
  else
    echo "memcheck-runtime: error: $name: Memcheck reported errors or the run failed:" >&2
    grep -E '^==[0-9]+== ' /tmp/memcheck-runtime.$$.log | head -40 >&2 || tail -20 /tmp/memcheck-runtime.$$.log >&2
    failed=1
  fi
  rm -f /tmp/memcheck-runtime.$$.log
}

for test in "${tests[@]}"; do
  # link_cpp compiles C++ programs with clang: Memcheck would check clang, not the runtime.
  case "$(basename "$test")" in link_cpp-*) continue ;; esac
  run "$(basename "$test" | sed 's/-[0-9a-f]*$//')" "$test" --test-threads=2
done

# The runtime as C++ programs use it: USM, buffers and accessors, events, host tasks, 2 threads.
app=$(mktemp -d)
trap 'rm -rf "$app"' EXIT
target/release/ncpu++ -fsycl -O1 tests/programs/async_events.cpp -o "$app/async_events"
NATIVECPU_THREADS=2 run async_events.cpp "$app/async_events"

exit "$failed"
