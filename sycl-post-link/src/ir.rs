//! The LLVM queries the tool needs beyond what inkwell wraps, kept in one place so that the rest
//! of the crate stays free of `unsafe`: reading and writing modules, function metadata nodes
//! (inkwell cannot read metadata attached to a function), calling conventions and the name
//! conventions of DPC++ builtins.

use std::io::Read;
use std::path::Path;

use inkwell::attributes::AttributeLoc;
use inkwell::context::Context;
use inkwell::llvm_sys::core::{
    LLVMConstIntGetSExtValue, LLVMConstIntGetZExtValue, LLVMDisposeValueMetadataEntries,
    LLVMGetMDNodeNumOperands, LLVMGetMDNodeOperands, LLVMGetMDString, LLVMGlobalCopyAllMetadata,
    LLVMIsAConstantInt, LLVMIsAMDNode, LLVMIsAMDString, LLVMMetadataAsValue,
    LLVMValueMetadataEntriesGetKind, LLVMValueMetadataEntriesGetMetadata,
};
use inkwell::llvm_sys::prelude::LLVMValueRef;
use inkwell::memory_buffer::MemoryBuffer;
use inkwell::module::{Linkage, Module};
use inkwell::values::{AsValueRef, BasicValue, FunctionValue};

/// LLVM's `CallingConv::SPIR_KERNEL`: how clang marks SYCL kernels, on Native CPU too.
const SPIR_KERNEL_CC: u32 = 76;
/// `CallingConv::PTX_Kernel` and `CallingConv::AMDGPU_KERNEL`: intel/llvm treats these as kernels
/// as well, so a module from those flows is split the same way.
const PTX_KERNEL_CC: u32 = 71;
const AMDGPU_KERNEL_CC: u32 = 91;

/// The function attribute clang puts on kernels and `SYCL_EXTERNAL` functions, holding the
/// translation unit they come from.
pub(crate) const SYCL_MODULE_ID: &str = "sycl-module-id";

/// Reads a `.bc` or `.ll` module (`-` = standard input) and checks it with the verifier, because
/// cloning an invalid module crashes inside LLVM. Errors are LLVM's messages, reduced to their
/// first line so that the tool's diagnostics stay one line long.
pub(crate) fn read_module<'ctx>(
    context: &'ctx Context,
    input: &str,
) -> Result<Module<'ctx>, ReadError> {
    let buffer = if input == "-" {
        let mut bytes = Vec::new();
        std::io::stdin()
            .read_to_end(&mut bytes)
            .map_err(|e| ReadError::Io(e.to_string()))?;
        MemoryBuffer::create_from_memory_range_copy(&bytes, "<stdin>")
    } else {
        let path = Path::new(input);
        if let Err(e) = std::fs::metadata(path) {
            return Err(ReadError::Io(e.to_string()));
        }
        MemoryBuffer::create_from_file(path)
            .map_err(|e| ReadError::Io(first_line(&e.to_string())))?
    };
    let module = context
        .create_module_from_ir(buffer)
        .map_err(|e| ReadError::Parse(first_line(&e.to_string())))?;
    module
        .verify()
        .map_err(|e| ReadError::Invalid(first_line(&e.to_string())))?;
    Ok(module)
}

/// Why [`read_module`] failed.
#[derive(Debug)]
pub(crate) enum ReadError {
    Io(String),
    Parse(String),
    Invalid(String),
}

fn first_line(message: &str) -> String {
    message
        .lines()
        .find(|l| !l.trim().is_empty())
        .unwrap_or(message)
        .trim()
        .to_owned()
}

/// The module as bitcode or, with `assembly`, as LLVM assembly text.
pub(crate) fn serialize(module: &Module<'_>, assembly: bool) -> Vec<u8> {
    if assembly {
        module.print_to_string().to_bytes().to_vec()
    } else {
        module.write_bitcode_to_memory().as_slice().to_vec()
    }
}

/// The functions of a module in module order.
pub(crate) fn functions<'ctx>(module: &Module<'ctx>) -> Vec<FunctionValue<'ctx>> {
    module.get_functions().collect()
}

/// The function's name. Lossless once [`check_function_names`] accepted the module.
pub(crate) fn name(function: FunctionValue<'_>) -> String {
    function.get_name().to_string_lossy().into_owned()
}

/// A function whose name the `.sym` and `.prop` files cannot hold: the name as LLVM assembly
/// would quote it, and why.
#[derive(Debug)]
pub(crate) struct UnwritableName {
    pub escaped: String,
    pub cause: &'static str,
}

/// Checks that every function name can be written as it is: the files are UTF-8 text with one
/// name per line, a property key ends at its first `=` and must not start with `[` (a set
/// title); LLVM itself refuses NUL characters in names. Writing such a name lossily
/// would make the program look up a kernel under another name.
pub(crate) fn check_function_names(module: &Module<'_>) -> Result<(), UnwritableName> {
    for function in module.get_functions() {
        let bytes = function.get_name().to_bytes();
        let cause = match std::str::from_utf8(bytes) {
            Err(_) => "is not valid UTF-8",
            Ok(name) if name.contains(['\n', '\r']) => "holds a line break",
            Ok(name) if name.contains('=') => "holds '=', which ends a property key",
            Ok(name) if name.starts_with('[') => "starts with '[', which opens a property set",
            Ok(_) => continue,
        };
        return Err(UnwritableName {
            escaped: bytes.escape_ascii().to_string(),
            cause,
        });
    }
    Ok(())
}

pub(crate) fn is_declaration(function: FunctionValue<'_>) -> bool {
    function.as_global_value().is_declaration()
}

pub(crate) fn is_kernel(function: FunctionValue<'_>) -> bool {
    matches!(
        function.get_call_conventions(),
        SPIR_KERNEL_CC | PTX_KERNEL_CC | AMDGPU_KERNEL_CC
    )
}

pub(crate) fn is_intrinsic(function: FunctionValue<'_>) -> bool {
    function.get_intrinsic_id() != 0
}

pub(crate) fn has_uses(function: FunctionValue<'_>) -> bool {
    function
        .as_global_value()
        .as_pointer_value()
        .get_first_use()
        .is_some()
}

/// The value of a string function attribute, or `None` when the function does not carry it.
pub(crate) fn string_attribute(function: FunctionValue<'_>, key: &str) -> Option<String> {
    function
        .get_string_attribute(AttributeLoc::Function, key)
        .map(|a| a.get_string_value().to_string_lossy().into_owned())
}

pub(crate) fn has_attribute(function: FunctionValue<'_>, key: &str) -> bool {
    function
        .get_string_attribute(AttributeLoc::Function, key)
        .is_some()
}

/// Linkages that let GlobalDCE drop an unreferenced definition.
pub(crate) fn is_discardable(linkage: Linkage) -> bool {
    matches!(
        linkage,
        Linkage::Internal
            | Linkage::Private
            | Linkage::LinkOnceAny
            | Linkage::LinkOnceODR
            | Linkage::AvailableExternally
    )
}

/// One operand of a metadata node, as far as SYCL metadata needs to look.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum MdOperand {
    /// An integer constant (`i1`, `i32`, `i64`), both zero- and sign-extended.
    Int {
        zext: u64,
        sext: i64,
    },
    Str(String),
    Node(Vec<MdOperand>),
    /// Anything else (null operands, other constants); SYCL metadata never uses these.
    Other,
}

impl MdOperand {
    pub(crate) fn as_u64(&self) -> Option<u64> {
        match self {
            MdOperand::Int { zext, .. } => Some(*zext),
            _ => None,
        }
    }
}

/// The operands of the metadata node of kind `kind` attached to `function`
/// (e.g. `!reqd_work_group_size !{i32 8, i32 4, i32 2}`), or `None` if there is none.
pub(crate) fn function_metadata(function: FunctionValue<'_>, kind: &str) -> Option<Vec<MdOperand>> {
    let context = function.get_type().get_context();
    let kind_id = context.get_kind_id(kind);
    // SAFETY: `function` is a live function of a module owned by `context`; the entry array
    // returned by LLVMGlobalCopyAllMetadata holds `count` entries and is disposed exactly once,
    // after the one metadata reference we need has been wrapped as a value of `context`.
    unsafe {
        let mut count = 0;
        let entries = LLVMGlobalCopyAllMetadata(function.as_value_ref(), &mut count);
        if entries.is_null() {
            return None;
        }
        let metadata = (0..count as u32)
            .find(|&i| LLVMValueMetadataEntriesGetKind(entries, i) == kind_id)
            .map(|i| LLVMValueMetadataEntriesGetMetadata(entries, i));
        LLVMDisposeValueMetadataEntries(entries);
        let node = LLVMMetadataAsValue(context.raw(), metadata?);
        Some(node_operands(node))
    }
}

/// # Safety
/// `node` must be a live `MetadataAsValue` wrapping an `MDNode`.
unsafe fn node_operands(node: LLVMValueRef) -> Vec<MdOperand> {
    // SAFETY: `node` wraps a live `MDNode` (the caller's contract), so LLVM can count its
    // operands and copy them into an array of exactly that many values.
    let values = unsafe {
        let count = LLVMGetMDNodeNumOperands(node) as usize;
        let mut values: Vec<LLVMValueRef> = vec![std::ptr::null_mut(); count];
        LLVMGetMDNodeOperands(node, values.as_mut_ptr());
        values
    };
    // SAFETY: each operand is null or a live value LLVMGetMDNodeOperands returned.
    values.into_iter().map(|v| unsafe { operand(v) }).collect()
}

/// # Safety
/// `value` must be null or a live value returned by LLVMGetMDNodeOperands.
unsafe fn operand(value: LLVMValueRef) -> MdOperand {
    if value.is_null() {
        return MdOperand::Other;
    }
    // SAFETY: `value` is a live value (the caller's contract); each accessor is called only
    // after the `LLVMIsA…` check for its kind, and the string LLVM returns is `len` bytes that
    // live as long as the context, copied here at once.
    unsafe {
        if !LLVMIsAConstantInt(value).is_null() {
            MdOperand::Int {
                zext: LLVMConstIntGetZExtValue(value),
                sext: LLVMConstIntGetSExtValue(value),
            }
        } else if !LLVMIsAMDString(value).is_null() {
            let mut len = 0;
            let ptr = LLVMGetMDString(value, &mut len);
            let bytes = std::slice::from_raw_parts(ptr.cast::<u8>(), len as usize);
            MdOperand::Str(String::from_utf8_lossy(bytes).into_owned())
        } else if !LLVMIsAMDNode(value).is_null() {
            MdOperand::Node(node_operands(value))
        } else {
            MdOperand::Other
        }
    }
}

/// The integer operands of a metadata node, e.g. the sizes of `!reqd_work_group_size`.
pub(crate) fn metadata_integers(function: FunctionValue<'_>, kind: &str) -> Option<Vec<u64>> {
    function_metadata(function, kind).map(|ops| ops.iter().filter_map(MdOperand::as_u64).collect())
}

/// `_Z<digits>__spirv_*` and `_Z<digits>__sycl_*`: SPIR-V and SYCL builtins, which intel/llvm
/// never treats as entry points even when they carry `sycl-module-id`.
pub(crate) fn is_spirv_or_sycl_builtin(name: &str) -> bool {
    after_length_prefix(name)
        .is_some_and(|rest| rest.starts_with("__spirv_") || rest.starts_with("__sycl_"))
}

/// `_Z<digits>__esimd_*`: ESIMD intrinsics (never entry points either).
pub(crate) fn is_esimd_builtin(name: &str) -> bool {
    after_length_prefix(name).is_some_and(|rest| rest.starts_with("__esimd_"))
}

fn after_length_prefix(name: &str) -> Option<&str> {
    name.strip_prefix("_Z")
        .map(|rest| rest.trim_start_matches(|c: char| c.is_ascii_digit()))
}

/// Whether the demangled form of an Itanium-mangled `name` starts with `__`, which is how
/// intel/llvm recognizes implementation functions (`_Z28__spirv_GlobalInvocationId_xv`,
/// `_Z8__insidev`) that must never be imported from another image.
///
/// The demangled text starts with the first source name of the encoding, so it is enough to find
/// that name: after `_Z`, an optional `L` (internal linkage) and, for a nested name `N…E`, the
/// CV- and ref-qualifiers. `St` (`std::`), substitutions and special names (`_ZTV`, `_ZTS`, …)
/// demangle to text that does not start with `__`.
pub(crate) fn demangles_to_reserved_name(name: &str) -> bool {
    let Some(mut rest) = name.strip_prefix("_Z") else {
        return false;
    };
    rest = rest.strip_prefix('L').unwrap_or(rest);
    if let Some(nested) = rest.strip_prefix('N') {
        rest = nested.trim_start_matches(['r', 'V', 'K', 'R', 'O']);
    }
    let digits = rest.len() - rest.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    let Ok(length) = rest[..digits].parse::<usize>() else {
        return false;
    };
    rest[digits..]
        .get(..length)
        .is_some_and(|source_name| source_name.starts_with("__"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn recognizes_builtin_name_conventions() {
        assert!(is_spirv_or_sycl_builtin(
            "_Z28__spirv_GlobalInvocationId_xv"
        ));
        assert!(is_spirv_or_sycl_builtin("_Z20__sycl_getSpecConstv"));
        assert!(!is_spirv_or_sycl_builtin("__spirv_ocl_sin"));
        assert!(!is_spirv_or_sycl_builtin("_Z3foov"));
        assert!(is_esimd_builtin("_Z14__esimd_oword_ld"));
    }

    #[test]
    fn finds_reserved_demangled_names() {
        assert!(demangles_to_reserved_name("_Z8__insidev"));
        assert!(demangles_to_reserved_name(
            "_Z28__spirv_GlobalInvocationId_xv"
        ));
        assert!(demangles_to_reserved_name("_ZN7__spirv4initEv"));
        assert!(demangles_to_reserved_name("_ZL9__helperv"));
        assert!(!demangles_to_reserved_name("_Z7outsidev"));
        assert!(!demangles_to_reserved_name("_ZN4sycl3_V14pingEv"));
        assert!(!demangles_to_reserved_name("_ZNSt6vectorIiE4sizeEv"));
        assert!(!demangles_to_reserved_name("_ZTS6KernelA"));
        assert!(!demangles_to_reserved_name("childA"));
        assert!(!demangles_to_reserved_name("_Z99__x"));
    }
}
