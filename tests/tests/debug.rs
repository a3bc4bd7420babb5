//! `-g -O0` keeps kernels debuggable through barrier regions: gdb, in batch mode, stops after
//! the barrier and shows each work-item's own value of a private variable that lives across it;
//! kernels that require their sub-group size stay right in such builds.

use std::process::Command;

use nativecpu_e2e_tests::{describe, program, Built};

#[test]
fn gdb_shows_a_private_variable_after_a_barrier() {
    let source = program("debug_barrier.cpp");
    let built = Built::compile(&[source], &["-g", "-O0"]);
    let output = Command::new("gdb")
        .args(["-batch", "-nx"])
        .args(["-ex", "break debug_barrier.cpp:11"])
        .args(["-ex", "run", "-ex", "print secret"])
        .args(["-ex", "continue", "-ex", "print secret"])
        .args(["-ex", "continue", "-ex", "print secret"])
        .arg(&built.exe)
        .env("NATIVECPU_THREADS", "1")
        .output()
        .expect("gdb runs (install-deps.sh installs it)");
    let stdout = String::from_utf8_lossy(&output.stdout);
    let values: Vec<&str> = stdout
        .lines()
        .filter_map(|l| {
            l.strip_prefix('$')
                .and_then(|l| l.split_once(" = "))
                .map(|(_, v)| v)
        })
        .collect();
    // Work-items 0, 1 and 2 of the group: secret = id * 7 + 3.
    assert_eq!(values, ["3", "10", "17"], "{}", describe(&output));
}

/// Debuggable work-items keep kernels scalar, except those that require their sub-group size:
/// they run through their vector form, whose lanes are the sub-groups, and every sub-group
/// function still matches the host model.
#[test]
fn required_sub_group_sizes_hold_in_debug_builds() {
    let built = Built::compile(&[program("sub_groups.cpp")], &["-g", "-O0"]);
    built.run_and_check(&[("EXPECTED_SUB_GROUP_SIZE", "1")]);
}
