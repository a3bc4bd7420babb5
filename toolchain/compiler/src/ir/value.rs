//! One handle for any value of a module, for the passes that rewrite IR operand by operand and
//! keep maps from original to copied values (barrier regions, builtin variables, work-group
//! local variables). inkwell gives each kind of value its own Rust type and keeps blocks apart,
//! which makes such maps and operand walks awkward; [`Value`] covers them all, and converts back
//! to inkwell's types ([`Value::basic`], [`Value::instruction`], [`Value::block`]) wherever a
//! builder or a typed query takes over.
//!
//! A `Value` can only be made from one of inkwell's values or by asking LLVM about another
//! `Value`, so it always names a value that exists in the context `'ctx`. As with inkwell's own
//! handles, a value must not be used after it is erased or deleted.

use std::marker::PhantomData;

use inkwell::basic_block::BasicBlock;
use inkwell::llvm_sys::core::*;
use inkwell::llvm_sys::prelude::LLVMValueRef;
use inkwell::types::{AnyTypeEnum, AsTypeRef, BasicTypeEnum};
use inkwell::values::{
    AnyValueEnum, AsValueRef, BasicMetadataValueEnum, BasicValueEnum, CallSiteValue, FunctionValue,
    GlobalValue, InstructionOpcode, InstructionValue, IntValue, PhiValue, PointerValue,
};

/// Any value of a module: instruction, argument, constant, global, function or block.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct Value<'ctx> {
    raw: LLVMValueRef,
    context: PhantomData<&'ctx ()>,
}

/// What kind of value [`Value::is`] asks about (LLVM's class hierarchy, the classes we use).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Kind {
    /// Any instruction.
    Instruction,
    /// A `phi`.
    Phi,
    /// A `call`.
    Call,
    /// An `alloca`.
    Alloca,
    /// A `load`.
    Load,
    /// A `store`.
    Store,
    /// A cast instruction (`zext`, `bitcast`, `ptrtoint`, …).
    Cast,
    /// A binary operator (`add`, `fmul`, `xor`, …).
    BinaryOperator,
    /// An `icmp`.
    IntCompare,
    /// An `insertelement`.
    InsertElement,
    /// A `shufflevector`.
    ShuffleVector,
    /// Any constant (globals and functions included).
    Constant,
    /// An integer constant.
    ConstantInt,
    /// A floating-point constant.
    ConstantFloat,
    /// A constant expression.
    ConstantExpression,
    /// A constant vector whose elements are not all simple data (e.g. constant expressions).
    ConstantVector,
    /// A global variable.
    GlobalVariable,
    /// A global value: a function, global variable, alias or indirect function.
    GlobalValue,
    /// `undef` or `poison`.
    Undefined,
    /// A null pointer constant.
    NullPointer,
    /// `zeroinitializer`.
    AggregateZero,
}

macro_rules! from_inkwell {
    ($($ty:ident),*) => {$(
        impl<'ctx> From<$ty<'ctx>> for Value<'ctx> {
            fn from(value: $ty<'ctx>) -> Self {
                Value::wrap(value.as_value_ref()).expect("inkwell values are never null")
            }
        }
    )*};
}

from_inkwell!(
    AnyValueEnum,
    BasicMetadataValueEnum,
    BasicValueEnum,
    CallSiteValue,
    FunctionValue,
    GlobalValue,
    InstructionValue,
    IntValue,
    PhiValue,
    PointerValue
);

impl<'ctx> From<BasicBlock<'ctx>> for Value<'ctx> {
    fn from(block: BasicBlock<'ctx>) -> Self {
        // SAFETY: a block's value form is the block itself, in the same context.
        let raw = unsafe { LLVMBasicBlockAsValue(block.as_mut_ptr()) };
        Value::wrap(raw).expect("a block is a value")
    }
}

impl<'ctx> Value<'ctx> {
    /// The handle for `raw`, which LLVM gave for a value of the context `'ctx` (`None` for
    /// null, LLVM's "no value").
    pub(super) fn wrap(raw: LLVMValueRef) -> Option<Self> {
        (!raw.is_null()).then_some(Value {
            raw,
            context: PhantomData,
        })
    }

    /// The LLVM-C handle, for the other modules of the safe layer.
    pub(super) fn raw(self) -> LLVMValueRef {
        self.raw
    }

    /// Whether the value is of `kind`.
    pub fn is(self, kind: Kind) -> bool {
        let test = match kind {
            Kind::Instruction => LLVMIsAInstruction,
            Kind::Phi => LLVMIsAPHINode,
            Kind::Call => LLVMIsACallInst,
            Kind::Alloca => LLVMIsAAllocaInst,
            Kind::Load => LLVMIsALoadInst,
            Kind::Store => LLVMIsAStoreInst,
            Kind::Cast => LLVMIsACastInst,
            Kind::BinaryOperator => LLVMIsABinaryOperator,
            Kind::IntCompare => LLVMIsAICmpInst,
            Kind::InsertElement => LLVMIsAInsertElementInst,
            Kind::ShuffleVector => LLVMIsAShuffleVectorInst,
            Kind::Constant => LLVMIsAConstant,
            Kind::ConstantInt => LLVMIsAConstantInt,
            Kind::ConstantFloat => LLVMIsAConstantFP,
            Kind::ConstantExpression => LLVMIsAConstantExpr,
            Kind::ConstantVector => LLVMIsAConstantVector,
            Kind::GlobalVariable => LLVMIsAGlobalVariable,
            Kind::GlobalValue => LLVMIsAGlobalValue,
            Kind::Undefined => LLVMIsAUndefValue,
            Kind::NullPointer => LLVMIsAConstantPointerNull,
            Kind::AggregateZero => LLVMIsAConstantAggregateZero,
        };
        // SAFETY: the `LLVMIsA*` tests accept any live value and return null when it is not
        // of the class.
        unsafe { !test(self.raw).is_null() }
    }

    /// The value as one of inkwell's first-class values (`None` for void instructions, blocks,
    /// functions' and metadata's own kinds).
    pub fn basic(self) -> Option<BasicValueEnum<'ctx>> {
        self.basic_type()?;
        // SAFETY: the value has a first-class type, which is what `BasicValueEnum::new`
        // dispatches on; the value lives in `'ctx`.
        Some(unsafe { BasicValueEnum::new(self.raw) })
    }

    /// The value as an instruction, if it is one.
    pub fn instruction(self) -> Option<InstructionValue<'ctx>> {
        // SAFETY: checked to be an instruction of `'ctx`.
        self.is(Kind::Instruction)
            .then(|| unsafe { InstructionValue::new(self.raw) })
    }

    /// The value as a PHI node, if it is one.
    pub fn phi(self) -> Option<PhiValue<'ctx>> {
        // SAFETY: checked to be a PHI node of `'ctx`.
        self.is(Kind::Phi)
            .then(|| unsafe { PhiValue::new(self.raw) })
    }

    /// The value as a block, if it is one (block operands of branches and switches).
    pub fn block(self) -> Option<BasicBlock<'ctx>> {
        // SAFETY: `LLVMValueIsBasicBlock` accepts any value; the conversion is only made for a
        // block, which then belongs to `'ctx`.
        unsafe {
            if LLVMValueIsBasicBlock(self.raw) == 0 {
                return None;
            }
            BasicBlock::new(LLVMValueAsBasicBlock(self.raw))
        }
    }

    /// The value's type, when inkwell models it (not for blocks' labels, metadata or tokens).
    fn any_type(self) -> Option<AnyTypeEnum<'ctx>> {
        use inkwell::llvm_sys::LLVMTypeKind::*;
        // SAFETY: every value has a type of its own context; `AnyTypeEnum::new` is only asked
        // about the kinds it has a variant for.
        unsafe {
            let ty = LLVMTypeOf(self.raw);
            match LLVMGetTypeKind(ty) {
                LLVMLabelTypeKind
                | LLVMMetadataTypeKind
                | LLVMTokenTypeKind
                | LLVMX86_AMXTypeKind
                | LLVMTargetExtTypeKind => None,
                _ => Some(AnyTypeEnum::new(ty)),
            }
        }
    }

    /// The value's type when it is first-class.
    pub fn basic_type(self) -> Option<BasicTypeEnum<'ctx>> {
        BasicTypeEnum::try_from(self.any_type()?).ok()
    }

    /// The opcode of an instruction or constant expression.
    pub fn opcode(self) -> Option<InstructionOpcode> {
        if let Some(instruction) = self.instruction() {
            return Some(instruction.get_opcode());
        }
        // SAFETY: checked to be a constant expression.
        self.is(Kind::ConstantExpression)
            .then(|| unsafe { LLVMGetConstOpcode(self.raw) }.into())
    }

    /// How many operands the value has (none for values that use nothing).
    pub fn operand_count(self) -> u32 {
        // SAFETY: only users have operands; `LLVMGetNumOperands` is asked of users only.
        unsafe {
            if LLVMIsAUser(self.raw).is_null() {
                return 0;
            }
            LLVMGetNumOperands(self.raw).max(0) as u32
        }
    }

    /// Operand `index`.
    ///
    /// # Panics
    /// If the value has no such operand.
    pub fn operand(self, index: u32) -> Value<'ctx> {
        assert!(index < self.operand_count(), "operand {index} out of range");
        // SAFETY: the index is in range for this user.
        Value::wrap(unsafe { LLVMGetOperand(self.raw, index) }).expect("operands are values")
    }

    /// All operands, in order.
    pub fn operands(self) -> Vec<Value<'ctx>> {
        (0..self.operand_count()).map(|i| self.operand(i)).collect()
    }

    /// The value without the casts (`bitcast`, `addrspacecast`) and all-zero GEPs around it,
    /// instructions or constant expressions: the same address.
    pub fn strip_pointer_casts(self) -> Value<'ctx> {
        let mut value = self;
        loop {
            let strips = match value.opcode() {
                Some(InstructionOpcode::BitCast | InstructionOpcode::AddrSpaceCast) => true,
                Some(InstructionOpcode::GetElementPtr) => value.operands()[1..]
                    .iter()
                    .all(|index| index.zero_extended_constant() == Some(0)),
                _ => false,
            };
            if !strips {
                return value;
            }
            value = value.operand(0);
        }
    }

    /// Makes operand `index` of this instruction `value` (LLVM checks the type in debug builds;
    /// the verifier does in any case).
    ///
    /// # Panics
    /// If the value is not an instruction or has no such operand.
    pub fn set_operand(self, index: u32, value: Value<'ctx>) {
        assert!(
            self.is(Kind::Instruction),
            "only instructions are rewritten"
        );
        assert!(index < self.operand_count(), "operand {index} out of range");
        // SAFETY: an in-range operand of a live instruction, set to a value of its context.
        unsafe { LLVMSetOperand(self.raw, index, value.raw) }
    }

    /// The arguments a call passes (its operands without the callee).
    pub fn argument_count(self) -> u32 {
        if !self.is(Kind::Call) {
            return 0;
        }
        // SAFETY: checked to be a call.
        unsafe { LLVMGetNumArgOperands(self.raw) }
    }

    /// The name of the function a call calls (empty for an indirect call through an unnamed
    /// value; empty for a value that is not a call).
    pub fn callee_name(self) -> String {
        if !self.is(Kind::Call) {
            return String::new();
        }
        // SAFETY: checked to be a call, which always has a called operand.
        Value::wrap(unsafe { LLVMGetCalledValue(self.raw) }).map_or_else(String::new, Value::name)
    }

    /// The assembly text of the inline assembly a call calls (`None` for a call of anything
    /// else, and for a value that is not a call).
    pub fn called_inline_assembly(self) -> Option<String> {
        if !self.is(Kind::Call) {
            return None;
        }
        // SAFETY: checked to be a call, which always has a called operand; LLVMIsAInlineAsm
        // gives null unless it is inline assembly, whose text LLVM returns as `length` bytes it
        // keeps alive with the value.
        unsafe {
            let callee = LLVMIsAInlineAsm(LLVMGetCalledValue(self.raw));
            if callee.is_null() {
                return None;
            }
            let mut length = 0usize;
            let text = LLVMGetInlineAsmAsmString(callee, &mut length);
            let bytes = std::slice::from_raw_parts(text.cast::<u8>(), length);
            Some(String::from_utf8_lossy(bytes).into_owned())
        }
    }

    /// The value of an integer constant, zero-extended to 64 bits.
    pub fn zero_extended_constant(self) -> Option<u64> {
        // SAFETY: checked to be an integer constant.
        self.is(Kind::ConstantInt)
            .then(|| unsafe { LLVMConstIntGetZExtValue(self.raw) })
    }

    /// The value of an integer constant, sign-extended to 64 bits.
    pub fn sign_extended_constant(self) -> Option<i64> {
        // SAFETY: checked to be an integer constant.
        self.is(Kind::ConstantInt)
            .then(|| unsafe { LLVMConstIntGetSExtValue(self.raw) })
    }

    /// The value's name (empty for unnamed values).
    pub fn name(self) -> String {
        // SAFETY: LLVM returns a pointer to `length` bytes of the live value's name.
        unsafe {
            let mut length = 0usize;
            let name = LLVMGetValueName2(self.raw, &mut length);
            if name.is_null() {
                return String::new();
            }
            String::from_utf8_lossy(std::slice::from_raw_parts(name.cast::<u8>(), length))
                .into_owned()
        }
    }

    /// Renames the value (LLVM makes the name unique in its function or module).
    pub fn set_name(self, name: &str) {
        // SAFETY: the name is passed with its length; LLVM copies it.
        unsafe { LLVMSetValueName2(self.raw, name.as_ptr().cast(), name.len()) }
    }

    /// The value printed as IR, trimmed.
    pub fn print(self) -> String {
        // SAFETY: LLVM returns an owned C string, disposed of after the copy.
        unsafe {
            let text = LLVMPrintValueToString(self.raw);
            let printed = std::ffi::CStr::from_ptr(text)
                .to_string_lossy()
                .trim()
                .to_owned();
            LLVMDisposeMessage(text);
            printed
        }
    }

    /// The block of an instruction.
    pub fn parent_block(self) -> Option<BasicBlock<'ctx>> {
        self.instruction()?.get_parent()
    }

    /// The function of an instruction.
    pub fn parent_function(self) -> Option<FunctionValue<'ctx>> {
        self.parent_block()?.get_parent()
    }

    /// The instruction after this one in its block.
    pub fn next_instruction(self) -> Option<Value<'ctx>> {
        self.instruction()?.get_next_instruction().map(Value::from)
    }

    /// Every use of the value: the user and the operand index, in use-list order.
    pub fn uses(self) -> Vec<(Value<'ctx>, u32)> {
        self.users()
            .into_iter()
            .flat_map(|user| {
                (0..user.operand_count())
                    .filter(move |&index| user.operand(index) == self)
                    .map(move |index| (user, index))
            })
            .collect()
    }

    /// The values using this one, each once, in use-list order.
    pub fn users(self) -> Vec<Value<'ctx>> {
        let mut users: Vec<Value<'ctx>> = Vec::new();
        // SAFETY: walking the use list of a live value; each use has a live user.
        unsafe {
            let mut next = LLVMGetFirstUse(self.raw);
            while !next.is_null() {
                let user = Value::wrap(LLVMGetUser(next)).expect("a use has a user");
                if !users.contains(&user) {
                    users.push(user);
                }
                next = LLVMGetNextUse(next);
            }
        }
        users
    }

    /// Whether anything uses the value.
    pub fn has_uses(self) -> bool {
        // SAFETY: reading the head of a live value's use list.
        unsafe { !LLVMGetFirstUse(self.raw).is_null() }
    }

    /// Makes every use of this value use `new` instead (a value of the same type).
    pub fn replace_all_uses_with(self, new: Value<'ctx>) {
        // SAFETY: both are live values of one context; LLVM checks the types match in debug
        // builds, the verifier in any case.
        unsafe { LLVMReplaceAllUsesWith(self.raw, new.raw) }
    }

    /// Makes every use of this value use poison instead (nothing, for a void value).
    pub fn replace_uses_with_poison(self) {
        let Some(ty) = self.basic_type() else {
            return;
        };
        // SAFETY: poison of the value's own first-class type.
        let poison = Value::wrap(unsafe { LLVMGetPoison(ty.as_type_ref()) }).expect("poison");
        self.replace_all_uses_with(poison);
    }

    /// Removes this instruction from its block and deletes it.
    ///
    /// # Panics
    /// If the value is not an instruction.
    pub fn erase(self) {
        self.instruction()
            .expect("only instructions are erased")
            .erase_from_basic_block();
    }

    /// The incoming `(value, block)` pairs of a PHI node (empty for anything else).
    pub fn incoming(self) -> Vec<(Value<'ctx>, BasicBlock<'ctx>)> {
        self.phi().map_or_else(Vec::new, |phi| {
            phi.get_incomings()
                .map(|(value, block)| (Value::from(value), block))
                .collect()
        })
    }

    /// The block an edge into this PHI node comes from, for operand `index`.
    pub fn incoming_block(self, index: u32) -> Option<BasicBlock<'ctx>> {
        let phi = self.phi()?;
        phi.get_incoming(index).map(|(_, block)| block)
    }

    /// The function this value is, if it is one.
    pub fn function(self) -> Option<FunctionValue<'ctx>> {
        use inkwell::llvm_sys::core::LLVMIsAFunction;
        // SAFETY: LLVMIsAFunction gives null unless the live value is a function, which is
        // what FunctionValue::new requires (it returns None for null).
        unsafe { FunctionValue::new(LLVMIsAFunction(self.raw)) }
    }

    /// The initializer of a global variable.
    pub fn initializer(self) -> Option<Value<'ctx>> {
        if !self.is(Kind::GlobalVariable) {
            return None;
        }
        // SAFETY: checked to be a global variable.
        Value::wrap(unsafe { LLVMGetInitializer(self.raw) })
    }

    /// Element `index` of a constant aggregate (struct, array or vector, zero or not).
    pub fn aggregate_element(self, index: u32) -> Option<Value<'ctx>> {
        if !self.is(Kind::Constant) {
            return None;
        }
        // SAFETY: a constant; LLVM returns null for an index it has no element for.
        Value::wrap(unsafe { LLVMGetAggregateElement(self.raw, index) })
    }

    /// The bytes of a constant data array such as a C string (with its NUL).
    pub fn constant_string(self) -> Option<Vec<u8>> {
        // SAFETY: `LLVMIsConstantString` is asked of constants only; then LLVM returns a
        // pointer to `length` bytes of the live constant.
        unsafe {
            if !self.is(Kind::Constant) || LLVMIsConstantString(self.raw) == 0 {
                return None;
            }
            let mut length = 0usize;
            let bytes = LLVMGetAsString(self.raw, &mut length);
            Some(std::slice::from_raw_parts(bytes.cast::<u8>(), length).to_vec())
        }
    }

    /// The bits of a floating-point constant of at most 64 bits (`half`, `bfloat`, `float`,
    /// `double`), exactly as stored: no rounding through `double`, NaN payloads kept.
    pub fn float_constant_bits(self) -> Option<u64> {
        if !self.is(Kind::ConstantFloat) {
            return None;
        }
        use inkwell::llvm_sys::LLVMTypeKind;
        // SAFETY: the constant is live; its type's kind and context are read; the integer type
        // of the same width is made in that context, and LLVM folds a bitcast of a
        // floating-point constant to it into an integer constant, whose value is read.
        unsafe {
            let ty = LLVMTypeOf(self.raw);
            let width = match LLVMGetTypeKind(ty) {
                LLVMTypeKind::LLVMHalfTypeKind | LLVMTypeKind::LLVMBFloatTypeKind => 16,
                LLVMTypeKind::LLVMFloatTypeKind => 32,
                LLVMTypeKind::LLVMDoubleTypeKind => 64,
                _ => return None,
            };
            let integer = LLVMIntTypeInContext(LLVMGetTypeContext(ty), width);
            let bits = LLVMConstBitCast(self.raw, integer);
            (!LLVMIsAConstantInt(bits).is_null()).then(|| LLVMConstIntGetZExtValue(bits))
        }
    }

    /// The source element type of a GEP, instruction or constant expression.
    pub fn gep_source_element_type(self) -> Option<BasicTypeEnum<'ctx>> {
        if self.opcode()? != InstructionOpcode::GetElementPtr {
            return None;
        }
        // SAFETY: checked to be a GEP; its source element type is a sized first-class type.
        let ty = unsafe { AnyTypeEnum::new(LLVMGetGEPSourceElementType(self.raw)) };
        BasicTypeEnum::try_from(ty).ok()
    }
}
