//! `add-kernel-wrapper<target=NAME>`: wraps each kernel in the function its caller runs, with
//! the target's ABI (docs/compiler-pipeline.md, "Scheduling targets"; for Native CPU the
//! subhandler of docs/runtime-abi.md).
//!
//! Expects: `add-sched-params` with the same target has run, so each entry point
//! (`"mux-kernel"="entry-point"`) takes the target's scheduling parameters after its own.
//! `target` defaults to `native-cpu`.
//! Guarantees, for each entry point:
//! * a new wrapper, named by the target (Native CPU: the kernel's own name, after renaming the
//!   entry point `<kernel>.NativeCPUKernel`), `void (ptr noalias args, <the scheduling
//!   parameters passed externally>)` with the C calling convention, takes over the
//!   `mux-kernel` attribute, the entry's target attributes, `mux-orig-fn` (the kernel's
//!   original name) and `"sycl-module-id"` (the entry's, else the module's source file name);
//! * the wrapper makes each scheduling parameter the way the target initialises it, reads the
//!   kernel's arguments from `args` the way the target lays them out, stores the parameters
//!   that have a thread-local fallback there (when the module uses it), and calls the entry;
//! * the entry point becomes internal, with the C calling convention, and always inlined
//!   unless it is `noinline`.

use inkwell::attributes::AttributeLoc;
use inkwell::module::{Linkage, Module};
use inkwell::types::{BasicMetadataTypeEnum, BasicTypeEnum};
use inkwell::values::{BasicMetadataValueEnum, BasicValueEnum, FunctionValue};
use inkwell::AddressSpace;

use super::{Changed, ModulePass, PassInfo};
use crate::ir::{attributes, calling_convention, walk};
use crate::scheduling::{
    scheduling_arguments, target_from_parameters, SchedulingParameter, SchedulingTarget,
    WrapperBuilder,
};
use crate::CompileError;

/// The pass's name in pipeline text.
pub const NAME: &str = "add-kernel-wrapper";

/// The pass as the registry declares it.
pub const PASS: PassInfo = PassInfo {
    name: NAME,
    parameters: "target=NAME",
    help: "wraps each kernel in the function the runtime calls, with the target's ABI",
    create: |parameters| {
        let target = target_from_parameters(NAME, parameters)?;
        Ok(Box::new(AddKernelWrapper { target }))
    },
};

/// The pass, for one scheduling target.
pub struct AddKernelWrapper {
    target: &'static dyn SchedulingTarget,
}

fn build_error(e: inkwell::builder::BuilderError) -> CompileError {
    CompileError::Pass(format!("{NAME}: {e}"))
}

/// Makes the entry point an internal function to inline into its wrapper.
fn prepare_entry(entry: FunctionValue<'_>) {
    entry.set_linkage(Linkage::Internal);
    entry.set_call_conventions(calling_convention::C);
    if !attributes::has_enum_attribute(entry, AttributeLoc::Function, "noinline") {
        attributes::add_enum_attribute(entry, AttributeLoc::Function, "alwaysinline");
    }
}

/// Declares the wrapper `void name(ptr args, <external parameters>)` and moves the kernel's
/// identity (module id, original name, the `mux-kernel` attribute) to it from `entry`.
fn declare_wrapper<'ctx>(
    module: &Module<'ctx>,
    entry: FunctionValue<'ctx>,
    (name, kernel_name, module_id): (&str, &str, &str),
    external: &[&SchedulingParameter<'ctx>],
) -> FunctionValue<'ctx> {
    let context = module.get_context();
    let mut types: Vec<BasicMetadataTypeEnum> =
        vec![context.ptr_type(AddressSpace::default()).into()];
    types.extend(external.iter().map(|p| BasicMetadataTypeEnum::from(p.ty)));
    let wrapper = module.add_function(name, context.void_type().fn_type(&types, false), None);
    wrapper.set_call_conventions(calling_convention::C);
    attributes::copy_target_attributes(wrapper, entry);
    attributes::add_enum_attribute(wrapper, AttributeLoc::Function, "nounwind");
    attributes::set_string_attribute(wrapper, attributes::SYCL_MODULE_ID, module_id);
    attributes::set_string_attribute(wrapper, attributes::MUX_ORIG_FN, kernel_name);
    attributes::take_is_kernel(wrapper, entry);
    entry.remove_string_attribute(AttributeLoc::Function, attributes::SYCL_MODULE_ID);
    let names = std::iter::once("args").chain(external.iter().map(|p| p.name));
    for (index, (value, name)) in wrapper.get_param_iter().zip(names).enumerate() {
        value.set_name(name);
        if value.is_pointer_value() {
            attributes::add_enum_attribute(wrapper, AttributeLoc::Param(index as u32), "noalias");
        }
    }
    wrapper
}

/// The value types of the entry's own parameters (those before the scheduling ones).
fn kernel_parameter_types<'ctx>(
    entry: FunctionValue<'ctx>,
    count: usize,
) -> Result<Vec<BasicTypeEnum<'ctx>>, CompileError> {
    entry.get_type().get_param_types()[..count]
        .iter()
        .enumerate()
        .map(|(index, ty)| {
            BasicTypeEnum::try_from(*ty).map_err(|()| {
                CompileError::Pass(format!(
                    "{NAME}: parameter {index} of '{}' has no value type",
                    walk::name(entry)
                ))
            })
        })
        .collect()
}

impl AddKernelWrapper {
    /// The wrapper's body: the parameters as the target makes them, the arguments as it lays
    /// them out, the thread-local copies, and the call.
    fn build_body<'ctx>(
        &self,
        wrapper: &WrapperBuilder<'_, 'ctx>,
        wrapper_function: FunctionValue<'ctx>,
        scheduling: &[SchedulingParameter<'ctx>],
    ) -> Result<(), CompileError> {
        let mut incoming = wrapper_function.get_param_iter().skip(1);
        let mut values: Vec<BasicValueEnum> = Vec::new();
        for (index, parameter) in scheduling.iter().enumerate() {
            let passed = if parameter.passed_externally {
                incoming.next()
            } else {
                None
            };
            values.push(
                self.target
                    .initialize_parameter(wrapper, index, parameter, passed)?,
            );
        }
        let types = kernel_parameter_types(wrapper.entry, wrapper.kernel_parameter_count)?;
        let mut arguments = self.target.unpack_arguments(wrapper, &types)?;
        for (parameter, value) in scheduling.iter().zip(&values) {
            let global = parameter
                .thread_local_fallback
                .and_then(|name| wrapper.module.get_global(name));
            if let Some(global) = global {
                wrapper
                    .builder
                    .build_store(global.as_pointer_value(), *value)
                    .map_err(build_error)?;
            }
        }
        arguments.extend(
            values
                .iter()
                .map(|value| BasicMetadataValueEnum::from(*value)),
        );
        wrapper
            .builder
            .build_call(wrapper.entry, &arguments, "")
            .map_err(build_error)?;
        wrapper.builder.build_return(None).map_err(build_error)?;
        Ok(())
    }

    /// Wraps one entry point.
    fn wrap<'ctx>(
        &self,
        module: &Module<'ctx>,
        entry: FunctionValue<'ctx>,
    ) -> Result<(), CompileError> {
        let context = module.get_context();
        let scheduling = self.target.parameters(context);
        if scheduling_arguments(self.target, entry).is_none() {
            return Err(CompileError::Pass(format!(
                "{NAME}: entry point '{}' does not take the scheduling parameters of target \
                 '{}' (run add-sched-params<target={}> first)",
                walk::name(entry),
                self.target.name(),
                self.target.name()
            )));
        }
        let kernel_name = attributes::original_name(entry);
        let module_id = attributes::string_attribute(entry, attributes::SYCL_MODULE_ID)
            .unwrap_or_else(|| module.get_source_file_name().to_string_lossy().into_owned());
        let name = self.target.wrapper_name(module, entry, &kernel_name);
        prepare_entry(entry);
        let external: Vec<_> = scheduling.iter().filter(|p| p.passed_externally).collect();
        let wrapper_function =
            declare_wrapper(module, entry, (&name, &kernel_name, &module_id), &external);
        let builder = context.create_builder();
        builder.position_at_end(context.append_basic_block(wrapper_function, "entry"));
        let wrapper = WrapperBuilder {
            module,
            builder: &builder,
            entry,
            arguments: wrapper_function
                .get_first_param()
                .expect("the arguments pointer")
                .into_pointer_value(),
            kernel_parameter_count: entry.count_params() as usize - scheduling.len(),
        };
        self.build_body(&wrapper, wrapper_function, &scheduling)
    }
}

impl ModulePass for AddKernelWrapper {
    fn name(&self) -> &'static str {
        NAME
    }

    fn run(&self, module: &Module<'_>) -> Result<Changed, CompileError> {
        let entries: Vec<_> = module
            .get_functions()
            .filter(|f| walk::is_definition(*f) && attributes::is_kernel_entry_point(*f))
            .collect();
        for entry in &entries {
            self.wrap(module, *entry)?;
        }
        Ok(Changed::from(!entries.is_empty()))
    }
}
