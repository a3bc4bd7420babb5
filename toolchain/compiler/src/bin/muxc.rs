//! `muxc`: runs a pass pipeline over an LLVM module and prints the result, like the Construction
//! Kit's tool of the same name. Our passes go by their registry names (`--print-passes` lists
//! them; `native-cpu-pipeline` is the whole Native CPU pipeline); any other element goes to
//! LLVM's pass builder, so `verify`, `instcombine`, `function(sroa)` … work too.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, ValueEnum};
use inkwell::context::Context;

use nativecpu_compiler::backend::{link_device_library, read_module};
use nativecpu_compiler::pass_manager::run_pipeline_text;
use nativecpu_compiler::pipeline::NATIVE_CPU_PIPELINE_ALIAS;
use nativecpu_compiler::target::{host_target_machine, CpuSelection};
use nativecpu_compiler::{passes, CompileError};

#[derive(Debug, Clone, Copy, ValueEnum)]
enum FileType {
    /// Textual LLVM IR.
    Asm,
    /// LLVM bitcode.
    Obj,
    /// Nothing.
    Null,
}

#[derive(Debug, Parser)]
#[command(
    name = "muxc",
    version,
    about = "Run Native CPU compiler passes over LLVM IR"
)]
struct Cli {
    /// Input `.ll` or `.bc` file (`-` for standard input).
    #[arg(default_value = "-")]
    input: PathBuf,
    /// Comma-separated pass pipeline; empty passes the module through.
    #[arg(long, default_value = "")]
    passes: String,
    /// Output file (default: standard output).
    #[arg(short, default_value = "-")]
    output: PathBuf,
    /// Accepted for compatibility: the output is textual IR unless --filetype=obj.
    #[arg(short = 'S')]
    text: bool,
    /// What to write.
    #[arg(long, value_enum, default_value = "asm")]
    filetype: FileType,
    /// Verify the module after every pipeline step.
    #[arg(long)]
    verify_each: bool,
    /// Link the Native CPU device library into the module before the passes run.
    #[arg(long)]
    link_device_lib: bool,
    /// CPU that LLVM passes optimise for (`native` or an LLVM CPU name).
    #[arg(long, default_value = "native")]
    mcpu: String,
    /// List the registered passes and exit.
    #[arg(long)]
    print_passes: bool,
}

fn run(cli: &Cli) -> Result<(), CompileError> {
    let context = Context::create();
    let module = read_module(&context, &cli.input)?;
    if cli.link_device_lib {
        link_device_library(&context, &module)?;
    }
    let machine = host_target_machine(&CpuSelection(cli.mcpu.clone()), 2)?;
    run_pipeline_text(&module, &cli.passes, &machine, cli.verify_each)?;
    let io_error = |source| CompileError::Io {
        path: cli.output.clone(),
        source,
    };
    let bytes: Vec<u8> = match cli.filetype {
        FileType::Null => return Ok(()),
        FileType::Asm => module.print_to_string().to_bytes().to_vec(),
        FileType::Obj => module.write_bitcode_to_memory().as_slice().to_vec(),
    };
    if cli.output.as_os_str() == "-" {
        std::io::Write::write_all(&mut std::io::stdout(), &bytes).map_err(io_error)
    } else {
        std::fs::write(&cli.output, bytes).map_err(io_error)
    }
}

fn main() -> ExitCode {
    let cli: Cli = match ncpu_cli::parse(std::env::args_os()) {
        Ok(cli) => cli,
        Err(error) => {
            eprintln!("muxc: error: {error}");
            return ExitCode::from(ncpu_cli::USAGE_EXIT_STATUS);
        }
    };
    if cli.print_passes {
        eprintln!("Module passes:");
        for pass in passes::REGISTRY {
            let name = pass.element(&[]);
            let parameters = match pass.parameters {
                "" => String::new(),
                parameters => format!("<{parameters}>"),
            };
            eprintln!("  {name}{parameters}: {}", pass.help);
        }
        eprintln!("Pipeline aliases:\n  {NATIVE_CPU_PIPELINE_ALIAS}");
        return ExitCode::SUCCESS;
    }
    match run(&cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("muxc: error: {error}");
            ExitCode::FAILURE
        }
    }
}
