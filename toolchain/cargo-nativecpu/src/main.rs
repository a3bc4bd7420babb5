//! `cargo-nativecpu`, run by cargo as `cargo nativecpu`. See the library.

use std::process::ExitCode;

use cargo_nativecpu::cli::{execute, normalize_args, Cli};
use cargo_nativecpu::shell::Shell;
use cargo_nativecpu::Reported;
use clap::Parser;

fn main() -> ExitCode {
    let cli = Cli::parse_from(normalize_args(std::env::args_os()));
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
