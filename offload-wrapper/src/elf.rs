//! Writes the wrapper object with the `object` crate: the back end of [`crate::layout`] that lays
//! the data structures of the crate documentation out as `runtime.h` declares them for LP64
//! hosts, and writes two tiny hand-assembled registration functions.
//!
//! Every pointer in the data is an absolute 64-bit relocation in a writable section, so the
//! object links into position-dependent executables, PIEs and shared libraries alike (the
//! dynamic linker fills the pointers in; `.data.rel.ro` is made read-only after that).

use std::collections::HashMap;

use object::elf;
use object::write::{Object, Relocation, SectionId, Symbol, SymbolId, SymbolSection};
use object::{
    Architecture, BinaryFormat, Endianness, FileFlags, RelocationFlags, SectionFlags, SectionKind,
    SymbolFlags, SymbolKind, SymbolScope,
};

use crate::image::DeviceImage;
use crate::layout::{
    describe, Backend, Record, Shape, Signature, Value, IMAGE_INFO, IMAGE_INFO_ALIGN,
    REGISTRATION_PRIORITY, STARTUP_TEXT,
};
pub use crate::layout::{Config, HostArch};
use crate::WrapperError;

impl HostArch {
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

/// Writes the wrapper object for `images`, in order (see [`crate::layout::describe`]).
pub fn write_object(images: &[DeviceImage], config: &Config) -> Result<Vec<u8>, WrapperError> {
    let mut writer = Writer::new(config);
    describe(images, config, &mut writer)?;
    writer.finish()
}

/// Section names of the priority-1 constructor and destructor slots. GNU ld, gold and lld sort
/// `.init_array.<N>` input sections by the number N, ahead of plain `.init_array`, and run
/// `.fini_array` backwards, so unregistration comes after every default-priority destructor.
/// (GCC spells priorities with five digits, LLVM without leading zeros; the linkers read both as
/// the same number.)
fn init_fini_section(destructor: bool) -> &'static str {
    const _: () = assert!(REGISTRATION_PRIORITY == 1);
    if destructor {
        ".fini_array.00001"
    } else {
        ".init_array.00001"
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

/// A global: its symbol and the size of one element (what an address's index counts).
#[derive(Debug, Clone, Copy)]
pub(crate) struct Global {
    symbol: SymbolId,
    element_size: u64,
}

struct Writer<'c> {
    object: Object<'static>,
    config: &'c Config,
    sections: HashMap<&'static str, SectionId>,
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
            sections: HashMap::new(),
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

    /// Adds a data global holding `bytes`, whose `pointers` (offset, value) are relocated.
    #[allow(clippy::too_many_arguments)]
    fn global(
        &mut self,
        place: Place,
        name: &str,
        scope: SymbolScope,
        bytes: &[u8],
        pointers: Vec<(u64, Global, u64)>,
        align: u64,
        element_size: u64,
    ) -> Global {
        let section = self.place(place);
        let offset = self.object.append_section_data(section, bytes, align);
        let symbol = self.object.add_symbol(Symbol {
            name: name.as_bytes().to_vec(),
            value: offset,
            size: bytes.len() as u64,
            kind: SymbolKind::Data,
            scope,
            weak: false,
            section: SymbolSection::Section(section),
            flags: SymbolFlags::None,
        });
        let r_type = self.config.arch.absolute_64();
        for (field, target, index) in pointers {
            let addend = (index * target.element_size) as i64;
            self.relocate(section, offset + field, target.symbol, addend, r_type);
        }
        Global {
            symbol,
            element_size,
        }
    }

    /// Lays `records` of `shape` out as C does, returning the bytes and the pointers to relocate.
    fn lay_out(shape: Shape, records: &[Record<Global>]) -> (Vec<u8>, Vec<(u64, Global, u64)>) {
        let (offsets, size) = shape.offsets();
        let mut bytes = vec![0; records.len() * size as usize];
        let mut pointers = Vec::new();
        for (n, record) in records.iter().enumerate() {
            debug_assert_eq!(record.len(), shape.fields().len());
            for ((value, offset), field) in record.iter().zip(&offsets).zip(shape.fields()) {
                debug_assert_eq!(value.field(), *field, "{shape:?}");
                let at = n as u64 * size + offset;
                if let Value::Address(target, index) = *value {
                    pointers.push((at, target, index));
                } else if let Some(integer) = value.integer() {
                    let width = field.size() as usize;
                    bytes[at as usize..at as usize + width]
                        .copy_from_slice(&integer.to_le_bytes()[..width]);
                }
            }
        }
        (bytes, pointers)
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
}

impl Backend for Writer<'_> {
    type Global = Global;

    fn string(&mut self, name: &str, text: &str) -> Global {
        let bytes: Vec<u8> = text.bytes().chain([0]).collect();
        self.bytes(name, &bytes)
    }

    fn bytes(&mut self, name: &str, bytes: &[u8]) -> Global {
        let scope = SymbolScope::Compilation;
        self.global(Place::ReadOnly, name, scope, bytes, Vec::new(), 1, 1)
    }

    fn array(&mut self, name: &str, shape: Shape, records: Vec<Record<Global>>) -> Global {
        let (bytes, pointers) = Self::lay_out(shape, &records);
        let scope = SymbolScope::Compilation;
        let place = Place::RelocatedReadOnly;
        self.global(place, name, scope, &bytes, pointers, 8, shape.size())
    }

    fn descriptor(&mut self, name: &str, exported: bool, record: Record<Global>) -> Global {
        let shape = Shape::Descriptor;
        let (bytes, pointers) = Self::lay_out(shape, &[record]);
        let scope = if exported {
            SymbolScope::Dynamic
        } else {
            SymbolScope::Compilation
        };
        let place = Place::RelocatedReadOnly;
        self.global(place, name, scope, &bytes, pointers, 8, shape.size())
    }

    fn image_info(&mut self, name: &str, record: Record<Global>) -> Global {
        let shape = Shape::ImageInfo;
        let (bytes, pointers) = Self::lay_out(shape, &[record]);
        let scope = SymbolScope::Compilation;
        let (place, align) = (Place::ImageInfo, IMAGE_INFO_ALIGN);
        self.global(place, name, scope, &bytes, pointers, align, shape.size())
    }

    /// An undefined function.
    fn function(&mut self, name: &str, _signature: Signature) -> Global {
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
        Global {
            symbol,
            element_size: 0,
        }
    }

    /// A local function in `.text.startup` that tail-calls `callee(&descriptor)`, and its
    /// `.init_array`/`.fini_array` slot.
    fn startup_function(
        &mut self,
        name: &str,
        callee: Global,
        descriptor: Global,
        destructor: bool,
    ) {
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
            name: name.as_bytes().to_vec(),
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
        let defined = self.object.symbol(descriptor.symbol);
        let (argument, argument_offset) = match (defined.is_local(), defined.section) {
            (false, SymbolSection::Section(home)) => {
                let at = defined.value as i64;
                (self.object.section_symbol(home), at)
            }
            _ => (descriptor.symbol, 0),
        };
        for reloc in body.relocations {
            let (target, addend) = match reloc.target {
                CodeTarget::Argument => (argument, argument_offset + reloc.addend),
                CodeTarget::Callee => (callee.symbol, reloc.addend),
            };
            self.relocate(section, offset + reloc.offset, target, addend, reloc.r_type);
        }

        let (slots, sh_type) = if destructor {
            (init_fini_section(true), elf::SHT_FINI_ARRAY)
        } else {
            (init_fini_section(false), elf::SHT_INIT_ARRAY)
        };
        let id = self.section(
            slots,
            SectionKind::Data,
            sh_type,
            elf::SHF_ALLOC | elf::SHF_WRITE,
        );
        let slot = self.object.append_section_data(id, &[0; 8], 8);
        let r_type = self.config.arch.absolute_64();
        self.relocate(id, slot, function, 0, r_type);
    }
}
