//! `fatomics`: defines the SPIR-V float atomics (DPC++'s `FAtomicsNativeCPU`;
//! docs/compiler-pipeline.md).
//!
//! Expects: declarations of `T __spirv_AtomicF{Add,Min,Max}EXT(T *pointer, u32 scope, u32
//! semantics, T value)` for a float type `T` and a pointer in any address space (Itanium names
//! such as `_Z21__spirv_AtomicFAddEXTPU3AS1fiif`, see [`crate::ir::spirv::classify_float_atomic`]);
//! a declaration of another shape is an error.
//! Guarantees: each such declaration gets a `linkonce_odr` body, an `atomicrmw fadd`/`fmin`/`fmax`
//! of argument 3 on argument 0 that returns the old value, with `seq_cst` ordering; and every
//! direct call whose memory semantics (argument 2) is a constant is replaced in place by the same
//! `atomicrmw` with the ordering those semantics ask for (SPIR-V Acquire 0x2 → `acquire`,
//! Release 0x4 → `release`, AcquireRelease 0x8 → `acq_rel`, SequentiallyConsistent 0x10 →
//! `seq_cst`, no ordering bit → `monotonic`, several ordering bits → `seq_cst`; the storage
//! class bits are ignored). The scope (argument 1) is ignored: the operation is at system scope,
//! as in DPC++. Nothing else changes.
//!
//! DPC++ ignores the semantics and always uses `monotonic`. That is wrong for code that uses a
//! float atomic to publish or consume other memory (e.g. `atomic_ref<float,
//! memory_order::acq_rel>::fetch_add`): on a CPU, work-items of a work-group run on one thread but
//! work-groups run on several, so a relaxed atomic may let other memory accesses be reordered
//! across it. The semantics can only be honoured where they are known, at a call site with a
//! constant; inside the shared body the argument is a variable, so the body uses the strongest
//! ordering, `seq_cst`, which is correct (if slower) for any semantics.

use inkwell::builder::Builder;
use inkwell::module::{Linkage, Module};
use inkwell::types::AsTypeRef;
use inkwell::values::{BasicValueEnum, FunctionValue, InstructionValue, PointerValue};
use inkwell::{AtomicOrdering, AtomicRMWBinOp};

use super::{Changed, ModulePass, PassInfo};
use crate::ir::spirv::{self, FloatAtomic, MEMORY_SEMANTICS_ORDERING_MASK};
use crate::ir::{memory, walk};
use crate::CompileError;

/// The pass's name in pipeline text.
pub const NAME: &str = "fatomics";

/// The pass as the registry declares it.
pub const PASS: PassInfo = PassInfo {
    name: NAME,
    parameters: "",
    help: "gives the SPIR-V float atomics bodies: atomicrmw with the requested ordering",
    create: super::without_parameters::<FAtomics>,
};

/// The `fatomics` pass: defines the SPIR-V float atomics.
#[derive(Default)]
pub struct FAtomics;

/// The ordering for SPIR-V memory semantics `semantics`, `None` when it is not a constant.
pub fn ordering(semantics: Option<u64>) -> AtomicOrdering {
    match semantics.map(|s| s & MEMORY_SEMANTICS_ORDERING_MASK) {
        Some(0) => AtomicOrdering::Monotonic,
        Some(0x2) => AtomicOrdering::Acquire,
        Some(0x4) => AtomicOrdering::Release,
        Some(0x8) => AtomicOrdering::AcquireRelease,
        _ => AtomicOrdering::SequentiallyConsistent,
    }
}

fn binary_op(operation: FloatAtomic) -> AtomicRMWBinOp {
    match operation {
        FloatAtomic::Add => AtomicRMWBinOp::FAdd,
        FloatAtomic::Min => AtomicRMWBinOp::FMin,
        FloatAtomic::Max => AtomicRMWBinOp::FMax,
    }
}

fn build_error(error: inkwell::builder::BuilderError) -> CompileError {
    CompileError::Pass(format!("{NAME}: {error}"))
}

/// Builds `atomicrmw <op> ptr pointer, T value <ordering>` (system scope) at the builder.
fn build_atomic<'ctx>(
    builder: &Builder<'ctx>,
    operation: FloatAtomic,
    pointer: PointerValue<'ctx>,
    value: BasicValueEnum<'ctx>,
    ordering: AtomicOrdering,
) -> Result<BasicValueEnum<'ctx>, CompileError> {
    memory::atomic_read_modify_write(builder, binary_op(operation), pointer, value, ordering)
        .map_err(build_error)
}

/// Checks that `function` has the float atomic signature `T(ptr, iN, iN, T)`.
fn check_signature(function: FunctionValue<'_>) -> Result<(), CompileError> {
    let params = function.get_type().get_param_types();
    let ok = params.len() == 4
        && params[0].is_pointer_type()
        && params[1].is_int_type()
        && params[2].is_int_type()
        && params[3].is_float_type()
        && function
            .get_type()
            .get_return_type()
            .map(|r| r.as_type_ref())
            == Some(params[3].as_type_ref());
    if ok {
        Ok(())
    } else {
        Err(CompileError::Pass(format!(
            "{NAME}: @{} does not have the signature T(T *pointer, i32 scope, i32 semantics, T \
             value) of a SPIR-V float atomic",
            walk::name(function)
        )))
    }
}

fn operand(call: InstructionValue<'_>, index: u32) -> Option<BasicValueEnum<'_>> {
    call.get_operand(index).and_then(|o| o.value())
}

impl ModulePass for FAtomics {
    fn name(&self) -> &'static str {
        NAME
    }

    fn run(&self, module: &Module<'_>) -> Result<Changed, CompileError> {
        let context = module.get_context();
        let builder = context.create_builder();
        let atomics: Vec<_> = module
            .get_functions()
            .filter(|f| !walk::is_definition(*f))
            .filter_map(|f| spirv::classify_float_atomic(&walk::name(f)).map(|op| (f, op)))
            .collect();
        let changed = Changed::from(!atomics.is_empty());
        for (function, operation) in atomics {
            check_signature(function)?;
            for call in walk::calls_to(module, function) {
                let instruction = call.instruction;
                if call.site.count_arguments() != 4 {
                    continue;
                }
                let semantics = operand(instruction, 2)
                    .filter(|v| v.is_int_value())
                    .and_then(|v| v.into_int_value().get_zero_extended_constant());
                let (Some(_), Some(BasicValueEnum::PointerValue(pointer)), Some(value)) =
                    (semantics, operand(instruction, 0), operand(instruction, 3))
                else {
                    continue;
                };
                walk::position_at(&builder, instruction);
                let atomic =
                    build_atomic(&builder, operation, pointer, value, ordering(semantics))?;
                let name = instruction
                    .get_name()
                    .map(|n| n.to_string_lossy().into_owned())
                    .unwrap_or_default();
                walk::replace_all_uses(&instruction, &atomic);
                instruction.erase_from_basic_block();
                atomic.set_name(&name);
            }
            let entry = context.append_basic_block(function, "entry");
            builder.position_at_end(entry);
            builder.unset_current_debug_location();
            let param = |index: u32| function.get_nth_param(index).expect("signature checked");
            let pointer = param(0).into_pointer_value();
            let old = build_atomic(&builder, operation, pointer, param(3), ordering(None))?;
            builder.build_return(Some(&old)).map_err(build_error)?;
            function.set_linkage(Linkage::LinkOnceODR);
        }
        Ok(changed)
    }
}
