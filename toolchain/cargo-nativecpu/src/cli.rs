//! The command line (clap) and what each command does.

use std::ffi::OsString;
use std::io::Write;
use std::path::PathBuf;

use clap::{Args, Parser, Subcommand};

use crate::builder::{self, BuildOptions, Profile};
use crate::metadata::{App, Workspace};
use crate::runner;
use crate::shell::Shell;
use crate::toolchain::Toolchain;

/// Build and run the SYCL apps that workspace packages declare in
/// `[[package.metadata.nativecpu.app]]`, with the Native CPU compiler `ncpu++`.
#[derive(Debug, Parser)]
#[command(
    name = "cargo-nativecpu",
    bin_name = "cargo nativecpu",
    version,
    after_help = "Apps are declared in a member's Cargo.toml:\n\n  \
        [[package.metadata.nativecpu.app]]\n  \
        name = \"vector-add\"            # executable name\n  \
        sources = [\"vector-add.cpp\"]   # relative to the package directory\n  \
        flags = [\"-DN=1024\"]           # optional extra ncpu++ flags\n  \
        args = []                      # optional arguments for `run`\n\n\
        Executables go to <target>/nativecpu/{debug,release}/<name>. ncpu++ is $NCPU_CXX, else the\n\
        ncpu++ beside cargo-nativecpu, else the one on PATH."
)]
pub struct Cli {
    /// The subcommand to run.
    #[command(subcommand)]
    pub command: Commands,
}

/// The subcommands of `cargo nativecpu`.
#[derive(Debug, Subcommand)]
pub enum Commands {
    /// Compile the declared apps (only those whose inputs changed)
    Build(BuildArgs),
    /// Build, then run the apps (all, or those named by --app)
    Run(RunArgs),
    /// List the declared apps
    List(ListArgs),
}

/// Which workspace, which packages.
#[derive(Debug, Clone, Args)]
pub struct WorkspaceArgs {
    /// Path to the workspace's (or a package's) Cargo.toml
    #[arg(long, value_name = "PATH")]
    pub manifest_path: Option<PathBuf>,
    /// Only the apps of this package (repeatable)
    #[arg(short = 'p', long = "package", value_name = "PACKAGE")]
    pub packages: Vec<String>,
    /// The apps of every member, even when run inside a member's directory
    #[arg(long, conflicts_with = "packages")]
    pub workspace: bool,
}

impl WorkspaceArgs {
    /// The selected packages: `-p`, else (like cargo) the package of the current directory,
    /// unless `--workspace` or at the workspace root; empty means every member.
    fn packages(&self, workspace: &Workspace) -> Vec<String> {
        if !self.packages.is_empty() || self.workspace {
            return self.packages.clone();
        }
        workspace.current.iter().cloned().collect()
    }
}

/// How to compile.
#[derive(Debug, Clone, Args)]
pub struct CompileArgs {
    /// Optimise with -O3 into target/nativecpu/release (default: -O2 into target/nativecpu/debug)
    #[arg(short, long)]
    pub release: bool,
    /// Compile at most N apps at a time [default: the number of CPUs]
    #[arg(short, long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..))]
    pub jobs: Option<u16>,
    /// Show why apps are rebuilt and the ncpu++ command lines
    #[arg(short, long)]
    pub verbose: bool,
}

/// The arguments of `cargo nativecpu build`.
#[derive(Debug, Clone, Args)]
pub struct BuildArgs {
    /// Which apps.
    #[command(flatten)]
    pub workspace: WorkspaceArgs,
    /// How to compile them.
    #[command(flatten)]
    pub compile: CompileArgs,
}

/// The arguments of `cargo nativecpu run`.
#[derive(Debug, Clone, Args)]
pub struct RunArgs {
    /// Which apps.
    #[command(flatten)]
    pub workspace: WorkspaceArgs,
    /// How to compile them.
    #[command(flatten)]
    pub compile: CompileArgs,
    /// Build and run only this app (repeatable)
    #[arg(long = "app", value_name = "NAME")]
    pub apps: Vec<String>,
    /// Arguments for the apps, after their declared `args`
    #[arg(last = true, value_name = "ARGS")]
    pub args: Vec<String>,
}

/// The arguments of `cargo nativecpu list`.
#[derive(Debug, Clone, Args)]
pub struct ListArgs {
    /// Which apps.
    #[command(flatten)]
    pub workspace: WorkspaceArgs,
}

/// The arguments without the `nativecpu` that cargo inserts when it runs `cargo-nativecpu` as
/// the `cargo nativecpu` subcommand.
pub fn normalize_args(args: impl IntoIterator<Item = OsString>) -> Vec<OsString> {
    let mut args: Vec<OsString> = args.into_iter().collect();
    if args.get(1).is_some_and(|arg| arg == "nativecpu") {
        args.remove(1);
    }
    args
}

/// Runs a parsed command line. Errors not yet reported are returned for the caller to print.
pub fn execute(cli: Cli) -> anyhow::Result<()> {
    match cli.command {
        Commands::Build(args) => {
            let shell = Shell::new(args.compile.verbose);
            let workspace = Workspace::load(args.workspace.manifest_path.as_deref())?;
            let packages = args.workspace.packages(&workspace);
            let apps = select(&workspace, &packages, &[], &shell)?;
            build(&workspace, &apps, &args.compile, &shell)
        }
        Commands::Run(args) => {
            let shell = Shell::new(args.compile.verbose);
            let workspace = Workspace::load(args.workspace.manifest_path.as_deref())?;
            let packages = args.workspace.packages(&workspace);
            let apps = select(&workspace, &packages, &args.apps, &shell)?;
            build(&workspace, &apps, &args.compile, &shell)?;
            let profile = Profile::from_release(args.compile.release);
            runner::run_apps(&workspace, &apps, profile, &args.args, &shell)
        }
        Commands::List(args) => {
            let shell = Shell::new(false);
            let workspace = Workspace::load(args.workspace.manifest_path.as_deref())?;
            let packages = args.workspace.packages(&workspace);
            let apps = select(&workspace, &packages, &[], &shell)?;
            list(&workspace, &apps)
        }
    }
}

fn select<'a>(
    workspace: &'a Workspace,
    packages: &[String],
    names: &[String],
    shell: &Shell,
) -> anyhow::Result<Vec<&'a App>> {
    let apps = workspace.select(packages, names)?;
    for package in packages {
        if !apps.iter().any(|app| &app.package == package) && names.is_empty() {
            shell.warning(format!("package `{package}` declares no apps"));
        }
    }
    if apps.is_empty() && packages.is_empty() {
        shell.warning(
            "no apps are declared in this workspace (add [[package.metadata.nativecpu.app]] tables to a member's Cargo.toml)",
        );
    }
    Ok(apps)
}

fn build(
    workspace: &Workspace,
    apps: &[&App],
    compile: &CompileArgs,
    shell: &Shell,
) -> anyhow::Result<()> {
    if apps.is_empty() {
        return Ok(());
    }
    let toolchain = Toolchain::locate()?;
    shell.verbose_status("Using", toolchain.driver.display());
    let options = BuildOptions {
        profile: Profile::from_release(compile.release),
        jobs: compile
            .jobs
            .map(usize::from)
            .unwrap_or_else(builder::default_jobs),
    };
    builder::build(workspace, apps, &toolchain, &options, shell)?;
    Ok(())
}

fn list(workspace: &Workspace, apps: &[&App]) -> anyhow::Result<()> {
    let width = apps.iter().map(|app| app.name.len()).max().unwrap_or(0);
    let dir_width = apps
        .iter()
        .map(|app| workspace.display_path(&app.package_dir).len())
        .max()
        .unwrap_or(0);
    let mut text = String::new();
    for app in apps {
        let sources: Vec<String> = app
            .sources
            .iter()
            .map(|source| source.to_string_lossy().into_owned())
            .collect();
        let mut line = format!(
            "{:<width$}  {:<dir_width$}  {}",
            app.name,
            workspace.display_path(&app.package_dir),
            sources.join(" ")
        );
        if !app.flags.is_empty() {
            line.push_str(&format!("  flags: {}", builder::render(&app.flags)));
        }
        if !app.args.is_empty() {
            line.push_str(&format!("  args: {}", builder::render(&app.args)));
        }
        text.push_str(line.trim_end());
        text.push('\n');
    }
    let mut stdout = std::io::stdout().lock();
    match stdout
        .write_all(text.as_bytes())
        .and_then(|()| stdout.flush())
    {
        // A closed pipe (`| head`) is not an error worth reporting.
        Err(error) if error.kind() != std::io::ErrorKind::BrokenPipe => Err(error.into()),
        _ => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    fn parse(args: &[&str]) -> Result<Cli, clap::Error> {
        Cli::try_parse_from(normalize_args(args.iter().map(OsString::from)))
    }

    #[test]
    fn the_cli_is_consistent() {
        Cli::command().debug_assert();
    }

    #[test]
    fn accepts_both_invocations() {
        for args in [
            &["cargo-nativecpu", "nativecpu", "build", "--release"][..],
            &["cargo-nativecpu", "build", "--release"][..],
        ] {
            let cli = parse(args).unwrap();
            assert!(matches!(cli.command, Commands::Build(ref b) if b.compile.release));
        }
    }

    #[test]
    fn run_arguments() {
        let cli = parse(&[
            "cargo-nativecpu",
            "nativecpu",
            "run",
            "--app",
            "a",
            "--app",
            "b",
            "-p",
            "pkg",
            "-j",
            "3",
            "--",
            "--size",
            "9",
        ])
        .unwrap();
        let Commands::Run(run) = cli.command else {
            panic!("not run");
        };
        assert_eq!(run.apps, ["a", "b"]);
        assert_eq!(run.workspace.packages, ["pkg"]);
        assert_eq!(run.compile.jobs, Some(3));
        assert_eq!(run.args, ["--size", "9"]);
        assert!(parse(&["cargo-nativecpu", "build", "-j", "0"]).is_err());
    }
}
