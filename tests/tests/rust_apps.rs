//! The Rust example apps (example-apps/rust, a workspace of their own) build with cargo against
//! the toolchain built beside this test and pass; a SYCL project built by cargo through
//! `nativecpu-build` is rebuilt when a header of its SYCL source changes, and a compile error in
//! the SYCL source fails `cargo build` with the compiler's message.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use nativecpu_e2e_tests::{describe, ncpu, repo_root, tool_dir};

/// Where these tests' cargo builds go: kept between runs, so that only what changed rebuilds.
fn cargo_target(name: &str) -> PathBuf {
    tool_dir().join("rust-apps").join(name)
}

/// `cargo <args>` in `directory` with the toolchain of this test run (`NCPU_CXX`).
fn cargo(directory: &Path, target: &Path, args: &[&str]) -> Output {
    Command::new(std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into()))
        .args(args)
        .current_dir(directory)
        .env("NCPU_CXX", ncpu())
        .env("CARGO_TARGET_DIR", target)
        .env_remove("RUSTFLAGS")
        .output()
        .expect("cargo runs")
}

#[test]
fn rust_example_apps_build_with_cargo_and_pass() {
    let workspace = repo_root().join("example-apps/rust");
    let target = cargo_target("examples");
    let build = cargo(&workspace, &target, &["build", "--release"]);
    assert!(build.status.success(), "cargo build\n{}", describe(&build));
    for app in ["rust-build-crate", "rust-host-api"] {
        let run = cargo(&workspace, &target, &["run", "--release", "-q", "-p", app]);
        let stdout = String::from_utf8_lossy(&run.stdout);
        assert!(
            run.status.success() && stdout.contains("PASS"),
            "cargo run -p {app}\n{}",
            describe(&run)
        );
    }
}

/// A copy of example-apps/rust/build-crate as a project of its own, outside the repository.
fn build_crate_project() -> tempfile::TempDir {
    let project = tempfile::tempdir().expect("temporary directory");
    let example = repo_root().join("example-apps/rust/build-crate");
    let build_crate = repo_root().join("toolchain/nativecpu-build");
    std::fs::create_dir_all(project.path().join("src")).unwrap();
    std::fs::create_dir_all(project.path().join("sycl")).unwrap();
    for file in [
        "build.rs",
        "src/main.rs",
        "sycl/histogram.cpp",
        "sycl/histogram.hpp",
    ] {
        std::fs::copy(example.join(file), project.path().join(file)).unwrap();
    }
    let manifest = format!(
        "[package]\nname = \"histogram-project\"\nversion = \"0.1.0\"\nedition = \"2021\"\n\n\
         [build-dependencies]\nnativecpu-build = {{ path = {:?} }}\n\n[workspace]\n",
        build_crate.display().to_string()
    );
    std::fs::write(project.path().join("Cargo.toml"), manifest).unwrap();
    std::fs::copy(
        repo_root().join("example-apps/rust/Cargo.lock"),
        project.path().join("Cargo.lock"),
    )
    .unwrap();
    project
}

/// Runs the project with `cargo run` and returns its stdout, asserting it passed.
fn run_project(project: &Path, target: &Path) -> String {
    let run = cargo(project, target, &["run", "-q"]);
    let stdout = String::from_utf8_lossy(&run.stdout).into_owned();
    assert!(
        run.status.success() && stdout.contains("PASS"),
        "cargo run\n{}",
        describe(&run)
    );
    stdout
}

#[test]
fn a_header_change_rebuilds_and_a_sycl_error_fails_cargo_build() {
    let project = build_crate_project();
    let target = cargo_target("histogram-project");
    assert!(run_project(project.path(), &target).contains("bins: 16"));

    // The header is read only by the SYCL source: cargo learns of it from the driver's
    // dependency files, reruns the build script and relinks the binary.
    let header = project.path().join("sycl/histogram.hpp");
    let text = std::fs::read_to_string(&header).unwrap();
    std::fs::write(&header, text.replace("= 16;", "= 8;")).unwrap();
    assert!(run_project(project.path(), &target).contains("bins: 8"));

    let source = project.path().join("sycl/histogram.cpp");
    let text = std::fs::read_to_string(&source).unwrap();
    let broken = text.replace("return HISTOGRAM_BINS;", "return HISTOGRAM_BINS");
    std::fs::write(&source, broken).unwrap();
    let build = cargo(project.path(), &target, &["build"]);
    let stderr = String::from_utf8_lossy(&build.stderr);
    assert!(
        !build.status.success(),
        "the build passed\n{}",
        describe(&build)
    );
    assert!(
        stderr.contains("histogram.cpp:6:") && stderr.contains("expected ';'"),
        "the compiler's message is missing\n{}",
        describe(&build)
    );
    assert!(
        stderr.contains("error occurred in nativecpu-build: ncpu++ failed"),
        "the one-line summary is missing\n{}",
        describe(&build)
    );
}
