//! Counts a million values into bins with a SYCL kernel compiled by `build.rs`, checks the
//! counts against a host loop, and prints the bin count and PASS (or exits non-zero).

use std::process::ExitCode;

extern "C" {
    fn histogram_bins() -> i32;
    fn histogram(values: *const u32, count: usize, bins: *mut u32) -> i32;
}

fn main() -> ExitCode {
    // SAFETY: no arguments; defined in sycl/histogram.cpp.
    let bins = usize::try_from(unsafe { histogram_bins() }).unwrap_or(0);
    let values: Vec<u32> = (0..1_000_000u32)
        .map(|i| i.wrapping_mul(2_654_435_761) >> 7)
        .collect();
    let mut counts = vec![0u32; bins];
    // SAFETY: `values` holds `values.len()` elements and `counts` the `bins` the function writes.
    let status = unsafe { histogram(values.as_ptr(), values.len(), counts.as_mut_ptr()) };
    let mut expected = vec![0u32; bins];
    for value in &values {
        expected[*value as usize % bins] += 1;
    }
    println!("bins: {bins}");
    if status != 0 || bins == 0 || counts != expected {
        eprintln!("FAIL: status {status}, counts {counts:?}, expected {expected:?}");
        return ExitCode::FAILURE;
    }
    println!("PASS");
    ExitCode::SUCCESS
}
