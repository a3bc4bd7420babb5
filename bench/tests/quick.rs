//! The suite's quick mode (bench/README.md, "Quick mode"): every SYCL benchmark kernel built with
//! ncpu++ at small sizes and checked against its serial host reference. No peers, and nothing
//! about timing is asserted. $NCPU_BENCH_FLAGS adds ncpu++ flags (split at spaces). The kernels
//! are also built scalar and at 4, 8 and 16 lanes (docs/vectorizer.md): the vectorizer must not
//! change what they compute.

use ncpu_bench::kernels::KERNELS;
use ncpu_bench::{locate_ncpu, run_suite, Config};

fn quick_mode_with(flags: &[String]) {
    let ncpu = locate_ncpu(None).expect("ncpu++ is built (cargo build --release --workspace)");
    let build = tempfile::tempdir().expect("temporary directory");
    let mut config = Config::new(ncpu, build.path().to_path_buf(), true);
    config.ncpu_flags = flags.to_vec();
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

#[test]
fn quick_mode_builds_and_checks_every_sycl_kernel() {
    let flags = std::env::var("NCPU_BENCH_FLAGS").unwrap_or_default();
    let flags: Vec<String> = flags.split_whitespace().map(String::from).collect();
    quick_mode_with(&flags);
}

#[test]
fn every_kernel_is_right_scalar_and_at_4_8_and_16_lanes() {
    for option in [
        "-sycl-native-cpu-no-vecz",
        "-sycl-native-cpu-vecz-width=4",
        "-sycl-native-cpu-vecz-width=8",
        "-sycl-native-cpu-vecz-width=16",
    ] {
        quick_mode_with(&["-mllvm".to_owned(), option.to_owned()]);
    }
}
