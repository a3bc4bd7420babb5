//! `muxc`'s command line and what it runs: a pass pipeline over an LLVM module, printed, like the
//! Construction Kit's tool of the same name. Our passes go by their registry names
//! (`--print-passes` lists them; `native-cpu-pipeline` is the whole Native CPU pipeline); any
//! other element goes to LLVM's pass builder, so `verify`, `instcombine`, `function(sroa)` … work
//! too. The binary (`src/bin/muxc.rs`) only parses and reports; the fuzz target for command lines
//! parses [`Cli`] here (docs/fuzzing.md).

use std::path::PathBuf;

use clap::{Parser, ValueEnum};
use inkwell::context::Context;

use crate::backend::{link_device_library, read_module};
use crate::pass_manager::run_pipeline_text;
use crate::target::{host_target_machine, CpuSelection};
use crate::CompileError;

#[derive(Debug, Clone, Copy, ValueEnum)]
pub enum FileType {
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
pub struct Cli {
    /// Input `.ll` or `.bc` file (`-` for standard input).
    #[arg(default_value = "-")]
    pub input: PathBuf,
    /// Comma-separated pass pipeline; empty passes the module through.
    #[arg(long, default_value = "")]
    pub passes: String,
    /// Output file (default: standard output).
    #[arg(short, default_value = "-")]
    pub output: PathBuf,
    /// Accepted for compatibility: the output is textual IR unless --filetype=obj.
    #[arg(short = 'S')]
    pub text: bool,
    /// What to write.
    #[arg(long, value_enum, default_value = "asm")]
    pub filetype: FileType,
    /// Verify the module after every pipeline step.
    #[arg(long)]
    pub verify_each: bool,
    /// Link the Native CPU device library into the module before the passes run.
    #[arg(long)]
    pub link_device_lib: bool,
    /// CPU that LLVM passes optimise for (`native` or an LLVM CPU name).
    #[arg(long, default_value = "native")]
    pub mcpu: String,
    /// List the registered passes and exit.
    #[arg(long)]
    pub print_passes: bool,
}

/// Reads the input, runs the pipeline and writes the output `cli` asks for.
pub fn run(cli: &Cli) -> Result<(), CompileError> {
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
