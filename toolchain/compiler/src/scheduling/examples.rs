//! The three ways docs/compiler-pipeline.md ("Scheduling targets") customises the software
//! target, each taking a work-item's local id in x from the hardware thread it runs on:
//!
//! 1. [`ThreadIdBuiltin`]: `__mux_get_local_id` itself reads the thread id;
//! 2. [`ThreadIdInWrapper`]: the kernel wrapper stores the thread id in `wi-info`, where the
//!    software `__mux_get_local_id` reads it;
//! 3. [`ThreadIdParameter`]: a third scheduling parameter, `i64 thread-id`, passed by the caller,
//!    which `__mux_get_local_id` returns.
//!
//! On x86-64 the thread id is the processor id `rdpid` reads. Only x is shown; the other
//! dimensions keep the software lowering. These targets exist for `muxc` and the pass tests.

use inkwell::builder::Builder;
use inkwell::context::ContextRef;
use inkwell::module::Module;
use inkwell::values::{BasicValueEnum, FunctionValue, IntValue};

use super::software;
use super::{SchedulingParameter, SchedulingTarget, WrapperBuilder};
use crate::ir::mux::{ScheduledBuiltin, WorkItemQuery};
use crate::CompileError;

/// Example 1: `__mux_get_local_id` reads the thread id.
pub struct ThreadIdBuiltin;
/// Example 2: the wrapper stores the thread id as the local id in x.
pub struct ThreadIdInWrapper;
/// Example 3: the caller passes the thread id as a scheduling parameter.
pub struct ThreadIdParameter;

const LOCAL_ID: ScheduledBuiltin = ScheduledBuiltin::Query(WorkItemQuery::LocalId);

fn build_error(e: impl std::fmt::Display) -> CompileError {
    CompileError::Pass(format!("scheduling example: {e}"))
}

/// `rdpid`: the id of the processor the thread runs on, as the inline assembly reads it.
fn read_thread_id<'ctx>(builder: &Builder<'ctx>) -> Result<IntValue<'ctx>, CompileError> {
    let context = builder
        .get_insert_block()
        .expect("positioned")
        .get_context();
    let ty = context.i64_type().fn_type(&[], false);
    let assembly = context.create_inline_asm(
        ty,
        "rdpid $0".into(),
        "=r,~{memory}".into(),
        true,
        false,
        None,
        false,
    );
    Ok(builder
        .build_indirect_call(ty, assembly, &[], "thread-id")
        .map_err(build_error)?
        .try_as_basic_value()
        .basic()
        .expect("the assembly returns the id")
        .into_int_value())
}

/// The software definitions, except `__mux_get_local_id`, which returns `local_id`'s value.
fn define_local_id<'ctx>(
    target: &dyn SchedulingTarget,
    module: &Module<'ctx>,
    builtin: ScheduledBuiltin,
    function: FunctionValue<'ctx>,
    local_id: impl FnOnce(&Builder<'ctx>) -> Result<IntValue<'ctx>, CompileError>,
) -> Result<(), CompileError> {
    if builtin != LOCAL_ID {
        return software::define(target, module, builtin, function);
    }
    let builder = software::start_definition(function);
    let value = local_id(&builder)?;
    builder.build_return(Some(&value)).map_err(build_error)?;
    Ok(())
}

impl SchedulingTarget for ThreadIdBuiltin {
    fn name(&self) -> &'static str {
        "thread-id-builtin"
    }

    fn define_builtin<'ctx>(
        &self,
        module: &Module<'ctx>,
        builtin: ScheduledBuiltin,
        function: FunctionValue<'ctx>,
    ) -> Result<(), CompileError> {
        define_local_id(self, module, builtin, function, read_thread_id)
    }
}

impl SchedulingTarget for ThreadIdInWrapper {
    fn name(&self) -> &'static str {
        "thread-id-in-wrapper"
    }

    fn initialize_parameter<'ctx>(
        &self,
        wrapper: &WrapperBuilder<'_, 'ctx>,
        _index: usize,
        parameter: &SchedulingParameter<'ctx>,
        incoming: Option<BasicValueEnum<'ctx>>,
    ) -> Result<BasicValueEnum<'ctx>, CompileError> {
        let value = software::initialize_parameter(wrapper, parameter, incoming)?;
        if incoming.is_none() {
            let info = software::work_item_info(wrapper.module.get_context());
            let address = wrapper
                .builder
                .build_struct_gep(info, value.into_pointer_value(), 0, "local-id")
                .map_err(build_error)?;
            let thread_id = read_thread_id(wrapper.builder)?;
            wrapper
                .builder
                .build_store(address, thread_id)
                .map_err(build_error)?;
        }
        Ok(value)
    }
}

impl SchedulingTarget for ThreadIdParameter {
    fn name(&self) -> &'static str {
        "thread-id-parameter"
    }

    fn parameters<'ctx>(&self, context: ContextRef<'ctx>) -> Vec<SchedulingParameter<'ctx>> {
        let mut parameters = software::parameters(context);
        parameters.push(SchedulingParameter {
            name: "thread-id",
            ty: context.i64_type().into(),
            passed_externally: true,
            thread_local_fallback: None,
        });
        parameters
    }

    fn define_builtin<'ctx>(
        &self,
        module: &Module<'ctx>,
        builtin: ScheduledBuiltin,
        function: FunctionValue<'ctx>,
    ) -> Result<(), CompileError> {
        let thread_id = function.get_last_param().expect("the thread id is last");
        define_local_id(self, module, builtin, function, |_| {
            Ok(thread_id.into_int_value())
        })
    }
}
