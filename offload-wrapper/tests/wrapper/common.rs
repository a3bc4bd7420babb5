//! Shared test helpers: input fixtures in a temporary directory, running the binary, and reading
//! the written object back with goblin (an ELF reader independent of the `object` writer).

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use goblin::elf::section_header::SHN_UNDEF;
use goblin::elf::Elf;
use sycl_offload_formats::properties::{PropertySetRegistry, PropertyValue};
use sycl_offload_formats::table::Table;

/// A temporary directory for one test's input and output files.
pub struct Fixture {
    pub dir: tempfile::TempDir,
}

impl Fixture {
    pub fn new() -> Self {
        Fixture {
            dir: tempfile::tempdir().expect("temporary directory"),
        }
    }

    pub fn path(&self, name: &str) -> PathBuf {
        self.dir.path().join(name)
    }

    pub fn write(&self, name: &str, contents: impl AsRef<[u8]>) -> PathBuf {
        let path = self.path(name);
        std::fs::write(&path, contents).expect("write fixture file");
        path
    }

    /// An image's code of exactly `size` bytes: [`image_code`] for `functions` and `reqd`, padded
    /// with a comment.
    pub fn code(
        &self,
        name: &str,
        size: usize,
        functions: &[&str],
        reqd: &[(&str, [u32; 3])],
    ) -> PathBuf {
        let mut text = image_code(functions, reqd);
        let padding = size.checked_sub(text.len()).expect("size fits the code");
        assert!(padding != 1, "a comment needs two bytes");
        if padding > 0 {
            text.push(';');
            text.push_str(&"-".repeat(padding - 2));
            text.push('\n');
        }
        self.write(name, text)
    }

    /// A `.sym` file.
    pub fn symbols(&self, name: &str, kernels: &[&str]) -> PathBuf {
        self.write(name, sycl_offload_formats::symbols::to_text(kernels))
    }

    pub fn properties(&self, name: &str, registry: &PropertySetRegistry) -> PathBuf {
        self.write(name, registry.to_text())
    }

    /// A table with the given titles; each row's cells are file paths (or "").
    pub fn table(&self, name: &str, columns: &[&str], rows: &[Vec<String>]) -> PathBuf {
        let mut table = Table::new(columns.iter().copied());
        for row in rows {
            table.push_row(row.iter().cloned());
        }
        let path = self.path(name);
        table.write(&path).expect("write table");
        path
    }
}

/// The LLVM assembly of an image's code that defines `functions`: names starting with `_ZTS` are
/// kernels (`spir_kernel`), the others plain functions, and each kernel in `reqd` carries that
/// `!reqd_work_group_size`. The wrapper checks the `.sym` and `.prop` files against it.
pub fn image_code(functions: &[&str], reqd: &[(&str, [u32; 3])]) -> String {
    let mut text = String::new();
    let mut metadata = String::new();
    for (index, name) in functions.iter().enumerate() {
        let kind = if name.starts_with("_ZTS") {
            "spir_kernel "
        } else {
            ""
        };
        let attached = match reqd.iter().find(|(kernel, _)| kernel == name) {
            Some((_, [x, y, z])) => {
                metadata.push_str(&format!("!{index} = !{{i32 {x}, i32 {y}, i32 {z}}}\n"));
                format!(" !reqd_work_group_size !{index}")
            }
            None => String::new(),
        };
        text.push_str(&format!(
            "define {kind}void @\"{name}\"(){attached} {{\n  ret void\n}}\n"
        ));
    }
    text + &metadata
}

/// The `reqd_work_group_size` in [`image_0_properties`], which image 0's code must carry.
pub const IMAGE_0_REQD: (&str, [u32; 3]) = ("_ZTS10SimpleVadd", [8, 4, 2]);

/// Image 0's property sets in the two-image fixtures: a UINT32 (misc `optLevel`), a BYTE_ARRAY
/// (`reqd_work_group_size` {8, 4, 2}) and an empty `kernel param opt` set.
pub fn image_0_properties() -> PropertySetRegistry {
    let mut registry = PropertySetRegistry::default();
    registry
        .set_mut("SYCL/misc properties")
        .insert("optLevel", PropertyValue::U32(2));
    registry.set_mut("SYCL/program metadata").insert(
        "_ZTS10SimpleVadd@reqd_work_group_size",
        PropertyValue::from_u32s(&[8, 4, 2]),
    );
    registry.set_mut("SYCL/kernel param opt");
    registry
}

/// The table of two images shared by the bitcode and link tests: image 0 has three entry points
/// (one a `__dpcpp_nativecpu` builtin), a 1234-byte Code file and property sets (misc, program
/// metadata and an empty kernel param opt set); image 1 has `_ZTS4Test`, a 77-byte Code file, no
/// properties and a manifest. Returns the table's path.
pub fn two_image_table(fx: &Fixture) -> PathBuf {
    let kernels0 = ["_ZTS10SimpleVadd", "_ZTS4Test", "__dpcpp_nativecpu_helper"];
    let code0 = fx.code("k_0.bc", 1234, &kernels0, &[IMAGE_0_REQD]);
    let code1 = fx.code("k_1.bc", 77, &["_ZTS4Test"], &[]);
    let sym0 = fx.symbols("k_0.sym", &kernels0);
    let sym1 = fx.symbols("k_1.sym", &["_ZTS4Test"]);
    let prop0 = fx.properties("k_0.prop", &image_0_properties());
    let manifest = fx.write("k_1.mnf", "MANIFEST");
    fx.table(
        "k.table",
        &["Code", "Properties", "Symbols", "Manifest"],
        &[
            vec![arg(&code0), arg(&prop0), arg(&sym0), String::new()],
            vec![arg(&code1), String::new(), arg(&sym1), arg(&manifest)],
        ],
    )
}

/// A path as a string argument.
pub fn arg(path: &Path) -> String {
    path.to_str().expect("UTF-8 temp path").to_owned()
}

/// Runs `offload-wrapper` with `args` in `dir`.
pub fn wrapper_in(dir: &Path, args: &[String]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_offload-wrapper"))
        .args(args)
        .current_dir(dir)
        .output()
        .expect("run offload-wrapper")
}

/// Runs the wrapper and insists on success.
pub fn wrap_ok(dir: &Path, args: &[String]) -> Output {
    let out = wrapper_in(dir, args);
    assert!(
        out.status.success(),
        "offload-wrapper {args:?} failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    out
}

/// Runs the wrapper and insists on the error contract: exit status 1, nothing on stdout, and a
/// single stderr line `offload-wrapper: error: …`. Returns that line.
pub fn wrap_err(dir: &Path, args: &[String]) -> String {
    let out = wrapper_in(dir, args);
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    assert_eq!(
        out.status.code(),
        Some(1),
        "expected failure for {args:?}: {stderr}"
    );
    assert!(
        out.stdout.is_empty(),
        "stdout: {}",
        String::from_utf8_lossy(&out.stdout)
    );
    assert!(
        stderr.starts_with("offload-wrapper: error: ") && stderr.ends_with('\n'),
        "bad error format: {stderr:?}"
    );
    assert_eq!(
        stderr.lines().count(),
        1,
        "error is not one line: {stderr:?}"
    );
    assert!(!stderr.contains("panicked"), "{stderr}");
    stderr.trim_end().to_owned()
}

/// Wraps `table` in batch mode for native_cpu into `w.o` in the fixture, and reads the object.
pub fn wrap_native_cpu_batch(fx: &Fixture, table: &Path) -> ElfFile {
    let out = fx.path("w.o");
    wrap_ok(
        fx.dir.path(),
        &strings(&[
            "-o",
            &arg(&out),
            "-target=native_cpu",
            "-batch",
            &arg(table),
        ]),
    );
    ElfFile::read(&out)
}

pub fn strings(args: &[&str]) -> Vec<String> {
    args.iter().map(|a| a.to_string()).collect()
}

/// A symbol as the tests look at it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SymbolInfo {
    pub name: String,
    pub bind: u8,
    pub typ: u8,
    pub undefined: bool,
    /// The defining section's name.
    pub section: Option<String>,
    pub value: u64,
    pub size: u64,
}

/// A relocation with its symbol resolved to a name (section symbols give the section's name).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RelocationInfo {
    pub offset: u64,
    pub r_type: u32,
    pub symbol: String,
    pub addend: i64,
}

/// What a pointer-sized slot in the data holds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Slot {
    Null,
    /// Symbol name and addend.
    To(String, i64),
}

impl Slot {
    pub fn to(name: &str, addend: i64) -> Slot {
        Slot::To(name.to_owned(), addend)
    }
}

/// A written object, parsed on demand.
pub struct ElfFile {
    pub bytes: Vec<u8>,
}

impl ElfFile {
    pub fn read(path: &Path) -> Self {
        ElfFile {
            bytes: std::fs::read(path).expect("read object"),
        }
    }

    pub fn elf(&self) -> Elf<'_> {
        Elf::parse(&self.bytes).expect("a valid ELF file")
    }

    pub fn section_index(&self, name: &str) -> Option<usize> {
        let elf = self.elf();
        elf.section_headers
            .iter()
            .position(|sh| elf.shdr_strtab.get_at(sh.sh_name) == Some(name))
    }

    pub fn section_names(&self) -> Vec<String> {
        let elf = self.elf();
        elf.section_headers
            .iter()
            .map(|sh| elf.shdr_strtab.get_at(sh.sh_name).unwrap_or("").to_owned())
            .collect()
    }

    /// (sh_type, sh_flags, sh_addralign, size) of a section.
    pub fn section_header(&self, name: &str) -> (u32, u64, u64, u64) {
        let index = self
            .section_index(name)
            .unwrap_or_else(|| panic!("no section {name}"));
        let sh = &self.elf().section_headers[index];
        (sh.sh_type, sh.sh_flags, sh.sh_addralign, sh.sh_size)
    }

    pub fn section_data(&self, name: &str) -> Vec<u8> {
        let index = self
            .section_index(name)
            .unwrap_or_else(|| panic!("no section {name}"));
        let sh = &self.elf().section_headers[index];
        self.bytes[sh.sh_offset as usize..(sh.sh_offset + sh.sh_size) as usize].to_vec()
    }

    pub fn symbols(&self) -> Vec<SymbolInfo> {
        let elf = self.elf();
        elf.syms
            .iter()
            .skip(1)
            .map(|sym| SymbolInfo {
                name: elf.strtab.get_at(sym.st_name).unwrap_or("").to_owned(),
                bind: sym.st_bind(),
                typ: sym.st_type(),
                undefined: sym.st_shndx == SHN_UNDEF as usize,
                section: (sym.st_shndx != SHN_UNDEF as usize).then(|| {
                    let sh = &elf.section_headers[sym.st_shndx];
                    elf.shdr_strtab.get_at(sh.sh_name).unwrap_or("").to_owned()
                }),
                value: sym.st_value,
                size: sym.st_size,
            })
            .collect()
    }

    pub fn symbol(&self, name: &str) -> SymbolInfo {
        self.find_symbol(name)
            .unwrap_or_else(|| panic!("no symbol {name}"))
    }

    pub fn find_symbol(&self, name: &str) -> Option<SymbolInfo> {
        let mut found = self.symbols().into_iter().filter(|s| s.name == name);
        let symbol = found.next();
        assert!(found.next().is_none(), "symbol {name} defined twice");
        symbol
    }

    /// The relocations applying to section `name`.
    pub fn relocations(&self, name: &str) -> Vec<RelocationInfo> {
        let elf = self.elf();
        let Some(target) = self.section_index(name) else {
            return Vec::new();
        };
        let mut out = Vec::new();
        for (reloc_index, relocs) in &elf.shdr_relocs {
            if elf.section_headers[*reloc_index].sh_info as usize != target {
                continue;
            }
            for r in relocs.iter() {
                let sym = elf.syms.get(r.r_sym).expect("relocation symbol");
                let symbol = if sym.st_type() == goblin::elf::sym::STT_SECTION {
                    let sh = &elf.section_headers[sym.st_shndx];
                    elf.shdr_strtab.get_at(sh.sh_name).unwrap_or("").to_owned()
                } else {
                    elf.strtab.get_at(sym.st_name).unwrap_or("").to_owned()
                };
                out.push(RelocationInfo {
                    offset: r.r_offset,
                    r_type: r.r_type,
                    symbol,
                    addend: r.r_addend.expect("RELA relocations"),
                });
            }
        }
        out.sort_by_key(|r| r.offset);
        out
    }

    /// The bytes of a defined symbol.
    pub fn data(&self, symbol: &str) -> Vec<u8> {
        let sym = self.symbol(symbol);
        let section = self.section_data(sym.section.as_deref().expect("defined symbol"));
        section[sym.value as usize..(sym.value + sym.size) as usize].to_vec()
    }

    /// The NUL-terminated string a string symbol holds (without the NUL, which must be last).
    pub fn string(&self, symbol: &str) -> String {
        let bytes = self.data(symbol);
        assert_eq!(bytes.last(), Some(&0), "{symbol} is not NUL-terminated");
        String::from_utf8(bytes[..bytes.len() - 1].to_vec()).expect("UTF-8 string")
    }

    /// The pointer slot at `offset` inside `symbol`'s data: the relocation there, or null (then
    /// the bytes must be zero).
    pub fn slot(&self, symbol: &str, offset: u64) -> Slot {
        let sym = self.symbol(symbol);
        let section = sym.section.clone().expect("defined symbol");
        assert!(
            offset + 8 <= sym.size,
            "slot {offset} outside {symbol} ({} bytes)",
            sym.size
        );
        let at = sym.value + offset;
        let relocs: Vec<_> = self
            .relocations(&section)
            .into_iter()
            .filter(|r| r.offset == at)
            .collect();
        match relocs.as_slice() {
            [] => {
                let data = self.section_data(&section);
                assert_eq!(
                    &data[at as usize..at as usize + 8],
                    &[0; 8],
                    "unrelocated non-null slot"
                );
                Slot::Null
            }
            [r] => {
                assert_eq!(r.r_type, self.absolute_64(), "slot relocation type");
                Slot::To(r.symbol.clone(), r.addend)
            }
            _ => panic!("several relocations at {symbol}+{offset}"),
        }
    }

    /// The string a slot points at (symbol + addend, read up to the NUL).
    pub fn slot_string(&self, symbol: &str, offset: u64) -> String {
        let Slot::To(target, addend) = self.slot(symbol, offset) else {
            panic!("{symbol}+{offset} is null");
        };
        let bytes = self.data(&target);
        let start = addend as usize;
        let end = start + bytes[start..].iter().position(|&b| b == 0).expect("NUL");
        String::from_utf8(bytes[start..end].to_vec()).unwrap()
    }

    pub fn u16_at(&self, symbol: &str, offset: usize) -> u16 {
        let d = self.data(symbol);
        u16::from_le_bytes(d[offset..offset + 2].try_into().unwrap())
    }

    pub fn u32_at(&self, symbol: &str, offset: usize) -> u32 {
        let d = self.data(symbol);
        u32::from_le_bytes(d[offset..offset + 4].try_into().unwrap())
    }

    pub fn u64_at(&self, symbol: &str, offset: usize) -> u64 {
        let d = self.data(symbol);
        u64::from_le_bytes(d[offset..offset + 8].try_into().unwrap())
    }

    fn absolute_64(&self) -> u32 {
        match self.elf().header.e_machine {
            goblin::elf::header::EM_X86_64 => goblin::elf::reloc::R_X86_64_64,
            goblin::elf::header::EM_AARCH64 => goblin::elf::reloc::R_AARCH64_ABS64,
            other => panic!("unexpected machine {other}"),
        }
    }
}
