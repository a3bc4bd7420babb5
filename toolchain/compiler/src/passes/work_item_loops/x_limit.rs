//! How far along x a barrier region has anything to do (docs/vectorizer.md, "Narrowed x loops").
//!
//! A tree reduction in local memory halves its active work-items at every barrier:
//! `if (lid < stride) scratch[lid] += scratch[lid + stride];`. Each step is a region of its own,
//! and the wrapper calls it for every work-item (every vector of them) of the group, although
//! only those below `stride` do anything: a group of 256 at 8 lanes makes 320 calls where 67
//! have an active lane. When a region does nothing observable for a work-item whose local x id
//! is at least a constant `U`, its x loop stops at `U` instead.
//!
//! The region qualifies when, from its entry, a straight path of side-effect-free code reaches
//! a conditional branch (the guard); one side of the guard reaches only side-effect-free code
//! up to the region's return; and taking the other side implies `lid.x < U`, where `lid.x` is
//! `__mux_get_local_id(0)` (for a vector form: a lane's id, the vector's first id plus a
//! non-negative constant, so the bound holds for the vector's first id). Conditions are read
//! through `and`, `or`, `xor … true`, truncations and `llvm.vector.reduce.or` (any lane), and
//! compare the id with a constant: `<`, `<=`, `==` (and their mirror images). Calls on the
//! side-effect-free paths must be work-item queries or known pure intrinsics.
//!
//! What the region returns (the next region) is the same for every work-item, because
//! barriers are reached uniformly; the wrapper always runs the first work-item (vector) of a
//! row, so the next region is still recorded.

use std::collections::HashSet;

use inkwell::basic_block::BasicBlock;
use inkwell::values::{
    BasicValue, BasicValueEnum, FunctionValue, InstructionOpcode, InstructionValue,
};
use inkwell::IntPredicate;

use crate::ir::mux::{WorkGroupMemory, WorkItemQuery};
use crate::ir::vector::{constant_int_lanes, intrinsic_base_name, operand, successors};
use crate::ir::walk::called_function;

/// Intrinsics that neither write memory nor fail to return.
const PURE_INTRINSICS: [&str; 8] = [
    "llvm.vector.reduce.or",
    "llvm.vector.reduce.and",
    "llvm.umin",
    "llvm.umax",
    "llvm.smin",
    "llvm.smax",
    "llvm.masked.load",
    "llvm.masked.gather",
];

/// The constant `U` such that `region` does nothing observable for work-items (vectors of
/// work-items, by their first id) with local x id at least `U`, if the region has such a guard.
pub fn region_x_limit(region: FunctionValue<'_>) -> Option<u64> {
    let mut block = region.get_first_basic_block()?;
    let mut visited = HashSet::new();
    loop {
        if !visited.insert(block) {
            return None;
        }
        let terminator = block.get_terminator()?;
        if !body_is_pure(block) {
            return None;
        }
        let targets = successors(terminator);
        match targets.as_slice() {
            [next] if terminator.get_opcode() == InstructionOpcode::Br => block = *next,
            [when_true, when_false] if terminator.get_opcode() == InstructionOpcode::Br => {
                let condition = operand(terminator, 0)?;
                return guard_limit(condition, *when_true, *when_false);
            }
            _ => return None,
        }
    }
}

/// The limit a guard on `condition` gives, when the side not implying `lid.x < U` is pure.
fn guard_limit(
    condition: BasicValueEnum<'_>,
    when_true: BasicBlock<'_>,
    when_false: BasicBlock<'_>,
) -> Option<u64> {
    if let Some(limit) = implied_limit(condition, false) {
        if reaches_only_pure_code(when_false) {
            return Some(limit);
        }
    }
    let limit = implied_limit(condition, true)?;
    reaches_only_pure_code(when_true).then_some(limit)
}

/// `U` such that `condition` being `!negated` (for a vector: in some lane) implies
/// `lid.x < U` (for a vector: of its first lane).
fn implied_limit(condition: BasicValueEnum<'_>, negated: bool) -> Option<u64> {
    let instruction = condition.as_instruction_value()?;
    match instruction.get_opcode() {
        // `a && b` true, or `a || b` false: each side alone is enough.
        InstructionOpcode::And if !negated => either_side(instruction, negated),
        InstructionOpcode::Or if negated => either_side(instruction, negated),
        InstructionOpcode::Xor => {
            let (value, other) = (operand(instruction, 0)?, operand(instruction, 1)?);
            let (value, mask) = if all_ones(other) {
                (value, other)
            } else {
                (other, value)
            };
            all_ones(mask).then_some(())?;
            implied_limit(value, !negated)
        }
        InstructionOpcode::ICmp => compare_limit(instruction, negated),
        InstructionOpcode::Call if !negated => {
            let callee = called_function(instruction)?;
            (intrinsic_base_name(callee)?.as_str() == "llvm.vector.reduce.or").then_some(())?;
            implied_limit(operand(instruction, 0)?, false)
        }
        _ => None,
    }
}

fn either_side(instruction: InstructionValue<'_>, negated: bool) -> Option<u64> {
    let left = implied_limit(operand(instruction, 0)?, negated);
    let right = implied_limit(operand(instruction, 1)?, negated);
    match (left, right) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (limit, None) | (None, limit) => limit,
    }
}

/// Whether `value` is `true`, or `true` in every lane.
fn all_ones(value: BasicValueEnum<'_>) -> bool {
    constant_int_lanes(value).is_some_and(|lanes| {
        lanes.iter().all(|lane| {
            lane.get_type().get_bit_width() == 1 && lane.get_zero_extended_constant() == Some(1)
        })
    })
}

/// The limit of `lid.x <pred> C` (or `C <pred> lid.x`) holding (or failing, when `negated`).
fn compare_limit(compare: InstructionValue<'_>, negated: bool) -> Option<u64> {
    use IntPredicate::*;
    let predicate = compare.get_icmp_predicate()?;
    let (left, right) = (operand(compare, 0)?, operand(compare, 1)?);
    // Written as `lid.x <pred> C`.
    let (predicate, constant) = if is_local_x_id(left) {
        (predicate, right)
    } else if is_local_x_id(right) {
        (mirrored(predicate), left)
    } else {
        return None;
    };
    let (unsigned, signed) = splat_constant(constant)?;
    let predicate = if negated {
        inverse(predicate)
    } else {
        predicate
    };
    let signed_limit = |bound: i64| u64::try_from(bound.max(0)).ok();
    match predicate {
        ULT => Some(unsigned),
        ULE | EQ => unsigned.checked_add(1),
        SLT => signed_limit(signed),
        SLE => signed_limit(signed.checked_add(1)?),
        _ => None,
    }
}

fn mirrored(predicate: IntPredicate) -> IntPredicate {
    use IntPredicate::*;
    match predicate {
        ULT => UGT,
        ULE => UGE,
        UGT => ULT,
        UGE => ULE,
        SLT => SGT,
        SLE => SGE,
        SGT => SLT,
        SGE => SLE,
        same => same,
    }
}

fn inverse(predicate: IntPredicate) -> IntPredicate {
    use IntPredicate::*;
    match predicate {
        EQ => NE,
        NE => EQ,
        ULT => UGE,
        ULE => UGT,
        UGT => ULE,
        UGE => ULT,
        SLT => SGE,
        SLE => SGT,
        SGT => SLE,
        SGE => SLT,
    }
}

/// The value of a constant integer, or of every lane of a splat, zero- and sign-extended.
fn splat_constant(value: BasicValueEnum<'_>) -> Option<(u64, i64)> {
    let lanes = constant_int_lanes(value)?;
    let first = lanes.first()?;
    let value = (
        first.get_zero_extended_constant()?,
        first.get_sign_extended_constant()?,
    );
    lanes
        .iter()
        .all(|lane| lane.get_zero_extended_constant() == Some(value.0))
        .then_some(value)
}

/// Whether `value` is the local x id, truncated to at least 32 bits, or for a vector, lanes of
/// the vector's first local x id plus non-negative constants.
fn is_local_x_id(value: BasicValueEnum<'_>) -> bool {
    let Some(instruction) = value.as_instruction_value() else {
        return false;
    };
    match instruction.get_opcode() {
        InstructionOpcode::Call => is_local_x_query(instruction),
        InstructionOpcode::Trunc => {
            let wide_enough = match value {
                BasicValueEnum::IntValue(v) => v.get_type().get_bit_width() >= 32,
                BasicValueEnum::VectorValue(v) => {
                    v.get_type()
                        .get_element_type()
                        .into_int_type()
                        .get_bit_width()
                        >= 32
                }
                _ => false,
            };
            wide_enough && operand(instruction, 0).is_some_and(is_local_x_id)
        }
        InstructionOpcode::Add => {
            let (a, b) = match (operand(instruction, 0), operand(instruction, 1)) {
                (Some(a), Some(b)) => (a, b),
                _ => return false,
            };
            (is_splat_of_local_x(a) && non_negative_lanes(b))
                || (is_splat_of_local_x(b) && non_negative_lanes(a))
        }
        _ => is_splat_of_local_x(value),
    }
}

/// Lane offsets a vector form adds to its first id: small non-negative constants.
fn non_negative_lanes(value: BasicValueEnum<'_>) -> bool {
    constant_int_lanes(value).is_some_and(|lanes| {
        lanes.iter().all(|lane| {
            lane.get_zero_extended_constant()
                .is_some_and(|offset| offset < 1 << 31)
        })
    })
}

/// `shufflevector (insertelement poison, lid.x, 0), poison, zeroinitializer`.
fn is_splat_of_local_x(value: BasicValueEnum<'_>) -> bool {
    let Some(shuffle) = value.as_instruction_value() else {
        return false;
    };
    if shuffle.get_opcode() != InstructionOpcode::ShuffleVector
        || !crate::ir::vector::shuffle_mask(shuffle)
            .iter()
            .all(|lane| *lane == Some(0))
    {
        return false;
    }
    let Some(insert) = operand(shuffle, 0).and_then(|v| v.as_instruction_value()) else {
        return false;
    };
    insert.get_opcode() == InstructionOpcode::InsertElement
        && operand(insert, 2).and_then(crate::ir::vector::constant_int) == Some(0)
        && operand(insert, 1)
            .and_then(|v| v.as_instruction_value())
            .is_some_and(|call| {
                call.get_opcode() == InstructionOpcode::Call && is_local_x_query(call)
            })
}

/// `__mux_get_local_id(i32 0)`.
fn is_local_x_query(call: InstructionValue<'_>) -> bool {
    called_function(call).is_some_and(|callee| {
        callee.get_name().to_str() == Ok(WorkItemQuery::LocalId.mux_name())
            && operand(call, 0).and_then(crate::ir::vector::constant_int) == Some(0)
    })
}

/// Whether every block reachable from `start` is free of side effects.
fn reaches_only_pure_code(start: BasicBlock<'_>) -> bool {
    let mut stack = vec![start];
    let mut seen = HashSet::new();
    while let Some(block) = stack.pop() {
        if !seen.insert(block) {
            continue;
        }
        if !body_is_pure(block) {
            return false;
        }
        let Some(terminator) = block.get_terminator() else {
            return false;
        };
        if !matches!(
            terminator.get_opcode(),
            InstructionOpcode::Br | InstructionOpcode::Return | InstructionOpcode::Switch
        ) {
            return false;
        }
        stack.extend(successors(terminator));
    }
    true
}

/// Whether the instructions of `block` before its terminator have no effect but their values.
fn body_is_pure(block: BasicBlock<'_>) -> bool {
    block
        .get_instructions()
        .filter(|instruction| !instruction.is_terminator())
        .all(is_pure)
}

fn is_pure(instruction: InstructionValue<'_>) -> bool {
    match instruction.get_opcode() {
        InstructionOpcode::Store
        | InstructionOpcode::AtomicRMW
        | InstructionOpcode::AtomicCmpXchg
        | InstructionOpcode::Fence
        | InstructionOpcode::Invoke
        | InstructionOpcode::VAArg
        | InstructionOpcode::CallBr => false,
        InstructionOpcode::Load => !instruction.get_volatile().unwrap_or(true),
        InstructionOpcode::Call => called_function(instruction).is_some_and(is_pure_callee),
        _ => true,
    }
}

fn is_pure_callee(callee: FunctionValue<'_>) -> bool {
    if let Some(intrinsic) = intrinsic_base_name(callee) {
        return PURE_INTRINSICS.contains(&intrinsic.as_str());
    }
    let name = callee.get_name().to_string_lossy();
    WorkItemQuery::ALL.iter().any(|q| q.mux_name() == name)
        || WorkGroupMemory::ALL.iter().any(|m| m.mux_name() == name)
}
