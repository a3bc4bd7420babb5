//! The `sycl-ls` binary: its line for our device, `--verbose`, and ONEAPI_DEVICE_SELECTOR.

use std::process::{Command, Output};

fn sycl_ls(args: &[&str], selector: Option<&str>) -> Output {
    let mut command = Command::new(env!("CARGO_BIN_EXE_sycl-ls"));
    command.args(args).env("NATIVECPU_THREADS", "3");
    match selector {
        Some(value) => command.env("ONEAPI_DEVICE_SELECTOR", value),
        None => command.env_remove("ONEAPI_DEVICE_SELECTOR"),
    };
    command.output().expect("sycl-ls runs")
}

fn stdout(output: &Output) -> String {
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout.clone()).unwrap()
}

/// The concise line for our device, named after the CPU.
fn line() -> String {
    let version = env!("CARGO_PKG_VERSION");
    let name = nativecpu_runtime::device::device_name().to_string_lossy();
    format!("[native_cpu:cpu][native_cpu:0] SYCL Native CPU, {name} {version} [{version}]\n")
}

#[test]
fn lists_the_native_cpu_device() {
    assert_eq!(stdout(&sycl_ls(&[], None)), line());
    assert_eq!(stdout(&sycl_ls(&[], Some("native_cpu:cpu"))), line());
}

#[test]
fn the_selector_can_hide_the_device() {
    assert_eq!(stdout(&sycl_ls(&[], Some("level_zero:gpu"))), "");
    let verbose = stdout(&sycl_ls(&["--verbose"], Some("!native_cpu:*")));
    assert!(verbose.contains("Platforms: 0\n"), "{verbose}");
    assert!(
        verbose.contains("default_selector()      : No device of requested type available"),
        "{verbose}"
    );
}

#[test]
fn verbose_describes_the_device_and_the_selectors() {
    let verbose = stdout(&sycl_ls(&["--verbose"], None));
    assert!(verbose.starts_with(&line()), "{verbose}");
    let name = nativecpu_runtime::device::device_name().to_string_lossy();
    for expected in [
        "Platforms: 1\n".to_owned(),
        "Type              : cpu\n".to_owned(),
        format!("Name              : {name}\n"),
        "Compute units     : 3\n".to_owned(),
        "Max work-group    : 8192\n".to_owned(),
        "Local memory      : 262144 bytes\n".to_owned(),
        "Sub-group sizes   : 1 2 4 8 16 32 64\n".to_owned(),
        format!("cpu_selector()          : native_cpu:cpu:0 {name}\n"),
        "gpu_selector()          : No device of requested type available\n".to_owned(),
    ] {
        assert!(
            verbose.contains(expected.as_str()),
            "missing {expected:?} in:\n{verbose}"
        );
    }
}

#[test]
fn malformed_selectors_are_one_line_errors() {
    let output = sycl_ls(&[], Some("native_cpu"));
    assert_eq!(output.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.starts_with("sycl-ls: error: ONEAPI_DEVICE_SELECTOR='native_cpu': term")
            && stderr.lines().count() == 1,
        "{stderr}"
    );
}

/// A bad argument is one `sycl-ls: error:` line and exit status 2 (clap's), not a usage block.
#[test]
fn bad_arguments_are_one_error_line() {
    for (args, message) in [
        (
            &["--frobnicate"][..],
            "unexpected argument '--frobnicate' found",
        ),
        (
            &["--verbos"],
            "unexpected argument '--verbos' found; did you mean '--verbose'?",
        ),
        (
            &["--verbose=3"],
            "unexpected value '3' for '--verbose' found; no more were expected",
        ),
    ] {
        let output = sycl_ls(args, None);
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        assert!(output.stdout.is_empty());
        assert_eq!(
            String::from_utf8_lossy(&output.stderr),
            format!("sycl-ls: error: {message}\n")
        );
    }
}
