//! Clang's `annotate` attributes on functions, as the module lists them in
//! `llvm.global.annotations`: an array of `{ ptr function, ptr text, ptr file, i32 line, ptr
//! arguments }`, the arguments a constant struct. The driver turns SYCL's kernel attributes into
//! such annotations (docs/kernel-features.md, "Kernel attributes").

use inkwell::module::{Linkage, Module};
use inkwell::values::{BasicValueEnum, FunctionValue, StructValue};

use super::globals::delete_global;
use super::value::Value;

/// The global listing a module's annotations.
const ANNOTATIONS: &str = "llvm.global.annotations";

/// One function's annotation.
pub struct Annotation<'ctx> {
    /// The annotated function.
    pub function: FunctionValue<'ctx>,
    /// The annotation's text (its first argument).
    pub text: String,
    /// Its further arguments, `None` for one that is not an integer constant.
    pub arguments: Vec<Option<i64>>,
}

/// The annotations of functions in `module`, in its order.
pub fn function_annotations<'ctx>(module: &Module<'ctx>) -> Vec<Annotation<'ctx>> {
    entries(module)
        .iter()
        .filter_map(|entry| read(*entry))
        .collect()
}

/// Removes the annotations `remove` picks, and the list when nothing is left of it.
pub fn remove_annotations<'ctx>(module: &Module<'ctx>, remove: impl Fn(&Annotation<'ctx>) -> bool) {
    let Some(list) = module.get_global(ANNOTATIONS) else {
        return;
    };
    let all = entries(module);
    let kept: Vec<StructValue<'ctx>> = all
        .iter()
        .filter(|entry| !read(**entry).is_some_and(|annotation| remove(&annotation)))
        .filter_map(|entry| match entry.basic() {
            Some(BasicValueEnum::StructValue(value)) => Some(value),
            _ => None,
        })
        .collect();
    if kept.len() == all.len() {
        return;
    }
    let section = list.get_section().map(|s| s.to_string_lossy().into_owned());
    list.set_name("");
    let old = list;
    if let Some(first) = kept.first() {
        let array = first.get_type().const_array(&kept);
        let replacement = module.add_global(array.get_type(), None, ANNOTATIONS);
        replacement.set_initializer(&array);
        replacement.set_linkage(Linkage::Appending);
        replacement.set_section(section.as_deref());
    }
    delete_global(old);
}

/// The entries of the module's annotation list.
fn entries<'ctx>(module: &Module<'ctx>) -> Vec<Value<'ctx>> {
    let Some(list) = module.get_global(ANNOTATIONS) else {
        return Vec::new();
    };
    let Some(array) = Value::from(list).initializer() else {
        return Vec::new();
    };
    (0..)
        .map_while(|index| array.aggregate_element(index))
        .collect()
}

/// The annotation of one entry, if it annotates a function.
fn read(entry: Value<'_>) -> Option<Annotation<'_>> {
    let function = entry
        .aggregate_element(0)?
        .strip_pointer_casts()
        .function()?;
    let text = entry
        .aggregate_element(1)?
        .strip_pointer_casts()
        .initializer()?
        .constant_string()?;
    let text = text.strip_suffix(b"\0").unwrap_or(&text);
    let arguments = entry
        .aggregate_element(4)
        .map(|pointer| pointer.strip_pointer_casts())
        .and_then(|pointer| pointer.initializer())
        .map(|values| {
            (0..)
                .map_while(|index| values.aggregate_element(index))
                .map(|value| value.sign_extended_constant())
                .collect()
        })
        .unwrap_or_default();
    Some(Annotation {
        function,
        text: String::from_utf8_lossy(text).into_owned(),
        arguments,
    })
}
