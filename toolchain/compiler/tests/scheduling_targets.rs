//! The software scheduling targets run: a kernel lowered by `muxc` through the work-item loops
//! and `add-sched-params`, `define-mux-builtins` and `add-kernel-wrapper` for a target, compiled
//! with clang and called per work-group by a C harness that plays the caller's side of the
//! target's ABI (docs/compiler-pipeline.md, "Scheduling targets"). The FileCheck tests show what
//! the passes write; this shows the definitions compute the right ids.

use std::path::Path;
use std::process::Command;

const MUXC: &str = env!("CARGO_BIN_EXE_muxc");

fn inputs() -> &'static Path {
    Path::new(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/scheduling_targets"
    ))
}

/// Lowers `ids.ll` for `target` with `pipeline_head` (passes and a comma) first, links it with the harness built with
/// `defines`, runs it and returns its output, asserting that it succeeded.
fn run(target: &str, pipeline_head: &str, defines: &[&str]) -> String {
    let dir = tempfile::tempdir().unwrap();
    let lowered = dir.path().join("ids.lowered.ll");
    let passes = format!(
        "{pipeline_head}add-sched-params<target={target}>,define-mux-builtins<target={target}>,\
         add-kernel-wrapper<target={target}>,verify"
    );
    let status = Command::new(MUXC)
        .arg(format!("--passes={passes}"))
        .arg("-S")
        .arg(inputs().join("ids.ll"))
        .arg("-o")
        .arg(&lowered)
        .status()
        .unwrap();
    assert!(status.success(), "muxc --passes={passes}");
    let program = dir.path().join("ids");
    let clang = ncpu_locate::llvm::tool("clang");
    let output = Command::new(&clang)
        .args(["-O2", "-Wno-override-module"])
        .args(defines)
        .arg(&lowered)
        .arg(inputs().join("harness.c"))
        .arg("-o")
        .arg(&program)
        .output()
        .unwrap();
    assert!(
        output.status.success(),
        "{} failed: {}",
        clang.display(),
        String::from_utf8_lossy(&output.stderr)
    );
    let output = Command::new(&program).output().unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout).into_owned();
    assert!(output.status.success(), "{target}: {stdout}");
    stdout
}

#[test]
fn the_software_target_computes_every_id_through_the_work_item_loops() {
    assert_eq!(run("software", "work-item-loops,", &[]), "0 wrong\n");
}

#[test]
fn the_thread_id_parameter_is_every_work_items_local_id() {
    let output = run(
        "thread-id-parameter",
        "work-item-loops,",
        &["-DTHREAD_ID=1"],
    );
    assert_eq!(output, "0 wrong\n");
}
