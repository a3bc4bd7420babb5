//! Scheduling targets: how a target lowers the mux work-item builtins (docs/compiler-pipeline.md,
//! "Scheduling targets").
//!
//! Three passes do the lowering, and ask the target at each step:
//! * `add-sched-params` gives every function that reaches the work-item state the target's
//!   [scheduling parameters](SchedulingTarget::parameters), appended to its own;
//! * `define-mux-builtins` asks the target to [define](SchedulingTarget::define_builtin) each
//!   scheduled builtin the module uses;
//! * `add-kernel-wrapper` wraps each kernel in the function the runtime calls: the target names
//!   it, [initialises](SchedulingTarget::initialize_parameter) each scheduling parameter in it
//!   and [unpacks](SchedulingTarget::unpack_arguments) the kernel's arguments.
//!
//! [`NativeCpu`] is the target the pipeline uses: one state pointer, the device library's
//! accessors, and the subhandler ABI of docs/runtime-abi.md. [`software::Software`] keeps the
//! work-item state in two structures of its own, and is what every hook does by default;
//! [`examples`] customises it the three ways docs/compiler-pipeline.md walks through. Both
//! exist for `muxc` and the pass tests.

pub mod examples;
pub mod native_cpu;
pub mod software;

use inkwell::builder::Builder;
use inkwell::context::ContextRef;
use inkwell::module::Module;
use inkwell::types::{BasicMetadataTypeEnum, BasicTypeEnum};
use inkwell::values::{BasicMetadataValueEnum, BasicValueEnum, FunctionValue, PointerValue};

use crate::ir::mux::ScheduledBuiltin;
use crate::CompileError;

pub use native_cpu::NativeCpu;

/// A parameter the target adds to every function that reaches the work-item state.
#[derive(Debug, Clone, Copy)]
pub struct SchedulingParameter<'ctx> {
    /// The parameter's IR name (`state`, `wi-info`).
    pub name: &'static str,
    /// Its type.
    pub ty: BasicTypeEnum<'ctx>,
    /// Whether the caller of the kernel wrapper passes it (then it is one of the wrapper's own
    /// parameters); otherwise the wrapper makes it from nothing.
    pub passed_externally: bool,
    /// A thread-local global holding the parameter for functions whose address is taken: their
    /// indirect callers cannot pass an extra argument, so they read it from there, and the
    /// wrapper stores it there before calling the kernel. `None`: such functions are refused.
    pub thread_local_fallback: Option<&'static str>,
}

/// What the kernel wrapper's hooks build with: the wrapper under construction and the kernel.
pub struct WrapperBuilder<'a, 'ctx> {
    /// The module being compiled.
    pub module: &'a Module<'ctx>,
    /// Positioned in the wrapper's body, where the hook's code goes.
    pub builder: &'a Builder<'ctx>,
    /// The kernel entry point the wrapper calls, with its scheduling parameters last.
    pub entry: FunctionValue<'ctx>,
    /// The wrapper's first parameter: where the runtime put the kernel's arguments.
    pub arguments: PointerValue<'ctx>,
    /// How many of the entry's parameters are the kernel's own (the rest are scheduling ones).
    pub kernel_parameter_count: usize,
}

/// How a target lowers the mux work-item builtins. Every hook but the name defaults to the
/// [`software`] lowering, so a target overrides only what it customises (the
/// [examples] override one hook each; Native CPU overrides them all).
pub trait SchedulingTarget: Sync {
    /// The target's name in pass parameters (`add-sched-params<target=NAME>`).
    fn name(&self) -> &'static str;

    /// The scheduling parameters, in the order they follow a function's own parameters.
    fn parameters<'ctx>(&self, context: ContextRef<'ctx>) -> Vec<SchedulingParameter<'ctx>> {
        software::parameters(context)
    }

    /// Whether `function` belongs to the target's own library: such functions receive the
    /// state explicitly and never get scheduling parameters.
    fn is_library_function(&self, _function: &str) -> bool {
        false
    }

    /// Defines `function`, the declaration of `builtin` with the scheduling parameters
    /// appended, by giving it a body or by replacing it (then it must delete it).
    fn define_builtin<'ctx>(
        &self,
        module: &Module<'ctx>,
        builtin: ScheduledBuiltin,
        function: FunctionValue<'ctx>,
    ) -> Result<(), CompileError> {
        software::define(self, module, builtin, function)
    }

    /// The name of the wrapper of the kernel `kernel_name` whose entry point is `entry`; the
    /// target may first rename the entry and other functions out of the way.
    fn wrapper_name(
        &self,
        _module: &Module<'_>,
        _entry: FunctionValue<'_>,
        kernel_name: &str,
    ) -> String {
        software::wrapper_name(kernel_name)
    }

    /// The value the wrapper passes for `parameter` (index `index` in
    /// [`parameters`](Self::parameters)), built at `wrapper.builder`; `incoming` is the
    /// wrapper's own parameter when the parameter is passed externally.
    fn initialize_parameter<'ctx>(
        &self,
        wrapper: &WrapperBuilder<'_, 'ctx>,
        _index: usize,
        parameter: &SchedulingParameter<'ctx>,
        incoming: Option<BasicValueEnum<'ctx>>,
    ) -> Result<BasicValueEnum<'ctx>, CompileError> {
        software::initialize_parameter(wrapper, parameter, incoming)
    }

    /// The kernel's own arguments, read from `wrapper.arguments` for parameters of the types
    /// `kernel_parameters`.
    fn unpack_arguments<'ctx>(
        &self,
        wrapper: &WrapperBuilder<'_, 'ctx>,
        kernel_parameters: &[BasicTypeEnum<'ctx>],
    ) -> Result<Vec<BasicMetadataValueEnum<'ctx>>, CompileError> {
        software::unpack_arguments(wrapper, kernel_parameters)
    }
}

/// Every target, the pipeline's first.
pub const TARGETS: &[&dyn SchedulingTarget] = &[
    &NativeCpu,
    &software::Software,
    &examples::ThreadIdBuiltin,
    &examples::ThreadIdInWrapper,
    &examples::ThreadIdParameter,
];

/// The target a `target=NAME` pass parameter selects.
pub fn target_named(name: &str) -> Option<&'static dyn SchedulingTarget> {
    TARGETS.iter().copied().find(|target| target.name() == name)
}

/// The target the three passes' parameters select (`target=NAME`; Native CPU without one),
/// or why they are wrong.
pub fn target_from_parameters(
    pass: &str,
    parameters: &[&str],
) -> Result<&'static dyn SchedulingTarget, String> {
    let mut target: &'static dyn SchedulingTarget = &NativeCpu;
    for parameter in parameters {
        let Some(name) = parameter.strip_prefix("target=") else {
            return Err(format!("{pass}: unknown parameter '{parameter}'"));
        };
        target = target_named(name).ok_or_else(|| {
            let known: Vec<_> = TARGETS.iter().map(|t| t.name()).collect();
            format!(
                "{pass}: unknown target '{name}' (known: {})",
                known.join(", ")
            )
        })?;
    }
    Ok(target)
}

/// The types of `target`'s scheduling parameters, as function parameter types.
pub fn parameter_types<'ctx>(
    target: &dyn SchedulingTarget,
    context: ContextRef<'ctx>,
) -> Vec<BasicMetadataTypeEnum<'ctx>> {
    target
        .parameters(context)
        .iter()
        .map(|parameter| parameter.ty.into())
        .collect()
}

/// The scheduling parameters of `function`, which `add-sched-params` appended last, or `None`
/// when it does not end with parameters of those types.
pub fn scheduling_arguments<'ctx>(
    target: &dyn SchedulingTarget,
    function: FunctionValue<'ctx>,
) -> Option<Vec<BasicValueEnum<'ctx>>> {
    let types = parameter_types(target, function.get_type().get_context());
    let parameters = function.get_params();
    let first = parameters.len().checked_sub(types.len())?;
    let scheduling = &parameters[first..];
    let matches = scheduling
        .iter()
        .zip(&types)
        .all(|(value, ty)| BasicMetadataTypeEnum::from(value.get_type()) == *ty);
    matches.then(|| scheduling.to_vec())
}
