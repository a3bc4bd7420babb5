//! Splitting a module into pieces that are optimised and compiled to objects separately, then
//! linked again (docs/compiler-pipeline.md, "Parallel optimisation and code generation").
//!
//! Each piece owns some of the module's non-local functions, and is a copy of the whole module
//! reduced to them and to every function they reach: a local or `linkonce_odr` function a piece
//! reaches is copied into it (so LLVM can inline it there, and delete it when it has), an
//! external or `weak_odr` one another piece owns becomes `available_externally` (inlinable,
//! emitted by its owner only). Local variables must have one definition, in the piece that keeps
//! the data: they first become hidden symbols the other pieces declare.

use std::collections::{HashMap, HashSet};

use inkwell::module::{Linkage, Module};
use inkwell::values::{AsValueRef, FunctionValue, GlobalValue};
use inkwell::GlobalVisibility;

use super::globals::delete_global;
use super::value::{Kind, Value};
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

/// Whether `global` has local (internal or private) linkage: a piece copies or renames it.
pub fn is_local(global: GlobalValue<'_>) -> bool {
    matches!(global.get_linkage(), Linkage::Internal | Linkage::Private)
}

fn is_defined(global: GlobalValue<'_>) -> bool {
    !global.is_declaration()
}

/// The local definitions (internal or private functions and variables) of `module`, which a
/// module-level assembly must not name for the module to be split: variables are renamed, and
/// functions copied to the pieces that call them.
pub fn local_definitions<'ctx>(module: &Module<'ctx>) -> Vec<GlobalValue<'ctx>> {
    let functions = module.get_functions().map(|f| f.as_global_value());
    functions
        .chain(module.get_globals())
        .filter(|&global| is_defined(global) && is_local(global))
        .filter(|global| !global.get_name().to_bytes().starts_with(b"llvm."))
        .collect()
}

/// Prepares `module` to be split: every local variable becomes a hidden global named
/// `<name><suffix>` (unnamed ones `anonymous.<n><suffix>`), unnamed local functions get such a
/// name too (pieces name the functions they keep), and every comdat goes. A piece can then
/// address a variable the data piece defines; hidden, the symbols stay within the linked
/// program or library; the suffix, unique to the module, keeps them apart from another device
/// object's. Comdats go because a piece's object would carry only part of a group, and a linker
/// keeps one group of a name: the ODR linkages they come with are weak symbols, which link
/// without them.
pub fn prepare(module: &Module<'_>, suffix: &str) {
    for (index, global) in local_definitions(module).into_iter().enumerate() {
        let name = global.get_name().to_string_lossy().into_owned();
        let is_variable = Value::from(global).is(Kind::GlobalVariable);
        if !is_variable && !name.is_empty() {
            continue;
        }
        let name = if name.is_empty() {
            format!("anonymous.{index}{suffix}")
        } else {
            format!("{name}{suffix}")
        };
        global.set_name(&name);
        if is_variable {
            global.set_linkage(Linkage::External);
            global.set_visibility(GlobalVisibility::Hidden);
        }
    }
    let functions = module.get_functions().map(|f| f.as_global_value());
    for global in functions.chain(module.get_globals()) {
        // SAFETY: clearing the comdat of a live global is always valid.
        unsafe {
            inkwell::llvm_sys::comdat::LLVMSetComdat(global.as_value_ref(), std::ptr::null_mut())
        };
    }
}

/// Which defined functions each function's body refers to (calls, addresses taken), and which
/// the variables' initializers refer to (constructor lists, tables of function pointers).
pub struct References<'ctx> {
    from_functions: HashMap<FunctionValue<'ctx>, Vec<FunctionValue<'ctx>>>,
    from_variables: Vec<FunctionValue<'ctx>>,
}

impl<'ctx> References<'ctx> {
    /// The references between the defined functions of `module`.
    pub fn of(module: &Module<'ctx>) -> Self {
        let mut references = References {
            from_functions: HashMap::new(),
            from_variables: Vec::new(),
        };
        for function in module.get_functions().filter(|&f| walk::is_definition(f)) {
            let mut seen = HashSet::new();
            references.record_users(function, Value::from(function), &mut seen);
        }
        references
    }

    /// Records who uses `value`, which refers to `function`: instructions' functions and
    /// variables, through any constant expressions or aggregates between.
    fn record_users(
        &mut self,
        function: FunctionValue<'ctx>,
        value: Value<'ctx>,
        seen: &mut HashSet<Value<'ctx>>,
    ) {
        for user in value.users() {
            if !seen.insert(user) {
                continue;
            }
            if let Some(referrer) = user.parent_function() {
                self.from_functions
                    .entry(referrer)
                    .or_default()
                    .push(function);
            } else if user.is(Kind::GlobalVariable) {
                self.from_variables.push(function);
            } else if !user.is(Kind::GlobalValue) {
                self.record_users(function, user, seen);
            }
        }
    }

    /// `roots` and every function reachable from them through references, with those the
    /// variables refer to when `with_variables`.
    pub fn closure(
        &self,
        roots: impl IntoIterator<Item = FunctionValue<'ctx>>,
        with_variables: bool,
    ) -> HashSet<FunctionValue<'ctx>> {
        let mut reached: HashSet<FunctionValue<'ctx>> = HashSet::new();
        let mut pending: Vec<FunctionValue<'ctx>> = roots.into_iter().collect();
        if with_variables {
            pending.extend(&self.from_variables);
        }
        while let Some(function) = pending.pop() {
            if reached.insert(function) {
                let callees = self.from_functions.get(&function).into_iter().flatten();
                pending.extend(callees.filter(|callee| !reached.contains(callee)));
            }
        }
        reached
    }
}

/// One piece of a split module, by function name.
#[derive(Debug, Clone, Default)]
pub struct Piece {
    /// The non-local functions this piece emits.
    pub owned: HashSet<String>,
    /// Every function whose body the piece keeps: the owned ones and all they reach.
    pub defined: HashSet<String>,
    /// Whether this piece defines the variables, the `llvm.` lists and the module assembly.
    pub keeps_data: bool,
}

/// Reduces `module`, a copy of a module [`prepare`]d, to `piece`: functions outside
/// `piece.defined` become declarations (local ones go), reached external and `weak_odr`
/// functions another piece owns become `available_externally`; local and `linkonce_odr` ones
/// stay as they are, copies the linker merges or each piece keeps. The piece that keeps the
/// data keeps the variables' definitions, the lists of `llvm.` variables (constructors, used
/// lists) and the module-level assembly; the others declare the variables and drop the rest,
/// which must be in one object only.
pub fn reduce_to_piece(module: &Module<'_>, piece: &Piece) {
    let definitions: Vec<FunctionValue<'_>> = module
        .get_functions()
        .filter(|&function| walk::is_definition(function))
        .collect();
    let mut unreached_locals = Vec::new();
    for function in definitions {
        let name = function.get_name().to_string_lossy().into_owned();
        let global = function.as_global_value();
        if !piece.defined.contains(&name) {
            if is_local(global) {
                unreached_locals.push(function);
            } else {
                declare_instead(module, function);
            }
        } else if !piece.owned.contains(&name)
            && matches!(function.get_linkage(), Linkage::External | Linkage::WeakODR)
        {
            function.set_linkage(Linkage::AvailableExternally);
        }
    }
    if !piece.keeps_data {
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
    // Only the functions now declared used them.
    for function in unreached_locals {
        delete_function(function, None);
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
@llvm.global_ctors = appending global [1 x { i32, ptr, ptr }] [{ i32, ptr, ptr } { i32 65535, ptr @init, ptr null }]

define internal void @init() {
  store i32 1, ptr @counter
  ret void
}

define internal i32 @helper(i32 %x) {
  %y = add i32 %x, 1
  ret i32 %y
}

define linkonce_odr i32 @inline_helper(i32 %x) {
  %y = mul i32 %x, 3
  ret i32 %y
}

define i32 @external(i32 %x) {
  %y = call i32 @inline_helper(i32 %x)
  ret i32 %y
}

define weak_odr void @kernel_a(ptr %out) {
  %v = call i32 @helper(i32 1)
  %w = call i32 @external(i32 %v)
  store i32 %w, ptr %out
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

    fn names(list: &[&str]) -> HashSet<String> {
        list.iter().map(|name| name.to_string()).collect()
    }

    /// The prepared module's bitcode, as the threads read it, and its two pieces: `kernel_a`
    /// with the data, `kernel_b` with `external`.
    fn prepared() -> (Vec<u8>, Piece, Piece) {
        let context = Context::create();
        let text = MemoryBuffer::create_from_memory_range_copy(MODULE.as_bytes(), "test");
        let module = context.create_module_from_ir(text).expect("IR");
        assert!(!has_aliases(&module));
        assert_eq!(local_definitions(&module).len(), 5);
        prepare(&module, ".s");
        let counter = module.get_global("counter.s").expect("renamed");
        assert_eq!(counter.get_linkage(), Linkage::External);
        assert_eq!(counter.get_visibility(), GlobalVisibility::Hidden);
        let helper = module
            .get_function("helper")
            .expect("functions keep their names");
        assert_eq!(helper.get_linkage(), Linkage::Internal);
        let references = References::of(&module);
        let function = |name: &str| module.get_function(name).expect(name);
        let first = [function("kernel_a")];
        let second = [function("kernel_b"), function("external")];
        let closure_names = |roots: &[FunctionValue<'_>], data| {
            let reached = references.closure(roots.iter().copied(), data);
            reached
                .into_iter()
                .map(|f| f.get_name().to_string_lossy().into_owned())
                .collect()
        };
        let a = Piece {
            owned: names(&["kernel_a"]),
            defined: closure_names(&first, true),
            keeps_data: true,
        };
        assert_eq!(
            a.defined,
            names(&["kernel_a", "helper", "external", "inline_helper", "init"])
        );
        let b = Piece {
            owned: names(&["kernel_b", "external"]),
            defined: closure_names(&second, false),
            keeps_data: false,
        };
        assert_eq!(
            b.defined,
            names(&["kernel_b", "helper", "external", "inline_helper"])
        );
        (module.write_bitcode_to_memory().as_slice().to_vec(), a, b)
    }

    #[test]
    fn each_piece_keeps_what_its_functions_reach() {
        let (bitcode, a, b) = prepared();
        let context = Context::create();
        let first = parse(&context, &bitcode);
        reduce_to_piece(&first, &a);
        let second = parse(&context, &bitcode);
        reduce_to_piece(&second, &b);
        for piece in [&first, &second] {
            piece.verify().expect("each piece verifies");
        }
        let linkage = |module: &Module<'_>, name: &str| {
            module
                .get_function(name)
                .map(|f| (walk::is_definition(f), f.get_linkage()))
        };
        assert_eq!(linkage(&first, "kernel_a"), Some((true, Linkage::WeakODR)));
        assert_eq!(linkage(&first, "helper"), Some((true, Linkage::Internal)));
        assert_eq!(
            linkage(&first, "external"),
            Some((true, Linkage::AvailableExternally)),
            "inlinable where another piece owns it"
        );
        assert_eq!(
            linkage(&first, "inline_helper"),
            Some((true, Linkage::LinkOnceODR))
        );
        assert_eq!(linkage(&first, "init"), Some((true, Linkage::Internal)));
        assert_eq!(linkage(&first, "kernel_b"), None, "unused declarations go");
        assert_eq!(linkage(&second, "helper"), Some((true, Linkage::Internal)));
        assert_eq!(
            linkage(&second, "external"),
            Some((true, Linkage::External))
        );
        assert_eq!(linkage(&second, "kernel_a"), None);
        assert_eq!(
            linkage(&second, "init"),
            None,
            "only the data piece runs constructors"
        );
        assert_eq!(linkage(&second, "unused"), None);
        let counter = first
            .get_global("counter.s")
            .expect("the data piece's variable");
        assert!(!counter.is_declaration());
        assert!(first.get_global("llvm.used").is_some());
        assert!(first.get_global("llvm.global_ctors").is_some());
        assert!(module_assembly(&first).contains(".note.test"));
        let scratch = second
            .get_global("scratch.s")
            .expect("declared where it is used");
        assert!(scratch.is_declaration() && scratch.is_thread_local());
        assert_eq!(scratch.get_visibility(), GlobalVisibility::Hidden);
        assert!(second
            .get_global("anonymous.4.s")
            .is_some_and(|g| g.is_declaration()));
        assert!(second.get_global("counter.s").is_none());
        assert!(second.get_global("llvm.used").is_none());
        assert!(module_assembly(&second).is_empty());
    }
}
