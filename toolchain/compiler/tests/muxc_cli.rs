//! `muxc`'s errors: a bad argument, a missing, unreadable-as-IR or directory input, each one
//! `muxc: error:` line with a non-zero exit status and nothing on standard output.

use std::path::Path;
use std::process::Command;

/// Runs `muxc` in `dir` and returns its exit status and standard error; standard output must be
/// empty.
fn muxc(dir: &Path, args: &[&str]) -> (Option<i32>, String) {
    let output = Command::new(env!("CARGO_BIN_EXE_muxc"))
        .args(args)
        .current_dir(dir)
        .output()
        .expect("muxc runs");
    assert!(output.stdout.is_empty(), "{args:?}");
    (
        output.status.code(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

#[test]
fn bad_arguments_and_inputs_are_one_error_line() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("garbage.bc"), [0xde, 0xad, 0xbe, 0xef]).unwrap();
    std::fs::write(dir.path().join("ok.ll"), "").unwrap();
    std::fs::create_dir(dir.path().join("folder")).unwrap();
    for (args, status, message) in [
        (&["--frobnicate"][..], 2, "unknown option '--frobnicate'"),
        (
            &["--filetype=elf", "ok.ll"],
            2,
            "invalid value 'elf' for option '-filetype' (expected asm, obj or null)",
        ),
        (&["-o"], 2, "option '-o' requires a value"),
        (
            &["missing.ll"],
            1,
            "missing.ll: No such file or directory (os error 2)",
        ),
        (&["folder"], 1, "folder: Is a directory (os error 21)"),
        (
            &["garbage.bc"],
            1,
            "garbage.bc: invalid LLVM IR: garbage.bc:1:1: error: expected top-level entity",
        ),
        (
            &["--passes=frobnicate", "ok.ll"],
            1,
            "parse of pass pipeline 'frobnicate' failed: unknown pass name 'frobnicate'",
        ),
        (
            &["-mcpu=frobnicator", "ok.ll"],
            1,
            "target: unknown target CPU 'frobnicator' (clang++-22 --print-supported-cpus lists \
             them)",
        ),
    ] {
        let (code, stderr) = muxc(dir.path(), args);
        assert_eq!(code, Some(status), "{args:?}: {stderr}");
        assert_eq!(stderr, format!("muxc: error: {message}\n"), "{args:?}");
    }
}

/// Found by the `compile_ir` fuzz target: a kernel named `free` took the device library's call
/// to the C library's `free`, and `add-sched-params` then panicked on a library function
/// that calls a user of the work-item state.
#[test]
fn device_code_defining_a_function_the_device_library_calls_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let kernel = "declare i64 @__mux_get_global_id(i32)\n\
                  define void @free(ptr %out) #0 {\n\
                  \x20 %gid = call i64 @__mux_get_global_id(i32 0)\n\
                  \x20 store i64 %gid, ptr %out, align 8\n\
                  \x20 ret void\n\
                  }\n\
                  attributes #0 = { \"mux-kernel\"=\"entry-point\" }\n";
    std::fs::write(dir.path().join("free.ll"), kernel).unwrap();
    let (status, stderr) = muxc(dir.path(), &["--link-device-lib", "free.ll"]);
    assert_eq!(status, Some(1));
    assert_eq!(
        stderr,
        "muxc: error: cannot link the device library: the device code defines 'free', which the \
         Native CPU device library calls as the C library's; rename it\n"
    );
    let library_like = format!(
        "{kernel}define void @__dpcpp_nativecpu_scratch(ptr %p) {{\n\
         \x20 call void @free(ptr %p)\n\
         \x20 ret void\n\
         }}\n"
    );
    std::fs::write(dir.path().join("library.ll"), library_like).unwrap();
    let (status, stderr) = muxc(
        dir.path(),
        &["--passes=prepare-sycl-native-cpu", "library.ll"],
    );
    assert_eq!(status, Some(1));
    assert_eq!(
        stderr,
        "muxc: error: add-sched-params: '__dpcpp_nativecpu_scratch' calls \
         'free', which needs the work-item state, but has none to pass\n"
    );
}
