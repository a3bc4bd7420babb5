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
    ] {
        let (code, stderr) = muxc(dir.path(), args);
        assert_eq!(code, Some(status), "{args:?}: {stderr}");
        assert_eq!(stderr, format!("muxc: error: {message}\n"), "{args:?}");
    }
}
