//! Turns an [`Invocation`] into the commands of the flow, in order. Every step is a real program
//! with real files, so `-###` can print exactly what runs.

use std::ffi::OsString;
use std::os::unix::ffi::OsStrExt;
use std::path::{Path, PathBuf};

use crate::kernel_attributes;
use crate::options::{DependencyFlags, InputKind, Invocation, Mode};
use crate::tools::Tools;
use crate::DriverError;
use ncpu_locate::depfile;

/// The section of a `-c` SYCL object that carries its translation unit's device bitcode. It is
/// marked SHF_EXCLUDE, so a link that does not know about it drops it.
pub const DEVICE_SECTION: &str = ".ncpu.device";

/// One program run.
#[derive(Debug, Clone)]
pub struct Command {
    /// The program to run.
    pub program: PathBuf,
    /// Its arguments.
    pub args: Vec<OsString>,
    /// The file this command writes when it reads nothing another command writes, so that it
    /// may run beside the others until one reads the file (a host front-end beside the device
    /// steps: see [`crate::run`]).
    pub alongside: Option<PathBuf>,
}

impl Command {
    fn new(program: &Path) -> Self {
        Command {
            program: program.to_path_buf(),
            args: Vec::new(),
            alongside: None,
        }
    }
    fn alongside(mut self, output: &Path) -> Self {
        self.alongside = Some(output.to_path_buf());
        self
    }
    /// Whether one of the command's words names `path` (alone or in an option's value).
    pub fn reads(&self, path: &Path) -> bool {
        let path = path.as_os_str().to_string_lossy();
        self.args
            .iter()
            .any(|arg| arg.to_string_lossy().contains(path.as_ref()))
    }
    fn arg(mut self, arg: impl Into<OsString>) -> Self {
        self.args.push(arg.into());
        self
    }
    fn args<I: IntoIterator<Item = S>, S: Into<OsString>>(mut self, args: I) -> Self {
        self.args.extend(args.into_iter().map(Into::into));
        self
    }

    /// The command as `-###` prints it: every word quoted.
    pub fn render(&self) -> String {
        std::iter::once(self.program.as_os_str())
            .chain(self.args.iter().map(OsString::as_os_str))
            .map(|word| format!("\"{}\"", word.to_string_lossy().replace('"', "\\\"")))
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// The program's file name, for messages.
    pub fn tool_name(&self) -> String {
        self.program
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default()
    }
}

/// Where intermediate files go: a temporary directory, or the current directory with
/// `-save-temps`.
pub struct Scratch {
    dir: PathBuf,
    prefix: String,
    _temporary: Option<tempfile::TempDir>,
}

impl Scratch {
    /// A fresh temporary directory, removed when this is dropped; with `save_temps`, the
    /// current directory, each file named `<prefix>-<name>`.
    pub fn new(save_temps: bool, prefix: &str) -> Result<Self, DriverError> {
        if save_temps {
            Ok(Scratch {
                dir: PathBuf::from("."),
                prefix: format!("{prefix}-"),
                _temporary: None,
            })
        } else {
            let temporary =
                tempfile::Builder::new()
                    .prefix("ncpu-")
                    .tempdir()
                    .map_err(|source| DriverError::Io {
                        path: std::env::temp_dir(),
                        source,
                    })?;
            Ok(Scratch {
                dir: temporary.path().to_path_buf(),
                prefix: String::new(),
                _temporary: Some(temporary),
            })
        }
    }

    /// The path of the intermediate file `name`.
    pub fn file(&self, name: &str) -> PathBuf {
        self.dir.join(format!("{}{name}", self.prefix))
    }
}

/// What `share-device-globals` shares of one translation unit (docs/kernel-features.md,
/// "Global variables"): the unit's id, and the files listing the host symbols `llvm-objcopy`
/// renames and makes global in the host object.
struct SharedGlobals {
    unit: String,
    renames: PathBuf,
    globals: PathBuf,
}

impl SharedGlobals {
    fn new(scratch: &Scratch, source: &Path, object: &Path) -> Result<Self, DriverError> {
        let unit = Self::unit(source, object);
        let shared = SharedGlobals {
            renames: scratch.file(&format!("{}.{unit}.renames", stem(source))),
            globals: scratch.file(&format!("{}.{unit}.globals", stem(source))),
            unit,
        };
        for path in [&shared.renames, &shared.globals] {
            if path.to_string_lossy().contains([',', ';', '<', '>']) {
                return Err(DriverError::Invalid(format!(
                    "{}: an intermediate file's name cannot contain ',', ';', '<' or '>'",
                    path.display()
                )));
            }
        }
        Ok(shared)
    }

    /// The id naming `source` compiled to `object` apart from every other unit of a program:
    /// a hash of both paths (an unnamed namespace's variables have the same name in every unit).
    fn unit(source: &Path, object: &Path) -> String {
        use std::hash::{Hash, Hasher};
        let mut hasher = std::collections::hash_map::DefaultHasher::new();
        std::path::absolute(source)
            .unwrap_or_else(|_| source.into())
            .hash(&mut hasher);
        std::path::absolute(object)
            .unwrap_or_else(|_| object.into())
            .hash(&mut hasher);
        format!("{:016x}", hasher.finish())
    }

    /// The pass's file parameters (its `unit=` comes from the pipeline).
    fn files(&self) -> Vec<String> {
        vec![
            format!("renames={}", self.renames.display()),
            format!("globals={}", self.globals.display()),
        ]
    }

    /// `llvm-objcopy`'s flags doing the same to the host object's local symbols (it matches
    /// `--globalize-symbols` against the names before `--redefine-syms` renames them).
    fn objcopy_args(&self) -> [OsString; 2] {
        let flag = |name: &str, path: &Path| {
            let mut flag = OsString::from(name);
            flag.push(path);
            flag
        };
        [
            flag("--redefine-syms=", &self.renames),
            flag("--globalize-symbols=", &self.globals),
        ]
    }
}

fn stem(path: &Path) -> String {
    path.file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_else(|| "out".into())
}

/// The steps of an invocation, and the scratch space they write to (kept alive by the caller).
pub struct Plan {
    /// The commands, in an order in which each one's inputs exist before it runs.
    pub commands: Vec<Command>,
    /// Dependency files of device passes to merge into the requested ones, once the commands
    /// have run: `(device pass's file, requested file)`.
    pub dependency_merges: Vec<(PathBuf, PathBuf)>,
    /// Where the intermediate files go; dropping it removes them (without `-save-temps`).
    pub scratch: Scratch,
    /// `--print-free-function-kernels`: the device front-end output of each source, whose
    /// free function kernels are printed once the commands have run.
    pub kernel_listings: Vec<PathBuf>,
}

/// Where one front-end pass writes its dependency file, and the object it describes.
#[derive(Clone, Copy)]
struct DependencyOutput<'a> {
    file: &'a Path,
    object: &'a Path,
}

struct Planner<'a> {
    invocation: &'a Invocation,
    tools: &'a Tools,
    scratch: Scratch,
    commands: Vec<Command>,
    dependency_merges: Vec<(PathBuf, PathBuf)>,
    /// Per source whose translation unit has SYCL kernel attributes (in the source or in the
    /// project headers it includes), each such file and its rewritten text's file
    /// ([`kernel_attributes`]).
    rewritten_sources: Vec<(PathBuf, Vec<(PathBuf, PathBuf)>)>,
    kernel_listings: Vec<PathBuf>,
}

/// Which front-end pass reads a source.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Pass {
    Device,
    Host,
}

impl Planner<'_> {
    /// The dependency flags of a front-end pass writing `output`; nothing without `-MD`/`-MMD`.
    fn dependency_args(&self, output: Option<DependencyOutput<'_>>) -> Vec<OsString> {
        match output {
            Some(output) => dependency_flags(
                &self.invocation.dependencies,
                Some(output.file),
                Some(output.object),
            ),
            None => Vec::new(),
        }
    }

    /// The requested dependency file of `source` compiled to `object` (clang's default: the
    /// object's name with `.d`), and the device pass's own, merged into it after the run.
    fn dependency_files(&mut self, source: &Path, object: &Path) -> Option<(PathBuf, PathBuf)> {
        self.invocation.dependencies.system_headers?;
        let file = self
            .invocation
            .dependencies
            .file
            .clone()
            .unwrap_or_else(|| object.with_extension("d"));
        let device = self.scratch.file(&format!("{}.device.d", stem(source)));
        self.dependency_merges.push((device.clone(), file.clone()));
        Some((file, device))
    }

    /// Both front-end passes of `source`, the host object to `host` and the device bitcode to
    /// `device`, with dependency files describing `object`. Returns the `llvm-objcopy` flags the
    /// host object still needs (the unit's shared device_globals, `SharedGlobals`), for the
    /// caller's `llvm-objcopy` of it.
    fn front_ends(
        &mut self,
        source: &Path,
        device: &Path,
        host: &Path,
        object: &Path,
    ) -> Result<[OsString; 2], DriverError> {
        let files = self.dependency_files(source, object);
        let output = |file| DependencyOutput { file, object };
        let shared = SharedGlobals::new(&self.scratch, source, object)?;
        self.device_front_end(
            source,
            device,
            files.as_ref().map(|(_, d)| output(d.as_path())),
            &shared.unit,
            &shared.files(),
        );
        self.host_front_end(
            source,
            host,
            files.as_ref().map(|(f, _)| output(f.as_path())),
            &shared.unit,
        );
        Ok(shared.objcopy_args())
    }

    /// `-x c++` before the source when the user forced the language; the rewritten kernel
    /// attributes of the source and its project headers, and their macro, if it has any.
    fn source_args(&self, source: &Path, pass: Pass) -> Vec<OsString> {
        let mut args: Vec<OsString> = Vec::new();
        if let Some((_, remaps)) = self.rewritten_sources.iter().find(|(s, _)| s == source) {
            let definition = match pass {
                Pass::Device => kernel_attributes::DEVICE_DEFINITION,
                Pass::Host => kernel_attributes::HOST_DEFINITION,
            };
            args.push(format!("-D{definition}").into());
            for (file, rewritten) in remaps {
                let mut remap = OsString::from(file);
                remap.push(";");
                remap.push(rewritten);
                args.extend([
                    "-Xclang".into(),
                    "-remap-file".into(),
                    "-Xclang".into(),
                    remap,
                ]);
            }
        }
        if self.invocation.force_cpp {
            args.extend(["-x".into(), "c++".into()]);
        }
        args.push(source.into());
        args
    }

    /// Writes the rewritten text of every source and included header (but ours) with SYCL kernel
    /// attributes to the scratch directory, for both front-ends to read in its place.
    fn rewrite_kernel_attributes(&mut self) -> Result<(), DriverError> {
        for (source, kind) in &self.invocation.inputs {
            if *kind != InputKind::Source || source.as_os_str() == "-" {
                continue;
            }
            let mut remaps = Vec::new();
            if let Some(text) = kernel_attributes::rewrite(&read_input(source)?) {
                remaps.push(self.write_rewritten(source, source, 0, &text)?);
            }
            for header in self.included_headers(source) {
                // A header the preprocessor did not find is the front-ends' error to report.
                let Ok(bytes) = std::fs::read(&header) else {
                    continue;
                };
                if let Some(text) = kernel_attributes::rewrite(&bytes) {
                    remaps.push(self.write_rewritten(source, &header, remaps.len() + 1, &text)?);
                }
            }
            if !remaps.is_empty() {
                self.rewritten_sources.push((source.clone(), remaps));
            }
        }
        Ok(())
    }

    /// Writes the rewritten `text` of `file`, the `index`th of `source`'s translation unit, to
    /// the scratch directory; returns the pair `-remap-file` takes.
    fn write_rewritten(
        &self,
        source: &Path,
        file: &Path,
        index: usize,
        text: &[u8],
    ) -> Result<(PathBuf, PathBuf), DriverError> {
        let extension = file
            .extension()
            .map_or("cpp".into(), |e| e.to_string_lossy());
        let rewritten = self.scratch.file(&format!(
            "{}.{index}.kernel-attributes.{extension}",
            stem(source)
        ));
        if file.to_string_lossy().contains(';') || rewritten.to_string_lossy().contains(';') {
            return Err(DriverError::Invalid(format!(
                "{}: a file with SYCL kernel attributes cannot have ';' in its path",
                file.display()
            )));
        }
        std::fs::write(&rewritten, text).map_err(|source| DriverError::Io {
            path: rewritten.clone(),
            source,
        })?;
        Ok((file.to_path_buf(), rewritten))
    }

    /// The headers the device pass of `source` includes, as the preprocessor lists them (`-M`),
    /// but for ours: kernels and their attributes are also written in a project's headers and
    /// in header-only libraries. Empty when the preprocessor fails: the front-ends then report
    /// why.
    fn included_headers(&self, source: &Path) -> Vec<PathBuf> {
        let scan = self
            .device_clang()
            .args(["-M", "-MG"])
            .args(self.invocation.force_cpp.then_some("-x"))
            .args(self.invocation.force_cpp.then_some("c++"))
            .arg(source);
        let output = std::process::Command::new(&scan.program)
            .args(&scan.args)
            .stderr(std::process::Stdio::null())
            .output();
        match output {
            Ok(output) if output.status.success() => {
                let listed = depfile::prerequisites(&String::from_utf8_lossy(&output.stdout));
                listed
                    .into_iter()
                    .filter(|path| path != source && !path.starts_with(&self.tools.include_dir))
                    .collect()
            }
            _ => Vec::new(),
        }
    }

    /// The device pass's clang with every flag but what it does with the source.
    fn device_clang(&self) -> Command {
        let invocation = self.invocation;
        let opt = invocation.opt_flag.clone().unwrap_or_else(|| "-O2".into());
        let mut clang = Command::new(&self.tools.clang)
            .args(["-Xclang", "-fsycl-is-device"])
            // The vectorizer across work-items wants one work-item's scalar code: no SLP packing
            // of unrelated values, no loop vectorization (docs/vectorizer.md,
            // "Preparation"). The backend's own O3 does those later on the final code. Nor
            // common code sunk out of two paths into one block both enter: a divergent branch
            // then leads into a region with a second entry, which the vectorizer refuses.
            .args(["-fno-vectorize", "-fno-slp-vectorize"])
            .args(["-mllvm", "-sink-common-insts=false"])
            .args([
                "-D__SYCL_DEVICE_ONLY__",
                "-D__SYCL_NATIVE_CPU__",
                "-isystem",
            ])
            .arg(&self.tools.include_dir)
            .args(invocation.compile_flags.iter())
            .args(invocation.sanitizers.device_front_end())
            .arg(opt);
        if invocation.fast_math_flushes_denormals() {
            // Kernels flush denormals as the host's crtfastmath.o makes host code do.
            clang = clang.arg("-fdenormal-fp-math=preserve-sign");
        }
        if invocation.debug {
            clang = clang.arg("-g");
        }
        clang
    }

    fn device_front_end(
        &mut self,
        source: &Path,
        output: &Path,
        dependencies: Option<DependencyOutput<'_>>,
        unit: &str,
        shared_globals_files: &[String],
    ) {
        let front_end_output = self.scratch.file(&format!("{}.device-fe.bc", stem(source)));
        let clang = self
            .device_clang()
            .args(["-c", "-emit-llvm"])
            .arg(format!("-D__NCPU_UNIT=\"{unit}\""))
            .args(self.dependency_args(dependencies));
        self.commands.push(
            clang
                .args(self.source_args(source, Pass::Device))
                .arg("-o")
                .arg(&front_end_output),
        );
        self.commands.push(
            Command::new(&self.tools.muxc)
                .arg(format!(
                    "--passes={}",
                    nativecpu_compiler::pipeline::front_end_pipeline(unit, shared_globals_files)
                ))
                .arg("--filetype=obj")
                .arg(&front_end_output)
                .arg("-o")
                .arg(output),
        );
    }

    /// The host pass's clang with every flag but what it does with the source.
    fn host_clang(&self) -> Command {
        let invocation = self.invocation;
        let mut clang = Command::new(&self.tools.clang)
            .args([
                "-Xclang",
                "-fsycl-is-host",
                "-D__SYCL_NATIVE_CPU__",
                "-isystem",
            ])
            .arg(&self.tools.include_dir)
            .args(invocation.compile_flags.iter())
            .args(invocation.sanitizers.flags.iter())
            .args(invocation.opt_flag.iter());
        if invocation.debug {
            clang = clang.arg("-g");
        }
        clang
    }

    /// The host pass of `source`. `unit` names the translation unit in the names of kernels
    /// whose name types have internal linkage, as `unit-kernel-names` names their device
    /// kernels (docs/kernel-features.md, "Names of internal linkage").
    fn host_front_end(
        &mut self,
        source: &Path,
        output: &Path,
        dependencies: Option<DependencyOutput<'_>>,
        unit: &str,
    ) {
        let clang = self
            .host_clang()
            .arg("-c")
            .arg(format!("-D__NCPU_UNIT=\"{unit}\""))
            .args(self.dependency_args(dependencies));
        self.commands.push(
            clang
                .args(self.source_args(source, Pass::Host))
                .arg("-o")
                .arg(output)
                .alongside(output),
        );
    }

    /// `ncpu++ -c device.bc -o device.o`: the Native CPU backend.
    fn device_compile(&mut self, device_ir: &Path, output: &Path) {
        let invocation = self.invocation;
        let mut command = Command::new(&self.tools.driver)
            .arg("-c")
            .arg(format!("-O{}", invocation.device_opt_level()))
            .arg(format!(
                "-march={}",
                invocation.march.as_deref().unwrap_or("native")
            ));
        if invocation.debug {
            command = command.arg("-g");
        }
        for option in &invocation.backend_options {
            command = command.arg("-mllvm").arg(option.spelling());
        }
        // The backend's warnings follow the front-end's (run.rs, warning_policy).
        for flag in ["-w", "-Werror"] {
            if invocation.compile_flags.iter().any(|given| given == flag) {
                command = command.arg(flag);
            }
        }
        for sanitizer in invocation.sanitizers.backend() {
            command = command.arg(format!("-fsanitize={}", sanitizer.name()));
        }
        self.commands
            .push(command.arg(device_ir).arg("-o").arg(output));
    }

    /// The device bitcode of the members of a static archive made by `ncpu++ -fsycl -c`:
    /// `llvm-ar x` extracts them, `llvm-objcopy` dumps each one's section. The archive itself goes
    /// to the host link unchanged (the section is SHF_EXCLUDE), which takes the members it needs.
    fn archive_device_code(&mut self, archive: &Path) -> Result<Vec<PathBuf>, DriverError> {
        let members = device_members(archive)?;
        if members.is_empty() {
            return Ok(Vec::new());
        }
        let directory = self.scratch.file(&format!("{}.members", stem(archive)));
        self.commands.push(
            Command::new(&self.tools.llvm_ar)
                .arg("x")
                .arg(format!("--output={}", directory.display()))
                .arg(archive)
                .args(members.iter()),
        );
        let mut modules = Vec::new();
        for member in &members {
            let name = format!("{}-{}", stem(archive), stem(Path::new(member)));
            let device = self.scratch.file(&format!("{name}.device.bc"));
            self.commands.push(
                Command::new(&self.tools.llvm_objcopy)
                    .arg(format!(
                        "--dump-section={DEVICE_SECTION}={}",
                        device.display()
                    ))
                    .arg(directory.join(member))
                    .arg(self.scratch.file(&format!("{name}.host.o"))),
            );
            modules.push(device);
        }
        Ok(modules)
    }

    fn output_or(&self, default: PathBuf) -> PathBuf {
        self.invocation.output.clone().unwrap_or(default)
    }

    fn plan_sycl(&mut self) -> Result<(), DriverError> {
        let invocation = self.invocation;
        match invocation.mode {
            Mode::DeviceOnly => {
                for input in sources_only(invocation, "-fsycl-device-only")? {
                    let output = self.output_or(PathBuf::from(format!("{}.bc", stem(input))));
                    let file = self.invocation.dependencies.file.clone();
                    let file = file.unwrap_or_else(|| output.with_extension("d"));
                    let dependencies = DependencyOutput {
                        file: &file,
                        object: &output,
                    };
                    let unit = SharedGlobals::unit(input, &output);
                    self.device_front_end(input, &output, Some(dependencies), &unit, &[]);
                }
            }
            Mode::CompileOnly => {
                for (input, kind) in &invocation.inputs {
                    match kind {
                        InputKind::Source => {
                            let output =
                                self.output_or(PathBuf::from(format!("{}.o", stem(input))));
                            let device = self.scratch.file(&format!("{}.device.bc", stem(input)));
                            let host = self.scratch.file(&format!("{}.host.o", stem(input)));
                            let shared_globals = self.front_ends(input, &device, &host, &output)?;
                            self.commands.push(
                                Command::new(&self.tools.llvm_objcopy)
                                    .args(shared_globals)
                                    .arg(format!(
                                        "--add-section={DEVICE_SECTION}={}",
                                        device.display()
                                    ))
                                    .arg(format!("--set-section-flags={DEVICE_SECTION}=exclude"))
                                    .arg(&host)
                                    .arg(&output),
                            );
                        }
                        InputKind::DeviceIr => {
                            let output =
                                self.output_or(PathBuf::from(format!("{}.o", stem(input))));
                            self.device_compile(input, &output);
                        }
                        InputKind::Object | InputKind::Archive => {}
                    }
                }
            }
            Mode::Link => self.plan_link()?,
            Mode::DeviceLink => self.plan_device_link()?,
            Mode::SyntaxOnly => self.plan_syntax_checks()?,
            Mode::PrintFreeFunctionKernels => self.plan_kernel_listings()?,
        }
        Ok(())
    }

    /// `--print-free-function-kernels`: the device front-end of each source, without the
    /// pipeline (whose `lower-kernel-properties` removes the annotations the listing reads).
    fn plan_kernel_listings(&mut self) -> Result<(), DriverError> {
        for input in sources_only(self.invocation, "--print-free-function-kernels")? {
            let listing = self.scratch.file(&format!("{}.kernels.bc", stem(input)));
            let clang = self
                .device_clang()
                .args(["-c", "-emit-llvm"])
                .args(self.source_args(input, Pass::Device));
            self.commands.push(clang.arg("-o").arg(&listing));
            self.kernel_listings.push(listing);
        }
        Ok(())
    }

    /// `-fsyntax-only`: the device and the host pass of each source, checking only.
    fn plan_syntax_checks(&mut self) -> Result<(), DriverError> {
        for input in sources_only(self.invocation, "-fsyntax-only")? {
            for (clang, pass) in [
                (self.device_clang(), Pass::Device),
                (self.host_clang(), Pass::Host),
            ] {
                let check = clang
                    .arg("-fsyntax-only")
                    .args(self.source_args(input, pass));
                self.commands.push(check);
            }
        }
        Ok(())
    }

    /// The device bitcode and the host inputs of a link's inputs, with the commands that take
    /// the bitcode out of `-c` objects and archives.
    fn link_inputs(&mut self) -> Result<(Vec<PathBuf>, Vec<PathBuf>), DriverError> {
        let invocation = self.invocation;
        let mut device_modules = Vec::new();
        let mut host_inputs: Vec<PathBuf> = Vec::new();
        for (input, kind) in &invocation.inputs {
            match kind {
                InputKind::Source => {
                    let device = self.scratch.file(&format!("{}.device.bc", stem(input)));
                    let host = self.scratch.file(&format!("{}.host.o", stem(input)));
                    let shared_globals = self.front_ends(
                        input,
                        &device,
                        &host,
                        Path::new(&format!("{}.o", stem(input))),
                    )?;
                    self.commands.push(
                        Command::new(&self.tools.llvm_objcopy)
                            .args(shared_globals)
                            .arg(&host),
                    );
                    device_modules.push(device);
                    host_inputs.push(host);
                }
                InputKind::Object if has_device_section(input)? => {
                    let device = self.scratch.file(&format!("{}.device.bc", stem(input)));
                    let host = self.scratch.file(&format!("{}.host.o", stem(input)));
                    self.commands.push(
                        Command::new(&self.tools.llvm_objcopy)
                            .arg(format!(
                                "--dump-section={DEVICE_SECTION}={}",
                                device.display()
                            ))
                            .arg(format!("--remove-section={DEVICE_SECTION}"))
                            .arg(input)
                            .arg(&host),
                    );
                    device_modules.push(device);
                    host_inputs.push(host);
                }
                InputKind::Archive => {
                    device_modules.extend(self.archive_device_code(input)?);
                    host_inputs.push(input.clone());
                }
                InputKind::Object => host_inputs.push(input.clone()),
                InputKind::DeviceIr => device_modules.push(input.clone()),
            }
        }
        for archive in static_libraries(&invocation.link_flags) {
            device_modules.extend(self.archive_device_code(&archive)?);
        }
        Ok((device_modules, host_inputs))
    }

    /// The device steps of a link: `llvm-link`, `sycl-post-link`, the device compile and
    /// `offload-wrapper`; returns the device object and the registration object.
    fn device_link(&mut self, device_modules: &[PathBuf], out_stem: &str) -> [PathBuf; 2] {
        let linked = self.scratch.file(&format!("{out_stem}.device-linked.bc"));
        let table = self.scratch.file(&format!("{out_stem}.table"));
        let device_object = self.scratch.file(&format!("{out_stem}.device.o"));
        let wrapper_object = self.scratch.file(&format!("{out_stem}.wrapper.o"));
        self.commands.push(
            Command::new(&self.tools.llvm_link)
                .args(device_modules.iter())
                .arg("-o")
                .arg(&linked),
        );
        self.commands.push(
            Command::new(&self.tools.post_link)
                .args(sycl_post_link::NATIVE_CPU_DRIVER_OPTIONS.iter())
                .arg("-o")
                .arg(&table)
                .arg(&linked),
        );
        self.device_compile(&linked, &device_object);
        self.commands.push(
            Command::new(&self.tools.wrapper)
                .arg(format!("-o={}", wrapper_object.display()))
                .arg(format!(
                    "-host={}",
                    nativecpu_compiler::target::host_triple()
                ))
                .args(["-kind=sycl", "-target=native_cpu", "-batch"])
                .arg(&table),
        );
        [device_object, wrapper_object]
    }

    /// `-fsycl-link`: the device steps, then `clang++ -r` joins the device object and the
    /// registration object into the output, for a later link with the host objects and the
    /// runtime.
    fn plan_device_link(&mut self) -> Result<(), DriverError> {
        let output = self.output_or(PathBuf::from("a.o"));
        let (device_modules, _) = self.link_inputs()?;
        if device_modules.is_empty() {
            return Err(DriverError::Invalid(
                "-fsycl-link found no device code in its inputs (give it objects or archives made by ncpu++ -fsycl -c)".into(),
            ));
        }
        let objects = self.device_link(&device_modules, &stem(&output));
        self.commands.push(
            Command::new(&self.tools.clang)
                .arg("-r")
                .args(objects.iter())
                .arg("-o")
                .arg(&output),
        );
        Ok(())
    }

    fn plan_link(&mut self) -> Result<(), DriverError> {
        let invocation = self.invocation;
        let output = self.output_or(PathBuf::from("a.out"));
        let (device_modules, mut host_inputs) = self.link_inputs()?;
        if !device_modules.is_empty() {
            host_inputs.extend(self.device_link(&device_modules, &stem(&output)));
        }
        let driver_record = self.record_driver()?;
        let mut link = Command::new(&self.tools.clang).args(host_inputs.iter());
        if invocation.debug {
            link = link.arg("-g");
        }
        link = link
            .args(["-x", "c"])
            .arg(&driver_record)
            .args(["-x", "none"])
            .arg(&self.tools.runtime_library)
            // One runtime per process (docs/runtime-abi.md, "Shared libraries"): a program
            // exports the runtime's entry points, which then serve its shared libraries' kernels
            // too, and a shared library's own copy runs only in a process without another.
            .args(RUNTIME_EXPORTS.map(|symbol| format!("-Wl,--export-dynamic-symbol={symbol}")))
            // glibc's vector math (docs/vectorizer.md, "Vector math"), only when device code
            // calls it.
            .args(["-Wl,--push-state,--as-needed", "-lmvec", "-Wl,--pop-state"])
            .args(["-lpthread", "-ldl", "-lm"])
            .args(invocation.link_flags.iter())
            // clang links the sanitizers' runtimes when the link has their flags too.
            .args(invocation.sanitizers.flags.iter())
            .arg("-o")
            .arg(&output);
        self.commands.push(link);
        Ok(())
    }

    /// A C source whose constructor tells the runtime which `ncpu++` linked the program or
    /// library, for the kernel compiler (docs/kernel-compiler.md, "Finding ncpu++"); compiled
    /// as part of the link.
    fn record_driver(&self) -> Result<PathBuf, DriverError> {
        let path = self.scratch.file("compiler-driver.c");
        // The path's bytes as an array's elements, which need no escaping.
        let bytes: Vec<String> = (self.tools.driver.as_os_str().as_bytes().iter())
            .map(|byte| byte.to_string())
            .collect();
        let source = format!(
            "void __nativecpu_set_compiler_driver(const char *);\n\
             static const char driver[] = {{{}, 0}};\n\
             __attribute__((constructor)) static void record_compiler_driver(void) {{\n\
             \x20 __nativecpu_set_compiler_driver(driver);\n}}\n",
            bytes.join(", ")
        );
        std::fs::write(&path, source).map_err(|source| DriverError::Io {
            path: path.clone(),
            source,
        })?;
        Ok(path)
    }

    /// Without `-fsycl` the driver is clang++: one command with everything forwarded.
    fn plan_plain(&mut self) {
        let invocation = self.invocation;
        let mut clang = Command::new(&self.tools.clang)
            .args(invocation.compile_flags.iter())
            .args(invocation.sanitizers.flags.iter())
            .args(invocation.opt_flag.iter());
        if invocation.debug {
            clang = clang.arg("-g");
        }
        clang = clang.args(dependency_flags(
            &invocation.dependencies,
            invocation.dependencies.file.as_deref(),
            None,
        ));
        if invocation.force_cpp {
            clang = clang.args(["-x", "c++"]);
        }
        match invocation.mode {
            Mode::CompileOnly => clang = clang.arg("-c"),
            Mode::SyntaxOnly => clang = clang.arg("-fsyntax-only"),
            _ => {}
        }
        clang = clang
            .args(invocation.inputs.iter().map(|(path, _)| path))
            .args(invocation.link_flags.iter());
        if let Some(output) = &invocation.output {
            clang = clang.arg("-o").arg(output);
        }
        self.commands.push(clang);
    }
}

/// clang's dependency-file flags: `-MD` or `-MMD`, `-MF file`, the targets of `-MT`/`-MQ` or
/// else `default_target` (Make-quoted, as clang's own default), and `-MP`; nothing without
/// `-MD`/`-MMD`.
fn dependency_flags(
    flags: &DependencyFlags,
    file: Option<&Path>,
    default_target: Option<&Path>,
) -> Vec<OsString> {
    let Some(system_headers) = flags.system_headers else {
        return Vec::new();
    };
    let mut args: Vec<OsString> = vec![if system_headers { "-MD" } else { "-MMD" }.into()];
    if let Some(file) = file {
        args.extend(["-MF".into(), file.into()]);
    }
    match default_target {
        Some(target) if flags.targets.is_empty() => args.extend(["-MQ".into(), target.into()]),
        _ => {}
    }
    for (flag, target) in &flags.targets {
        args.extend([flag.into(), target.into()]);
    }
    if flags.phony {
        args.push("-MP".into());
    }
    args
}

/// The inputs of a mode that reads only C++ sources (`flag` names it), or the error naming the
/// first other input.
fn sources_only<'a>(invocation: &'a Invocation, flag: &str) -> Result<Vec<&'a Path>, DriverError> {
    invocation
        .inputs
        .iter()
        .map(|(input, kind)| match kind {
            InputKind::Source => Ok(input.as_path()),
            _ => Err(DriverError::Invalid(format!(
                "{flag} takes C++ sources, not '{}'",
                input.display()
            ))),
        })
        .collect()
}

fn read_input(path: &Path) -> Result<Vec<u8>, DriverError> {
    std::fs::read(path).map_err(|source| DriverError::Io {
        path: path.to_path_buf(),
        source,
    })
}

/// Whether ELF bytes are an object made by `ncpu++ -fsycl -c`, carrying device bitcode.
fn elf_has_device_section(bytes: &[u8]) -> bool {
    match goblin::elf::Elf::parse(bytes) {
        Ok(elf) => elf
            .section_headers
            .iter()
            .any(|header| elf.shdr_strtab.get_at(header.sh_name) == Some(DEVICE_SECTION)),
        Err(_) => false,
    }
}

/// Whether an object was made by `ncpu++ -fsycl -c` and carries device bitcode.
fn has_device_section(path: &Path) -> Result<bool, DriverError> {
    Ok(elf_has_device_section(&read_input(path)?))
}

/// The runtime's entry points (`nativecpu/runtime.h`, `__sycl_register_lib` and
/// `__sycl_unregister_lib`), as the linker's symbol patterns.
const RUNTIME_EXPORTS: [&str; 2] = ["__nativecpu_*", "__sycl_*register_lib"];

/// The static archives the host link will take for `-l<name>`: `lib<name>.a` in the first `-L`
/// directory that has `lib<name>.a` or `lib<name>.so` (the linker prefers the shared library,
/// which carries no device code of ours).
fn static_libraries(link_flags: &[String]) -> Vec<PathBuf> {
    let directories: Vec<&str> = link_flags
        .iter()
        .filter_map(|f| f.strip_prefix("-L"))
        .collect();
    link_flags
        .iter()
        .filter_map(|flag| flag.strip_prefix("-l"))
        .filter_map(|name| {
            directories.iter().find_map(|dir| {
                let dir = Path::new(dir);
                if dir.join(format!("lib{name}.so")).exists() {
                    return Some(None);
                }
                let archive = dir.join(format!("lib{name}.a"));
                archive.exists().then_some(Some(archive))
            })?
        })
        .collect()
}

/// The members of a static archive that carry device bitcode (none for a shared library or an
/// archive of plain objects).
fn device_members(path: &Path) -> Result<Vec<String>, DriverError> {
    let bytes = read_input(path)?;
    let Ok(archive) = goblin::archive::Archive::parse(&bytes) else {
        return Ok(Vec::new());
    };
    Ok(archive
        .members()
        .into_iter()
        .filter(|member| {
            archive
                .extract(member, &bytes)
                .is_ok_and(elf_has_device_section)
        })
        .map(str::to_owned)
        .collect())
}

/// Plans `invocation`: checks inputs exist and lists the commands.
pub fn plan(invocation: &Invocation, tools: &Tools) -> Result<Plan, DriverError> {
    if invocation.inputs.is_empty() {
        return Err(DriverError::NoInputs);
    }
    for (input, _) in &invocation.inputs {
        if !input.exists() {
            return Err(DriverError::MissingInput(input.clone()));
        }
    }
    let produces_one_file_per_input =
        matches!(invocation.mode, Mode::CompileOnly | Mode::DeviceOnly);
    let outputs = invocation
        .inputs
        .iter()
        .filter(|(_, kind)| matches!(kind, InputKind::Source | InputKind::DeviceIr))
        .count();
    if produces_one_file_per_input && invocation.output.is_some() && outputs > 1 {
        return Err(DriverError::OutputWithMultipleFiles);
    }
    let prefix = invocation
        .output
        .as_deref()
        .map(stem)
        .unwrap_or_else(|| stem(&invocation.inputs[0].0));
    let mut planner = Planner {
        invocation,
        tools,
        scratch: Scratch::new(invocation.save_temps, &prefix)?,
        commands: Vec::new(),
        dependency_merges: Vec::new(),
        rewritten_sources: Vec::new(),
        kernel_listings: Vec::new(),
    };
    if invocation.sycl {
        planner.rewrite_kernel_attributes()?;
        planner.plan_sycl()?;
    } else {
        planner.plan_plain();
    }
    Ok(Plan {
        commands: planner.commands,
        dependency_merges: planner.dependency_merges,
        scratch: planner.scratch,
        kernel_listings: planner.kernel_listings,
    })
}
