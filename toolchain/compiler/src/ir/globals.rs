//! Module-level definitions: the lists LLVM keeps globals alive by (`llvm.compiler.used`), and
//! the data the device object carries for the runtime (the kernel metadata notes,
//! docs/formats.md, "Kernel metadata").

use inkwell::llvm_sys::core::{LLVMGetNumOperands, LLVMGetOperand};
use inkwell::module::{Linkage, Module};
use inkwell::values::{AsValueRef, BasicValueEnum, GlobalValue};

use super::value::Value;

/// The list of globals the compiler must keep even without uses (the linker may still drop
/// them).
pub const COMPILER_USED: &str = "llvm.compiler.used";

/// The global variables an appending list such as `llvm.used` names.
pub fn list_entries<'ctx>(
    module: &Module<'ctx>,
    list: GlobalValue<'ctx>,
) -> Vec<GlobalValue<'ctx>> {
    let Some(initializer) = list.get_initializer() else {
        return Vec::new();
    };
    let array = initializer.as_value_ref();
    // SAFETY: `array` is the live constant initializer of a global of this module; operand
    // indices stay below its operand count.
    let count = unsafe { LLVMGetNumOperands(array) }.max(0) as u32;
    (0..count)
        .filter_map(|index| {
            // SAFETY: see above.
            let entry = unsafe { LLVMGetOperand(array, index) };
            // SAFETY: `entry` is a non-null constant of the module's context (checked by
            // `BasicValueEnum::new`'s type dispatch), so wrapping it keeps the lifetime.
            let value = (!entry.is_null()).then(|| unsafe { BasicValueEnum::new(entry) })?;
            let BasicValueEnum::PointerValue(pointer) = value else {
                return None;
            };
            module.get_global(pointer.get_name().to_str().ok()?)
        })
        .collect()
}

/// Adds `globals` to `llvm.compiler.used`, so that LLVM keeps them in the object although
/// nothing in it refers to them.
pub fn keep_in_object<'ctx>(module: &Module<'ctx>, globals: &[GlobalValue<'ctx>]) {
    let context = module.get_context();
    let pointer = context.ptr_type(inkwell::AddressSpace::default());
    let mut entries = match module.get_global(COMPILER_USED) {
        Some(existing) => {
            let entries = list_entries(module, existing);
            // SAFETY: the old list is replaced below and nothing else refers to it.
            unsafe { existing.delete() };
            entries
        }
        None => Vec::new(),
    };
    entries.extend_from_slice(globals);
    let values: Vec<_> = entries.iter().map(|g| g.as_pointer_value()).collect();
    let array = pointer.const_array(&values);
    let list = module.add_global(array.get_type(), None, COMPILER_USED);
    list.set_initializer(&array);
    list.set_linkage(Linkage::Appending);
    list.set_section(Some("llvm.metadata"));
}

/// Whether `global` is data for the runtime that must stay in the object: a variable in an ELF
/// note section.
pub fn is_runtime_note(global: GlobalValue<'_>) -> bool {
    global
        .get_section()
        .is_some_and(|section| section.to_bytes().starts_with(b".note"))
}

/// Deletes the global variable `global`, first turning what still names it into poison: only
/// dead constant expressions may (they linger in use lists once their users are gone), and
/// deleting a global they name would leave them dangling.
pub fn delete_global(global: GlobalValue<'_>) {
    let value = Value::from(global);
    value.replace_uses_with_poison();
    // SAFETY: nothing names the global any more.
    unsafe { global.delete() };
}

/// Makes `global` internal, with default visibility and no comdat: a definition the device
/// object keeps to itself.
pub fn internalize(global: GlobalValue<'_>) {
    // SAFETY: clearing the comdat of a live global is always valid.
    unsafe {
        inkwell::llvm_sys::comdat::LLVMSetComdat(global.as_value_ref(), std::ptr::null_mut())
    };
    global.set_linkage(Linkage::Internal);
    global.set_visibility(inkwell::GlobalVisibility::Default);
}

/// Makes every alias of `module` internal, with default visibility; says whether there was
/// one.
pub fn internalize_aliases(module: &Module<'_>) -> bool {
    use inkwell::llvm_sys::core::{
        LLVMGetFirstGlobalAlias, LLVMGetNextGlobalAlias, LLVMSetLinkage, LLVMSetVisibility,
    };
    use inkwell::llvm_sys::{LLVMLinkage, LLVMVisibility};
    // SAFETY: walking the live alias list of `module`; the next alias is read before the
    // current one changes, and changing linkage and visibility keeps it in the list.
    unsafe {
        let mut alias = LLVMGetFirstGlobalAlias(module.as_mut_ptr());
        let any = !alias.is_null();
        while !alias.is_null() {
            LLVMSetLinkage(alias, LLVMLinkage::LLVMInternalLinkage);
            LLVMSetVisibility(alias, LLVMVisibility::LLVMDefaultVisibility);
            alias = LLVMGetNextGlobalAlias(alias);
        }
        any
    }
}
