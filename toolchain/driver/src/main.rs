//! `ncpu++` (built as `ncpu`; the build places an `ncpu++` link beside it). See the library.

use std::process::ExitCode;

use ncpu_driver::error::DriverError;
use ncpu_driver::options::{parse, USAGE};
use ncpu_driver::run::run;

fn main() -> ExitCode {
    let args = match ncpu_cli::utf8_args() {
        Ok(args) => args,
        Err(error) => {
            eprintln!("{}", ncpu_cli::error_line("ncpu++", &error));
            return ExitCode::FAILURE;
        }
    };
    let invocation = match parse(&args) {
        Ok(invocation) => invocation,
        Err(error) => {
            eprintln!("{}", ncpu_cli::error_line("ncpu++", &error));
            return ExitCode::FAILURE;
        }
    };
    if invocation.help {
        print!("{USAGE}");
        return ExitCode::SUCCESS;
    }
    if invocation.version {
        println!(
            "ncpu++ {} (SYCL Native CPU, LLVM 22)",
            env!("CARGO_PKG_VERSION")
        );
        return ExitCode::SUCCESS;
    }
    match run(&invocation) {
        Ok(()) => ExitCode::SUCCESS,
        Err(DriverError::Reported(code)) => ExitCode::from(u8::try_from(code).unwrap_or(1)),
        Err(error) => {
            eprintln!("{}", ncpu_cli::error_line("ncpu++", &error));
            ExitCode::FAILURE
        }
    }
}
