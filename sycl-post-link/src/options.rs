//! The command line of `sycl-post-link`, parsed the way LLVM's `cl::opt` parses intel/llvm's tool.
//!
//! The DPC++ driver (and the build scripts written against it) spell options LLVM-style: one or two
//! leading dashes (`-split=auto`, `--split=auto`), values either after `=` or as the next argument
//! (`-o out.table`, `-o=out.table`), and single-dash *long* names such as `-symbols`. That syntax
//! is read by `ncpu_cli::llvm_options`, shared with `offload-wrapper` and `muxc`
//! (docs/command-lines.md); this module knows what each option means.
//!
//! Parsing ([`parse_args`]) only checks spelling. Whether a combination makes sense
//! ([`Options::validate`]) is checked by [`crate::run`], so that library callers building an
//! [`Options`] value directly get the same diagnostics as the command line.

use std::fmt;

use ncpu_cli::llvm_options::{Argument, Arguments, OptionArgument, OptionError};

/// How the input module is divided into device images (`-split=`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum SplitMode {
    /// One image per translation unit (`sycl-module-id` value), further divided by the optional
    /// kernel features the runtime checks per image (see `src/split.rs`).
    Source,
    /// One image per entry point.
    Kernel,
    /// intel/llvm's default. It behaves like [`SplitMode::Source`], except with
    /// `-ir-output-only`, where it cannot split and keeps everything in one module.
    #[default]
    Auto,
    /// One image holding every entry point.
    None,
}

/// The values of `-split=`.
const SPLIT_MODES: &[(&str, SplitMode)] = &[
    ("source", SplitMode::Source),
    ("kernel", SplitMode::Kernel),
    ("auto", SplitMode::Auto),
    ("none", SplitMode::None),
];

impl SplitMode {
    /// The spelling used on the command line.
    pub fn as_str(self) -> &'static str {
        match self {
            SplitMode::Source => "source",
            SplitMode::Kernel => "kernel",
            SplitMode::Auto => "auto",
            SplitMode::None => "none",
        }
    }
}

/// `-spec-const=`: how specialization constants are lowered.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SpecConstMode {
    /// Lower to SPIR-V spec-constant instructions. Native CPU has no SPIR-V (and the UR adapter
    /// cannot set spec constants), so a module that reads any is refused; a module without
    /// them passes, which is what intel/llvm's own native_cpu wrapper test relies on.
    Native,
    /// Emulate them with a buffer the runtime passes as a kernel argument (the `spec-constants`
    /// pass). This is what the driver passes for native_cpu.
    Emulation,
}

/// The values of `-spec-const=`.
const SPEC_CONST_MODES: &[(&str, SpecConstMode)] = &[
    ("native", SpecConstMode::Native),
    ("emulation", SpecConstMode::Emulation),
];

/// `-O0` … `-Oz`. intel/llvm uses it only for the ESIMD post-split passes; it is recorded so that
/// the driver's `-O2` is accepted, and has no effect here because Native CPU has no ESIMD.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OptLevel {
    /// `-O0`.
    O0,
    /// `-O1`.
    O1,
    /// `-O2`, the driver's default.
    O2,
    /// `-O3`.
    O3,
    /// `-Os`.
    Os,
    /// `-Oz`.
    Oz,
}

/// Everything the tool was asked to do.
///
/// Options marked *accepted for compatibility* are on the command line the DPC++ driver builds
/// for native_cpu (docs/formats.md: `-O2 -device-globals … -lower-esimd`) or on intel/llvm's
/// option list, but ask for work that does not exist on Native CPU (ESIMD, device globals,
/// default-valued images, bf16 device libraries). They are parsed so that the real driver
/// command line runs unchanged, and they count as "actions" exactly as in intel/llvm.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Options {
    /// The input `.bc` or `.ll` file; `-` reads standard input.
    pub input: String,
    /// The file part of every `-o` (a `target,` prefix is dropped), in order. The first one
    /// decides the output prefix; the table is written to each of them.
    pub outputs: Vec<String>,
    /// `-out-dir`: where the per-image files go (default: the directory of the first `-o`).
    pub out_dir: Option<String>,
    /// `-S`: write `.ll` instead of `.bc`.
    pub output_assembly: bool,
    /// `-f`: allow bitcode on a terminal (only reachable with `-ir-output-only -o -`).
    pub force: bool,
    /// `-ir-output-only`: write one IR module to the first `-o`, no table.
    pub ir_output_only: bool,
    /// `-split=`.
    pub split: SplitMode,
    /// `-symbols`: a `.sym` per image and a `Symbols` column.
    pub symbols: bool,
    /// `-properties`: a `.prop` per image and a `Properties` column.
    pub properties: bool,
    /// `-emit-param-info`: the `[SYCL/kernel param opt]` set.
    pub emit_param_info: bool,
    /// `-emit-program-metadata`: the `[SYCL/program metadata]` set.
    pub emit_program_metadata: bool,
    /// `-emit-exported-symbols`: the `[SYCL/exported symbols]` set.
    pub emit_exported_symbols: bool,
    /// `-emit-imported-symbols`: the `[SYCL/imported symbols]` set (filled only together with
    /// `-allow-device-image-dependencies`, as in intel/llvm; see `src/properties.rs`).
    pub emit_imported_symbols: bool,
    /// `-emit-only-kernels-as-entry-points`: SYCL_EXTERNAL functions are not entry points.
    pub emit_only_kernels_as_entry_points: bool,
    /// `-allow-device-image-dependencies`: images may import functions from other images; this
    /// is what lets `[SYCL/imported symbols]` be non-empty.
    pub allow_device_image_dependencies: bool,
    /// `-spec-const=`; `None` when not given.
    pub spec_const: Option<SpecConstMode>,
    /// Accepted for compatibility: `-O0` … `-Oz` (the last one given).
    pub opt_level: Option<OptLevel>,
    /// Accepted for compatibility: `-lower-esimd`.
    pub lower_esimd: bool,
    /// Accepted for compatibility: `-split-esimd`.
    pub split_esimd: bool,
    /// Accepted for compatibility: `-force-disable-esimd-opt`.
    pub force_disable_esimd_opt: bool,
    /// Accepted for compatibility: `-device-globals` (Native CPU reports device globals as
    /// unsupported, so there is nothing to lower or describe).
    pub device_globals: bool,
    /// `-emit-kernel-names`: the `[SYCL/kernel names]` set.
    pub emit_kernel_names: bool,
    /// Accepted for compatibility: `-generate-device-image-default-spec-consts`. intel/llvm adds
    /// a copy of each image with the constants fixed to their defaults, for JIT targets that
    /// would otherwise recompile; the Native CPU object is compiled once from the whole module
    /// and reads the buffer, so such copies would never run.
    pub generate_default_spec_consts: bool,
    /// Accepted for compatibility: `-device-lib-dir=` (bf16 device libraries are not used on
    /// Native CPU).
    pub device_lib_dir: Option<String>,
}

/// What the command line asks for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Command {
    /// Process the input.
    Run(Options),
    /// Print [`usage`] and exit successfully.
    Help,
}

/// A command line that cannot be parsed or an option combination that cannot be honoured.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum OptionsError {
    /// An option is unknown, misspelled or given a value it does not take.
    #[error(transparent)]
    Syntax(#[from] OptionError),
    /// Nothing to do: no action among those [`Options::validate`] lists (in practice an
    /// explicit `-split=none` with no other action).
    #[error("no actions specified; try --help for usage info")]
    NoActions,
    /// `-ir-output-only` was combined with an option that produces other files (that option).
    #[error("-{0} can't be used with -ir-output-only")]
    IrOutputOnlyConflict(String),
}

impl Options {
    /// Options for reading `input` with everything else at intel/llvm's defaults.
    pub fn new(input: impl Into<String>) -> Self {
        Options {
            input: input.into(),
            ..Options::default()
        }
    }

    /// Rejects combinations intel/llvm rejects, with the same rules:
    ///
    /// * at least one action: a split mode other than `none`, `-spec-const`, `-symbols`,
    ///   `-properties`, `-emit-*`, `-split-esimd`, `-device-globals` or `-lower-esimd` (because
    ///   `-split` defaults to `auto`, this only fails for an explicit `-split=none`);
    /// * `-ir-output-only` produces exactly one module and no table, so it excludes splitting by
    ///   source or kernel and everything that writes per-image files.
    pub fn validate(&self) -> Result<(), OptionsError> {
        let has_action = self.split != SplitMode::None
            || self.spec_const.is_some()
            || self.symbols
            || self.properties
            || self.emit_param_info
            || self.emit_program_metadata
            || self.split_esimd
            || self.emit_kernel_names
            || self.emit_exported_symbols
            || self.emit_imported_symbols
            || self.device_globals
            || self.lower_esimd;
        if !has_action {
            return Err(OptionsError::NoActions);
        }
        if self.ir_output_only {
            if matches!(self.split, SplitMode::Source | SplitMode::Kernel) {
                return Err(OptionsError::IrOutputOnlyConflict(format!(
                    "split={}",
                    self.split.as_str()
                )));
            }
            let conflicts = [
                (self.split_esimd, "split-esimd"),
                (self.symbols, "symbols"),
                (self.properties, "properties"),
                (self.emit_param_info, "emit-param-info"),
                (self.emit_program_metadata, "emit-program-metadata"),
                (self.emit_kernel_names, "emit-kernel-names"),
                (self.emit_exported_symbols, "emit-exported-symbols"),
                (self.emit_imported_symbols, "emit-imported-symbols"),
                (
                    self.generate_default_spec_consts,
                    "generate-device-image-default-spec-consts",
                ),
            ];
            if let Some((_, name)) = conflicts.iter().find(|(given, _)| *given) {
                return Err(OptionsError::IrOutputOnlyConflict(name.to_string()));
            }
        }
        Ok(())
    }
}

/// Selects the [`Options`] field a boolean option sets.
type FlagField = fn(&mut Options) -> &mut bool;

/// Boolean options and the field each one sets.
const FLAGS: &[(&str, FlagField)] = &[
    ("f", |o| &mut o.force),
    ("S", |o| &mut o.output_assembly),
    ("ir-output-only", |o| &mut o.ir_output_only),
    ("symbols", |o| &mut o.symbols),
    ("properties", |o| &mut o.properties),
    ("emit-param-info", |o| &mut o.emit_param_info),
    ("emit-program-metadata", |o| &mut o.emit_program_metadata),
    ("emit-exported-symbols", |o| &mut o.emit_exported_symbols),
    ("emit-imported-symbols", |o| &mut o.emit_imported_symbols),
    ("emit-only-kernels-as-entry-points", |o| {
        &mut o.emit_only_kernels_as_entry_points
    }),
    ("allow-device-image-dependencies", |o| {
        &mut o.allow_device_image_dependencies
    }),
    ("lower-esimd", |o| &mut o.lower_esimd),
    ("split-esimd", |o| &mut o.split_esimd),
    ("force-disable-esimd-opt", |o| {
        &mut o.force_disable_esimd_opt
    }),
    ("device-globals", |o| &mut o.device_globals),
    ("emit-kernel-names", |o| &mut o.emit_kernel_names),
    ("generate-device-image-default-spec-consts", |o| {
        &mut o.generate_default_spec_consts
    }),
];

const OPT_LEVELS: &[(&str, OptLevel)] = &[
    ("O0", OptLevel::O0),
    ("O1", OptLevel::O1),
    ("O2", OptLevel::O2),
    ("O3", OptLevel::O3),
    ("Os", OptLevel::Os),
    ("Oz", OptLevel::Oz),
];

/// Parses the arguments after the program name.
pub fn parse_args<I, S>(args: I) -> Result<Command, OptionsError>
where
    I: IntoIterator<Item = S>,
    S: Into<String>,
{
    let mut arguments = Arguments::new(args);
    let mut options = Options::new("-");
    let mut input: Option<String> = None;
    while let Some(argument) = arguments.next() {
        match argument {
            Argument::Positional(file) if input.is_some() => {
                return Err(OptionError::TooManyInputs(file).into())
            }
            Argument::Positional(file) => input = Some(file),
            Argument::Option(option) if option.name == "help" => return Ok(Command::Help),
            Argument::Option(option) => apply(&mut options, &option, &mut arguments)?,
        }
    }
    if let Some(input) = input {
        options.input = input;
    }
    Ok(Command::Run(options))
}

/// Records `option` in `options`, reading its value from `arguments` when it takes one.
fn apply(
    options: &mut Options,
    option: &OptionArgument,
    arguments: &mut Arguments,
) -> Result<(), OptionError> {
    match option.name.as_str() {
        "o" => options
            .outputs
            .push(output_file_part(&arguments.value(option)?)),
        "out-dir" => options.out_dir = Some(arguments.value(option)?),
        "device-lib-dir" => options.device_lib_dir = Some(arguments.value(option)?),
        "split" => options.split = option.choose(&arguments.value(option)?, SPLIT_MODES)?,
        "spec-const" => {
            let value = arguments.value(option)?;
            options.spec_const = Some(option.choose(&value, SPEC_CONST_MODES)?);
        }
        name => {
            if let Some((_, field)) = FLAGS.iter().find(|(flag, _)| *flag == name) {
                *field(options) = option.flag()?;
            } else if let Some((_, level)) = OPT_LEVELS.iter().find(|(level, _)| *level == name) {
                if option.flag()? {
                    options.opt_level = Some(*level);
                }
            } else {
                return Err(option.unknown());
            }
        }
    }
    Ok(())
}

/// `-o [<target>,]<file>`: the target only filters images for AOT GPU targets in intel/llvm and
/// has no meaning for Native CPU, so only the file is kept. As in intel/llvm, a value whose part
/// after the comma is empty is a plain file name.
fn output_file_part(value: &str) -> String {
    match value.split_once(',') {
        Some((_, file)) if !file.is_empty() => file.to_owned(),
        Some((target, _)) => target.to_owned(),
        None => value.to_owned(),
    }
}

/// The `--help` text.
pub fn usage() -> impl fmt::Display {
    USAGE
}

const USAGE: &str = "\
OVERVIEW: SYCL post-link device code processing tool (Native CPU)

Splits a linked SYCL device module into device images and describes each one for the offload
wrapper: <prefix>_<i>.bc (or .ll), <prefix>_<i>.prop, <prefix>_<i>.sym and a file table
[Code|Properties|Symbols]. <prefix> is <dir>/<stem of the first -o>.

USAGE: sycl-post-link [options] <input bitcode or .ll file, default: stdin>

OPTIONS (one or two leading dashes; values as -opt=value or -opt value):
  -o <[target,]file>           Output file table (may be repeated; the first decides the prefix)
  -out-dir <dir>               Directory for the per-image files (default: that of the first -o)
  -S                           Write IR as LLVM assembly (.ll) instead of bitcode (.bc)
  -f                           Allow bitcode output to a terminal
  -ir-output-only              Write a single IR file to -o and no table
  -split=<source|kernel|auto|none>
                               One image per translation unit, per entry point, chosen
                               automatically (default; like source) or a single image
  -symbols                     Write a .sym per image (its entry points) and a Symbols column
  -properties                  Write a .prop per image and a Properties column
  -emit-param-info             [SYCL/kernel param opt]: removed kernel arguments
  -emit-program-metadata       [SYCL/program metadata]: reqd/max work-group size and friends
  -emit-exported-symbols       [SYCL/exported symbols]: SYCL_EXTERNAL functions of the image
  -emit-imported-symbols       [SYCL/imported symbols]: functions the image needs from others
                               (only with -allow-device-image-dependencies)
  -emit-only-kernels-as-entry-points
                               Only kernels are entry points (not SYCL_EXTERNAL functions)
  -allow-device-image-dependencies
                               Images may import functions defined in other images
  -spec-const=<emulation|native>
                               Specialization constants: emulation reads them from a buffer the
                               runtime passes ([SYCL/specialization constants] and [... default
                               values]); native needs SPIR-V and is refused if the module reads any
  -emit-kernel-names           [SYCL/kernel names]: the kernels of the image
  -help                        Show this text

Accepted for compatibility with the DPC++ driver, without effect on Native CPU (a module with
ESIMD kernels is refused, since native_cpu cannot run them):
  -O0 -O1 -O2 -O3 -Os -Oz -lower-esimd -split-esimd -force-disable-esimd-opt -device-globals
  -generate-device-image-default-spec-consts -device-lib-dir=<dir>
";

#[cfg(test)]
mod tests {
    use super::*;

    fn run_options(args: &[&str]) -> Options {
        match parse_args(args.iter().copied()).unwrap() {
            Command::Run(options) => options,
            Command::Help => panic!("unexpected help for {args:?}"),
        }
    }

    #[test]
    fn accepts_one_or_two_dashes_and_both_value_forms() {
        let a = run_options(&["-split=kernel", "-o", "a.table", "--symbols", "in.bc"]);
        let b = run_options(&["--split", "kernel", "--o=a.table", "-symbols", "in.bc"]);
        assert_eq!(a, b);
        assert_eq!(a.split, SplitMode::Kernel);
        assert_eq!(a.outputs, ["a.table"]);
        assert!(a.symbols);
        assert_eq!(a.input, "in.bc");
    }

    #[test]
    fn input_defaults_to_stdin_and_dash_is_positional() {
        assert_eq!(run_options(&["-symbols"]).input, "-");
        assert_eq!(run_options(&["-symbols", "-"]).input, "-");
        assert_eq!(
            run_options(&["-symbols", "--", "-weird.ll"]).input,
            "-weird.ll"
        );
    }

    #[test]
    fn output_keeps_the_file_part_of_target_pairs() {
        let o = run_options(&[
            "-o",
            "intel_gpu_pvc,x.table",
            "-o=y.table",
            "-o",
            "z.table,",
        ]);
        assert_eq!(o.outputs, ["x.table", "y.table", "z.table"]);
    }

    #[test]
    fn flags_take_optional_boolean_values() {
        let o = run_options(&["-S=false", "-properties=1", "-O2", "-O0=false"]);
        assert!(!o.output_assembly);
        assert!(o.properties);
        assert_eq!(o.opt_level, Some(OptLevel::O2));
        assert_eq!(
            parse_args(["-S=maybe"]).unwrap_err().to_string(),
            "invalid value 'maybe' for option '-S' (expected true or false)"
        );
    }

    #[test]
    fn reports_bad_command_lines() {
        assert_eq!(
            parse_args(["-foo"]).unwrap_err().to_string(),
            "unknown option '-foo'"
        );
        assert_eq!(
            parse_args(["--ofile"]).unwrap_err(),
            OptionsError::Syntax(OptionError::Unknown("--ofile".into()))
        );
        assert_eq!(
            parse_args(["-o"]).unwrap_err(),
            OptionsError::Syntax(OptionError::MissingValue("-o".into()))
        );
        assert_eq!(
            parse_args(["-split=per-tu"]).unwrap_err().to_string(),
            "invalid value 'per-tu' for option '-split' (expected source, kernel, auto or none)"
        );
        assert_eq!(
            parse_args(["a.bc", "b.bc"]).unwrap_err(),
            OptionsError::Syntax(OptionError::TooManyInputs("b.bc".into()))
        );
        assert_eq!(parse_args(["--help", "-foo"]).unwrap(), Command::Help);
    }

    #[test]
    fn validation_follows_intel_rules() {
        let mut o = Options::new("in.bc");
        assert_eq!(o.validate(), Ok(()), "split=auto by default is an action");
        o.split = SplitMode::None;
        assert_eq!(o.validate(), Err(OptionsError::NoActions));
        o.lower_esimd = true;
        assert_eq!(o.validate(), Ok(()));

        let mut o = Options::new("in.bc");
        o.ir_output_only = true;
        assert_eq!(o.validate(), Ok(()));
        o.split = SplitMode::Kernel;
        assert_eq!(
            o.validate().unwrap_err().to_string(),
            "-split=kernel can't be used with -ir-output-only"
        );
        o.split = SplitMode::None;
        o.emit_imported_symbols = true;
        assert_eq!(
            o.validate().unwrap_err().to_string(),
            "-emit-imported-symbols can't be used with -ir-output-only"
        );

        let mut o = Options::new("in.bc");
        o.spec_const = Some(SpecConstMode::Native);
        assert_eq!(
            o.validate(),
            Ok(()),
            "refused only for a module that reads constants"
        );
    }

    #[test]
    fn native_cpu_driver_command_line_parses() {
        let mut args = crate::NATIVE_CPU_DRIVER_OPTIONS.to_vec();
        args.extend(["-o", "t.table", "t.bc"]);
        let o = run_options(&args);
        assert_eq!(o.validate(), Ok(()));
        assert_eq!(o.spec_const, Some(SpecConstMode::Emulation));
        assert!(o.device_globals && o.lower_esimd && o.emit_program_metadata);
    }
}
