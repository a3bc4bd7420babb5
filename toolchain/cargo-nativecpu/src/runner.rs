//! Running built apps, one after the other, with their output streamed as it comes.
//!
//! Each app gets its declared `args`, then the arguments given after `--`. Apps run in the
//! current directory with the inherited environment and standard streams. Every app runs even if
//! an earlier one failed; each failure is reported (`error: app 'x' failed: exit status: 1`) and
//! the command then fails.

use std::path::{Path, PathBuf};
use std::process::Command;

use crate::builder::{executable, render, Profile};
use crate::metadata::{App, Workspace};
use crate::shell::Shell;
use crate::Reported;

/// The path to show for `path`: relative to `cwd` when below it.
fn shown(path: &Path, cwd: Option<&Path>) -> PathBuf {
    cwd.and_then(|cwd| path.strip_prefix(cwd).ok())
        .map(Path::to_path_buf)
        .unwrap_or_else(|| path.to_path_buf())
}

/// Runs each app; `Err(Reported)` when any failed.
pub fn run_apps(
    workspace: &Workspace,
    apps: &[&App],
    profile: Profile,
    extra_args: &[String],
    shell: &Shell,
) -> anyhow::Result<()> {
    let cwd = std::env::current_dir().ok();
    let mut failed = 0usize;
    for app in apps {
        let path = executable(workspace, profile, app);
        let args: Vec<String> = app.args.iter().chain(extra_args).cloned().collect();
        let mut line = vec![shown(&path, cwd.as_deref()).to_string_lossy().into_owned()];
        line.extend(args.iter().cloned());
        shell.status("Running", render(&line));
        match Command::new(&path).args(&args).status() {
            Ok(status) if status.success() => {}
            Ok(status) => {
                shell.error(format!("app '{}' failed: {status}", app.name));
                failed += 1;
            }
            Err(error) => {
                shell.error(format!(
                    "app '{}' could not be started ({}): {error}",
                    app.name,
                    path.display()
                ));
                failed += 1;
            }
        }
    }
    if failed > 0 {
        if apps.len() > 1 {
            shell.error(format!("{failed} of {} apps failed", apps.len()));
        }
        return Err(Reported.into());
    }
    Ok(())
}
