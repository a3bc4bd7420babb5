//! `sycl-ls`: see the library. This file only parses the command line and reports.

use sycl_ls::Cli;

fn main() {
    let cli: Cli = ncpu_cli::parse(std::env::args_os()).unwrap_or_else(|error| {
        eprintln!("{}", ncpu_cli::error_line("sycl-ls", &error));
        std::process::exit(ncpu_cli::USAGE_EXIT_STATUS.into())
    });
    match sycl_ls::listing(sycl_ls::Options {
        verbose: cli.verbose,
    }) {
        Ok(text) => print!("{text}"),
        Err(error) => {
            eprintln!("{}", ncpu_cli::error_line("sycl-ls", &error));
            std::process::exit(1);
        }
    }
}
