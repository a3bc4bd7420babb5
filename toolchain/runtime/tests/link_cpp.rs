//! Links the static library into a C++ program (`tests/cpp/link_smoke.cpp`) with the link line
//! programs use, runs it under several `NATIVECPU_THREADS` settings and checks its output.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::OnceLock;

/// The `libnativecpu_runtime.a` cargo built for this test run. `cargo test` writes it next to the
/// test binaries (`<target>/<profile>/deps/libnativecpu_runtime-<hash>.a`) without copying it up
/// to `<target>/<profile>/`, and a nested `cargo build` would wait forever for the lock `cargo
/// test` holds; so take the newest one there, and make sure it is newer than every source file.
fn static_library() -> PathBuf {
    let modified = |path: &Path| path.metadata().unwrap().modified().unwrap();
    let exe = std::env::current_exe().unwrap();
    let deps = exe.parent().unwrap();
    let library = std::fs::read_dir(deps)
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| {
            let name = path.file_name().unwrap().to_string_lossy();
            name.starts_with("libnativecpu_runtime-") && name.ends_with(".a")
        })
        .max_by_key(|path| modified(path))
        .unwrap_or_else(|| panic!("no libnativecpu_runtime-*.a in {}", deps.display()));
    let sources = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    for source in std::fs::read_dir(sources).unwrap() {
        let source = source.unwrap().path();
        assert!(
            modified(&source) <= modified(&library),
            "{} is older than {}",
            library.display(),
            source.display()
        );
    }
    library
}

/// Compiles and links the program once per test binary.
fn program() -> &'static Path {
    static PROGRAM: OnceLock<PathBuf> = OnceLock::new();
    PROGRAM.get_or_init(|| {
        let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
        let exe = Path::new(env!("CARGO_TARGET_TMPDIR")).join("nativecpu_link_smoke");
        let output = Command::new("c++")
            .args(["-std=c++17", "-O1", "-Wall", "-Wno-prio-ctor-dtor", "-I"])
            .arg(manifest.join("../include"))
            .arg(manifest.join("tests/cpp/link_smoke.cpp"))
            .arg(static_library())
            .args(["-lpthread", "-ldl", "-lm", "-o"])
            .arg(&exe)
            .output()
            .expect("running c++");
        assert!(
            output.status.success(),
            "c++ failed:\n{}",
            String::from_utf8_lossy(&output.stderr)
        );
        exe
    })
}

fn run(threads: Option<&str>) -> Output {
    let mut command = Command::new(program());
    command.env_remove("NATIVECPU_THREADS");
    if let Some(value) = threads {
        command.env("NATIVECPU_THREADS", value);
    }
    let output = command.output().unwrap();
    assert!(
        output.status.success(),
        "program failed ({}):\n{}{}",
        output.status,
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
    output
}

fn expected_stdout(threads: usize) -> String {
    format!(
        "registered before main yes\n\
         threads {threads}\n\
         limits 8192 work-items, 262144 bytes\n\
         spir64 kernel ignored\n\
         range ok\n\
         nd_range ok\n\
         range with reqd_work_group_size ok\n\
         local memory ok\n\
         reqd_work_group_size mismatch rc=2: kernel '_ZTS6GetIds': nd_range: the local size \
         [7, 4, 1] (x, y, z) is not the kernel's reqd_work_group_size [8, 4, 1]\n\
         invalid nd_range rc=2: kernel '_ZTS6AddOne': nd_range: the global size 64 of dimension \
         x (SYCL dimension 1) is not a multiple of the local size 7\n\
         too much local memory rc=3: kernel '_ZTS8GroupSum': the launch asks for 262145 bytes \
         of work-group local memory; the device has 262144 bytes\n\
         unknown kernel rc=1: kernel '_ZTS7Missing' is not registered (was the program linked \
         with its device code?)\n\
         concurrent ok\n\
         unregistered yes\n"
    )
}

fn default_threads() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

#[test]
fn one_thread() {
    let output = run(Some("1"));
    assert_eq!(String::from_utf8_lossy(&output.stdout), expected_stdout(1));
    assert_eq!(String::from_utf8_lossy(&output.stderr), "");
}

#[test]
fn two_threads() {
    let output = run(Some("2"));
    assert_eq!(String::from_utf8_lossy(&output.stdout), expected_stdout(2));
    assert_eq!(String::from_utf8_lossy(&output.stderr), "");
}

#[test]
fn default_thread_count() {
    let output = run(None);
    assert_eq!(
        String::from_utf8_lossy(&output.stdout),
        expected_stdout(default_threads())
    );
}

#[test]
fn an_invalid_thread_count_warns_once_and_uses_the_default() {
    let output = run(Some("lots"));
    assert_eq!(
        String::from_utf8_lossy(&output.stdout),
        expected_stdout(default_threads())
    );
    assert_eq!(
        String::from_utf8_lossy(&output.stderr),
        format!(
            "nativecpu runtime: warning: ignoring NATIVECPU_THREADS=\"lots\" (expected an integer \
             from 1 to 4096); using {} threads\n",
            default_threads()
        )
    );
}
