//! `offload-wrapper`: see the library documentation. This file only turns the outcome into an
//! exit status and the one-line `offload-wrapper: error: …` message drivers expect.

use std::process::ExitCode;

use offload_wrapper::{options, Command, WrapperError};

fn main() -> ExitCode {
    match wrap() {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("{}", ncpu_cli::error_line("offload-wrapper", &err));
            ExitCode::FAILURE
        }
    }
}

fn wrap() -> Result<(), WrapperError> {
    let args = ncpu_cli::utf8_args().map_err(|e| WrapperError::Usage(e.to_string()))?;
    match Command::parse(args)? {
        Command::Help => {
            print!("{}", options::usage());
            Ok(())
        }
        Command::Wrap(options) => offload_wrapper::run(&options),
    }
}
