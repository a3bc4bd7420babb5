//! Splitting a module into pieces that are compiled to objects separately and linked again
//! (docs/compiler-pipeline.md, "Parallel code generation"): every piece is a copy of the whole
//! module in which the definitions of the other pieces became declarations, so the pieces' local
//! definitions must first become symbols the others can reach.

use inkwell::module::{Linkage, Module};
use inkwell::values::{AsValueRef, FunctionValue, GlobalValue};
use inkwell::GlobalVisibility;

use super::globals::delete_global;
use super::walk::{self, delete_function};

/// Whether `module` has aliases or indirect functions: an alias must stay beside its aliasee's
/// definition, which a piece may not have, and LLVM's C interface cannot delete one.
pub fn has_aliases(module: &Module<'_>) -> bool {
    use inkwell::llvm_sys::core::{LLVMGetFirstGlobalAlias, LLVMGetFirstGlobalIFunc};
    // SAFETY: reading the heads of the live module's alias and ifunc lists.
    unsafe {
        !LLVMGetFirstGlobalAlias(module.as_mut_ptr()).is_null()
            || !LLVMGetFirstGlobalIFunc(module.as_mut_ptr()).is_null()
    }
}

/// The module-level assembly of `module` (empty for none).
pub fn module_assembly(module: &Module<'_>) -> String {
    use inkwell::llvm_sys::core::LLVMGetModuleInlineAsm;
    let mut length = 0usize;
    // SAFETY: LLVM returns a pointer to `length` bytes owned by the live module, copied at once.
    unsafe {
        let text = LLVMGetModuleInlineAsm(module.as_mut_ptr(), &mut length);
        if text.is_null() {
            return String::new();
        }
        let bytes = std::slice::from_raw_parts(text.cast::<u8>(), length);
        String::from_utf8_lossy(bytes).into_owned()
    }
}

fn clear_module_assembly(module: &Module<'_>) {
    use inkwell::llvm_sys::core::LLVMSetModuleInlineAsm2;
    // SAFETY: an empty assembly string for the live module; LLVM copies zero bytes.
    unsafe { LLVMSetModuleInlineAsm2(module.as_mut_ptr(), c"".as_ptr(), 0) };
}

fn is_local(global: GlobalValue<'_>) -> bool {
    matches!(global.get_linkage(), Linkage::Internal | Linkage::Private)
}

fn is_defined(global: GlobalValue<'_>) -> bool {
    !global.is_declaration()
}

/// The local definitions (internal or private functions and variables) of `module`: what
/// [`promote_local_definitions`] renames.
pub fn local_definitions<'ctx>(module: &Module<'ctx>) -> Vec<GlobalValue<'ctx>> {
    let functions = module.get_functions().map(|f| f.as_global_value());
    functions
        .chain(module.get_globals())
        .filter(|&global| is_defined(global) && is_local(global))
        .filter(|global| !global.get_name().to_bytes().starts_with(b"llvm."))
        .collect()
}

/// Makes every local definition of `module` a hidden global named `<name><suffix>` (unnamed
/// ones `anonymous.<n><suffix>`), and removes every comdat. A piece can then call or address
/// what another piece defines; hidden, the symbols stay within the linked program or library;
/// the suffix, unique to the module, keeps them apart from another device object's. Comdats go
/// because a piece's object would carry only part of a group, and a linker keeps one group of a
/// name: the ODR linkages they come with are weak symbols, which link without them.
pub fn promote_local_definitions(module: &Module<'_>, suffix: &str) {
    for (index, global) in local_definitions(module).into_iter().enumerate() {
        let name = global.get_name().to_string_lossy().into_owned();
        let name = if name.is_empty() {
            format!("anonymous.{index}{suffix}")
        } else {
            format!("{name}{suffix}")
        };
        global.set_name(&name);
        global.set_linkage(Linkage::External);
        global.set_visibility(GlobalVisibility::Hidden);
    }
    let functions = module.get_functions().map(|f| f.as_global_value());
    for global in functions.chain(module.get_globals()) {
        // SAFETY: clearing the comdat of a live global is always valid.
        unsafe {
            inkwell::llvm_sys::comdat::LLVMSetComdat(global.as_value_ref(), std::ptr::null_mut())
        };
    }
}

/// Reduces `module`, a copy of a module [`promote_local_definitions`] prepared, to one piece:
/// the functions for which `keeps` is true stay defined, every other becomes a declaration.
/// The piece with `keeps_data` keeps the variables' definitions, the lists of `llvm.`
/// variables (constructors, used lists) and the module-level assembly; the others declare the
/// variables and drop the rest, which must be in one object only.
pub fn reduce_to_piece(module: &Module<'_>, keeps: impl Fn(&str) -> bool, keeps_data: bool) {
    let dropped: Vec<FunctionValue<'_>> = module
        .get_functions()
        .filter(|&function| walk::is_definition(function))
        .filter(|function| !keeps(&function.get_name().to_string_lossy()))
        .collect();
    for function in dropped {
        declare_instead(module, function);
    }
    if !keeps_data {
        let variables: Vec<GlobalValue<'_>> =
            module.get_globals().filter(|&g| is_defined(g)).collect();
        for variable in variables {
            if variable.get_name().to_bytes().starts_with(b"llvm.") {
                delete_global(variable);
            } else {
                declare_variable(variable);
            }
        }
        clear_module_assembly(module);
    }
    delete_unused_declarations(module);
}

/// Deletes the declarations nothing uses: the code generator gives a hidden one a symbol of no
/// type, which the linker refuses beside the thread-local definition of another piece.
fn delete_unused_declarations(module: &Module<'_>) {
    let functions: Vec<FunctionValue<'_>> = module
        .get_functions()
        .filter(|&f| !walk::is_definition(f) && walk::use_count(f) == 0)
        .collect();
    for function in functions {
        delete_function(function, None);
    }
    let variables: Vec<GlobalValue<'_>> = module
        .get_globals()
        .filter(|&g| !is_defined(g) && walk::use_count(g) == 0)
        .collect();
    for variable in variables {
        delete_global(variable);
    }
}

/// Replaces the definition `function` by a declaration of the same name, type, calling
/// convention and visibility.
fn declare_instead<'ctx>(module: &Module<'ctx>, function: FunctionValue<'ctx>) {
    let name = function.get_name().to_string_lossy().into_owned();
    let declaration = module.add_function("", function.get_type(), Some(Linkage::External));
    declaration.set_call_conventions(function.get_call_conventions());
    let visibility = function.as_global_value().get_visibility();
    delete_function(function, Some(declaration));
    declaration.as_global_value().set_name(&name);
    declaration.as_global_value().set_visibility(visibility);
}

/// Makes the variable definition `variable` an external declaration (its type, address space,
/// thread-local mode and visibility stay).
fn declare_variable(variable: GlobalValue<'_>) {
    // SAFETY: a null initializer is LLVM's way of making a global variable a declaration
    // (`GlobalVariable::setInitializer(nullptr)`); the variable is live.
    unsafe {
        inkwell::llvm_sys::core::LLVMSetInitializer(variable.as_value_ref(), std::ptr::null_mut())
    };
    variable.set_linkage(Linkage::External);
}

#[cfg(test)]
mod tests {
    use super::*;
    use inkwell::context::Context;
    use inkwell::memory_buffer::MemoryBuffer;

    const MODULE: &str = r#"
target triple = "x86_64-pc-linux-gnu"
module asm ".pushsection .note.test,\22a\22,@note"
module asm ".popsection"

@counter = internal global i32 0
@scratch = internal thread_local global i32 0
@0 = private unnamed_addr constant [3 x i8] c"hi\00"
@llvm.used = appending global [1 x ptr] [ptr @counter], section "llvm.metadata"

define internal i32 @helper(i32 %x) {
  %y = add i32 %x, 1
  ret i32 %y
}

define weak_odr void @kernel_a(ptr %out) {
  %v = call i32 @helper(i32 1)
  store i32 %v, ptr %out
  %c = load i32, ptr @counter
  store i32 %c, ptr @counter
  ret void
}

define void @kernel_b(ptr %out) {
  %t = call ptr @llvm.threadlocal.address.p0(ptr @scratch)
  %v = load i32, ptr %t
  %w = call i32 @helper(i32 %v)
  store i32 %w, ptr %out
  store ptr @0, ptr %out
  ret void
}

declare ptr @llvm.threadlocal.address.p0(ptr)
declare void @unused()
"#;

    fn parse<'ctx>(context: &'ctx Context, bytes: &[u8]) -> Module<'ctx> {
        let buffer = MemoryBuffer::create_from_memory_range_copy(bytes, "test");
        Module::parse_bitcode_from_buffer(&buffer, context).expect("bitcode")
    }

    /// The promoted module's bitcode, as the code generator's threads read it.
    fn promoted_bitcode() -> Vec<u8> {
        let context = Context::create();
        let text = MemoryBuffer::create_from_memory_range_copy(MODULE.as_bytes(), "test");
        let module = context.create_module_from_ir(text).expect("IR");
        assert!(!has_aliases(&module));
        assert_eq!(local_definitions(&module).len(), 4);
        promote_local_definitions(&module, ".s");
        assert!(local_definitions(&module).is_empty());
        let helper = module.get_function("helper.s").expect("renamed");
        assert_eq!(helper.get_linkage(), Linkage::External);
        assert_eq!(
            helper.as_global_value().get_visibility(),
            GlobalVisibility::Hidden
        );
        module.write_bitcode_to_memory().as_slice().to_vec()
    }

    #[test]
    fn each_piece_defines_its_functions_and_declares_the_rest() {
        let bitcode = promoted_bitcode();
        let context = Context::create();
        let first = parse(&context, &bitcode);
        reduce_to_piece(&first, |name| name == "kernel_a", true);
        let second = parse(&context, &bitcode);
        reduce_to_piece(&second, |name| name != "kernel_a", false);
        for piece in [&first, &second] {
            piece.verify().expect("each piece verifies");
        }
        let defined =
            |module: &Module<'_>, name: &str| module.get_function(name).map(walk::is_definition);
        assert_eq!(defined(&first, "kernel_a"), Some(true));
        assert_eq!(defined(&first, "helper.s"), Some(false));
        assert_eq!(defined(&first, "kernel_b"), None, "unused declarations go");
        assert_eq!(defined(&second, "helper.s"), Some(true));
        assert_eq!(defined(&second, "kernel_a"), None);
        assert_eq!(defined(&second, "unused"), None);
        let counter = first
            .get_global("counter.s")
            .expect("the data piece's variable");
        assert!(!counter.is_declaration());
        assert!(first.get_global("llvm.used").is_some());
        assert!(module_assembly(&first).contains(".note.test"));
        let scratch = second
            .get_global("scratch.s")
            .expect("declared where it is used");
        assert!(scratch.is_declaration() && scratch.is_thread_local());
        assert_eq!(scratch.get_visibility(), GlobalVisibility::Hidden);
        assert!(second
            .get_global("anonymous.3.s")
            .is_some_and(|g| g.is_declaration()));
        assert!(second.get_global("counter.s").is_none());
        assert!(second.get_global("llvm.used").is_none());
        assert!(module_assembly(&second).is_empty());
    }
}
