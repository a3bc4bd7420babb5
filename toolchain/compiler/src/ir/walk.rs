//! Small helpers for walking and rewriting IR through inkwell.

use inkwell::module::Module;
use inkwell::values::{
    AnyValue, BasicValue, CallSiteValue, FunctionValue, InstructionOpcode, InstructionValue,
};

/// Every instruction of `function`, collected first so callers may rewrite while iterating.
pub fn instructions<'ctx>(function: FunctionValue<'ctx>) -> Vec<InstructionValue<'ctx>> {
    function
        .get_basic_blocks()
        .into_iter()
        .flat_map(|block| block.get_instructions())
        .collect()
}

/// A direct call instruction and its callee.
#[derive(Debug, Clone, Copy)]
pub struct DirectCall<'ctx> {
    pub instruction: InstructionValue<'ctx>,
    pub site: CallSiteValue<'ctx>,
    pub callee: FunctionValue<'ctx>,
}

/// The direct calls in `function`.
pub fn direct_calls<'ctx>(function: FunctionValue<'ctx>) -> Vec<DirectCall<'ctx>> {
    instructions(function)
        .into_iter()
        .filter(|i| i.get_opcode() == InstructionOpcode::Call)
        .filter_map(|instruction| {
            let site = CallSiteValue::try_from(instruction).ok()?;
            let callee = site.get_called_fn_value()?;
            Some(DirectCall {
                instruction,
                site,
                callee,
            })
        })
        .collect()
}

/// Every direct call to `callee` anywhere in `module`.
pub fn calls_to<'ctx>(module: &Module<'ctx>, callee: FunctionValue<'ctx>) -> Vec<DirectCall<'ctx>> {
    module
        .get_functions()
        .flat_map(direct_calls)
        .filter(|call| call.callee == callee)
        .collect()
}

/// Whether `function` has a body.
pub fn is_definition(function: FunctionValue<'_>) -> bool {
    function.count_basic_blocks() > 0
}

/// The function's name as a Rust string.
pub fn name(function: FunctionValue<'_>) -> String {
    function.get_name().to_string_lossy().into_owned()
}

/// How many uses `function` has (calls and any other reference).
pub fn use_count(function: FunctionValue<'_>) -> usize {
    let mut uses = 0usize;
    let mut next = function
        .as_global_value()
        .as_pointer_value()
        .get_first_use();
    while let Some(u) = next {
        uses += 1;
        next = u.get_next_use();
    }
    uses
}

/// Whether `function` is used other than as the callee of a direct call (its address escapes).
pub fn address_taken<'ctx>(module: &Module<'ctx>, function: FunctionValue<'ctx>) -> bool {
    use_count(function) != calls_to(module, function).len()
}

/// A printable form of an instruction, for error messages.
pub fn describe(instruction: InstructionValue<'_>) -> String {
    instruction.print_to_string().to_string().trim().to_owned()
}

/// Replaces every use of `old` by `new` (values of the same type).
pub fn replace_all_uses(
    old: &impl inkwell::values::AsValueRef,
    new: &impl inkwell::values::AsValueRef,
) {
    // SAFETY: both refer to live values of the same context; LLVM checks the types match.
    unsafe {
        inkwell::llvm_sys::core::LLVMReplaceAllUsesWith(old.as_value_ref(), new.as_value_ref())
    }
}

/// Copies the metadata attachments of the function `from` (e.g. `!reqd_work_group_size`,
/// `!kernel_arg_type`) onto `to`, except `!dbg`: a subprogram belongs to one function only.
pub fn copy_global_metadata(from: FunctionValue<'_>, to: FunctionValue<'_>) {
    use inkwell::llvm_sys::core::{
        LLVMDisposeValueMetadataEntries, LLVMGlobalCopyAllMetadata, LLVMGlobalSetMetadata,
        LLVMValueMetadataEntriesGetKind, LLVMValueMetadataEntriesGetMetadata,
    };
    use inkwell::values::AsValueRef;
    // SAFETY: the entries array is owned here and disposed after use; indices stay in bounds.
    unsafe {
        let mut count = 0usize;
        let entries = LLVMGlobalCopyAllMetadata(from.as_value_ref(), &mut count);
        if entries.is_null() {
            return;
        }
        let dbg = from.get_type().get_context().get_kind_id("dbg");
        for index in 0..count as u32 {
            let kind = LLVMValueMetadataEntriesGetKind(entries, index);
            if kind == dbg {
                continue;
            }
            let node = LLVMValueMetadataEntriesGetMetadata(entries, index);
            LLVMGlobalSetMetadata(to.as_value_ref(), kind, node);
        }
        LLVMDisposeValueMetadataEntries(entries);
    }
}

/// Positions `builder` before `instruction`, with its debug location, so that instructions built
/// to replace it keep the source position (the verifier requires one on inlinable calls in
/// functions with debug information).
pub fn position_at(builder: &inkwell::builder::Builder<'_>, instruction: InstructionValue<'_>) {
    builder.position_before(&instruction);
    match instruction.get_debug_location() {
        Some(location) => builder.set_current_debug_location(location),
        None => builder.unset_current_debug_location(),
    }
}
