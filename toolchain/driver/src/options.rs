//! The command line: clang++'s spelling for what it shares with clang++, plus the SYCL flags.
//!
//! Flags are matched by hand rather than with clap because clang's syntax is not clap's: single
//! dash long options (`-fsycl`, `-save-temps`), joined values (`-Ifoo`, `-O2`, `-lm`), and `-###`.
//! Anything not recognised is an error, never silently dropped.

use std::path::{Path, PathBuf};

use nativecpu_compiler::sanitizers::Sanitizer;

use crate::DriverError;

/// What the invocation produces.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    /// Compile and link an executable (the default).
    Link,
    /// `-c`: an object per input. For SYCL sources, the host object carries the device bitcode.
    CompileOnly,
    /// `-fsycl-device-only`: device bitcode per source.
    DeviceOnly,
    /// `-fsycl-link` (DPC++'s early device link): the device code of the inputs linked, compiled
    /// and registered, as one relocatable object holding the device object and the registration
    /// object; the host objects are left to the final link. What a build system that links with
    /// another linker (cargo, through a static archive) adds to the host objects.
    DeviceLink,
    /// `-fsyntax-only`: both front-end passes check each source; nothing is written.
    SyntaxOnly,
    /// `--print-free-function-kernels`: the device front-end reads each source, and the symbol
    /// name of every free function kernel it defines is printed, one per line (what the kernel
    /// compiler needs to find `extern "C"` kernels, docs/kernel-compiler.md).
    PrintFreeFunctionKernels,
}

/// The kind of an input file, by extension.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum InputKind {
    /// A C++ source: compiled for the host and, with `-fsycl`, for the device.
    Source,
    /// An object, passed to the link (a SYCL object carries its device bitcode).
    Object,
    /// A static or shared library, passed to the link.
    Archive,
    /// Device LLVM IR (`.bc`, `.ll`), compiled by the Native CPU back end.
    DeviceIr,
}

impl InputKind {
    /// The kind an input's extension says, or `None` for an unknown one.
    pub fn of(path: &Path) -> Option<Self> {
        let extension = path.extension()?.to_str()?;
        Some(match extension {
            "cpp" | "cc" | "cxx" | "c++" | "C" | "cp" | "CPP" => InputKind::Source,
            "o" | "obj" => InputKind::Object,
            "a" | "so" => InputKind::Archive,
            "bc" | "ll" => InputKind::DeviceIr,
            _ => return None,
        })
    }
}

/// One `ncpu++` command line, parsed: what to compile, how, and into what.
#[derive(Debug, Clone)]
pub struct Invocation {
    /// The input files in command-line order, each with its kind (`-x c++` applied).
    pub inputs: Vec<(PathBuf, InputKind)>,
    /// `-o`: the output; `None` for the mode's default name.
    pub output: Option<PathBuf>,
    /// What to produce: an executable, objects (`-c`), device bitcode (`-fsycl-device-only`)
    /// or a device link (`-fsycl-link`).
    pub mode: Mode,
    /// `-fsycl`: offload kernels; without it the driver is a plain clang++.
    pub sycl: bool,
    /// `-O<n>` as given (`s` and `z` count as 2); `None` when absent.
    pub opt_level: Option<u8>,
    /// The user's spelling of the optimisation flag, forwarded to the front-ends.
    pub opt_flag: Option<String>,
    /// `-g`: debug information for host code.
    pub debug: bool,
    /// `-march=`, or `None` (device code then targets the build machine's CPU).
    pub march: Option<String>,
    /// `-###`: print the commands without running them.
    pub print_only: bool,
    /// `-v`: print each command before running it.
    pub verbose: bool,
    /// `-save-temps`: keep the intermediate files in the current directory.
    pub save_temps: bool,
    /// Flags for both front-ends (`-I`, `-D`, `-U`, `-std=`, `-W…`, `-f…`, `-include`, `-isystem`,
    /// `-Xclang <arg>`).
    pub compile_flags: Vec<String>,
    /// Flags for the host link (`-L`, `-l`, `-Wl,…`, `-pthread`, …).
    pub link_flags: Vec<String>,
    /// `-fsanitize=…` and the flags that tune it, for the front-ends, the device compile and
    /// the link.
    pub sanitizers: SanitizerFlags,
    /// `-mllvm` options of the Native CPU backend (DPC++'s knobs, see [`BACKEND_OPTIONS`]).
    pub backend_options: Vec<BackendOption>,
    /// `-MD`, `-MMD` and the flags that shape the dependency file.
    pub dependencies: DependencyFlags,
    /// `-x c++`: the inputs that follow are C++ sources whatever their extension.
    pub force_cpp: bool,
    /// `--help`: print [`USAGE`] and exit.
    pub help: bool,
    /// `--version`: print the version and exit.
    pub version: bool,
}

/// clang's dependency-file flags, which build systems (CMake, Meson, Make rules) pass to every
/// compile: the file lists the source's headers as Make prerequisites of the object.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct DependencyFlags {
    /// `-MD` (`Some(true)`: system headers too) or `-MMD` (`Some(false)`); `None`: no file.
    pub system_headers: Option<bool>,
    /// `-MF <file>`: where to write it.
    pub file: Option<PathBuf>,
    /// `-MT <target>` (as written) and `-MQ <target>` (Make-quoted), in order.
    pub targets: Vec<(String, String)>,
    /// `-MP`: a phony target for each header.
    pub phony: bool,
}

/// Sanitizers whose instrumentation is an LLVM pass that clang would run at the end of the
/// device front-end, ahead of `sycl-post-link` and the Native CPU pipeline; they are turned off
/// there. The backend instruments device code for `address` and `thread` itself
/// ([`Sanitizer`]); the others reach host code only (docs/sanitizers.md).
const PASS_SANITIZERS: &[&str] = &[
    "address",
    "thread",
    "memory",
    "hwaddress",
    "dataflow",
    "type",
    "realtime",
    "numerical",
    "safe-stack",
    "fuzzer",
    "fuzzer-no-link",
];

/// The `-fsanitize` family in the order given: `-f[no-]sanitize=<list>`,
/// `-f[no-]sanitize-recover[=<list>]`, `-f[no-]sanitize-trap[=<list>]` and every other
/// `-f[no-]sanitize-…` flag. All of them go to the host front-end and to the link, where clang
/// adds the sanitizers' runtimes.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SanitizerFlags {
    /// The flags, in command-line order.
    pub flags: Vec<String>,
}

impl SanitizerFlags {
    fn is_sanitizer_flag(arg: &str) -> bool {
        arg.starts_with("-fsanitize") || arg.starts_with("-fno-sanitize")
    }

    /// Whether the sanitizer `name` is on once the `-fsanitize=`/`-fno-sanitize=` lists have
    /// been read in order, as clang reads them.
    pub fn enables(&self, name: &str) -> bool {
        self.flags.iter().fold(false, |enabled, flag| {
            if let Some(list) = flag.strip_prefix("-fsanitize=") {
                enabled || list.split(',').any(|kind| kind == name)
            } else if let Some(list) = flag.strip_prefix("-fno-sanitize=") {
                enabled && !list.split(',').any(|kind| kind == name || kind == "all")
            } else {
                enabled
            }
        })
    }

    /// The sanitizers the device compile instruments for.
    pub fn backend(&self) -> Vec<Sanitizer> {
        Sanitizer::ALL
            .into_iter()
            .filter(|sanitizer| self.enables(sanitizer.name()))
            .collect()
    }

    /// The flags for the device front-end: all of them, then `-fno-sanitize=` for the enabled
    /// sanitizers in [`PASS_SANITIZERS`], so only front-end checks (UndefinedBehaviorSanitizer's)
    /// are emitted there.
    pub fn device_front_end(&self) -> Vec<String> {
        let off: Vec<&str> = PASS_SANITIZERS
            .iter()
            .copied()
            .filter(|name| self.enables(name))
            .collect();
        let mut flags = self.flags.clone();
        if !off.is_empty() {
            flags.push(format!("-fno-sanitize={}", off.join(",")));
        }
        flags
    }
}

impl Invocation {
    /// Device code's optimisation level: the user's, or 3 (kernels are the point of the program).
    pub fn device_opt_level(&self) -> u8 {
        self.opt_level.unwrap_or(3)
    }

    /// Whether the flags ask for fast math without saying how denormals behave: `-ffast-math`,
    /// `-Ofast` or `-funsafe-math-optimizations` (the last of them and their `-fno-` forms
    /// wins), or `-mdaz-ftz`, unless `-mno-daz-ftz` or an explicit `-fdenormal-fp-math=`. On
    /// x86 Linux clang then links `crtfastmath.o`, which makes the host flush denormals, but
    /// since clang 17 no longer tells the code; the device front-end is told with
    /// `-fdenormal-fp-math=preserve-sign`, so that kernels flush too (add-fp-control,
    /// docs/compiler-pipeline.md, "Floating-point control").
    pub fn fast_math_flushes_denormals(&self) -> bool {
        let mut fast = self.opt_flag.as_deref() == Some("-Ofast");
        let mut daz_ftz = None;
        for flag in &self.compile_flags {
            match flag.as_str() {
                "-ffast-math" | "-funsafe-math-optimizations" => fast = true,
                "-fno-fast-math" | "-fno-unsafe-math-optimizations" => fast = false,
                "-mdaz-ftz" => daz_ftz = Some(true),
                "-mno-daz-ftz" => daz_ftz = Some(false),
                explicit if explicit.starts_with("-fdenormal-fp-math") => return false,
                _ => {}
            }
        }
        daz_ftz.unwrap_or(fast)
    }
}

/// The `-mllvm` options DPC++ documents for the Native CPU backend (docs/compiler-pipeline.md).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BackendOption {
    /// `-sycl-native-cpu-no-vecz`: kernels are not vectorized across work-items.
    NoVecz,
    /// `-sycl-native-cpu-vecz-width=N`: vectorize at N lanes instead of the target's width
    /// (1 keeps every kernel scalar).
    VeczWidth(u32),
    /// `-native-cpu-force-no-tail`: vectorized kernels run whole vectors only; the program
    /// promises every work-group's x size is a multiple of the width.
    ForceNoTail,
    /// `-sycl-native-cpu-no-streaming-stores`: launches larger than the last-level cache keep
    /// ordinary stores (our addition; docs/vectorizer.md, "Streaming stores").
    NoStreamingStores,
    /// `-sycl-native-cpu-vecz-remarks`: one line per kernel on standard error saying whether it
    /// was vectorized, and why not (our addition).
    VeczRemarks,
    /// `-native-cpu-debug`: work-item loops stay debuggable (work-item-loops<debug>).
    Debug,
    /// `-sycl-native-dump-device-ir`: print the device IR after the Native CPU pipeline.
    DumpDeviceIr,
    /// `-sycl-native-cpu-codegen-threads=N`: generate the device object in N pieces on N
    /// threads, whatever its size (default: one per core for a large module; our addition,
    /// docs/compiler-pipeline.md).
    CodegenThreads(u32),
}

impl BackendOption {
    /// The option a `-mllvm` argument names, or [`DriverError::UnknownArgument`].
    pub fn parse(option: &str) -> Result<Self, DriverError> {
        let option_name = option.trim_start_matches('-');
        Ok(match option_name {
            "sycl-native-cpu-no-vecz" => BackendOption::NoVecz,
            "native-cpu-force-no-tail" => BackendOption::ForceNoTail,
            "native-cpu-debug" => BackendOption::Debug,
            "sycl-native-cpu-vecz-remarks" => BackendOption::VeczRemarks,
            "sycl-native-cpu-no-streaming-stores" => BackendOption::NoStreamingStores,
            "sycl-native-dump-device-ir" => BackendOption::DumpDeviceIr,
            _ => {
                if let Some(width) = option_name.strip_prefix("sycl-native-cpu-vecz-width=") {
                    BackendOption::VeczWidth(positive(option, width, "a lane count")?)
                } else if let Some(threads) =
                    option_name.strip_prefix("sycl-native-cpu-codegen-threads=")
                {
                    BackendOption::CodegenThreads(positive(option, threads, "a thread count")?)
                } else {
                    return Err(DriverError::UnknownArgument(format!("-mllvm {option}")));
                }
            }
        })
    }

    /// The option as `-mllvm` takes it.
    pub fn spelling(self) -> String {
        match self {
            BackendOption::NoVecz => "-sycl-native-cpu-no-vecz".into(),
            BackendOption::VeczWidth(width) => format!("-sycl-native-cpu-vecz-width={width}"),
            BackendOption::ForceNoTail => "-native-cpu-force-no-tail".into(),
            BackendOption::Debug => "-native-cpu-debug".into(),
            BackendOption::VeczRemarks => "-sycl-native-cpu-vecz-remarks".into(),
            BackendOption::NoStreamingStores => "-sycl-native-cpu-no-streaming-stores".into(),
            BackendOption::DumpDeviceIr => "-sycl-native-dump-device-ir".into(),
            BackendOption::CodegenThreads(threads) => {
                format!("-sycl-native-cpu-codegen-threads={threads}")
            }
        }
    }
}

/// The value of a `-mllvm` option taking a count from 1.
fn positive(option: &str, value: &str, what: &str) -> Result<u32, DriverError> {
    match value.parse() {
        Ok(count) if count >= 1 => Ok(count),
        _ => Err(DriverError::InvalidValue {
            flag: format!("-mllvm {option}"),
            value: value.to_owned(),
            expected: format!("{what} from 1 to 4294967295"),
        }),
    }
}

/// Flags that take the next argument as their value, forwarded to the front-ends.
const COMPILE_FLAGS_WITH_VALUE: &[&str] = &[
    "-I",
    "-D",
    "-U",
    "-include",
    "-isystem",
    "-idirafter",
    "-iquote",
];

/// DPC++'s own flags that build systems pass, accepted without effect: device code is never
/// split (there is one device image per program), SYCL 2020 is the only standard, ids always
/// fit in `size_t`, unnamed lambdas always work, and device code has no instrumentation for
/// Intel's tracing tools.
const DPCPP_FLAGS_WITHOUT_EFFECT: &[&str] = &[
    "-fpreview-breaking-changes",
    "-fsycl-id-queries-fit-in-int",
    "-fno-sycl-id-queries-fit-in-int",
    "-flink-huge-device-code",
    "-fno-link-huge-device-code",
    "-fsycl-unnamed-lambda",
    "-fno-sycl-unnamed-lambda",
    "-fsycl-device-code-split",
    "-fsycl-dead-args-optimization",
    "-fno-sycl-dead-args-optimization",
    "-fsycl-early-optimizations",
    "-fno-sycl-early-optimizations",
    "-fsycl-instrument-device-code",
    "-fno-sycl-instrument-device-code",
];

/// DPC++'s flags with a joined value, accepted without effect (see above), and the values DPC++
/// accepts for each: another value is an error, as it is there.
const DPCPP_VALUES_WITHOUT_EFFECT: &[(&str, &[&str])] = &[
    (
        "-fsycl-device-code-split=",
        &["per_kernel", "per_source", "auto", "off"],
    ),
    (
        "-sycl-std=",
        &["2020", "2017", "121", "1.2.1", "sycl-1.2.1"],
    ),
];

/// The C++ standards clang's `-std=` takes, aliases included; checked here so that a wrong one is
/// one error line rather than clang's list of notes from each front-end.
const CPP_STANDARDS: &[&str] = &[
    "c++98", "c++03", "gnu++98", "gnu++03", "c++11", "c++0x", "gnu++11", "gnu++0x", "c++14",
    "c++1y", "gnu++14", "gnu++1y", "c++17", "c++1z", "gnu++17", "gnu++1z", "c++20", "c++2a",
    "gnu++20", "gnu++2a", "c++23", "c++2b", "gnu++23", "gnu++2b", "c++26", "c++2c", "gnu++26",
    "gnu++2c",
];

/// Checks the value of a flag that takes one of `allowed`.
fn check_value(flag: &str, value: &str, allowed: &[&str]) -> Result<(), DriverError> {
    if allowed.contains(&value) {
        return Ok(());
    }
    Err(DriverError::InvalidValue {
        flag: flag.to_owned(),
        value: value.to_owned(),
        expected: allowed.join(", "),
    })
}

/// Linker flags passed through as they are.
const LINK_FLAGS: &[&str] = &[
    "-pthread",
    "-shared",
    "-shared-libsan",
    "-static-libsan",
    "-rdynamic",
    "-static-libstdc++",
    "-static-libgcc",
    "-pie",
    "-no-pie",
];

/// Parses the arguments after the program name into an [`Invocation`], checking what can
/// be checked without touching the file system beyond the inputs' existence.
pub fn parse(args: &[String]) -> Result<Invocation, DriverError> {
    let mut invocation = Invocation {
        inputs: Vec::new(),
        output: None,
        mode: Mode::Link,
        sycl: false,
        opt_level: None,
        opt_flag: None,
        debug: false,
        march: None,
        print_only: false,
        verbose: false,
        save_temps: false,
        compile_flags: Vec::new(),
        link_flags: Vec::new(),
        sanitizers: SanitizerFlags::default(),
        backend_options: Vec::new(),
        dependencies: DependencyFlags::default(),
        force_cpp: false,
        help: false,
        version: false,
    };
    let mut device_only = false;
    let mut compile_only = false;
    let mut device_link = false;
    let mut syntax_only = false;
    let mut print_kernels = false;
    let mut iter = args.iter();
    while let Some(arg) = iter.next() {
        let mut value_of = |flag: &str| -> Result<String, DriverError> {
            iter.next()
                .cloned()
                .ok_or_else(|| DriverError::MissingValue(flag.to_owned()))
        };
        match arg.as_str() {
            "--help" | "-help" => invocation.help = true,
            "--version" => invocation.version = true,
            "-fsycl" => invocation.sycl = true,
            "-fsycl-device-only" => {
                invocation.sycl = true;
                device_only = true;
            }
            "-c" => compile_only = true,
            "-fsyntax-only" => syntax_only = true,
            "--print-free-function-kernels" => {
                invocation.sycl = true;
                print_kernels = true;
            }
            "-fsycl-link" => {
                invocation.sycl = true;
                device_link = true;
            }
            "-o" => invocation.output = Some(PathBuf::from(value_of("-o")?)),
            "-g" | "-ggdb" | "-g1" | "-g2" | "-g3" | "-gline-tables-only" => {
                invocation.debug = true;
                invocation.compile_flags.push(arg.clone());
            }
            "-g0" => invocation.debug = false,
            "-###" => invocation.print_only = true,
            "-v" => invocation.verbose = true,
            "-save-temps" => invocation.save_temps = true,
            "-w" | "-pedantic" | "-pedantic-errors" => invocation.compile_flags.push(arg.clone()),
            "-MD" => invocation.dependencies.system_headers = Some(true),
            "-MMD" => invocation.dependencies.system_headers = Some(false),
            "-MP" => invocation.dependencies.phony = true,
            "-MF" => invocation.dependencies.file = Some(PathBuf::from(value_of("-MF")?)),
            "-MT" | "-MQ" => {
                let target = value_of(arg)?;
                invocation.dependencies.targets.push((arg.clone(), target));
            }
            "-x" => invocation.force_cpp = language_is_cpp(&value_of("-x")?)?,
            "-Xclang" => {
                let value = value_of("-Xclang")?;
                invocation.compile_flags.extend([arg.clone(), value]);
            }
            flag if DPCPP_FLAGS_WITHOUT_EFFECT.contains(&flag) => {}
            "-mllvm" => {
                let value = value_of("-mllvm")?;
                invocation
                    .backend_options
                    .push(BackendOption::parse(&value)?);
            }
            flag if COMPILE_FLAGS_WITH_VALUE.contains(&flag) => {
                let value = value_of(flag)?;
                invocation.compile_flags.push(format!("{flag}{value}"));
            }
            flag if LINK_FLAGS.contains(&flag) => invocation.link_flags.push(flag.to_owned()),
            "-L" | "-l" => {
                let value = value_of(arg)?;
                invocation.link_flags.push(format!("{arg}{value}"));
            }
            other => parse_joined(other, &mut invocation)?,
        }
    }
    invocation.mode = match (syntax_only, device_only, compile_only, device_link) {
        _ if print_kernels => Mode::PrintFreeFunctionKernels,
        (true, _, _, _) => Mode::SyntaxOnly,
        (false, true, _, _) => Mode::DeviceOnly,
        (false, false, true, _) => Mode::CompileOnly,
        (false, false, false, true) => Mode::DeviceLink,
        (false, false, false, false) => Mode::Link,
    };
    Ok(invocation)
}

/// `-x <language>`: whether the following inputs are forced to C++ (`c++`) or not (`none`).
fn language_is_cpp(language: &str) -> Result<bool, DriverError> {
    match language {
        "c++" => Ok(true),
        "none" => Ok(false),
        _ => Err(DriverError::UnknownArgument(format!("-x {language}"))),
    }
}

/// `-MF<file>`, `-MT<target>`, `-MQ<target>` and `-x<language>`, joined; whether `arg` was one.
fn parse_joined_dependency_or_language(
    arg: &str,
    invocation: &mut Invocation,
) -> Result<bool, DriverError> {
    if let Some(file) = arg.strip_prefix("-MF").filter(|f| !f.is_empty()) {
        invocation.dependencies.file = Some(PathBuf::from(file));
    } else if let Some(target) = ["-MT", "-MQ"].iter().find_map(|flag| {
        arg.strip_prefix(flag)
            .filter(|t| !t.is_empty())
            .map(|t| (flag, t))
    }) {
        invocation
            .dependencies
            .targets
            .push((target.0.to_string(), target.1.to_owned()));
    } else if let Some(language) = arg.strip_prefix("-x").filter(|l| !l.is_empty()) {
        invocation.force_cpp = language_is_cpp(language)?;
    } else {
        return Ok(false);
    }
    Ok(true)
}

/// Flags with a joined value, and inputs.
fn parse_joined(arg: &str, invocation: &mut Invocation) -> Result<(), DriverError> {
    for (prefix, allowed) in DPCPP_VALUES_WITHOUT_EFFECT {
        if let Some(value) = arg.strip_prefix(prefix) {
            return check_value(arg, value, allowed);
        }
    }
    if parse_joined_dependency_or_language(arg, invocation)? {
        return Ok(());
    }
    if let Some(standard) = arg.strip_prefix("-std=") {
        check_value(arg, standard, CPP_STANDARDS)?;
    }
    if let Some(targets) = arg.strip_prefix("-fsycl-targets=") {
        invocation.sycl = true;
        for target in targets.split(',') {
            if target != "native_cpu" {
                return Err(DriverError::UnsupportedTarget(target.to_owned()));
            }
        }
        return Ok(());
    }
    if arg.starts_with("-fsycl") {
        return Err(DriverError::UnknownArgument(arg.to_owned()));
    }
    if SanitizerFlags::is_sanitizer_flag(arg) {
        invocation.sanitizers.flags.push(arg.to_owned());
        return Ok(());
    }
    if let Some(level) = arg.strip_prefix("-O") {
        let level = match level {
            "0" => 0,
            "1" | "" => 1,
            "2" | "s" | "z" => 2,
            "3" | "fast" => 3,
            _ => return Err(DriverError::UnknownArgument(arg.to_owned())),
        };
        invocation.opt_level = Some(level);
        invocation.opt_flag = Some(arg.to_owned());
        return Ok(());
    }
    if let Some(cpu) = arg.strip_prefix("-march=") {
        invocation.march = Some(cpu.to_owned());
        invocation.compile_flags.push(arg.to_owned());
        return Ok(());
    }
    let compile_prefixes = [
        "-I", "-D", "-U", "-std=", "-W", "-f", "-isystem", "-include", "-m",
    ];
    if arg.starts_with("-Wl,") || arg.starts_with("-L") || arg.starts_with("-l") {
        invocation.link_flags.push(arg.to_owned());
        return Ok(());
    }
    if compile_prefixes
        .iter()
        .any(|p| arg.starts_with(p) && arg.len() > p.len())
    {
        invocation.compile_flags.push(arg.to_owned());
        return Ok(());
    }
    if arg.starts_with('-') && arg != "-" {
        return Err(DriverError::UnknownArgument(arg.to_owned()));
    }
    let path = PathBuf::from(arg);
    let kind = match InputKind::of(&path) {
        Some(InputKind::Object | InputKind::Archive | InputKind::DeviceIr) | None
            if invocation.force_cpp =>
        {
            InputKind::Source
        }
        kind => kind.ok_or_else(|| DriverError::UnknownInputKind(path.clone()))?,
    };
    invocation.inputs.push((path, kind));
    Ok(())
}

/// The text `--help` prints.
pub const USAGE: &str = "\
OVERVIEW: ncpu++ - the SYCL Native CPU compiler driver

USAGE: ncpu++ [options] file...

  -fsycl                    Compile SYCL kernels for the CPU (without it: plain clang++)
  -fsycl-targets=native_cpu The only SYCL target (implies -fsycl)
  -fsycl-device-only        Write the device LLVM bitcode of each source
  -c                        Compile only; a SYCL object carries its device bitcode
  -fsyntax-only             Check each source with both front-end passes; write nothing
  -fsycl-link               Link, compile and register the device code of -c objects and
                            archives into one object (device and registration) for a later link
  --print-free-function-kernels
                            Print the symbol name of each free function kernel the sources
                            define, one per line (the kernel compiler's first step)
  -o <file>                 Write the output to <file>
  -O0 -O1 -O2 -O3 -Os -Oz   Optimisation level (device code defaults to -O3)
  -g                        Debug information
  -march=<cpu>              CPU to generate code for (device code defaults to the build machine's)
  -I<dir> -D<macro> -U<macro> -std=<standard> -W<warning> -f<flag>
                            Passed to the front-ends as clang++ takes them
  -include <file> -isystem <dir> -pedantic -fPIC -Xclang <arg>
                            Passed to the front-ends as clang++ takes them
  -MD -MMD -MF <file> -MT <target> -MQ <target> -MP
                            Write a Make dependency file listing the headers of both passes
  -x c++                    Treat the following inputs as C++ sources
  -L<dir> -l<library> -Wl,<args> -pthread
                            Passed to the host link
  -shared                   Link a shared library (its objects compiled with -fPIC); its kernels
                            register while it is loaded, with the program's runtime if it has one
  -fsanitize=<list> -fno-sanitize=<list> -f[no-]sanitize-recover[=<list>] -fsanitize-…
                            Sanitizers: host code, the link (their runtimes) and device code
                            (address and thread by the backend, undefined by the front-end)
  -shared-libsan -static-libsan
                            Passed to the host link
  -fsycl-device-code-split=<mode> -sycl-std=<version> -fpreview-breaking-changes
  -f[no-]sycl-id-queries-fit-in-int -flink-huge-device-code -fsycl-unnamed-lambda
  -f[no-]sycl-instrument-device-code
                            DPC++'s flags, accepted without effect
  -mllvm <option>           Native CPU backend options, as DPC++ spells them:
                            -native-cpu-debug (debuggable work-items at any -O),
                            -sycl-native-dump-device-ir (print the device IR after the pipeline),
                            -sycl-native-cpu-no-vecz (no vectorization across work-items),
                            -sycl-native-cpu-vecz-width=N (N lanes; default: the CPU's
                            32-bit lanes), -native-cpu-force-no-tail (whole vectors only),
                            -sycl-native-cpu-vecz-remarks (per kernel: vectorized or why not),
                            -sycl-native-cpu-no-streaming-stores (no non-temporal stores in
                            launches larger than the last-level cache),
                            -sycl-native-cpu-codegen-threads=N (generate the device object on
                            N threads; default: one per core for a large program)
  -###                      Print the commands of every step without running them
  -v                        Print the commands of every step as they run
  -save-temps               Keep the intermediate files of every step in the current directory
  --help, --version

Inputs: C++ sources (.cpp, .cc, .cxx), objects (.o), archives (.a), device IR (.bc, .ll: with -c,
compiled to a device object through the Native CPU pipeline).
";

#[cfg(test)]
mod tests {
    use super::*;

    fn parse_str(line: &str) -> Result<Invocation, DriverError> {
        parse(
            &line
                .split_whitespace()
                .map(str::to_owned)
                .collect::<Vec<_>>(),
        )
    }

    #[test]
    fn parses_a_typical_line() {
        let inv = parse_str(
            "-fsycl -fsycl-targets=native_cpu -O2 -Iinc -D X=1 -std=c++17 a.cpp b.cc -o app -lm",
        )
        .unwrap();
        assert!(inv.sycl);
        assert_eq!(inv.opt_level, Some(2));
        assert_eq!(inv.inputs.len(), 2);
        assert_eq!(inv.output.as_deref(), Some(Path::new("app")));
        assert_eq!(inv.compile_flags, ["-Iinc", "-DX=1", "-std=c++17"]);
        assert_eq!(inv.link_flags, ["-lm"]);
        assert_eq!(inv.mode, Mode::Link);
    }

    #[test]
    fn forwards_xclang_with_its_value() {
        let inv = parse_str("-fsycl -Xclang -fno-builtin -Xclang -ffp-contract=off a.cpp").unwrap();
        assert_eq!(
            inv.compile_flags,
            ["-Xclang", "-fno-builtin", "-Xclang", "-ffp-contract=off"]
        );
        assert!(matches!(
            parse_str("-fsycl a.cpp -Xclang"),
            Err(DriverError::MissingValue(flag)) if flag == "-Xclang"
        ));
    }

    #[test]
    fn rejects_unknown_and_unsupported() {
        assert!(
            matches!(parse_str("-frobnicate-not -bogus a.cpp"), Err(DriverError::UnknownArgument(a)) if a == "-bogus")
        );
        assert!(matches!(
            parse_str("-fsycl-targets=spir64 a.cpp"),
            Err(DriverError::UnsupportedTarget(_))
        ));
        assert!(matches!(
            parse_str("-fsycl-foo a.cpp"),
            Err(DriverError::UnknownArgument(_))
        ));
        assert!(matches!(
            parse_str("a.txt"),
            Err(DriverError::UnknownInputKind(_))
        ));
        assert!(matches!(
            parse_str("a.cpp -o"),
            Err(DriverError::MissingValue(_))
        ));
        assert!(matches!(
            parse_str("-O9 a.cpp"),
            Err(DriverError::UnknownArgument(_))
        ));
    }

    #[test]
    fn backend_options() {
        let inv =
            parse_str("-fsycl -mllvm -native-cpu-debug -mllvm -sycl-native-cpu-vecz-width=4 a.cpp")
                .unwrap();
        assert_eq!(
            inv.backend_options,
            [BackendOption::Debug, BackendOption::VeczWidth(4)]
        );
        assert_eq!(
            parse_str("-mllvm -sycl-native-cpu-vecz-width=0 a.cpp")
                .unwrap_err()
                .to_string(),
            "invalid value '0' in '-mllvm -sycl-native-cpu-vecz-width=0' (expected a lane count \
             from 1 to 4294967295)"
        );
        assert!(
            matches!(parse_str("-mllvm -frobnicate a.cpp"), Err(DriverError::UnknownArgument(a)) if a == "-mllvm -frobnicate")
        );
    }

    #[test]
    fn sanitizer_flags_split_between_front_ends_and_backend() {
        let inv = parse_str(
            "-fsycl -fsanitize=address,undefined -fno-sanitize-recover=all -shared-libsan a.cpp",
        )
        .unwrap();
        assert!(inv.compile_flags.is_empty());
        assert_eq!(inv.link_flags, ["-shared-libsan"]);
        assert_eq!(
            inv.sanitizers.flags,
            ["-fsanitize=address,undefined", "-fno-sanitize-recover=all"]
        );
        assert_eq!(inv.sanitizers.backend(), [Sanitizer::Address]);
        assert_eq!(
            inv.sanitizers.device_front_end().last().map(String::as_str),
            Some("-fno-sanitize=address")
        );
        let off = parse_str("-fsanitize=thread -fno-sanitize=all a.cpp").unwrap();
        assert!(off.sanitizers.backend().is_empty());
    }

    #[test]
    fn modes() {
        assert_eq!(
            parse_str("-fsycl -c a.cpp").unwrap().mode,
            Mode::CompileOnly
        );
        assert_eq!(
            parse_str("-fsycl-device-only a.cpp").unwrap().mode,
            Mode::DeviceOnly
        );
        let link = parse_str("-fsycl-link a.o -o device.o").unwrap();
        assert_eq!(link.mode, Mode::DeviceLink);
        assert!(link.sycl);
        assert_eq!(
            parse_str("-fsycl -c -fsyntax-only a.cpp").unwrap().mode,
            Mode::SyntaxOnly
        );
        let listing = parse_str("--print-free-function-kernels -c -O0 a.cpp").unwrap();
        assert_eq!(listing.mode, Mode::PrintFreeFunctionKernels);
        assert!(listing.sycl);
    }

    #[test]
    fn dependency_flags_separate_and_joined() {
        let inv = parse_str("-fsycl -MD -MF deps.d -MT a.o -MQx$y -MP -MMD -c a.cpp").unwrap();
        assert_eq!(
            inv.dependencies,
            DependencyFlags {
                system_headers: Some(false),
                file: Some(PathBuf::from("deps.d")),
                targets: vec![("-MT".into(), "a.o".into()), ("-MQ".into(), "x$y".into())],
                phony: true,
            }
        );
        assert!(inv.compile_flags.is_empty());
    }

    #[test]
    fn language_and_dpcpp_flags() {
        let inv = parse_str(
            "-fsycl -sycl-std=2020 -fsycl-device-code-split=per_kernel -fpreview-breaking-changes \
             -fno-sycl-id-queries-fit-in-int -flink-huge-device-code -fsycl-unnamed-lambda \
             -x c++ kernels.sycl -x none b.o",
        )
        .unwrap();
        assert!(inv.compile_flags.is_empty());
        assert_eq!(
            inv.inputs[0],
            (PathBuf::from("kernels.sycl"), InputKind::Source)
        );
        assert_eq!(inv.inputs[1], (PathBuf::from("b.o"), InputKind::Object));
        assert!(matches!(
            parse_str("-x fortran a.f"),
            Err(DriverError::UnknownArgument(_))
        ));
    }

    #[test]
    fn flags_with_a_fixed_set_of_values_refuse_others() {
        for (line, error) in [
            (
                "-fsycl-device-code-split=bogus a.cpp",
                "invalid value 'bogus' in '-fsycl-device-code-split=bogus' (expected per_kernel, \
                 per_source, auto, off)",
            ),
            (
                "-sycl-std=2019 a.cpp",
                "invalid value '2019' in '-sycl-std=2019' (expected 2020, 2017, 121, 1.2.1, \
                 sycl-1.2.1)",
            ),
        ] {
            assert_eq!(parse_str(line).unwrap_err().to_string(), error);
        }
        let error = parse_str("-std=c++99x a.cpp").unwrap_err().to_string();
        assert!(
            error.starts_with("invalid value 'c++99x' in '-std=c++99x' (expected c++98, "),
            "{error}"
        );
        let inv = parse_str("-std=gnu++2b -fsycl-device-code-split=off a.cpp").unwrap();
        assert_eq!(inv.compile_flags, ["-std=gnu++2b"]);
    }

    #[test]
    fn fast_math_flushes_denormals_unless_told_otherwise() {
        let flushes = |args: &[&str]| {
            let args: Vec<String> = args.iter().map(|a| a.to_string()).collect();
            parse(&args).unwrap().fast_math_flushes_denormals()
        };
        assert!(!flushes(&["-fsycl", "a.cpp"]));
        assert!(flushes(&["-fsycl", "-ffast-math", "a.cpp"]));
        assert!(flushes(&["-fsycl", "-Ofast", "a.cpp"]));
        assert!(!flushes(&[
            "-fsycl",
            "-ffast-math",
            "-fno-fast-math",
            "a.cpp"
        ]));
        assert!(!flushes(&[
            "-fsycl",
            "-ffast-math",
            "-mno-daz-ftz",
            "a.cpp"
        ]));
        assert!(flushes(&["-fsycl", "-mdaz-ftz", "a.cpp"]));
        assert!(!flushes(&[
            "-fsycl",
            "-ffast-math",
            "-fdenormal-fp-math=ieee",
            "a.cpp"
        ]));
    }
}
