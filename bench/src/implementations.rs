//! The implementations compared: ours (SYCL built with ncpu++), OpenMP C built with gcc and
//! clang-22, and the OpenCL C kernels on every CPU OpenCL platform installed. Each is built into
//! the build directory; a peer that cannot be built or found is skipped with one line.

use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::process::Command;

use serde::Serialize;

use crate::{BenchError, Config};

/// One implementation ready to run: the command before the kernel arguments, its environment.
#[derive(Debug, Clone, Serialize)]
pub struct Implementation {
    /// Short name used in tables and on the command line (`ours`, `openmp-gcc`, `opencl-pocl` …).
    pub id: String,
    /// Compiler or runtime version, for the report.
    pub version: String,
    /// The program to run and its leading arguments (not in the JSON report: it holds paths).
    #[serde(skip)]
    pub command: Vec<OsString>,
    /// Variables that limit its threads (bench/README.md, "Threads").
    pub env: Vec<(String, String)>,
}

/// The kernel sources in the repository.
pub fn sources() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("kernels")
}

/// Runs a build command; the error carries the first line of its diagnostics.
fn build(what: &str, command: &mut Command) -> Result<(), BenchError> {
    let output = command.output().map_err(|e| BenchError::Build {
        what: what.to_string(),
        message: e.to_string(),
    })?;
    if output.status.success() {
        return Ok(());
    }
    let stderr = String::from_utf8_lossy(&output.stderr);
    let first = stderr
        .lines()
        .find(|l| l.contains("error"))
        .or(stderr.lines().next());
    Err(BenchError::Build {
        what: what.to_string(),
        message: first
            .unwrap_or("failed without a message")
            .trim()
            .to_string(),
    })
}

/// The first line a tool prints for `--version`, or "unknown".
fn version_of(tool: &Path) -> String {
    Command::new(tool)
        .arg("--version")
        .output()
        .ok()
        .and_then(|o| {
            String::from_utf8_lossy(&o.stdout)
                .lines()
                .next()
                .map(str::to_string)
        })
        .unwrap_or_else(|| "unknown".to_string())
}

/// Ours: kernels/sycl/bench.cpp with ncpu++ -O3 and the configured extra flags.
pub fn build_ours(config: &Config) -> Result<Implementation, BenchError> {
    let exe = config.build_dir.join("ours");
    let mut command = Command::new(&config.ncpu);
    command
        .args(["-fsycl", "-fsycl-targets=native_cpu", "-O3"])
        .args(&config.ncpu_flags)
        .arg(sources().join("sycl/bench.cpp"))
        .arg("-o")
        .arg(&exe);
    build("ours (ncpu++)", &mut command)?;
    Ok(Implementation {
        id: "ours".to_string(),
        version: format!(
            "{} {}",
            version_of(&config.ncpu),
            config.ncpu_flags.join(" ")
        )
        .trim()
        .to_string(),
        command: vec![exe.into()],
        env: vec![("NATIVECPU_THREADS".to_string(), config.threads.to_string())],
    })
}

/// OpenMP C with `compiler` (called `name` in the implementation's id) -O3 -march=native
/// -fopenmp.
pub fn build_openmp(
    config: &Config,
    name: &str,
    compiler: &Path,
) -> Result<Implementation, BenchError> {
    let id = format!("openmp-{name}");
    let exe = config.build_dir.join(&id);
    let mut command = Command::new(compiler);
    command
        .args(["-O3", "-march=native", "-fopenmp"])
        .arg(sources().join("openmp/bench.c"))
        .arg("-o")
        .arg(&exe)
        .arg("-lm");
    build(&id, &mut command)?;
    Ok(Implementation {
        id,
        version: version_of(compiler),
        command: vec![exe.into()],
        env: vec![("OMP_NUM_THREADS".to_string(), config.threads.to_string())],
    })
}

/// The OpenCL host program, built with cc against the ICD loader.
fn build_opencl_host(config: &Config) -> Result<PathBuf, BenchError> {
    let exe = config.build_dir.join("opencl-host");
    let mut command = Command::new("cc");
    command
        .args(["-O2"])
        .arg(sources().join("opencl/host.c"))
        .arg("-o")
        .arg(&exe)
        .args(["-lOpenCL", "-lm"]);
    build("the OpenCL host program", &mut command)?;
    Ok(exe)
}

/// The variables that set a CPU OpenCL runtime's thread count: PoCL's POCL_CPU_MAX_CU_COUNT
/// (POCL_MAX_PTHREAD_COUNT before it was renamed), Intel's CL_CONFIG_CPU_TBB_NUM_WORKERS and its
/// DPCPP_/SYCL_CPU_NUM_CUS aliases; all of them for another platform.
fn opencl_env(platform: &str, threads: u32) -> Vec<(String, String)> {
    let pocl = ["POCL_CPU_MAX_CU_COUNT", "POCL_MAX_PTHREAD_COUNT"];
    let intel = [
        "CL_CONFIG_CPU_TBB_NUM_WORKERS",
        "DPCPP_CPU_NUM_CUS",
        "SYCL_CPU_NUM_CUS",
    ];
    let names: Vec<&str> = match platform {
        "pocl" => pocl.to_vec(),
        "intel" => intel.to_vec(),
        _ => pocl.iter().chain(&intel).copied().collect(),
    };
    names
        .iter()
        .map(|name| (name.to_string(), threads.to_string()))
        .collect()
}

/// A short id for a platform name: `pocl`, `intel`, else the first word in lower case.
fn platform_id(name: &str) -> String {
    if name.starts_with("Portable Computing Language") {
        return "pocl".to_string();
    }
    let word: String = name
        .chars()
        .take_while(|c| c.is_ascii_alphanumeric())
        .collect();
    word.to_ascii_lowercase()
}

/// One implementation per CPU platform `host --list` reports.
pub fn opencl_peers(config: &Config) -> Result<Vec<Implementation>, BenchError> {
    let host = build_opencl_host(config)?;
    let output = Command::new(&host)
        .arg("--list")
        .output()
        .map_err(|e| BenchError::Build {
            what: "the OpenCL platform list".to_string(),
            message: e.to_string(),
        })?;
    let kernels = sources().join("opencl/kernels.cl");
    let listing = String::from_utf8_lossy(&output.stdout);
    let peers = listing.lines().filter_map(|line| {
        let fields: Vec<&str> = line.split('\t').collect();
        let [_, name, version, device, driver, _units] = fields[..] else {
            return None;
        };
        let platform = platform_id(name);
        Some(Implementation {
            id: format!("opencl-{platform}"),
            version: format!("{name}: {version}; device {device}, driver {driver}"),
            command: vec![host.clone().into(), kernels.clone().into(), name.into()],
            env: opencl_env(&platform, config.threads),
        })
    });
    Ok(peers.collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn platform_ids() {
        assert_eq!(platform_id("Portable Computing Language"), "pocl");
        assert_eq!(platform_id("Intel(R) OpenCL"), "intel");
    }
}
