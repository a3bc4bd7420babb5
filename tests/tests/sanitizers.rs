//! Programs built with `-fsanitize=…` through `ncpu++` (docs/sanitizers.md): the host compile,
//! the device compile and the link all get the sanitizer, and any report fails the test. The
//! stress program of tests/programs/concurrent_submission.cpp runs under ThreadSanitizer; a
//! selection of programs under AddressSanitizer (with LeakSanitizer) and
//! UndefinedBehaviorSanitizer. Every program: docs/sanitizers.md gives the command.

use nativecpu_e2e_tests::{describe, program, Built};

/// Fails on the first report of any of the three sanitizers (each exits non-zero then).
const STRICT: &[(&str, &str)] = &[
    ("TSAN_OPTIONS", "halt_on_error=1:exitcode=66"),
    ("ASAN_OPTIONS", "detect_leaks=1:halt_on_error=1"),
    ("UBSAN_OPTIONS", "halt_on_error=1:print_stacktrace=1"),
];

/// Builds `name` with `flags`, runs it with `env` on top of [`STRICT`], and checks it passed
/// with nothing reported.
fn run_clean(name: &str, flags: &[&str], env: &[(&str, &str)]) {
    let built = Built::compile(&[program(name)], flags);
    let mut environment: Vec<(&str, &str)> = STRICT.to_vec();
    environment.retain(|(key, _)| !env.iter().any(|(k, _)| k == key));
    environment.extend_from_slice(env);
    let output = built.run_with(&environment);
    let stderr = String::from_utf8_lossy(&output.stderr);
    let reported = [
        "WARNING: ThreadSanitizer",
        "ERROR: AddressSanitizer",
        "ERROR: LeakSanitizer",
        "runtime error:",
    ]
    .iter()
    .any(|marker| stderr.contains(marker));
    assert!(
        output.status.success()
            && String::from_utf8_lossy(&output.stdout).contains("PASS")
            && !reported,
        "{name} with {flags:?}\n{}",
        describe(&output)
    );
}

#[test]
fn concurrent_submissions_are_clean_under_thread_sanitizer() {
    run_clean(
        "concurrent_submission.cpp",
        &["-O1", "-fsanitize=thread"],
        &[],
    );
}

#[test]
fn programs_are_clean_under_address_and_undefined_sanitizers() {
    let flags = [
        "-O1",
        "-fsanitize=address,undefined",
        "-fno-sanitize-recover=undefined",
    ];
    for name in [
        "usm_ops.cpp",
        "accessors.cpp",
        "reductions.cpp",
        "tiled_matmul.cpp",
        "vec_ops.cpp",
        // group_local_memory under UBSan's alignment checks (replace-module-scope-vars).
        "aligned_work_group_memory.cpp",
        // Frees memory commands of other queues, and of a destroyed one, still use.
        "free_while_running.cpp",
    ] {
        run_clean(name, &flags, &[]);
    }
    // It asks for impossible sizes on purpose and expects null, as glibc's allocator gives.
    run_clean(
        "allocation_sizes.cpp",
        &flags,
        &[(
            "ASAN_OPTIONS",
            "detect_leaks=1:halt_on_error=1:allocator_may_return_null=1",
        )],
    );
}

#[test]
fn device_code_is_instrumented() {
    let dir = tempfile::tempdir().expect("temporary directory");
    let source = dir.path().join("overflow.cpp");
    std::fs::write(
        &source,
        "#include <sycl/sycl.hpp>\n\
         int main() {\n\
           sycl::queue q;\n\
           int *p = sycl::malloc_device<int>(100, q);\n\
           q.parallel_for(sycl::range<1>(101), [=](sycl::id<1> i) { p[i] = 1; }).wait();\n\
           sycl::free(p, q);\n\
         }\n",
    )
    .expect("write the source");
    let built = Built::compile(&[source], &["-O2", "-fsanitize=address"]);
    let output = built.run_with(&[]);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        !output.status.success()
            && stderr.contains("heap-buffer-overflow")
            // The kernel's code is in its subhandler's body (add-fp-control's `.fp-body`).
            && stderr.contains(".fp-body"),
        "the kernel's write past the end was not reported\n{}",
        describe(&output)
    );
}
