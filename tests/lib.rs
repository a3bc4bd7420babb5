//! Helpers for the end-to-end tests: find the built toolchain, compile programs with `ncpu++`,
//! run them.
//!
//! The tools are the ones `cargo build --workspace` put in the same target directory as the test
//! binary (`target/<profile>/`); the README's test command builds them first.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// `target/<profile>`, where the workspace's binaries are.
pub fn tool_dir() -> PathBuf {
    let exe = std::env::current_exe().expect("the test binary knows its path");
    // target/<profile>/deps/<test binary>
    exe.parent()
        .and_then(Path::parent)
        .expect("target/<profile>/deps")
        .to_path_buf()
}

/// LLVM 22's `bin` directory, found as the driver finds it.
pub fn llvm_bin() -> PathBuf {
    ncpu_locate::llvm::bin_dir()
}

/// The driver, checked to exist.
pub fn ncpu() -> PathBuf {
    let driver = tool_dir().join("ncpu++");
    assert!(
        driver.exists(),
        "{} is missing: build the workspace first (cargo build --workspace, same profile as the tests)",
        driver.display()
    );
    driver
}

/// The repository root.
pub fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("tests/ is in the repository")
        .to_path_buf()
}

/// `tests/programs/<name>`.
pub fn program(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("programs")
        .join(name)
}

/// Runs `ncpu++` with `args` in `dir`.
pub fn ncpu_in(dir: &Path, args: &[&str]) -> Output {
    Command::new(ncpu())
        .args(args)
        .current_dir(dir)
        .output()
        .expect("ncpu++ runs")
}

/// Text of stdout and stderr, for assertion messages.
pub fn describe(output: &Output) -> String {
    format!(
        "status: {}\n--- stdout ---\n{}\n--- stderr ---\n{}",
        output.status,
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    )
}

/// Runs `ncpu++ -fsycl -fsycl-targets=native_cpu <flags> <inputs> -o <output>`; panics with the
/// compiler's output if it fails.
fn compile_sycl(inputs: &[PathBuf], flags: &[&str], output: &Path) {
    let result = Command::new(ncpu())
        .args(["-fsycl", "-fsycl-targets=native_cpu"])
        .args(flags)
        .args(inputs)
        .arg("-o")
        .arg(output)
        .output()
        .expect("ncpu++ runs");
    assert!(
        result.status.success(),
        "ncpu++ {} failed\n{}",
        flags.join(" "),
        describe(&result)
    );
}

/// Objects compiled by `ncpu++ -fsycl -c`, host code carrying its device bitcode, in their own
/// temporary directory. The device back end (the Native CPU pipeline and its `-mllvm` options)
/// runs only when they are linked, so one compile serves links with different back-end options.
pub struct Compiled {
    /// The temporary directory holding the objects; removed when this is dropped.
    pub dir: tempfile::TempDir,
    /// One object per source, in the order of the sources.
    pub objects: Vec<PathBuf>,
}

impl Compiled {
    /// Compiles each of `sources` to an object with `flags`; panics with the compiler's output
    /// if one fails.
    pub fn compile(sources: &[PathBuf], flags: &[&str]) -> Compiled {
        let dir = tempfile::tempdir().expect("temporary directory");
        let flags: Vec<&str> = std::iter::once("-c").chain(flags.iter().copied()).collect();
        let objects = sources
            .iter()
            .enumerate()
            .map(|(index, source)| {
                let object = dir.path().join(format!("{index}.o"));
                compile_sycl(std::slice::from_ref(source), &flags, &object);
                object
            })
            .collect();
        Compiled { dir, objects }
    }
}

/// A program built by `ncpu++` in its own temporary directory.
pub struct Built {
    /// The temporary directory holding the program; removed when this is dropped.
    pub dir: tempfile::TempDir,
    /// The built executable.
    pub exe: PathBuf,
}

impl Built {
    /// Compiles `sources` (paths) with `-fsycl -fsycl-targets=native_cpu` and `flags`; panics
    /// with the compiler's output if it fails.
    pub fn compile(sources: &[PathBuf], flags: &[&str]) -> Built {
        let dir = tempfile::tempdir().expect("temporary directory");
        let exe = dir.path().join("app");
        compile_sycl(sources, flags, &exe);
        Built { dir, exe }
    }

    /// Runs the program with extra environment variables.
    pub fn run_with(&self, env: &[(&str, &str)]) -> Output {
        Command::new(&self.exe)
            .envs(env.iter().copied())
            .current_dir(self.dir.path())
            .output()
            .expect("the program runs")
    }

    /// Runs the program and asserts it exits 0 and prints PASS.
    pub fn run_and_check(&self, env: &[(&str, &str)]) -> String {
        let output = self.run_with(env);
        let stdout = String::from_utf8_lossy(&output.stdout).into_owned();
        assert!(
            output.status.success() && stdout.contains("PASS"),
            "{} did not pass\n{}",
            self.exe.display(),
            describe(&output)
        );
        stdout
    }
}
