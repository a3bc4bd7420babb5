//! The Markdown form of a report: the summary table, then one table per kernel.

use crate::report::{KernelReport, Report};

fn table_row(cells: &[String]) -> String {
    format!("| {} |\n", cells.join(" | "))
}

fn table(header: &[String], rows: &[Vec<String>]) -> String {
    let mut out = table_row(header);
    out += &table_row(&vec!["---".to_string(); header.len()]);
    rows.iter().for_each(|r| out += &table_row(r));
    out
}

fn implementations(report: &Report) -> String {
    let header = ["implementation", "version", "threads limited by"].map(String::from);
    let rows: Vec<Vec<String>> = report
        .implementations
        .iter()
        .map(|i| {
            let env: Vec<String> = i.env.iter().map(|(k, v)| format!("`{k}={v}`")).collect();
            vec![i.id.clone(), i.version.clone(), env.join(" ")]
        })
        .collect();
    table(&header, &rows)
}

fn kernel_section(k: &KernelReport) -> String {
    let mut out = format!(
        "### {} — {} (size {}, {})\n\n",
        k.kernel.name,
        k.kernel.title,
        k.size,
        k.kernel.unit.label()
    );
    let header = ["implementation", "median", "min", "max", "q1", "q3", "runs"].map(String::from);
    let rows: Vec<Vec<String>> = k
        .results
        .iter()
        .map(|r| match (&r.summary, &r.failure) {
            (Some(s), _) => {
                let mut row = vec![r.implementation.clone()];
                row.extend([s.median, s.min, s.max, s.q1, s.q3].map(|v| format!("{v:.4}")));
                row.push(r.values.len().to_string());
                row
            }
            (None, why) => vec![
                r.implementation.clone(),
                format!("FAILED: {}", why.as_deref().unwrap_or("")),
                String::new(),
                String::new(),
                String::new(),
                String::new(),
                "0".to_string(),
            ],
        })
        .collect();
    out += &table(&header, &rows);
    if let (Some(best), Some(ratio)) = (&k.best_peer, k.ratio) {
        out += &format!("\nours / best peer ({best}): {ratio:.3}\n");
    }
    out + "\n"
}

impl Report {
    /// The report as the `results.md` file: settings, one table per kernel and the summary.
    pub fn markdown(&self) -> String {
        let mut out = String::from("# ncpu benchmark results\n\n");
        out += &format!(
            "{} mode; {} thread(s) per implementation; {} warm-up(s) and {} timed run(s) per kernel. \
             Cells are the median (min–max) of the timed runs; `ours/best` is ours' speed over the \
             best peer's (> 1: ours faster; for launch latency, launches per second).\n\n",
            if self.quick { "Quick" } else { "Full" },
            self.threads,
            self.warmups,
            self.runs
        );
        out += &implementations(self);
        for line in &self.skipped {
            out += &format!("\nSkipped {line}\n");
        }
        let (header, rows) = self.rows();
        out += &format!("\n## Summary\n\n{}\n", table(&header, &rows));
        for (kernel, implementation, why) in self.failures() {
            out += &format!("- FAILED {kernel} on {implementation}: {why}\n");
        }
        out += &format!(
            "\n{}\n\nLoad average (1, 5, 15 min) before the run: {}; after: {}.\n\n## Per kernel\n\n",
            self.geomean_line(),
            self.load_before,
            self.load_after
        );
        self.kernels.iter().for_each(|k| out += &kernel_section(k));
        out
    }
}
