//! Sub-groups in the vector form (docs/vectorizer.md, "Sub-groups"): the lanes of one call of
//! the vector form are one sub-group, so every sub-group builtin is computed in registers.
//!
//! * Local id: the lane. Size: the active lane count. Maximum size: the width.
//! * Sub-group id: work-item-loops runs each row of x as vectors starting at multiples of the
//!   width, so the vector's number is `row × ceil(size_x / W) + x / W` with the row's first x;
//!   the group has `ceil(size_x / W) × size_y × size_z` of them.
//! * Reductions, scans, `any`, `all`: folds over the active lanes (`collectives.rs`), with no
//!   call: a sub-group never involves another vector.
//! * Shuffles: the chosen lane of the value's vector, a uniform index giving a uniform result.
//!   An index past the width wraps (SYCL leaves the result unspecified).

use inkwell::values::{BasicValueEnum, InstructionValue, IntValue, VectorValue};

use super::divergence::refuse;
use super::emit::{built, EmitResult, Emitter, Lowered};
use crate::ir::mux::{CollectiveKind, CollectiveOp, SubGroupOperation, WorkItemQuery};
use crate::ir::vector::{operand, step_vector};

impl<'ctx> Emitter<'_, 'ctx> {
    /// A sub-group query (`__mux_get_sub_group_size` …) answered for the vector's lanes.
    pub fn emit_sub_group_query(
        &mut self,
        instruction: InstructionValue<'ctx>,
        query: WorkItemQuery,
    ) -> EmitResult<()> {
        let i32_type = self.context.i32_type();
        let answer = match query {
            WorkItemQuery::SubGroupLocalId => {
                Lowered::Varying(vec![step_vector(i32_type, self.width)])
            }
            WorkItemQuery::SubGroupSize => Lowered::Uniform(self.active_lanes().into()),
            WorkItemQuery::MaxSubGroupSize => {
                Lowered::Uniform(i32_type.const_int(self.width as u64, false).into())
            }
            WorkItemQuery::SubGroupId => Lowered::Uniform(self.sub_group_id()?.into()),
            WorkItemQuery::NumSubGroups => Lowered::Uniform(self.sub_group_count()?.into()),
            _ => return refuse("internal: not a sub-group query"),
        };
        self.values.insert(instruction, answer);
        Ok(())
    }

    /// The vector form's last parameter: how many lanes run.
    fn active_lanes(&self) -> IntValue<'ctx> {
        self.function
            .get_last_param()
            .expect("the vector form's lane count")
            .into_int_value()
    }

    /// `ceil(size_x / W)`: the vectors (sub-groups) of a row.
    fn vectors_per_row(&self) -> EmitResult<IntValue<'ctx>> {
        let size_x = self.ranked_query(WorkItemQuery::LocalSize, 0, "size.x")?;
        let width_minus_one = size_x.get_type().const_int(self.width as u64 - 1, false);
        let width = size_x.get_type().const_int(self.width as u64, false);
        let rounded = built(self.builder.build_int_add(size_x, width_minus_one, ""))?;
        built(
            self.builder
                .build_int_unsigned_div(rounded, width, "vectors.per.row"),
        )
    }

    fn to_i32(&self, value: IntValue<'ctx>, name: &str) -> EmitResult<IntValue<'ctx>> {
        built(
            self.builder
                .build_int_truncate(value, self.context.i32_type(), name),
        )
    }

    fn sub_group_id(&self) -> EmitResult<IntValue<'ctx>> {
        let x = self.ranked_query(WorkItemQuery::LocalId, 0, "base.x")?;
        let y = self.ranked_query(WorkItemQuery::LocalId, 1, "y")?;
        let z = self.ranked_query(WorkItemQuery::LocalId, 2, "z")?;
        let size_y = self.ranked_query(WorkItemQuery::LocalSize, 1, "size.y")?;
        let zy = built(self.builder.build_int_mul(z, size_y, "zy"))?;
        let row = built(self.builder.build_int_add(zy, y, "row"))?;
        let row_start = built(self.builder.build_int_mul(
            row,
            self.vectors_per_row()?,
            "row.start",
        ))?;
        let width = x.get_type().const_int(self.width as u64, false);
        let in_row = built(self.builder.build_int_unsigned_div(x, width, "in.row"))?;
        let id = built(self.builder.build_int_add(row_start, in_row, ""))?;
        self.to_i32(id, "sub_group.id")
    }

    fn sub_group_count(&self) -> EmitResult<IntValue<'ctx>> {
        let size_y = self.ranked_query(WorkItemQuery::LocalSize, 1, "size.y")?;
        let size_z = self.ranked_query(WorkItemQuery::LocalSize, 2, "size.z")?;
        let rows = built(self.builder.build_int_mul(size_y, size_z, "rows"))?;
        let count = built(
            self.builder
                .build_int_mul(rows, self.vectors_per_row()?, ""),
        )?;
        self.to_i32(count, "sub_groups")
    }

    /// A sub-group reduction, scan, vote or shuffle over the vector's lanes. Under a mask
    /// (`mask`, the lanes that reach it) the reductions, scans and votes fold the lanes that
    /// reach it, the others reading the identity, as a group of the work-items that call
    /// together (a non-uniform group) needs; SYCL leaves a plain sub-group's operation that
    /// not all its work-items reach undefined.
    pub fn emit_sub_group_operation(
        &mut self,
        instruction: InstructionValue<'ctx>,
        operation: SubGroupOperation,
        mask: VectorValue<'ctx>,
    ) -> EmitResult<()> {
        let value = operand(instruction, 0).expect("a sub-group operand");
        let parts = self.packet(value)?;
        let [lanes] = parts.as_slice() else {
            return refuse("a sub-group operation on a vector type");
        };
        let lanes = *lanes;
        let result = match operation {
            SubGroupOperation::Shuffle => {
                let index = operand(instruction, 1).expect("a shuffle's index");
                self.shuffle_lanes(lanes, index)?
            }
            SubGroupOperation::Collective(collective) => {
                let fold = |op| -> EmitResult<Lowered<'ctx>> {
                    let total = *self.lane_fold(op, lanes, mask)?.last().expect("a lane");
                    Ok(Lowered::Uniform(total))
                };
                match (collective.kind, collective.op) {
                    (CollectiveKind::Any, _) => fold(CollectiveOp::LogicalOr)?,
                    (CollectiveKind::All, _) => fold(CollectiveOp::LogicalAnd)?,
                    (CollectiveKind::Reduce, Some(op)) => fold(op)?,
                    (
                        kind @ (CollectiveKind::ScanInclusive | CollectiveKind::ScanExclusive),
                        Some(op),
                    ) => {
                        let prefixes = self.lane_fold(op, lanes, mask)?;
                        let inclusive = kind == CollectiveKind::ScanInclusive;
                        Lowered::Varying(vec![
                            self.scan_vector(op, inclusive, lanes, &prefixes, None)?
                        ])
                    }
                    _ => return refuse("internal: a sub-group collective without an operation"),
                }
            }
        };
        self.values.insert(instruction, result);
        Ok(())
    }

    /// The lane `index mod W` of `lanes`, per lane when the index varies.
    fn shuffle_lanes(
        &self,
        lanes: VectorValue<'ctx>,
        index: BasicValueEnum<'ctx>,
    ) -> EmitResult<Lowered<'ctx>> {
        let wrap = |index: IntValue<'ctx>| -> EmitResult<IntValue<'ctx>> {
            let width = index.get_type().const_int(self.width as u64, false);
            built(
                self.builder
                    .build_int_unsigned_rem(index, width, "shuffle.lane"),
            )
        };
        let pick = |index: IntValue<'ctx>| -> EmitResult<BasicValueEnum<'ctx>> {
            built(
                self.builder
                    .build_extract_element(lanes, wrap(index)?, "shuffled"),
            )
        };
        match self.lookup(index)? {
            Lowered::Uniform(index) => Ok(Lowered::Uniform(pick(index.into_int_value())?)),
            Lowered::Varying(indices) => {
                let [indices] = indices.as_slice() else {
                    return refuse("internal: a shuffle index of a vector type");
                };
                let mut result = lanes.get_type().get_poison();
                for lane in 0..self.width {
                    let index = built(self.lanes().extract_lane(*indices, lane))?;
                    let value = pick(index.into_int_value())?;
                    result = built(self.lanes().insert_lane(result, value, lane))?;
                }
                Ok(Lowered::Varying(vec![result]))
            }
        }
    }
}
