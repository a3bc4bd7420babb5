//! Command groups submitted from several host threads at once (tests/programs/
//! concurrent_submission.cpp): buffer, sub-buffer, host accessor, USM and event ordering across
//! queues and threads, every result checked exactly. `STRESS_THREADS`, `STRESS_ROUNDS` and
//! `STRESS_SECONDS` in the environment of `cargo test` reach the program, for a long soak:
//! `STRESS_SECONDS=60 cargo test --release -p nativecpu-e2e-tests --test concurrency`.

use nativecpu_e2e_tests::{program, Built};

#[test]
fn concurrent_submissions_from_many_threads_lose_no_update() {
    let built = Built::compile(&[program("concurrent_submission.cpp")], &["-O2"]);
    let stdout = built.run_and_check(&[]);
    print!("{stdout}");
    built.run_and_check(&[("NATIVECPU_THREADS", "1")]);
}
