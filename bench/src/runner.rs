//! Runs one kernel of one implementation and reads what the program prints
//! (`kernels/common/bench.h`, bench_main): `work W`, then `check ok` and one `time_ns T` per
//! timed run, or `check FAILED <why>`.

use std::io::Read;
use std::process::{Child, Command, Stdio};
use std::thread;
use std::time::{Duration, Instant};

use crate::implementations::Implementation;

/// What a program reported for one kernel.
#[derive(Debug, Clone, PartialEq)]
pub enum Outcome {
    /// The result was right; the work of one launch and each timed run's nanoseconds.
    Measured {
        /// The work of one launch, in the kernel's unit.
        work: f64,
        /// Each timed run's time, in nanoseconds.
        times_ns: Vec<f64>,
    },
    /// Wrong result, crash, error or timeout, with one line saying which.
    Failed(String),
}

/// Parses a program's standard output.
pub fn parse(stdout: &str) -> Outcome {
    let mut work = None;
    let mut times_ns = Vec::new();
    for line in stdout.lines() {
        let (key, rest) = line.split_once(' ').unwrap_or((line, ""));
        match key {
            "work" => work = rest.trim().parse::<f64>().ok(),
            "time_ns" => times_ns.extend(rest.trim().parse::<f64>().ok()),
            "check" if rest != "ok" => {
                return Outcome::Failed(rest.trim_start_matches("FAILED ").to_string())
            }
            _ => {}
        }
    }
    match work {
        Some(work) if !times_ns.is_empty() => Outcome::Measured { work, times_ns },
        _ => Outcome::Failed("the program printed no result".to_string()),
    }
}

/// Reads a child's pipe to the end on a thread (so a full pipe never blocks the child).
fn drain(pipe: Option<impl Read + Send + 'static>) -> thread::JoinHandle<String> {
    thread::spawn(move || {
        let mut text = String::new();
        if let Some(mut pipe) = pipe {
            let _ = pipe.read_to_string(&mut text);
        }
        text
    })
}

/// Waits for the child up to `timeout`; kills it past that. None if it was killed.
fn wait_for(child: &mut Child, timeout: Duration) -> Option<std::process::ExitStatus> {
    let deadline = Instant::now() + timeout;
    loop {
        if let Ok(Some(status)) = child.try_wait() {
            return Some(status);
        }
        if Instant::now() >= deadline {
            let _ = child.kill();
            let _ = child.wait();
            return None;
        }
        thread::sleep(Duration::from_millis(5));
    }
}

/// Runs `implementation` on `kernel` at size `n`.
pub fn run(
    implementation: &Implementation,
    kernel: &str,
    n: usize,
    warmups: u32,
    runs: u32,
    timeout: Duration,
) -> Outcome {
    let (program, prefix) = implementation
        .command
        .split_first()
        .expect("an implementation has a command");
    let spawned = Command::new(program)
        .args(prefix)
        .args([
            kernel.to_string(),
            n.to_string(),
            warmups.to_string(),
            runs.to_string(),
        ])
        .envs(implementation.env.iter().map(|(k, v)| (k, v)))
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn();
    let mut child = match spawned {
        Ok(child) => child,
        Err(e) => {
            return Outcome::Failed(format!("cannot start {}: {e}", program.to_string_lossy()))
        }
    };
    let (stdout, stderr) = (drain(child.stdout.take()), drain(child.stderr.take()));
    let status = wait_for(&mut child, timeout);
    let (stdout, stderr) = (
        stdout.join().unwrap_or_default(),
        stderr.join().unwrap_or_default(),
    );
    match status {
        None => Outcome::Failed(format!("timed out after {} s", timeout.as_secs())),
        Some(status) if !status.success() => {
            let why = stderr
                .lines()
                .last()
                .unwrap_or("no message")
                .trim()
                .to_string();
            Outcome::Failed(format!("exited with {status}: {why}"))
        }
        Some(_) => parse(&stdout),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_measurements_and_failures() {
        let ok = parse("work 12\ncheck ok\ntime_ns 5\ntime_ns 7\n");
        assert_eq!(
            ok,
            Outcome::Measured {
                work: 12.0,
                times_ns: vec![5.0, 7.0]
            }
        );
        let failed = parse("work 12\ncheck FAILED 3 of 9 checked values differ\n");
        assert_eq!(
            failed,
            Outcome::Failed("3 of 9 checked values differ".to_string())
        );
        assert!(matches!(parse(""), Outcome::Failed(_)));
    }
}
