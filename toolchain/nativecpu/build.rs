//! Links the runtime library `ncpu++` links into SYCL programs, so that this crate's tests and
//! doctests link. A program using the crate gets the same library from `nativecpu-build`, which
//! compiled its kernels; the two mentions are the same file, linked once (docs/rust.md, "One
//! runtime").

use std::path::PathBuf;

use nativecpu_build::Toolchain;

fn main() {
    println!("cargo:rerun-if-env-changed=NCPU_CXX");
    match Toolchain::locate() {
        Ok(toolchain) => {
            for line in toolchain.runtime_link_lines() {
                println!("{line}");
            }
        }
        // A clean `cargo build --workspace` builds this crate before the runtime library
        // exists; the library goes where the workspace build will put it, and this script runs
        // again once it is there.
        Err(_) => {
            let out_dir = PathBuf::from(std::env::var_os("OUT_DIR").unwrap_or_default());
            if let Some(profile) = out_dir.ancestors().nth(3) {
                let runtime = profile.join("libnativecpu_runtime.a");
                println!("cargo:rustc-link-search=native={}", profile.display());
                println!("cargo:rustc-link-lib=static:-bundle=nativecpu_runtime");
                println!("cargo:rerun-if-changed={}", runtime.display());
            }
        }
    }
}
