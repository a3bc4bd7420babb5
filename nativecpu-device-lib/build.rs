//! Compiles `src/device_lib.c` to LLVM bitcode for the target with LLVM 22's clang, so the
//! compiler can embed it and link it into every device module before its pipeline runs.

use std::env;
use std::path::PathBuf;
use std::process::Command;

fn main() {
    let source = PathBuf::from("src/device_lib.c");
    println!("cargo:rerun-if-changed={}", source.display());
    println!(
        "cargo:rerun-if-env-changed={}",
        ncpu_locate::llvm::PREFIX_VARIABLE
    );
    let out = PathBuf::from(env::var("OUT_DIR").unwrap()).join("nativecpu-device-lib.bc");
    let target = env::var("TARGET").unwrap();
    let clang = ncpu_locate::llvm::tool("clang");
    let status = Command::new(&clang)
        .args([
            "-target",
            &target,
            "-O2",
            "-c",
            "-emit-llvm",
            "-ffreestanding",
            "-fno-builtin",
        ])
        .args([
            "-fno-stack-protector",
            "-fPIC",
            "-std=c11",
            "-Wall",
            "-Werror",
        ])
        .arg(&source)
        .arg("-o")
        .arg(&out)
        .status()
        .unwrap_or_else(|e| panic!("cannot run {} (install clang-22): {e}", clang.display()));
    assert!(
        status.success(),
        "{} failed to compile {}",
        clang.display(),
        source.display()
    );
}
