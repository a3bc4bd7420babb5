//! `sycl::stream`, hierarchical parallelism and kernel bundles (tests/programs/stream.cpp,
//! hierarchical.cpp and kernel_bundle.cpp). The hierarchical and kernel-bundle programs check
//! their results against host references and print PASS; the stream program prints, and this
//! file checks its stdout line by line: every expected line exactly once, nothing else (a line
//! mixed with another work-item's text would be neither), kernel output before the host's next
//! output, formatting equal to the host's iostreams, and the buffer limits. Each program runs at
//! -O0 and -O2 with 1, 2 and 5 threads and the default, since scheduling decides which
//! work-groups share a thread and in what order their output arrives.

use std::collections::{HashMap, HashSet};

use nativecpu_e2e_tests::{program, Built};

const THREADS: [Option<&str>; 4] = [None, Some("1"), Some("2"), Some("5")];

/// Compiles `source` at -O0 and -O2 and hands the stdout of every passing run to `check`.
fn run_everywhere(source: &str, check: impl Fn(&str)) {
    for opt in ["-O0", "-O2"] {
        let built = Built::compile(&[program(source)], &[opt]);
        for threads in THREADS {
            let env: Vec<(&str, &str)> = threads
                .map(|count| ("NATIVECPU_THREADS", count))
                .into_iter()
                .collect();
            check(&built.run_and_check(&env));
        }
    }
}

/// Where each line of a program's output is.
struct Lines<'a> {
    lines: Vec<&'a str>,
    positions: HashMap<&'a str, Vec<usize>>,
}

impl<'a> Lines<'a> {
    fn new(stdout: &'a str) -> Self {
        let lines: Vec<&str> = stdout.lines().collect();
        let mut positions: HashMap<&str, Vec<usize>> = HashMap::new();
        for (i, line) in lines.iter().enumerate() {
            positions.entry(line).or_default().push(i);
        }
        Lines { lines, positions }
    }

    /// The position of `line`, which must be there exactly once.
    fn unique(&self, line: &str) -> usize {
        let found = self.positions.get(line).map(Vec::as_slice).unwrap_or(&[]);
        assert_eq!(found.len(), 1, "{line:?} should appear exactly once");
        found[0]
    }
}

/// Checks the stream program's stdout (see tests/programs/stream.cpp).
fn check_stream_output(stdout: &str) {
    let output = Lines::new(stdout);
    let lines = &output.lines;

    // Formatting: each case's kernel line equals the host reference.
    let mut expected_format = HashMap::new();
    let mut printed_format: HashMap<&str, Vec<&str>> = HashMap::new();
    for line in lines {
        if let Some((key, text)) = line
            .strip_prefix("expect ")
            .and_then(|l| l.split_once(": "))
        {
            assert!(
                expected_format.insert(key, text).is_none(),
                "two references for case {key}"
            );
        } else if let Some((key, text)) = line.strip_prefix("fmt ").and_then(|l| l.split_once(": "))
        {
            printed_format.entry(key).or_default().push(text);
        }
    }
    assert_eq!(
        expected_format.len(),
        26,
        "the program prints 26 references"
    );
    for (key, expected) in &expected_format {
        let printed = printed_format.get(key).map(Vec::as_slice).unwrap_or(&[]);
        assert_eq!(
            printed,
            [*expected],
            "case {key}: kernel output vs iostreams"
        );
    }
    assert_eq!(
        printed_format.len(),
        expected_format.len(),
        "a case printed without a reference"
    );

    // Every line the many-work-item kernels print, each exactly once, and nothing else.
    let mut known: HashSet<String> = HashSet::new();
    let nd: Vec<String> = (0..64)
        .flat_map(|g| (0..16).map(move |l| format!("nd g={g} l={l} v={}", g * 1000 + l)))
        .collect();
    let range: Vec<String> = (0..37)
        .flat_map(|r| (0..41).map(move |c| format!("range {{{r}, {c}}} product {}", r * c)))
        .collect();
    let hierarchical: Vec<String> = (0..6)
        .map(|g| format!("hier group {g}"))
        .chain((0..6).flat_map(|g| (0..4).map(move |l| format!("hier item {g} {l}"))))
        .collect();
    let two: Vec<String> = ["a", "b"]
        .iter()
        .flat_map(|s| (0..100).map(move |i| format!("two {s} {i}")))
        .collect();
    for line in nd.iter().chain(&range).chain(&hierarchical).chain(&two) {
        assert!(known.insert(line.clone()));
        output.unique(line);
    }
    // The kernels' lines come before the host's next line.
    let after_nd = output.unique("after nd");
    let after_range = output.unique("after range");
    let after_hierarchical = output.unique("after hierarchical");
    assert!(nd.iter().all(|l| output.unique(l) < after_nd));
    assert!(range.iter().all(|l| {
        let at = output.unique(l);
        after_nd < at && at < after_range
    }));
    assert!(hierarchical.iter().all(|l| {
        let at = output.unique(l);
        after_range < at && at < after_hierarchical
    }));

    // An h_item's lines follow its first.
    let h_item = [
        "  global item(range: {8}, id: {7})",
        "  logical local item(range: {4}, id: {3})",
        "  physical local item(range: {4}, id: {3})",
        ")",
    ];
    let first = output.unique("fmt 23: h_item(");
    assert_eq!(lines[first + 1..first + 5], h_item, "the h_item's lines");

    // Unflushed text is flushed at the end of the kernel, before the host's next output.
    output.unique("tail without endl|after tail");
    // The work-item limit drops the excess of a line, its newline included.
    output.unique("0123456789ABnext");

    // The total limit: exactly ten whole, distinct lines of the ninety.
    let limited: Vec<&str> = lines
        .iter()
        .copied()
        .filter(|l| l.starts_with("limit"))
        .collect();
    assert_eq!(limited.len(), 10, "ten lines fit in 210 bytes: {limited:?}");
    let distinct: HashSet<&str> = limited.iter().copied().collect();
    assert_eq!(distinct.len(), 10);
    for line in &limited {
        let number: Option<u32> = line
            .strip_prefix("limit ")
            .and_then(|l| l.strip_suffix(" abcdefghijk"))
            .and_then(|n| n.parse().ok());
        assert!(
            number.is_some_and(|n| (10..100).contains(&n)),
            "malformed {line:?}"
        );
    }

    let mut fixed = vec![
        "after nd",
        "after range",
        "after hierarchical",
        "tail without endl|after tail",
        "0123456789ABnext",
        "PASS",
    ];
    fixed.extend(h_item);
    for line in lines {
        assert!(
            known.contains(*line)
                || fixed.contains(line)
                || line.starts_with("expect ")
                || line.starts_with("fmt ")
                || line.starts_with("limit "),
            "unexpected line {line:?}"
        );
    }
    assert_eq!(lines.last(), Some(&"PASS"));
}

#[test]
fn stream_output_is_whole_lines_formatted_like_iostreams_within_the_limits() {
    run_everywhere("stream.cpp", check_stream_output);
}

#[test]
fn hierarchical_parallelism_with_flexible_ranges_and_private_memory() {
    run_everywhere("hierarchical.cpp", |_| {});
}

#[test]
fn kernel_bundles_list_and_find_the_program_kernels() {
    run_everywhere("kernel_bundle.cpp", |_| {});
}
