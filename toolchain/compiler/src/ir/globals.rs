//! Module-level definitions a pass adds for the program to use at run time: C string constants
//! and global constructors (`llvm.global_ctors`), which is how the device object tells the
//! runtime what the compiler decided about its kernels (docs/vectorizer.md, "Sub-groups").

use inkwell::llvm_sys::core::{LLVMGetNumOperands, LLVMGetOperand};
use inkwell::module::{Linkage, Module};
use inkwell::values::{
    AsValueRef, BasicValueEnum, FunctionValue, GlobalValue, PointerValue, StructValue,
};

use super::value::Value;

/// A private constant holding `text` and a terminating NUL.
pub fn c_string<'ctx>(module: &Module<'ctx>, text: &str, name: &str) -> PointerValue<'ctx> {
    let context = module.get_context();
    let value = context.const_string(text.as_bytes(), true);
    let global = module.add_global(value.get_type(), None, name);
    global.set_initializer(&value);
    global.set_constant(true);
    global.set_linkage(Linkage::Private);
    global.set_unnamed_addr(true);
    global.as_pointer_value()
}

/// The entries `llvm.global_ctors` already has, as constant structs.
fn constructor_entries<'ctx>(module: &Module<'ctx>) -> Vec<StructValue<'ctx>> {
    let Some(existing) = module.get_global(GLOBAL_CONSTRUCTORS) else {
        return Vec::new();
    };
    let Some(initializer) = existing.get_initializer() else {
        return Vec::new();
    };
    let array = initializer.as_value_ref();
    // SAFETY: `array` is the live constant initializer of a global of this module; operand
    // indices stay below its operand count, and each operand of a `{ i32, ptr, ptr }` array is
    // a constant struct of that type.
    let count = unsafe { LLVMGetNumOperands(array) }.max(0) as u32;
    (0..count)
        .filter_map(|index| {
            // SAFETY: see above.
            let entry = unsafe { LLVMGetOperand(array, index) };
            // SAFETY: `entry` is a non-null constant of the module's context (checked by
            // `BasicValueEnum::new`'s type dispatch), so wrapping it keeps the lifetime.
            (!entry.is_null())
                .then(|| unsafe { BasicValueEnum::new(entry) })
                .and_then(|value| match value {
                    BasicValueEnum::StructValue(entry) => Some(entry),
                    _ => None,
                })
        })
        .collect()
}

const GLOBAL_CONSTRUCTORS: &str = "llvm.global_ctors";

/// Adds `function` (`void ()`) to the module's global constructors, at the default priority.
pub fn append_global_constructor<'ctx>(module: &Module<'ctx>, function: FunctionValue<'ctx>) {
    let context = module.get_context();
    let pointer = context.ptr_type(inkwell::AddressSpace::default());
    let entry_type = context.struct_type(
        &[context.i32_type().into(), pointer.into(), pointer.into()],
        false,
    );
    let mut entries = constructor_entries(module);
    entries.push(entry_type.const_named_struct(&[
        context.i32_type().const_int(65535, false).into(),
        function.as_global_value().as_pointer_value().into(),
        pointer.const_null().into(),
    ]));
    if let Some(existing) = module.get_global(GLOBAL_CONSTRUCTORS) {
        // SAFETY: the old list is replaced below and nothing else refers to it.
        unsafe { existing.delete() };
    }
    let array = entry_type.const_array(&entries);
    let global = module.add_global(array.get_type(), None, GLOBAL_CONSTRUCTORS);
    global.set_initializer(&array);
    global.set_linkage(Linkage::Appending);
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
