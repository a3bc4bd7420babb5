use clap::Parser;

/// Lists the SYCL platforms and devices a program built with ncpu++ sees (honours
/// ONEAPI_DEVICE_SELECTOR), in the format of DPC++'s sycl-ls.
#[derive(Parser)]
#[command(name = "sycl-ls", version)]
struct Cli {
    /// Also print platform and device details and the device each standard selector picks
    #[arg(long)]
    verbose: bool,
}

fn main() {
    let cli: Cli = ncpu_cli::parse(std::env::args_os()).unwrap_or_else(|error| {
        eprintln!("sycl-ls: error: {error}");
        std::process::exit(ncpu_cli::USAGE_EXIT_STATUS.into())
    });
    match sycl_ls::listing(sycl_ls::Options {
        verbose: cli.verbose,
    }) {
        Ok(text) => print!("{text}"),
        Err(error) => {
            eprintln!("sycl-ls: error: {error}");
            std::process::exit(1);
        }
    }
}
