//! Runs an invocation: the in-process device compile for `-c <device IR>`, otherwise the planned
//! commands in order, stopping at the first failure.
//!
//! When the machine has more than one core, a host front-end runs beside the other commands,
//! one at a time, from the start (it reads only its source) up to the first command that reads
//! its object: the device steps (the device front-end, `llvm-link`, `sycl-post-link`, the device
//! compile, `offload-wrapper`) need nothing from it, and for a source of many kernels the two
//! halves take similar time (docs/compile-cost.md). Its output is held back and passed on when it
//! has finished, so diagnostics are not interleaved; when a command fails while it runs, it is
//! stopped and its output dropped, so that a source's error is reported once, as when the steps
//! run one by one.

use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, Command as Process, ExitStatus, Stdio};
use std::thread::JoinHandle;

use nativecpu_compiler::backend::{
    compile_device_module, free_function_kernels_in, BackendOptions,
};
use nativecpu_compiler::pipeline::{VectorizerOptions, Warnings};
use nativecpu_compiler::target::CpuSelection;

use crate::depfile;
use crate::options::{BackendOption, InputKind, Invocation, Mode};
use crate::plan::{plan, Command};
use crate::tools::Tools;
use crate::DriverError;

fn is_device_compile(invocation: &Invocation) -> bool {
    invocation.mode == Mode::CompileOnly
        && !invocation.inputs.is_empty()
        && invocation
            .inputs
            .iter()
            .all(|(_, kind)| *kind == InputKind::DeviceIr)
}

/// `ncpu++ -c device.bc [-o device.o]`: the Native CPU backend, in this process.
fn compile_device_ir(invocation: &Invocation) -> Result<(), DriverError> {
    if invocation.output.is_some() && invocation.inputs.len() > 1 {
        return Err(DriverError::OutputWithMultipleFiles);
    }
    let options = BackendOptions {
        opt_level: invocation.device_opt_level(),
        cpu: invocation
            .march
            .clone()
            .map(CpuSelection)
            .unwrap_or_default(),
        debug_info: invocation.debug,
        dump_device_ir: invocation
            .backend_options
            .contains(&BackendOption::DumpDeviceIr),
        debuggable_work_items: invocation.backend_options.contains(&BackendOption::Debug),
        vectorizer: VectorizerOptions {
            warnings: warning_policy(&invocation.compile_flags),
            ..vectorizer_options(&invocation.backend_options)
        },
        sanitizers: invocation.sanitizers.backend(),
        codegen_threads: codegen_threads(&invocation.backend_options),
        ..BackendOptions::default()
    };
    for (input, _) in &invocation.inputs {
        if !input.exists() {
            return Err(DriverError::MissingInput(input.clone()));
        }
        let output = invocation.output.clone().unwrap_or_else(|| {
            let stem = input
                .file_stem()
                .unwrap_or_default()
                .to_string_lossy()
                .into_owned();
            format!("{stem}.o").into()
        });
        if invocation.print_only {
            eprintln!(
                "(in process) Native CPU backend: {} -> {}",
                input.display(),
                output.display()
            );
            continue;
        }
        compile_device_module(input, &output, &options)?;
    }
    Ok(())
}

fn spawn_error(command: &Command) -> impl FnOnce(std::io::Error) -> DriverError + '_ {
    move |source| DriverError::Spawn {
        tool: command.program.display().to_string(),
        source,
    }
}

fn execute(command: &Command) -> Result<(), DriverError> {
    let status = Process::new(&command.program)
        .args(&command.args)
        .status()
        .map_err(spawn_error(command))?;
    check_status(command, status)
}

/// The error of a command that exited with `status`, if it failed.
fn check_status(command: &Command, status: ExitStatus) -> Result<(), DriverError> {
    if status.success() {
        return Ok(());
    }
    // The device compile is this driver again: it has printed its own `ncpu++: error:` line.
    let is_this_driver = std::env::current_exe().is_ok_and(|exe| exe == command.program);
    match status.code() {
        Some(code) if is_this_driver => Err(DriverError::Reported(code)),
        _ => Err(DriverError::StepFailed {
            tool: command.tool_name(),
            status: match status.code() {
                Some(code) => format!("exit code {code}"),
                None => "a signal".into(),
            },
        }),
    }
}

/// The `-o` file's directory must exist: otherwise the step that writes it (often the linker,
/// after every other step ran) would fail with its own lines of diagnostics.
fn check_output_directory(invocation: &Invocation) -> Result<(), DriverError> {
    let Some(output) = &invocation.output else {
        return Ok(());
    };
    match output.parent() {
        Some(dir) if !dir.as_os_str().is_empty() && !dir.is_dir() => {
            Err(DriverError::MissingOutputDirectory(output.clone()))
        }
        _ => Ok(()),
    }
}

/// A command running beside the ones after it, with its output held back.
struct Alongside {
    command: Command,
    output: PathBuf,
    child: Child,
    stdout: JoinHandle<Vec<u8>>,
    stderr: JoinHandle<Vec<u8>>,
}

/// Reads a child's pipe to its end on a thread of its own, so that neither pipe fills up.
fn drain(mut pipe: impl Read + Send + 'static) -> JoinHandle<Vec<u8>> {
    std::thread::spawn(move || {
        let mut bytes = Vec::new();
        // What could be read is passed on; a broken pipe leaves the rest to the exit status.
        let _ = pipe.read_to_end(&mut bytes);
        bytes
    })
}

impl Alongside {
    fn start(command: &Command, output: PathBuf) -> Result<Self, DriverError> {
        let mut child = Process::new(&command.program)
            .args(&command.args)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .map_err(spawn_error(command))?;
        let stdout = drain(child.stdout.take().expect("stdout is piped"));
        let stderr = drain(child.stderr.take().expect("stderr is piped"));
        Ok(Alongside {
            command: command.clone(),
            output,
            child,
            stdout,
            stderr,
        })
    }

    /// Waits for the command, passes its output on, and fails as it did.
    fn finish(mut self) -> Result<(), DriverError> {
        let status = self.child.wait().map_err(spawn_error(&self.command))?;
        let stdout = self.stdout.join().unwrap_or_default();
        let stderr = self.stderr.join().unwrap_or_default();
        // Like a command run in the foreground, whose output the driver does not check either.
        let _ = std::io::stdout().write_all(&stdout);
        let _ = std::io::stderr().write_all(&stderr);
        check_status(&self.command, status)
    }

    /// Stops the command: one before it failed, whose error its own would only repeat.
    fn abandon(mut self) {
        // It may have exited already; either way it is reaped.
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Runs the commands in order, each host front-end beside the others (see the module's
/// documentation).
struct Runner<'a> {
    commands: &'a [Command],
    beside_allowed: bool,
    /// The command running beside, and its index.
    beside: Option<(usize, Alongside)>,
    /// The commands before this index that may run beside have been started.
    started_up_to: usize,
}

impl Runner<'_> {
    /// Starts the next command from `from` on that may run beside, if none is running: it reads
    /// nothing an earlier command writes, so it may start before them.
    fn start_next_beside(&mut self, from: usize) -> Result<(), DriverError> {
        if !self.beside_allowed || self.beside.is_some() {
            return Ok(());
        }
        let next = (from.max(self.started_up_to)..self.commands.len())
            .find(|&index| self.commands[index].alongside.is_some());
        if let Some(index) = next {
            let command = &self.commands[index];
            let output = command.alongside.clone().expect("found above");
            self.beside = Some((index, Alongside::start(command, output)?));
            self.started_up_to = index + 1;
        }
        Ok(())
    }

    /// Waits for the command beside if command `index` reads its output or may run beside
    /// itself, or if it has exited already (so that its failure stops the build now).
    fn settle_beside(&mut self, index: usize) -> Result<(), DriverError> {
        let command = &self.commands[index];
        let waits = self.beside.as_mut().is_some_and(|(started, job)| {
            *started != index
                && (command.reads(&job.output)
                    || command.alongside.is_some()
                    || job.child.try_wait().is_ok_and(|status| status.is_some()))
        });
        if waits {
            self.beside.take().expect("checked above").1.finish()?;
        }
        Ok(())
    }

    /// Command `index`'s turn: run it, unless it was started beside (then it is waited for when
    /// its output is needed).
    fn step(&mut self, index: usize) -> Result<(), DriverError> {
        self.settle_beside(index)?;
        self.start_next_beside(index)?;
        if self.commands[index].alongside.is_some() && index < self.started_up_to {
            return Ok(());
        }
        execute(&self.commands[index])
    }
}

/// Runs the commands in order (see the module's documentation for the ones that run beside).
fn run_commands(commands: &[Command], verbose: bool) -> Result<(), DriverError> {
    let mut runner = Runner {
        commands,
        beside_allowed: std::thread::available_parallelism().is_ok_and(|cores| cores.get() > 1),
        beside: None,
        started_up_to: 0,
    };
    let result = (0..commands.len()).try_for_each(|index| {
        if verbose {
            eprintln!(" {}", commands[index].render());
        }
        runner.step(index)
    });
    match (result, runner.beside) {
        (Ok(()), Some((_, job))) => job.finish(),
        (Err(error), Some((_, job))) => {
            job.abandon();
            Err(error)
        }
        (result, None) => result,
    }
}

/// Runs the invocation to completion.
pub fn run(invocation: &Invocation) -> Result<(), DriverError> {
    if !invocation.print_only {
        check_output_directory(invocation)?;
    }
    if is_device_compile(invocation) {
        return compile_device_ir(invocation);
    }
    // Before any step: clang's own refusal of the host compile's -march is several lines.
    if let (Some(cpu), false) = (&invocation.march, invocation.print_only) {
        CpuSelection(cpu.clone()).check()?;
    }
    let tools = Tools::locate()?;
    let plan = plan(invocation, &tools)?;
    if invocation.print_only {
        for command in &plan.commands {
            eprintln!(" {}", command.render());
        }
        return Ok(());
    }
    run_commands(&plan.commands, invocation.verbose)?;
    for (device, requested) in &plan.dependency_merges {
        depfile::merge(device, requested)?;
    }
    for listing in &plan.kernel_listings {
        print_free_function_kernels(listing)?;
    }
    Ok(())
}

/// Prints the free function kernels of one source's device front-end output, one per line.
fn print_free_function_kernels(device_ir: &Path) -> Result<(), DriverError> {
    for name in free_function_kernels_in(device_ir)? {
        println!("{name}");
    }
    Ok(())
}

/// The threads `-sycl-native-cpu-codegen-threads` asks for (the last one given).
fn codegen_threads(options: &[BackendOption]) -> Option<usize> {
    options.iter().rev().find_map(|option| match option {
        BackendOption::CodegenThreads(threads) => Some(*threads as usize),
        _ => None,
    })
}

/// What the `-mllvm` options ask of the vectorizer.
/// The device compile's warnings as the front-end's: `-w` silences them, else `-Werror` makes
/// them errors.
fn warning_policy(compile_flags: &[String]) -> Warnings {
    if compile_flags.iter().any(|flag| flag == "-w") {
        Warnings::Ignore
    } else if compile_flags.iter().any(|flag| flag == "-Werror") {
        Warnings::AsErrors
    } else {
        Warnings::Report
    }
}

fn vectorizer_options(options: &[BackendOption]) -> VectorizerOptions {
    let mut vectorizer = VectorizerOptions::default();
    for option in options {
        match option {
            BackendOption::NoVecz => vectorizer.enabled = false,
            BackendOption::VeczWidth(width) => vectorizer.width = Some(*width),
            BackendOption::ForceNoTail => vectorizer.no_tail = true,
            BackendOption::VeczRemarks => vectorizer.remarks = true,
            BackendOption::NoStreamingStores => vectorizer.streaming_stores = false,
            BackendOption::Debug
            | BackendOption::DumpDeviceIr
            | BackendOption::CodegenThreads(_) => {}
        }
    }
    vectorizer
}
