//! End to end: `cargo-nativecpu` on a temporary workspace, with a fake `ncpu++` (a shell script
//! given through `NCPU_CXX`) that logs its command lines, fails on sources containing `BROKEN`,
//! and otherwise writes a shell script as the "executable".

use std::fs;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::time::{Duration, SystemTime};

const FAKE_DRIVER: &str = r#"#!/bin/sh
echo "$*" >> "$FAKE_NCPU_LOG"
out=""
sources=""
while [ $# -gt 0 ]; do
  case "$1" in
    -o) out="$2"; shift 2 ;;
    -*) shift ;;
    *) sources="$sources $1"; shift ;;
  esac
done
status=0
for source in $sources; do
  if grep -q BROKEN "$source"; then
    echo "$source:1:1: error: fake compile error" >&2
    exit 1
  fi
  if grep -q EXIT3 "$source"; then status=3; fi
done
printf '#!/bin/sh\necho "app-output $*"\nexit %s\n' "$status" > "$out"
chmod +x "$out"
"#;

const MANIFEST: &str = r#"[package]
name = "demo"
version = "0.1.0"
edition = "2021"

[workspace]

[[package.metadata.nativecpu.app]]
name = "hello"
sources = ["hello.cpp"]
args = ["from-metadata"]

[[package.metadata.nativecpu.app]]
name = "other"
sources = ["src/other.cpp"]
flags = ["-DOTHER"]
"#;

struct Fixture {
    dir: tempfile::TempDir,
    driver: PathBuf,
    log: PathBuf,
}

impl Fixture {
    fn new(manifest: &str) -> Self {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path().join("ws");
        fs::create_dir_all(root.join("src")).unwrap();
        fs::write(root.join("Cargo.toml"), manifest).unwrap();
        fs::write(root.join("src/lib.rs"), "").unwrap();
        fs::write(
            root.join("hello.cpp"),
            "#include \"common.hpp\"\nint main() {}\n",
        )
        .unwrap();
        fs::write(root.join("common.hpp"), "#pragma once\n").unwrap();
        fs::write(root.join("src/other.cpp"), "int main() {}\n").unwrap();
        let driver = dir.path().join("bin/ncpu++");
        fs::create_dir_all(driver.parent().unwrap()).unwrap();
        fs::write(&driver, FAKE_DRIVER).unwrap();
        fs::set_permissions(&driver, fs::Permissions::from_mode(0o755)).unwrap();
        let log = dir.path().join("ncpu.log");
        Fixture { dir, driver, log }
    }

    fn root(&self) -> PathBuf {
        self.dir.path().join("ws")
    }

    fn cmd(&self, args: &[&str]) -> Output {
        Command::new(env!("CARGO_BIN_EXE_cargo-nativecpu"))
            .args(args)
            .current_dir(self.root())
            .env("NCPU_CXX", &self.driver)
            .env("FAKE_NCPU_LOG", &self.log)
            .env("CARGO_TERM_COLOR", "never")
            .env_remove("CARGO_TARGET_DIR")
            .env_remove("CARGO_BUILD_TARGET_DIR")
            .output()
            .unwrap()
    }

    fn compiles(&self) -> Vec<String> {
        fs::read_to_string(&self.log)
            .unwrap_or_default()
            .lines()
            .map(str::to_owned)
            .collect()
    }

    fn touch(&self, relative: &str, ahead: u64) {
        fs::File::options()
            .write(true)
            .open(self.root().join(relative))
            .unwrap()
            .set_modified(SystemTime::now() + Duration::from_secs(ahead))
            .unwrap();
    }
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

fn succeeded(output: &Output) -> bool {
    if !output.status.success() {
        eprintln!("stdout:\n{}\nstderr:\n{}", stdout(output), stderr(output));
    }
    output.status.success()
}

fn has_line(text: &str, expected: &str) -> bool {
    text.lines().any(|line| line.trim() == expected)
}

#[test]
fn build_is_incremental_and_failures_are_reported() {
    let f = Fixture::new(MANIFEST);
    let out = |profile: &str, name: &str| -> PathBuf {
        f.root().join("target/nativecpu").join(profile).join(name)
    };

    // First build: both apps compile, in parallel, with the dev flags.
    let first = f.cmd(&["nativecpu", "build", "-j", "2"]);
    assert!(succeeded(&first));
    let text = stderr(&first);
    assert!(has_line(&text, "Compiling hello (.)"), "{text}");
    assert!(has_line(&text, "Compiling other (.)"), "{text}");
    assert!(
        text.contains("Finished dev [optimized -O2] app(s) in "),
        "{text}"
    );
    assert!(out("debug", "hello").is_file());
    assert!(out("debug", "other").is_file());
    assert!(f
        .root()
        .join("target/nativecpu/debug/.fingerprints/hello")
        .is_file());
    let compiles = f.compiles();
    assert_eq!(compiles.len(), 2, "{compiles:?}");
    let hello = compiles.iter().find(|c| c.contains("hello.cpp")).unwrap();
    assert!(
        hello.starts_with("-fsycl -fsycl-targets=native_cpu hello.cpp -O2 -o "),
        "{hello}"
    );
    let other = compiles.iter().find(|c| c.contains("other.cpp")).unwrap();
    assert!(other.contains("src/other.cpp -O2 -DOTHER -o "), "{other}");

    // Second build: nothing to do.
    let second = f.cmd(&["build"]);
    assert!(succeeded(&second));
    let text = stderr(&second);
    assert!(has_line(&text, "Fresh hello"), "{text}");
    assert!(has_line(&text, "Fresh other"), "{text}");
    assert!(!text.contains("Compiling"), "{text}");
    assert_eq!(f.compiles().len(), 2);

    // A touched source rebuilds its app only, and -v says why.
    f.touch("hello.cpp", 10);
    let third = f.cmd(&["build", "-v"]);
    assert!(succeeded(&third));
    let text = stderr(&third);
    assert!(has_line(&text, "Compiling hello (.)"), "{text}");
    assert!(has_line(&text, "Dirty hello: hello.cpp changed"), "{text}");
    assert!(has_line(&text, "Fresh other"), "{text}");
    assert_eq!(f.compiles().len(), 3);

    // So does a touched local header it includes.
    f.touch("common.hpp", 20);
    let text = stderr(&f.cmd(&["build"]));
    assert!(has_line(&text, "Compiling hello (.)"), "{text}");
    assert!(has_line(&text, "Fresh other"), "{text}");
    assert_eq!(f.compiles().len(), 4);

    // A deleted executable is rebuilt.
    fs::remove_file(out("debug", "other")).unwrap();
    let text = stderr(&f.cmd(&["build"]));
    assert!(has_line(&text, "Compiling other (.)"), "{text}");
    assert_eq!(f.compiles().len(), 5);

    // --release is a separate profile with -O3; -p selects the package.
    let release = f.cmd(&["build", "--release", "-p", "demo"]);
    assert!(succeeded(&release));
    assert!(stderr(&release).contains("Finished release [optimized] app(s) in "));
    assert!(out("release", "hello").is_file());
    assert!(f.compiles().iter().skip(5).all(|c| c.contains(" -O3 ")));
    assert_eq!(f.compiles().len(), 7);

    // A failing compile: its diagnostics, the error line, non-zero exit, no fingerprint.
    fs::write(f.root().join("hello.cpp"), "BROKEN\n").unwrap();
    let failed = f.cmd(&["build"]);
    assert!(!failed.status.success());
    let text = stderr(&failed);
    assert!(
        text.contains("hello.cpp:1:1: error: fake compile error"),
        "{text}"
    );
    assert!(
        has_line(&text, "error: could not build app 'hello'"),
        "{text}"
    );
    assert!(!text.contains("panicked"), "{text}");
    assert!(!f
        .root()
        .join("target/nativecpu/debug/.fingerprints/hello")
        .exists());
    // Still failing the next time: a failed build is never fresh.
    let again = f.cmd(&["build"]);
    assert!(!again.status.success());
    assert!(!stderr(&again).contains("Fresh hello"));

    // Fixed: builds again.
    fs::write(f.root().join("hello.cpp"), "int main() {}\n").unwrap();
    assert!(succeeded(&f.cmd(&["build"])));
}

#[test]
fn run_builds_then_runs_with_arguments() {
    let f = Fixture::new(MANIFEST);
    let run = f.cmd(&[
        "nativecpu",
        "run",
        "--app",
        "hello",
        "--",
        "extra",
        "two words",
    ]);
    assert!(succeeded(&run));
    let text = stderr(&run);
    assert!(has_line(&text, "Compiling hello (.)"), "{text}");
    assert!(!text.contains("Compiling other"), "{text}");
    assert!(
        has_line(
            &text,
            "Running target/nativecpu/debug/hello from-metadata extra 'two words'"
        ),
        "{text}"
    );
    assert_eq!(stdout(&run), "app-output from-metadata extra two words\n");

    // Every app runs; a failing one is named and fails the command.
    fs::write(f.root().join("src/other.cpp"), "EXIT3\n").unwrap();
    let run = f.cmd(&["run", "--release"]);
    assert!(!run.status.success());
    let text = stderr(&run);
    assert!(
        has_line(&text, "error: app 'other' failed: exit status: 3"),
        "{text}"
    );
    assert!(
        has_line(
            &text,
            "Running target/nativecpu/release/hello from-metadata"
        ),
        "{text}"
    );
    assert!(stdout(&run).contains("app-output from-metadata"));

    let unknown = f.cmd(&["run", "--app", "nope"]);
    assert!(!unknown.status.success());
    assert_eq!(
        stderr(&unknown).trim(),
        "error: no app named `nope` (declared apps: hello, other)"
    );
}

#[test]
fn list_prints_the_apps() {
    let f = Fixture::new(MANIFEST);
    let list = f.cmd(&["nativecpu", "list"]);
    assert!(succeeded(&list));
    assert_eq!(
        stdout(&list),
        "hello  .  hello.cpp  args: from-metadata\nother  .  src/other.cpp  flags: -DOTHER\n"
    );
}

#[test]
fn errors_are_one_clear_line() {
    // A malformed table names the package and the field.
    let f = Fixture::new(&MANIFEST.replace("sources = [\"hello.cpp\"]", "sources = \"hello.cpp\""));
    let output = f.cmd(&["build"]);
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(
        stderr(&output).trim(),
        "error: package `demo`: app `hello`: `package.metadata.nativecpu.app[0].sources` must be an array of strings, found a string (\"hello.cpp\")"
    );

    // A missing source.
    let f = Fixture::new(MANIFEST);
    fs::remove_file(f.root().join("src/other.cpp")).unwrap();
    let text = stderr(&f.cmd(&["build"]));
    assert!(
        text.trim().starts_with(
            "error: app `other` of package `demo`: the source `src/other.cpp` does not exist"
        ),
        "{text}"
    );

    // No driver.
    let f = Fixture::new(MANIFEST);
    let output = Command::new(env!("CARGO_BIN_EXE_cargo-nativecpu"))
        .args(["build"])
        .current_dir(f.root())
        .env("NCPU_CXX", f.dir.path().join("missing/ncpu++"))
        .env("CARGO_TERM_COLOR", "never")
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(1));
    let text = stderr(&output);
    assert_eq!(text.lines().count(), 1, "{text}");
    assert!(text.starts_with("error: NCPU_CXX is set to "), "{text}");

    // Not a cargo project.
    let empty = tempfile::tempdir().unwrap();
    let output = Command::new(env!("CARGO_BIN_EXE_cargo-nativecpu"))
        .args(["list", "--manifest-path"])
        .arg(Path::new(empty.path()).join("Cargo.toml"))
        .env("CARGO_TERM_COLOR", "never")
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(1));
    let text = stderr(&output);
    assert!(
        text.starts_with("error: cannot read the workspace metadata: "),
        "{text}"
    );
    assert!(!text.contains("panicked"), "{text}");

    // An unknown package.
    let f = Fixture::new(MANIFEST);
    let text = stderr(&f.cmd(&["build", "-p", "nope"]));
    assert_eq!(
        text.trim(),
        "error: package `nope` is not a member of the workspace (members: demo)"
    );
}

/// A bad command line is one `error:` line with clap's exit status 2, and a malformed manifest
/// one line naming the place cargo points at, not cargo's quoted source.
#[test]
fn bad_command_lines_and_manifests_are_one_line() {
    let f = Fixture::new(MANIFEST);
    for (args, message) in [
        (&[][..], "a subcommand is required (see --help)"),
        (&["frob"], "unrecognized subcommand 'frob'"),
        (
            &["build", "-j", "x"],
            "invalid value 'x' for '--jobs <N>': invalid digit found in string",
        ),
        (
            &["run", "--app"],
            "a value is required for '--app <NAME>' but none was supplied",
        ),
    ] {
        let output = f.cmd(args);
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        assert_eq!(stderr(&output), format!("error: {message}\n"));
    }
    let broken = tempfile::tempdir().unwrap();
    let manifest = broken.path().join("Cargo.toml");
    fs::write(&manifest, "garbage[[\n").unwrap();
    let output = Command::new(env!("CARGO_BIN_EXE_cargo-nativecpu"))
        .args(["list", "--manifest-path", "Cargo.toml"])
        .current_dir(broken.path())
        .env("CARGO_TERM_COLOR", "never")
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(
        stderr(&output),
        "error: cannot read the workspace metadata: Cargo.toml:1:8: key with no value, expected \
         `=`\n"
    );
}

#[test]
fn a_member_directory_selects_its_package() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    fs::write(
        root.join("Cargo.toml"),
        "[workspace]\nresolver = \"2\"\nmembers = [\"one\", \"two\"]\n",
    )
    .unwrap();
    for name in ["one", "two"] {
        fs::create_dir_all(root.join(name).join("src")).unwrap();
        fs::write(root.join(name).join("src/lib.rs"), "").unwrap();
        fs::write(
            root.join(name).join("Cargo.toml"),
            format!(
                "[package]\nname = \"{name}\"\nversion = \"0.1.0\"\nedition = \"2021\"\n\n\
                 [[package.metadata.nativecpu.app]]\nname = \"app-{name}\"\nsources = [\"a.cpp\"]\n"
            ),
        )
        .unwrap();
    }
    let list = |cwd: &Path, args: &[&str]| -> Vec<String> {
        let output = Command::new(env!("CARGO_BIN_EXE_cargo-nativecpu"))
            .arg("list")
            .args(args)
            .current_dir(cwd)
            .env("CARGO_TERM_COLOR", "never")
            .output()
            .unwrap();
        assert!(succeeded(&output));
        stdout(&output)
            .lines()
            .map(|line| line.split_whitespace().next().unwrap().to_owned())
            .collect()
    };
    assert_eq!(list(root, &[]), ["app-one", "app-two"]);
    assert_eq!(list(&root.join("one"), &[]), ["app-one"]);
    assert_eq!(list(&root.join("one/src"), &[]), ["app-one"]);
    assert_eq!(
        list(&root.join("one"), &["--workspace"]),
        ["app-one", "app-two"]
    );
    assert_eq!(list(&root.join("one"), &["-p", "two"]), ["app-two"]);
    let manifest = root.join("two/Cargo.toml");
    assert_eq!(
        list(root, &["--manifest-path", manifest.to_str().unwrap()]),
        ["app-two"]
    );
}
