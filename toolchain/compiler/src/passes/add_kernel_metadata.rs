//! `add-kernel-metadata`: leaves in the device object what the compiler decided about each
//! kernel, for the runtime's kernel info queries (the Construction Kit's `AddMetadataPass`, in
//! our own format: docs/formats.md, "Kernel metadata notes"). Only the compiler knows a
//! kernel's vector width (its sub-group size), its live variables or its work-group local
//! variables; sycl-post-link writes the image's properties before the compiler runs, so they
//! cannot carry them.
//!
//! Expects: entry points (`"mux-kernel"="entry-point"`), normally the work-group functions
//! after `work-item-loops` and `replace-module-scope-vars`, with what those passes record:
//! `"mux-local-mem-usage"` (bytes of work-group local variables), `"mux-live-variables-size"`
//! (bytes kept per work-item across barriers) and `"mux-vector-width"`; a kernel that cannot
//! reach `__mux_get_local_variable_memory` reports no local memory. Earlier in the pipeline
//! a kernel's vector form (`run-vecz`) gives the width instead; absent values are 0 and 1.
//! `!reqd_work_group_size` and `!intel_reqd_sub_group_size` are read where they are.
//!
//! Guarantees: for each entry point, one ELF note (`sycl_offload_formats::kernel_notes`) under
//! the kernel's original name (`mux-orig-fn`), 4-byte aligned, in the allocated note section
//! `.note.nativecpu.kernels`, written as module-level assembly: no IR global, so no later pass
//! can delete it or change its bytes (AddressSanitizer pads instrumented globals with redzones,
//! which would break the section into something that is no longer a list of notes). The linker
//! gathers the notes of every device object into a `PT_NOTE` segment of the executable or
//! shared library, where the runtime finds them when it registers the kernels.

use std::collections::HashSet;

use inkwell::module::Module;
use inkwell::values::{FunctionValue, InstructionOpcode};
use sycl_offload_formats::kernel_notes::{self, KernelInfo, KernelNote};

use super::vectorize::vector_kernel;
use super::work_item_loops::required_work_group_size;
use super::{Changed, ModulePass, PassInfo};
use crate::ir::mux::{self, WorkGroupMemory};
use crate::ir::{attributes, globals, walk};
use crate::CompileError;

/// The pass's name in pipeline text.
pub const NAME: &str = "add-kernel-metadata";

/// The pass as the registry declares it.
pub const PASS: PassInfo = PassInfo {
    name: NAME,
    parameters: "",
    help: "leaves a note per kernel (local and private memory, work-group and sub-group sizes) for the runtime",
    create: super::without_parameters::<AddKernelMetadata>,
};

/// `add-kernel-metadata`.
#[derive(Default)]
pub struct AddKernelMetadata;

/// A numeric function attribute, if present.
fn number(entry: FunctionValue<'_>, key: &str) -> Result<Option<u64>, CompileError> {
    attributes::string_attribute(entry, key)
        .map(|value| {
            value.parse().map_err(|_| {
                CompileError::Pass(format!(
                    "{NAME}: '{}' has {key}=\"{value}\", not a number",
                    walk::name(entry)
                ))
            })
        })
        .transpose()
}

/// Whether the kernel can reach its work-group's local variables block: it or a function it
/// calls reads `__mux_get_local_variable_memory`, or makes an indirect call (which could). The
/// block is laid out once for the module (`replace-module-scope-vars`), so a kernel that uses
/// none of it reports 0 rather than the other kernels' variables.
fn reaches_local_variables(entry: FunctionValue<'_>) -> bool {
    let builtin = WorkGroupMemory::LocalVariables.mux_name();
    let mut seen = HashSet::from([entry]);
    let mut stack = vec![entry];
    while let Some(function) = stack.pop() {
        for instruction in walk::instructions(function) {
            if !matches!(
                instruction.get_opcode(),
                InstructionOpcode::Call | InstructionOpcode::Invoke
            ) {
                continue;
            }
            let Some(callee) = walk::called_function(instruction) else {
                return true;
            };
            if walk::name(callee) == builtin {
                return true;
            }
            if seen.insert(callee) {
                stack.push(callee);
            }
        }
    }
    false
}

/// The note of one entry point.
fn note_of(entry: FunctionValue<'_>) -> Result<KernelNote, CompileError> {
    let name = attributes::original_name(entry);
    let out_of_range = |what: &str| {
        CompileError::unsupported(name.clone(), format!("the {what} does not fit in 32 bits"))
    };
    let vector_width = match number(entry, mux::VECTOR_WIDTH)? {
        Some(width) => u32::try_from(width).map_err(|_| out_of_range("vector width"))?,
        None => vector_kernel(entry).map_or(1, |(_, width)| width),
    };
    let reqd_work_group_size = required_work_group_size(entry)
        .map(|sizes| {
            let mut narrow = [0u32; 3];
            for (slot, size) in narrow.iter_mut().zip(sizes) {
                *slot = u32::try_from(size).map_err(|_| out_of_range("work-group size"))?;
            }
            Ok::<_, CompileError>(narrow)
        })
        .transpose()?;
    let info = KernelInfo {
        local_memory_size: match reaches_local_variables(entry) {
            true => number(entry, mux::LOCAL_MEMORY_USAGE)?.unwrap_or(0),
            false => 0,
        },
        private_memory_size: number(entry, mux::LIVE_VARIABLES_SIZE)?.unwrap_or(0),
        reqd_work_group_size,
        sub_group_size: vector_width,
        reqd_sub_group_size: attributes::required_sub_group_size(entry),
        vector_width,
    };
    // The runtime refuses an image with a note that breaks the rules: say so here instead.
    info.check()
        .map_err(|cause| CompileError::unsupported(name.clone(), cause))?;
    Ok(KernelNote { name, info })
}

/// The notes as assembly for the notes' section, each 4-byte aligned.
fn notes_assembly(notes: &[KernelNote]) -> String {
    let mut assembly = format!(".pushsection {},\"a\",@note\n", kernel_notes::SECTION);
    for note in notes {
        assembly.push_str(&format!(".balign {}\n", kernel_notes::ALIGN));
        for row in note.encode().chunks(16) {
            let bytes: Vec<String> = row.iter().map(u8::to_string).collect();
            assembly.push_str(&format!(".byte {}\n", bytes.join(",")));
        }
    }
    assembly.push_str(".popsection\n");
    assembly
}

impl ModulePass for AddKernelMetadata {
    fn name(&self) -> &'static str {
        NAME
    }

    fn run(&self, module: &Module<'_>) -> Result<Changed, CompileError> {
        let mut notes = Vec::new();
        for entry in module.get_functions() {
            if attributes::is_kernel_entry_point(entry) && walk::is_definition(entry) {
                notes.push(note_of(entry)?);
            }
        }
        if notes.is_empty() {
            return Ok(Changed::No);
        }
        globals::append_module_assembly(module, &notes_assembly(&notes));
        Ok(Changed::Yes)
    }
}
