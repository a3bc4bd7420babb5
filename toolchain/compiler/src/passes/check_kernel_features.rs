//! `check-kernel-features`: refuses kernels that use what SYCL 2020 forbids in device code and
//! this device cannot give a meaning to (docs/kernel-features.md).
//!
//! Expects: the device module as the front-end wrote it, kernels as `spir_kernel` definitions.
//! Guarantees: nothing changes; a kernel that can reach, through direct calls or invokes,
//!
//! * a C++ `throw` (`__cxa_throw`, `__cxa_rethrow`, `__cxa_allocate_exception`): no device
//!   has anywhere to send the exception, and the program would abort mid-kernel;
//! * a `thread_local` variable (`llvm.threadlocal.address`): work-items are not threads, so it
//!   would be shared by the work-items and groups one worker thread happens to run;
//!
//! is an error naming the kernel, the chain of calls from it and, with `-g`, the source line.
//! Recursion, function pointers, virtual calls, `new`, inline assembly and variable-length
//! arrays are forbidden by SYCL too, but a CPU runs them as the host would: they are allowed and
//! tested (tests/programs/kernel_features.cpp).

use std::collections::{HashMap, VecDeque};

use inkwell::module::Module;
use inkwell::values::{FunctionValue, InstructionValue};

use super::{Changed, ModulePass, PassInfo};
use crate::ir::vector::operand;
use crate::ir::{calling_convention, walk};
use crate::CompileError;

/// The pass's name in pipeline text.
pub const NAME: &str = "check-kernel-features";

/// The pass as the registry declares it.
pub const PASS: PassInfo = PassInfo {
    name: NAME,
    parameters: "",
    help: "refuses kernels that can reach a C++ throw or a thread_local variable",
    create: super::without_parameters::<CheckKernelFeatures>,
};

/// The `check-kernel-features` pass: refuses kernels using what SYCL forbids in device code.
#[derive(Default)]
pub struct CheckKernelFeatures;

/// Why the call `instruction` of `callee` is forbidden, and the name that ends the call chain.
/// The headers' own `thread_local`s (in `sycl::`, such as `sycl::stream`'s per-thread record)
/// are meant per thread and allowed.
fn forbidden(instruction: InstructionValue<'_>, callee: &str) -> Option<(String, String)> {
    match callee {
        "__cxa_throw" | "__cxa_rethrow" | "__cxa_allocate_exception" => Some((
            "throws a C++ exception, which SYCL kernels cannot do".into(),
            callee.into(),
        )),
        name if name.starts_with("llvm.threadlocal.address") => {
            let variable = operand(instruction, 0)
                .map(|v| {
                    v.into_pointer_value()
                        .get_name()
                        .to_string_lossy()
                        .into_owned()
                })
                .map(|name| walk::demangled(&name))
                .unwrap_or_default();
            (!variable.starts_with("sycl::")).then(|| {
                (
                    format!(
                        "uses the thread_local variable '{variable}', which SYCL kernels cannot \
                         do (work-items are not threads)"
                    ),
                    variable,
                )
            })
        }
        _ => None,
    }
}

/// The functions `function` calls directly (calls and invokes), with the calling instruction.
fn callees<'ctx>(
    function: FunctionValue<'ctx>,
) -> Vec<(InstructionValue<'ctx>, FunctionValue<'ctx>)> {
    walk::instructions(function)
        .into_iter()
        .filter_map(|instruction| Some((instruction, walk::called_function(instruction)?)))
        .collect()
}

/// The first forbidden call reachable from `kernel` (breadth first, so the chain is short), as
/// an error.
fn check_kernel(kernel: FunctionValue<'_>) -> Result<(), CompileError> {
    let mut parent: HashMap<FunctionValue, FunctionValue> = HashMap::new();
    let mut work = VecDeque::from([kernel]);
    while let Some(function) = work.pop_front() {
        for (instruction, callee) in callees(function) {
            if let Some((reason, last)) = forbidden(instruction, &walk::name(callee)) {
                let mut chain = vec![last];
                let mut at = function;
                while at != kernel {
                    chain.push(walk::demangled(&walk::name(at)));
                    at = parent[&at];
                }
                // The headers' own frames (sycl::_V1::detail) say nothing to the user.
                chain.retain(|frame| !frame.contains("sycl::_V1::detail::"));
                chain.push("kernel".into());
                chain.reverse();
                let place =
                    walk::source_line(instruction).map_or(String::new(), |l| format!(" at {l}"));
                let readable = walk::demangled(&walk::name(kernel));
                let readable = readable
                    .strip_prefix("typeinfo name for ")
                    .unwrap_or(&readable);
                return Err(CompileError::Pass(format!(
                    "kernel '{readable}' {reason}: {}{place}",
                    chain.join(" -> ")
                )));
            }
            if walk::is_definition(callee) && callee != kernel && !parent.contains_key(&callee) {
                parent.insert(callee, function);
                work.push_back(callee);
            }
        }
    }
    Ok(())
}

impl ModulePass for CheckKernelFeatures {
    fn name(&self) -> &'static str {
        NAME
    }

    fn run(&self, module: &Module<'_>) -> Result<Changed, CompileError> {
        module
            .get_functions()
            .filter(|f| f.get_call_conventions() == calling_convention::SPIR_KERNEL)
            .filter(|f| walk::is_definition(*f))
            .try_for_each(check_kernel)?;
        Ok(Changed::No)
    }
}
