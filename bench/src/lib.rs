//! The benchmark suite of bench/README.md: builds every implementation of the kernels, checks
//! each kernel against its serial host reference, times the ones that are right, and reports
//! medians, spreads and the ratio of ours to the best peer.

pub mod chart;
pub mod compile_cost;
pub mod implementations;
pub mod kernels;
pub mod markdown;
pub mod report;
pub mod runner;
pub mod stats;

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

use implementations::Implementation;
use kernels::Kernel;
use report::{KernelReport, Report};

/// Why a benchmark run stopped.
#[derive(Debug, thiserror::Error)]
pub enum BenchError {
    /// No `ncpu++` was found.
    #[error("{0} (or pass --ncpu PATH)")]
    NcpuNotFound(#[from] ncpu_locate::driver::DriverSearchError),
    /// A file the suite needs does not exist.
    #[error("{0}: does not exist")]
    Missing(PathBuf),
    /// `--kernels` names a kernel the suite does not have.
    #[error("unknown kernel {0} (see --list)")]
    UnknownKernel(String),
    /// A benchmark program could not be built.
    #[error("building {what} failed: {message}")]
    Build {
        /// What was being built.
        what: String,
        /// The first line of the failure's message.
        message: String,
    },
    /// A file could not be read or written.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// What the operating system reported.
        source: std::io::Error,
    },
    /// The ratio chart could not be drawn or written (the plotting library's message).
    #[error("writing the chart failed: {0}")]
    Chart(String),
}

/// What to run and how.
#[derive(Debug, Clone)]
pub struct Config {
    /// Small sizes, no timing worth reading: checks every kernel quickly.
    pub quick: bool,
    /// Kernel names (empty: all).
    pub kernels: Vec<String>,
    /// Implementation ids to keep (empty: all that are available).
    pub implementations: Vec<String>,
    /// Untimed runs before the timed ones.
    pub warmups: u32,
    /// Timed runs per kernel and implementation.
    pub runs: u32,
    /// The threads every implementation is limited to.
    pub threads: u32,
    /// The `ncpu++` that builds our SYCL programs.
    pub ncpu: PathBuf,
    /// Extra ncpu++ flags, e.g. `-mllvm -sycl-native-cpu-vecz-width=8`.
    pub ncpu_flags: Vec<String>,
    /// Whether to build and run the peers (OpenMP, OpenCL).
    pub peers: bool,
    /// Where the programs are built.
    pub build_dir: PathBuf,
    /// Longest time one program may run (one kernel: check, warm-ups and timed runs).
    pub timeout: Duration,
}

impl Config {
    /// The defaults: full sizes, 2 warm-ups, 7 runs, 2 threads, all peers; quick mode runs
    /// ours only, once, without warm-ups.
    pub fn new(ncpu: PathBuf, build_dir: PathBuf, quick: bool) -> Config {
        Config {
            quick,
            kernels: Vec::new(),
            implementations: Vec::new(),
            warmups: if quick { 0 } else { 2 },
            runs: if quick { 1 } else { 7 },
            threads: 2,
            ncpu,
            ncpu_flags: Vec::new(),
            peers: !quick,
            build_dir,
            timeout: Duration::from_secs(if quick { 60 } else { 600 }),
        }
    }
}

/// The repository's root (bench/ is in it).
pub fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("bench/ is in the repository")
        .to_path_buf()
}

/// ncpu++: `explicit`, else as `ncpu_locate::driver` finds it ($NCPU_CXX) in: the directory of
/// this executable (target/<profile>/), its parent (target/<profile>/ from deps/ for tests),
/// and the main checkout's target/release when this is a linked git worktree.
pub fn locate_ncpu(explicit: Option<&Path>) -> Result<PathBuf, BenchError> {
    if let Some(path) = explicit {
        return if path.exists() {
            Ok(path.to_path_buf())
        } else {
            Err(BenchError::Missing(path.to_path_buf()))
        };
    }
    let exe = std::env::current_exe().ok();
    let beside = exe
        .iter()
        .flat_map(|e| e.ancestors().skip(1).take(2))
        .map(Path::to_path_buf);
    let main_checkout = main_checkout().map(|root| root.join("target/release"));
    let directories = beside.chain(main_checkout).collect();
    Ok(ncpu_locate::driver::find(directories)?)
}

/// The main working tree of the repository's git directory.
fn main_checkout() -> Option<PathBuf> {
    let output = Command::new("git")
        .args(["rev-parse", "--path-format=absolute", "--git-common-dir"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .ok()?;
    let common = PathBuf::from(String::from_utf8_lossy(&output.stdout).trim());
    output
        .status
        .success()
        .then(|| common.parent().map(Path::to_path_buf))
        .flatten()
}

/// Ours, then every peer that builds; a peer that does not is skipped with one line.
fn prepare(config: &Config) -> Result<(Vec<Implementation>, Vec<String>), BenchError> {
    std::fs::create_dir_all(&config.build_dir).map_err(|source| BenchError::Io {
        path: config.build_dir.clone(),
        source,
    })?;
    let mut chosen = vec![implementations::build_ours(config)?];
    let mut skipped = Vec::new();
    if config.peers {
        let compilers = [
            ("gcc", PathBuf::from("gcc")),
            ("clang", ncpu_locate::llvm::tool("clang")),
        ];
        for (name, compiler) in compilers {
            match implementations::build_openmp(config, name, &compiler) {
                Ok(peer) => chosen.push(peer),
                Err(e) => skipped.push(format!("openmp-{name}: {e}")),
            }
        }
        match implementations::opencl_peers(config) {
            Ok(peers) if peers.is_empty() => skipped
                .push("opencl: no CPU OpenCL platform installed (bench/setup.sh)".to_string()),
            Ok(peers) => chosen.extend(peers),
            Err(e) => skipped.push(format!("opencl: {e}")),
        }
    }
    chosen.retain(|i| config.implementations.is_empty() || config.implementations.contains(&i.id));
    Ok((chosen, skipped))
}

/// Runs every implementation on one kernel, with a progress line each on stderr.
fn run_kernel(config: &Config, kernel: &Kernel, chosen: &[Implementation]) -> KernelReport {
    let size = if config.quick {
        kernel.quick
    } else {
        kernel.full
    };
    let outcomes = chosen.iter().map(|implementation| {
        let outcome = runner::run(
            implementation,
            kernel.name,
            size,
            config.warmups,
            config.runs,
            config.timeout,
        );
        let result = report::ImplementationResult::new(&implementation.id, kernel.unit, outcome);
        eprintln!(
            "  {:<13} {:<14} {}",
            kernel.name,
            implementation.id,
            result.short()
        );
        result
    });
    KernelReport::new(*kernel, size, outcomes.collect())
}

/// Builds, checks and times everything `config` asks for.
pub fn run_suite(config: &Config) -> Result<Report, BenchError> {
    let kernels = kernels::select(&config.kernels)?;
    let load_before = report::load_average();
    let (chosen, skipped) = prepare(config)?;
    for line in &skipped {
        eprintln!("skipped {line}");
    }
    let ids: Vec<&str> = chosen.iter().map(|i| i.id.as_str()).collect();
    eprintln!("running {} kernel(s) on {}", kernels.len(), ids.join(", "));
    let results = kernels
        .iter()
        .map(|k| run_kernel(config, k, &chosen))
        .collect();
    Ok(Report::new(config, chosen, skipped, results, load_before))
}
