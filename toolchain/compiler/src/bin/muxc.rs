//! `muxc`: see [`nativecpu_compiler::muxc`]. This file only parses the command line and turns
//! the outcome into an exit status and one `muxc: error: …` line.

use std::process::ExitCode;

use nativecpu_compiler::muxc::{run, Cli};
use nativecpu_compiler::passes;
use nativecpu_compiler::pipeline::NATIVE_CPU_PIPELINE_ALIAS;

fn main() -> ExitCode {
    let cli: Cli = match ncpu_cli::parse(std::env::args_os()) {
        Ok(cli) => cli,
        Err(error) => {
            eprintln!("{}", ncpu_cli::error_line("muxc", &error));
            return ExitCode::from(ncpu_cli::USAGE_EXIT_STATUS);
        }
    };
    if cli.print_passes {
        eprintln!("Module passes:");
        for name in passes::REGISTERED {
            eprintln!("  {name}");
        }
        eprintln!("Pipeline aliases:\n  {NATIVE_CPU_PIPELINE_ALIAS}");
        return ExitCode::SUCCESS;
    }
    match run(&cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("{}", ncpu_cli::error_line("muxc", &error));
            ExitCode::FAILURE
        }
    }
}
