//! `spec-constants`: SYCL 2020 specialization constants in emulation form, as DPC++'s
//! `SpecConstantsPass` writes them for CPUs (docs/compiler-pipeline.md, step 2).
//!
//! Expects: calls to the markers `T __sycl_getScalar2020SpecConstantValue<T>(const char *id,
//! const void *default, const void *buffer)` and `__sycl_getComposite2020SpecConstantValue<T>`
//! (Itanium names starting `_Z37__sycl_getScalar2020SpecConstantValue` and
//! `_Z40__sycl_getComposite2020SpecConstantValue`; a composite larger than two registers comes
//! back through an `sret` first parameter). `id` must be a constant string (directly, through
//! casts, or stored once into an alloca and loaded back, the `-O0` shape); `default` must be a
//! global `specialization_id` whose first field is the default value. Anything else is an error
//! naming the call.
//!
//! Guarantees: every marker call is replaced by a load of its type from `buffer + offset` (an
//! `i1` is loaded as a byte and truncated; an `sret` result is stored to the `sret` pointer).
//! Offsets are given in order of first appearance (declarations in module order, then their
//! calls in use order), each aligned to the loaded type's ABI alignment and followed by the
//! default value's size; one symbolic id always gets one offset. Two named metadata lists record the layout for `sycl-post-link` and the runtime:
//!
//! * `!sycl.specialization-constants`: per constant `!{!"<id>", i32 <numeric id>, i32 0, i32
//!   <size>}`, followed by `i32 -1, i32 <previous size>, i32 <padding>` when the *next* constant
//!   needed alignment padding (the runtime skips descriptors with id `0xFFFFFFFF`);
//! * `!sycl.specialization-constants-default-values`: the default values (and `[N x i8]
//!   zeroinitializer` padding) in layout order, one constant per node.
//!
//! These are intel/llvm's names and encodings, so a module lowered by either tool reads the same.
//! A module without marker calls is left unchanged, which makes the pass idempotent: the driver's
//! `sycl-post-link` lowers the whole module before splitting it, and the back end runs the pass
//! again on the linked module.
//!
//! Deliberate difference: intel/llvm lowers each split image separately, so an image's offsets
//! depend on which constants that image uses, while the Native CPU object is compiled from the
//! whole module; with two images using different constants the two layouts disagree. Here the
//! layout is always the whole module's, so every image describes the buffer the code reads.
//! [`read_layout`] gives the recorded layout back as bytes for the property sets.

use inkwell::attributes::AttributeLoc;
use inkwell::module::Module;
use inkwell::targets::TargetData;
use inkwell::types::{AnyType, BasicTypeEnum};
use inkwell::values::{BasicMetadataValueEnum, BasicValueEnum, FunctionValue, InstructionValue};

use super::{Changed, ModulePass, PassInfo};
use crate::ir::value::{Kind, Value};
use crate::ir::{attributes, memory, walk};
use crate::CompileError;

/// The pass's name in pipeline text.
pub const NAME: &str = "spec-constants";

/// The pass as the registry declares it.
pub const PASS: PassInfo = PassInfo {
    name: NAME,
    parameters: "",
    help: "reads specialization constants from the buffer the runtime passes",
    create: super::without_parameters::<SpecConstants>,
};

/// The named metadata listing each constant's descriptors.
pub const LAYOUT_METADATA: &str = "sycl.specialization-constants";
/// The named metadata listing the default values in buffer order.
pub const DEFAULTS_METADATA: &str = "sycl.specialization-constants-default-values";

const SCALAR_MARKER: &str = "_Z37__sycl_getScalar2020SpecConstantValue";
const COMPOSITE_MARKER: &str = "_Z40__sycl_getComposite2020SpecConstantValue";
/// The descriptor id the runtime skips: the entry describes padding.
pub const PADDING_ID: u32 = u32::MAX;

/// The `spec-constants` pass: lowers specialization constants to their emulation form.
#[derive(Default)]
pub struct SpecConstants;

fn error(message: String) -> CompileError {
    CompileError::Pass(format!("{NAME}: {message}"))
}

/// One constant's place in the buffer.
struct Slot {
    symbolic_id: String,
    /// `(numeric id, offset in the composite, size)` triples.
    descriptors: Vec<[u32; 3]>,
    offset: u64,
}

/// A marker call taken apart.
struct MarkerCall<'ctx> {
    call: InstructionValue<'ctx>,
    sret: Option<BasicValueEnum<'ctx>>,
    symbolic_id: String,
    default_value: Value<'ctx>,
    buffer: BasicValueEnum<'ctx>,
    value_type: BasicTypeEnum<'ctx>,
    /// The load of an `-O0` symbolic id from its alloca, deleted with the call when unused.
    id_load: Option<InstructionValue<'ctx>>,
}

/// The marker declarations of `module`.
fn markers<'ctx>(module: &Module<'ctx>) -> Vec<FunctionValue<'ctx>> {
    module
        .get_functions()
        .filter(|f| !walk::is_definition(*f))
        .filter(|f| {
            let name = walk::name(*f);
            name.starts_with(SCALAR_MARKER) || name.starts_with(COMPOSITE_MARKER)
        })
        .collect()
}

/// Whether `module` still reads a specialization constant through a marker call.
pub fn reads_spec_constants(module: &Module<'_>) -> bool {
    markers(module)
        .into_iter()
        .any(|marker| !walk::calls_to(module, marker).is_empty())
}

impl ModulePass for SpecConstants {
    fn name(&self) -> &'static str {
        NAME
    }

    fn run(&self, module: &Module<'_>) -> Result<Changed, CompileError> {
        let markers = markers(module);
        let calls: Vec<_> = markers
            .iter()
            .flat_map(|marker| walk::calls_to(module, *marker))
            .collect();
        if calls.is_empty() {
            return Ok(Changed::No);
        }
        if module.get_global_metadata_size(LAYOUT_METADATA) > 0 {
            return Err(error(
                "the module already records a specialization-constant layout but still calls \
                 the markers; lower all of them in one run"
                    .into(),
            ));
        }
        let data_layout = walk::target_data(module);
        let context = module.get_context();
        let builder = context.create_builder();
        let mut slots: Vec<Slot> = Vec::new();
        let mut defaults: Vec<BasicMetadataValueEnum<'_>> = Vec::new();
        let mut next_offset = 0u64;
        for call in calls {
            let marker = take_apart(call.instruction, call.callee)?;
            let offset = match slots.iter().find(|s| s.symbolic_id == marker.symbolic_id) {
                Some(slot) => slot.offset,
                None => {
                    let alignment = u64::from(data_layout.get_abi_alignment(&marker.value_type));
                    let padding = (alignment - next_offset % alignment) % alignment;
                    if padding > 0 {
                        let previous = slots
                            .last_mut()
                            .expect("the first constant is at offset 0, which is aligned");
                        let previous_size = previous.descriptors[0][2];
                        previous
                            .descriptors
                            .push([PADDING_ID, previous_size, padding as u32]);
                        let padding_type = context.i8_type().array_type(padding as u32);
                        defaults.push(padding_type.const_zero().into());
                        next_offset += padding;
                    }
                    let default_type = marker.default_value.basic_type().ok_or_else(|| {
                        error(format!(
                            "the default value has no first-class type: {}",
                            walk::describe(marker.call)
                        ))
                    })?;
                    let default_size = data_layout.get_store_size(&default_type);
                    slots.push(Slot {
                        symbolic_id: marker.symbolic_id.clone(),
                        descriptors: vec![[slots.len() as u32, 0, default_size as u32]],
                        offset: next_offset,
                    });
                    let default = marker
                        .default_value
                        .basic()
                        .expect("a first-class constant");
                    defaults.push(default.into());
                    let offset = next_offset;
                    // The runtime finds offsets by adding up descriptor sizes, so the next
                    // constant starts after the default value's bytes. (intel/llvm advances by
                    // the loaded type's store size, which differs when clang returns a small
                    // struct as a wider register pair, and then disagrees with its runtime.)
                    next_offset += default_size;
                    offset
                }
            };
            replace_with_load(&builder, &marker, offset)?;
        }
        for marker in markers {
            if walk::use_count(marker) == 0 {
                walk::delete_function(marker, None);
            }
        }
        let i32_type = context.i32_type();
        for slot in &slots {
            let mut operands: Vec<BasicMetadataValueEnum<'_>> =
                vec![context.metadata_string(&slot.symbolic_id).into()];
            for descriptor in &slot.descriptors {
                operands.extend(descriptor.iter().map(|v| {
                    BasicMetadataValueEnum::from(i32_type.const_int(u64::from(*v), false))
                }));
            }
            module
                .add_global_metadata(LAYOUT_METADATA, &context.metadata_node(&operands))
                .map_err(|e| error(e.to_string()))?;
        }
        for value in defaults {
            module
                .add_global_metadata(DEFAULTS_METADATA, &context.metadata_node(&[value]))
                .map_err(|e| error(e.to_string()))?;
        }
        Ok(Changed::Yes)
    }
}

fn operand<'ctx>(call: InstructionValue<'ctx>, index: u32) -> Option<BasicValueEnum<'ctx>> {
    call.get_operand(index).and_then(|o| o.value())
}

/// Reads the operands of a marker call, or says why it cannot be lowered.
fn take_apart<'ctx>(
    call: InstructionValue<'ctx>,
    callee: FunctionValue<'ctx>,
) -> Result<MarkerCall<'ctx>, CompileError> {
    let describe = || walk::describe(call);
    let sret_type = attributes::type_attribute(callee, AttributeLoc::Param(0), "sret");
    let first = u32::from(sret_type.is_some());
    let arguments = call.get_num_operands().saturating_sub(1);
    if arguments != first + 3 {
        return Err(error(format!(
            "a specialization-constant marker takes (id, default, buffer){}: {}",
            if first == 1 {
                " after the sret pointer"
            } else {
                ""
            },
            describe()
        )));
    }
    let id = operand(call, first)
        .ok_or_else(|| error(format!("missing symbolic id: {}", describe())))?;
    let (symbolic_id, id_load) = string_constant(Value::from(id)).ok_or_else(|| {
        error(format!(
            "the symbolic id is not a constant string: {}",
            describe()
        ))
    })?;
    let default_global = operand(call, first + 1)
        .map(|v| Value::from(v).strip_pointer_casts())
        .filter(|v| v.is(Kind::GlobalVariable))
        .ok_or_else(|| {
            error(format!(
                "the default value is not a global specialization_id: {}",
                describe()
            ))
        })?;
    let initializer = default_global.initializer().ok_or_else(|| {
        error(format!(
            "the specialization_id has no initializer: {}",
            describe()
        ))
    })?;
    let default_value = initializer.aggregate_element(0).ok_or_else(|| {
        error(format!(
            "the specialization_id initializer has no default value field: {}",
            describe()
        ))
    })?;
    let buffer = operand(call, first + 2)
        .filter(|v| v.is_pointer_value())
        .ok_or_else(|| error(format!("the buffer is not a pointer: {}", describe())))?;
    let value_type = match sret_type {
        Some(any) => BasicTypeEnum::try_from(any)
            .map_err(|_| error(format!("the sret type is not a value type: {}", describe())))?,
        None => Value::from(call)
            .basic_type()
            .ok_or_else(|| error(format!("the marker returns no value: {}", describe())))?,
    };
    Ok(MarkerCall {
        call,
        sret: sret_type.and_then(|_| operand(call, 0)),
        symbolic_id,
        default_value,
        buffer,
        value_type,
        id_load,
    })
}

/// The text of the constant C string `value` points at (without its terminating NUL). At `-O0`
/// clang stores the pointer into an alloca and loads it back; then the single store's value is
/// used, and the load is returned too.
fn string_constant(value: Value<'_>) -> Option<(String, Option<InstructionValue<'_>>)> {
    let mut value = value.strip_pointer_casts();
    let mut load = None;
    if value.is(Kind::Load) {
        let slot = value.operand(0).strip_pointer_casts();
        if !slot.is(Kind::Alloca) {
            return None;
        }
        let stores: Vec<Value> = slot
            .users()
            .into_iter()
            .filter(|user| user.is(Kind::Store) && user.operand(1) == slot)
            .collect();
        let [store] = stores[..] else {
            return None;
        };
        load = value.instruction();
        value = store.operand(0).strip_pointer_casts();
    }
    let text = value.initializer()?.constant_string()?;
    let text = text.strip_suffix(b"\0").unwrap_or(&text);
    Some((String::from_utf8_lossy(text).into_owned(), load))
}

/// Replaces the marker call by a load from `buffer + offset`.
fn replace_with_load(
    builder: &inkwell::builder::Builder<'_>,
    marker: &MarkerCall<'_>,
    offset: u64,
) -> Result<(), CompileError> {
    let context = marker.buffer.into_pointer_value().get_type().get_context();
    let failed = |e: inkwell::builder::BuilderError| error(e.to_string());
    walk::position_at(builder, marker.call);
    let i8_type = context.i8_type();
    // The offset is within the buffer the runtime allocates for the layout.
    let address = memory::element_address(
        builder,
        i8_type,
        marker.buffer.into_pointer_value(),
        &[context.i32_type().const_int(offset, false)],
        true,
        "spec.const.address",
    )
    .map_err(failed)?;
    let is_bool = matches!(marker.value_type, BasicTypeEnum::IntType(t) if t.get_bit_width() == 1);
    let value = if is_bool {
        let byte = builder
            .build_load(i8_type, address, "spec.const.byte")
            .map_err(failed)?;
        builder
            .build_int_truncate(
                byte.into_int_value(),
                marker.value_type.into_int_type(),
                "spec.const",
            )
            .map_err(failed)?
            .into()
    } else {
        builder
            .build_load(marker.value_type, address, "spec.const")
            .map_err(failed)?
    };
    match marker.sret {
        Some(destination) => {
            builder
                .build_store(destination.into_pointer_value(), value)
                .map_err(failed)?;
        }
        None => walk::replace_all_uses(&marker.call, &value),
    }
    marker.call.erase_from_basic_block();
    if let Some(load) = marker.id_load.filter(|l| l.get_first_use().is_none()) {
        load.erase_from_basic_block();
    }
    Ok(())
}

/// A module's recorded specialization-constant layout, as the property sets carry it.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Layout {
    /// Per symbolic id, its descriptors as bytes: little-endian `u32` triples `(numeric id,
    /// offset in the composite, size)`, in metadata order.
    pub descriptors: Vec<(String, Vec<u8>)>,
    /// The default values of all constants in buffer order, padding included.
    pub default_values: Vec<u8>,
}

/// Reads the layout [`SpecConstants`] recorded in `module` (empty if there is none).
pub fn read_layout(module: &Module<'_>) -> Result<Layout, CompileError> {
    let data_layout = walk::target_data(module);
    let mut layout = Layout::default();
    let malformed = |what: &str| error(format!("malformed !{what} metadata"));
    for node in module.get_global_metadata(LAYOUT_METADATA) {
        let operands = node.get_node_values().unwrap_or_default();
        let Some(BasicMetadataValueEnum::MetadataValue(id)) = operands.first() else {
            return Err(malformed(LAYOUT_METADATA));
        };
        let id = id
            .get_string_value()
            .ok_or_else(|| malformed(LAYOUT_METADATA))?;
        let id = String::from_utf8_lossy(id).into_owned();
        if (operands.len() - 1) % 3 != 0 {
            return Err(malformed(LAYOUT_METADATA));
        }
        let mut bytes = Vec::new();
        for value in &operands[1..] {
            let BasicMetadataValueEnum::IntValue(value) = value else {
                return Err(malformed(LAYOUT_METADATA));
            };
            let value = value
                .get_zero_extended_constant()
                .ok_or_else(|| malformed(LAYOUT_METADATA))?;
            bytes.extend_from_slice(&(value as u32).to_le_bytes());
        }
        layout.descriptors.push((id, bytes));
    }
    for node in module.get_global_metadata(DEFAULTS_METADATA) {
        let operands = node.get_node_values().unwrap_or_default();
        let [value] = &operands[..] else {
            return Err(malformed(DEFAULTS_METADATA));
        };
        let value = match value {
            BasicMetadataValueEnum::MetadataValue(_) => return Err(malformed(DEFAULTS_METADATA)),
            other => Value::from(*other),
        };
        append_constant_bytes(&data_layout, value, &mut layout.default_values)?;
    }
    Ok(layout)
}

/// Appends the in-memory bytes of the constant `value` (little-endian, struct padding as zeros,
/// `store size` bytes in all).
fn append_constant_bytes(
    data_layout: &TargetData,
    value: Value<'_>,
    bytes: &mut Vec<u8>,
) -> Result<(), CompileError> {
    let unsupported = |ty: &dyn AnyType| {
        error(format!(
            "cannot encode a default value of type {}",
            ty.print_to_string()
        ))
    };
    let Some(ty) = value.basic_type() else {
        return Err(error(format!(
            "cannot encode the default value {}",
            value.print()
        )));
    };
    let size = data_layout.get_store_size(&ty) as usize;
    let start = bytes.len();
    let zero = [Kind::AggregateZero, Kind::Undefined, Kind::NullPointer];
    if zero.into_iter().any(|kind| value.is(kind)) {
        bytes.resize(start + size, 0);
        return Ok(());
    }
    let element = |index: u32| {
        value
            .aggregate_element(index)
            .ok_or_else(|| unsupported(&ty))
    };
    match ty {
        BasicTypeEnum::IntType(_) => {
            let raw = value
                .zero_extended_constant()
                .ok_or_else(|| unsupported(&ty))?;
            bytes.extend_from_slice(&raw.to_le_bytes()[..size.min(8)]);
        }
        BasicTypeEnum::FloatType(_) => {
            let raw = value
                .float_constant_bits()
                .ok_or_else(|| unsupported(&ty))?;
            bytes.extend_from_slice(&raw.to_le_bytes()[..size.min(8)]);
        }
        BasicTypeEnum::StructType(struct_type) => {
            for index in 0..struct_type.count_fields() {
                let field_offset = data_layout
                    .offset_of_element(&struct_type, index)
                    .unwrap_or_default() as usize;
                bytes.resize(start + field_offset, 0);
                append_constant_bytes(data_layout, element(index)?, bytes)?;
            }
        }
        BasicTypeEnum::ArrayType(_) | BasicTypeEnum::VectorType(_) => {
            let (count, element_type) = match ty {
                BasicTypeEnum::ArrayType(array) => (array.len(), array.get_element_type()),
                BasicTypeEnum::VectorType(vector) => (vector.get_size(), vector.get_element_type()),
                _ => unreachable!("matched above"),
            };
            let stride = data_layout.get_abi_size(&element_type) as usize;
            for index in 0..count {
                bytes.resize(start + index as usize * stride, 0);
                append_constant_bytes(data_layout, element(index)?, bytes)?;
            }
        }
        _ => return Err(unsupported(&ty)),
    }
    bytes.resize(start + size, 0);
    Ok(())
}
