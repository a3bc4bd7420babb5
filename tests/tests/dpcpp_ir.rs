//! DPC++-shaped device IR through our tools, with the driver's command lines, then run on our
//! runtime.
//!
//! `tests/dpcpp/*.ll` are written by hand to look like what intel/llvm's front end emits for
//! native_cpu (docs/compiler-pipeline.md): `spir_kernel` functions `_ZTS…` from two
//! source files (two `sycl-module-id`s), decomposed kernel arguments (USM `ptr addrspace(1)`, an
//! `i32`, a `byval` aggregate, a local accessor's `ptr addrspace(3)`), one kernel per generation
//! of work-item builtins, a barrier inside a loop exchanging values through local memory,
//! `llvm.used` listing the kernels and `!sycl_kernel_omit_args` on one kernel.
//!
//! The steps mirror the driver's (`ncpu++ -###`): `llvm-link` → `sycl-post-link` with
//! the native_cpu options → `ncpu++ -c -O2` → `offload-wrapper -batch` → link with a C host
//! program (`tests/dpcpp/host.c`, written into the test's directory) and the runtime → run.
//!
//! `llvm.used` stays in the IR every tool sees, as DPC++ has it.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use nativecpu_e2e_tests::{describe, llvm_bin, repo_root, tool_dir};
// The options the driver passes to sycl-post-link for native_cpu (docs/formats.md).
use sycl_post_link::NATIVE_CPU_DRIVER_OPTIONS;

const KERNELS_VEC_OPS: [&str; 3] = ["_ZTS9VecAdd2023", "_ZTS10Scale2024", "_ZTS13SpecAxpy2025"];
const KERNELS_LOCAL_OPS: [&str; 3] = [
    "_ZTS11Index2D2025",
    "_ZTS12LocalRev2025",
    "_ZTS15Indirect2025",
];

fn tool(name: &str) -> PathBuf {
    let path = tool_dir().join(name);
    assert!(
        path.exists(),
        "{} is missing: build the toolchain first (same profile as the tests)",
        path.display()
    );
    path
}

fn fixture(name: &str) -> PathBuf {
    repo_root().join("tests/dpcpp").join(name)
}

/// Runs `command` in `dir`, asserting success.
fn run(dir: &Path, command: &mut Command) -> Output {
    let output = command.current_dir(dir).output().expect("the tool runs");
    assert!(
        output.status.success(),
        "{command:?} failed\n{}",
        describe(&output)
    );
    output
}

/// The host triple the driver passes to the wrapper (LLVM's default target triple).
fn host_triple() -> String {
    let output = Command::new(llvm_bin().join("llvm-config"))
        .arg("--host-target")
        .output();
    match output {
        Ok(output) if output.status.success() => {
            String::from_utf8_lossy(&output.stdout).trim().to_string()
        }
        _ => format!("{}-pc-linux-gnu", std::env::consts::ARCH),
    }
}

/// `llvm-link` of the two fixtures (two module ids) into `dir/linked.bc`.
fn link_fixtures(dir: &Path) -> PathBuf {
    let linked = dir.join("linked.bc");
    run(
        dir,
        Command::new(llvm_bin().join("llvm-link"))
            .arg(fixture("vec_ops.ll"))
            .arg(fixture("local_ops.ll"))
            .arg("-o")
            .arg(&linked),
    );
    linked
}

/// sycl-post-link with the driver's options; returns the table's text.
fn post_link(dir: &Path, linked: &Path) -> String {
    run(
        dir,
        Command::new(tool("sycl-post-link"))
            .args(NATIVE_CPU_DRIVER_OPTIONS)
            .args(["-o", "x.table"])
            .arg(linked),
    );
    std::fs::read_to_string(dir.join("x.table")).unwrap()
}

fn read(dir: &Path, name: &str) -> String {
    std::fs::read_to_string(dir.join(name)).unwrap_or_else(|e| panic!("{name}: {e}"))
}

/// Checks what sycl-post-link wrote: one image per module id, its `.sym` listing exactly its
/// kernels, and `[SYCL/kernel param opt]` for the kernel with `!sycl_kernel_omit_args`.
fn check_post_link_outputs(dir: &Path, table: &str) {
    let rows: Vec<&str> = table.lines().collect();
    assert_eq!(
        rows,
        [
            "[Code|Properties|Symbols]",
            "x_0.bc|x_0.prop|x_0.sym",
            "x_1.bc|x_1.prop|x_1.sym"
        ],
        "two images for two module ids with -split=auto"
    );
    let mut images: Vec<(Vec<String>, String)> = (0..2)
        .map(|i| {
            assert!(dir.join(format!("x_{i}.bc")).exists());
            let symbols = read(dir, &format!("x_{i}.sym"))
                .lines()
                .map(str::to_string)
                .collect();
            (symbols, read(dir, &format!("x_{i}.prop")))
        })
        .collect();
    // The order of the images is sycl-post-link's; find each module's by its kernels.
    images.sort_by(|a, b| a.0.cmp(&b.0));
    let (vec_ops, local_ops) = if images[0].0.iter().any(|s| s == KERNELS_VEC_OPS[0]) {
        (&images[0], &images[1])
    } else {
        (&images[1], &images[0])
    };
    let sorted = |names: &[&str]| {
        let mut names: Vec<String> = names.iter().map(|s| s.to_string()).collect();
        names.sort();
        names
    };
    let mut symbols = vec_ops.0.clone();
    symbols.sort();
    assert_eq!(symbols, sorted(&KERNELS_VEC_OPS), "vec_ops.cpp's .sym");
    let mut symbols = local_ops.0.clone();
    symbols.sort();
    assert_eq!(symbols, sorted(&KERNELS_LOCAL_OPS), "local_ops.cpp's .sym");
    for (_, prop) in [vec_ops, local_ops] {
        assert!(prop.contains("[SYCL/kernel param opt]\n"), "{prop}");
        assert!(prop.contains("[SYCL/misc properties]\n"), "{prop}");
    }
    // Scale2024's mask: 4 original arguments, the second removed (bit 1): a byte array of
    // bit-count 4 then 0b0010.
    let param_opt = |prop: &str| -> Vec<String> {
        prop.split("[SYCL/kernel param opt]\n")
            .nth(1)
            .unwrap_or("")
            .lines()
            .take_while(|line| !line.starts_with('['))
            .map(str::to_string)
            .collect()
    };
    let entries = param_opt(&vec_ops.1);
    assert_eq!(entries.len(), 1, "{}", vec_ops.1);
    assert!(
        entries[0].starts_with("_ZTS10Scale2024=2|"),
        "{}",
        entries[0]
    );
    assert_eq!(
        decode_byte_array(&entries[0]["_ZTS10Scale2024=2|".len()..]),
        [4, 0, 0, 0, 0, 0, 0, 0, 0b0010],
        "{}",
        entries[0]
    );
    assert!(param_opt(&local_ops.1).is_empty(), "{}", local_ops.1);

    // The specialization constants of vec_ops.cpp, lowered in the whole module: both images
    // describe the same buffer, factor (float 2) at 0 and bias (int -3) at 4.
    for (_, prop) in [vec_ops, local_ops] {
        let value = |key: &str| {
            let line = prop
                .lines()
                .find_map(|line| line.strip_prefix(&format!("{key}=2|")))
                .unwrap_or_else(|| panic!("no {key} in {prop}"));
            decode_byte_array(line)
        };
        let header = |bits: u8| [bits, 0, 0, 0, 0, 0, 0, 0];
        assert_eq!(
            value("uid0a1b2c3d4e5f____factor_id"),
            [&header(96)[..], &[0, 0, 0, 0], &[0, 0, 0, 0], &[4, 0, 0, 0]].concat()
        );
        assert_eq!(
            value("uid0a1b2c3d4e5f____bias_id"),
            [&header(96)[..], &[1, 0, 0, 0], &[0, 0, 0, 0], &[4, 0, 0, 0]].concat()
        );
        assert_eq!(
            value("all"),
            [
                &header(64)[..],
                &2.0f32.to_le_bytes(),
                &(-3i32).to_le_bytes()
            ]
            .concat()
        );
    }
}

/// Decodes a byte-array property value as sycl-post-link writes it (the text after `2|`):
/// 6 bits per character from the standard base64 alphabet, least significant bits first, the
/// first 8 bytes being the value's bit count.
fn decode_byte_array(text: &str) -> Vec<u8> {
    let alphabet = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut bits: u64 = 0;
    let mut count = 0;
    let mut out = Vec::new();
    for c in text.bytes() {
        let value = alphabet
            .iter()
            .position(|&a| a == c)
            .expect("base64 character") as u64;
        bits |= value << count;
        count += 6;
        while count >= 8 {
            out.push(bits as u8);
            bits >>= 8;
            count -= 8;
        }
    }
    out
}

/// ncpu++ -c -O2, the wrapper, and the link with the C host program and the runtime; returns the
/// program.
fn build_program(dir: &Path, compile_input: &Path) -> PathBuf {
    run(
        dir,
        Command::new(tool("ncpu++"))
            .args(["-c", "-O2"])
            .arg(compile_input)
            .args(["-o", "device.o"]),
    );
    run(
        dir,
        Command::new(tool("offload-wrapper"))
            .arg("-o=wrapper.o")
            .arg(format!("-host={}", host_triple()))
            .args(["-kind=sycl", "-target=native_cpu", "-batch", "x.table"]),
    );
    std::fs::write(dir.join("host.c"), include_str!("../dpcpp/host.c")).unwrap();
    let exe = dir.join("app");
    run(
        dir,
        Command::new("cc")
            .args(["-std=c11", "-O1", "-Wall", "-Werror", "-I"])
            .arg(repo_root().join("toolchain/include"))
            .args(["host.c", "wrapper.o", "device.o"])
            .arg(tool("libnativecpu_runtime.a"))
            .args(["-lpthread", "-ldl", "-lm", "-lgcc_s", "-o"])
            .arg(&exe),
    );
    exe
}

#[test]
fn dpcpp_ir_runs_through_the_toolchain() {
    let dir = tempfile::tempdir().unwrap();
    let dir = dir.path();
    let linked = link_fixtures(dir);
    let table = post_link(dir, &linked);
    check_post_link_outputs(dir, &table);
    let exe = build_program(dir, &linked);
    for threads in [None, Some("1"), Some("3")] {
        let mut command = Command::new(&exe);
        if let Some(threads) = threads {
            command.env("NATIVECPU_THREADS", threads);
        }
        let output = command.current_dir(dir).output().expect("the program runs");
        let stdout = String::from_utf8_lossy(&output.stdout);
        assert!(
            output.status.success() && stdout.contains("PASS"),
            "NATIVECPU_THREADS={threads:?}\n{}",
            describe(&output)
        );
    }
}
