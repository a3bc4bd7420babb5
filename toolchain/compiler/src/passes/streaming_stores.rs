//! `streaming-stores<threshold=N>`: a launch that writes more than the last-level cache holds
//! writes its output with non-temporal (streaming) stores, which do not read each cache line
//! before overwriting it (docs/vectorizer.md, "Streaming stores").
//!
//! Expects: `work-item-loops` has run, so each entry point with a vector form (the
//! `"mux-vector-width"` attribute) calls its vector kernel for whole vectors with a constant
//! lane count; a module for x86 (any other module is left alone).
//!
//! Guarantees: an entry point without barriers whose vector kernel is *streaming* gets a copy of
//! that kernel, `<vector>.streaming`, whose streamed stores carry `!nontemporal`, and calls it
//! instead of the vector kernel, at every call with a constant lane count, when the launch's
//! global size times the bytes each work-item streams exceeds `threshold`. Such an entry point
//! ends with `sfence`, so every streamed store is visible before the runtime counts the
//! work-group finished. A vector kernel is streaming when it has no loops, no atomics or fences,
//! calls nothing but the masked memory intrinsics, work-item queries and LLVM's other
//! intrinsics that touch no memory, has at least one contiguous vector store through a
//! pointer that no other access of the kernel goes through, and reads at most
//! [`MAX_READ_PER_STREAMED_BYTE`] bytes per byte those stores write. The test is a heuristic about which
//! memory is read again, not a condition of correctness: a streamed store is still an ordinary
//! store to the program, ordered for its own thread and fenced before the work-group ends.

use std::collections::{HashMap, HashSet};

use inkwell::attributes::AttributeLoc;
use inkwell::intrinsics::Intrinsic;
use inkwell::module::{Linkage, Module};
use inkwell::targets::TargetData;
use inkwell::types::AnyType;
use inkwell::values::{
    BasicMetadataValueEnum, CallSiteValue, FunctionValue, InstructionOpcode, InstructionValue,
    IntValue,
};
use inkwell::IntPredicate;

use super::convert_to_mux_builtins::build_query_call;
use super::vectorize::DERIVED_METADATA;
use super::{Changed, ModulePass, PassInfo};
use crate::ir::cfg::{self, clone_body};
use crate::ir::graph::has_loop;
use crate::ir::memory::parameter_and_offset;
use crate::ir::mux::{self, WorkItemQuery};
use crate::ir::value::{Kind, Value};
use crate::ir::vector::{constant_int, function_metadata, intrinsic_base_name};
use crate::ir::{attributes, metadata, walk};
use crate::CompileError;

/// The pass's name in pipeline text.
pub const NAME: &str = "streaming-stores";

/// The pass as the registry declares it.
pub const PASS: PassInfo = PassInfo {
    name: NAME,
    parameters: "threshold=BYTES",
    help: "streams the output of launches that store more than BYTES (default 32 MiB) with non-temporal stores",
    create: |parameters| Ok(Box::new(StreamingStores::from_parameters(parameters)?)),
};

/// The threshold without a parameter: a common last-level cache size.
pub const DEFAULT_THRESHOLD: u64 = 32 << 20;

/// A kernel streams only when it reads at most this many bytes per byte it would stream: the
/// gain is the read of each output line saved, so it shrinks with the share of the output in
/// the kernel's traffic, while the write-combining buffers that collect a line's streamed stores
/// are flushed half-full more often the more other lines the kernel touches. Measured with 2
/// threads on 2^24 elements (docs/vectorizer.md, "Streaming stores"): `c = a + b` (2 bytes read
/// per byte stored) gains 40%; a 5-point stencil (5) loses 10%.
const MAX_READ_PER_STREAMED_BYTE: u64 = 3;

/// Suffix of the vector kernel's streaming copy.
pub const STREAMING_SUFFIX: &str = ".streaming";

/// `streaming-stores<threshold=N>`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StreamingStores {
    /// Bytes a launch must store through streamed stores for them to be non-temporal.
    pub threshold: u64,
}

impl StreamingStores {
    /// The pass from its parameters (`threshold=BYTES`).
    pub fn from_parameters(params: &[&str]) -> Result<Self, String> {
        let mut pass = StreamingStores {
            threshold: DEFAULT_THRESHOLD,
        };
        for param in params {
            let Some(bytes) = param.strip_prefix("threshold=") else {
                return Err(format!(
                    "{NAME}: unknown parameter '{param}' (expected threshold=BYTES)"
                ));
            };
            pass.threshold = bytes
                .parse()
                .map_err(|_| format!("{NAME}: threshold must be a byte count, not '{bytes}'"))?;
        }
        Ok(pass)
    }
}

/// The address an access goes through, as far as telling outputs apart needs: the pointer it
/// is based on (after GEPs), or, for a pointer loaded from memory, the address it was loaded
/// from. A kernel argument captured in the functor is loaded through a parameter and a constant
/// offset, often once per branch of a linearized `if` (each through a GEP of its own), so it is
/// known by that parameter and offset.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
enum Base<'ctx> {
    Pointer(Value<'ctx>),
    LoadedFrom(Value<'ctx>),
    Captured { parameter: u32, offset: i64 },
}

fn base_of<'ctx>(pointer: Value<'ctx>, target_data: &TargetData) -> Base<'ctx> {
    let mut value = pointer;
    while matches!(
        value.opcode(),
        Some(
            InstructionOpcode::GetElementPtr
                | InstructionOpcode::ExtractElement
                | InstructionOpcode::AddrSpaceCast
        )
    ) {
        value = value.operand(0);
    }
    if value.is(Kind::Load) {
        let address = value.operand(0);
        let function = value.parent_function();
        match function.and_then(|f| parameter_and_offset(f, address.basic()?, target_data)) {
            Some((parameter, offset)) => Base::Captured { parameter, offset },
            None => Base::LoadedFrom(address),
        }
    } else {
        Base::Pointer(value)
    }
}

/// What a vector kernel streams: its streamed stores and the bytes they store per work-item.
struct Streamed<'ctx> {
    stores: Vec<InstructionValue<'ctx>>,
    bytes_per_work_item: u64,
}

/// What a memory access of a vector kernel does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum AccessKind {
    /// A contiguous vector store (`llvm.masked.store`).
    VectorStore,
    /// A read of one element per lane (`llvm.masked.load`, `llvm.masked.gather`).
    VectorRead,
    /// Anything else: uniform accesses, scatters.
    Other,
}

/// One memory access of a vector kernel.
struct Access<'ctx> {
    instruction: InstructionValue<'ctx>,
    base: Base<'ctx>,
    kind: AccessKind,
}

/// The memory accesses of `vector`, or `None` when it does something that rules streaming out.
fn accesses<'ctx>(
    vector: FunctionValue<'ctx>,
    target_data: &TargetData,
) -> Option<Vec<Access<'ctx>>> {
    let mut accesses = Vec::new();
    for instruction in walk::instructions(vector) {
        let value = Value::from(instruction);
        let (pointer, kind) = match instruction.get_opcode() {
            InstructionOpcode::Load => (value.operand(0), AccessKind::Other),
            InstructionOpcode::Store => (value.operand(1), AccessKind::Other),
            InstructionOpcode::Call => match memory_intrinsic_pointer(instruction)? {
                Some(access) => access,
                None => continue,
            },
            InstructionOpcode::AtomicRMW
            | InstructionOpcode::AtomicCmpXchg
            | InstructionOpcode::Fence => return None,
            _ => continue,
        };
        accesses.push(Access {
            instruction,
            base: base_of(pointer, target_data),
            kind,
        });
    }
    Some(accesses)
}

/// For a call: `Some(Some((pointer, kind)))` for a masked memory intrinsic,
/// `Some(None)` for a call that touches no memory the kernel's outputs live in (work-item
/// queries, other intrinsics than memory transfers), `None` for anything else.
fn memory_intrinsic_pointer(call: InstructionValue<'_>) -> Option<Option<(Value<'_>, AccessKind)>> {
    let callee = CallSiteValue::try_from(call).ok()?.get_called_fn_value()?;
    let call = Value::from(call);
    let Some(intrinsic) = intrinsic_base_name(callee) else {
        let name = callee.get_name().to_string_lossy();
        let query = WorkItemQuery::from_mux_name(&name).is_some();
        return query.then_some(None);
    };
    match intrinsic.as_str() {
        "llvm.masked.load" | "llvm.masked.gather" => {
            Some(Some((call.operand(0), AccessKind::VectorRead)))
        }
        "llvm.masked.store" => Some(Some((call.operand(1), AccessKind::VectorStore))),
        "llvm.masked.scatter" => Some(Some((call.operand(1), AccessKind::Other))),
        "llvm.memcpy" | "llvm.memmove" | "llvm.memset" => None,
        _ => Some(None),
    }
}

/// The streamed stores of the vector kernel `vector` of `width` lanes, if it is streaming.
fn streamed<'ctx>(
    module: &Module<'ctx>,
    vector: FunctionValue<'ctx>,
    width: u32,
) -> Option<Streamed<'ctx>> {
    if has_loop(vector) {
        return None;
    }
    let target_data = walk::target_data(module);
    let accesses = accesses(vector, &target_data)?;
    let shared: HashSet<Base> = {
        let mut seen = HashSet::new();
        accesses
            .iter()
            .filter(|access| !seen.insert(access.base))
            .map(|access| access.base)
            .collect()
    };
    let bytes = |vector: Value<'_>| {
        let ty = vector.basic_type().expect("a vector value");
        target_data.get_store_size(&ty.as_any_type_enum()) / u64::from(width)
    };
    let stores: Vec<_> = accesses
        .iter()
        .filter(|access| access.kind == AccessKind::VectorStore && !shared.contains(&access.base))
        .map(|access| access.instruction)
        .collect();
    let bytes_per_work_item: u64 = stores
        .iter()
        .map(|store| bytes(Value::from(*store).operand(0)))
        .sum();
    let read_per_work_item: u64 = accesses
        .iter()
        .filter(|access| access.kind == AccessKind::VectorRead)
        .map(|access| bytes(Value::from(access.instruction)))
        .sum();
    let worth_it = bytes_per_work_item > 0
        && read_per_work_item <= bytes_per_work_item * MAX_READ_PER_STREAMED_BYTE;
    worth_it.then_some(Streamed {
        stores,
        bytes_per_work_item,
    })
}

/// A copy of `function` named `<name>.streaming`, internal, with `function`'s attributes, and
/// the map from `function`'s values to the copy's.
fn streaming_copy<'ctx>(
    module: &Module<'ctx>,
    function: FunctionValue<'ctx>,
) -> (FunctionValue<'ctx>, HashMap<Value<'ctx>, Value<'ctx>>) {
    let name = format!(
        "{}{STREAMING_SUFFIX}",
        function.get_name().to_string_lossy()
    );
    let copy = module.add_function(&name, function.get_type(), Some(Linkage::Internal));
    attributes::copy_function_attributes(copy, function);
    attributes::copy_parameter_attributes(copy, function);
    let mut values = function
        .get_param_iter()
        .zip(copy.get_param_iter())
        .map(|(from, to)| {
            let (from, to) = (Value::from(from), Value::from(to));
            to.set_name(&from.name());
            (from, to)
        })
        .collect();
    // The copy has no subprogram of its own, so it keeps no source locations.
    clone_body(function, copy, &mut values, false);
    (copy, values)
}

/// `global size × bytes_per_work_item > threshold`, computed before `before`.
fn launch_streams<'ctx>(
    module: &Module<'ctx>,
    before: InstructionValue<'ctx>,
    bytes_per_work_item: u64,
    threshold: u64,
) -> Result<IntValue<'ctx>, CompileError> {
    let context = module.get_context();
    let i64_type = context.i64_type();
    let builder = cfg::builder_before(Value::from(before));
    let mut bytes = i64_type.const_int(bytes_per_work_item, false);
    for dim in 0..3 {
        let size = build_query_call(
            module,
            &builder,
            WorkItemQuery::GlobalSize,
            dim,
            "global.size",
        )
        .map_err(build_error)?;
        bytes = builder
            .build_int_mul(bytes, size, "stream.bytes")
            .map_err(build_error)?;
    }
    builder
        .build_int_compare(
            IntPredicate::UGT,
            bytes,
            i64_type.const_int(threshold, false),
            "stream",
        )
        .map_err(build_error)
}

/// Makes `entry` start by calling `copy` with its own arguments, and return, when `streams`
/// (computed after `entry`'s allocas) is true. The work-group loops are versioned whole: two
/// copies of one call differing only in `!nontemporal` would be merged by LLVM's CFG
/// simplification, which keeps only the metadata both have.
fn dispatch<'ctx>(
    module: &Module<'ctx>,
    entry: FunctionValue<'ctx>,
    copy: FunctionValue<'ctx>,
    streamed: &Streamed<'ctx>,
    threshold: u64,
) -> Result<(), CompileError> {
    let first = entry
        .get_first_basic_block()
        .expect("an entry point with a body");
    let after_allocas = cfg::instructions(first)
        .into_iter()
        .find(|instruction| !instruction.is(Kind::Alloca))
        .expect("a block ends with a terminator");
    let plain = cfg::split_block_before(first, after_allocas, "stream.plain");
    let branch = first
        .get_terminator()
        .expect("split blocks end with a branch");
    let streams = launch_streams(module, branch, streamed.bytes_per_work_item, threshold)?;
    let context = module.get_context();
    let streaming = context.insert_basic_block_after(first, "stream.streaming");
    let builder = context.create_builder();
    builder.position_at_end(streaming);
    let arguments: Vec<BasicMetadataValueEnum> = entry
        .get_param_iter()
        .map(|parameter| parameter.into())
        .collect();
    builder
        .build_call(copy, &arguments, "")
        .map_err(build_error)?;
    builder.build_return(None).map_err(build_error)?;
    branch.erase_from_basic_block();
    builder.position_at_end(first);
    builder
        .build_conditional_branch(streams, streaming, plain)
        .map_err(build_error)?;
    Ok(())
}

/// Puts `sfence` before every return of `entry`: streamed stores are weakly ordered, and the
/// runtime's release of the finished work-group must not pass them.
fn fence_returns(module: &Module<'_>, entry: FunctionValue<'_>) -> Result<(), CompileError> {
    let sfence = Intrinsic::find("llvm.x86.sse.sfence")
        .and_then(|intrinsic| intrinsic.get_declaration(module, &[]))
        .ok_or_else(|| CompileError::Pass("LLVM has no llvm.x86.sse.sfence".into()))?;
    for block in entry.get_basic_blocks() {
        let terminator = block.get_terminator().expect("a complete function");
        if terminator.get_opcode() == InstructionOpcode::Return {
            cfg::builder_before(Value::from(terminator))
                .build_call(sfence, &[], "")
                .map_err(build_error)?;
        }
    }
    Ok(())
}

/// The vector kernel `entry` calls, and its calls with a constant lane count.
fn vector_calls<'ctx>(
    entry: FunctionValue<'ctx>,
) -> Option<(FunctionValue<'ctx>, Vec<InstructionValue<'ctx>>)> {
    let calls: Vec<_> = walk::direct_calls(entry)
        .into_iter()
        .filter(|call| function_metadata(call.callee, DERIVED_METADATA).is_some())
        .collect();
    let vector = calls.first()?.callee;
    let whole = calls
        .iter()
        .filter(|call| {
            let site = Value::from(call.instruction);
            let lanes = site.operand(site.argument_count() - 1);
            lanes.basic().and_then(constant_int).is_some()
        })
        .map(|call| call.instruction)
        .collect();
    Some((vector, whole))
}

/// Versions the vector calls of the entry point `entry`, if its vector kernel streams.
fn stream_entry_point<'ctx>(
    module: &Module<'ctx>,
    entry: FunctionValue<'ctx>,
    threshold: u64,
) -> Result<Changed, CompileError> {
    let width = attributes::string_attribute(entry, mux::VECTOR_WIDTH).and_then(|w| w.parse().ok());
    let barriers = attributes::string_attribute(entry, mux::LIVE_VARIABLES_SIZE).is_some();
    let returns_void = entry.get_type().get_return_type().is_none();
    let (Some(width), false, true) = (width, barriers, returns_void) else {
        return Ok(Changed::No);
    };
    let Some((vector, calls)) = vector_calls(entry) else {
        return Ok(Changed::No);
    };
    let Some(streamed) = streamed(module, vector, width).filter(|_| !calls.is_empty()) else {
        return Ok(Changed::No);
    };
    let (vector_copy, vector_values) = streaming_copy(module, vector);
    for store in &streamed.stores {
        let copied = vector_values[&Value::from(*store)];
        metadata::mark_nontemporal(copied.instruction().expect("a copied instruction"));
    }
    let (entry_copy, entry_values) = streaming_copy(module, entry);
    entry_copy.remove_string_attribute(AttributeLoc::Function, attributes::MUX_KERNEL);
    for call in calls {
        let copied = entry_values[&Value::from(call)];
        copied.set_operand(copied.operand_count() - 1, Value::from(vector_copy));
    }
    fence_returns(module, entry_copy)?;
    dispatch(module, entry, entry_copy, &streamed, threshold)?;
    Ok(Changed::Yes)
}

impl ModulePass for StreamingStores {
    fn name(&self) -> &'static str {
        NAME
    }

    fn run(&self, module: &Module<'_>) -> Result<Changed, CompileError> {
        if !walk::is_x86(module) {
            return Ok(Changed::No);
        }
        let entries: Vec<_> = module
            .get_functions()
            .filter(|f| attributes::is_kernel_entry_point(*f) && walk::is_definition(*f))
            .collect();
        let mut changed = Changed::No;
        for entry in entries {
            changed = changed.or(stream_entry_point(module, entry, self.threshold)?);
        }
        Ok(changed)
    }
}

fn build_error(e: impl std::fmt::Display) -> CompileError {
    CompileError::Pass(format!("{NAME}: {e}"))
}
