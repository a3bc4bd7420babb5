#!/usr/bin/env bash
# Installs the benchmark suite's peers (bench/README.md, "Setting up the peers"):
#   - PoCL and the OpenCL ICD loader, headers and clinfo (Debian packages);
#   - LLVM's OpenMP runtime for clang-22 (gcc's libgomp comes with gcc);
#   - Intel's CPU OpenCL runtime from PyPI (intel-opencl-rt, intel-cmplr-lib-rt) in a venv
#     outside the repository, registered with the loader by an ICD file holding the absolute
#     path of the venv's libintelocl.so (the wheel's own .icd names a placeholder path).
# Run as root. Safe to run again: installed pieces are kept.
set -euo pipefail

venv="${NCPU_BENCH_INTEL_VENV:-/opt/ncpu-bench/intel-venv}"
icd=/etc/OpenCL/vendors/ncpu-bench-intel-cpu.icd

apt_packages=(pocl-opencl-icd ocl-icd-libopencl1 ocl-icd-opencl-dev opencl-c-headers clinfo libomp-22-dev)
missing=()
for package in "${apt_packages[@]}"; do
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done
if [ "${#missing[@]}" -gt 0 ]; then
    echo "setup: installing ${missing[*]}"
    apt-get update -q
    DEBIAN_FRONTEND=noninteractive apt-get install -y -q "${missing[@]}"
fi

if [ ! -e "$venv/lib/libintelocl.so" ]; then
    echo "setup: installing Intel's CPU OpenCL runtime into $venv"
    python3 -m venv "$venv"
    "$venv/bin/pip" install -q intel-opencl-rt intel-cmplr-lib-rt
fi
# libintelocl.so finds the libraries it needs (libtbb, libimf, libsvml, libcommon_clang ...)
# beside itself through its RUNPATH $ORIGIN, so the ICD file needs no LD_LIBRARY_PATH.
if ldd "$venv/lib/libintelocl.so" | grep -q "not found"; then
    echo "setup: libintelocl.so misses libraries:" >&2
    ldd "$venv/lib/libintelocl.so" | grep "not found" >&2
    exit 1
fi
mkdir -p /etc/OpenCL/vendors
echo "$venv/lib/libintelocl.so" > "$icd"

echo "setup: OpenCL platforms now installed:"
clinfo -l
