//! Small helpers for walking and rewriting IR through inkwell.

use std::collections::HashMap;

use inkwell::module::Module;
use inkwell::values::{
    AnyValue, CallSiteValue, FunctionValue, InstructionOpcode, InstructionValue,
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
    /// The call instruction.
    pub instruction: InstructionValue<'ctx>,
    /// The same instruction as a call site (arguments, attributes).
    pub site: CallSiteValue<'ctx>,
    /// The function it calls.
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

/// The direct calls of a whole module by callee, in module order, from one walk: for passes that
/// ask for the callers of every function, where walking the module once per function
/// ([`calls_to`]) would make a compile quadratic in its number of kernels (docs/compile-cost.md).
/// Valid while no call instruction is added or removed.
pub struct CallIndex<'ctx> {
    calls: HashMap<FunctionValue<'ctx>, Vec<DirectCall<'ctx>>>,
}

impl<'ctx> CallIndex<'ctx> {
    /// The index of `module`'s direct calls, from one walk.
    pub fn of(module: &Module<'ctx>) -> Self {
        let mut calls: HashMap<FunctionValue<'ctx>, Vec<DirectCall<'ctx>>> = HashMap::new();
        for call in module.get_functions().flat_map(direct_calls) {
            calls.entry(call.callee).or_default().push(call);
        }
        CallIndex { calls }
    }

    /// Every direct call to `callee`.
    pub fn calls_to(&self, callee: FunctionValue<'ctx>) -> &[DirectCall<'ctx>] {
        self.calls.get(&callee).map_or(&[], Vec::as_slice)
    }

    /// Whether `function` is used other than as the callee of a direct call (its address
    /// escapes).
    pub fn address_taken(&self, function: FunctionValue<'ctx>) -> bool {
        use_count(function) != self.calls_to(function).len()
    }
}

/// The module's data layout, for sizes, alignments and struct offsets. (Layout strings are
/// ASCII, so the lossy conversion never changes one.)
pub fn target_data(module: &Module<'_>) -> inkwell::targets::TargetData {
    inkwell::targets::TargetData::create(&module.get_data_layout().as_str().to_string_lossy())
}

/// Whether `function` has a body.
pub fn is_definition(function: FunctionValue<'_>) -> bool {
    function.count_basic_blocks() > 0
}

/// The function's name as a Rust string.
pub fn name(function: FunctionValue<'_>) -> String {
    function.get_name().to_string_lossy().into_owned()
}

/// How many live uses `value` has: by instructions and globals, or through constants that
/// themselves have live uses. Constants left without users (such as the initialiser of a deleted
/// `llvm.used`) linger in LLVM's use lists until the context goes, and must not count.
fn live_uses(value: inkwell::llvm_sys::prelude::LLVMValueRef) -> usize {
    use inkwell::llvm_sys::core::{
        LLVMGetFirstUse, LLVMGetNextUse, LLVMGetUser, LLVMIsAConstant, LLVMIsAGlobalValue,
    };
    let mut uses = 0usize;
    // SAFETY: walking the use list of a live value.
    unsafe {
        let mut next = LLVMGetFirstUse(value);
        while !next.is_null() {
            let user = LLVMGetUser(next);
            let through_constant =
                !LLVMIsAConstant(user).is_null() && LLVMIsAGlobalValue(user).is_null();
            if !through_constant || live_uses(user) > 0 {
                uses += 1;
            }
            next = LLVMGetNextUse(next);
        }
    }
    uses
}

/// How many uses a function or global variable has (calls and any other live reference).
pub fn use_count(global: impl inkwell::values::AsValueRef) -> usize {
    live_uses(global.as_value_ref())
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
/// `!kernel_arg_type`) onto `to`, except `!dbg` (a subprogram belongs to one function only) and
/// the vectorizer's links between a kernel and its vector form (they name those two functions).
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
        let context = from.get_type().get_context();
        let skipped = ["dbg", "codeplay_ca_vecz.base", "codeplay_ca_vecz.derived"]
            .map(|name| context.get_kind_id(name));
        for index in 0..count as u32 {
            let kind = LLVMValueMetadataEntriesGetKind(entries, index);
            if skipped.contains(&kind) {
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

/// Deletes `llvm.used` and `llvm.compiler.used`. They keep kernels alive for the front-end's
/// optimiser; after it they only get in the way (they count as taking a kernel's address, and
/// would keep dead code in the object). Says whether there was one.
pub fn drop_used_lists(module: &Module<'_>) -> bool {
    let mut dropped = false;
    for list in ["llvm.used", "llvm.compiler.used"] {
        if let Some(global) = module.get_global(list) {
            // SAFETY: the intrinsic lists have no users.
            unsafe { global.delete() };
            dropped = true;
        }
    }
    dropped
}

/// Deletes `function`, first pointing whatever still names it at `replacement` (or a null
/// pointer): only dead constants may (a deleted `llvm.used`'s initialiser lingers in use lists),
/// and deleting a function they name would leave them dangling.
pub fn delete_function<'ctx>(
    function: FunctionValue<'ctx>,
    replacement: Option<FunctionValue<'ctx>>,
) {
    use inkwell::values::BasicValue;
    let pointer = function.as_global_value().as_pointer_value();
    let target = replacement
        .map(|f| f.as_global_value().as_pointer_value())
        .unwrap_or_else(|| pointer.get_type().const_null());
    if pointer.get_first_use().is_some() {
        replace_all_uses(&pointer, &target);
    }
    // SAFETY: nothing names `function` any more.
    unsafe { function.delete() };
}

/// `file:line` of `instruction`'s debug location, when the module has debug information.
pub fn source_line(instruction: InstructionValue<'_>) -> Option<String> {
    use inkwell::llvm_sys::debuginfo::{
        LLVMDIFileGetFilename, LLVMDILocationGetLine, LLVMDILocationGetScope, LLVMDIScopeGetFile,
        LLVMInstructionGetDebugLoc,
    };
    use inkwell::values::AsValueRef;
    // SAFETY: `instruction` is a live instruction. Its debug location, when present, is a
    // DILocation whose scope is a DIScope; a scope without a file gives null, and a file's name
    // is `length` bytes owned by the metadata, copied here before the module can change.
    unsafe {
        let location = LLVMInstructionGetDebugLoc(instruction.as_value_ref());
        if location.is_null() {
            return None;
        }
        let file = LLVMDIScopeGetFile(LLVMDILocationGetScope(location));
        if file.is_null() {
            return None;
        }
        let mut length = 0u32;
        let name = LLVMDIFileGetFilename(file, &mut length);
        if name.is_null() || length == 0 {
            return None;
        }
        let bytes = std::slice::from_raw_parts(name.cast::<u8>(), length as usize);
        let line = LLVMDILocationGetLine(location);
        Some(format!("{}:{line}", String::from_utf8_lossy(bytes)))
    }
}

/// The C++ name an Itanium-mangled symbol stands for, without parameters or return type
/// (`helper` for `_Z6helperi`; a SYCL kernel's `_ZTS…` name reads `typeinfo name for
/// main::{lambda(sycl::_V1::id<1>)#1}`), or the symbol itself when it is not mangled.
pub fn demangled(symbol: &str) -> String {
    let options = cpp_demangle::DemangleOptions::new()
        .no_params()
        .no_return_type();
    cpp_demangle::Symbol::new(symbol)
        .ok()
        .and_then(|s| s.demangle_with_options(&options).ok())
        .unwrap_or_else(|| symbol.to_owned())
}

/// The function a `call` or `invoke` calls directly; `None` for an indirect call or another
/// instruction. (inkwell's call sites cover `call` only.)
pub fn called_function<'ctx>(instruction: InstructionValue<'ctx>) -> Option<FunctionValue<'ctx>> {
    use inkwell::llvm_sys::core::{LLVMGetCalledValue, LLVMIsAFunction};
    use inkwell::values::AsValueRef;
    if !matches!(
        instruction.get_opcode(),
        InstructionOpcode::Call | InstructionOpcode::Invoke
    ) {
        return None;
    }
    // SAFETY: `instruction` is a live call or invoke, for which LLVM returns its callee operand;
    // LLVMIsAFunction gives null unless that operand is a function, which is what
    // FunctionValue::new requires (it returns None for null).
    unsafe {
        let callee = LLVMIsAFunction(LLVMGetCalledValue(instruction.as_value_ref()));
        FunctionValue::new(callee)
    }
}

/// Whether `module` is for x86 (32 or 64 bits).
pub fn is_x86(module: &Module<'_>) -> bool {
    let triple = module.get_triple();
    let triple = triple.as_str().to_string_lossy();
    let arch = triple.split('-').next().unwrap_or("");
    matches!(arch, "x86_64" | "i386" | "i486" | "i586" | "i686")
}
