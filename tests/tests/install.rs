//! `toolchain/scripts/install.sh` lays out a prefix that works wherever it is moved
//! (docs/install.md): the built binaries are installed into a temporary prefix, the prefix is
//! renamed, and its `bin/ncpu++` compiles and links a SYCL program from the moved headers, tools
//! and runtime library, which runs; with the headers gone, the error names their directory.

use std::path::Path;
use std::process::{Command, Output};

use nativecpu_e2e_tests::{describe, repo_root, tool_dir};

const PROGRAM: &str = r#"
#include <sycl/sycl.hpp>
#include <cstdio>

int main() {
  sycl::queue queue;
  int *data = sycl::malloc_shared<int>(64, queue);
  queue.parallel_for(sycl::range<1>(64), [=](sycl::id<1> i) { data[i] = 2 * int(i[0]); }).wait();
  for (int i = 0; i < 64; ++i)
    if (data[i] != 2 * i) {
      std::printf("FAIL at %d\n", i);
      return 1;
    }
  sycl::free(data, queue);
  std::puts("PASS");
}
"#;

/// `ncpu++ args` of the prefix, in `directory`, with no override of the layout.
fn installed_ncpu(prefix: &Path, directory: &Path, args: &[&str]) -> Output {
    let mut command = Command::new(prefix.join("bin/ncpu++"));
    for variable in ncpu_locate::layout::OVERRIDE_VARIABLES {
        command.env_remove(variable);
    }
    command
        .args(args)
        .current_dir(directory)
        .output()
        .expect("the installed ncpu++ runs")
}

fn install(prefix: &Path) {
    let output = Command::new("bash")
        .arg(repo_root().join("toolchain/scripts/install.sh"))
        .arg("--prefix")
        .arg(prefix)
        .arg("--from")
        .arg(tool_dir())
        .output()
        .expect("install.sh runs");
    assert!(output.status.success(), "{}", describe(&output));
}

#[test]
fn a_moved_installation_builds_and_runs_a_program() {
    let scratch = tempfile::tempdir().unwrap();
    // The driver reports the paths of its layout with links resolved.
    let root = scratch.path().canonicalize().unwrap();
    let first = root.join("first");
    install(&first);
    let prefix = root.join("moved");
    std::fs::rename(&first, &prefix).unwrap();
    std::fs::write(root.join("app.cpp"), PROGRAM).unwrap();
    let compile = ["-fsycl", "-O1", "app.cpp", "-o", "app"];

    let plan = installed_ncpu(&prefix, &root, &[&compile[..], &["-###"]].concat());
    assert!(plan.status.success(), "{}", describe(&plan));
    let steps = String::from_utf8_lossy(&plan.stderr);
    for file in ["include", "bin/muxc", "lib/libnativecpu_runtime.a"] {
        let expected = format!("\"{}\"", prefix.join(file).display());
        assert!(steps.contains(&expected), "{expected} not in\n{steps}");
    }
    let source_headers = repo_root().join("toolchain/include");
    assert!(!steps.contains(source_headers.to_str().unwrap()), "{steps}");

    let built = installed_ncpu(&prefix, &root, &compile);
    assert!(built.status.success(), "{}", describe(&built));
    let run = Command::new(root.join("app")).output().unwrap();
    assert!(
        String::from_utf8_lossy(&run.stdout).contains("PASS"),
        "{}",
        describe(&run)
    );

    std::fs::remove_dir_all(prefix.join("include")).unwrap();
    let broken = installed_ncpu(&prefix, &root, &compile);
    let expected = format!(
        "ncpu++: error: {}: the SYCL headers' directory is missing (",
        prefix.join("include").display()
    );
    let error = String::from_utf8_lossy(&broken.stderr);
    assert!(
        !broken.status.success() && error.starts_with(&expected),
        "{error}"
    );
    assert_eq!(error.lines().count(), 1, "{error}");
}
