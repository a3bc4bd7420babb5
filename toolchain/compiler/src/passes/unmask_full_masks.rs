//! `unmask-full-masks`: on x86 without AVX-512, masked loads and stores whose mask is only known
//! at run time run as plain vector loads and stores whenever every lane of the mask is set
//! (docs/vectorizer.md, "Masks all of whose lanes are set").
//!
//! Expects: a module LLVM's optimisation pipeline has already run on (its SimplifyCFG would
//! merge the two versions back into masked accesses), after `narrow-constant-masks` (constant
//! masks need no test).
//!
//! Guarantees: in each function compiled for x86 without `avx512f`, in each block, the stretch
//! from the first to the last `llvm.masked.load`/`llvm.masked.store` using the block's most used
//! non-constant mask runs behind a test of "all lanes set" (`llvm.vector.reduce.and`): where it
//! holds, a copy of the stretch runs in which those accesses are plain `load`s and `store`s of
//! the whole vector, with the masked ones' alignment and metadata; elsewhere the stretch as it
//! was. The memory touched and the values computed are the same either way (with every lane
//! set, a masked access is the plain one).
//!
//! Why: before AVX-512, x86's masked accesses are `vmaskmovps`/`vpmaskmovd` (AVX) or a branch
//! per lane (SSE); AMD's Zen cores run `vmaskmovps` to memory as microcode, several times slower
//! than a plain store, and a masked load cannot take part in an arithmetic instruction. A kernel
//! guarded by `if (i < n)` runs every vector but the last with all lanes set: such a saxpy ran at
//! a third of the speed of the unguarded one. AVX-512's masked accesses take a mask register and
//! cost what plain ones do, so it keeps them.

use inkwell::basic_block::BasicBlock;
use inkwell::builder::Builder;
use inkwell::module::Module;
use inkwell::values::{BasicValue, FunctionValue, InstructionValue};

use super::{without_parameters, Changed, ModulePass, PassInfo};
use crate::ir::value::{Kind, Value};
use crate::ir::vector::{call_parameter_alignment, MaskedAccess, VectorBuilder};
use crate::ir::{attributes, cfg, metadata, walk};
use crate::CompileError;

/// The pass's name in pipeline text.
pub const NAME: &str = "unmask-full-masks";

/// The pass as the registry declares it.
pub const PASS: PassInfo = PassInfo {
    name: NAME,
    parameters: "",
    help: "before AVX-512, masked loads and stores run as plain ones when all lanes are active (after LLVM's pipeline)",
    create: without_parameters::<UnmaskFullMasks>,
};

/// `unmask-full-masks`.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct UnmaskFullMasks;

/// A stretch of one block to version: its first and last masked access under one mask.
struct Stretch<'ctx> {
    first: Value<'ctx>,
    last: Value<'ctx>,
}

impl<'ctx> Stretch<'ctx> {
    /// The stretch's mask as its first access reads it now: versioning a block that loops to
    /// itself rebuilds the block's PHIs, and the mask may be one of them, so a mask read before
    /// would name a PHI that is gone.
    fn mask(&self) -> Value<'ctx> {
        let access = self
            .first
            .instruction()
            .and_then(MaskedAccess::of)
            .expect("a stretch starts with a masked access");
        self.first.operand(access.mask_operand())
    }
}

/// The stretch of `block` between the first and the last masked access under its most used
/// non-constant mask (the first such mask on a tie), if it has one.
fn stretch_of(block: BasicBlock<'_>) -> Option<Stretch<'_>> {
    let mut by_mask: Vec<(Value, Vec<Value>)> = Vec::new();
    for instruction in cfg::instructions(block) {
        let Some(access) = instruction.instruction().and_then(MaskedAccess::of) else {
            continue;
        };
        let mask = instruction.operand(access.mask_operand());
        if mask.is(Kind::Constant) {
            continue;
        }
        match by_mask.iter_mut().find(|(known, _)| *known == mask) {
            Some((_, accesses)) => accesses.push(instruction),
            None => by_mask.push((mask, vec![instruction])),
        }
    }
    let most = by_mask.iter().map(|(_, accesses)| accesses.len()).max()?;
    let (_, accesses) = by_mask.into_iter().find(|(_, a)| a.len() == most)?;
    Some(Stretch {
        first: accesses[0],
        last: *accesses.last().expect("a mask with accesses"),
    })
}

/// The plain access standing for the copied masked access `copy` (under `mask`) in the version
/// where all lanes are set; `copy` itself for anything else.
fn unmasked<'ctx>(
    builder: &Builder<'ctx>,
    copy: Value<'ctx>,
    mask: Value<'ctx>,
) -> Result<Value<'ctx>, CompileError> {
    let Some(access) = copy
        .instruction()
        .and_then(MaskedAccess::of)
        .filter(|a| copy.operand(a.mask_operand()) == mask)
    else {
        return Ok(copy);
    };
    let instruction = copy.instruction().expect("a copied call");
    let pointer = copy
        .operand(access.pointer_operand())
        .basic()
        .expect("a masked access's address")
        .into_pointer_value();
    let plain: InstructionValue = match access {
        MaskedAccess::Load => {
            let ty = copy.basic_type().expect("a masked load's value");
            let load = builder
                .build_load(ty, pointer, "unmasked")
                .map_err(build_error)?;
            load.as_instruction_value()
                .expect("a load is an instruction")
        }
        MaskedAccess::Store => {
            let value = copy.operand(0).basic().expect("a masked store's value");
            builder.build_store(pointer, value).map_err(build_error)?
        }
    };
    plain
        .set_alignment(call_parameter_alignment(
            instruction,
            access.pointer_operand(),
        ))
        .expect("a load or store takes a power-of-two alignment");
    metadata::copy_access_metadata(instruction, plain);
    Ok(Value::from(plain))
}

/// Versions `stretch` on "all lanes of its mask set", the copy using plain accesses.
fn version<'ctx>(module: &Module<'ctx>, stretch: Stretch<'ctx>) -> Result<(), CompileError> {
    let all_set = |builder: &Builder<'ctx>| {
        let mask = stretch
            .mask()
            .basic()
            .expect("a mask value")
            .into_vector_value();
        let vectors = VectorBuilder {
            builder,
            module,
            width: mask.get_type().get_size(),
        };
        vectors.all(mask)
    };
    // The mask is defined before the stretch (its first access reads it), so the copies read it
    // too.
    let rewrite =
        |builder: &Builder<'ctx>, copy: Value<'ctx>| unmasked(builder, copy, stretch.mask());
    cfg::version_range(stretch.first, stretch.last, "full", all_set, rewrite)
}

/// Whether `function` is compiled for an x86 CPU whose masked accesses are slow: one without
/// AVX-512 (which has mask registers).
fn has_slow_masked_accesses(function: FunctionValue<'_>) -> bool {
    !attributes::has_target_feature(function, "avx512f")
}

impl ModulePass for UnmaskFullMasks {
    fn name(&self) -> &'static str {
        NAME
    }

    fn run(&self, module: &Module<'_>) -> Result<Changed, CompileError> {
        if !walk::is_x86(module) {
            return Ok(Changed::No);
        }
        let mut changed = Changed::No;
        let functions = module
            .get_functions()
            .filter(|f| walk::is_definition(*f) && has_slow_masked_accesses(*f));
        for function in functions {
            let stretches: Vec<_> = function
                .get_basic_blocks()
                .into_iter()
                .filter_map(stretch_of)
                .collect();
            for stretch in stretches {
                version(module, stretch)?;
                changed = Changed::Yes;
            }
        }
        Ok(changed)
    }
}

fn build_error(e: inkwell::builder::BuilderError) -> CompileError {
    CompileError::Pass(format!("{NAME}: {e}"))
}
