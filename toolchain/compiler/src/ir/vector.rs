//! Building vector code: splats, step vectors, lane access, masks and their reductions, the
//! masked memory intrinsics (contiguous, gather and scatter), GEPs, and reading what the C API
//! hides (shuffle masks, intrinsic ids, function metadata). Every raw LLVM-C call the vectorizer
//! needs lives here, so its passes (docs/vectorizer.md) are safe Rust.

use inkwell::attributes::{Attribute, AttributeLoc};
use inkwell::builder::Builder;
use inkwell::context::ContextRef;
use inkwell::intrinsics::Intrinsic;
use inkwell::module::Module;
use inkwell::types::{AsTypeRef, BasicTypeEnum, VectorType};
use inkwell::values::{
    AsValueRef, BasicMetadataValueEnum, BasicValueEnum, FunctionValue, InstructionValue, IntValue,
    MetadataValue, PointerValue, VectorValue,
};

use crate::CompileError;

fn build_error(e: inkwell::builder::BuilderError) -> CompileError {
    CompileError::Pass(format!("vector builder: {e}"))
}

/// `<width x element>`, for the element types a vector can hold (integers, floats, pointers).
pub fn vector_of(element: BasicTypeEnum<'_>, width: u32) -> Option<VectorType<'_>> {
    match element {
        BasicTypeEnum::IntType(t) => Some(t.vec_type(width)),
        BasicTypeEnum::FloatType(t) => Some(t.vec_type(width)),
        BasicTypeEnum::PointerType(t) => Some(t.vec_type(width)),
        _ => None,
    }
}

/// The constant `<0, 1, …, width-1>` of `element` (an integer type).
pub fn step_vector(element: inkwell::types::IntType<'_>, width: u32) -> VectorValue<'_> {
    let lanes: Vec<IntValue> = (0..width)
        .map(|lane| element.const_int(lane as u64, false))
        .collect();
    VectorType::const_vector(&lanes)
}

/// A builder of vector code at a fixed width.
pub struct VectorBuilder<'a, 'ctx> {
    /// Where the instructions go.
    pub builder: &'a Builder<'ctx>,
    /// The module, for declarations and the context.
    pub module: &'a Module<'ctx>,
    /// Lanes per vector.
    pub width: u32,
}

impl<'ctx> VectorBuilder<'_, 'ctx> {
    fn context(&self) -> ContextRef<'ctx> {
        self.module.get_context()
    }

    /// `value` in every lane.
    pub fn splat(&self, value: BasicValueEnum<'ctx>) -> Result<VectorValue<'ctx>, CompileError> {
        let vector_type = vector_of(value.get_type(), self.width).ok_or_else(|| {
            CompileError::Pass(format!("cannot splat a value of type {}", value.get_type()))
        })?;
        let i32_type = self.context().i32_type();
        let single = self
            .builder
            .build_insert_element(
                vector_type.get_poison(),
                value,
                i32_type.const_zero(),
                "splat.insert",
            )
            .map_err(build_error)?;
        let zeros = i32_type.vec_type(self.width).const_zero();
        self.builder
            .build_shuffle_vector(single, vector_type.get_poison(), zeros, "splat")
            .map_err(build_error)
    }

    /// The value in lane `lane` of `vector`.
    pub fn extract_lane(
        &self,
        vector: VectorValue<'ctx>,
        lane: u32,
    ) -> Result<BasicValueEnum<'ctx>, CompileError> {
        let index = self.context().i32_type().const_int(lane as u64, false);
        self.builder
            .build_extract_element(vector, index, "lane")
            .map_err(build_error)
    }

    /// `vector` with `value` in lane `lane`.
    pub fn insert_lane(
        &self,
        vector: VectorValue<'ctx>,
        value: BasicValueEnum<'ctx>,
        lane: u32,
    ) -> Result<VectorValue<'ctx>, CompileError> {
        let index = self.context().i32_type().const_int(lane as u64, false);
        self.builder
            .build_insert_element(vector, value, index, "lane.insert")
            .map_err(build_error)
    }

    /// A call to the overloaded intrinsic `name` at the given overload types.
    pub fn call_intrinsic(
        &self,
        name: &str,
        overloads: &[BasicTypeEnum<'ctx>],
        args: &[BasicValueEnum<'ctx>],
    ) -> Result<inkwell::values::CallSiteValue<'ctx>, CompileError> {
        let declaration = Intrinsic::find(name)
            .and_then(|i| i.get_declaration(self.module, overloads))
            .ok_or_else(|| CompileError::Pass(format!("LLVM has no intrinsic {name}")))?;
        let args: Vec<BasicMetadataValueEnum> = args.iter().map(|a| (*a).into()).collect();
        self.builder
            .build_call(declaration, &args, "")
            .map_err(build_error)
    }

    /// Whether any lane of `mask` is set.
    pub fn any(&self, mask: VectorValue<'ctx>) -> Result<IntValue<'ctx>, CompileError> {
        Ok(self.reduce("or", mask)?.into_int_value())
    }

    /// Whether every lane of `mask` is set.
    pub fn all(&self, mask: VectorValue<'ctx>) -> Result<IntValue<'ctx>, CompileError> {
        Ok(self.reduce("and", mask)?.into_int_value())
    }

    /// `llvm.vector.reduce.<op>` of `vector` (op: `add`, `fadd`, `or`, …).
    pub fn reduce(
        &self,
        op: &str,
        vector: VectorValue<'ctx>,
    ) -> Result<BasicValueEnum<'ctx>, CompileError> {
        let name = format!("llvm.vector.reduce.{op}");
        let call = self.call_intrinsic(&name, &[vector.get_type().into()], &[vector.into()])?;
        Ok(call.try_as_basic_value().basic().expect("a value"))
    }

    fn with_alignment(
        call: inkwell::values::CallSiteValue<'ctx>,
        parameter: u32,
        alignment: u32,
        context: ContextRef<'ctx>,
    ) {
        let kind = Attribute::get_named_enum_kind_id("align");
        call.add_attribute(
            AttributeLoc::Param(parameter),
            context.create_enum_attribute(kind, alignment.max(1) as u64),
        );
    }

    /// A masked read intrinsic (`llvm.masked.load`, `llvm.masked.gather`) of a `vector_type`
    /// from `address` (one pointer, or one per lane), inactive lanes poison.
    fn masked_read(
        &self,
        name: &str,
        vector_type: VectorType<'ctx>,
        address: BasicValueEnum<'ctx>,
        alignment: u32,
        mask: VectorValue<'ctx>,
    ) -> Result<VectorValue<'ctx>, CompileError> {
        let call = self.call_intrinsic(
            name,
            &[vector_type.into(), address.get_type()],
            &[address, mask.into(), vector_type.get_poison().into()],
        )?;
        Self::with_alignment(call, 0, alignment, self.context());
        Ok(call
            .try_as_basic_value()
            .basic()
            .expect("a value")
            .into_vector_value())
    }

    /// A masked write intrinsic (`llvm.masked.store`, `llvm.masked.scatter`) of `value` to
    /// `address` (one pointer, or one per lane).
    fn masked_write(
        &self,
        name: &str,
        value: VectorValue<'ctx>,
        address: BasicValueEnum<'ctx>,
        alignment: u32,
        mask: VectorValue<'ctx>,
    ) -> Result<InstructionValue<'ctx>, CompileError> {
        let call = self.call_intrinsic(
            name,
            &[value.get_type().into(), address.get_type()],
            &[value.into(), address, mask.into()],
        )?;
        Self::with_alignment(call, 1, alignment, self.context());
        Ok(call
            .try_as_basic_value()
            .instruction()
            .expect("a call without a value is an instruction"))
    }

    /// `llvm.masked.load` of a `vector_type` from consecutive elements at `pointer`.
    pub fn masked_load(
        &self,
        vector_type: VectorType<'ctx>,
        pointer: PointerValue<'ctx>,
        alignment: u32,
        mask: VectorValue<'ctx>,
    ) -> Result<VectorValue<'ctx>, CompileError> {
        self.masked_read(
            "llvm.masked.load",
            vector_type,
            pointer.into(),
            alignment,
            mask,
        )
    }

    /// `llvm.masked.store` of `value` to consecutive elements at `pointer`.
    pub fn masked_store(
        &self,
        value: VectorValue<'ctx>,
        pointer: PointerValue<'ctx>,
        alignment: u32,
        mask: VectorValue<'ctx>,
    ) -> Result<InstructionValue<'ctx>, CompileError> {
        self.masked_write("llvm.masked.store", value, pointer.into(), alignment, mask)
    }

    /// `llvm.masked.gather` of a `vector_type` from one pointer per lane.
    pub fn gather(
        &self,
        vector_type: VectorType<'ctx>,
        pointers: VectorValue<'ctx>,
        alignment: u32,
        mask: VectorValue<'ctx>,
    ) -> Result<VectorValue<'ctx>, CompileError> {
        self.masked_read(
            "llvm.masked.gather",
            vector_type,
            pointers.into(),
            alignment,
            mask,
        )
    }

    /// `llvm.masked.scatter` of `value` to one pointer per lane (overlapping lanes: the highest
    /// active lane's value lands last).
    pub fn scatter(
        &self,
        value: VectorValue<'ctx>,
        pointers: VectorValue<'ctx>,
        alignment: u32,
        mask: VectorValue<'ctx>,
    ) -> Result<InstructionValue<'ctx>, CompileError> {
        self.masked_write(
            "llvm.masked.scatter",
            value,
            pointers.into(),
            alignment,
            mask,
        )
    }

    /// Lanes `start .. start + count` of `vector` as a vector of `count` lanes; lanes past the
    /// end of `vector` are poison (so this also pads a short vector).
    pub fn lanes_of(
        &self,
        vector: VectorValue<'ctx>,
        start: u32,
        count: u32,
    ) -> Result<VectorValue<'ctx>, CompileError> {
        let length = vector.get_type().get_size();
        let i32_type = self.context().i32_type();
        let mask: Vec<IntValue> = (start..start + count)
            .map(|lane| {
                if lane < length {
                    i32_type.const_int(lane as u64, false)
                } else {
                    i32_type.get_poison()
                }
            })
            .collect();
        let poison = vector.get_type().get_poison();
        self.builder
            .build_shuffle_vector(vector, poison, VectorType::const_vector(&mask), "lanes")
            .map_err(build_error)
    }

    /// The lanes of `vector` at `indices`, in that order (every index within `vector`).
    pub fn select_lanes(
        &self,
        vector: VectorValue<'ctx>,
        indices: impl IntoIterator<Item = u32>,
    ) -> Result<VectorValue<'ctx>, CompileError> {
        let i32_type = self.context().i32_type();
        let mask: Vec<IntValue> = indices
            .into_iter()
            .map(|lane| i32_type.const_int(u64::from(lane), false))
            .collect();
        let poison = vector.get_type().get_poison();
        self.builder
            .build_shuffle_vector(vector, poison, VectorType::const_vector(&mask), "selected")
            .map_err(build_error)
    }

    /// The first `width` lanes of `parts` laid end to end (all parts of one type).
    pub fn concatenate(
        &self,
        parts: &[VectorValue<'ctx>],
        width: u32,
    ) -> Result<VectorValue<'ctx>, CompileError> {
        let part_length = parts[0].get_type().get_size();
        let i32_type = self.context().i32_type();
        let mut result = self.lanes_of(parts[0], 0, width)?;
        for (index, part) in parts.iter().enumerate().skip(1) {
            let first = index as u32 * part_length;
            let widened = self.lanes_of(*part, 0, width)?;
            // Lanes of this part come from the second operand, the rest stay.
            let mask: Vec<IntValue> = (0..width)
                .map(|lane| {
                    let from_part = (first..first + part_length).contains(&lane);
                    let source = if from_part {
                        width + lane - first
                    } else {
                        lane
                    };
                    i32_type.const_int(source as u64, false)
                })
                .collect();
            result = self
                .builder
                .build_shuffle_vector(result, widened, VectorType::const_vector(&mask), "joined")
                .map_err(build_error)?;
        }
        Ok(result)
    }

    /// A call of the external function `name` that neither reads nor writes memory (a vector
    /// math function), declared on first use with the arguments' types.
    pub fn call_pure_function(
        &self,
        name: &str,
        result: VectorType<'ctx>,
        args: &[VectorValue<'ctx>],
    ) -> Result<VectorValue<'ctx>, CompileError> {
        let function = self.module.get_function(name).unwrap_or_else(|| {
            let parameters: Vec<_> = args.iter().map(|a| a.get_type().into()).collect();
            let function = self
                .module
                .add_function(name, result.fn_type(&parameters, false), None);
            let context = self.context();
            for (attribute, value) in [("nounwind", 0), ("willreturn", 0), ("memory", 0)] {
                let kind = Attribute::get_named_enum_kind_id(attribute);
                function.add_attribute(
                    AttributeLoc::Function,
                    context.create_enum_attribute(kind, value),
                );
            }
            function
        });
        let args: Vec<BasicMetadataValueEnum> = args.iter().map(|a| (*a).into()).collect();
        let call = self
            .builder
            .build_call(function, &args, "vector.math")
            .map_err(build_error)?;
        Ok(call
            .try_as_basic_value()
            .basic()
            .expect("a vector")
            .into_vector_value())
    }

    /// `freeze value`.
    pub fn freeze(&self, value: VectorValue<'ctx>) -> Result<VectorValue<'ctx>, CompileError> {
        use inkwell::llvm_sys::core::LLVMBuildFreeze;
        // SAFETY: the builder is positioned in a live function and `value` belongs to its
        // context; a freeze has its operand's type.
        let frozen = unsafe {
            VectorValue::new(LLVMBuildFreeze(
                self.builder.as_mut_ptr(),
                value.as_value_ref(),
                c"frozen".as_ptr(),
            ))
        };
        Ok(frozen)
    }

    /// `getelementptr [inbounds] element, base, indices`; `base` and the indices may be vectors,
    /// giving a vector of pointers.
    pub fn gep(
        &self,
        element: BasicTypeEnum<'ctx>,
        base: BasicValueEnum<'ctx>,
        indices: &[BasicValueEnum<'ctx>],
        in_bounds: bool,
    ) -> Result<BasicValueEnum<'ctx>, CompileError> {
        use inkwell::llvm_sys::core::{LLVMBuildGEP2, LLVMBuildInBoundsGEP2};
        let mut raw: Vec<_> = indices.iter().map(|i| i.as_value_ref()).collect();
        let build = if in_bounds {
            LLVMBuildInBoundsGEP2
        } else {
            LLVMBuildGEP2
        };
        // SAFETY: the builder is positioned in a live function; base and indices are values of
        // this context whose types LLVM checks when it builds the GEP (vector operands give a
        // vector of pointers, the form LLVM defines for mixed scalar and vector operands).
        let value = unsafe {
            let value = build(
                self.builder.as_mut_ptr(),
                element.as_type_ref(),
                base.as_value_ref(),
                raw.as_mut_ptr(),
                raw.len() as u32,
                c"gep".as_ptr(),
            );
            BasicValueEnum::new(value)
        };
        Ok(value)
    }
}

/// The mask of a `shufflevector` instruction: a source element per result lane, `None` for a
/// poison lane.
pub fn shuffle_mask(instruction: InstructionValue<'_>) -> Vec<Option<u32>> {
    use inkwell::llvm_sys::core::{LLVMGetMaskValue, LLVMGetNumMaskElements, LLVMGetUndefMaskElem};
    // SAFETY: the instruction is a live shufflevector (the caller checked its opcode); indices
    // stay below the element count LLVM reports.
    unsafe {
        let value = instruction.as_value_ref();
        let poison = LLVMGetUndefMaskElem();
        (0..LLVMGetNumMaskElements(value))
            .map(|i| {
                let element = LLVMGetMaskValue(value, i);
                (element != poison && element >= 0).then_some(element as u32)
            })
            .collect()
    }
}

/// The name of the intrinsic `function` declares without its overload suffix (`llvm.sqrt` for
/// `llvm.sqrt.v8f32`), or `None` for a function that is not an intrinsic.
pub fn intrinsic_base_name(function: FunctionValue<'_>) -> Option<String> {
    use inkwell::llvm_sys::core::{LLVMGetIntrinsicID, LLVMIntrinsicGetName};
    // SAFETY: `function` is a live function; LLVM returns a pointer to `length` bytes of a
    // static name for a valid intrinsic id.
    unsafe {
        let id = LLVMGetIntrinsicID(function.as_value_ref());
        if id == 0 {
            return None;
        }
        let mut length = 0usize;
        let name = LLVMIntrinsicGetName(id, &mut length);
        let bytes = std::slice::from_raw_parts(name as *const u8, length);
        Some(String::from_utf8_lossy(bytes).into_owned())
    }
}

/// The metadata node of kind `kind` attached to `function`, if any.
pub fn function_metadata<'ctx>(
    function: FunctionValue<'ctx>,
    kind: &str,
) -> Option<MetadataValue<'ctx>> {
    use inkwell::llvm_sys::core::{
        LLVMDisposeValueMetadataEntries, LLVMGetTypeContext, LLVMGlobalCopyAllMetadata,
        LLVMMetadataAsValue, LLVMTypeOf, LLVMValueMetadataEntriesGetKind,
        LLVMValueMetadataEntriesGetMetadata,
    };
    let kind_id = function.get_type().get_context().get_kind_id(kind);
    // SAFETY: the entries array is owned here and disposed of after use; indices stay below the
    // count LLVM reports; the node is wrapped as a value of the function's own context.
    unsafe {
        let mut count = 0usize;
        let entries = LLVMGlobalCopyAllMetadata(function.as_value_ref(), &mut count);
        if entries.is_null() {
            return None;
        }
        let mut found = None;
        for index in 0..count as u32 {
            if LLVMValueMetadataEntriesGetKind(entries, index) == kind_id {
                let context = LLVMGetTypeContext(LLVMTypeOf(function.as_value_ref()));
                let node = LLVMMetadataAsValue(
                    context,
                    LLVMValueMetadataEntriesGetMetadata(entries, index),
                );
                found = Some(MetadataValue::new(node));
            }
        }
        LLVMDisposeValueMetadataEntries(entries);
        found
    }
}

/// The integer operands of `function`'s metadata `kind` (other operands skipped), if it has it.
pub fn function_metadata_integers(function: FunctionValue<'_>, kind: &str) -> Option<Vec<u64>> {
    let operands = function_metadata(function, kind)?.get_node_values()?;
    Some(
        operands
            .into_iter()
            .filter_map(|operand| match operand {
                BasicMetadataValueEnum::IntValue(value) => value.get_zero_extended_constant(),
                _ => None,
            })
            .collect(),
    )
}

/// Attaches `!kind !{i32 values…}` to `function`.
pub fn set_function_metadata_integers(function: FunctionValue<'_>, kind: &str, values: &[u64]) {
    let i32_type = function.get_type().get_context().i32_type();
    let values: Vec<BasicValueEnum> = values
        .iter()
        .map(|&value| i32_type.const_int(value, false).into())
        .collect();
    set_function_metadata(function, kind, &values);
}

/// Attaches `!kind !{values…}` (constants) to `function`. Not through inkwell's metadata
/// values: a metadata value wrapping a one-element tuple is canonicalised to the element, so
/// `!intel_reqd_sub_group_size !{i32 8}` would become `!intel_reqd_sub_group_size i32 8`, which
/// the verifier cannot read.
pub fn set_function_metadata<'ctx>(
    function: FunctionValue<'ctx>,
    kind: &str,
    values: &[BasicValueEnum<'ctx>],
) {
    use inkwell::llvm_sys::core::{
        LLVMGlobalSetMetadata, LLVMMDNodeInContext2, LLVMValueAsMetadata,
    };
    let context = function.get_type().get_context();
    let kind_id = context.get_kind_id(kind);
    // SAFETY: every value is a live constant of the function's context; the operand array lives
    // until the node is made, and the node is owned by that context, like the function.
    unsafe {
        let mut operands: Vec<_> = values
            .iter()
            .map(|value| LLVMValueAsMetadata(value.as_value_ref()))
            .collect();
        let context_ref = inkwell::llvm_sys::core::LLVMGetTypeContext(
            inkwell::llvm_sys::core::LLVMTypeOf(function.as_value_ref()),
        );
        let node = LLVMMDNodeInContext2(context_ref, operands.as_mut_ptr(), operands.len());
        LLVMGlobalSetMetadata(function.as_value_ref(), kind_id, node);
    }
}

/// The function a metadata operand names (a `ptr @f` operand), if it is one.
pub fn metadata_function<'ctx>(
    operand: BasicMetadataValueEnum<'ctx>,
) -> Option<FunctionValue<'ctx>> {
    use inkwell::llvm_sys::core::LLVMIsAFunction;
    let BasicMetadataValueEnum::PointerValue(pointer) = operand else {
        return None;
    };
    // SAFETY: checking the kind of a live value before viewing it as a function.
    unsafe {
        let function = LLVMIsAFunction(pointer.as_value_ref());
        FunctionValue::new(function)
    }
}

/// A constant integer operand's value.
pub fn constant_int(value: BasicValueEnum<'_>) -> Option<u64> {
    match value {
        BasicValueEnum::IntValue(v) => v.get_zero_extended_constant(),
        _ => None,
    }
}

/// The lanes of a constant integer (one lane) or constant integer vector (a splat, a
/// `zeroinitializer` or a list), as constants whose value the caller reads zero- or
/// sign-extended; `None` for anything else.
pub fn constant_int_lanes(value: BasicValueEnum<'_>) -> Option<Vec<IntValue<'_>>> {
    use inkwell::llvm_sys::core::{LLVMGetAggregateElement, LLVMIsAConstantInt};
    match value {
        BasicValueEnum::IntValue(v) if v.is_const() => Some(vec![v]),
        BasicValueEnum::VectorValue(v) if v.is_const() => (0..v.get_type().get_size())
            .map(|index| {
                // SAFETY: `v` is a live constant vector and `index` is below its lane count;
                // LLVM returns null for an element it cannot produce, and a lane is viewed as
                // an integer only after LLVMIsAConstantInt confirms it is one.
                unsafe {
                    let lane = LLVMGetAggregateElement(v.as_value_ref(), index);
                    (!lane.is_null() && !LLVMIsAConstantInt(lane).is_null())
                        .then(|| IntValue::new(lane))
                }
            })
            .collect(),
        _ => None,
    }
}

/// The value an instruction produces, when it produces one.
pub fn instruction_value(instruction: InstructionValue<'_>) -> Option<BasicValueEnum<'_>> {
    use inkwell::types::AnyTypeEnum;
    if matches!(instruction.get_type(), AnyTypeEnum::VoidType(_)) {
        return None;
    }
    // SAFETY: a non-void instruction is a first-class value of its own type.
    Some(unsafe { BasicValueEnum::new(instruction.as_value_ref()) })
}

/// A call to `llvm.masked.load` or `llvm.masked.store`, by the operands it has.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MaskedAccess {
    /// `llvm.masked.load(pointer, mask, pass_through)`.
    Load,
    /// `llvm.masked.store(value, pointer, mask)`.
    Store,
}

impl MaskedAccess {
    /// Which masked access `call` is, if it calls one of the two.
    pub fn of(call: InstructionValue<'_>) -> Option<MaskedAccess> {
        match intrinsic_base_name(super::walk::called_function(call)?)?.as_str() {
            "llvm.masked.load" => Some(MaskedAccess::Load),
            "llvm.masked.store" => Some(MaskedAccess::Store),
            _ => None,
        }
    }

    /// The operand holding the address.
    pub fn pointer_operand(self) -> u32 {
        match self {
            MaskedAccess::Load => 0,
            MaskedAccess::Store => 1,
        }
    }

    /// The operand holding the lane mask.
    pub fn mask_operand(self) -> u32 {
        self.pointer_operand() + 1
    }
}

/// The alignment a call states for its pointer argument `parameter` (`ptr align 4 %p` in a
/// masked load or store), 1 when it states none.
pub fn call_parameter_alignment(call: InstructionValue<'_>, parameter: u32) -> u32 {
    let kind = Attribute::get_named_enum_kind_id("align");
    inkwell::values::CallSiteValue::try_from(call)
        .ok()
        .and_then(|site| site.get_enum_attribute(AttributeLoc::Param(parameter), kind))
        .map_or(1, |attribute| attribute.get_enum_value().max(1) as u32)
}

/// Alignment in bytes of a memory instruction (load, store), at least 1.
pub fn alignment(instruction: InstructionValue<'_>) -> u32 {
    instruction.get_alignment().unwrap_or(1).max(1)
}

/// The element type and count of a fixed vector type.
pub fn vector_shape(ty: BasicTypeEnum<'_>) -> Option<(BasicTypeEnum<'_>, u32)> {
    match ty {
        BasicTypeEnum::VectorType(v) => Some((v.get_element_type(), v.get_size())),
        _ => None,
    }
}

/// The `index`th operand of an instruction as a first-class value: `None` past the last
/// operand and for blocks, metadata and tokens (which inkwell cannot represent as values).
pub fn operand<'ctx>(
    instruction: InstructionValue<'ctx>,
    index: u32,
) -> Option<BasicValueEnum<'ctx>> {
    use inkwell::llvm_sys::core::{
        LLVMGetOperand, LLVMGetTypeKind, LLVMTypeOf, LLVMValueIsBasicBlock,
    };
    use inkwell::llvm_sys::LLVMTypeKind::*;
    if index >= instruction.get_num_operands() {
        return None;
    }
    // SAFETY: the index is below the operand count; the operand's type kind is checked before
    // it is viewed as a first-class value.
    unsafe {
        let raw = LLVMGetOperand(instruction.as_value_ref(), index);
        if raw.is_null() || LLVMValueIsBasicBlock(raw) != 0 {
            return None;
        }
        match LLVMGetTypeKind(LLVMTypeOf(raw)) {
            LLVMIntegerTypeKind | LLVMFloatTypeKind | LLVMDoubleTypeKind | LLVMHalfTypeKind
            | LLVMBFloatTypeKind | LLVMX86_FP80TypeKind | LLVMFP128TypeKind
            | LLVMPointerTypeKind | LLVMVectorTypeKind | LLVMStructTypeKind | LLVMArrayTypeKind => {
                Some(BasicValueEnum::new(raw))
            }
            _ => None,
        }
    }
}

/// The successors of a terminator, in LLVM's order (a conditional branch: true target first).
pub fn successors(terminator: InstructionValue<'_>) -> Vec<inkwell::basic_block::BasicBlock<'_>> {
    use inkwell::llvm_sys::core::{LLVMGetNumSuccessors, LLVMGetSuccessor};
    if !terminator.is_terminator() {
        return Vec::new();
    }
    // SAFETY: `terminator` is a live terminator; indices stay below its successor count and
    // every successor is a live block of the same function.
    unsafe {
        let raw = terminator.as_value_ref();
        (0..LLVMGetNumSuccessors(raw))
            .filter_map(|i| inkwell::basic_block::BasicBlock::new(LLVMGetSuccessor(raw, i)))
            .collect()
    }
}

/// The instruction that makes a use, if the user is an instruction (inkwell reports a user by
/// its type, so a GEP user is a pointer value and a store an instruction value).
pub fn user_instruction<'ctx>(
    use_: inkwell::values::BasicValueUse<'ctx>,
) -> Option<InstructionValue<'ctx>> {
    use inkwell::values::{AnyValueEnum, BasicValue};
    match use_.get_user() {
        AnyValueEnum::InstructionValue(instruction) => Some(instruction),
        other => BasicValueEnum::try_from(other)
            .ok()
            .and_then(|value| value.as_instruction_value()),
    }
}
