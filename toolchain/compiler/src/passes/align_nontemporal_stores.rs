//! `align-nontemporal-stores`: a non-temporal vector store whose address LLVM only knows to be
//! element-aligned runs as one aligned non-temporal instruction per register whenever its
//! address turns out aligned (docs/vectorizer.md, "Streaming stores").
//!
//! Expects: a module LLVM's optimisation pipeline has already run on. Before it, LLVM's store
//! sinking (MergedLoadStoreMotion, SimplifyCFG) would merge the two stores this pass makes into
//! one, with the weaker alignment.
//!
//! Guarantees: in a module for x86, each `store` of a vector with `!nontemporal` and an
//! alignment below [`register_alignment`] of its size is replaced by a branch on its address:
//! where the address has that alignment, a copy of the store that states it; elsewhere the
//! original store. Both keep `!nontemporal`; the values stored are unchanged.
//!
//! Why: x86 has aligned non-temporal vector stores only (`movntps`, `vmovntps`). For an
//! under-aligned one, LLVM's instruction selection writes 8 bytes at a time with SSE4a's
//! `movntsd` (AMD) or through a general register with `movnti`: four instructions and shuffles
//! for each `ymm` register. The streamed outputs of kernels are usually aligned (allocations
//! are, and work-groups start at multiples of the vector width), which LLVM cannot see; the test
//! costs a few instructions per store in a loop that waits on memory.

use inkwell::builder::Builder;
use inkwell::module::Module;
use inkwell::targets::TargetData;
use inkwell::types::{AnyType, BasicTypeEnum};
use inkwell::values::{FunctionValue, InstructionOpcode, InstructionValue};
use inkwell::IntPredicate;

use super::{without_parameters, Changed, ModulePass, PassInfo};
use crate::ir::value::Value;
use crate::ir::{cfg, metadata, walk};
use crate::CompileError;

/// The pass's name in pipeline text.
pub const NAME: &str = "align-nontemporal-stores";

/// The pass as the registry declares it.
pub const PASS: PassInfo = PassInfo {
    name: NAME,
    parameters: "",
    help: "runs under-aligned non-temporal vector stores as aligned ones where the address is (after LLVM's pipeline)",
    create: without_parameters::<AlignNontemporalStores>,
};

/// `align-nontemporal-stores`.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct AlignNontemporalStores;

/// The alignment at which a non-temporal store of `bytes` is whole aligned register stores: its
/// size (a power of two) up to a `ymm` register's 32 bytes. LLVM splits a wider aligned store,
/// such as two registers' worth on AVX2, into aligned stores of one register each.
pub fn register_alignment(bytes: u64) -> u32 {
    (1u64 << bytes.trailing_zeros()).min(32) as u32
}

/// The non-temporal vector stores of `function` that are aligned below their register
/// alignment, each with the alignment it should have.
fn under_aligned_stores<'ctx>(
    target_data: &TargetData,
    function: FunctionValue<'ctx>,
) -> Vec<(InstructionValue<'ctx>, u32)> {
    walk::instructions(function)
        .into_iter()
        .filter(|instruction| {
            instruction.get_opcode() == InstructionOpcode::Store
                && metadata::is_nontemporal(*instruction)
        })
        .filter_map(|store| {
            let stored = Value::from(store).operand(0).basic_type()?;
            let BasicTypeEnum::VectorType(vector) = stored else {
                return None;
            };
            let bytes = target_data.get_store_size(&vector.as_any_type_enum());
            let wanted = register_alignment(bytes);
            let known = store.get_alignment().unwrap_or(1);
            (known < wanted).then_some((store, wanted))
        })
        .collect()
}

/// Puts `store` in a block of its own, reached when its address is a multiple of `alignment`,
/// and a copy of it stating that alignment in another, reached otherwise.
fn version_on_alignment<'ctx>(
    module: &Module<'ctx>,
    store: InstructionValue<'ctx>,
    alignment: u32,
) -> Result<(), CompileError> {
    let i64_type = module.get_context().i64_type();
    let store_value = Value::from(store);
    let pointer = store_value
        .operand(1)
        .basic()
        .expect("a store's address")
        .into_pointer_value();
    let is_aligned = |builder: &Builder<'ctx>| {
        let address = builder
            .build_ptr_to_int(pointer, i64_type, "nt.address")
            .map_err(build_error)?;
        let misalignment = builder
            .build_and(
                address,
                i64_type.const_int(u64::from(alignment) - 1, false),
                "nt.misalignment",
            )
            .map_err(build_error)?;
        builder
            .build_int_compare(
                IntPredicate::EQ,
                misalignment,
                i64_type.const_zero(),
                "nt.is.aligned",
            )
            .map_err(build_error)
    };
    let state_alignment = |_: &Builder<'ctx>, copy: Value<'ctx>| {
        copy.instruction()
            .expect("a copied store")
            .set_alignment(alignment)
            .expect("a store takes a power-of-two alignment");
        Ok(copy)
    };
    cfg::version_range(store_value, store_value, "nt", is_aligned, state_alignment)
}

impl ModulePass for AlignNontemporalStores {
    fn name(&self) -> &'static str {
        NAME
    }

    fn run(&self, module: &Module<'_>) -> Result<Changed, CompileError> {
        if !walk::is_x86(module) {
            return Ok(Changed::No);
        }
        let target_data = walk::target_data(module);
        let mut changed = Changed::No;
        for function in module.get_functions().filter(|f| walk::is_definition(*f)) {
            for (store, alignment) in under_aligned_stores(&target_data, function) {
                version_on_alignment(module, store, alignment)?;
                changed = Changed::Yes;
            }
        }
        Ok(changed)
    }
}

fn build_error(e: inkwell::builder::BuilderError) -> CompileError {
    CompileError::Pass(format!("{NAME}: {e}"))
}
