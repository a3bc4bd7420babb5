//! The benchmark kernels: names as the programs know them (`kernels/common/bench.h`), sizes and
//! units (bench/README.md, "The kernels").

use serde::Serialize;

/// What a kernel's result is measured in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum Unit {
    /// Microseconds per launch (lower is better).
    Microseconds,
    /// Gigabytes moved per second.
    GigabytesPerSecond,
    /// Giga floating-point operations per second.
    GigaflopsPerSecond,
    /// Giga loop iterations per second.
    GigaiterationsPerSecond,
}

impl Unit {
    /// The unit's symbol in tables and on the chart.
    pub fn label(self) -> &'static str {
        match self {
            Unit::Microseconds => "µs",
            Unit::GigabytesPerSecond => "GB/s",
            Unit::GigaflopsPerSecond => "GFLOP/s",
            Unit::GigaiterationsPerSecond => "Giter/s",
        }
    }

    /// Whether a larger value is a better result (throughput), rather than a worse one (latency).
    pub fn higher_is_better(self) -> bool {
        self != Unit::Microseconds
    }

    /// The value of one run that did `work` (launches, bytes, flops or iterations) in `ns`.
    pub fn value(self, work: f64, ns: f64) -> f64 {
        match self {
            Unit::Microseconds => ns / 1e3 / work,
            _ => work / ns,
        }
    }
}

/// One benchmark kernel.
#[derive(Debug, Clone, Copy, Serialize)]
pub struct Kernel {
    /// The name the programs take on their command line.
    pub name: &'static str,
    /// What it is, with its size at full scale.
    pub title: &'static str,
    /// The unit its results are given in.
    pub unit: Unit,
    /// The size parameter at full scale and in quick mode.
    pub full: usize,
    /// The size parameter in quick mode (`full` is the full-scale one).
    pub quick: usize,
}

const fn kernel(
    name: &'static str,
    title: &'static str,
    unit: Unit,
    full: usize,
    quick: usize,
) -> Kernel {
    Kernel {
        name,
        title,
        unit,
        full,
        quick,
    }
}

/// Every kernel, in the order of the report.
pub const KERNELS: [Kernel; 12] = [
    kernel(
        "empty",
        "empty-kernel launch (submit + wait)",
        Unit::Microseconds,
        1000,
        10,
    ),
    kernel(
        "vector_add",
        "vector add, 2^24 floats",
        Unit::GigabytesPerSecond,
        1 << 24,
        1 << 16,
    ),
    kernel(
        "saxpy",
        "saxpy, 2^24 floats",
        Unit::GigabytesPerSecond,
        1 << 24,
        1 << 16,
    ),
    kernel(
        "matmul_naive",
        "naive matmul, 1024^2",
        Unit::GigaflopsPerSecond,
        1024,
        64,
    ),
    kernel(
        "matmul_tiled",
        "tiled matmul, 1024^2, 16x16 local tiles",
        Unit::GigaflopsPerSecond,
        1024,
        64,
    ),
    kernel(
        "reduction",
        "tree reduction in local memory, 2^24, groups of 256",
        Unit::GigabytesPerSecond,
        1 << 24,
        1 << 16,
    ),
    kernel(
        "stencil",
        "5-point stencil, 4096^2, border test",
        Unit::GigabytesPerSecond,
        4096,
        128,
    ),
    kernel(
        "mandelbrot",
        "mandelbrot 1024^2, <= 256 iterations",
        Unit::GigaiterationsPerSecond,
        1024,
        128,
    ),
    kernel(
        "histogram",
        "histogram, 256 bins, 2^24 bytes, global atomics",
        Unit::GigabytesPerSecond,
        1 << 24,
        1 << 16,
    ),
    kernel(
        "nbody_float4",
        "n-body 16384, float4 + rsqrt",
        Unit::GigaflopsPerSecond,
        16384,
        512,
    ),
    kernel(
        "nbody_scalar",
        "n-body 16384, scalar floats + rsqrt",
        Unit::GigaflopsPerSecond,
        16384,
        512,
    ),
    kernel(
        "nbody_native",
        "n-body 16384, scalar floats + native_rsqrt",
        Unit::GigaflopsPerSecond,
        16384,
        512,
    ),
];

/// The kernels named in `names` (all if empty), in report order.
pub fn select(names: &[String]) -> Result<Vec<Kernel>, crate::BenchError> {
    if let Some(unknown) = names
        .iter()
        .find(|n| !KERNELS.iter().any(|k| k.name == n.as_str()))
    {
        return Err(crate::BenchError::UnknownKernel(unknown.clone()));
    }
    Ok(KERNELS
        .iter()
        .filter(|k| names.is_empty() || names.iter().any(|n| n == k.name))
        .copied()
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_are_per_launch_latency_or_throughput() {
        assert_eq!(Unit::Microseconds.value(1000.0, 5e6), 5.0);
        assert_eq!(Unit::GigabytesPerSecond.value(12e9, 1e9), 12.0);
        assert!(!Unit::Microseconds.higher_is_better());
    }

    #[test]
    fn selection_keeps_report_order_and_rejects_unknown_names() {
        let names = vec!["saxpy".to_string(), "empty".to_string()];
        let chosen: Vec<_> = select(&names).unwrap().iter().map(|k| k.name).collect();
        assert_eq!(chosen, ["empty", "saxpy"]);
        assert!(select(&["nope".to_string()]).is_err());
    }
}
