//! The `sycl-post-link` binary: parses the LLVM-style command line, runs the library and reports
//! failures as one `sycl-post-link: error: …` line with exit code 1, as intel/llvm's tool does.

use std::process::ExitCode;

use sycl_post_link::{parse_args, run, usage, Command, UNMODIFIED_NOTE};

fn main() -> ExitCode {
    let args = match ncpu_cli::utf8_args() {
        Ok(args) => args,
        Err(error) => {
            eprintln!("{}", ncpu_cli::error_line("sycl-post-link", &error));
            return ExitCode::FAILURE;
        }
    };
    let result = parse_args(args)
        .map_err(sycl_post_link::PostLinkError::from)
        .and_then(|command| match command {
            Command::Help => {
                print!("{}", usage());
                Ok(())
            }
            Command::Run(options) => run(&options).map(|outcome| {
                if outcome.input_unmodified {
                    eprintln!("{UNMODIFIED_NOTE}");
                }
            }),
        });
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("{}", ncpu_cli::error_line("sycl-post-link", &error));
            ExitCode::FAILURE
        }
    }
}
