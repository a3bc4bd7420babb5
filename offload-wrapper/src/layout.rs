//! The one description of what the wrapper emits, shared by both back ends.
//!
//! [`describe`] walks the images and creates every global, function and registration in
//! intel/llvm's wrapper's order, naming each with LLVM's uniquing rule, and hands them to a
//! [`Backend`]: the ELF object writer ([`crate::elf`]) or the LLVM bitcode writer
//! ([`crate::bitcode`]). A back end only decides how a global is represented (bytes and
//! relocations, or IR constants); which globals exist, what they hold, their names and their order
//! are decided here, once.

use std::collections::{HashMap, HashSet};

use sycl_offload_formats::properties::{PropertySetRegistry, PropertyValue};

use crate::image::DeviceImage;
use crate::WrapperError;

/// The host architectures the wrapper can write code for. Both are LP64, which the struct layouts
/// assume.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HostArch {
    /// x86-64 (`x86_64`, `amd64`).
    X86_64,
    /// 64-bit Arm (`aarch64`, `arm64`).
    Aarch64,
}

impl HostArch {
    /// The architecture of a host triple (`-host=`). Only ELF, 64-bit-pointer hosts qualify: the
    /// registration scheme (`.init_array`) is ELF's and the layouts are LP64's.
    pub fn from_triple(triple: &str) -> Result<Self, WrapperError> {
        let unsupported = |reason: String| WrapperError::UnsupportedHost {
            triple: triple.to_owned(),
            reason,
        };
        let mut parts = triple.split('-');
        let arch = match parts.next().unwrap_or_default() {
            "x86_64" | "amd64" | "x86_64h" => HostArch::X86_64,
            "aarch64" | "arm64" => HostArch::Aarch64,
            other => {
                return Err(unsupported(format!(
                    "architecture '{other}' is not supported (x86_64 and aarch64 are)"
                )))
            }
        };
        for part in parts {
            if [
                "windows", "win32", "mingw32", "cygwin", "msvc", "apple", "darwin", "macos", "ios",
            ]
            .iter()
            .any(|os| part.starts_with(os))
            {
                return Err(unsupported(format!(
                    "'{part}' does not use ELF objects, the only format this tool writes"
                )));
            }
            if part.ends_with("x32") || part.ends_with("ilp32") {
                return Err(unsupported(format!(
                    "'{part}' has 32-bit pointers; only LP64 layouts are written"
                )));
            }
        }
        Ok(arch)
    }

    /// The architecture this tool was built for: intel/llvm's default host is the process triple.
    pub fn native() -> Result<Self, WrapperError> {
        let arch = std::env::consts::ARCH;
        Self::from_triple(arch).map_err(|_| WrapperError::UnsupportedHost {
            triple: arch.to_owned(),
            reason: "no -host= was given, and the architecture this tool was built for is not \
                     supported (x86_64 and aarch64 are)"
                .to_owned(),
        })
    }

    /// The architecture's name in a target triple.
    pub fn name(self) -> &'static str {
        match self {
            HostArch::X86_64 => "x86_64",
            HostArch::Aarch64 => "aarch64",
        }
    }
}

/// How the output is written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Config {
    /// The host the object is for.
    pub arch: HostArch,
    /// Emit `sycl.descriptor_reg`/`_unreg`, their priority-1 constructor/destructor slots, and
    /// the `.tgtimg` records. Off, the descriptor is only data, for a caller that registers it
    /// itself (which is what `-desc-name=` exposing it is for).
    pub emit_reg_funcs: bool,
    /// Names the descriptor `.sycl_offloading.<name>`, with external linkage; `None` keeps it
    /// internal as `.sycl_offloading.descriptor`.
    pub descriptor_name: Option<String>,
    /// Report every global written on stderr (`-v`).
    pub verbose: bool,
}

/// Version of the device image struct: 2 is "PI 1.2", the layout of `runtime.h`.
pub(crate) const DEVICE_IMAGE_VERSION: u16 = 2;
/// Offload kind SYCL.
pub(crate) const OFFLOAD_KIND_SYCL: u8 = 4;
/// Version of the binary descriptor struct.
pub(crate) const DESCRIPTOR_VERSION: u16 = 1;
/// The string that ends every kernel table; the runtime stops at its null function instead.
pub(crate) const NATIVE_CPU_END: &str = "__nativecpu_end";
/// The section of the registration functions.
pub(crate) const STARTUP_TEXT: &str = ".text.startup";
/// The section of the `.sycl_offloading.N.info` records.
pub(crate) const IMAGE_INFO: &str = ".tgtimg";
/// Alignment of the `.sycl_offloading.N.info` records.
pub(crate) const IMAGE_INFO_ALIGN: u64 = 16;
/// Constructor/destructor priority of the registration functions.
pub(crate) const REGISTRATION_PRIORITY: u32 = 1;

/// The type of a struct field.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Field {
    U8,
    U16,
    U32,
    U64,
    Ptr,
}

impl Field {
    /// Size and alignment in bytes (LP64).
    pub(crate) fn size(self) -> u64 {
        match self {
            Field::U8 => 1,
            Field::U16 => 2,
            Field::U32 => 4,
            Field::U64 | Field::Ptr => 8,
        }
    }
}

/// The record types of the wrapper, with intel/llvm's IR type names.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) enum Shape {
    /// `{name, function}`.
    NativeCpuEntry,
    /// `{addr, name, size, flags, reserved}`.
    OffloadEntry,
    /// `{name, value address, type, size}`.
    Property,
    /// `{name, begin, end}`.
    PropertySet,
    /// The version 2 device image.
    DeviceImage,
    /// The version 1 binary descriptor.
    Descriptor,
    /// `{BinaryStart, size of the Code file}` (`[2 x i64]` in IR).
    ImageInfo,
}

impl Shape {
    pub(crate) fn fields(self) -> &'static [Field] {
        use Field::*;
        match self {
            Shape::NativeCpuEntry => &[Ptr, Ptr],
            Shape::OffloadEntry => &[Ptr, Ptr, U64, U32, U32],
            Shape::Property => &[Ptr, Ptr, U32, U64],
            Shape::PropertySet => &[Ptr, Ptr, Ptr],
            Shape::DeviceImage => &[
                U16, U8, U8, Ptr, Ptr, Ptr, Ptr, Ptr, Ptr, Ptr, Ptr, Ptr, Ptr, Ptr,
            ],
            Shape::Descriptor => &[U16, U16, Ptr, Ptr, Ptr],
            Shape::ImageInfo => &[Ptr, U64],
        }
    }

    /// The IR struct type name (`None`: not a named struct).
    pub(crate) fn type_name(self) -> Option<&'static str> {
        match self {
            Shape::NativeCpuEntry => Some("__nativecpu_entry"),
            Shape::OffloadEntry => Some("__tgt_offload_entry"),
            Shape::Property => Some("_pi_device_binary_property_struct"),
            Shape::PropertySet => Some("_pi_device_binary_property_set_struct"),
            Shape::DeviceImage => Some("__tgt_device_image"),
            Shape::Descriptor => Some("__tgt_bin_desc"),
            Shape::ImageInfo => None,
        }
    }

    /// The C layout: each field's offset, and the struct's size (LP64: aligned to 8).
    pub(crate) fn offsets(self) -> (Vec<u64>, u64) {
        let mut offset = 0u64;
        let offsets = self
            .fields()
            .iter()
            .map(|field| {
                let at = offset.next_multiple_of(field.size());
                offset = at + field.size();
                at
            })
            .collect();
        (offsets, offset.next_multiple_of(8))
    }

    pub(crate) fn size(self) -> u64 {
        self.offsets().1
    }
}

/// A field value. Addresses point at element `index` of a global (a string's or byte array's
/// byte, or an array's record).
#[derive(Debug, Clone, Copy)]
pub(crate) enum Value<G> {
    U8(u8),
    U16(u16),
    U32(u32),
    U64(u64),
    Null,
    Address(G, u64),
}

impl<G> Value<G> {
    pub(crate) fn field(&self) -> Field {
        match self {
            Value::U8(_) => Field::U8,
            Value::U16(_) => Field::U16,
            Value::U32(_) => Field::U32,
            Value::U64(_) => Field::U64,
            Value::Null | Value::Address(..) => Field::Ptr,
        }
    }

    /// The integer of a non-pointer value.
    pub(crate) fn integer(&self) -> Option<u64> {
        match *self {
            Value::U8(v) => Some(v.into()),
            Value::U16(v) => Some(v.into()),
            Value::U32(v) => Some(v.into()),
            Value::U64(v) => Some(v),
            Value::Null | Value::Address(..) => None,
        }
    }
}

/// A record: one value per field of its shape.
pub(crate) type Record<G> = Vec<Value<G>>;

/// The signature of a declared function.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Signature {
    /// A kernel subhandler, `void(ptr args, ptr state)`.
    Subhandler,
    /// A `__dpcpp_nativecpu*` builtin, `ptr(ptr)`.
    Builtin,
    /// `__sycl_register_lib` / `__sycl_unregister_lib`, `void(ptr descriptor)`.
    Registration,
}

/// What a back end writes. Names are final (already unique); every global but an exported
/// descriptor has internal linkage and is constant.
pub(crate) trait Backend {
    type Global: Copy;

    /// A NUL-terminated string (`unnamed_addr`).
    fn string(&mut self, name: &str, text: &str) -> Self::Global;
    /// Raw bytes (`unnamed_addr`): manifests and byte-array property values.
    fn bytes(&mut self, name: &str, bytes: &[u8]) -> Self::Global;
    /// An array of `records` of `shape` (possibly empty).
    fn array(
        &mut self,
        name: &str,
        shape: Shape,
        records: Vec<Record<Self::Global>>,
    ) -> Self::Global;
    /// The descriptor, one [`Shape::Descriptor`] record; `exported` gives it external linkage.
    fn descriptor(
        &mut self,
        name: &str,
        exported: bool,
        record: Record<Self::Global>,
    ) -> Self::Global;
    /// A `.sycl_offloading.N.info` record ([`Shape::ImageInfo`]), kept by the linker.
    fn image_info(&mut self, name: &str, record: Record<Self::Global>) -> Self::Global;
    /// An external function declaration.
    fn function(&mut self, name: &str, signature: Signature) -> Self::Global;
    /// An internal function in [`STARTUP_TEXT`] that calls `callee(descriptor)`, run as a
    /// priority-[`REGISTRATION_PRIORITY`] constructor or (`destructor`) destructor.
    fn startup_function(
        &mut self,
        name: &str,
        callee: Self::Global,
        descriptor: Self::Global,
        destructor: bool,
    );
}

/// Describes the wrapper for `images`, in order, to `backend`. No images give nothing at all, as
/// intel/llvm's wrapper does for an empty table.
pub(crate) fn describe<B: Backend>(
    images: &[DeviceImage],
    config: &Config,
    backend: &mut B,
) -> Result<(), WrapperError> {
    if images.is_empty() {
        return Ok(());
    }
    let count =
        u16::try_from(images.len()).map_err(|_| WrapperError::TooManyImages(images.len()))?;
    let mut describer = Describer {
        backend,
        config,
        namer: Namer::default(),
        functions: HashMap::new(),
        end_string: None,
    };
    let records = images
        .iter()
        .enumerate()
        .map(|(index, image)| describer.device_image(index, image))
        .collect();
    let name = describer.global_name(".sycl_offloading.device_images");
    let device_images = describer.backend.array(&name, Shape::DeviceImage, records);
    let descriptor = describer.descriptor(count, device_images);
    if config.emit_reg_funcs {
        describer.registration(descriptor);
    }
    Ok(())
}

/// LLVM's naming of module globals: a name already taken gets `.N` appended, N counting up
/// across the whole module (not per name) until the result is free.
#[derive(Default)]
struct Namer {
    taken: HashSet<String>,
    last_suffix: u32,
}

impl Namer {
    fn unique(&mut self, base: &str) -> String {
        if self.taken.insert(base.to_owned()) {
            return base.to_owned();
        }
        loop {
            self.last_suffix += 1;
            let name = format!("{base}.{}", self.last_suffix);
            if self.taken.insert(name.clone()) {
                return name;
            }
        }
    }
}

struct Describer<'a, B: Backend> {
    backend: &'a mut B,
    config: &'a Config,
    namer: Namer,
    /// Declared functions by name: a kernel listed by several images is declared once.
    functions: HashMap<String, B::Global>,
    /// `__ncpu_end_str`, shared by every kernel table.
    end_string: Option<B::Global>,
}

/// A `[begin, end)` pair over the `count` elements of `global`.
fn range<G: Copy>(global: G, count: usize) -> [Value<G>; 2] {
    [
        Value::Address(global, 0),
        Value::Address(global, count as u64),
    ]
}

impl<B: Backend> Describer<'_, B> {
    /// The unique name of a new global, reported with `-v` as intel/llvm's wrapper does.
    fn global_name(&mut self, base: &str) -> String {
        let name = self.namer.unique(base);
        if self.config.verbose {
            eprintln!("offload-wrapper:   global added: {name}");
        }
        name
    }

    fn string(&mut self, base: &str, text: &str) -> B::Global {
        let name = self.global_name(base);
        self.backend.string(&name, text)
    }

    fn bytes(&mut self, base: &str, bytes: &[u8]) -> B::Global {
        let name = self.global_name(base);
        self.backend.bytes(&name, bytes)
    }

    fn array(&mut self, base: &str, shape: Shape, records: Vec<Record<B::Global>>) -> B::Global {
        let name = self.global_name(base);
        self.backend.array(&name, shape, records)
    }

    /// A declared function, once however often it is referenced.
    fn function(&mut self, name: &str, signature: Signature) -> B::Global {
        if let Some(&function) = self.functions.get(name) {
            return function;
        }
        self.namer.taken.insert(name.to_owned());
        let function = self.backend.function(name, signature);
        self.functions.insert(name.to_owned(), function);
        function
    }

    /// Image `index`'s record, creating everything it points at first, in the order intel/llvm's
    /// wrapper creates those globals (which fixes their `.N` names).
    fn device_image(&mut self, index: usize, image: &DeviceImage) -> Record<B::Global> {
        let settings = &image.settings;
        let target = self.string(
            &format!(".sycl_offloading.target.{index}"),
            &settings.target,
        );
        let compile = self.string(
            &format!(".sycl_offloading.opts.compile.{index}"),
            &settings.compile_options,
        );
        let link = self.string(
            &format!(".sycl_offloading.opts.link.{index}"),
            &settings.link_options,
        );
        let manifest = match &image.manifest {
            Some(bytes) => {
                let global = self.bytes(&format!(".sycl_offloading.{index}.manifest"), bytes);
                range(global, bytes.len())
            }
            None => [Value::Null; 2],
        };
        let property_sets = match &image.properties {
            Some(registry) => self.property_sets(registry),
            None => [Value::Null; 2],
        };
        let binary = self.native_cpu_decls(image.entries.as_deref().unwrap_or_default());
        let entries = match &image.entries {
            Some(names) => self.offload_entries(names),
            None => [Value::Null; 2],
        };
        if self.config.emit_reg_funcs {
            let name = self.global_name(&format!(".sycl_offloading.{index}.info"));
            self.backend
                .image_info(&name, vec![binary[0], Value::U64(image.code_size)]);
        }

        let mut record = vec![
            Value::U16(DEVICE_IMAGE_VERSION),
            Value::U8(OFFLOAD_KIND_SYCL),
            Value::U8(settings.format as u8),
            Value::Address(target, 0),
            Value::Address(compile, 0),
            Value::Address(link, 0),
        ];
        for pair in [manifest, binary, entries, property_sets] {
            record.extend(pair);
        }
        record
    }

    /// The image's property sets; null pointers when there are none.
    fn property_sets(&mut self, registry: &PropertySetRegistry) -> [Value<B::Global>; 2] {
        let mut sets = Vec::new();
        for set in &registry.sets {
            let mut properties = Vec::new();
            for (key, value) in &set.properties {
                let name = Value::Address(self.string("prop", key), 0);
                let kind = Value::U32(value.type_code());
                properties.push(match value {
                    // Integers travel in the size field, with no value address.
                    PropertyValue::U32(v) => {
                        vec![name, Value::Null, kind, Value::U64(u64::from(*v))]
                    }
                    PropertyValue::ByteArray(bytes) => {
                        let data = self.bytes("prop_val", bytes);
                        vec![
                            name,
                            Value::Address(data, 0),
                            kind,
                            Value::U64(bytes.len() as u64),
                        ]
                    }
                });
            }
            let range = self.nonempty_array(Shape::Property, properties);
            let name = self.string("SYCL_PropSetName", &set.name);
            sets.push(vec![Value::Address(name, 0), range[0], range[1]]);
        }
        self.nonempty_array(Shape::PropertySet, sets)
    }

    /// `__sycl_offload_prop_sets_arr` and its `[begin, end)`; intel/llvm writes no global and null
    /// pointers for an empty one.
    fn nonempty_array(
        &mut self,
        shape: Shape,
        records: Vec<Record<B::Global>>,
    ) -> [Value<B::Global>; 2] {
        if records.is_empty() {
            return [Value::Null; 2];
        }
        let count = records.len();
        let global = self.array("__sycl_offload_prop_sets_arr", shape, records);
        range(global, count)
    }

    /// The Native CPU "binary": `{name, <name>.SYCLNCPU}` pairs and the `{"__nativecpu_end",
    /// null}` terminator. The range includes the terminator.
    fn native_cpu_decls(&mut self, kernels: &[String]) -> [Value<B::Global>; 2] {
        let mut table = Vec::new();
        for kernel in kernels {
            let (symbol, signature) = native_cpu_symbol(kernel);
            let function = self.function(&symbol, signature);
            let name = self.string("__ncpu_function_name", kernel);
            table.push(vec![Value::Address(name, 0), Value::Address(function, 0)]);
        }
        let end = match self.end_string {
            Some(global) => global,
            None => {
                let global = self.string("__ncpu_end_str", NATIVE_CPU_END);
                *self.end_string.insert(global)
            }
        };
        table.push(vec![Value::Address(end, 0), Value::Null]);
        let global = self.array("__sycl_native_cpu_decls", Shape::NativeCpuEntry, table);
        range(global, kernels.len() + 1)
    }

    /// `{null, name, 0, 0, 0}` per entry point. An empty `.sym` file still gets its (empty)
    /// array, so the pointers are not null.
    fn offload_entries(&mut self, names: &[String]) -> [Value<B::Global>; 2] {
        let entries = names
            .iter()
            .map(|entry| {
                let name = self.string("__sycl_offload_entry_name", entry);
                vec![
                    Value::Null,
                    Value::Address(name, 0),
                    Value::U64(0),
                    Value::U32(0),
                    Value::U32(0),
                ]
            })
            .collect();
        let global = self.array("__sycl_offload_entries_arr", Shape::OffloadEntry, entries);
        range(global, names.len())
    }

    fn descriptor(&mut self, count: u16, device_images: B::Global) -> B::Global {
        // Host entries are not used by SYCL.
        let record = vec![
            Value::U16(DESCRIPTOR_VERSION),
            Value::U16(count),
            Value::Address(device_images, 0),
            Value::Null,
            Value::Null,
        ];
        let (name, exported) = match &self.config.descriptor_name {
            Some(name) => (name.as_str(), true),
            None => ("descriptor", false),
        };
        let name = self.global_name(&format!(".sycl_offloading.{name}"));
        self.backend.descriptor(&name, exported, record)
    }

    /// `sycl.descriptor_reg`/`_unreg` and their priority-1 constructor/destructor slots.
    fn registration(&mut self, descriptor: B::Global) {
        for (base, callee, destructor) in [
            ("sycl.descriptor_reg", "__sycl_register_lib", false),
            ("sycl.descriptor_unreg", "__sycl_unregister_lib", true),
        ] {
            let name = self.namer.unique(base);
            let callee = self.function(callee, Signature::Registration);
            self.backend
                .startup_function(&name, callee, descriptor, destructor);
        }
    }
}

/// The symbol the device compiler gives an entry point's subhandler (`addSYCLNativeCPUSuffix`):
/// `<name>.SYCLNCPU`, except for the names it leaves alone; and the function's signature.
pub(crate) fn native_cpu_symbol(name: &str) -> (String, Signature) {
    if name.starts_with("__dpcpp_nativecpu") {
        (name.to_owned(), Signature::Builtin)
    } else if name.ends_with(".NativeCPUKernel") {
        (name.to_owned(), Signature::Subhandler)
    } else {
        (format!("{name}.SYCLNCPU"), Signature::Subhandler)
    }
}
