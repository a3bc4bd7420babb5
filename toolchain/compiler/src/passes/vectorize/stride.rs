//! How a varying integer or address moves from one lane to the next (docs/vectorizer.md,
//! "Strides"): lane `i` holds `value(lane 0) + i × stride`. Integer strides count units of the
//! integer, pointer strides count bytes. A memory access whose address stride equals its
//! element size is *contiguous* and becomes one vector load or store; anything else is a gather
//! or scatter.
//!
//! Like the Construction Kit's vectorizer, extensions and truncations are assumed not to wrap
//! between lanes: index arithmetic of work-item ids stays within its type in valid programs.

use std::collections::{HashMap, HashSet};

use inkwell::targets::TargetData;
use inkwell::types::{AnyTypeEnum, BasicTypeEnum};
use inkwell::values::{BasicValue, BasicValueEnum, InstructionOpcode, InstructionValue};

use super::divergence::lane_query;
use crate::ir::mux::WorkItemQuery;
use crate::ir::vector::{constant_int, operand};

/// The lane-to-lane step of a value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stride {
    /// The same in every lane.
    Uniform,
    /// Lane `i` adds `i × n`.
    Constant(i64),
    /// Anything else.
    Unknown,
}

impl Stride {
    fn add(self, other: Stride) -> Stride {
        match (self, other) {
            (Stride::Uniform, s) | (s, Stride::Uniform) => s,
            (Stride::Constant(a), Stride::Constant(b)) => {
                a.checked_add(b).map_or(Stride::Unknown, Stride::Constant)
            }
            _ => Stride::Unknown,
        }
    }

    fn scale(self, factor: i64) -> Stride {
        match self {
            Stride::Constant(a) => a
                .checked_mul(factor)
                .map_or(Stride::Unknown, Stride::Constant),
            other => other,
        }
    }

    fn negate(self) -> Stride {
        self.scale(-1)
    }
}

/// Computes strides on demand, remembering them.
pub struct Strides<'a, 'ctx> {
    varying: &'a HashSet<InstructionValue<'ctx>>,
    target_data: &'a TargetData,
    known: HashMap<InstructionValue<'ctx>, Stride>,
}

fn signed_constant(value: BasicValueEnum<'_>) -> Option<i64> {
    match value {
        BasicValueEnum::IntValue(v) => v.get_sign_extended_constant(),
        _ => None,
    }
}

impl<'a, 'ctx> Strides<'a, 'ctx> {
    pub fn new(varying: &'a HashSet<InstructionValue<'ctx>>, target_data: &'a TargetData) -> Self {
        Strides {
            varying,
            target_data,
            known: HashMap::new(),
        }
    }

    /// The stride of `value`.
    pub fn of(&mut self, value: BasicValueEnum<'ctx>) -> Stride {
        let Some(instruction) = value.as_instruction_value() else {
            return Stride::Uniform;
        };
        if !self.varying.contains(&instruction) {
            return Stride::Uniform;
        }
        if let Some(&stride) = self.known.get(&instruction) {
            return stride;
        }
        // Cycles through PHIs end here as Unknown.
        self.known.insert(instruction, Stride::Unknown);
        let stride = self.compute(instruction);
        self.known.insert(instruction, stride);
        stride
    }

    fn operand_stride(&mut self, instruction: InstructionValue<'ctx>, index: u32) -> Stride {
        operand(instruction, index).map_or(Stride::Unknown, |v| self.of(v))
    }

    fn compute(&mut self, instruction: InstructionValue<'ctx>) -> Stride {
        use InstructionOpcode::*;
        let constant = |index: u32| operand(instruction, index).and_then(signed_constant);
        match instruction.get_opcode() {
            Call => match lane_query(instruction) {
                Some((WorkItemQuery::LocalId | WorkItemQuery::GlobalId, Some(0))) => {
                    Stride::Constant(1)
                }
                _ => Stride::Unknown,
            },
            Add => self
                .operand_stride(instruction, 0)
                .add(self.operand_stride(instruction, 1)),
            Or if instruction.get_disjoint_flag().unwrap_or(false) => self
                .operand_stride(instruction, 0)
                .add(self.operand_stride(instruction, 1)),
            Sub => self
                .operand_stride(instruction, 0)
                .add(self.operand_stride(instruction, 1).negate()),
            Mul => match (constant(0), constant(1)) {
                (_, Some(c)) => self.operand_stride(instruction, 0).scale(c),
                (Some(c), _) => self.operand_stride(instruction, 1).scale(c),
                _ => Stride::Unknown,
            },
            Shl => match constant(1) {
                Some(c @ 0..=62) => self.operand_stride(instruction, 0).scale(1 << c),
                _ => Stride::Unknown,
            },
            SExt | ZExt | Trunc => self.operand_stride(instruction, 0),
            GetElementPtr => self.gep(instruction),
            _ => Stride::Unknown,
        }
    }

    /// A GEP's byte stride: the base's, plus each index's stride times the size it scales.
    fn gep(&mut self, instruction: InstructionValue<'ctx>) -> Stride {
        let Ok(source) = instruction.get_gep_source_element_type() else {
            return Stride::Unknown;
        };
        if !matches!(instruction.get_type(), AnyTypeEnum::PointerType(_)) {
            return Stride::Unknown;
        }
        let mut stride = self.operand_stride(instruction, 0);
        let mut current: BasicTypeEnum = source;
        for index in 1..instruction.get_num_operands() {
            let index_stride = self.operand_stride(instruction, index);
            let scaled = if index == 1 {
                self.target_data.get_abi_size(&current)
            } else {
                match current {
                    BasicTypeEnum::StructType(s) => {
                        if index_stride != Stride::Uniform {
                            return Stride::Unknown;
                        }
                        let field = operand(instruction, index)
                            .and_then(constant_int)
                            .unwrap_or(0);
                        let Some(field_type) = s.get_field_type_at_index(field as u32) else {
                            return Stride::Unknown;
                        };
                        current = field_type;
                        continue;
                    }
                    BasicTypeEnum::ArrayType(a) => {
                        current = a.get_element_type();
                        self.target_data.get_abi_size(&current)
                    }
                    BasicTypeEnum::VectorType(v) => {
                        current = v.get_element_type();
                        self.target_data.get_abi_size(&current)
                    }
                    _ => return Stride::Unknown,
                }
            };
            stride = stride.add(index_stride.scale(scaled as i64));
        }
        stride
    }
}
