//! Building apps: planning the `ncpu++` commands, deciding freshness, compiling in parallel.
//!
//! Each app becomes one `ncpu++` invocation, run in the app's package directory:
//!
//! ```text
//! ncpu++ -fsycl -fsycl-targets=native_cpu <sources> <profile flags> <app flags> -o <target>/nativecpu/<profile>/<name>
//! ```
//!
//! The profile flags are `-O2` for the dev profile (directory `debug`) and `-O3` for `--release`
//! (directory `release`); the app's own flags come last, so an app may override them. See
//! [`fingerprint`] for when an app is fresh. Dirty apps are compiled `--jobs` at a time, with an
//! `indicatif` bar on a terminal; each compile's diagnostics are captured and printed whole, so
//! parallel compiles never interleave their output. After the first failure no new compile
//! starts, the running ones finish, and every failed app is reported as
//! `error: could not build app '<name>'`.

pub mod fingerprint;

use std::collections::VecDeque;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressStyle};

use crate::metadata::{App, Workspace};
use crate::shell::Shell;
use crate::toolchain::Toolchain;
use crate::Reported;
use fingerprint::{Fingerprint, Freshness};

/// Where the apps go under the target directory.
pub const OUTPUT_DIR: &str = "nativecpu";

/// The build profile.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Profile {
    /// The default: `-O2`, into `debug/`.
    Dev,
    /// `--release`: `-O3`, into `release/`.
    Release,
}

impl Profile {
    /// `Release` for `--release`, else `Dev`.
    pub fn from_release(release: bool) -> Self {
        if release {
            Profile::Release
        } else {
            Profile::Dev
        }
    }

    /// The directory under `<target>/nativecpu/`.
    pub fn dir_name(self) -> &'static str {
        match self {
            Profile::Dev => "debug",
            Profile::Release => "release",
        }
    }

    /// The `ncpu++` flags of the profile.
    ///
    /// The dev profile optimises too (`-O2`): unoptimised kernels run an order of magnitude
    /// slower, and SYCL programs are mostly their kernels. It has no `-g` because the Native CPU
    /// pipeline cannot yet carry debug information through its kernel wrappers; an app that
    /// wants it can add `-g` to its `flags`.
    pub fn flags(self) -> &'static [&'static str] {
        match self {
            Profile::Dev => &["-O2"],
            Profile::Release => &["-O3"],
        }
    }

    /// For the `Finished` line.
    pub fn description(self) -> &'static str {
        match self {
            Profile::Dev => "dev [optimized -O2]",
            Profile::Release => "release [optimized]",
        }
    }
}

/// Options of one build.
#[derive(Debug, Clone)]
pub struct BuildOptions {
    /// The profile: optimisation flags and output directory.
    pub profile: Profile,
    /// Compiles at a time (at least 1).
    pub jobs: usize,
}

/// The number of CPUs, the default of `--jobs`.
pub fn default_jobs() -> usize {
    std::thread::available_parallelism()
        .map(usize::from)
        .unwrap_or(1)
}

/// The directory the apps of `profile` are written to.
pub fn output_dir(workspace: &Workspace, profile: Profile) -> PathBuf {
    workspace
        .target_dir
        .join(OUTPUT_DIR)
        .join(profile.dir_name())
}

/// The executable of `app`.
pub fn executable(workspace: &Workspace, profile: Profile, app: &App) -> PathBuf {
    output_dir(workspace, profile).join(&app.name)
}

/// Why a build could not be planned: nothing has been compiled yet.
#[derive(Debug, thiserror::Error)]
pub enum PlanError {
    /// A source an app declares is not there.
    #[error("app `{app}` of package `{package}`: the source `{source_name}` does not exist (looked for {})", .path.display())]
    MissingSource {
        /// The app's name.
        app: String,
        /// The package declaring it.
        package: String,
        /// The source as declared (relative to the package directory).
        source_name: String,
        /// Where it was looked for.
        path: PathBuf,
    },
    /// The output directory cannot be created.
    #[error("cannot create {}: {source}", .path.display())]
    CreateDir {
        /// The directory.
        path: PathBuf,
        /// What the operating system reported.
        source: std::io::Error,
    },
}

/// One app's planned compile.
#[derive(Debug, Clone)]
pub struct Unit<'a> {
    /// The app to compile.
    pub app: &'a App,
    /// The executable to write.
    pub output: PathBuf,
    /// The fingerprint record (see [`fingerprint`]).
    pub record: PathBuf,
    /// `ncpu++` and its arguments.
    pub command: Vec<String>,
    /// What the executable depends on now, stored in `record` after a successful compile.
    pub fingerprint: Fingerprint,
    /// Whether the executable is up to date with `fingerprint`, and if not why.
    pub freshness: Freshness,
}

/// The `ncpu++` command line of `app` (program first).
pub fn command_line(driver: &Path, app: &App, profile: Profile, output: &Path) -> Vec<String> {
    let mut command = vec![
        driver.to_string_lossy().into_owned(),
        "-fsycl".to_owned(),
        "-fsycl-targets=native_cpu".to_owned(),
    ];
    command.extend(app.sources.iter().map(|s| s.to_string_lossy().into_owned()));
    command.extend(profile.flags().iter().map(|f| (*f).to_owned()));
    command.extend(app.flags.iter().cloned());
    command.push("-o".to_owned());
    command.push(output.to_string_lossy().into_owned());
    command
}

/// Plans the compile of each app and decides whether it is fresh.
pub fn plan<'a>(
    workspace: &Workspace,
    apps: &[&'a App],
    toolchain: &Toolchain,
    profile: Profile,
) -> Result<Vec<Unit<'a>>, PlanError> {
    let dir = output_dir(workspace, profile);
    let records = dir.join(".fingerprints");
    let toolchain_files = toolchain.files();
    let show = |path: &Path| workspace.display_path(path).into_owned();
    let mut units = Vec::new();
    for app in apps {
        let sources = app.source_paths();
        for (declared, path) in app.sources.iter().zip(&sources) {
            if !path.is_file() {
                return Err(PlanError::MissingSource {
                    app: app.name.clone(),
                    package: app.package.clone(),
                    source_name: declared.to_string_lossy().into_owned(),
                    path: path.clone(),
                });
            }
        }
        let output = dir.join(&app.name);
        let record = records.join(&app.name);
        let command = command_line(&toolchain.driver, app, profile, &output);
        let (quoted_dirs, dirs) = fingerprint::include_dirs(&app.flags, &app.package_dir);
        let mut inputs = sources.clone();
        inputs.extend(fingerprint::local_headers(&sources, &quoted_dirs, &dirs));
        inputs.extend(toolchain_files.iter().cloned());
        let fingerprint = Fingerprint::compute(&app.package_dir, &command, &inputs);
        let freshness = fingerprint::check(&record, &output, &fingerprint, &show);
        units.push(Unit {
            app,
            output,
            record,
            command,
            fingerprint,
            freshness,
        });
    }
    Ok(units)
}

/// What a build did.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Summary {
    /// The apps compiled, in order of completion.
    pub compiled: Vec<String>,
    /// The apps that were up to date.
    pub fresh: Vec<String>,
}

/// Builds `apps`: reports fresh ones, compiles the others in parallel. On failure every failed
/// app has been reported and the error is [`Reported`].
pub fn build(
    workspace: &Workspace,
    apps: &[&App],
    toolchain: &Toolchain,
    options: &BuildOptions,
    shell: &Shell,
) -> anyhow::Result<Summary> {
    let started = Instant::now();
    let dir = output_dir(workspace, options.profile);
    for path in [dir.clone(), dir.join(".fingerprints")] {
        std::fs::create_dir_all(&path).map_err(|source| PlanError::CreateDir { path, source })?;
    }
    let units = plan(workspace, apps, toolchain, options.profile)?;
    let mut summary = Summary::default();
    let mut dirty = VecDeque::new();
    for unit in &units {
        match &unit.freshness {
            Freshness::Fresh => {
                shell.status("Fresh", &unit.app.name);
                summary.fresh.push(unit.app.name.clone());
            }
            Freshness::Dirty(reason) => {
                shell.verbose_status("Dirty", format!("{}: {reason}", unit.app.name));
                dirty.push_back(unit);
            }
        }
    }
    let failures = compile_all(workspace, dirty, options.jobs.max(1), shell, &mut summary);
    if !failures.is_empty() {
        return Err(Reported.into());
    }
    shell.status(
        "Finished",
        format!(
            "{} app(s) in {}",
            options.profile.description(),
            seconds(started.elapsed())
        ),
    );
    Ok(summary)
}

fn seconds(elapsed: Duration) -> String {
    format!("{:.2}s", elapsed.as_secs_f64())
}

/// Compiles the queued units, `jobs` at a time. Returns the names of the apps that failed.
fn compile_all(
    workspace: &Workspace,
    queue: VecDeque<&Unit>,
    jobs: usize,
    shell: &Shell,
    summary: &mut Summary,
) -> Vec<String> {
    if queue.is_empty() {
        return Vec::new();
    }
    let total = queue.len();
    let bar = progress_bar(total, shell);
    shell.set_progress(bar.clone());
    let queue = Mutex::new(queue);
    let running: Mutex<Vec<String>> = Mutex::new(Vec::new());
    let compiled: Mutex<Vec<String>> = Mutex::new(Vec::new());
    let failures: Mutex<Vec<String>> = Mutex::new(Vec::new());
    let stop = AtomicBool::new(false);
    let update_message = |running: &[String]| {
        if let Some(bar) = &bar {
            bar.set_message(running.join(", "));
        }
    };
    std::thread::scope(|scope| {
        for _ in 0..jobs.min(total) {
            scope.spawn(|| loop {
                if stop.load(Ordering::SeqCst) {
                    break;
                }
                let Some(unit) = lock(&queue).pop_front() else {
                    break;
                };
                let name = unit.app.name.clone();
                shell.status(
                    "Compiling",
                    format!(
                        "{} ({})",
                        name,
                        workspace.display_path(&unit.app.package_dir)
                    ),
                );
                {
                    let mut running = lock(&running);
                    running.push(name.clone());
                    update_message(&running);
                }
                let result = compile(unit, shell);
                {
                    let mut running = lock(&running);
                    running.retain(|other| *other != name);
                    update_message(&running);
                }
                if let Some(bar) = &bar {
                    bar.inc(1);
                }
                match result {
                    Ok(()) => lock(&compiled).push(name),
                    Err(message) => {
                        shell.error(message);
                        stop.store(true, Ordering::SeqCst);
                        lock(&failures).push(name);
                    }
                }
            });
        }
    });
    if let Some(bar) = &bar {
        bar.finish_and_clear();
    }
    shell.set_progress(None);
    summary
        .compiled
        .extend(compiled.into_inner().unwrap_or_else(|e| e.into_inner()));
    failures.into_inner().unwrap_or_else(|e| e.into_inner())
}

fn lock<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(|e| e.into_inner())
}

fn progress_bar(total: usize, shell: &Shell) -> Option<ProgressBar> {
    if !shell.is_interactive() {
        return None;
    }
    let style = ProgressStyle::with_template(
        "{prefix:>12.cyan.bold} [{bar:27}] {pos}/{len}: {wide_msg} {elapsed:>4}",
    )
    .ok()?
    .progress_chars("=> ");
    let bar = ProgressBar::new(total as u64)
        .with_style(style)
        .with_prefix("Building");
    bar.enable_steady_tick(Duration::from_millis(200));
    Some(bar)
}

/// Runs one compile; on failure, the `error:` message (its diagnostics are already printed).
fn compile(unit: &Unit, shell: &Shell) -> Result<(), String> {
    let app = &unit.app.name;
    let failed = |why: String| format!("could not build app '{app}'{why}");
    fingerprint::remove_record(&unit.record).map_err(|error| {
        failed(format!(
            ": cannot remove {}: {error}",
            unit.record.display()
        ))
    })?;
    let (program, arguments) = unit
        .command
        .split_first()
        .ok_or_else(|| failed(": empty command".into()))?;
    if shell.is_verbose() {
        shell.verbose_status("Running", format!("`{}`", render(&unit.command)));
    }
    let output = Command::new(program)
        .args(arguments)
        .current_dir(&unit.app.package_dir)
        .stdin(Stdio::null())
        .output()
        .map_err(|error| failed(format!(": cannot run `{program}`: {error}")))?;
    let mut diagnostics = String::from_utf8_lossy(&output.stdout).into_owned();
    diagnostics.push_str(&String::from_utf8_lossy(&output.stderr));
    shell.raw(&diagnostics);
    if !output.status.success() {
        return Err(match output.status.code() {
            Some(_) if !diagnostics.trim().is_empty() => failed(String::new()),
            Some(code) => failed(format!(": ncpu++ exited with status {code}")),
            None => failed(format!(": ncpu++ was terminated ({})", output.status)),
        });
    }
    if !unit.output.is_file() {
        return Err(failed(format!(
            ": ncpu++ succeeded but did not write {}",
            unit.output.display()
        )));
    }
    fingerprint::write_record(&unit.record, &unit.fingerprint, &unit.output)
        .map_err(|error| failed(format!(": cannot write {}: {error}", unit.record.display())))
}

/// A command line for display, with arguments quoted where a shell would need it.
pub fn render(command: &[String]) -> String {
    command
        .iter()
        .map(|arg| quote(arg))
        .collect::<Vec<_>>()
        .join(" ")
}

fn quote(arg: &str) -> String {
    let plain = !arg.is_empty()
        && arg
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "-_=+./,:@%".contains(c));
    if plain {
        arg.to_owned()
    } else {
        format!("'{}'", arg.replace('\'', r"'\''"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn command_line_order() {
        let app = App {
            name: "mm".into(),
            package: "p".into(),
            package_dir: PathBuf::from("/w/p"),
            sources: vec![PathBuf::from("a.cpp"), PathBuf::from("b.cpp")],
            flags: vec!["-O1".into(), "-DX".into()],
            args: vec![],
        };
        let line = command_line(
            Path::new("/bin/ncpu++"),
            &app,
            Profile::Release,
            Path::new("/t/mm"),
        );
        assert_eq!(
            line,
            [
                "/bin/ncpu++",
                "-fsycl",
                "-fsycl-targets=native_cpu",
                "a.cpp",
                "b.cpp",
                "-O3",
                "-O1",
                "-DX",
                "-o",
                "/t/mm"
            ]
        );
        assert_eq!(Profile::Dev.flags(), ["-O2"]);
        assert_eq!(Profile::Dev.dir_name(), "debug");
    }

    #[test]
    fn rendering_quotes_when_needed() {
        assert_eq!(
            render(&["ncpu++".into(), "-DX=a b".into(), "it's".into(), "".into()]),
            r#"ncpu++ '-DX=a b' 'it'\''s' ''"#
        );
    }
}
