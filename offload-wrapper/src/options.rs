//! The command line, clang-offload-wrapper's (docs/formats.md), so the
//! driver can invoke this tool exactly as it invokes intel/llvm's.
//!
//! The syntax is LLVM `cl::opt`'s: long options take one dash or two (`-target=native_cpu`,
//! `--target=native_cpu`), a value follows `=` or comes as the next argument (`-o out.o`), and
//! booleans are bare (`-v`) or explicit (`-emit-reg-funcs=false`). `ncpu_cli::llvm_options`
//! reads that syntax, as for `sycl-post-link` and `muxc` (docs/command-lines.md); this module
//! knows what each option means, and that per-image options are positional: each applies to the
//! inputs that follow it, until it is given again.
//!
//! Inputs form images as in intel/llvm: without `-batch`, consecutive input files are
//! `<code file> [<manifest file>]`, and a per-image option (`-kind`, `-format`, `-target`,
//! `-compile-opts`, `-link-opts`, `-entries`, `-properties`) closes the group, so
//! `-entries=a.sym a.bc -entries=b.sym b.bc` makes two images. With `-batch` the only input is a
//! `.table` whose rows are the images.

use std::path::PathBuf;

use ncpu_cli::llvm_options::{set_once, Argument, Arguments, OptionArgument, OptionError};

use crate::image::{ImageFormat, ImageSettings};
use crate::WrapperError;

/// The `-target=` value the Native CPU runtime selects images by; `-native-cpu` implies it.
pub const NATIVE_CPU_TARGET: &str = "native_cpu";

/// What the command line asks for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Command {
    /// `--help`: print [`usage`] and exit successfully.
    Help,
    /// Wrap the images as `Options` says.
    Wrap(Options),
}

/// A complete, validated set of options for [`crate::run`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Options {
    /// `-o`: the object file to write.
    pub output: PathBuf,
    /// `-host=`: the host triple; `None` means the architecture this tool was built for.
    pub host: Option<String>,
    /// `-v`: describe the images and every global written on stderr.
    pub verbose: bool,
    /// `-emit-reg-funcs`: emit the registration functions and the `.tgtimg` records.
    pub emit_reg_funcs: bool,
    /// `-desc-name=`: gives the descriptor the global name `.sycl_offloading.<name>`.
    pub descriptor_name: Option<String>,
    /// The images to wrap.
    pub inputs: Inputs,
}

/// Where the images come from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Inputs {
    /// `-batch`: every row of the table is an image, with the settings in effect before it.
    Batch {
        /// The table file.
        table: PathBuf,
        /// The settings in effect before `-batch`, applied to every row.
        settings: ImageSettings,
    },
    /// One image per `<code file> [<manifest file>]` group.
    Files(Vec<InputImage>),
}

/// One image given directly on the command line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InputImage {
    /// The image's `Code` file.
    pub code: PathBuf,
    /// The manifest file given after the code file, embedded as it is.
    pub manifest: Option<PathBuf>,
    /// `-entries=`: the `.sym` file.
    pub entries: Option<PathBuf>,
    /// `-properties=`: the `.prop` file.
    pub properties: Option<PathBuf>,
    /// The settings in effect where the code file appeared.
    pub settings: ImageSettings,
}

/// The options that apply to the inputs after them, as they stand at some point of the line.
#[derive(Debug, Clone, Default)]
struct PerImage {
    target: Option<String>,
    format: ImageFormat,
    compile_options: String,
    link_options: String,
    entries: Option<PathBuf>,
    properties: Option<PathBuf>,
}

/// A group of consecutive inputs and the per-image options in effect for it.
struct Group {
    files: Vec<String>,
    options: PerImage,
}

/// The options that hold for the whole run, wherever they appear.
#[derive(Default)]
struct Global {
    output: Option<String>,
    host: Option<String>,
    verbose: Option<bool>,
    emit_reg_funcs: Option<bool>,
    descriptor_name: Option<String>,
    batch: Option<bool>,
    native_cpu: Option<bool>,
}

impl Command {
    /// Parses the arguments after the program name.
    pub fn parse<I, S>(args: I) -> Result<Command, WrapperError>
    where
        I: IntoIterator<Item = S>,
        S: Into<String>,
    {
        let mut arguments = Arguments::new(args);
        let mut global = Global::default();
        let mut current = PerImage::default();
        let mut pending: Vec<String> = Vec::new();
        let mut groups: Vec<Group> = Vec::new();
        while let Some(argument) = arguments.next() {
            let option = match argument {
                Argument::Positional(file) => {
                    pending.push(file);
                    continue;
                }
                Argument::Option(option) => option,
            };
            if matches!(option.name.as_str(), "h" | "help") {
                return Ok(Command::Help);
            }
            if let Some(per_image) = PerImageOption::from_name(&option.name) {
                let value = arguments.value(&option)?;
                // intel/llvm starts a new image at every per-image option.
                close_group(&mut pending, &mut groups, &current);
                current.apply(per_image, &option, value)?;
            } else {
                global.apply(&option, &mut arguments)?;
            }
        }
        close_group(&mut pending, &mut groups, &current);
        global.finish(groups).map(Command::Wrap)
    }
}

/// Makes the inputs read since the last per-image option a group, with the options in effect.
fn close_group(pending: &mut Vec<String>, groups: &mut Vec<Group>, current: &PerImage) {
    if !pending.is_empty() {
        groups.push(Group {
            files: std::mem::take(pending),
            options: current.clone(),
        });
    }
}

/// The options that apply to the inputs after them.
#[derive(Clone, Copy)]
enum PerImageOption {
    Kind,
    Format,
    Target,
    CompileOpts,
    LinkOpts,
    Entries,
    Properties,
}

impl PerImageOption {
    fn from_name(name: &str) -> Option<Self> {
        Some(match name {
            "kind" => Self::Kind,
            "format" => Self::Format,
            "target" => Self::Target,
            "compile-opts" => Self::CompileOpts,
            "link-opts" => Self::LinkOpts,
            "entries" => Self::Entries,
            "properties" => Self::Properties,
            _ => return None,
        })
    }
}

impl PerImage {
    /// Records `value`, the value of `option` (a per-image option of kind `kind`).
    fn apply(
        &mut self,
        kind: PerImageOption,
        option: &OptionArgument,
        value: String,
    ) -> Result<(), WrapperError> {
        let file = |v: String| (!v.is_empty()).then(|| PathBuf::from(v));
        match kind {
            PerImageOption::Kind => match value.as_str() {
                "sycl" => {}
                "unknown" | "host" | "openmp" | "hip" => {
                    return Err(WrapperError::Usage(format!(
                        "offload kind '{value}' is not supported: this wrapper only writes SYCL \
                         (-kind=sycl) images"
                    )))
                }
                _ => {
                    return Err(option
                        .invalid(&value, "unknown, host, openmp, hip or sycl")
                        .into())
                }
            },
            PerImageOption::Format => {
                self.format = ImageFormat::from_name(&value)
                    .ok_or_else(|| option.invalid(&value, &ImageFormat::NAMES.join(", ")))?
            }
            PerImageOption::Target => self.target = Some(value),
            PerImageOption::CompileOpts => self.compile_options = value,
            PerImageOption::LinkOpts => self.link_options = value,
            PerImageOption::Entries => self.entries = file(value),
            PerImageOption::Properties => self.properties = file(value),
        }
        Ok(())
    }
}

impl Global {
    /// Records an option that holds for the whole run; each may be given once, as LLVM's
    /// `cl::opt` insists.
    fn apply(
        &mut self,
        option: &OptionArgument,
        arguments: &mut Arguments,
    ) -> Result<(), OptionError> {
        match option.name.as_str() {
            "o" => set_once(&mut self.output, option, arguments.value(option)?),
            "host" => set_once(&mut self.host, option, arguments.value(option)?),
            "desc-name" => set_once(&mut self.descriptor_name, option, arguments.value(option)?),
            "v" => set_once(&mut self.verbose, option, option.flag()?),
            "batch" => set_once(&mut self.batch, option, option.flag()?),
            "native-cpu" => set_once(&mut self.native_cpu, option, option.flag()?),
            "emit-reg-funcs" => set_once(&mut self.emit_reg_funcs, option, option.flag()?),
            _ => Err(option.unknown()),
        }
    }

    fn finish(self, groups: Vec<Group>) -> Result<Options, WrapperError> {
        let output = self
            .output
            .filter(|o| !o.is_empty())
            .ok_or_else(|| WrapperError::Usage("no output file: '-o <file>' is required".into()))?;
        let native_cpu = self.native_cpu.unwrap_or(false);
        let inputs = if self.batch.unwrap_or(false) {
            let [group] = <[Group; 1]>::try_from(groups).map_err(|_| batch_input_error())?;
            let [table] = <[String; 1]>::try_from(group.files).map_err(|_| batch_input_error())?;
            if group.options.entries.is_some() || group.options.properties.is_some() {
                return Err(WrapperError::Usage(
                    "'-entries' and '-properties' cannot be used with '-batch': the table's \
                     Symbols and Properties columns name each image's files"
                        .into(),
                ));
            }
            Inputs::Batch {
                settings: settings(&group.options, native_cpu, &table)?,
                table: table.into(),
            }
        } else {
            if groups.is_empty() {
                return Err(WrapperError::Usage("no input files".into()));
            }
            let images = groups
                .into_iter()
                .map(|group| {
                    let mut files = group.files.into_iter();
                    let (Some(code), manifest, None) = (files.next(), files.next(), files.next())
                    else {
                        return Err(WrapperError::Usage(
                            "too many inputs for a single binary image: expected <code file> \
                             [<manifest file>] between per-image options"
                                .into(),
                        ));
                    };
                    Ok(InputImage {
                        settings: settings(&group.options, native_cpu, &code)?,
                        code: code.into(),
                        manifest: manifest.map(PathBuf::from),
                        entries: group.options.entries,
                        properties: group.options.properties,
                    })
                })
                .collect::<Result<_, _>>()?;
            Inputs::Files(images)
        };
        Ok(Options {
            output: output.into(),
            host: self.host.filter(|h| !h.is_empty()),
            verbose: self.verbose.unwrap_or(false),
            emit_reg_funcs: self.emit_reg_funcs.unwrap_or(true),
            descriptor_name: self.descriptor_name,
            inputs,
        })
    }
}

fn batch_input_error() -> WrapperError {
    WrapperError::Usage("batch job table file must be the only input file".into())
}

/// Resolves an input's target. This tool only builds Native CPU wrappers (a table of host
/// function pointers instead of an embedded binary), so an image must either be for the
/// `native_cpu` target or come under `-native-cpu`, which older drivers pass together with the
/// host triple as the target; `-native-cpu` alone means `-target=native_cpu`.
fn settings(
    options: &PerImage,
    native_cpu: bool,
    input: &str,
) -> Result<ImageSettings, WrapperError> {
    let target = match (&options.target, native_cpu) {
        (Some(target), true) => target.clone(),
        (None, true) => NATIVE_CPU_TARGET.to_owned(),
        (Some(target), false) if target == NATIVE_CPU_TARGET => target.clone(),
        (target, false) => {
            return Err(WrapperError::Usage(format!(
                "input '{input}': {}; only Native CPU images can be wrapped (pass \
                 -target={NATIVE_CPU_TARGET} or -native-cpu)",
                match target {
                    Some(t) => format!("target '{t}' needs its binary embedded"),
                    None => "no offload target given".to_owned(),
                }
            )))
        }
    };
    Ok(ImageSettings {
        target,
        format: options.format,
        compile_options: options.compile_options.clone(),
        link_options: options.link_options.clone(),
    })
}

/// The `--help` text.
pub fn usage() -> String {
    format!(
        "\
OVERVIEW: offload-wrapper: writes the SYCL Native CPU offload wrapper object

Reads device images (a sycl-post-link .table with -batch, or code files) and writes a host ELF
object with their kernel tables (__sycl_native_cpu_decls), offload entries, property sets, the
device image descriptor, and constructors that register it with __sycl_register_lib
(or, for a .bc output, LLVM bitcode holding the same as IR).

USAGE: offload-wrapper [options] <input files>

OPTIONS:
  -o <file>                 Output object, or LLVM bitcode if it ends in .bc (required)
  -host=<triple>            Host triple: x86_64 or aarch64, ELF (default: {arch})
  -kind=sycl                Offload kind (only sycl)
  -target=<string>          Device target string of the following images ({NATIVE_CPU_TARGET})
  -native-cpu               Wrap for SYCL Native CPU; implies -target={NATIVE_CPU_TARGET}
  -format=<format>          Image format byte: none (default), native, spirv, llvmbc
  -compile-opts=<string>    Compile options recorded in the following images
  -link-opts=<string>       Link options recorded in the following images
  -entries=<file>           Symbols (.sym) file of the following image
  -properties=<file>        Property set (.prop) file of the following image
  -emit-reg-funcs[=bool]    Emit (un)registration functions and .tgtimg records (default true)
  -desc-name=<name>         Name the descriptor .sycl_offloading.<name> and make it global
  -batch                    The only input is a table: [Code|Properties|Symbols|Manifest]
  -v                        Describe images and written globals on stderr
  --help                    Print this help

Per-image options apply to the inputs after them. Without -batch, each image is
<code file> [<manifest file>].
",
        arch = std::env::consts::ARCH
    )
}
