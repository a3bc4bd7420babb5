//! `offload-wrapper`: see the library documentation. This file only turns the outcome into an
//! exit status and the one-line `offload-wrapper: error: …` message drivers expect.

use std::process::ExitCode;

use offload_wrapper::{options, Command, WrapperError};

fn main() -> ExitCode {
    match wrap() {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("offload-wrapper: error: {err}");
            ExitCode::FAILURE
        }
    }
}

fn wrap() -> Result<(), WrapperError> {
    let args = std::env::args_os()
        .skip(1)
        .map(|a| {
            a.into_string()
                .map_err(|a| WrapperError::Usage(format!("argument {a:?} is not valid UTF-8")))
        })
        .collect::<Result<Vec<_>, _>>()?;
    match Command::parse(args)? {
        Command::Help => {
            print!("{}", options::usage());
            Ok(())
        }
        Command::Wrap(options) => offload_wrapper::run(&options),
    }
}
