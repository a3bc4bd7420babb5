//! FileCheck tests of the compiler passes, run through `muxc`: the Construction Kit's lit tests,
//! without lit.
//!
//! # Adding a test
//!
//! Put a `.ll` file anywhere under `tests/passes/` (one folder per pass by convention). Start it
//! with a comment saying what it checks, then one or more RUN lines, the FileCheck directives and
//! the input IR:
//!
//! ```text
//! ; work-item-loops: every entry point gets a wrapper.
//! ; RUN: muxc --passes work-item-loops,verify -S %s | FileCheck %s
//! ; RUN: not muxc --passes wibble %s 2>&1 | FileCheck %s --check-prefix=ERROR
//! ; CHECK-LABEL: define void @k.mux-barrier-wrapper(
//! ; ERROR: unknown pass name 'wibble'
//! ```
//!
//! `cargo test -p nativecpu-compiler --test filecheck` finds it: nothing needs registering. A
//! `.ll` file without a RUN line fails the run, so a test can never silently not run. Check that
//! a new test can fail: `FILECHECK_MUTATE=1` (below), or point its RUN line at a wrong pipeline.
//!
//! # What a RUN line may use
//!
//! * `%s` (this file), `%S` (its folder), `%t` (a scratch path for this RUN line), `%%`;
//! * `muxc` (this crate's binary, `CARGO_BIN_EXE_muxc`) and `FileCheck`
//!   (LLVM 22's, found by `ncpu_locate::llvm` as every tool finds LLVM 22, else `$FILECHECK`),
//!   in any command position (they are shell functions);
//! * pipes `|`: every stage must succeed, as with lit's `pipefail`;
//! * `not cmd …`: the stage must fail with an ordinary non-zero exit. The harness runs the
//!   command and inverts the result itself; a crash (a signal, or sh's 128 + signal) or exit
//!   126/127 from the shell is never an expected failure. `not` also works after `&&`;
//! * anything else `sh -c` understands within a stage: `2>&1`, `< %s`, `&&`, quoting
//!   (`--passes='native-cpu-pipeline,default<O3>'`), FileCheck options such as
//!   `--check-prefix=ERR`, `--check-prefixes=A,B` or `--allow-empty`, other tools (`grep`, `sed`);
//! * a trailing `\` continues the command on the next RUN line.
//!
//! Every `muxc` runs with `--verify-each`: LLVM's verifier checks the module after each pass, so
//! a pass that leaves invalid IR fails every test that runs it, naming that pass, even where the
//! test's checks would not notice.
//!
//! Stages run in a scratch folder, one after the other, each reading the previous one's output.
//! Every failing file is reported, not only the first, with each stage's expanded command, exit
//! status, stderr and (when it failed) stdout. Environment knobs:
//! * `FILECHECK_FILTER=substr` runs only the files whose path contains `substr`;
//! * `FILECHECK_MUTATE=1` tests the tests: `muxc` drops every `--passes` argument (an empty
//!   pipeline), and the run fails for each file that still *passes* (its checks do not depend on
//!   its passes). Files with `MUTATION-EXEMPT: <reason>` in their first 10 lines are skipped in
//!   that mode (tests of muxc itself that run no pass).

use std::fmt::Write as _;
use std::fs::File;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitStatus, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

const MUXC: &str = env!("CARGO_BIN_EXE_muxc");
/// How long one stage of a RUN line may take before it is killed.
const STAGE_TIMEOUT: Duration = Duration::from_secs(300);

fn tests_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/passes")
}

fn filecheck() -> PathBuf {
    let mut candidates = vec![ncpu_locate::llvm::tool("FileCheck")];
    if let Some(path) = std::env::var_os("FILECHECK") {
        candidates.push(PathBuf::from(path));
    }
    candidates
        .into_iter()
        .find(|c| c.is_file())
        .unwrap_or_else(|| {
            panic!("FileCheck not found: install llvm-22-tools (toolchain/scripts/install-deps.sh)")
        })
}

/// Every `.ll` file under `dir`, sorted.
fn discover(dir: &Path) -> Vec<PathBuf> {
    let mut found = Vec::new();
    let mut pending = vec![dir.to_path_buf()];
    while let Some(dir) = pending.pop() {
        let entries = std::fs::read_dir(&dir)
            .unwrap_or_else(|e| panic!("cannot read {}: {e}", dir.display()));
        for entry in entries {
            let path = entry.expect("directory entry").path();
            if path.is_dir() {
                pending.push(path);
            } else if path.extension().is_some_and(|e| e == "ll") {
                found.push(path);
            }
        }
    }
    found.sort();
    found
}

/// The commands of the RUN lines of a test file, continuation lines joined, each with the
/// (1-based) number of the line it starts on.
fn run_lines(text: &str) -> Result<Vec<(usize, String)>, String> {
    let mut commands = Vec::new();
    let mut pending: Option<(usize, String)> = None;
    for (number, line) in text.lines().enumerate() {
        let trimmed = line.trim_start();
        let Some(comment) = trimmed.strip_prefix(';') else {
            continue;
        };
        let Some(command) = comment
            .trim_start_matches(';')
            .trim_start()
            .strip_prefix("RUN:")
        else {
            continue;
        };
        let command = command.trim();
        let (start, mut joined) = pending.take().unwrap_or((number + 1, String::new()));
        if !joined.is_empty() {
            joined.push(' ');
        }
        match command.strip_suffix('\\') {
            Some(head) => {
                joined.push_str(head.trim_end());
                pending = Some((start, joined));
            }
            None => {
                joined.push_str(command);
                commands.push((start, joined));
            }
        }
    }
    if pending.is_some() {
        return Err("the last RUN line ends in '\\' with nothing to continue it".into());
    }
    if let Some((line, _)) = commands.iter().find(|(_, c)| c.trim().is_empty()) {
        return Err(format!("empty RUN line at line {line}"));
    }
    Ok(commands)
}

/// Splits a command at the pipes that are outside quotes (`||` is left to the shell).
fn split_pipeline(command: &str) -> Result<Vec<String>, String> {
    let mut stages = Vec::new();
    let mut current = String::new();
    let (mut single, mut double) = (false, false);
    let mut chars = command.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\\' if !single => {
                current.push(c);
                if let Some(next) = chars.next() {
                    current.push(next);
                }
            }
            '\'' if !double => {
                single = !single;
                current.push(c);
            }
            '"' if !single => {
                double = !double;
                current.push(c);
            }
            '|' if !single && !double => {
                if chars.peek() == Some(&'|') || current.ends_with('|') {
                    current.push(c);
                } else {
                    stages.push(std::mem::take(&mut current));
                }
            }
            _ => current.push(c),
        }
    }
    if single || double {
        return Err(format!("unterminated quote in RUN line: {command}"));
    }
    stages.push(current);
    let stages: Vec<String> = stages.into_iter().map(|s| s.trim().to_owned()).collect();
    if stages.iter().any(String::is_empty) {
        return Err(format!("empty pipeline stage in RUN line: {command}"));
    }
    Ok(stages)
}

fn shell_quote(path: &Path) -> String {
    format!("'{}'", path.to_string_lossy().replace('\'', r"'\''"))
}

/// Where a RUN line runs: its file, and a scratch path for `%t`.
struct Substitutions {
    source: PathBuf,
    temp: PathBuf,
}

impl Substitutions {
    /// Replaces `%s`, `%S`, `%t` and `%%`; any other `%` sequence is an error (likely a typo).
    fn apply(&self, text: &str) -> Result<String, String> {
        let mut out = String::new();
        let mut chars = text.chars();
        while let Some(c) = chars.next() {
            if c != '%' {
                out.push(c);
                continue;
            }
            match chars.next() {
                Some('s') => out.push_str(&shell_quote(&self.source)),
                Some('S') => out.push_str(&shell_quote(
                    self.source.parent().expect("a file has a folder"),
                )),
                Some('t') => out.push_str(&shell_quote(&self.temp)),
                Some('%') => out.push('%'),
                other => {
                    return Err(format!(
                        "unknown substitution '%{}' in: {text}",
                        other.map(String::from).unwrap_or_default()
                    ))
                }
            }
        }
        Ok(out)
    }
}

/// One pipeline stage, ready to run.
#[derive(Debug)]
struct Stage {
    /// Whether an odd number of `not`s precede the command.
    expect_failure: bool,
    /// The command as written, `not`s stripped and `%` variables substituted.
    command: String,
}

/// Strips the leading `not`s (handled here, so a crash is never an expected failure) and
/// substitutes the `%` variables.
fn prepare_stage(stage: &str, subst: &Substitutions) -> Result<Stage, String> {
    let mut rest = stage.trim();
    let mut expect_failure = false;
    while let Some(after) = rest.strip_prefix("not ") {
        expect_failure = !expect_failure;
        rest = after.trim_start();
    }
    if rest.is_empty() || rest == "not" {
        return Err(format!("'not' without a command: {stage}"));
    }
    Ok(Stage {
        expect_failure,
        command: subst.apply(rest)?,
    })
}

/// Shell functions that make the tool names work in any command position (after `&&`, inside
/// `not`, …). `muxc` always verifies after each pass; with `mutate`, it drops every `--passes`
/// argument (see the module docs).
fn preamble(filecheck: &Path, mutate: bool) -> String {
    let muxc = shell_quote(Path::new(MUXC));
    let filecheck = shell_quote(filecheck);
    let muxc_body = if mutate {
        format!(
            r#"skip=0; for a do shift; if [ "$skip" = 1 ]; then skip=0; continue; fi; case "$a" in --passes|-passes) skip=1; set -- "$@" --passes= ;; --passes=*|-passes=*) set -- "$@" --passes= ;; *) set -- "$@" "$a" ;; esac; done; {muxc} --verify-each "$@""#
        )
    } else {
        format!(r#"{muxc} --verify-each "$@""#)
    };
    format!(
        "muxc() {{ {muxc_body}; }}\n\
         FileCheck() {{ {filecheck} \"$@\"; }}\n\
         not() {{ \"$@\"; s=$?; if [ $s -eq 0 ]; then return 1; elif [ $s -ge 126 ]; then return $s; fi; return 0; }}\n"
    )
}

/// What one stage did.
struct StageRun {
    command: String,
    expect_failure: bool,
    status: Option<ExitStatus>,
    stdout: Vec<u8>,
    stderr: Vec<u8>,
}

impl StageRun {
    /// Whether the stage did what the RUN line asks (succeed, or fail under `not`).
    fn ok(&self) -> bool {
        let Some(status) = self.status else {
            return false; // timed out
        };
        let Some(code) = status.code() else {
            return false; // killed by a signal: a crash is never expected
        };
        if code >= 126 {
            // 126/127: the shell could not run the command; above 128: a command died of a
            // signal (sh reports 128 + the signal). Neither is an expected failure.
            return false;
        }
        (code == 0) != self.expect_failure
    }

    fn describe_status(&self) -> String {
        match self.status {
            None => format!("timed out after {}s", STAGE_TIMEOUT.as_secs()),
            Some(status) => match status.code() {
                Some(code) => format!("exit code {code}"),
                None => format!("killed: {status}"),
            },
        }
    }
}

fn run_stage(
    stage: &Stage,
    preamble: &str,
    stdin: Option<&Path>,
    dir: &Path,
    index: usize,
) -> StageRun {
    let stdout_path = dir.join(format!("stage{index}.stdout"));
    let stderr_path = dir.join(format!("stage{index}.stderr"));
    let stdin = match stdin {
        Some(path) => Stdio::from(File::open(path).expect("previous stage output")),
        None => Stdio::null(),
    };
    let mut child = Command::new("sh")
        .arg("-c")
        .arg(format!("{preamble}{}", stage.command))
        .current_dir(dir)
        .stdin(stdin)
        .stdout(File::create(&stdout_path).expect("stdout file"))
        .stderr(File::create(&stderr_path).expect("stderr file"))
        .spawn()
        .expect("cannot run sh");
    let start = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().expect("wait for a stage") {
            break Some(status);
        }
        if start.elapsed() > STAGE_TIMEOUT {
            let _ = child.kill();
            let _ = child.wait();
            break None;
        }
        std::thread::sleep(Duration::from_millis(5));
    };
    StageRun {
        command: stage.command.clone(),
        expect_failure: stage.expect_failure,
        status,
        stdout: std::fs::read(&stdout_path).unwrap_or_default(),
        stderr: std::fs::read(&stderr_path).unwrap_or_default(),
    }
}

/// Shows at most `limit` bytes of `bytes`, keeping the end (where errors usually are).
fn excerpt(bytes: &[u8], limit: usize) -> String {
    let text = String::from_utf8_lossy(bytes);
    if text.len() <= limit {
        return text.into_owned();
    }
    let mut cut = text.len() - limit;
    while !text.is_char_boundary(cut) {
        cut += 1;
    }
    format!("[… {cut} bytes cut …]\n{}", &text[cut..])
}

/// Runs one RUN line. `Ok(())` if it passed, else a report of what happened.
fn run_command(
    command: &str,
    subst: &Substitutions,
    filecheck: &Path,
    mutate: bool,
    dir: &Path,
) -> Result<(), String> {
    let stages = split_pipeline(command)?
        .iter()
        .map(|s| prepare_stage(s, subst))
        .collect::<Result<Vec<_>, _>>()?;
    let preamble = preamble(filecheck, mutate);
    let mut runs = Vec::new();
    let mut input: Option<PathBuf> = None;
    for (index, stage) in stages.iter().enumerate() {
        let run = run_stage(stage, &preamble, input.as_deref(), dir, index);
        input = Some(dir.join(format!("stage{index}.stdout")));
        runs.push(run);
    }
    if runs.iter().all(StageRun::ok) {
        return Ok(());
    }
    let mut report = format!(
        "  (muxc = {MUXC}, FileCheck = {}{})\n",
        filecheck.display(),
        if mutate {
            ", muxc without --passes"
        } else {
            ""
        }
    );
    for (index, run) in runs.iter().enumerate() {
        let verdict = if run.ok() { "ok" } else { "FAILED" };
        let expected = if run.expect_failure {
            " (expected to fail: `not`)"
        } else {
            ""
        };
        let _ = writeln!(
            report,
            "  stage {index}: {verdict}, {}{expected}\n    $ {}",
            run.describe_status(),
            run.command
        );
        if !run.stderr.is_empty() {
            let _ = writeln!(
                report,
                "    stderr:\n{}",
                indent(&excerpt(&run.stderr, 12_000))
            );
        }
        let last = index + 1 == runs.len();
        if !run.ok() && (last || run.stdout.len() < 4_000) && !run.stdout.is_empty() {
            let _ = writeln!(
                report,
                "    stdout:\n{}",
                indent(&excerpt(&run.stdout, 4_000))
            );
        }
    }
    Err(report)
}

fn indent(text: &str) -> String {
    text.lines()
        .map(|l| format!("      {l}"))
        .collect::<Vec<_>>()
        .join("\n")
}

/// Runs every RUN line of one file. `Ok(())` if all passed.
fn run_file(path: &Path, filecheck: &Path, mutate: bool) -> Result<(), String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read: {e}"))?;
    let commands = run_lines(&text)?;
    if commands.is_empty() {
        return Err("no RUN line: every test file needs at least one '; RUN:' line".into());
    }
    let scratch = tempfile::tempdir().map_err(|e| format!("no scratch folder: {e}"))?;
    let mut failures = String::new();
    for (index, (line, command)) in commands.iter().enumerate() {
        let dir = scratch.path().join(format!("run{index}"));
        std::fs::create_dir_all(&dir).map_err(|e| e.to_string())?;
        let subst = Substitutions {
            source: path.to_path_buf(),
            temp: dir.join("out.tmp"),
        };
        if let Err(report) = run_command(command, &subst, filecheck, mutate, &dir) {
            let _ = writeln!(
                failures,
                "RUN line {} (line {line}): {command}\n{report}",
                index + 1
            );
        }
    }
    if failures.is_empty() {
        Ok(())
    } else {
        Err(failures)
    }
}

/// Whether a file opts out of `FILECHECK_MUTATE` (only tests of `muxc` itself should).
fn mutation_exempt(path: &Path) -> bool {
    std::fs::read_to_string(path)
        .map(|t| t.lines().take(10).any(|l| l.contains("MUTATION-EXEMPT:")))
        .unwrap_or(false)
}

#[test]
fn filecheck_tests() {
    let root = tests_root();
    let filter = std::env::var("FILECHECK_FILTER").unwrap_or_default();
    let mutate = std::env::var_os("FILECHECK_MUTATE").is_some_and(|v| !v.is_empty() && v != "0");
    let all = discover(&root);
    assert!(
        !all.is_empty(),
        "no .ll tests found under {}",
        root.display()
    );
    let files: Vec<PathBuf> = all
        .into_iter()
        .filter(|p| p.to_string_lossy().contains(&filter))
        .filter(|p| !mutate || !mutation_exempt(p))
        .collect();
    assert!(
        !files.is_empty(),
        "FILECHECK_FILTER={filter:?} matches no test"
    );
    let filecheck = filecheck();

    let next = AtomicUsize::new(0);
    let results: Mutex<Vec<(PathBuf, Result<(), String>)>> = Mutex::new(Vec::new());
    let threads = std::thread::available_parallelism()
        .map_or(2, |n| n.get())
        .min(files.len());
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| loop {
                let index = next.fetch_add(1, Ordering::Relaxed);
                let Some(file) = files.get(index) else { break };
                let result = run_file(file, &filecheck, mutate);
                results.lock().unwrap().push((file.clone(), result));
            });
        }
    });
    let mut results = results.into_inner().unwrap();
    results.sort_by(|a, b| a.0.cmp(&b.0));

    let name = |p: &Path| p.strip_prefix(&root).unwrap_or(p).display().to_string();
    let mut report = String::new();
    let mut failed = Vec::new();
    for (file, result) in &results {
        match (result, mutate) {
            (Err(message), false) => {
                failed.push(name(file));
                let _ = writeln!(report, "\n=== FAIL: {} ===\n{message}", name(file));
            }
            (Ok(()), true) => {
                failed.push(name(file));
                let _ = writeln!(
                    report,
                    "\n=== PASSES WITHOUT ITS PASSES: {} (its checks do not depend on the passes) ===",
                    name(file)
                );
            }
            _ => {}
        }
    }
    let passed = results.len() - failed.len();
    eprintln!(
        "filecheck: {passed} of {} files passed{}",
        results.len(),
        if mutate { " the mutation check" } else { "" }
    );
    if !failed.is_empty() {
        panic!(
            "{report}\n{} of {} FileCheck test files failed:\n  {}\n",
            failed.len(),
            results.len(),
            failed.join("\n  ")
        );
    }
}

// The harness's own tests.

fn subst_for(source: &str) -> Substitutions {
    Substitutions {
        source: PathBuf::from(source),
        temp: PathBuf::from("/tmp/x/out.tmp"),
    }
}

fn run_for_test(command: &str) -> Result<(), String> {
    run_for_test_with(command, false)
}

fn run_for_test_with(command: &str, mutate: bool) -> Result<(), String> {
    let dir = tempfile::tempdir().unwrap();
    let subst = Substitutions {
        source: dir.path().join("input.ll"),
        temp: dir.path().join("out.tmp"),
    };
    std::fs::write(&subst.source, "; CHECK: hello\nhello\n").unwrap();
    run_command(command, &subst, &filecheck(), mutate, dir.path())
}

#[test]
fn harness_reads_run_lines() {
    let text = "; comment\n; RUN: muxc %s \\\n; RUN:   | FileCheck %s\n;RUN: not muxc\ndefine void @f() { ret void }\n; CHECK: RUN: not a run line\n";
    assert_eq!(
        run_lines(text).unwrap(),
        [
            (2, "muxc %s | FileCheck %s".to_owned()),
            (4, "not muxc".to_owned())
        ]
    );
    assert!(run_lines("; RUN: a \\\n").is_err());
    assert!(run_lines("define void @f() { ret void }")
        .unwrap()
        .is_empty());
}

#[test]
fn harness_splits_pipelines_outside_quotes() {
    assert_eq!(
        split_pipeline("a 'x|y' \"p|q\" | b || c | d").unwrap(),
        ["a 'x|y' \"p|q\"", "b || c", "d"]
    );
    assert!(split_pipeline("a | | b").is_err());
    assert!(split_pipeline("a 'b").is_err());
}

#[test]
fn harness_substitutes() {
    let subst = subst_for("/t/a b.ll");
    assert_eq!(
        subst.apply("x %s %S %t 100%%").unwrap(),
        "x '/t/a b.ll' '/t' '/tmp/x/out.tmp' 100%"
    );
    assert!(subst.apply("%q").is_err());
    let stage = prepare_stage("not not muxc --passes a,b %s", &subst).unwrap();
    assert!(!stage.expect_failure);
    assert_eq!(stage.command, "muxc --passes a,b '/t/a b.ll'");
    let stage = prepare_stage("FileCheck %s --check-prefix=X", &subst).unwrap();
    assert!(!stage.expect_failure);
    assert!(prepare_stage("not muxc", &subst).unwrap().expect_failure);
    assert!(prepare_stage("not ", &subst).is_err());
}

#[test]
fn harness_runs_pipelines_with_not() {
    assert!(run_for_test("true").is_ok());
    assert!(run_for_test("false").is_err());
    assert!(run_for_test("not false").is_ok());
    assert!(run_for_test("not true").is_err());
    assert!(run_for_test("not not true").is_ok());
    // pipefail: a failing first stage fails the line even if the last stage succeeds.
    assert!(run_for_test("false | cat").is_err());
    assert!(run_for_test("not false | cat").is_ok());
    // A crash or a missing command is never an expected failure.
    assert!(run_for_test("not sh -c 'kill -SEGV $$'").is_err());
    assert!(run_for_test("not no-such-command-anywhere").is_err());
    // Output flows through the pipe, and 2>&1 reaches the next stage.
    assert!(run_for_test("cat %s | FileCheck %s").is_ok());
    assert!(run_for_test("echo bye | FileCheck %s").is_err());
    assert!(run_for_test("sh -c 'echo hello >&2' 2>&1 | FileCheck %s").is_ok());
    // `not` applies to its own stage only.
    assert!(run_for_test("not sh -c 'echo hello; exit 1' | FileCheck %s").is_ok());
    // %t is writable.
    assert!(run_for_test("cp %s %t && FileCheck %s < %t").is_ok());
}

#[test]
fn harness_tools_work_anywhere_and_mutation_drops_passes() {
    // An empty file is an empty module, so only the pipeline decides whether muxc succeeds.
    assert!(run_for_test("not muxc --passes wibble /dev/null").is_ok());
    assert!(run_for_test("true && not muxc --passes=wibble /dev/null").is_ok());
    assert!(run_for_test("muxc --passes verify /dev/null | grep -q ModuleID").is_ok());
    assert!(run_for_test_with("muxc --passes wibble /dev/null", true).is_ok());
    assert!(run_for_test_with("true && muxc -S --passes=wibble /dev/null -o %t", true).is_ok());
    assert!(run_for_test_with("not muxc --passes wibble /dev/null", true).is_err());
}

#[test]
fn harness_rejects_files_without_run_lines() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("no-run.ll");
    std::fs::write(
        &path,
        "; CHECK: define\ndefine void @f() {\n  ret void\n}\n",
    )
    .unwrap();
    let error = run_file(&path, &filecheck(), false).unwrap_err();
    assert!(error.contains("no RUN line"), "{error}");
    std::fs::write(&path, "; RUN: muxc %s | FileCheck %s\n; CHECK: define void @f()\ndefine void @f() {\n  ret void\n}\n").unwrap();
    assert_eq!(run_file(&path, &filecheck(), false), Ok(()));
    // Under FILECHECK_MUTATE the same file still passes: its checks do not need any pass.
    assert_eq!(run_file(&path, &filecheck(), true), Ok(()));
}
