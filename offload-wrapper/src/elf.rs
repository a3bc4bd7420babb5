//! Writes the wrapper object with the `object` crate: the data structures of the crate
//! documentation, laid out as `runtime.h` declares them for LP64 hosts, and two tiny
//! hand-assembled registration functions.
//!
//! Every pointer in the data is an absolute 64-bit relocation in a writable section, so the
//! object links into position-dependent executables, PIEs and shared libraries alike (the
//! dynamic linker fills the pointers in; `.data.rel.ro` is made read-only after that).

use std::collections::{HashMap, HashSet};

use object::elf;
use object::write::{Object, Relocation, SectionId, Symbol, SymbolId, SymbolSection};
use object::{
    Architecture, BinaryFormat, Endianness, FileFlags, RelocationFlags, SectionFlags, SectionKind,
    SymbolFlags, SymbolKind, SymbolScope,
};
use sycl_offload_formats::properties::{PropertySetRegistry, PropertyValue};

use crate::image::DeviceImage;
use crate::WrapperError;

/// The host architectures the wrapper can write code for. Both are LP64, which the struct layouts
/// below assume.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HostArch {
    X86_64,
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

    pub fn name(self) -> &'static str {
        match self {
            HostArch::X86_64 => "x86_64",
            HostArch::Aarch64 => "aarch64",
        }
    }

    fn object_architecture(self) -> Architecture {
        match self {
            HostArch::X86_64 => Architecture::X86_64,
            HostArch::Aarch64 => Architecture::Aarch64,
        }
    }

    /// The relocation that stores a symbol's 64-bit address.
    fn absolute_64(self) -> elf::RelocationType {
        match self {
            HostArch::X86_64 => elf::R_X86_64_64,
            HostArch::Aarch64 => elf::R_AARCH64_ABS64,
        }
    }

    /// Code alignment, as compilers align functions.
    fn function_alignment(self) -> u64 {
        match self {
            HostArch::X86_64 => 16,
            HostArch::Aarch64 => 4,
        }
    }

    /// The body of a registration function: pass the address of the descriptor as the first
    /// argument and tail-call the runtime. A tail call keeps the stack as the caller left it, so
    /// no frame or alignment code is needed.
    fn tail_call(self) -> TailCall {
        match self {
            HostArch::X86_64 => x86_64_tail_call(),
            HostArch::Aarch64 => aarch64_tail_call(),
        }
    }
}

/// A registration function body and the relocations that fill it in.
struct TailCall {
    code: Vec<u8>,
    relocations: Vec<CodeRelocation>,
}

struct CodeRelocation {
    offset: u64,
    r_type: elf::RelocationType,
    addend: i64,
    target: CodeTarget,
}

enum CodeTarget {
    /// The descriptor passed as the argument.
    Argument,
    /// The runtime function called.
    Callee,
}

/// `lea rdi, [rip + desc]` ; `jmp callee`, padded with `int3` to the function alignment.
fn x86_64_tail_call() -> TailCall {
    let mut code = vec![0x48, 0x8d, 0x3d, 0, 0, 0, 0, 0xe9, 0, 0, 0, 0];
    code.resize(16, 0xcc);
    // Both displacements are relative to the end of their instruction, 4 bytes past the field.
    TailCall {
        code,
        relocations: vec![
            CodeRelocation {
                offset: 3,
                r_type: elf::R_X86_64_PC32,
                addend: -4,
                target: CodeTarget::Argument,
            },
            CodeRelocation {
                offset: 8,
                r_type: elf::R_X86_64_PLT32,
                addend: -4,
                target: CodeTarget::Callee,
            },
        ],
    }
}

/// `adrp x0, desc` ; `add x0, x0, :lo12:desc` ; `b callee`.
fn aarch64_tail_call() -> TailCall {
    const ADRP_X0: u32 = 0x9000_0000;
    const ADD_X0_X0_IMM: u32 = 0x9100_0000;
    const B: u32 = 0x1400_0000;
    TailCall {
        code: [ADRP_X0, ADD_X0_X0_IMM, B]
            .iter()
            .flat_map(|insn| insn.to_le_bytes())
            .collect(),
        relocations: vec![
            CodeRelocation {
                offset: 0,
                r_type: elf::R_AARCH64_ADR_PREL_PG_HI21,
                addend: 0,
                target: CodeTarget::Argument,
            },
            CodeRelocation {
                offset: 4,
                r_type: elf::R_AARCH64_ADD_ABS_LO12_NC,
                addend: 0,
                target: CodeTarget::Argument,
            },
            CodeRelocation {
                offset: 8,
                r_type: elf::R_AARCH64_JUMP26,
                addend: 0,
                target: CodeTarget::Callee,
            },
        ],
    }
}

/// How the object is written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Config {
    pub arch: HostArch,
    /// Emit `sycl.descriptor_reg`/`_unreg`, their `.init_array`/`.fini_array` slots, and the
    /// `.tgtimg` records. Off, the descriptor is only data, for a caller that registers it itself
    /// (which is what `-desc-name=` exposing it is for).
    pub emit_reg_funcs: bool,
    /// Names the descriptor `.sycl_offloading.<name>`, with global binding; `None` keeps it local
    /// as `.sycl_offloading.descriptor`.
    pub descriptor_name: Option<String>,
    /// Report every global written on stderr (`-v`).
    pub verbose: bool,
}

/// Version of the device image struct: 2 is "PI 1.2", the layout of `runtime.h`.
const DEVICE_IMAGE_VERSION: u16 = 2;
/// Offload kind SYCL.
const OFFLOAD_KIND_SYCL: u8 = 4;
/// Version of the binary descriptor struct.
const DESCRIPTOR_VERSION: u16 = 1;

/// Struct sizes (LP64): `{name, fn}`, the 5-field offload entry, a property, a property set, a
/// device image.
const NATIVE_CPU_ENTRY_SIZE: i64 = 16;
const OFFLOAD_ENTRY_SIZE: i64 = 32;
const PROPERTY_SIZE: i64 = 32;
const PROPERTY_SET_SIZE: i64 = 24;
const DEVICE_IMAGE_SIZE: i64 = 96;

/// The string that ends every kernel table; the runtime stops at its null function instead.
const NATIVE_CPU_END: &str = "__nativecpu_end";

/// Section names. Priority 1 puts registration before every default-priority constructor: GNU ld,
/// gold and lld sort `.init_array.<N>` input sections by the number N, ahead of plain
/// `.init_array`, and run `.fini_array` backwards, so unregistration comes after every
/// default-priority destructor. (GCC spells priorities with five digits, LLVM without leading
/// zeros; the linkers read both as the same number.)
const INIT_ARRAY: &str = ".init_array.00001";
const FINI_ARRAY: &str = ".fini_array.00001";
const STARTUP_TEXT: &str = ".text.startup";
const IMAGE_INFO: &str = ".tgtimg";

/// Writes the wrapper object for `images`, in order. No images give an object without any SYCL
/// structures, as intel/llvm's wrapper does for an empty table.
pub fn write_object(images: &[DeviceImage], config: &Config) -> Result<Vec<u8>, WrapperError> {
    let mut writer = Writer::new(config);
    if !images.is_empty() {
        let count =
            u16::try_from(images.len()).map_err(|_| WrapperError::TooManyImages(images.len()))?;
        let mut structs = Blob::default();
        for (index, image) in images.iter().enumerate() {
            writer.device_image(index, image, &mut structs);
        }
        let device_images = writer.pointer_data(".sycl_offloading.device_images", structs);
        let descriptor = writer.descriptor(count, device_images);
        if config.emit_reg_funcs {
            writer.registration(descriptor);
        }
    }
    writer.finish()
}

/// A pointer field: null, or a symbol's address plus a byte offset.
#[derive(Debug, Clone, Copy)]
enum Pointer {
    Null,
    To(SymbolId, i64),
}

impl Pointer {
    /// A `[begin, end)` pair over `count` elements of `size` bytes at `symbol`.
    fn range(symbol: SymbolId, count: usize, size: i64) -> [Pointer; 2] {
        [
            Pointer::To(symbol, 0),
            Pointer::To(symbol, count as i64 * size),
        ]
    }
}

/// Bytes of a struct (array) under construction, with the pointers to relocate.
#[derive(Default)]
struct Blob {
    bytes: Vec<u8>,
    pointers: Vec<(u64, SymbolId, i64)>,
}

impl Blob {
    fn u8(&mut self, value: u8) {
        self.bytes.push(value);
    }

    fn u16(&mut self, value: u16) {
        self.bytes.extend_from_slice(&value.to_le_bytes());
    }

    fn u32(&mut self, value: u32) {
        self.bytes.extend_from_slice(&value.to_le_bytes());
    }

    fn u64(&mut self, value: u64) {
        self.bytes.extend_from_slice(&value.to_le_bytes());
    }

    /// Pads to `align`, as the C layout does before a wider field.
    fn align(&mut self, align: usize) {
        self.bytes
            .resize(self.bytes.len().next_multiple_of(align), 0);
    }

    fn pointer(&mut self, pointer: Pointer) {
        if let Pointer::To(symbol, addend) = pointer {
            self.pointers
                .push((self.bytes.len() as u64, symbol, addend));
        }
        self.u64(0);
    }

    fn pointers(&mut self, pointers: [Pointer; 2]) {
        pointers.into_iter().for_each(|p| self.pointer(p));
    }
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

/// The sections, created when first used so that only what is written appears.
#[derive(Clone, Copy)]
enum Place {
    /// Strings and property values.
    ReadOnly,
    /// Structures with pointers.
    RelocatedReadOnly,
    /// `.tgtimg` records.
    ImageInfo,
}

struct Writer<'c> {
    object: Object<'static>,
    config: &'c Config,
    namer: Namer,
    sections: HashMap<&'static str, SectionId>,
    /// Undefined functions by name: a kernel listed by several images is declared once.
    externals: HashMap<String, SymbolId>,
    /// `__ncpu_end_str`, shared by every kernel table.
    end_string: Option<SymbolId>,
    /// Relocations, added once every symbol is defined, as `object` requires.
    relocations: Vec<(SectionId, Relocation)>,
}

impl<'c> Writer<'c> {
    fn new(config: &'c Config) -> Self {
        Writer {
            object: Object::new(
                BinaryFormat::Elf,
                config.arch.object_architecture(),
                Endianness::Little,
            ),
            config,
            namer: Namer::default(),
            sections: HashMap::new(),
            externals: HashMap::new(),
            end_string: None,
            relocations: Vec::new(),
        }
    }

    /// Marks the stack non-executable (an object without this note makes linkers assume it needs
    /// an executable stack) and serializes the object.
    fn finish(mut self) -> Result<Vec<u8>, WrapperError> {
        self.section(
            ".note.GNU-stack",
            SectionKind::Other,
            elf::SHT_PROGBITS,
            elf::SectionFlags(0),
        );
        for (section, relocation) in std::mem::take(&mut self.relocations) {
            self.object.add_relocation(section, relocation)?;
        }
        Ok(self.object.write()?)
    }

    fn section(
        &mut self,
        name: &'static str,
        kind: SectionKind,
        sh_type: elf::SectionType,
        sh_flags: elf::SectionFlags,
    ) -> SectionId {
        if let Some(&id) = self.sections.get(name) {
            return id;
        }
        let id = self
            .object
            .add_section(Vec::new(), name.as_bytes().to_vec(), kind);
        self.object.section_mut(id).flags = SectionFlags::Elf { sh_type, sh_flags };
        self.sections.insert(name, id);
        id
    }

    fn place(&mut self, place: Place) -> SectionId {
        let allocated = elf::SHF_ALLOC;
        let writable = elf::SHF_ALLOC | elf::SHF_WRITE;
        match place {
            Place::ReadOnly => self.section(
                ".rodata",
                SectionKind::ReadOnlyData,
                elf::SHT_PROGBITS,
                allocated,
            ),
            Place::RelocatedReadOnly => self.section(
                ".data.rel.ro",
                SectionKind::ReadOnlyDataWithRel,
                elf::SHT_PROGBITS,
                writable,
            ),
            Place::ImageInfo => {
                // Retained so that `--gc-sections` keeps the records nothing refers to. GNU ld
                // honours SHF_GNU_RETAIN only in objects marked with the GNU OS ABI, as GNU as
                // marks them when it writes the flag.
                self.object.flags = FileFlags::Elf {
                    os_abi: elf::ELFOSABI_GNU,
                    abi_version: 0,
                    e_flags: elf::FileFlags(0),
                };
                self.section(
                    IMAGE_INFO,
                    SectionKind::ReadOnlyDataWithRel,
                    elf::SHT_PROGBITS,
                    writable | elf::SHF_GNU_RETAIN,
                )
            }
        }
    }

    /// Adds a data global named after `base` (made unique) holding `blob`.
    fn global(
        &mut self,
        place: Place,
        base: &str,
        scope: SymbolScope,
        blob: Blob,
        align: u64,
    ) -> SymbolId {
        let name = self.namer.unique(base);
        if self.config.verbose {
            eprintln!("offload-wrapper:   global added: {name}");
        }
        let section = self.place(place);
        let offset = self.object.append_section_data(section, &blob.bytes, align);
        let symbol = self.object.add_symbol(Symbol {
            name: name.into_bytes(),
            value: offset,
            size: blob.bytes.len() as u64,
            kind: SymbolKind::Data,
            scope,
            weak: false,
            section: SymbolSection::Section(section),
            flags: SymbolFlags::None,
        });
        let r_type = self.config.arch.absolute_64();
        for (field, target, addend) in blob.pointers {
            self.relocate(section, offset + field, target, addend, r_type);
        }
        symbol
    }

    fn relocate(
        &mut self,
        section: SectionId,
        offset: u64,
        symbol: SymbolId,
        addend: i64,
        r_type: elf::RelocationType,
    ) {
        self.relocations.push((
            section,
            Relocation {
                offset,
                symbol,
                addend,
                flags: RelocationFlags::Elf { r_type },
            },
        ));
    }

    /// A NUL-terminated string.
    fn string(&mut self, base: &str, text: &str) -> SymbolId {
        let blob = Blob {
            bytes: text.bytes().chain([0]).collect(),
            pointers: Vec::new(),
        };
        self.global(Place::ReadOnly, base, SymbolScope::Compilation, blob, 1)
    }

    fn bytes(&mut self, base: &str, bytes: &[u8]) -> SymbolId {
        let blob = Blob {
            bytes: bytes.to_vec(),
            pointers: Vec::new(),
        };
        self.global(Place::ReadOnly, base, SymbolScope::Compilation, blob, 1)
    }

    fn pointer_data(&mut self, base: &str, blob: Blob) -> SymbolId {
        self.global(
            Place::RelocatedReadOnly,
            base,
            SymbolScope::Compilation,
            blob,
            8,
        )
    }

    /// An undefined function, declared once however often it is referenced.
    fn external(&mut self, name: &str) -> SymbolId {
        if let Some(&symbol) = self.externals.get(name) {
            return symbol;
        }
        self.namer.taken.insert(name.to_owned());
        let symbol = self.object.add_symbol(Symbol {
            name: name.as_bytes().to_vec(),
            value: 0,
            size: 0,
            kind: SymbolKind::Text,
            scope: SymbolScope::Dynamic,
            weak: false,
            section: SymbolSection::Undefined,
            flags: SymbolFlags::None,
        });
        self.externals.insert(name.to_owned(), symbol);
        symbol
    }

    /// Appends image `index`'s struct to `structs`, writing everything it points at first, in the
    /// order intel/llvm's wrapper creates those globals (which fixes their `.N` names).
    fn device_image(&mut self, index: usize, image: &DeviceImage, structs: &mut Blob) {
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
                let symbol = self.bytes(&format!(".sycl_offloading.{index}.manifest"), bytes);
                Pointer::range(symbol, bytes.len(), 1)
            }
            None => [Pointer::Null; 2],
        };
        let property_sets = match &image.properties {
            Some(registry) => self.property_sets(registry),
            None => [Pointer::Null; 2],
        };
        let binary = self.native_cpu_decls(image.entries.as_deref().unwrap_or_default());
        let entries = match &image.entries {
            Some(names) => self.offload_entries(names),
            None => [Pointer::Null; 2],
        };
        if self.config.emit_reg_funcs {
            let mut info = Blob::default();
            info.pointer(binary[0]);
            info.u64(image.code_size);
            self.global(
                Place::ImageInfo,
                &format!(".sycl_offloading.{index}.info"),
                SymbolScope::Compilation,
                info,
                16,
            );
        }

        structs.u16(DEVICE_IMAGE_VERSION);
        structs.u8(OFFLOAD_KIND_SYCL);
        structs.u8(settings.format as u8);
        structs.align(8);
        for field in [target, compile, link] {
            structs.pointer(Pointer::To(field, 0));
        }
        for pair in [manifest, binary, entries, property_sets] {
            structs.pointers(pair);
        }
        debug_assert_eq!(
            structs.bytes.len() as i64,
            (index as i64 + 1) * DEVICE_IMAGE_SIZE
        );
    }

    /// The image's property sets; null pointers when there are none.
    fn property_sets(&mut self, registry: &PropertySetRegistry) -> [Pointer; 2] {
        let mut sets = Blob::default();
        for set in &registry.sets {
            let mut properties = Blob::default();
            for (key, value) in &set.properties {
                let name = self.string("prop", key);
                properties.pointer(Pointer::To(name, 0));
                match value {
                    // Integers travel in the size field, with no value address.
                    PropertyValue::U32(v) => {
                        properties.pointer(Pointer::Null);
                        properties.u32(value.type_code());
                        properties.align(8);
                        properties.u64(u64::from(*v));
                    }
                    PropertyValue::ByteArray(bytes) => {
                        let data = self.bytes("prop_val", bytes);
                        properties.pointer(Pointer::To(data, 0));
                        properties.u32(value.type_code());
                        properties.align(8);
                        properties.u64(bytes.len() as u64);
                    }
                }
            }
            let range = self.array(
                "__sycl_offload_prop_sets_arr",
                properties,
                set.properties.len(),
                PROPERTY_SIZE,
            );
            let name = self.string("SYCL_PropSetName", &set.name);
            sets.pointer(Pointer::To(name, 0));
            sets.pointers(range);
        }
        self.array(
            "__sycl_offload_prop_sets_arr",
            sets,
            registry.sets.len(),
            PROPERTY_SET_SIZE,
        )
    }

    /// A pointer array of `count` elements and its `[begin, end)`; intel/llvm writes no global
    /// and null pointers for an empty one.
    fn array(&mut self, base: &str, blob: Blob, count: usize, size: i64) -> [Pointer; 2] {
        if count == 0 {
            return [Pointer::Null; 2];
        }
        let symbol = self.pointer_data(base, blob);
        Pointer::range(symbol, count, size)
    }

    /// The Native CPU "binary": `{name, <name>.SYCLNCPU}` pairs and the `{"__nativecpu_end",
    /// null}` terminator. The range includes the terminator.
    fn native_cpu_decls(&mut self, kernels: &[String]) -> [Pointer; 2] {
        let mut table = Blob::default();
        for kernel in kernels {
            let function = self.external(&native_cpu_symbol(kernel));
            let name = self.string("__ncpu_function_name", kernel);
            table.pointer(Pointer::To(name, 0));
            table.pointer(Pointer::To(function, 0));
        }
        let end = match self.end_string {
            Some(symbol) => symbol,
            None => {
                let symbol = self.string("__ncpu_end_str", NATIVE_CPU_END);
                *self.end_string.insert(symbol)
            }
        };
        table.pointer(Pointer::To(end, 0));
        table.pointer(Pointer::Null);
        let symbol = self.pointer_data("__sycl_native_cpu_decls", table);
        Pointer::range(symbol, kernels.len() + 1, NATIVE_CPU_ENTRY_SIZE)
    }

    /// `{null, name, 0, 0, 0}` per entry point. An empty `.sym` file still gets its (empty)
    /// array, so the pointers are not null.
    fn offload_entries(&mut self, names: &[String]) -> [Pointer; 2] {
        let mut entries = Blob::default();
        for entry in names {
            let name = self.string("__sycl_offload_entry_name", entry);
            entries.pointer(Pointer::Null);
            entries.pointer(Pointer::To(name, 0));
            entries.u64(0);
            entries.u32(0);
            entries.u32(0);
        }
        let symbol = self.pointer_data("__sycl_offload_entries_arr", entries);
        Pointer::range(symbol, names.len(), OFFLOAD_ENTRY_SIZE)
    }

    fn descriptor(&mut self, count: u16, device_images: SymbolId) -> SymbolId {
        let mut descriptor = Blob::default();
        descriptor.u16(DESCRIPTOR_VERSION);
        descriptor.u16(count);
        descriptor.align(8);
        descriptor.pointer(Pointer::To(device_images, 0));
        // Host entries are not used by SYCL.
        descriptor.pointers([Pointer::Null; 2]);
        let (name, scope) = match &self.config.descriptor_name {
            Some(name) => (name.as_str(), SymbolScope::Dynamic),
            None => ("descriptor", SymbolScope::Compilation),
        };
        let base = format!(".sycl_offloading.{name}");
        self.global(Place::RelocatedReadOnly, &base, scope, descriptor, 8)
    }

    /// `sycl.descriptor_reg`/`_unreg` and their priority-1 constructor/destructor slots.
    fn registration(&mut self, descriptor: SymbolId) {
        let register =
            self.startup_function("sycl.descriptor_reg", "__sycl_register_lib", descriptor);
        let unregister =
            self.startup_function("sycl.descriptor_unreg", "__sycl_unregister_lib", descriptor);
        for (section, sh_type, function) in [
            (INIT_ARRAY, elf::SHT_INIT_ARRAY, register),
            (FINI_ARRAY, elf::SHT_FINI_ARRAY, unregister),
        ] {
            let id = self.section(
                section,
                SectionKind::Data,
                sh_type,
                elf::SHF_ALLOC | elf::SHF_WRITE,
            );
            let offset = self.object.append_section_data(id, &[0; 8], 8);
            let r_type = self.config.arch.absolute_64();
            self.relocate(id, offset, function, 0, r_type);
        }
    }

    /// A local function in `.text.startup` that calls `callee(&descriptor)`.
    fn startup_function(&mut self, base: &str, callee: &str, descriptor: SymbolId) -> SymbolId {
        let name = self.namer.unique(base);
        let callee = self.external(callee);
        let section = self.section(
            STARTUP_TEXT,
            SectionKind::Text,
            elf::SHT_PROGBITS,
            elf::SHF_ALLOC | elf::SHF_EXECINSTR,
        );
        let body = self.config.arch.tail_call();
        let offset = self.object.append_section_data(
            section,
            &body.code,
            self.config.arch.function_alignment(),
        );
        let function = self.object.add_symbol(Symbol {
            name: name.into_bytes(),
            value: offset,
            size: body.code.len() as u64,
            kind: SymbolKind::Text,
            scope: SymbolScope::Compilation,
            weak: false,
            section: SymbolSection::Section(section),
            flags: SymbolFlags::None,
        });
        // The code must reach this object's descriptor even when `-desc-name` makes it a global
        // that another module could preempt, so it refers to it through its section.
        let defined = self.object.symbol(descriptor);
        let (argument, argument_offset) = match (defined.is_local(), defined.section) {
            (false, SymbolSection::Section(home)) => {
                let at = defined.value as i64;
                (self.object.section_symbol(home), at)
            }
            _ => (descriptor, 0),
        };
        for reloc in body.relocations {
            let (target, addend) = match reloc.target {
                CodeTarget::Argument => (argument, argument_offset + reloc.addend),
                CodeTarget::Callee => (callee, reloc.addend),
            };
            self.relocate(section, offset + reloc.offset, target, addend, reloc.r_type);
        }
        function
    }
}

/// The symbol the device compiler gives an entry point's subhandler (`addSYCLNativeCPUSuffix`):
/// `<name>.SYCLNCPU`, except for the names it leaves alone.
fn native_cpu_symbol(name: &str) -> String {
    if name.starts_with("__dpcpp_nativecpu") || name.ends_with(".NativeCPUKernel") {
        name.to_owned()
    } else {
        format!("{name}.SYCLNCPU")
    }
}
