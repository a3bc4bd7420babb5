//! One scalar instruction in the vector kernel (docs/vectorizer.md, "Widening"): uniform
//! instructions are cloned; varying arithmetic, comparisons, casts, selects and GEPs get one
//! vector instruction per component; loads and stores become vector accesses when their address
//! is contiguous and gathers or scatters otherwise, all under the block's mask; pure intrinsics
//! take their vector overload; everything else (atomics, calls with effects) runs once per
//! active lane.

use inkwell::types::{AnyTypeEnum, BasicType, BasicTypeEnum};
use inkwell::values::{
    BasicValue, BasicValueEnum, InstructionOpcode, InstructionValue, PointerValue, VectorValue,
};

use super::divergence::{
    call_kind, is_atomic_or_volatile, lane_query, refuse, CallKind, ELEMENTWISE_INTRINSICS,
};
use super::emit::{built, EmitResult, Emitter, Lowered};
use super::stride::Stride;
use super::vector_math::{math_function, vector_form};
use crate::ir::memory::is_dereferenceable;
use crate::ir::metadata::copy_access_metadata;
use crate::ir::mux::WorkItemQuery;
use crate::ir::vector::{
    alignment, constant_int, instruction_value, intrinsic_base_name, operand, shuffle_mask,
    step_vector, vector_of, vector_shape,
};
use inkwell::values::FunctionValue;

impl<'ctx> Emitter<'_, 'ctx> {
    /// Emits `instruction` (not a PHI or terminator) for the lanes in `mask`.
    pub fn emit_instruction(
        &mut self,
        instruction: InstructionValue<'ctx>,
        mask: VectorValue<'ctx>,
    ) -> EmitResult<()> {
        if instruction.get_opcode() == InstructionOpcode::Call
            && call_kind(instruction) == CallKind::Dropped
        {
            return Ok(());
        }
        // Vector code keeps the scalar instruction's source position: the vector function has no
        // subprogram of its own, and once inlined its code belongs to the kernel's, as the scalar
        // kernel's would.
        match instruction.get_debug_location() {
            Some(location) => self.builder.set_current_debug_location(location),
            None => self.builder.unset_current_debug_location(),
        }
        if instruction.get_opcode() == InstructionOpcode::Call {
            match call_kind(instruction) {
                CallKind::Collective(collective) => {
                    return self.emit_collective(instruction, collective)
                }
                CallKind::SubGroup(operation) => {
                    return self.emit_sub_group_operation(instruction, operation, mask)
                }
                _ => {}
            }
            if let Some((query, _)) = lane_query(instruction).filter(|(q, _)| q.is_sub_group()) {
                return self.emit_sub_group_query(instruction, query);
            }
        }
        if !self.analysis.varying.contains(&instruction) {
            if instruction.get_opcode() == InstructionOpcode::Load && mask != self.entry_mask {
                return self.emit_uniform_load_under_mask(instruction, mask);
            }
            return self.emit_uniform(instruction);
        }
        self.widened += 1;
        let lowered = self.widen(instruction, mask)?;
        if let Some(lowered) = lowered {
            self.values.insert(instruction, lowered);
        }
        Ok(())
    }

    /// A uniform instruction: a clone reading the uniform operands.
    fn emit_uniform(&mut self, instruction: InstructionValue<'ctx>) -> EmitResult<()> {
        let mut operands = Vec::new();
        for index in 0..instruction.get_num_operands() {
            if let Some(value) = operand(instruction, index) {
                operands.push((index, self.uniform(value)?));
            }
        }
        self.insert_uniform_clone(instruction, &operands)
    }

    /// A load at a uniform address in a block only some lanes run (docs/vectorizer.md,
    /// "Uniform loads under a mask"): one scalar load, since every lane would read the same
    /// value. The scalar kernel may run it on no work-item at all (`if (p) x = *p;`), so unless
    /// the address is known to be readable on every path (a kernel capture), the load reads a
    /// private slot holding zero when no lane is active.
    fn emit_uniform_load_under_mask(
        &mut self,
        instruction: InstructionValue<'ctx>,
        mask: VectorValue<'ctx>,
    ) -> EmitResult<()> {
        let scalar_pointer = operand(instruction, 0).expect("a load has an address");
        let ty = Self::result_type(instruction)?;
        let bytes = self.target_data.get_store_size(&ty);
        let pointer = self.uniform(scalar_pointer)?;
        if is_dereferenceable(self.scalar, scalar_pointer, bytes, self.target_data) {
            return self.insert_uniform_clone(instruction, &[(0, pointer)]);
        }
        let slot = self.spare_slot(ty)?;
        built(self.builder.build_store(slot, ty.const_zero()))?;
        let address = self.address_if_any_lane(pointer, slot, mask)?;
        self.insert_uniform_clone(instruction, &[(0, address)])
    }

    /// The same value stored at the same address by every active lane: one scalar store, into a
    /// private slot when no lane is active (docs/vectorizer.md, "Uniform loads under a mask").
    fn uniform_store_under_mask(
        &mut self,
        instruction: InstructionValue<'ctx>,
        value: BasicValueEnum<'ctx>,
        pointer: BasicValueEnum<'ctx>,
        mask: VectorValue<'ctx>,
    ) -> EmitResult<()> {
        let slot = self.spare_slot(value.get_type())?;
        let address = self.address_if_any_lane(pointer, slot, mask)?;
        let clone = Self::clone_with(instruction, &[(0, value), (1, address)]);
        self.builder.insert_instruction(&clone, None);
        Ok(())
    }

    /// `any(mask) ? pointer : slot`, as a pointer of `pointer`'s type.
    fn address_if_any_lane(
        &mut self,
        pointer: BasicValueEnum<'ctx>,
        mut slot: PointerValue<'ctx>,
        mask: VectorValue<'ctx>,
    ) -> EmitResult<BasicValueEnum<'ctx>> {
        let pointer_type = pointer.get_type().into_pointer_type();
        if slot.get_type() != pointer_type {
            slot = built(
                self.builder
                    .build_address_space_cast(slot, pointer_type, "spare.cast"),
            )?;
        }
        let any = built(self.lanes().any(mask))?;
        built(
            self.builder
                .build_select(any, pointer, slot.into(), "address"),
        )
    }

    /// Inserts a copy of `instruction` reading `operands`, allocas in the entry block, and
    /// records it as the instruction's uniform value.
    fn insert_uniform_clone(
        &mut self,
        instruction: InstructionValue<'ctx>,
        operands: &[(u32, BasicValueEnum<'ctx>)],
    ) -> EmitResult<()> {
        let clone = Self::clone_with(instruction, operands);
        let name = instruction
            .get_name()
            .map(|n| n.to_string_lossy().into_owned());
        if instruction.get_opcode() == InstructionOpcode::Alloca {
            self.at_entry_start(|builder| builder.insert_instruction(&clone, name.as_deref()));
        } else {
            self.builder.insert_instruction(&clone, name.as_deref());
        }
        if let Some(value) = instruction_value(clone) {
            self.values.insert(instruction, Lowered::Uniform(value));
        }
        Ok(())
    }

    fn widen(
        &mut self,
        instruction: InstructionValue<'ctx>,
        mask: VectorValue<'ctx>,
    ) -> EmitResult<Option<Lowered<'ctx>>> {
        use InstructionOpcode::*;
        let varying = |parts: Vec<VectorValue<'ctx>>| Ok(Some(Lowered::Varying(parts)));
        match instruction.get_opcode() {
            Add | Sub | Mul | Shl | LShr | AShr | And | Or | Xor | FAdd | FSub | FMul | FDiv
            | FRem => varying(self.binary(instruction, false, mask)?),
            UDiv | SDiv | URem | SRem => varying(self.binary(instruction, true, mask)?),
            FNeg => varying(self.unary_float_negation(instruction)?),
            Trunc | ZExt | SExt | FPToUI | FPToSI | UIToFP | SIToFP | FPTrunc | FPExt
            | PtrToInt | IntToPtr | BitCast | AddrSpaceCast => varying(self.cast(instruction)?),
            ICmp | FCmp => varying(self.compare(instruction)?),
            Select => varying(self.select_instruction(instruction)?),
            Freeze => varying(self.freeze(instruction)?),
            GetElementPtr => varying(self.gep(instruction)?),
            ExtractElement => varying(self.extract_element(instruction)?),
            InsertElement => varying(self.insert_element(instruction)?),
            ShuffleVector => varying(self.shuffle(instruction)?),
            ExtractValue => varying(self.extract_value(instruction)?),
            Load => self.load(instruction, mask),
            Store => self.store(instruction, mask).map(|_| None),
            Call => self.call(instruction, mask),
            AtomicRMW | AtomicCmpXchg => self.per_lane(instruction, mask),
            Alloca => varying(self.lane_copies(instruction)?),
            other => refuse(format!("a varying {other:?} instruction")),
        }
    }

    /// A private variable that differs between lanes (docs/vectorizer.md, "Private
    /// variables"): an array of one copy per lane in the entry block, and the vector of the
    /// lanes' addresses. `divergence` has checked that it can be copied.
    fn lane_copies(&self, alloca: InstructionValue<'ctx>) -> EmitResult<Vec<VectorValue<'ctx>>> {
        let ty = built(alloca.get_allocated_type())?;
        let copies = ty.array_type(self.width);
        let i32_type = self.context.i32_type();
        let lanes = step_vector(i32_type, self.width);
        self.at_entry_start(|builder| -> EmitResult<Vec<VectorValue<'ctx>>> {
            let array = built(builder.build_alloca(copies, "lane.copies"))?;
            if let Some(instruction) = array.as_instruction_value() {
                built(instruction.set_alignment(alignment(alloca)))?;
            }
            let indices = [i32_type.const_zero().into(), lanes.into()];
            let addresses = built(
                self.lanes()
                    .gep(copies.into(), array.into(), &indices, true),
            )?;
            Ok(vec![addresses.into_vector_value()])
        })
    }

    fn operand_packet(
        &self,
        instruction: InstructionValue<'ctx>,
        index: u32,
    ) -> EmitResult<Vec<VectorValue<'ctx>>> {
        match operand(instruction, index) {
            Some(value) => self.packet(value),
            None => refuse("internal: a missing operand"),
        }
    }

    /// A copy of `instruction` (not yet inserted) reading `operands` instead of its own. The
    /// operands are gathered first so that a failure never leaves a copy that uses scalar
    /// values.
    fn clone_with(
        instruction: InstructionValue<'ctx>,
        operands: &[(u32, BasicValueEnum<'ctx>)],
    ) -> InstructionValue<'ctx> {
        let clone = instruction.explicit_clone();
        for (index, value) in operands {
            clone.set_operand(*index, *value);
        }
        clone
    }

    fn result_type(instruction: InstructionValue<'ctx>) -> EmitResult<BasicTypeEnum<'ctx>> {
        match instruction_value(instruction) {
            Some(value) => Ok(value.get_type()),
            None => refuse("internal: a void instruction has no type"),
        }
    }

    fn copy_flags(from: InstructionValue<'ctx>, to: BasicValueEnum<'ctx>) {
        let Some(to) = to.as_instruction_value() else {
            return;
        };
        if let Ok(flag) = from.get_no_signed_wrap_flag() {
            let _ = to.set_no_signed_wrap_flag(flag);
        }
        if let Ok(flag) = from.get_no_unsigned_wrap_flag() {
            let _ = to.set_no_unsigned_wrap_flag(flag);
        }
        if let Ok(flag) = from.get_exact_flag() {
            let _ = to.set_exact_flag(flag);
        }
        if let Ok(flag) = from.get_disjoint_flag() {
            let _ = to.set_disjoint_flag(flag);
        }
        if let Ok(flag) = from.get_non_negative_flag() {
            let _ = to.set_non_negative_flag(flag);
        }
        if from.can_use_fast_math_flags() && to.can_use_fast_math_flags() {
            if let Ok(flags) = from.get_fast_math_flags() {
                let _ = to.set_fast_math_flags(flags);
            }
        }
    }

    /// A binary operator per component. A division's divisor is 1 in inactive lanes, so lanes
    /// that would not have run cannot trap.
    fn binary(
        &self,
        instruction: InstructionValue<'ctx>,
        divides: bool,
        mask: VectorValue<'ctx>,
    ) -> EmitResult<Vec<VectorValue<'ctx>>> {
        let left = self.operand_packet(instruction, 0)?;
        let mut right = self.operand_packet(instruction, 1)?;
        if divides {
            right = right
                .into_iter()
                .map(|divisor| {
                    let one = divisor
                        .get_type()
                        .get_element_type()
                        .into_int_type()
                        .const_int(1, false);
                    let ones = self
                        .lanes()
                        .splat(one.into())
                        .map_err(|e| super::divergence::NotVectorizable(e.to_string()))?;
                    built(self.builder.build_select(mask, divisor, ones, "divisor"))
                        .map(|v| v.into_vector_value())
                })
                .collect::<EmitResult<_>>()?;
        }
        left.iter()
            .zip(&right)
            .map(|(a, b)| {
                let value = built(
                    self.builder
                        .build_binop(instruction.get_opcode(), *a, *b, "v"),
                )?;
                Self::copy_flags(instruction, value);
                Ok(value.into_vector_value())
            })
            .collect()
    }

    fn unary_float_negation(
        &self,
        instruction: InstructionValue<'ctx>,
    ) -> EmitResult<Vec<VectorValue<'ctx>>> {
        self.operand_packet(instruction, 0)?
            .into_iter()
            .map(|part| {
                let value = built(self.builder.build_float_neg(part, "v"))?;
                Self::copy_flags(instruction, value.into());
                Ok(value)
            })
            .collect()
    }

    fn cast(&self, instruction: InstructionValue<'ctx>) -> EmitResult<Vec<VectorValue<'ctx>>> {
        let source = self.operand_packet(instruction, 0)?;
        let targets = self.component_types(Self::result_type(instruction)?)?;
        if source.len() != targets.len() {
            if instruction.get_opcode() != InstructionOpcode::BitCast {
                return refuse("a cast that changes the number of vector elements");
            }
            return self.regrouping_bitcast(&source, &targets);
        }
        source
            .iter()
            .zip(targets)
            .map(|(part, target)| {
                let value =
                    built(
                        self.builder
                            .build_cast(instruction.get_opcode(), *part, target, "v"),
                    )?;
                Self::copy_flags(instruction, value);
                Ok(value.into_vector_value())
            })
            .collect()
    }

    /// A bitcast between per-lane types of different element counts, such as `<2 x float>` to
    /// `i64` (how `std::complex<float>` travels). Each component is one vector of the lanes'
    /// values, so the components are laid end to end and their elements put in memory order
    /// (lane 0's components, then lane 1's, …), cast as one vector of the same bits, and split
    /// into the result's components.
    fn regrouping_bitcast(
        &self,
        source: &[VectorValue<'ctx>],
        targets: &[BasicTypeEnum<'ctx>],
    ) -> EmitResult<Vec<VectorValue<'ctx>>> {
        let lanes = self.lanes();
        let width = self.width;
        let (parts, results) = (source.len() as u32, targets.len() as u32);
        let end_to_end = built(lanes.concatenate(source, width * parts))?;
        // Element `i` in memory order is component `i % parts` of lane `i / parts`.
        let memory_order = built(lanes.select_lanes(
            end_to_end,
            (0..width * parts).map(|i| (i % parts) * width + i / parts),
        ))?;
        let target_element = targets[0].into_vector_type().get_element_type();
        let whole_target = vector_of(target_element, width * results).ok_or_else(|| {
            super::divergence::NotVectorizable(format!("a bitcast to {target_element}"))
        })?;
        let cast = built(
            self.builder
                .build_bit_cast(memory_order, whole_target, "regrouped"),
        )?
        .into_vector_value();
        (0..results)
            .map(|component| {
                built(lanes.select_lanes(cast, (0..width).map(|lane| lane * results + component)))
            })
            .collect()
    }

    fn compare(&self, instruction: InstructionValue<'ctx>) -> EmitResult<Vec<VectorValue<'ctx>>> {
        let left = self.operand_packet(instruction, 0)?;
        let right = self.operand_packet(instruction, 1)?;
        left.iter()
            .zip(&right)
            .map(|(a, b)| {
                let value: BasicValueEnum = match (
                    instruction.get_icmp_predicate(),
                    instruction.get_fcmp_predicate(),
                ) {
                    (Some(predicate), _) => {
                        built(self.builder.build_int_compare(predicate, *a, *b, "v"))?.into()
                    }
                    (_, Some(predicate)) => {
                        let value =
                            built(self.builder.build_float_compare(predicate, *a, *b, "v"))?;
                        Self::copy_flags(instruction, value.into());
                        value.into()
                    }
                    _ => return refuse("internal: a comparison without a predicate"),
                };
                Ok(value.into_vector_value())
            })
            .collect()
    }

    fn select_instruction(
        &self,
        instruction: InstructionValue<'ctx>,
    ) -> EmitResult<Vec<VectorValue<'ctx>>> {
        let on_true = self.operand_packet(instruction, 1)?;
        let on_false = self.operand_packet(instruction, 2)?;
        let condition = operand(instruction, 0).expect("a select has a condition");
        let conditions = self.packet(condition)?;
        on_true
            .iter()
            .zip(&on_false)
            .enumerate()
            .map(|(i, (a, b))| {
                let condition = conditions.get(i).copied().unwrap_or(conditions[0]);
                let value = built(self.builder.build_select(condition, *a, *b, "v"))?;
                Self::copy_flags(instruction, value);
                Ok(value.into_vector_value())
            })
            .collect()
    }

    fn freeze(&self, instruction: InstructionValue<'ctx>) -> EmitResult<Vec<VectorValue<'ctx>>> {
        self.operand_packet(instruction, 0)?
            .into_iter()
            .map(|part| built(self.lanes().freeze(part)))
            .collect()
    }

    /// A GEP with varying operands: a vector of pointers.
    fn gep(&self, instruction: InstructionValue<'ctx>) -> EmitResult<Vec<VectorValue<'ctx>>> {
        if !matches!(instruction.get_type(), AnyTypeEnum::PointerType(_)) {
            return refuse("a GEP over vectors of pointers");
        }
        let element = built(instruction.get_gep_source_element_type())?;
        let mut operands = Vec::new();
        for index in 0..instruction.get_num_operands() {
            let value = operand(instruction, index).expect("GEP operands are values");
            operands.push(match self.lookup(value)? {
                Lowered::Uniform(v) => v,
                Lowered::Varying(parts) => parts[0].into(),
            });
        }
        let in_bounds = instruction.get_in_bounds_flag().unwrap_or(false);
        let value = built(
            self.lanes()
                .gep(element, operands[0], &operands[1..], in_bounds),
        )?;
        match value {
            BasicValueEnum::VectorValue(v) => Ok(vec![v]),
            _ => {
                // Every operand was uniform after all: give each lane the same pointer.
                Ok(vec![built(self.lanes().splat(value))?])
            }
        }
    }

    fn constant_index(instruction: InstructionValue<'ctx>, index: u32) -> EmitResult<usize> {
        match operand(instruction, index).and_then(constant_int) {
            Some(i) => Ok(i as usize),
            None => refuse("a vector element chosen per work-item (non-constant index)"),
        }
    }

    fn extract_element(
        &self,
        instruction: InstructionValue<'ctx>,
    ) -> EmitResult<Vec<VectorValue<'ctx>>> {
        let parts = self.operand_packet(instruction, 0)?;
        let index = Self::constant_index(instruction, 1)?;
        match parts.get(index) {
            Some(part) => Ok(vec![*part]),
            None => refuse("an element index past the vector"),
        }
    }

    fn insert_element(
        &self,
        instruction: InstructionValue<'ctx>,
    ) -> EmitResult<Vec<VectorValue<'ctx>>> {
        let mut parts = self.operand_packet(instruction, 0)?;
        let value = self.operand_packet(instruction, 1)?;
        let index = Self::constant_index(instruction, 2)?;
        match parts.get_mut(index) {
            Some(part) => *part = value[0],
            None => return refuse("an element index past the vector"),
        }
        Ok(parts)
    }

    fn shuffle(&self, instruction: InstructionValue<'ctx>) -> EmitResult<Vec<VectorValue<'ctx>>> {
        let first = self.operand_packet(instruction, 0)?;
        let second = self.operand_packet(instruction, 1)?;
        let poison = first[0].get_type().get_poison();
        Ok(shuffle_mask(instruction)
            .into_iter()
            .map(|lane| match lane {
                Some(i) if (i as usize) < first.len() => first[i as usize],
                Some(i) => second
                    .get(i as usize - first.len())
                    .copied()
                    .unwrap_or(poison),
                None => poison,
            })
            .collect())
    }

    fn extract_value(
        &self,
        instruction: InstructionValue<'ctx>,
    ) -> EmitResult<Vec<VectorValue<'ctx>>> {
        let parts = self.operand_packet(instruction, 0)?;
        let indices = instruction.get_indices();
        match indices.as_slice() {
            [index] if (*index as usize) < parts.len() => Ok(vec![parts[*index as usize]]),
            _ => refuse("a nested aggregate"),
        }
    }

    /// The pointer of lane 0 of a varying address.
    fn first_lane_pointer(
        &self,
        pointer: BasicValueEnum<'ctx>,
    ) -> EmitResult<inkwell::values::PointerValue<'ctx>> {
        let parts = self.packet(pointer)?;
        Ok(built(self.lanes().extract_lane(parts[0], 0))?.into_pointer_value())
    }

    /// Whether a scalar access of `element` at `pointer` is contiguous across lanes.
    fn is_contiguous(
        &mut self,
        pointer: BasicValueEnum<'ctx>,
        element: BasicTypeEnum<'ctx>,
    ) -> bool {
        let size = self.target_data.get_store_size(&element) as i64;
        vector_of(element, 2).is_some() && self.strides.of(pointer) == Stride::Constant(size)
    }

    /// Per component of a `<N x T>` access at `pointers`: the pointers of element `c`.
    fn component_pointers(
        &self,
        element: BasicTypeEnum<'ctx>,
        pointers: VectorValue<'ctx>,
        count: usize,
    ) -> EmitResult<Vec<VectorValue<'ctx>>> {
        let i64_type = self.context.i64_type();
        (0..count)
            .map(|c| {
                let index = i64_type.const_int(c as u64, false);
                let value =
                    built(
                        self.lanes()
                            .gep(element, pointers.into(), &[index.into()], true),
                    )?;
                Ok(value.into_vector_value())
            })
            .collect()
    }

    fn load(
        &mut self,
        instruction: InstructionValue<'ctx>,
        mask: VectorValue<'ctx>,
    ) -> EmitResult<Option<Lowered<'ctx>>> {
        if is_atomic_or_volatile(instruction) {
            return self.per_lane(instruction, mask);
        }
        let ty = Self::result_type(instruction)?;
        let pointer = operand(instruction, 0).expect("a load has an address");
        let align = alignment(instruction);
        if self.is_contiguous(pointer, ty) {
            let base = self.first_lane_pointer(pointer)?;
            let vector_type = vector_of(ty, self.width).expect("checked");
            let value = built(self.lanes().masked_load(vector_type, base, align, mask))?;
            Self::keep_access_metadata(instruction, value);
            return Ok(Some(Lowered::Varying(vec![value])));
        }
        let pointers = self.packet(pointer)?[0];
        let types = self.component_types(ty)?;
        let pointers = match crate::ir::vector::vector_shape(ty) {
            Some((element, count)) => self.component_pointers(element, pointers, count as usize)?,
            None => vec![pointers],
        };
        let element_align = |t: BasicTypeEnum<'ctx>| {
            align.min(
                self.target_data
                    .get_abi_alignment(&t.into_vector_type().get_element_type()),
            )
        };
        let parts = pointers
            .iter()
            .zip(types)
            .map(|(p, t)| {
                let part =
                    built(
                        self.lanes()
                            .gather(t.into_vector_type(), *p, element_align(t), mask),
                    )?;
                Self::keep_access_metadata(instruction, part);
                Ok(part)
            })
            .collect::<EmitResult<_>>()?;
        Ok(Some(Lowered::Varying(parts)))
    }

    /// Gives the vector read `value` the memory-access metadata of its scalar load.
    fn keep_access_metadata(load: InstructionValue<'ctx>, value: VectorValue<'ctx>) {
        if let Some(access) = value.as_instruction() {
            copy_access_metadata(load, access);
        }
    }

    fn store(
        &mut self,
        instruction: InstructionValue<'ctx>,
        mask: VectorValue<'ctx>,
    ) -> EmitResult<()> {
        if is_atomic_or_volatile(instruction) {
            return self.per_lane(instruction, mask).map(|_| ());
        }
        let value = operand(instruction, 0).expect("a store has a value");
        let pointer = operand(instruction, 1).expect("a store has an address");
        if let (Lowered::Uniform(value), Lowered::Uniform(pointer)) =
            (self.lookup(value)?, self.lookup(pointer)?)
        {
            return self.uniform_store_under_mask(instruction, value, pointer, mask);
        }
        let ty = value.get_type();
        let align = alignment(instruction);
        let parts = self.packet(value)?;
        if self.is_contiguous(pointer, ty) {
            let base = self.first_lane_pointer(pointer)?;
            let access = built(self.lanes().masked_store(parts[0], base, align, mask))?;
            copy_access_metadata(instruction, access);
            return Ok(());
        }
        let pointers = self.packet(pointer)?[0];
        let pointers = match crate::ir::vector::vector_shape(ty) {
            Some((element, count)) => self.component_pointers(element, pointers, count as usize)?,
            None => vec![pointers],
        };
        for (part, p) in parts.iter().zip(pointers) {
            let element = part.get_type().get_element_type();
            let element_align = align.min(self.target_data.get_abi_alignment(&element));
            let access = built(self.lanes().scatter(*part, p, element_align, mask))?;
            copy_access_metadata(instruction, access);
        }
        Ok(())
    }

    fn call(
        &mut self,
        instruction: InstructionValue<'ctx>,
        mask: VectorValue<'ctx>,
    ) -> EmitResult<Option<Lowered<'ctx>>> {
        if let Some((query, Some(0))) = lane_query(instruction) {
            if matches!(query, WorkItemQuery::LocalId | WorkItemQuery::GlobalId) {
                return self.lane_id(instruction);
            }
        }
        let site = inkwell::values::CallSiteValue::try_from(instruction).expect("a call");
        let callee = site.get_called_fn_value();
        if let Some(parts) = self.vector_math(instruction, callee)? {
            return Ok(Some(Lowered::Varying(parts)));
        }
        let intrinsic = callee.and_then(intrinsic_base_name);
        if let Some(name) = intrinsic.filter(|n| ELEMENTWISE_INTRINSICS.contains(&n.as_str())) {
            if let Some(parts) = self.vector_intrinsic(instruction, &name)? {
                return Ok(Some(Lowered::Varying(parts)));
            }
        }
        self.per_lane(instruction, mask)
    }

    /// `id(x)` of lane `i` is the scalar id (the first lane's) plus `i`.
    fn lane_id(
        &mut self,
        instruction: InstructionValue<'ctx>,
    ) -> EmitResult<Option<Lowered<'ctx>>> {
        let clone = instruction.explicit_clone();
        self.builder.insert_instruction(&clone, Some("base.id"));
        let base = instruction_value(clone).expect("a query returns a value");
        let splat = built(self.lanes().splat(base))?;
        let step = step_vector(base.into_int_value().get_type(), self.width);
        let ids = built(self.builder.build_int_nuw_add(splat, step, "lane.id"))?;
        Ok(Some(Lowered::Varying(vec![ids])))
    }

    /// A libm function libmvec has a vector form of (docs/vectorizer.md, "Vector math"): that
    /// form called on each component, as many times as its lanes go into the width. `None`
    /// when the call is not one (then the intrinsic or per-lane forms apply).
    fn vector_math(
        &mut self,
        instruction: InstructionValue<'ctx>,
        callee: Option<FunctionValue<'ctx>>,
    ) -> EmitResult<Option<Vec<VectorValue<'ctx>>>> {
        let Some(ty) = instruction_value(instruction).map(|v| v.get_type()) else {
            return Ok(None);
        };
        let element = vector_shape(ty).map_or(ty, |(element, _)| element);
        let (Some(callee), BasicTypeEnum::FloatType(float)) = (callee, element) else {
            return Ok(None);
        };
        let bits = self.target_data.get_bit_size(&float) as u32;
        let Some(function) = math_function(callee, bits).filter(|_| matches!(bits, 32 | 64)) else {
            return Ok(None);
        };
        let arguments: Vec<_> = (0..function.arity)
            .filter_map(|index| operand(instruction, index as u32))
            .collect();
        let argument_count = instruction.get_num_operands() as usize - 1;
        if argument_count != function.arity || arguments.iter().any(|a| a.get_type() != ty) {
            return Ok(None);
        }
        let triple = self.module.get_triple();
        let triple = triple.as_str().to_string_lossy();
        let Some(form) = vector_form(&triple, self.function, function, bits, self.width) else {
            return Ok(None);
        };
        let packets = arguments
            .iter()
            .map(|a| self.packet(*a))
            .collect::<EmitResult<Vec<_>>>()?;
        let lanes = self.lanes();
        let mut results = Vec::new();
        for component in 0..packets[0].len() {
            let mut chunks = Vec::new();
            for start in (0..self.width).step_by(form.lanes as usize) {
                let chunk_arguments = packets
                    .iter()
                    .map(|parts| built(lanes.lanes_of(parts[component], start, form.lanes)))
                    .collect::<EmitResult<Vec<_>>>()?;
                let result_type = float.vec_type(form.lanes);
                chunks.push(built(lanes.call_pure_function(
                    &form.symbol,
                    result_type,
                    &chunk_arguments,
                ))?);
            }
            results.push(built(lanes.concatenate(&chunks, self.width))?);
        }
        require_vector_bits(self.function, form.lanes * bits);
        Ok(Some(results))
    }

    /// A pure intrinsic on vectors: its overload at the widened type, once per component.
    /// `None` when an argument's form does not allow it (then each lane calls it).
    fn vector_intrinsic(
        &mut self,
        instruction: InstructionValue<'ctx>,
        name: &str,
    ) -> EmitResult<Option<Vec<VectorValue<'ctx>>>> {
        let ty = Self::result_type(instruction)?;
        if crate::ir::vector::vector_shape(ty).is_some() {
            return Ok(None);
        }
        let vector_type: BasicTypeEnum = match vector_of(ty, self.width) {
            Some(t) => t.into(),
            None => return Ok(None),
        };
        let argument_count = instruction.get_num_operands() - 1;
        let mut arguments = Vec::new();
        for index in 0..argument_count {
            let value = operand(instruction, index).expect("intrinsic arguments are values");
            // Flags such as ctlz's is_zero_poison are immediate and stay scalar.
            let is_flag = value.get_type() != ty && constant_int(value).is_some();
            if is_flag {
                arguments.push(value);
            } else if value.get_type() == ty {
                arguments.push(self.packet(value)?[0].into());
            } else {
                return Ok(None);
            }
        }
        let call = built(
            self.lanes()
                .call_intrinsic(name, &[vector_type], &arguments),
        )?;
        let value = call.try_as_basic_value().basic().expect("a value");
        Self::copy_flags(instruction, value);
        Ok(Some(vec![value.into_vector_value()]))
    }

    /// Whether a per-lane call may read the work-item state: it goes through a pointer, or to a
    /// function of the module that was not inlined (such a function reads its ids from the
    /// state, which holds the row's first lane).
    fn call_sees_state(instruction: InstructionValue<'ctx>) -> bool {
        instruction.get_opcode() == InstructionOpcode::Call
            && inkwell::values::CallSiteValue::try_from(instruction)
                .ok()
                .and_then(|site| site.get_called_fn_value())
                .is_none_or(crate::ir::walk::is_definition)
    }

    /// The row's first local id x, when `instruction` needs each lane's id in the state.
    fn base_x_for(
        &self,
        instruction: InstructionValue<'ctx>,
    ) -> EmitResult<Option<inkwell::values::IntValue<'ctx>>> {
        if !Self::call_sees_state(instruction) {
            return Ok(None);
        }
        self.ranked_query(WorkItemQuery::LocalId, 0, "base.x")
            .map(Some)
    }

    /// A call of the ranked work-item query `kind` (`__mux_get_local_id`, …) for `dimension`:
    /// in the vector form, the value of the row's first lane.
    pub fn ranked_query(
        &self,
        kind: WorkItemQuery,
        dimension: u64,
        name: &str,
    ) -> EmitResult<inkwell::values::IntValue<'ctx>> {
        let query = crate::passes::convert_to_mux_builtins::declare_query(self.module, kind);
        let dimension = self.context.i32_type().const_int(dimension, false);
        let call = built(self.builder.build_call(query, &[dimension.into()], name))?;
        Ok(call
            .try_as_basic_value()
            .basic()
            .expect("a ranked query returns a value")
            .into_int_value())
    }

    /// `__mux_set_local_id(0, id)`.
    fn set_local_x(&self, id: inkwell::values::IntValue<'ctx>) -> EmitResult<()> {
        let set = crate::passes::work_item_loops::declare_set_local_id(self.module);
        let x = self.context.i32_type().const_zero();
        built(self.builder.build_call(set, &[x.into(), id.into()], ""))?;
        Ok(())
    }

    /// Runs `instruction` once per active lane with that lane's operands, collecting results. A
    /// call that may read the work-item state runs with the local id x set to its lane's, and
    /// the row's first id is restored afterwards.
    pub fn per_lane(
        &mut self,
        instruction: InstructionValue<'ctx>,
        mask: VectorValue<'ctx>,
    ) -> EmitResult<Option<Lowered<'ctx>>> {
        self.per_lane += 1;
        let base_x = self.base_x_for(instruction)?;
        let result_types = match instruction_value(instruction) {
            Some(value) => Some(self.component_types(value.get_type())?),
            None => None,
        };
        let mut results: Option<Vec<VectorValue>> = result_types.as_ref().map(|types| {
            types
                .iter()
                .map(|t| t.into_vector_type().get_poison())
                .collect()
        });
        for lane in 0..self.width {
            let active = built(self.lanes().extract_lane(mask, lane))?.into_int_value();
            let run = self.context.append_basic_block(self.function, "lane");
            let next = self.context.append_basic_block(self.function, "lane.next");
            let before = self.builder.get_insert_block().expect("positioned");
            built(self.builder.build_conditional_branch(active, run, next))?;
            self.builder.position_at_end(run);
            if let Some(base) = base_x {
                let offset = base.get_type().const_int(lane as u64, false);
                self.set_local_x(built(
                    self.builder.build_int_nuw_add(base, offset, "lane.x"),
                )?)?;
            }
            let value = self.lane_instance(instruction, lane)?;
            let updated = match (&results, value) {
                (Some(current), Some(value)) => Some(self.insert_lane_value(current, value, lane)?),
                _ => None,
            };
            let run_end = self.builder.get_insert_block().expect("positioned");
            built(self.builder.build_unconditional_branch(next))?;
            self.builder.position_at_end(next);
            if let (Some(current), Some(updated)) = (&mut results, updated) {
                for (slot, new) in current.iter_mut().zip(updated) {
                    let phi = built(self.builder.build_phi(slot.get_type(), "lane.result"))?;
                    phi.add_incoming(&[(&new, run_end), (slot as &VectorValue, before)]);
                    *slot = phi.as_basic_value().into_vector_value();
                }
            }
        }
        if let Some(base) = base_x {
            self.set_local_x(base)?;
        }
        Ok(results.map(Lowered::Varying))
    }

    /// A clone of `instruction` reading lane `lane` of each varying operand.
    fn lane_instance(
        &mut self,
        instruction: InstructionValue<'ctx>,
        lane: u32,
    ) -> EmitResult<Option<BasicValueEnum<'ctx>>> {
        let mut operands = Vec::new();
        for index in 0..instruction.get_num_operands() {
            let Some(value) = operand(instruction, index) else {
                continue;
            };
            let lane_value = match self.lookup(value)? {
                Lowered::Uniform(v) => v,
                Lowered::Varying(parts) => self.lane_of(&parts, value.get_type(), lane)?,
            };
            operands.push((index, lane_value));
        }
        let clone = Self::clone_with(instruction, &operands);
        self.builder.insert_instruction(&clone, None);
        Ok(instruction_value(clone))
    }

    /// Lane `lane` of a varying value of scalar type `ty`, rebuilt into that type.
    fn lane_of(
        &self,
        parts: &[VectorValue<'ctx>],
        ty: BasicTypeEnum<'ctx>,
        lane: u32,
    ) -> EmitResult<BasicValueEnum<'ctx>> {
        let lanes = self.lanes();
        match ty {
            BasicTypeEnum::VectorType(vector_type) => {
                let mut value = vector_type.get_poison();
                for (i, part) in parts.iter().enumerate() {
                    let element = built(lanes.extract_lane(*part, lane))?;
                    value = built(lanes.insert_lane(value, element, i as u32))?;
                }
                Ok(value.into())
            }
            BasicTypeEnum::StructType(_) => {
                refuse("a struct argument that differs between work-items")
            }
            _ => built(lanes.extract_lane(parts[0], lane)),
        }
    }

    /// `current` with lane `lane` set from the scalar `value` (split into components).
    fn insert_lane_value(
        &self,
        current: &[VectorValue<'ctx>],
        value: BasicValueEnum<'ctx>,
        lane: u32,
    ) -> EmitResult<Vec<VectorValue<'ctx>>> {
        let lanes = self.lanes();
        let components: Vec<BasicValueEnum> = match value {
            BasicValueEnum::VectorValue(v) => (0..v.get_type().get_size())
                .map(|i| built(lanes.extract_lane(v, i)))
                .collect::<EmitResult<_>>()?,
            BasicValueEnum::StructValue(s) => (0..s.get_type().count_fields())
                .map(|i| built(self.builder.build_extract_value(s, i, "field")))
                .collect::<EmitResult<_>>()?,
            other => vec![other],
        };
        current
            .iter()
            .zip(components)
            .map(|(vector, component)| built(lanes.insert_lane(*vector, component, lane)))
            .collect()
    }
}

/// Makes `function` pass vectors of `bits` in whole registers. x86 code generation splits a
/// vector wider than the function's `min-legal-vector-width` into narrower registers, which
/// for a call to a vector math function would not be the ABI it expects.
fn require_vector_bits(function: FunctionValue<'_>, bits: u32) {
    let key = "min-legal-vector-width";
    let current = crate::ir::attributes::string_attribute(function, key)
        .and_then(|v| v.parse::<u32>().ok())
        .unwrap_or(0);
    if bits > current {
        crate::ir::attributes::set_string_attribute(function, key, &bits.to_string());
    }
}
