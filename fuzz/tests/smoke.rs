//! The stable smoke run of every fuzz target, part of `cargo test` and so of CI
//! (docs/fuzzing.md): each target runs on its seed corpus (`seeds/<target>`, which also keeps
//! the inputs that once failed), then on random mutations of those seeds for a few seconds.
//! Without coverage feedback this finds far less than `toolchain/scripts/fuzz.sh` does; it
//! keeps every target building and passing its corpus on stable Rust with the workspace's build.
//!
//! `NCPU_FUZZ_SMOKE_SECONDS` (default 2) sets the time per target, `NCPU_FUZZ_SMOKE_SEED` the
//! random seed (fixed by default, so CI runs the same inputs every time).

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::PathBuf;
use std::time::{Duration, Instant};

use ncpu_fuzz::TARGETS;

/// Bytes the readers give a meaning to, inserted by [`mutate`].
const TOKENS: &[&[u8]] = &[
    b"\n",
    b"\r",
    b"\0",
    b"[",
    b"]",
    b"|",
    b"=",
    b"1|",
    b"2|",
    b"@",
    b",",
    b";",
    b":",
    b"\xff",
    b"\n--8<--\n",
    b"-",
    b"--",
    b"=1",
    b"%",
    b"!",
    b"*",
    b"i32",
    b"define",
    b"call",
];

fn env_number(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|value| value.parse().ok())
        .unwrap_or(default)
}

fn seeds(target: &str) -> Vec<Vec<u8>> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("seeds")
        .join(target);
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|entry| entry.map(|e| e.path()))
        .collect::<Result<_, _>>()
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
    files.sort();
    files
        .iter()
        .map(|file| std::fs::read(file).unwrap_or_else(|e| panic!("{}: {e}", file.display())))
        .collect()
}

/// A few random edits of `input`: bit flips, byte changes, tokens inserted, ranges deleted or
/// repeated, and pieces of other seeds spliced in.
fn mutate(rng: &mut fastrand::Rng, input: &mut Vec<u8>, seeds: &[Vec<u8>]) {
    for _ in 0..rng.usize(1..=4) {
        let len = input.len();
        let at = rng.usize(..=len);
        let range = |rng: &mut fastrand::Rng| {
            let start = rng.usize(..len);
            start..rng.usize(start..=len.min(start + 16))
        };
        match rng.u8(0..6) {
            0 if len > 0 => input[rng.usize(..len)] ^= 1 << rng.u8(0..8),
            1 if len > 0 => input[rng.usize(..len)] = rng.u8(..),
            2 if len > 0 => {
                input.drain(range(rng));
            }
            3 if len > 0 => {
                let piece = input[range(rng)].to_vec();
                input.splice(at..at, piece);
            }
            4 if !seeds.is_empty() => {
                let other = &seeds[rng.usize(..seeds.len())];
                if !other.is_empty() {
                    let start = rng.usize(..other.len());
                    let end = rng.usize(start..=other.len().min(start + 64));
                    input.splice(at..at, other[start..end].iter().copied());
                }
            }
            _ => {
                let token = TOKENS[rng.usize(..TOKENS.len())];
                input.splice(at..at, token.iter().copied());
            }
        }
    }
}

/// Runs `target` on `input`; a panic fails the test, naming a file that holds the input.
fn run_one(name: &str, target: fn(&[u8]), input: &[u8]) {
    if catch_unwind(AssertUnwindSafe(|| target(input))).is_err() {
        let file = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("fuzz-smoke-{name}"));
        std::fs::write(&file, input).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
        panic!(
            "fuzz target {name} failed on the input saved as {} (replay it with \
             `bash toolchain/scripts/fuzz.sh {name} -- {}`)",
            file.display(),
            file.display()
        );
    }
}

/// The names `fuzz.sh` runs, the libFuzzer binaries and `TARGETS` must agree: CI does not build
/// the binaries (docs/fuzzing.md), so this is what keeps them in step.
#[test]
fn every_target_has_a_libfuzzer_binary_and_is_run_by_fuzz_sh() {
    let fuzz = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let read = |path: PathBuf| {
        std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
    };
    let manifest = read(fuzz.join("libfuzzer/Cargo.toml"));
    let script = read(fuzz.join("../toolchain/scripts/fuzz.sh"));
    let listed = script
        .lines()
        .find_map(|line| line.strip_prefix("targets=("))
        .and_then(|rest| rest.strip_suffix(')'))
        .expect("fuzz.sh lists its targets as targets=(…)");
    let mut names: Vec<&str> = TARGETS.iter().map(|(name, _)| *name).collect();
    let mut in_script: Vec<&str> = listed.split_whitespace().collect();
    names.sort_unstable();
    in_script.sort_unstable();
    assert_eq!(in_script, names, "fuzz.sh's targets");
    for name in names {
        let source = read(fuzz.join(format!("libfuzzer/fuzz_targets/{name}.rs")));
        assert!(
            source.contains(&format!("ncpu_fuzz::run(\"{name}\", data)")),
            "{name}"
        );
        assert!(
            manifest.contains(&format!(
                "name = \"{name}\"\npath = \"fuzz_targets/{name}.rs\""
            )),
            "{name}"
        );
    }
    let binaries = std::fs::read_dir(fuzz.join("libfuzzer/fuzz_targets"))
        .map(|dir| dir.count())
        .unwrap_or(0);
    assert_eq!(binaries, TARGETS.len(), "one binary per target");
}

#[test]
fn every_target_passes_its_seeds_and_their_mutations() {
    let per_target = Duration::from_secs(env_number("NCPU_FUZZ_SMOKE_SECONDS", 2));
    let seed = env_number("NCPU_FUZZ_SMOKE_SEED", 12);
    // One target at a time, in this one test: the file-reading targets share a scratch
    // directory and the process's current directory.
    for &(name, target) in TARGETS {
        let corpus = seeds(name);
        assert!(!corpus.is_empty(), "fuzz target {name} has no seeds");
        let start = Instant::now();
        for input in &corpus {
            run_one(name, target, input);
        }
        let mut rng = fastrand::Rng::with_seed(seed);
        let mut runs = corpus.len();
        while start.elapsed() < per_target {
            let mut input = corpus[rng.usize(..corpus.len())].clone();
            mutate(&mut rng, &mut input, &corpus);
            run_one(name, target, &input);
            runs += 1;
        }
        eprintln!(
            "fuzz smoke: {name}: {runs} inputs ({} seeds) in {:.1} s, seed {seed}",
            corpus.len(),
            start.elapsed().as_secs_f64()
        );
    }
}
