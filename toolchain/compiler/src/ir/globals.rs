//! Module-level definitions: the data the device object carries for the runtime (the kernel
//! metadata notes, docs/formats.md, "Kernel metadata notes") and the linkage of globals.

use inkwell::module::{Linkage, Module};
use inkwell::values::{AsValueRef, GlobalValue};

use inkwell::values::InstructionOpcode;

use super::value::{Kind, Value};

/// Appends `assembly` to the module-level assembly the backend emits verbatim. Data written this
/// way is no IR global: no pass sees, moves, pads (AddressSanitizer's redzones) or deletes it.
pub fn append_module_assembly(module: &Module<'_>, assembly: &str) {
    // SAFETY: the module is live and LLVM copies the `len` bytes it is given.
    unsafe {
        inkwell::llvm_sys::core::LLVMAppendModuleInlineAsm(
            module.as_mut_ptr(),
            assembly.as_ptr().cast(),
            assembly.len(),
        )
    };
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

/// Whether `global` is a variable of the program that device code and host code must share
/// (docs/kernel-features.md, "Global variables"): a definition, not constant, not
/// `thread_local`, in the default address space (work-group memory is `addrspace(3)`), with a
/// name of the program's (not `private` compiler data such as sanitizer descriptors, nor
/// `llvm.`/`__`-prefixed names of the compiler, the runtime or the sanitizers).
pub fn is_program_variable(global: GlobalValue<'_>) -> bool {
    let name = global.get_name().to_bytes();
    global.get_initializer().is_some()
        && !global.is_constant()
        && !global.is_thread_local()
        && global.as_pointer_value().get_type().get_address_space() == 0.into()
        && global.get_linkage() != Linkage::Private
        && !name.is_empty()
        && !name.starts_with(b"llvm.")
        && !name.starts_with(b"__")
        && !name.starts_with(b".")
}

/// Makes the program variable `global`, which the host object of the same source defines too,
/// a weak definition: the linker then keeps the host's copy, so kernels and host code use one
/// variable, and the device's only where no host object defines it (an inline variable only
/// kernels use). One-definition-rule linkages stay so (`weak_odr`), keeping their comdat.
pub fn share_with_host(global: GlobalValue<'_>) {
    let linkage = match global.get_linkage() {
        Linkage::LinkOnceODR | Linkage::WeakODR => Linkage::WeakODR,
        _ => Linkage::WeakAny,
    };
    global.set_linkage(linkage);
}

/// The variable `pointer` is the address of: a global variable or, when `locals` is true, a
/// local one (an `alloca`), seen through casts and all-zero GEPs, or loaded from local slots (`alloca`s) that only
/// ever hold that address, as unoptimised code passes `this` from one inlined member function to
/// the next.
pub fn addressed_variable(pointer: Value<'_>, locals: bool) -> Option<Value<'_>> {
    addressed_variable_within(pointer, locals, MAX_SLOT_HOPS)
}

/// How many local slots [`addressed_variable`] follows a pointer through.
const MAX_SLOT_HOPS: u32 = 8;

fn addressed_variable_within(pointer: Value<'_>, locals: bool, hops: u32) -> Option<Value<'_>> {
    let pointer = pointer.strip_pointer_casts();
    if pointer.is(Kind::GlobalVariable) || (locals && pointer.is(Kind::Alloca)) {
        return Some(pointer);
    }
    if pointer.opcode() != Some(InstructionOpcode::Load) || hops == 0 {
        return None;
    }
    let slot = pointer.operand(0).strip_pointer_casts();
    if !slot.is(Kind::Alloca) {
        return None;
    }
    let mut variable = None;
    for (user, index) in slot.uses() {
        match user.opcode() {
            Some(InstructionOpcode::Load) => {}
            Some(InstructionOpcode::Store) if index == 1 => {
                let stored = addressed_variable_within(user.operand(0), locals, hops - 1)?;
                if variable.is_some_and(|known| known != stored) {
                    return None;
                }
                variable = Some(stored);
            }
            _ => return None,
        }
    }
    variable
}
