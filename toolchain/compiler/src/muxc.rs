//! `muxc`'s command line and what it runs: a pass pipeline over an LLVM module, printed, like the
//! Construction Kit's tool of the same name. Our passes go by their registry names
//! (`--print-passes` lists them; `native-cpu-pipeline` is the whole Native CPU pipeline); any
//! other element goes to LLVM's pass builder, so `verify`, `instcombine`, `function(sroa)` … work
//! too. The command line is LLVM's syntax, as the Construction Kit's `muxc` (an LLVM tool) takes
//! it: `-passes=…` or `--passes …`, read by `ncpu_cli::llvm_options` (docs/command-lines.md).
//! The binary (`src/bin/muxc.rs`) only parses and reports.

use std::path::PathBuf;

use inkwell::context::Context;
use ncpu_cli::llvm_options::{Argument, Arguments, OptionArgument, OptionError};

use crate::backend::{link_device_library, read_module};
use crate::pass_manager::run_pipeline_text;
use crate::target::{host_target_machine, CpuSelection};
use crate::CompileError;

/// What `-filetype=` asks to write.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FileType {
    /// Textual LLVM IR.
    Asm,
    /// LLVM bitcode.
    Obj,
    /// Nothing.
    Null,
}

/// The values of `-filetype=`.
const FILE_TYPES: &[(&str, FileType)] = &[
    ("asm", FileType::Asm),
    ("obj", FileType::Obj),
    ("null", FileType::Null),
];

/// A run of the pipeline.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Options {
    /// Input `.ll` or `.bc` file (`-` for standard input).
    pub input: PathBuf,
    /// Comma-separated pass pipeline; empty passes the module through.
    pub passes: String,
    /// Output file (`-` for standard output).
    pub output: PathBuf,
    /// What to write.
    pub filetype: FileType,
    /// Verify the module after every pipeline step.
    pub verify_each: bool,
    /// Link the Native CPU device library into the module before the passes run.
    pub link_device_lib: bool,
    /// CPU that LLVM passes optimise for (`native` or an LLVM CPU name).
    pub mcpu: String,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            input: PathBuf::from("-"),
            passes: String::new(),
            output: PathBuf::from("-"),
            filetype: FileType::Asm,
            verify_each: false,
            link_device_lib: false,
            mcpu: "native".to_owned(),
        }
    }
}

/// What the command line asks for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Command {
    /// Run the pipeline as `Options` says.
    Run(Options),
    /// `-help`: print [`USAGE`].
    Help,
    /// `-version`.
    Version,
    /// `-print-passes`: list the registered passes.
    PrintPasses,
}

/// Parses the arguments after the program name.
pub fn parse<I, S>(args: I) -> Result<Command, OptionError>
where
    I: IntoIterator<Item = S>,
    S: Into<String>,
{
    let mut arguments = Arguments::new(args);
    let mut options = Options::default();
    let mut input = None;
    while let Some(argument) = arguments.next() {
        let option = match argument {
            Argument::Positional(file) if input.is_some() => {
                return Err(OptionError::TooManyInputs(file));
            }
            Argument::Positional(file) => {
                input = Some(PathBuf::from(file));
                continue;
            }
            Argument::Option(option) => option,
        };
        match option.name.as_str() {
            "h" | "help" => return Ok(Command::Help),
            "version" => return Ok(Command::Version),
            "print-passes" => {
                if option.flag()? {
                    return Ok(Command::PrintPasses);
                }
            }
            _ => apply(&mut options, &option, &mut arguments)?,
        }
    }
    options.input = input.unwrap_or(options.input);
    Ok(Command::Run(options))
}

/// Records `option` in `options`, reading its value from `arguments` when it takes one.
fn apply(
    options: &mut Options,
    option: &OptionArgument,
    arguments: &mut Arguments,
) -> Result<(), OptionError> {
    match option.name.as_str() {
        "passes" => options.passes = arguments.value(option)?,
        "o" => options.output = PathBuf::from(arguments.value(option)?),
        "filetype" => options.filetype = option.choose(&arguments.value(option)?, FILE_TYPES)?,
        "mcpu" => options.mcpu = arguments.value(option)?,
        "verify-each" => options.verify_each = option.flag()?,
        "link-device-lib" => options.link_device_lib = option.flag()?,
        // The output is textual IR unless -filetype=obj; -S is accepted as LLVM tools take it.
        "S" => {
            option.flag()?;
        }
        _ => return Err(option.unknown()),
    }
    Ok(())
}

/// The `-help` text.
pub const USAGE: &str = "\
OVERVIEW: muxc: run Native CPU compiler passes over LLVM IR

USAGE: muxc [options] <input .ll or .bc file, default: stdin>

OPTIONS (one or two leading dashes; values as -opt=value or -opt value):
  -passes=<pipeline>     Comma-separated pass pipeline: our passes (-print-passes), the alias
                         native-cpu-pipeline, and LLVM's passes; empty passes the module through
  -o <file>              Output file (default: standard output)
  -S                     Accepted: the output is textual IR unless -filetype=obj
  -filetype=<asm|obj|null>
                         Write textual IR (default), bitcode, or nothing
  -verify-each           Verify the module after every pipeline step
  -link-device-lib       Link the Native CPU device library into the module first
  -mcpu=<cpu>            CPU that LLVM passes optimise for (default: native)
  -print-passes          List the registered passes
  -version               Print the version
  -help                  Print this text
";

/// Reads the input, runs the pipeline and writes the output `options` ask for.
pub fn run(options: &Options) -> Result<(), CompileError> {
    let context = Context::create();
    let module = read_module(&context, &options.input)?;
    if options.link_device_lib {
        link_device_library(&context, &module)?;
    }
    let cpu = CpuSelection(options.mcpu.clone());
    cpu.check()?;
    let machine = host_target_machine(&cpu, 2)?;
    run_pipeline_text(&module, &options.passes, &machine, options.verify_each)?;
    let io_error = |source| CompileError::Io {
        path: options.output.clone(),
        source,
    };
    let bytes: Vec<u8> = match options.filetype {
        FileType::Null => return Ok(()),
        FileType::Asm => module.print_to_string().to_bytes().to_vec(),
        FileType::Obj => module.write_bitcode_to_memory().as_slice().to_vec(),
    };
    if options.output.as_os_str() == "-" {
        std::io::Write::write_all(&mut std::io::stdout(), &bytes).map_err(io_error)
    } else {
        std::fs::write(&options.output, bytes).map_err(io_error)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run_options(args: &[&str]) -> Options {
        match parse(args.iter().copied()).unwrap() {
            Command::Run(options) => options,
            other => panic!("{args:?} gave {other:?}"),
        }
    }

    #[test]
    fn the_construction_kit_spellings_parse() {
        let a = run_options(&["--passes", "verify", "-S", "in.ll", "-o", "out.ll"]);
        let b = run_options(&["-passes=verify", "in.ll", "--o=out.ll"]);
        assert_eq!(a, b);
        assert_eq!(a.passes, "verify");
        assert_eq!(a.input, PathBuf::from("in.ll"));
        let c = run_options(&["--filetype=obj", "-link-device-lib", "--verify-each"]);
        assert_eq!(c.filetype, FileType::Obj);
        assert!(c.link_device_lib && c.verify_each);
        assert_eq!(c.input, PathBuf::from("-"));
        assert_eq!(parse(["--print-passes"]), Ok(Command::PrintPasses));
        assert_eq!(parse(["-version"]), Ok(Command::Version));
    }

    #[test]
    fn bad_command_lines_are_option_errors() {
        assert_eq!(
            parse(["--frobnicate"]).unwrap_err().to_string(),
            "unknown option '--frobnicate'"
        );
        assert_eq!(
            parse(["-filetype=elf"]).unwrap_err().to_string(),
            "invalid value 'elf' for option '-filetype' (expected asm, obj or null)"
        );
        assert_eq!(
            parse(["a.ll", "b.ll"]).unwrap_err().to_string(),
            "too many positional arguments: 'b.ll' (only one input file is accepted)"
        );
    }
}
