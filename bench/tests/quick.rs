//! The suite's quick mode (bench/README.md, "Quick mode"): every SYCL benchmark kernel built with
//! ncpu++ at small sizes and checked against its serial host reference. No peers, and nothing
//! about timing is asserted. $NCPU_BENCH_FLAGS adds ncpu++ flags (split at spaces).

use ncpu_bench::kernels::KERNELS;
use ncpu_bench::{locate_ncpu, run_suite, Config};

#[test]
fn quick_mode_builds_and_checks_every_sycl_kernel() {
    let ncpu = locate_ncpu(None).expect("ncpu++ is built (cargo build --release --workspace)");
    let build = tempfile::tempdir().expect("temporary directory");
    let mut config = Config::new(ncpu, build.path().to_path_buf(), true);
    let flags = std::env::var("NCPU_BENCH_FLAGS").unwrap_or_default();
    config.ncpu_flags = flags.split_whitespace().map(String::from).collect();
    let report = run_suite(&config).expect("ours builds");
    assert_eq!(report.kernels.len(), KERNELS.len());
    assert!(
        report.failures().is_empty(),
        "failed kernels: {:?}",
        report.failures()
    );
    for kernel in &report.kernels {
        let ours = &kernel.results[0];
        assert_eq!(ours.implementation, "ours");
        assert!(
            ours.summary.is_some(),
            "{} has no measurement",
            kernel.kernel.name
        );
    }
}
