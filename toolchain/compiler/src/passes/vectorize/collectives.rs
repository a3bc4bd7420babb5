//! Work-group collectives in the vector form (docs/vectorizer.md, "Collectives"): the lanes of
//! a vector combine their operands in registers first, and the vector then takes part in the
//! collective once, as one work-item would. `work-item-loops` folds the collective's operands
//! over the live structs of the group, which for a vector kernel are one per vector, so the
//! group's result is the fold of the vectors' partial results (the Construction Kit's weakness
//! W5 is folding every lane separately).
//!
//! * `reduce`, `any`, `all`: the active lanes' reduction, then the collective on that partial.
//! * scans: an inclusive scan across the lanes; the vector's total goes to an *exclusive* scan
//!   over the group, whose result (the vectors before this one) is combined into every lane.
//! * `broadcast(x, id)`: the lane whose linear id is `id`, if it is in this vector, gives its
//!   value's bits and every other vector gives zeros; an `or` reduction over the group then
//!   leaves the chosen bits.

use inkwell::types::BasicType;
use inkwell::values::{BasicValueEnum, InstructionValue, IntValue, VectorValue};
use inkwell::IntPredicate;

use super::divergence::refuse;
use super::emit::{built, EmitResult, Emitter, Lowered};
use crate::ir::mux::{self, Collective, CollectiveKind, CollectiveOp, WorkItemQuery};
use crate::ir::vector::{instruction_value, operand};

impl<'ctx> Emitter<'_, 'ctx> {
    /// Emits the collective call `instruction` once for the vector (it is in an unmasked block:
    /// `divergence` refuses collectives under a mask).
    pub fn emit_collective(
        &mut self,
        instruction: InstructionValue<'ctx>,
        collective: Collective,
    ) -> EmitResult<()> {
        let value = operand(instruction, 1).expect("a collective's operand");
        let parts = self.packet(value)?;
        let [lanes] = parts.as_slice() else {
            return refuse("a work-group collective on a vector type");
        };
        let result = match (collective.kind, collective.op) {
            (CollectiveKind::Broadcast, _) => {
                Lowered::Uniform(self.broadcast(instruction, *lanes)?)
            }
            (CollectiveKind::Any, _) => {
                Lowered::Uniform(self.reduce(instruction, CollectiveOp::LogicalOr, *lanes)?)
            }
            (CollectiveKind::All, _) => {
                Lowered::Uniform(self.reduce(instruction, CollectiveOp::LogicalAnd, *lanes)?)
            }
            (CollectiveKind::Reduce, Some(op)) => {
                Lowered::Uniform(self.reduce(instruction, op, *lanes)?)
            }
            (kind, Some(op)) => Lowered::Varying(vec![self.scan(
                instruction,
                op,
                kind == CollectiveKind::ScanInclusive,
                *lanes,
            )?]),
            (_, None) => return refuse("internal: a scan without an operation"),
        };
        self.values.insert(instruction, result);
        Ok(())
    }

    /// The lanes of `lanes` active in `mask`, the others replaced by the identity of `op`.
    fn active_or_identity(
        &self,
        op: CollectiveOp,
        lanes: VectorValue<'ctx>,
        mask: VectorValue<'ctx>,
    ) -> EmitResult<VectorValue<'ctx>> {
        let identity = mux::identity(op, lanes.get_type().get_element_type());
        let identities = built(self.lanes().splat(identity))?;
        let blended =
            built(
                self.builder
                    .build_select(mask, lanes, identities, "active.or.identity"),
            )?;
        Ok(blended.into_vector_value())
    }

    /// `op` over the lanes active in `mask`, one lane at a time (in lane order, as the scalar
    /// kernel's work-items would be folded).
    pub(super) fn lane_fold(
        &self,
        op: CollectiveOp,
        lanes: VectorValue<'ctx>,
        mask: VectorValue<'ctx>,
    ) -> EmitResult<Vec<BasicValueEnum<'ctx>>> {
        let lanes = self.active_or_identity(op, lanes, mask)?;
        let mut running = built(self.lanes().extract_lane(lanes, 0))?;
        let mut prefixes = vec![running];
        for lane in 1..self.width {
            let value = built(self.lanes().extract_lane(lanes, lane))?;
            running = built(mux::combine(&self.builder, op, running, value))?;
            prefixes.push(running);
        }
        Ok(prefixes)
    }

    /// A clone of the collective call reading `operand` (and, if given, calling `callee`).
    fn collective_call(
        &self,
        instruction: InstructionValue<'ctx>,
        partial: BasicValueEnum<'ctx>,
        callee_name: Option<String>,
    ) -> EmitResult<BasicValueEnum<'ctx>> {
        let id = operand(instruction, 0).expect("a collective's barrier id");
        let function = match callee_name {
            Some(name) => self.module.get_function(&name).unwrap_or_else(|| {
                let ty = partial.get_type();
                let i32_type = self.context.i32_type();
                let function = self.module.add_function(
                    &name,
                    ty.fn_type(&[i32_type.into(), ty.into()], false),
                    None,
                );
                crate::ir::attributes::add_enum_attribute(
                    function,
                    inkwell::attributes::AttributeLoc::Function,
                    "convergent",
                );
                function
            }),
            None => walk_callee(instruction)?,
        };
        let call = built(self.builder.build_call(
            function,
            &[id.into(), partial.into()],
            "collective",
        ))?;
        Ok(call
            .try_as_basic_value()
            .basic()
            .expect("a collective returns a value"))
    }

    fn reduce(
        &self,
        instruction: InstructionValue<'ctx>,
        op: CollectiveOp,
        lanes: VectorValue<'ctx>,
    ) -> EmitResult<BasicValueEnum<'ctx>> {
        let partial = *self
            .lane_fold(op, lanes, self.entry_mask)?
            .last()
            .expect("a lane");
        self.collective_call(instruction, partial, None)
    }

    /// Each lane's scan value: the group's exclusive scan of the vectors' totals, combined with
    /// the lane's scan within the vector.
    fn scan(
        &self,
        instruction: InstructionValue<'ctx>,
        op: CollectiveOp,
        inclusive: bool,
        lanes: VectorValue<'ctx>,
    ) -> EmitResult<VectorValue<'ctx>> {
        let prefixes = self.lane_fold(op, lanes, self.entry_mask)?;
        let total = *prefixes.last().expect("a lane");
        let type_name = crate::passes::convert_to_mux_builtins::mux_type_name(total.get_type())
            .ok_or_else(|| {
                super::divergence::NotVectorizable("a scan of an unsupported type".into())
            })?;
        let exclusive = Collective {
            kind: CollectiveKind::ScanExclusive,
            op: Some(op),
        };
        let before =
            self.collective_call(instruction, total, Some(exclusive.mux_name(&type_name)))?;
        self.scan_vector(op, inclusive, lanes, &prefixes, Some(before))
    }

    /// Each lane's scan value from the lanes' running folds `prefixes`: its own (inclusive) or
    /// its predecessor's (exclusive, the identity for lane 0), combined after `before` if given.
    pub(super) fn scan_vector(
        &self,
        op: CollectiveOp,
        inclusive: bool,
        lanes: VectorValue<'ctx>,
        prefixes: &[BasicValueEnum<'ctx>],
        before: Option<BasicValueEnum<'ctx>>,
    ) -> EmitResult<VectorValue<'ctx>> {
        let identity = mux::identity(op, lanes.get_type().get_element_type());
        let mut result = lanes.get_type().get_poison();
        for lane in 0..self.width {
            let within = match (inclusive, lane) {
                (true, _) => prefixes[lane as usize],
                (false, 0) => identity,
                (false, _) => prefixes[lane as usize - 1],
            };
            let value = match before {
                Some(before) => built(mux::combine(&self.builder, op, before, within))?,
                None => within,
            };
            result = built(self.lanes().insert_lane(result, value, lane))?;
        }
        Ok(result)
    }

    /// `broadcast(x, id)` as an `or` reduction of bits that only the chosen lane sets.
    fn broadcast(
        &self,
        instruction: InstructionValue<'ctx>,
        lanes: VectorValue<'ctx>,
    ) -> EmitResult<BasicValueEnum<'ctx>> {
        let index = operand(instruction, 2).expect("a broadcast's index");
        let Lowered::Uniform(index) = self.lookup(index)? else {
            return refuse("a broadcast from a work-item that differs between lanes");
        };
        let index = index.into_int_value();
        let element = lanes.get_type().get_element_type();
        let bit_size = self.target_data.get_bit_size(&element) as u32;
        let bits_type = std::num::NonZeroU32::new(bit_size)
            .and_then(|bits| self.context.custom_width_int_type(bits).ok())
            .ok_or_else(|| {
                super::divergence::NotVectorizable("a broadcast of an empty type".into())
            })?;
        let bits = built(self.builder.build_bit_cast(
            lanes,
            bits_type.vec_type(self.width),
            "bits",
        ))?
        .into_vector_value();
        let lane = built(self.builder.build_int_sub(
            index,
            self.first_linear_id()?,
            "broadcast.lane",
        ))?;
        let width = index.get_type().const_int(self.width as u64, false);
        let in_vector =
            built(
                self.builder
                    .build_int_compare(IntPredicate::ULT, lane, width, "in.vector"),
            )?;
        let safe_lane = built(self.builder.build_select(
            in_vector,
            lane,
            index.get_type().const_zero(),
            "lane",
        ))?
        .into_int_value();
        let safe_lane = built(self.builder.build_int_truncate(
            safe_lane,
            self.context.i32_type(),
            "lane32",
        ))?;
        let active = built(self.builder.build_extract_element(
            self.entry_mask,
            safe_lane,
            "active",
        ))?
        .into_int_value();
        let chosen = built(self.builder.build_and(in_vector, active, "chosen"))?;
        let value = built(self.builder.build_extract_element(bits, safe_lane, "value"))?;
        let partial = built(self.builder.build_select(
            chosen,
            value,
            bits_type.const_zero().into(),
            "partial",
        ))?;
        let or = Collective {
            kind: CollectiveKind::Reduce,
            op: Some(CollectiveOp::Or),
        };
        let type_name = format!("i{}", bits_type.get_bit_width());
        let result = self.collective_call(instruction, partial, Some(or.mux_name(&type_name)))?;
        let original = instruction_value(instruction).expect("a value").get_type();
        built(self.builder.build_bit_cast(result, original, "broadcast"))
    }

    /// The work-group linear id of lane 0: `x + size_x × (y + size_y × z)` with the row's first
    /// local id x.
    fn first_linear_id(&self) -> EmitResult<IntValue<'ctx>> {
        let query = |kind, dimension| self.ranked_query(kind, dimension, "id");
        let (x, y, z) = (
            query(WorkItemQuery::LocalId, 0)?,
            query(WorkItemQuery::LocalId, 1)?,
            query(WorkItemQuery::LocalId, 2)?,
        );
        let (size_x, size_y) = (
            query(WorkItemQuery::LocalSize, 0)?,
            query(WorkItemQuery::LocalSize, 1)?,
        );
        let zy = built(self.builder.build_int_mul(z, size_y, "zy"))?;
        let row = built(self.builder.build_int_add(zy, y, "row"))?;
        let row_start = built(self.builder.build_int_mul(row, size_x, "row.start"))?;
        built(self.builder.build_int_add(row_start, x, "first.linear"))
    }
}

/// The function a collective call calls.
fn walk_callee<'ctx>(
    instruction: InstructionValue<'ctx>,
) -> EmitResult<inkwell::values::FunctionValue<'ctx>> {
    crate::ir::walk::called_function(instruction).ok_or_else(|| {
        super::divergence::NotVectorizable("internal: an indirect collective".into())
    })
}
