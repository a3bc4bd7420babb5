//! A file of many distinct one-line kernels, the program `ncpu-bench --compile-cost` times
//! (docs/compile-cost.md): range kernels with ids and items, single tasks, nd_range kernels and
//! kernels writing a buffer through an accessor, each submitted through the type-erased submit
//! path, every kernel's result checked by the program. Correctness only: how long the compile
//! takes is the benchmark's business, never an assertion.

use nativecpu_e2e_tests::Built;

/// The 200-kernel program built with `flags`; it must print that all 200 kernels passed.
fn two_hundred_kernels_built_with(flags: &[&str]) -> Built {
    let dir = tempfile::tempdir().expect("temporary directory");
    let source = dir.path().join("kernels.cpp");
    std::fs::write(&source, ncpu_bench::compile_cost::program(200))
        .expect("the program is written");
    let built = Built::compile(&[source], flags);
    let stdout = built.run_and_check(&[]);
    assert!(stdout.contains("PASS: 200 kernels"), "{stdout}");
    built
}

#[test]
fn two_hundred_generated_kernels_each_compute_their_own_result() {
    let built = two_hundred_kernels_built_with(&["-O2"]);
    built.run_and_check(&[("NATIVECPU_THREADS", "1")]);
}

/// The same program with its device module optimised and generated in three pieces on three
/// threads (docs/compiler-pipeline.md, "Parallel optimisation and code generation"): kernels
/// owned by different pieces copy the helpers they share, and reach the device library's
/// thread-local scratch, defined in one piece, linked again.
#[test]
fn generated_kernels_compiled_in_three_pieces_compute_the_same() {
    two_hundred_kernels_built_with(&["-O2", "-mllvm", "-sycl-native-cpu-codegen-threads=3"]);
}
