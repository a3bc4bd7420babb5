//! `check-kernel-features`: refuses kernels that use what SYCL 2020 forbids in device code and
//! this device cannot give a meaning to (docs/kernel-features.md).
//!
//! Expects: the device module as the front-end wrote it, kernels as `spir_kernel` definitions.
//! Guarantees: nothing changes; a kernel that can reach, through direct calls or invokes,
//!
//! * a C++ `throw` (`__cxa_throw`, `__cxa_rethrow`, `__cxa_allocate_exception`): no device
//!   has anywhere to send the exception, and the program would abort mid-kernel;
//! * a `thread_local` variable (`llvm.threadlocal.address`): work-items are not threads, so it
//!   would be shared by the work-items and groups one worker thread happens to run (the
//!   headers' own, in `sycl::`, and the device library's, `__dpcpp_nativecpu_*`, are meant per
//!   thread);
//!
//! * a store to (or any use other than a load of) a global variable with internal linkage:
//!   the host object of the same source has its own copy, which device code cannot name, so
//!   the kernel's writes would never reach the host (variables with external linkage are shared
//!   with the host instead, by `rename-kernel-sycl-native-cpu`); `work_group_static` variables
//!   are exempt, since only their address is used, to name their work-group local memory;
//!
//! is an error naming the kernel, the chain of calls from it and, with `-g`, the source line.
//! Recursion, function pointers, virtual calls, `new`, inline assembly and variable-length
//! arrays are forbidden by SYCL too, but a CPU runs them as the host would: they are allowed and
//! tested (tests/programs/kernel_features.cpp).

use std::collections::{HashMap, HashSet, VecDeque};

use inkwell::module::{Linkage, Module};
use inkwell::values::{FunctionValue, InstructionOpcode, InstructionValue};

use super::{Changed, ModulePass, PassInfo};
use crate::ir::value::Value;
use crate::ir::vector::operand;
use crate::ir::{attributes, calling_convention, globals, spirv, walk};
use crate::CompileError;

/// The pass's name in pipeline text.
pub const NAME: &str = "check-kernel-features";

/// The pass as the registry declares it.
pub const PASS: PassInfo = PassInfo {
    name: NAME,
    parameters: "",
    help: "refuses kernels that can reach a C++ throw, a thread_local variable or a write to an internal global",
    create: super::without_parameters::<CheckKernelFeatures>,
};

/// The `check-kernel-features` pass: refuses kernels using what SYCL forbids in device code.
#[derive(Default)]
pub struct CheckKernelFeatures;

/// Whether the demangled `variable` is one of the headers' own (in `sycl::`), which they mean
/// to be per thread (`sycl::stream`'s record) or private to the device code, or the device
/// library's (its reserved prefix; its scratch buffers, which the address space query of the
/// dynamic casts reads): allowed.
fn is_headers_own(variable: &str) -> bool {
    variable.starts_with("sycl::") || variable.starts_with("__dpcpp_nativecpu_")
}

/// Why the call `instruction` of `callee` is forbidden, and the name that ends the call chain.
/// The headers' and the device library's own `thread_local`s (`sycl::stream`'s per-thread
/// record, the library's scratch buffers) are meant per thread and allowed.
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
            (!is_headers_own(&variable)).then(|| {
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

/// A use of something forbidden: the instruction, why, and the name that ends the call chain.
type Violation<'ctx> = (InstructionValue<'ctx>, String, String);

/// The `work_group_static` variables: those whose address `__nativecpu_work_group_static`
/// calls pass (`convert-to-mux-builtins` gives each its local memory).
fn work_group_static_variables<'ctx>(module: &Module<'ctx>) -> HashSet<Value<'ctx>> {
    module
        .get_function(spirv::WORK_GROUP_STATIC)
        .map(|builtin| walk::calls_to(module, builtin))
        .unwrap_or_default()
        .into_iter()
        .filter_map(|call| {
            globals::addressed_variable(Value::from(call.instruction).operand(0), false)
        })
        .collect()
}

/// Per function, its first instruction that may write a global variable with internal linkage
/// (anything but a load through the variable's address), with the reason. The headers' own
/// variables (`sycl::`) are left alone, as for `thread_local`.
fn internal_variable_writes<'ctx>(
    module: &Module<'ctx>,
) -> HashMap<FunctionValue<'ctx>, Violation<'ctx>> {
    let mut writes = HashMap::new();
    let work_group_static = work_group_static_variables(module);
    for global in module.get_globals() {
        if !globals::is_program_variable(global)
            || global.get_linkage() != Linkage::Internal
            || work_group_static.contains(&Value::from(global))
        {
            continue;
        }
        let variable = walk::demangled(&global.get_name().to_string_lossy());
        if is_headers_own(&variable) {
            continue;
        }
        let mut addresses = vec![Value::from(global)];
        while let Some(address) = addresses.pop() {
            for (user, index) in address.uses() {
                let Some(instruction) = user.instruction() else {
                    addresses.push(user);
                    continue;
                };
                match instruction.get_opcode() {
                    InstructionOpcode::Load => {}
                    InstructionOpcode::GetElementPtr
                    | InstructionOpcode::BitCast
                    | InstructionOpcode::AddrSpaceCast
                        if index == 0 =>
                    {
                        addresses.push(user)
                    }
                    _ => {
                        let Some(function) = user.parent_function() else {
                            continue;
                        };
                        writes.entry(function).or_insert_with(|| {
                            let reason = format!(
                                "writes '{variable}', a variable with internal linkage whose host \
                                 copy device code cannot reach (give it external linkage, or \
                                 pass the data through a buffer or USM)"
                            );
                            (instruction, reason, variable.clone())
                        });
                    }
                }
            }
        }
    }
    writes
}

/// The error for `violation` in `function`, reached from `kernel` through `parent`.
fn chain_error<'ctx>(
    kernel: FunctionValue<'ctx>,
    function: FunctionValue<'ctx>,
    parent: &HashMap<FunctionValue<'ctx>, FunctionValue<'ctx>>,
    (instruction, reason, last): Violation<'ctx>,
) -> CompileError {
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
    let place = walk::source_line(instruction).map_or(String::new(), |l| format!(" at {l}"));
    let readable = attributes::readable_kernel_name(kernel);
    CompileError::Pass(format!(
        "kernel '{readable}' {reason}: {}{place}",
        chain.join(" -> ")
    ))
}

/// The first forbidden call or write reachable from `kernel` (breadth first, so the chain is
/// short), as an error.
fn check_kernel<'ctx>(
    kernel: FunctionValue<'ctx>,
    writes: &HashMap<FunctionValue<'ctx>, Violation<'ctx>>,
) -> Result<(), CompileError> {
    let mut parent: HashMap<FunctionValue, FunctionValue> = HashMap::new();
    let mut work = VecDeque::from([kernel]);
    while let Some(function) = work.pop_front() {
        if let Some(write) = writes.get(&function) {
            return Err(chain_error(kernel, function, &parent, write.clone()));
        }
        for (instruction, callee) in callees(function) {
            if let Some((reason, last)) = forbidden(instruction, &walk::name(callee)) {
                let violation = (instruction, reason, last);
                return Err(chain_error(kernel, function, &parent, violation));
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
        let writes = internal_variable_writes(module);
        module
            .get_functions()
            .filter(|f| f.get_call_conventions() == calling_convention::SPIR_KERNEL)
            .filter(|f| walk::is_definition(*f))
            .try_for_each(|kernel| check_kernel(kernel, &writes))?;
        Ok(Changed::No)
    }
}
