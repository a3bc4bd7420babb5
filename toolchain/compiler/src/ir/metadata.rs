//! Metadata that inkwell does not reach: the debug records that declare source variables
//! (`#dbg_declare`), which the barrier regions move into the live-variable struct, and loop
//! properties (`!llvm.loop`) on the work-item loops; and the memory-access metadata a widened
//! load or store keeps from its scalar original.

use std::marker::PhantomData;

use inkwell::basic_block::BasicBlock;
use inkwell::context::{AsContextRef, ContextRef};
use inkwell::llvm_sys::core::*;
use inkwell::llvm_sys::debuginfo::*;
use inkwell::llvm_sys::prelude::{LLVMDIBuilderRef, LLVMMetadataRef};
use inkwell::llvm_sys::LLVMDbgRecordKind;
use inkwell::module::Module;
use inkwell::values::{AsValueRef, FunctionValue, InstructionValue};

use super::value::{Kind, Value};

/// A metadata node of the context `'ctx` (a variable, an expression, a location), only ever
/// obtained from LLVM.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Metadata<'ctx> {
    raw: LLVMMetadataRef,
    context: PhantomData<&'ctx ()>,
}

impl Metadata<'_> {
    fn wrap(raw: LLVMMetadataRef) -> Self {
        Metadata {
            raw,
            context: PhantomData,
        }
    }
}

/// A `#dbg_declare` of an alloca: the alloca, the variable, expression and location.
#[derive(Clone, Copy, Debug)]
pub struct Declaration<'ctx> {
    /// The alloca.
    pub storage: Value<'ctx>,
    /// The `DILocalVariable`.
    pub variable: Metadata<'ctx>,
    /// The `DIExpression`.
    pub expression: Metadata<'ctx>,
    /// The `DILocation`.
    pub location: Metadata<'ctx>,
}

/// The `#dbg_declare` records of allocas in `function`, in instruction order.
pub fn variable_declarations(function: FunctionValue<'_>) -> Vec<Declaration<'_>> {
    let mut declares = Vec::new();
    for instruction in function
        .get_basic_blocks()
        .into_iter()
        .flat_map(|block| block.get_instructions())
    {
        // SAFETY: walking the debug records attached to a live instruction; the accessors are
        // asked of declare records only, whose first location operand may be null (a record
        // whose value was deleted).
        unsafe {
            let mut record = LLVMGetFirstDbgRecord(instruction.as_value_ref());
            while !record.is_null() {
                if LLVMDbgRecordGetKind(record) == LLVMDbgRecordKind::LLVMDbgRecordDeclare {
                    let storage = Value::wrap(LLVMDbgVariableRecordGetValue(record, 0));
                    if let Some(storage) = storage.filter(|s| s.is(Kind::Alloca)) {
                        declares.push(Declaration {
                            storage,
                            variable: Metadata::wrap(LLVMDbgVariableRecordGetVariable(record)),
                            expression: Metadata::wrap(LLVMDbgVariableRecordGetExpression(record)),
                            location: Metadata::wrap(LLVMDbgRecordGetDebugLoc(record)),
                        });
                    }
                }
                record = LLVMGetNextDbgRecord(record);
            }
        }
    }
    declares
}

/// A debug-information builder for one module, finalized when dropped.
pub struct DebugBuilder<'ctx> {
    raw: LLVMDIBuilderRef,
    context: PhantomData<&'ctx ()>,
}

impl<'ctx> DebugBuilder<'ctx> {
    /// A debug-information builder for `module`.
    pub fn new(module: &Module<'ctx>) -> Self {
        DebugBuilder {
            // SAFETY: the builder is owned here and disposed of in `drop`.
            raw: unsafe { LLVMCreateDIBuilder(module.as_mut_ptr()) },
            context: PhantomData,
        }
    }

    /// The expression with DWARF operations `operations` (`DW_OP_*` codes and their
    /// arguments).
    pub fn expression(&self, operations: &[u64]) -> Metadata<'ctx> {
        let mut operations = operations.to_vec();
        // SAFETY: LLVM copies the operations.
        Metadata::wrap(unsafe {
            LLVMDIBuilderCreateExpression(self.raw, operations.as_mut_ptr(), operations.len())
        })
    }

    /// Declares `variable` as stored at `storage`, with a record before the instruction
    /// `before`.
    pub fn declare_before(&self, declaration: Declaration<'ctx>, before: Value<'ctx>) {
        assert!(
            before.is(Kind::Instruction),
            "records go before instructions"
        );
        // SAFETY: the metadata comes from this context; `before` is a live instruction.
        unsafe {
            LLVMDIBuilderInsertDeclareRecordBefore(
                self.raw,
                declaration.storage.raw(),
                declaration.variable.raw,
                declaration.expression.raw,
                declaration.location.raw,
                before.raw(),
            );
        }
    }

    /// Declares `variable` as stored at `storage`, with a record at the end of `block`.
    pub fn declare_at_end(&self, declaration: Declaration<'ctx>, block: BasicBlock<'ctx>) {
        // SAFETY: the metadata comes from this context; `block` is a live block.
        unsafe {
            LLVMDIBuilderInsertDeclareRecordAtEnd(
                self.raw,
                declaration.storage.raw(),
                declaration.variable.raw,
                declaration.expression.raw,
                declaration.location.raw,
                block.as_mut_ptr(),
            );
        }
    }
}

impl Drop for DebugBuilder<'_> {
    fn drop(&mut self) {
        // SAFETY: the builder was created in `new` and is not used after this.
        unsafe {
            LLVMDIBuilderFinalize(self.raw);
            LLVMDisposeDIBuilder(self.raw);
        }
    }
}

/// Gives the loop whose latch is `branch` a loop id carrying the boolean loop property `option`
/// (such as `llvm.loop.unroll.runtime.disable`).
pub fn set_loop_option(context: ContextRef<'_>, branch: InstructionValue<'_>, option: &str) {
    const KIND: &str = "llvm.loop";
    // SAFETY: every node is created in the branch's context. A loop id must be a distinct node
    // whose first operand is itself: the node is made with a temporary first operand, which is
    // then replaced by the node (and freed), and LLVM makes a self-referring node distinct.
    unsafe {
        let llvm = context.as_ctx_ref();
        let mut option = [LLVMMDStringInContext2(
            llvm,
            option.as_ptr().cast(),
            option.len(),
        )];
        let option = LLVMMDNodeInContext2(llvm, option.as_mut_ptr(), 1);
        let placeholder = LLVMTemporaryMDNode(llvm, std::ptr::null_mut(), 0);
        let mut operands = [placeholder, option];
        let loop_id = LLVMMDNodeInContext2(llvm, operands.as_mut_ptr(), 2);
        LLVMMetadataReplaceAllUsesWith(placeholder, loop_id);
        let kind = LLVMGetMDKindIDInContext(llvm, KIND.as_ptr().cast(), KIND.len() as u32);
        LLVMSetMetadata(
            branch.as_value_ref(),
            kind,
            LLVMMetadataAsValue(llvm, loop_id),
        );
    }
}

/// Marks `load` `!invariant.load`: the memory it reads holds the same value wherever the load
/// runs, so LLVM may hoist it past any store (out of a work-item loop, say) without proving
/// that the store does not alias. A load outside a block is left as it is.
pub fn mark_invariant_load(load: InstructionValue<'_>) {
    let Some(block) = load.get_parent() else {
        return;
    };
    let context = block.get_context();
    let kind = context.get_kind_id("invariant.load");
    let empty = context.metadata_node(&[]);
    load.set_metadata(empty, kind)
        .expect("an empty node is metadata an instruction can carry");
}

/// Whether `store` carries `!nontemporal`.
pub fn is_nontemporal(store: InstructionValue<'_>) -> bool {
    let Some(block) = store.get_parent() else {
        return false;
    };
    store
        .get_metadata(block.get_context().get_kind_id("nontemporal"))
        .is_some()
}

/// Marks `store` `!nontemporal`: the stored line is not expected to be read again soon, so x86
/// writes it with a streaming store that does not first read the line into the cache.
pub fn mark_nontemporal(store: InstructionValue<'_>) {
    let Some(block) = store.get_parent() else {
        return;
    };
    let context = block.get_context();
    let one = context.metadata_node(&[context.i32_type().const_int(1, false).into()]);
    store
        .set_metadata(one, context.get_kind_id("nontemporal"))
        .expect("a node of one integer is metadata a store can carry");
}

/// Gives the load of a pointer `load` the facts a parameter attribute states about that
/// pointer: `!dereferenceable !{i64 bytes}` and, when known, `!align !{i64 alignment}`. A
/// subhandler loads each argument's pointer from the runtime's array; once the kernel is inlined
/// into it, these are what tell LLVM that reads through the pointer may be hoisted out of
/// branches. A load outside a block is left as it is.
pub fn mark_pointer_load(load: InstructionValue<'_>, bytes: u64, alignment: Option<u64>) {
    let Some(block) = load.get_parent() else {
        return;
    };
    let context = block.get_context();
    let i64_type = context.i64_type();
    let facts = [("dereferenceable", Some(bytes)), ("align", alignment)];
    for (kind, value) in facts {
        if let Some(value) = value {
            let node = context.metadata_node(&[i64_type.const_int(value, false).into()]);
            load.set_metadata(node, context.get_kind_id(kind))
                .expect("a node of one integer is metadata a load can carry");
        }
    }
}

/// The metadata kinds that describe what a memory access touches and how, rather than the
/// scalar value it moves: type-based and scoped alias information, and the program's
/// `__builtin_nontemporal_store`/`_load` hint. They stay true of a vector or masked access to the
/// same memory, so a widened access keeps them (docs/vectorizer.md, "Memory accesses").
const ACCESS_METADATA_KINDS: [&str; 4] = ["tbaa", "alias.scope", "noalias", "nontemporal"];

/// Gives `access` (a vector load or store, or a masked, gather or scatter call made from
/// `original`) the memory-access metadata of `original`.
pub fn copy_access_metadata(original: InstructionValue<'_>, access: InstructionValue<'_>) {
    let Some(block) = original.get_parent() else {
        return;
    };
    let context = block.get_context();
    for kind in ACCESS_METADATA_KINDS {
        let kind = context.get_kind_id(kind);
        if let Some(node) = original.get_metadata(kind) {
            access
                .set_metadata(node, kind)
                .expect("a node taken from an instruction is metadata an instruction can carry");
        }
    }
}
