//! How much machine work code is, counted in vector-register operations (docs/vectorizer.md,
//! "What the vector form costs").
//!
//! An instruction costs the registers its widest value spans: an `<16 x float>` add is two on
//! AVX2, a `<16 x double>` one four, a scalar one. A gather or scatter costs one per lane, which
//! is what it costs the core. The back end's work grows with this count (its legalizer splits
//! every value into registers), and so does the time the code takes to run. It answers the
//! vectorizer's two questions: do the lanes save work, and is the vector form small enough to
//! compile in reasonable time.

use std::collections::HashSet;

use inkwell::targets::TargetData;
use inkwell::types::{BasicType, BasicTypeEnum};
use inkwell::values::{FunctionValue, InstructionValue};

use crate::ir::vector::{intrinsic_base_name, operand, vector_shape};
use crate::ir::walk;

/// Register operations counted for registers of one size.
pub(super) struct Cost<'a> {
    pub register_bits: u64,
    pub target_data: &'a TargetData,
}

impl Cost<'_> {
    /// Every instruction of `function`.
    pub fn function(&self, function: FunctionValue<'_>) -> u64 {
        walk::instructions(function)
            .into_iter()
            .map(|instruction| self.instruction(instruction))
            .sum()
    }

    /// The varying instructions of a scalar kernel, run once for each of `width` work-items.
    /// Uniform ones do not count: the vector form computes them once per vector, and the scalar
    /// kernel once per row, where LLVM hoists them out of the work-item loop.
    pub fn scalar_lanes(&self, varying: &HashSet<InstructionValue<'_>>, width: u32) -> u64 {
        let per_work_item: u64 = varying.iter().map(|i| self.instruction(*i)).sum();
        u64::from(width) * per_work_item
    }

    /// The same varying instructions run in `width` lanes at once, each costing the registers
    /// its widest value takes `width` times, plus what the vector form's gathers and scatters
    /// (`vector_form`) cost beyond a contiguous access of as many elements. Counted on the
    /// scalar instructions rather than on the vector form, whose lane bookkeeping (masks, lane
    /// ids, a vector of addresses of which one is used) LLVM folds away in the calls that run
    /// whole vectors.
    pub fn vector_lanes(
        &self,
        varying: &HashSet<InstructionValue<'_>>,
        width: u32,
        vector_form: FunctionValue<'_>,
    ) -> u64 {
        let lanes: u64 = varying
            .iter()
            .map(|instruction| self.registers(u64::from(width) * self.widest_bits(*instruction)))
            .sum();
        let gathers_beyond_contiguous: u64 = walk::instructions(vector_form)
            .into_iter()
            .filter_map(|instruction| {
                let elements = per_lane_access(instruction)?;
                let contiguous = self.registers(self.widest_bits(instruction));
                Some(elements.saturating_sub(contiguous))
            })
            .sum();
        lanes + gathers_beyond_contiguous
    }

    fn instruction(&self, instruction: InstructionValue<'_>) -> u64 {
        per_lane_access(instruction)
            .unwrap_or_else(|| self.registers(self.widest_bits(instruction)))
    }

    /// Registers a value of `bits` spans; at least one.
    fn registers(&self, bits: u64) -> u64 {
        bits.div_ceil(self.register_bits).max(1)
    }

    /// The size of the widest value an instruction reads or makes.
    fn widest_bits(&self, instruction: InstructionValue<'_>) -> u64 {
        values(instruction)
            .filter(|value_type| value_type.is_sized())
            .map(|value_type| self.target_data.get_bit_size(&value_type))
            .max()
            .unwrap_or(0)
    }
}

/// The types of the values an instruction reads and makes.
fn values<'ctx>(instruction: InstructionValue<'ctx>) -> impl Iterator<Item = BasicTypeEnum<'ctx>> {
    let operands = (0..instruction.get_num_operands())
        .filter_map(move |index| operand(instruction, index))
        .map(|value| value.get_type());
    operands.chain(BasicTypeEnum::try_from(instruction.get_type()).ok())
}

/// The lane count of a gather or scatter: each lane is a load or store of its own.
fn per_lane_access(instruction: InstructionValue<'_>) -> Option<u64> {
    let accessed = match intrinsic_base_name(walk::called_function(instruction)?)?.as_str() {
        "llvm.masked.gather" => BasicTypeEnum::try_from(instruction.get_type()).ok()?,
        "llvm.masked.scatter" => operand(instruction, 0)?.get_type(),
        _ => return None,
    };
    let (_, lanes) = vector_shape(accessed)?;
    Some(u64::from(lanes))
}
