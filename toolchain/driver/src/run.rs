//! Runs an invocation: the in-process device compile for `-c <device IR>`, otherwise the planned
//! commands one after the other, stopping at the first failure.

use std::process::Command as Process;

use nativecpu_compiler::backend::{compile_device_module, BackendOptions};
use nativecpu_compiler::pipeline::VectorizerOptions;
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
        vectorizer: vectorizer_options(&invocation.backend_options),
        sanitizers: invocation.sanitizers.backend(),
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

fn execute(command: &Command) -> Result<(), DriverError> {
    let status = Process::new(&command.program)
        .args(&command.args)
        .status()
        .map_err(|source| DriverError::Spawn {
            tool: command.program.display().to_string(),
            source,
        })?;
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

/// Runs the invocation to completion.
pub fn run(invocation: &Invocation) -> Result<(), DriverError> {
    if !invocation.print_only {
        check_output_directory(invocation)?;
    }
    if is_device_compile(invocation) {
        return compile_device_ir(invocation);
    }
    let tools = Tools::locate()?;
    let plan = plan(invocation, &tools)?;
    for command in &plan.commands {
        if invocation.print_only || invocation.verbose {
            eprintln!(" {}", command.render());
        }
        if !invocation.print_only {
            execute(command)?;
        }
    }
    if !invocation.print_only {
        for (device, requested) in &plan.dependency_merges {
            depfile::merge(device, requested)?;
        }
    }
    Ok(())
}

/// What the `-mllvm` options ask of the vectorizer.
fn vectorizer_options(options: &[BackendOption]) -> VectorizerOptions {
    let mut vectorizer = VectorizerOptions::default();
    for option in options {
        match option {
            BackendOption::NoVecz => vectorizer.enabled = false,
            BackendOption::VeczWidth(width) => vectorizer.width = Some(*width),
            BackendOption::ForceNoTail => vectorizer.no_tail = true,
            BackendOption::VeczRemarks => vectorizer.remarks = true,
            BackendOption::Debug | BackendOption::DumpDeviceIr => {}
        }
    }
    vectorizer
}
