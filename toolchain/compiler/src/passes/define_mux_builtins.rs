//! `define-mux-builtins<target=NAME>`: the target defines each scheduled mux builtin the module
//! declares (docs/compiler-pipeline.md, "Scheduling targets").
//!
//! Expects: `add-sched-params` with the same target has run, so the scheduled builtins are
//! declared with the target's scheduling parameters after their own. `target` defaults to
//! `native-cpu`.
//! Guarantees: no scheduled builtin is left a declaration. The target gives each one a body
//! (internal, always inlined) or replaces it: Native CPU calls the device library's accessor
//! instead. A definition may call other builtins (the software target's global id calls the
//! local id); those are defined in turn. A declaration with another type is refused.

use inkwell::module::Module;
use inkwell::values::FunctionValue;

use super::{Changed, ModulePass, PassInfo};
use crate::ir::mux::ScheduledBuiltin;
use crate::ir::walk;
use crate::scheduling::{parameter_types, target_from_parameters, SchedulingTarget};
use crate::CompileError;

/// The pass's name in pipeline text.
pub const NAME: &str = "define-mux-builtins";

/// The pass as the registry declares it.
pub const PASS: PassInfo = PassInfo {
    name: NAME,
    parameters: "target=NAME",
    help: "defines the scheduled mux builtins the way the target implements them",
    create: |parameters| {
        let target = target_from_parameters(NAME, parameters)?;
        Ok(Box::new(DefineMuxBuiltins { target }))
    },
};

/// The pass, for one scheduling target.
pub struct DefineMuxBuiltins {
    target: &'static dyn SchedulingTarget,
}

/// The next scheduled builtin still declared, if any.
fn next_declaration<'ctx>(
    module: &Module<'ctx>,
) -> Option<(ScheduledBuiltin, FunctionValue<'ctx>)> {
    ScheduledBuiltin::all().find_map(|builtin| {
        let function = module.get_function(builtin.mux_name())?;
        (!walk::is_definition(function)).then_some((builtin, function))
    })
}

impl ModulePass for DefineMuxBuiltins {
    fn name(&self) -> &'static str {
        NAME
    }

    fn run(&self, module: &Module<'_>) -> Result<Changed, CompileError> {
        let scheduling = parameter_types(self.target, module.get_context());
        let mut changed = Changed::No;
        while let Some((builtin, function)) = next_declaration(module) {
            let expected = builtin.function_type(module.get_context(), &scheduling);
            if function.get_type() != expected {
                return Err(CompileError::Pass(format!(
                    "{NAME}: '{}' is declared as {}, not {} with the scheduling parameters of \
                     target '{}' (run add-sched-params<target={}> first)",
                    builtin.mux_name(),
                    function.get_type().print_to_string().to_string_lossy(),
                    expected.print_to_string().to_string_lossy(),
                    self.target.name(),
                    self.target.name()
                )));
            }
            self.target.define_builtin(module, builtin, function)?;
            if next_declaration(module).is_some_and(|(next, _)| next == builtin) {
                return Err(CompileError::Pass(format!(
                    "{NAME}: target '{}' left '{}' undefined",
                    self.target.name(),
                    builtin.mux_name()
                )));
            }
            changed = Changed::Yes;
        }
        Ok(changed)
    }
}
