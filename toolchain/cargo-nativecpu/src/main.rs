//! `cargo-nativecpu`, run by cargo as `cargo nativecpu`. See the library.

use std::process::ExitCode;

use cargo_nativecpu::cli::{execute, normalize_args, Cli};
use cargo_nativecpu::shell::Shell;
use cargo_nativecpu::Reported;

fn main() -> ExitCode {
    let cli: Cli = match ncpu_cli::parse(normalize_args(std::env::args_os())) {
        Ok(cli) => cli,
        Err(error) => {
            Shell::new(false).error(error);
            return ExitCode::from(ncpu_cli::USAGE_EXIT_STATUS);
        }
    };
    match execute(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            if !error.is::<Reported>() {
                Shell::new(false).error(format!("{error:#}"));
            }
            ExitCode::FAILURE
        }
    }
}
