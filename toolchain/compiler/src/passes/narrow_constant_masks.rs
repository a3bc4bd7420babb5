//! `narrow-constant-masks`: a masked load or store whose mask LLVM has folded to a constant with
//! one run of active lanes becomes a plain load or store of those lanes (docs/vectorizer.md,
//! "Constant masks").
//!
//! Expects: a module LLVM's optimisation pipeline has already run on: the masks this pass reads
//! are constants only once the work-item loops are unrolled and the lane ids folded into them.
//!
//! Guarantees: each `llvm.masked.load` and `llvm.masked.store` whose mask is a constant with
//! lanes `first .. first + count` active, `0 < count < lanes`, and no other, is replaced by a
//! `load` or `store` of `count` elements (one element: a scalar) at element `first` of its
//! address. The memory touched is the same bytes (a masked access never touches its inactive
//! lanes), the alignment is what the original one implies at that offset, and the access keeps
//! its metadata. A load's result takes its inactive lanes from the pass-through operand, as
//! before. Other masks (not constant, several runs) are left alone.
//!
//! Why: a tree reduction's last steps, and any region whose active work-items the loops'
//! unrolling makes known, have masks such as `lid < 4`: on AVX2 a masked access is `vmaskmov`,
//! slower than a plain one, and a load never receives a masked store's value by store
//! forwarding, so each step of the tree waited for the previous step's store to reach the cache
//! (most of the tree's time in the reduction benchmark).

use inkwell::builder::Builder;
use inkwell::module::Module;
use inkwell::targets::TargetData;
use inkwell::types::{AnyType, BasicTypeEnum, VectorType};
use inkwell::values::{
    BasicValue, BasicValueEnum, FunctionValue, InstructionValue, IntValue, PointerValue,
    VectorValue,
};

use super::{without_parameters, Changed, ModulePass, PassInfo};
use crate::ir::value::{Kind, Value};
use crate::ir::vector::{
    call_parameter_alignment, constant_int_lanes, vector_of, MaskedAccess, VectorBuilder,
};
use crate::ir::{cfg, metadata, walk};
use crate::CompileError;

/// The pass's name in pipeline text.
pub const NAME: &str = "narrow-constant-masks";

/// The pass as the registry declares it.
pub const PASS: PassInfo = PassInfo {
    name: NAME,
    parameters: "",
    help: "turns masked loads and stores with one constant run of active lanes into plain ones (after LLVM's pipeline)",
    create: without_parameters::<NarrowConstantMasks>,
};

/// `narrow-constant-masks`.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct NarrowConstantMasks;

/// A masked access this pass narrows.
struct Narrowable<'ctx> {
    call: InstructionValue<'ctx>,
    /// The type of the value loaded or stored.
    vector_type: VectorType<'ctx>,
    access: MaskedAccess,
    /// The active lanes, `first .. first + count`.
    first: u32,
    count: u32,
}

/// The lanes `first .. first + count` when exactly those of `mask` are set, none of them
/// unknown, and neither none nor all of them are.
fn single_run(mask: BasicValueEnum<'_>) -> Option<(u32, u32)> {
    let lanes = constant_int_lanes(mask)?;
    let active: Vec<bool> = lanes
        .iter()
        .map(|lane| lane.get_zero_extended_constant().map(|bit| bit != 0))
        .collect::<Option<_>>()?;
    let first = active.iter().position(|set| *set)? as u32;
    let count = active[first as usize..]
        .iter()
        .take_while(|set| **set)
        .count() as u32;
    let rest_clear = active[(first + count) as usize..].iter().all(|set| !set);
    (rest_clear && count < active.len() as u32).then_some((first, count))
}

/// The masked loads and stores of `function` with one constant run of active lanes, whose lanes
/// lie in memory where indexing their element type puts them.
fn narrowable<'ctx>(
    function: FunctionValue<'ctx>,
    target_data: &TargetData,
) -> Vec<Narrowable<'ctx>> {
    walk::direct_calls(function)
        .into_iter()
        .filter_map(|call| {
            let access = MaskedAccess::of(call.instruction)?;
            let call = Value::from(call.instruction);
            let vector_type = match access {
                MaskedAccess::Load => call.basic_type(),
                MaskedAccess::Store => call.operand(0).basic_type(),
            }?;
            let BasicTypeEnum::VectorType(vector_type) = vector_type else {
                return None;
            };
            if !lanes_are_elements(target_data, vector_type.get_element_type()) {
                return None;
            }
            let (first, count) = single_run(call.operand(access.mask_operand()).basic()?)?;
            Some(Narrowable {
                call: call.instruction()?,
                vector_type,
                access,
                first,
                count,
            })
        })
        .collect()
}

/// Whether a vector of `element` lays its lanes out as an array of them: whole bytes with no
/// padding (not `i1`, whose vectors are packed bits, nor `x86_fp80`, padded in arrays).
fn lanes_are_elements(target_data: &TargetData, element: BasicTypeEnum<'_>) -> bool {
    let element = element.as_any_type_enum();
    target_data.get_bit_size(&element) == 8 * target_data.get_abi_size(&element)
}

/// The alignment of the address `offset` bytes past one aligned to `alignment`.
fn alignment_at(alignment: u64, offset: u64) -> u32 {
    let offset_alignment = if offset == 0 {
        u64::MAX
    } else {
        1 << offset.trailing_zeros()
    };
    alignment.min(offset_alignment) as u32
}

/// Replaces one masked access by a plain one of its active lanes.
fn narrow<'ctx>(
    module: &Module<'ctx>,
    target_data: &TargetData,
    access: &Narrowable<'ctx>,
) -> Result<(), CompileError> {
    let call = Value::from(access.call);
    let vector_type = access.vector_type;
    let element = vector_type.get_element_type();
    let element_bytes = target_data.get_store_size(&element.as_any_type_enum());
    let builder = cfg::builder_before(call);
    let vectors = VectorBuilder {
        builder: &builder,
        module,
        width: vector_type.get_size(),
    };
    let pointer = call
        .operand(access.access.pointer_operand())
        .basic()
        .expect("a masked access's address");
    let address = if access.first == 0 {
        pointer
    } else {
        let index = module
            .get_context()
            .i64_type()
            .const_int(u64::from(access.first), false);
        vectors.gep(element, pointer, &[index.into()], true)?
    }
    .into_pointer_value();
    let alignment = alignment_at(
        u64::from(call_parameter_alignment(
            access.call,
            access.access.pointer_operand(),
        )),
        u64::from(access.first) * element_bytes,
    );
    let (plain, replacement) = match access.access {
        MaskedAccess::Store => (narrow_store(&vectors, access, address)?, None),
        MaskedAccess::Load => {
            let (load, value) = narrow_load(&vectors, access, address)?;
            (load, Some(value))
        }
    };
    plain
        .set_alignment(alignment)
        .expect("a load or store takes a power-of-two alignment");
    metadata::copy_access_metadata(access.call, plain);
    if let Some(value) = replacement {
        call.replace_all_uses_with(Value::from(BasicValueEnum::from(value)));
    }
    call.erase();
    Ok(())
}

/// The store of the active lanes of a masked store's value at `address`.
fn narrow_store<'ctx>(
    vectors: &VectorBuilder<'_, 'ctx>,
    access: &Narrowable<'ctx>,
    address: PointerValue<'ctx>,
) -> Result<InstructionValue<'ctx>, CompileError> {
    let value = Value::from(access.call)
        .operand(0)
        .basic()
        .expect("a masked store's value")
        .into_vector_value();
    let stored: BasicValueEnum = if access.count == 1 {
        vectors.extract_lane(value, access.first)?
    } else {
        vectors.lanes_of(value, access.first, access.count)?.into()
    };
    vectors
        .builder
        .build_store(address, stored)
        .map_err(build_error)
}

/// The load of the active lanes at `address`, and the masked load's value rebuilt from it: the
/// loaded lanes in place, the pass-through operand's elsewhere.
fn narrow_load<'ctx>(
    vectors: &VectorBuilder<'_, 'ctx>,
    access: &Narrowable<'ctx>,
    address: PointerValue<'ctx>,
) -> Result<(InstructionValue<'ctx>, VectorValue<'ctx>), CompileError> {
    let builder = vectors.builder;
    let pass_through = Value::from(access.call)
        .operand(2)
        .basic()
        .expect("a masked load's pass-through value")
        .into_vector_value();
    let element = access.vector_type.get_element_type();
    if access.count == 1 {
        let loaded = builder
            .build_load(element, address, "narrowed")
            .map_err(build_error)?;
        let value = vectors.insert_lane(pass_through, loaded, access.first)?;
        return Ok((as_instruction(loaded), value));
    }
    let narrow_type =
        vector_of(element, access.count).expect("a vector element type makes vectors");
    let loaded = builder
        .build_load(narrow_type, address, "narrowed")
        .map_err(build_error)?;
    let value = place_lanes(builder, access, loaded.into_vector_value(), pass_through)?;
    Ok((as_instruction(loaded), value))
}

/// `pass_through` with lanes `first .. first + count` replaced by the lanes of `loaded`.
fn place_lanes<'ctx>(
    builder: &Builder<'ctx>,
    access: &Narrowable<'ctx>,
    loaded: VectorValue<'ctx>,
    pass_through: VectorValue<'ctx>,
) -> Result<VectorValue<'ctx>, CompileError> {
    let width = pass_through.get_type().get_size();
    let i32_type = loaded.get_type().get_context().i32_type();
    let run = access.first..access.first + access.count;
    let widen: Vec<IntValue> = (0..width)
        .map(|lane| {
            if run.contains(&lane) {
                i32_type.const_int(u64::from(lane - access.first), false)
            } else {
                i32_type.get_poison()
            }
        })
        .collect();
    let widened = builder
        .build_shuffle_vector(
            loaded,
            loaded.get_type().get_poison(),
            VectorType::const_vector(&widen),
            "narrowed.widened",
        )
        .map_err(build_error)?;
    if Value::from(BasicValueEnum::from(pass_through)).is(Kind::Undefined) {
        return Ok(widened);
    }
    let blend: Vec<IntValue> = (0..width)
        .map(|lane| {
            let source = if run.contains(&lane) {
                lane
            } else {
                width + lane
            };
            i32_type.const_int(u64::from(source), false)
        })
        .collect();
    builder
        .build_shuffle_vector(
            widened,
            pass_through,
            VectorType::const_vector(&blend),
            "narrowed.blended",
        )
        .map_err(build_error)
}

fn as_instruction(value: BasicValueEnum<'_>) -> InstructionValue<'_> {
    value
        .as_instruction_value()
        .expect("a load built in a block is an instruction")
}

impl ModulePass for NarrowConstantMasks {
    fn name(&self) -> &'static str {
        NAME
    }

    fn run(&self, module: &Module<'_>) -> Result<Changed, CompileError> {
        let target_data = walk::target_data(module);
        let mut changed = Changed::No;
        for function in module.get_functions().filter(|f| walk::is_definition(*f)) {
            for access in narrowable(function, &target_data) {
                narrow(module, &target_data, &access)?;
                changed = Changed::Yes;
            }
        }
        Ok(changed)
    }
}

fn build_error(e: inkwell::builder::BuilderError) -> CompileError {
    CompileError::Pass(format!("{NAME}: {e}"))
}

#[cfg(test)]
mod tests {
    use super::alignment_at;

    #[test]
    fn alignment_at_an_offset_is_the_weaker_of_the_two() {
        assert_eq!(alignment_at(32, 0), 32);
        assert_eq!(alignment_at(32, 16), 16);
        assert_eq!(alignment_at(4, 16), 4);
        assert_eq!(alignment_at(64, 24), 8);
    }
}
