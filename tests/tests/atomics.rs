//! SYCL 2020 atomics: `atomic_ref` on integers, floating point and pointers, in global, local
//! and generic memory, `atomic_fence`, and the atomic capability queries (see
//! tests/programs/atomics_*.cpp; each program compares its results with a host reference and
//! prints PASS). The contention programs run with the default thread count and with 1, 2 and 5
//! threads, since how work-groups interleave on the threads changes with the thread count. The
//! device-IR test checks that each operation becomes the LLVM atomic instruction it should, in
//! the front end's IR and still after the Native CPU pipeline.

use std::path::{Path, PathBuf};
use std::process::Command;

use nativecpu_e2e_tests::{describe, llvm_bin, ncpu_in, program, Built};

const THREAD_COUNTS: [Option<&str>; 4] = [None, Some("1"), Some("2"), Some("5")];

/// Compiles `source` with `flags` and runs it with every thread count of THREAD_COUNTS.
fn run_with_all_thread_counts(source: &str, flags: &[&str]) {
    let built = Built::compile(&[program(source)], flags);
    for threads in THREAD_COUNTS {
        match threads {
            Some(count) => built.run_and_check(&[("NATIVECPU_THREADS", count)]),
            None => built.run_and_check(&[]),
        };
    }
}

#[test]
fn integer_atomics_under_contention_from_all_threads() {
    run_with_all_thread_counts("atomics_integer.cpp", &["-O2"]);
}

#[test]
fn integer_atomics_unoptimised_take_every_order_at_run_time() {
    // At -O0 nothing is inlined, so every order reaches the builtins as a run-time value.
    Built::compile(&[program("atomics_integer.cpp")], &["-O0"])
        .run_and_check(&[("NATIVECPU_THREADS", "2")]);
}

#[test]
fn float_and_double_atomics_under_contention_from_all_threads() {
    run_with_all_thread_counts("atomics_floating_point.cpp", &["-O2"]);
}

#[test]
fn compare_exchange_exchange_and_pointer_atomics_under_contention() {
    run_with_all_thread_counts("atomics_compare_exchange.cpp", &["-O2"]);
}

#[test]
fn sycl_1_2_1_atomic_accessors_and_free_functions_under_contention() {
    run_with_all_thread_counts("atomics_legacy.cpp", &["-O2"]);
}

#[test]
fn release_acquire_between_work_groups_on_different_threads() {
    run_with_all_thread_counts("atomics_last_group.cpp", &["-O2"]);
}

#[test]
fn local_and_generic_address_space_atomics_and_fences_in_nd_range_kernels() {
    for opt in ["-O0", "-O2"] {
        let built = Built::compile(&[program("atomics_local_generic.cpp")], &[opt]);
        built.run_and_check(&[("NATIVECPU_THREADS", "1")]);
        built.run_and_check(&[("NATIVECPU_THREADS", "2")]);
    }
}

#[test]
fn device_and_context_report_every_order_and_scope() {
    Built::compile(&[program("atomics_info.cpp")], &["-O2"]).run_and_check(&[]);
}

/// Each entry: fragments that one line of the device IR must contain together, and what the
/// line is.
const EXPECTED_INSTRUCTIONS: &[(&[&str], &str)] = &[
    (
        &["atomicrmw fadd ptr", "float 3.000000e+00 seq_cst"],
        "float fetch_add, seq_cst default order",
    ),
    (
        &["atomicrmw fsub ptr", "double 5.000000e+00 acq_rel"],
        "double -=, acq_rel default order",
    ),
    (
        &["atomicrmw fmin ptr", "float 7.000000e+00 acquire"],
        "float fetch_min, acquire",
    ),
    (
        &["atomicrmw fmax ptr", "double 1.100000e+01 release"],
        "double fetch_max, release",
    ),
    (
        &["atomicrmw add ptr", "i32 13 monotonic"],
        "int fetch_add, relaxed",
    ),
    (
        &["atomicrmw sub ptr", "i64 17 seq_cst"],
        "long fetch_sub, seq_cst",
    ),
    (
        &["atomicrmw and ptr", "i32 19 acq_rel"],
        "int fetch_and, acq_rel",
    ),
    (&["atomicrmw or ptr", "i32 23 acq_rel"], "int fetch_or"),
    (&["atomicrmw xor ptr", "i32 29 acq_rel"], "int fetch_xor"),
    (
        &["atomicrmw min ptr", "i32 31 monotonic"],
        "int fetch_min is signed",
    ),
    (
        &["atomicrmw umin ptr", "i32 37 monotonic"],
        "unsigned fetch_min is unsigned",
    ),
    (
        &["atomicrmw max ptr", "i64 41 monotonic"],
        "long fetch_max is signed",
    ),
    (
        &["atomicrmw umax ptr", "i64 43 monotonic"],
        "unsigned long fetch_max is unsigned",
    ),
    (&["atomicrmw xchg ptr", "i32 47 seq_cst"], "int exchange"),
    (
        &["cmpxchg weak ptr", "i32 53 acq_rel acquire"],
        "compare_exchange_weak with one order: acq_rel fails as acquire",
    ),
    (
        &["cmpxchg ptr", "i64 59 seq_cst monotonic"],
        "compare_exchange_strong with seq_cst success and relaxed failure",
    ),
    (
        &["load atomic i64", "acquire, align 8"],
        "long load, acquire",
    ),
    (&["store atomic i32 61", "release"], "int store, release"),
    (
        &["fence syncscope(\"singlethread\") acq_rel"],
        "atomic_fence(acq_rel, work_group): within one thread",
    ),
    (
        &["fence syncscope(\"singlethread\") release"],
        "atomic_fence(release, work_item): within one thread",
    ),
    (
        &["fence acquire"],
        "atomic_fence(acquire, device): between threads",
    ),
    (
        &["fence seq_cst"],
        "atomic_fence(seq_cst, system): between threads",
    ),
    (
        &["atomicrmw add ptr", "i64 24 monotonic"],
        "double * += 3 adds 24 bytes",
    ),
    (
        &["atomicrmw sub ptr", "i64 20 monotonic"],
        "int * fetch_sub(5) subtracts 20 bytes",
    ),
    (
        &["atomicrmw xor ptr", "i32 67 monotonic"],
        "run-time order: relaxed case",
    ),
    (
        &["atomicrmw xor ptr", "i32 67 acquire"],
        "run-time order: acquire case",
    ),
    (
        &["atomicrmw xor ptr", "i32 67 release"],
        "run-time order: release case",
    ),
    (
        &["atomicrmw xor ptr", "i32 67 acq_rel"],
        "run-time order: acq_rel case",
    ),
    (
        &["atomicrmw xor ptr", "i32 67 seq_cst"],
        "run-time order: seq_cst case",
    ),
];

/// Asserts that `ir` has every instruction of EXPECTED_INSTRUCTIONS and no call to the
/// __atomic library (which would mean an operation was not lock-free).
fn assert_atomic_instructions(ir: &str, stage: &str) {
    let missing: Vec<String> = EXPECTED_INSTRUCTIONS
        .iter()
        .filter(|(fragments, _)| {
            !ir.lines()
                .any(|line| fragments.iter().all(|f| line.contains(f)))
        })
        .map(|(fragments, what)| format!("{what}: a line with {fragments:?}"))
        .collect();
    assert!(
        missing.is_empty(),
        "{stage} lacks:\n{}\n--- IR ---\n{ir}",
        missing.join("\n")
    );
    assert!(
        !ir.contains("@__atomic_"),
        "{stage} calls the __atomic library:\n{ir}"
    );
}

/// `ncpu++ -fsycl-device-only` on atomics_ir.cpp, in `dir`: the device bitcode.
fn device_bitcode(dir: &Path) -> PathBuf {
    let source = program("atomics_ir.cpp");
    let output = ncpu_in(
        dir,
        &[
            "-fsycl-device-only",
            "-O2",
            source.to_str().unwrap(),
            "-o",
            "device.bc",
        ],
    );
    assert!(output.status.success(), "{}", describe(&output));
    dir.join("device.bc")
}

#[test]
fn front_end_device_ir_has_the_atomic_instructions() {
    let dir = tempfile::tempdir().unwrap();
    let bitcode = device_bitcode(dir.path());
    let output = Command::new(llvm_bin().join("llvm-dis"))
        .arg(&bitcode)
        .arg("-o")
        .arg("-")
        .output()
        .expect("llvm-dis runs");
    assert!(output.status.success(), "{}", describe(&output));
    assert_atomic_instructions(
        &String::from_utf8_lossy(&output.stdout),
        "the front end's device IR",
    );
}

#[test]
fn device_ir_after_the_native_cpu_pipeline_keeps_the_atomic_instructions() {
    let dir = tempfile::tempdir().unwrap();
    let bitcode = device_bitcode(dir.path());
    let output = ncpu_in(
        dir.path(),
        &[
            "-c",
            "-O2",
            "-mllvm",
            "-sycl-native-dump-device-ir",
            bitcode.to_str().unwrap(),
            "-o",
            "device.o",
        ],
    );
    assert!(output.status.success(), "{}", describe(&output));
    assert_atomic_instructions(
        &String::from_utf8_lossy(&output.stdout),
        "the device IR after the Native CPU pipeline",
    );
}

#[test]
fn atomics_ir_program_runs() {
    Built::compile(&[program("atomics_ir.cpp")], &["-O2"]).run_and_check(&[]);
}
