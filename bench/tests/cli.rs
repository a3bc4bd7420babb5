//! `ncpu-bench`'s errors: a bad argument or a missing compiler is one `ncpu-bench: error:` line
//! with exit status 2, before anything is built.

use std::process::Command;

#[test]
fn bad_arguments_are_one_error_line() {
    let out = tempfile::tempdir().unwrap();
    let out = out.path().to_str().unwrap();
    let this = env!("CARGO_BIN_EXE_ncpu-bench");
    for (args, message) in [
        (
            &["--frobnicate"][..],
            "unexpected argument '--frobnicate' found".to_owned(),
        ),
        (
            &["--threads", "x"],
            "invalid value 'x' for '--threads <THREADS>': invalid digit found in string".into(),
        ),
        (
            &["--quick", "--out", out, "--ncpu", "/nonexistent/ncpu++"],
            "/nonexistent/ncpu++: does not exist".into(),
        ),
        (
            &[
                "--quick",
                "--out",
                out,
                "--ncpu",
                this,
                "--kernels",
                "bogus",
            ],
            "unknown kernel bogus (see --list)".into(),
        ),
    ] {
        let output = Command::new(this).args(args).output().unwrap();
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        assert_eq!(
            String::from_utf8_lossy(&output.stderr),
            format!("ncpu-bench: error: {message}\n"),
            "{args:?}"
        );
    }
}
