//! `ncpu-bench`: the benchmark suite's one command (bench/README.md).

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::Parser;
use ncpu_bench::kernels::KERNELS;
use ncpu_bench::report::Report;
use ncpu_bench::{chart, compile_cost, locate_ncpu, repo_root, run_suite, BenchError, Config};

/// Measures the SYCL kernels built with ncpu++ against OpenMP and every CPU OpenCL runtime
/// installed, side by side; checks every result against a serial host reference first.
#[derive(Debug, Parser)]
#[command(name = "ncpu-bench")]
struct Cli {
    /// Small sizes, ours only, one run: builds and checks every SYCL kernel.
    #[arg(long)]
    quick: bool,
    /// Kernels to run, comma-separated (default: all; see --list).
    #[arg(long, value_delimiter = ',')]
    kernels: Vec<String>,
    /// Implementations to keep, comma-separated ids (ours, openmp-gcc, openmp-clang, opencl-pocl, opencl-intel …).
    #[arg(long, value_delimiter = ',')]
    impls: Vec<String>,
    /// Run the peers in quick mode too.
    #[arg(long)]
    peers: bool,
    /// Untimed runs before the timed ones (default 2; quick: 0).
    #[arg(long)]
    warmups: Option<u32>,
    /// Timed runs (default 7; quick: 1).
    #[arg(long)]
    runs: Option<u32>,
    /// Threads every implementation is limited to.
    #[arg(long, default_value_t = 2)]
    threads: u32,
    /// The SYCL compiler (default: $NCPU_CXX, the workspace's target/release/ncpu++).
    #[arg(long)]
    ncpu: Option<PathBuf>,
    /// Extra ncpu++ flags, split at spaces, e.g. "-mllvm -sycl-native-cpu-vecz-width=8".
    #[arg(long, allow_hyphen_values = true)]
    ncpu_flags: Option<String>,
    /// Where results.md, results.json, ratios.png and the build/ directory go.
    #[arg(long)]
    out: Option<PathBuf>,
    /// The TrueType font of the chart.
    #[arg(long, default_value = chart::DEFAULT_FONT)]
    font: PathBuf,
    /// List the kernels and exit.
    #[arg(long)]
    list: bool,
    /// Instead of the suite: time `ncpu++ -O2` on files of many one-line kernels
    /// (docs/compile-cost.md).
    #[arg(long)]
    compile_cost: bool,
    /// The kernel counts of --compile-cost, comma-separated (a 0-kernel baseline is added).
    #[arg(long, value_delimiter = ',', default_values_t = [100, 1000, 5000])]
    kernel_counts: Vec<usize>,
}

fn config(cli: &Cli, out: &Path) -> Result<Config, BenchError> {
    let mut config = Config::new(
        locate_ncpu(cli.ncpu.as_deref())?,
        out.join("build"),
        cli.quick,
    );
    config.kernels = cli.kernels.clone();
    config.implementations = cli.impls.clone();
    config.peers |= cli.peers;
    config.warmups = cli.warmups.unwrap_or(config.warmups);
    config.runs = cli.runs.unwrap_or(config.runs).max(1);
    config.threads = cli.threads.max(1);
    config.ncpu_flags = cli
        .ncpu_flags
        .iter()
        .flat_map(|f| f.split_whitespace().map(String::from))
        .collect();
    Ok(config)
}

fn write(path: &Path, text: &str) -> Result<(), BenchError> {
    std::fs::write(path, text).map_err(|source| BenchError::Io {
        path: path.to_path_buf(),
        source,
    })
}

/// results.md, results.json and ratios.png in `out`; a chart that cannot be drawn is skipped.
fn write_outputs(report: &Report, out: &Path, font: &Path) -> Result<(), BenchError> {
    write(&out.join("results.md"), &report.markdown())?;
    let json = serde_json::to_string_pretty(report).expect("a report serialises");
    write(&out.join("results.json"), &json)?;
    let png = out.join("ratios.png");
    match chart::write_png(report, &png, font) {
        Ok(()) => eprintln!(
            "wrote {}, results.json and ratios.png",
            out.join("results.md").display()
        ),
        Err(e) => eprintln!(
            "wrote {} and results.json; no chart: {e}",
            out.join("results.md").display()
        ),
    }
    Ok(())
}

/// --compile-cost: the table on stdout and in `out`/compile-cost.md, a line per count on stderr
/// as it is measured.
fn compile_cost(cli: &Cli, out: &Path) -> Result<bool, BenchError> {
    let ncpu = locate_ncpu(cli.ncpu.as_deref())?;
    let mut flags = vec!["-O2".to_string()];
    flags.extend(
        cli.ncpu_flags
            .iter()
            .flat_map(|f| f.split_whitespace().map(String::from)),
    );
    let mut counts = vec![0];
    counts.extend(cli.kernel_counts.iter().filter(|&&n| n > 0));
    let mut measurements = Vec::new();
    for kernels in counts {
        let measurement = compile_cost::measure(&ncpu, &flags, kernels, &out.join("compile-cost"))?;
        eprintln!(
            "  {kernels:>6} kernels: {:.2} s wall, {:.2} s cpu",
            measurement.times.wall, measurement.times.cpu
        );
        measurements.push(measurement);
    }
    let table = compile_cost::table(&measurements);
    print!("{table}");
    write(&out.join("compile-cost.md"), &table)?;
    Ok(true)
}

fn main_result(cli: &Cli) -> Result<bool, BenchError> {
    if cli.list {
        KERNELS
            .iter()
            .for_each(|k| println!("{:<13} {} ({})", k.name, k.title, k.unit.label()));
        return Ok(true);
    }
    let out = cli
        .out
        .clone()
        .unwrap_or_else(|| repo_root().join("target/bench"));
    if cli.compile_cost {
        return compile_cost(cli, &out);
    }
    let report = run_suite(&config(cli, &out)?)?;
    print!("{}", report.text());
    write_outputs(&report, &out, &cli.font)?;
    Ok(report.failures().is_empty())
}

fn main() -> ExitCode {
    let cli: Cli = match ncpu_cli::parse(std::env::args_os()) {
        Ok(cli) => cli,
        Err(error) => {
            eprintln!("{}", ncpu_cli::error_line("ncpu-bench", &error));
            return ExitCode::from(ncpu_cli::USAGE_EXIT_STATUS);
        }
    };
    match main_result(&cli) {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::from(1),
        Err(e) => {
            eprintln!("{}", ncpu_cli::error_line("ncpu-bench", &e));
            ExitCode::from(2)
        }
    }
}
