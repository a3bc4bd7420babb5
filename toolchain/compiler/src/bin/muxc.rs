//! `muxc`: see [`nativecpu_compiler::muxc`]. This file only parses the command line and turns
//! the outcome into an exit status and one `muxc: error: …` line.

use std::process::ExitCode;

use nativecpu_compiler::muxc::{parse, run, Command, USAGE};
use nativecpu_compiler::passes;
use nativecpu_compiler::pipeline::NATIVE_CPU_PIPELINE_ALIAS;

fn main() -> ExitCode {
    let command = match ncpu_cli::utf8_args().map(parse) {
        Ok(Ok(command)) => command,
        Ok(Err(error)) => return usage_error(&error),
        Err(error) => return usage_error(&error),
    };
    let options = match command {
        Command::Run(options) => options,
        Command::Help => {
            print!("{USAGE}");
            return ExitCode::SUCCESS;
        }
        Command::Version => {
            println!("muxc {}", env!("CARGO_PKG_VERSION"));
            return ExitCode::SUCCESS;
        }
        Command::PrintPasses => {
            eprintln!("Module passes:");
            for pass in passes::REGISTRY {
                let parameters = match pass.parameters {
                    "" => String::new(),
                    parameters => format!("<{parameters}>"),
                };
                eprintln!("  {}{parameters}: {}", pass.name, pass.help);
            }
            eprintln!("Pipeline aliases:\n  {NATIVE_CPU_PIPELINE_ALIAS}");
            return ExitCode::SUCCESS;
        }
    };
    match run(&options) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("{}", ncpu_cli::error_line("muxc", &error));
            ExitCode::FAILURE
        }
    }
}

/// Reports a command line muxc cannot read, with the exit status of a usage error.
fn usage_error(error: &impl std::fmt::Display) -> ExitCode {
    eprintln!("{}", ncpu_cli::error_line("muxc", error));
    ExitCode::from(ncpu_cli::USAGE_EXIT_STATUS)
}
