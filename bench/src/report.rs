//! The results: per kernel, each implementation's median and spread, the best peer and the
//! ratio of ours to it, and the geometric mean of the ratios; as text, Markdown and JSON.

use serde::Serialize;

use crate::implementations::Implementation;
use crate::kernels::{Kernel, Unit};
use crate::runner::Outcome;
use crate::stats::{geomean, Summary};
use crate::Config;

/// One implementation's result on one kernel.
#[derive(Debug, Clone, Serialize)]
pub struct ImplementationResult {
    /// The implementation's id (see [`Implementation::id`]).
    pub implementation: String,
    /// The timed runs' values in the kernel's unit, and their summary; None if it failed.
    pub values: Vec<f64>,
    /// Median, extremes and quartiles of `values`; `None` if it failed.
    pub summary: Option<Summary>,
    /// Why it failed (wrong result, crash, error), if it did.
    pub failure: Option<String>,
}

impl ImplementationResult {
    /// The result of `outcome`, its values converted to `unit`.
    pub fn new(implementation: &str, unit: Unit, outcome: Outcome) -> ImplementationResult {
        let (values, failure) = match outcome {
            Outcome::Measured { work, times_ns } => (
                times_ns.iter().map(|&ns| unit.value(work, ns)).collect(),
                None,
            ),
            Outcome::Failed(why) => (Vec::new(), Some(why)),
        };
        let summary = Summary::of(&values);
        ImplementationResult {
            implementation: implementation.to_string(),
            values,
            summary,
            failure,
        }
    }

    /// "median (min–max)", or FAILED.
    pub fn short(&self) -> String {
        match &self.summary {
            Some(s) => format!("{} ({}–{})", number(s.median), number(s.min), number(s.max)),
            None => "FAILED".to_string(),
        }
    }
}

/// Three significant digits, plain notation.
fn number(value: f64) -> String {
    let digits = if value >= 100.0 {
        0
    } else if value >= 10.0 {
        1
    } else if value >= 1.0 {
        2
    } else {
        3
    };
    format!("{value:.digits$}")
}

/// One kernel's results.
#[derive(Debug, Clone, Serialize)]
pub struct KernelReport {
    /// The kernel.
    pub kernel: Kernel,
    /// The size parameter it ran with.
    pub size: usize,
    /// Each implementation's result.
    pub results: Vec<ImplementationResult>,
    /// The peer with the best median, and ours' speed relative to it (> 1: ours is faster;
    /// for launch latency, the ratio of launch rates).
    pub best_peer: Option<String>,
    /// Ours' speed relative to `best_peer`.
    pub ratio: Option<f64>,
}

impl KernelReport {
    /// The report of `kernel` at `size`, choosing the best peer by median.
    pub fn new(kernel: Kernel, size: usize, results: Vec<ImplementationResult>) -> KernelReport {
        let median = |r: &ImplementationResult| r.summary.map(|s| s.median);
        let better = |a: f64, b: f64| {
            if kernel.unit.higher_is_better() {
                a > b
            } else {
                a < b
            }
        };
        let ours = results
            .iter()
            .find(|r| r.implementation == "ours")
            .and_then(median);
        let mut best: Option<(&str, f64)> = None;
        for r in results.iter().filter(|r| r.implementation != "ours") {
            if let Some(m) = median(r) {
                if best.is_none_or(|(_, b)| better(m, b)) {
                    best = Some((&r.implementation, m));
                }
            }
        }
        let ratio = match (ours, best) {
            (Some(o), Some((_, b))) => Some(if kernel.unit.higher_is_better() {
                o / b
            } else {
                b / o
            }),
            _ => None,
        };
        KernelReport {
            kernel,
            size,
            best_peer: best.map(|(id, _)| id.to_string()),
            results,
            ratio,
        }
    }
}

/// Everything one run of the suite measured.
#[derive(Debug, Clone, Serialize)]
pub struct Report {
    /// Whether this was a `--quick` run.
    pub quick: bool,
    /// The threads each implementation was limited to.
    pub threads: u32,
    /// Untimed runs per kernel.
    pub warmups: u32,
    /// Timed runs per kernel.
    pub runs: u32,
    /// The implementations that ran, with their versions.
    pub implementations: Vec<Implementation>,
    /// Peers that could not be used, one line each.
    pub skipped: Vec<String>,
    /// One report per kernel, in suite order.
    pub kernels: Vec<KernelReport>,
    /// The geometric mean of the kernels' ratios (ours / best peer), when there are any.
    pub geomean_ratio: Option<f64>,
    /// The machine's 1, 5 and 15-minute load averages when the run started and ended: other
    /// work on the machine shows in the timings.
    pub load_before: String,
    /// The load averages when it ended.
    pub load_after: String,
}

/// The first three fields of /proc/loadavg, or "unknown".
pub fn load_average() -> String {
    let text = std::fs::read_to_string("/proc/loadavg").unwrap_or_default();
    let fields: Vec<&str> = text.split_whitespace().take(3).collect();
    if fields.len() == 3 {
        fields.join(" ")
    } else {
        "unknown".to_string()
    }
}

impl Report {
    /// The report of one run with `config`'s settings.
    pub fn new(
        config: &Config,
        implementations: Vec<Implementation>,
        skipped: Vec<String>,
        kernels: Vec<KernelReport>,
        load_before: String,
    ) -> Report {
        let ratios: Vec<f64> = kernels.iter().filter_map(|k| k.ratio).collect();
        Report {
            quick: config.quick,
            threads: config.threads,
            warmups: config.warmups,
            runs: config.runs,
            implementations,
            skipped,
            geomean_ratio: geomean(&ratios),
            kernels,
            load_before,
            load_after: load_average(),
        }
    }

    /// Kernels whose result some implementation got wrong: (kernel, implementation, why).
    pub fn failures(&self) -> Vec<(&str, &str, &str)> {
        let mut failures = Vec::new();
        for k in &self.kernels {
            for r in &k.results {
                if let Some(why) = &r.failure {
                    failures.push((k.kernel.name, r.implementation.as_str(), why.as_str()));
                }
            }
        }
        failures
    }

    /// The table's rows: kernel, unit, one cell per implementation, best peer, ratio.
    pub(crate) fn rows(&self) -> (Vec<String>, Vec<Vec<String>>) {
        let mut header = vec!["kernel".to_string(), "unit".to_string()];
        header.extend(self.implementations.iter().map(|i| i.id.clone()));
        header.extend(["best peer".to_string(), "ours/best".to_string()]);
        let rows = self.kernels.iter().map(|k| {
            let mut row = vec![k.kernel.name.to_string(), k.kernel.unit.label().to_string()];
            row.extend(k.results.iter().map(ImplementationResult::short));
            row.push(k.best_peer.clone().unwrap_or_else(|| "–".to_string()));
            row.push(
                k.ratio
                    .map(|r| format!("{r:.2}"))
                    .unwrap_or_else(|| "–".to_string()),
            );
            row
        });
        (header, rows.collect())
    }

    pub(crate) fn geomean_line(&self) -> String {
        match self.geomean_ratio {
            Some(g) => format!("geomean of ours/best-peer ratios: {g:.2} (> 1: ours faster)"),
            None => "geomean of ours/best-peer ratios: – (no kernel with both ours and a peer)"
                .to_string(),
        }
    }

    /// The table as aligned text, then the failures and the geomean.
    pub fn text(&self) -> String {
        let (header, rows) = self.rows();
        let widths: Vec<usize> = (0..header.len())
            .map(|c| {
                rows.iter()
                    .map(|r| r[c].chars().count())
                    .chain([header[c].chars().count()])
                    .max()
                    .unwrap_or(0)
            })
            .collect();
        let line = |cells: &[String]| {
            let padded: Vec<String> = cells
                .iter()
                .zip(&widths)
                .map(|(c, w)| format!("{c:<w$}"))
                .collect();
            padded.join("  ").trim_end().to_string() + "\n"
        };
        let mut out = line(&header);
        rows.iter().for_each(|r| out += &line(r));
        for (kernel, implementation, why) in self.failures() {
            out += &format!("FAILED {kernel} on {implementation}: {why}\n");
        }
        out += &self.geomean_line();
        out + &format!(
            "\nload average before: {}, after: {}\n",
            self.load_before, self.load_after
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kernels::KERNELS;

    fn measured(id: &str, ns: f64) -> ImplementationResult {
        ImplementationResult::new(
            id,
            Unit::GigabytesPerSecond,
            Outcome::Measured {
                work: 1e9,
                times_ns: vec![ns],
            },
        )
    }

    #[test]
    fn ratio_is_against_the_fastest_peer() {
        let results = vec![
            measured("ours", 1e9),
            measured("a", 2e9),
            measured("b", 0.5e9),
        ];
        let k = KernelReport::new(KERNELS[1], 1, results);
        assert_eq!(k.best_peer.as_deref(), Some("b"));
        assert_eq!(k.ratio, Some(0.5));
    }

    #[test]
    fn latency_ratio_is_a_rate_ratio_and_failures_are_not_timed() {
        let ours = ImplementationResult::new(
            "ours",
            Unit::Microseconds,
            Outcome::Measured {
                work: 10.0,
                times_ns: vec![40e3],
            },
        );
        let peer = ImplementationResult::new(
            "p",
            Unit::Microseconds,
            Outcome::Measured {
                work: 10.0,
                times_ns: vec![20e3],
            },
        );
        let wrong = ImplementationResult::new(
            "q",
            Unit::Microseconds,
            Outcome::Failed("differ".to_string()),
        );
        assert_eq!(wrong.short(), "FAILED");
        let k = KernelReport::new(KERNELS[0], 10, vec![ours, peer, wrong]);
        assert_eq!(k.ratio, Some(0.5));
    }
}
