//! The host target: a TargetMachine for the CPU the code will run on, and the per-function
//! target attributes that make LLVM optimise for it.

use inkwell::module::Module;
use inkwell::targets::{
    CodeModel, InitializationConfig, RelocMode, Target, TargetMachine, TargetTriple,
};
use inkwell::OptimizationLevel;

use crate::ir::{attributes, walk};
use crate::CompileError;

/// The CPU to generate code for: `native` (the build machine's CPU and features, the default)
/// or an LLVM CPU name such as `x86-64-v3` or `skylake`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CpuSelection(pub String);

impl Default for CpuSelection {
    fn default() -> Self {
        CpuSelection("native".into())
    }
}

impl CpuSelection {
    /// Refuses a CPU name LLVM 22 does not know, with one line. LLVM's C API cannot ask, and
    /// given an unknown name LLVM warns once per subtarget and generates code for a CPU without
    /// 64-bit mode (a fatal error in the code generator); clang++-22's check of `-march=` uses the
    /// same table, so it is asked (about 20 ms, only for a name other than `native`).
    pub fn check(&self) -> Result<(), CompileError> {
        if self.0 == "native" {
            return Ok(());
        }
        let clang = ncpu_locate::llvm::tool("clang++");
        let output = std::process::Command::new(&clang)
            .arg(format!("-march={}", self.0))
            .args(["-fsyntax-only", "-x", "c++", "/dev/null"])
            .stdin(std::process::Stdio::null())
            .output()
            .map_err(|error| {
                CompileError::Target(format!(
                    "cannot check CPU '{}' with {}: {error}",
                    self.0,
                    clang.display()
                ))
            })?;
        if output.status.success() {
            return Ok(());
        }
        let diagnostics = String::from_utf8_lossy(&output.stderr);
        Err(CompileError::Target(
            if diagnostics.contains("unknown target CPU") {
                format!(
                    "unknown target CPU '{}' (clang++-22 --print-supported-cpus lists them)",
                    self.0
                )
            } else {
                format!(
                    "CPU '{}' refused: {}",
                    self.0,
                    diagnostics.lines().next().unwrap_or("no message")
                )
            },
        ))
    }

    /// The CPU name and feature string LLVM should use.
    pub fn resolve(&self) -> (String, String) {
        if self.0 == "native" {
            (
                TargetMachine::get_host_cpu_name().to_string(),
                TargetMachine::get_host_cpu_features().to_string(),
            )
        } else {
            (self.0.clone(), String::new())
        }
    }
}

/// LLVM's optimisation level for `-O<level>` (3 and above are `-O3`).
pub fn optimization_level(level: u8) -> OptimizationLevel {
    match level {
        0 => OptimizationLevel::None,
        1 => OptimizationLevel::Less,
        2 => OptimizationLevel::Default,
        _ => OptimizationLevel::Aggressive,
    }
}

/// A TargetMachine for the host triple and the selected CPU, producing position-independent
/// code (objects end up in PIE executables).
pub fn host_target_machine(
    cpu: &CpuSelection,
    opt_level: u8,
) -> Result<TargetMachine, CompileError> {
    // Once per process: the code generator's threads (crate::codegen) each make a machine, and
    // LLVM's target registration is not meant to run concurrently.
    static INITIALIZED: std::sync::OnceLock<Result<(), String>> = std::sync::OnceLock::new();
    INITIALIZED
        .get_or_init(|| Target::initialize_native(&InitializationConfig::default()))
        .clone()
        .map_err(CompileError::Target)?;
    let triple = TargetMachine::get_default_triple();
    let target = Target::from_triple(&triple).map_err(|e| CompileError::Target(e.to_string()))?;
    let (cpu_name, features) = cpu.resolve();
    target
        .create_target_machine(
            &triple,
            &cpu_name,
            &features,
            optimization_level(opt_level),
            RelocMode::PIC,
            CodeModel::Default,
        )
        .ok_or_else(|| {
            CompileError::Target(format!(
                "LLVM cannot generate code for CPU '{cpu_name}' on {triple}"
            ))
        })
}

/// Retargets `module` to `machine`: triple, data layout, and the `target-cpu` /
/// `target-features` / `tune-cpu` attributes of every definition. Front-ends write the generic
/// CPU into those attributes, and LLVM honours them over the TargetMachine, so without this
/// `-march=native` would not reach the vectorizer or the code generator.
pub fn retarget(module: &Module<'_>, machine: &TargetMachine, cpu: &CpuSelection) {
    let triple: TargetTriple = machine.get_triple();
    module.set_triple(&triple);
    module.set_data_layout(&machine.get_target_data().get_data_layout());
    let (cpu_name, features) = cpu.resolve();
    for function in module.get_functions().filter(|f| walk::is_definition(*f)) {
        attributes::set_string_attribute(function, "target-cpu", &cpu_name);
        attributes::set_string_attribute(function, "tune-cpu", &cpu_name);
        attributes::set_string_attribute(function, "target-features", &features);
    }
}

/// The triple of the machine the compiler runs on, which is also the device's.
pub fn host_triple() -> String {
    TargetMachine::get_default_triple()
        .as_str()
        .to_string_lossy()
        .into_owned()
}

/// The size of the build machine's largest CPU cache (Linux's `/sys/devices/system/cpu/cpu0/cache`),
/// or `None` where the system does not say. Like `native`, it assumes the program runs where it
/// was built.
pub fn last_level_cache_bytes() -> Option<u64> {
    let caches = std::fs::read_dir("/sys/devices/system/cpu/cpu0/cache").ok()?;
    caches
        .filter_map(|entry| std::fs::read_to_string(entry.ok()?.path().join("size")).ok())
        .filter_map(|size| parse_cache_size(size.trim()))
        .max()
}

/// A cache size as sysfs writes it: `32768K`, `1M`, or bytes.
fn parse_cache_size(text: &str) -> Option<u64> {
    let (digits, scale) = match text.as_bytes().last()? {
        b'K' => (&text[..text.len() - 1], 1 << 10),
        b'M' => (&text[..text.len() - 1], 1 << 20),
        b'G' => (&text[..text.len() - 1], 1 << 30),
        _ => (text, 1),
    };
    digits.parse::<u64>().ok().map(|value| value * scale)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cache_sizes_read_as_sysfs_writes_them() {
        assert_eq!(parse_cache_size("32768K"), Some(32 << 20));
        assert_eq!(parse_cache_size("1M"), Some(1 << 20));
        assert_eq!(parse_cache_size("4096"), Some(4096));
        assert_eq!(parse_cache_size("many"), None);
        assert_eq!(parse_cache_size(""), None);
    }
}
