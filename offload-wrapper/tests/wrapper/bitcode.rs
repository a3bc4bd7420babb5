//! `-o <file>.bc`: the LLVM bitcode, disassembled with `llvm-dis` and checked with `FileCheck`
//! against `bitcode.check` (one prefix per scenario), and compared with the object written
//! directly. (That the bitcode, compiled by clang, links and runs like the object is in
//! `link.rs`.)

use std::collections::BTreeSet;
use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};

use crate::common::{arg, strings, two_image_table, wrap_ok, Fixture};
use goblin::elf::sym::{STT_FILE, STT_SECTION};

const CHECK_FILE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/wrapper/bitcode.check");

/// The textual IR of a bitcode file.
fn disassemble(bitcode: &Path) -> String {
    let out = Command::new(ncpu_locate::llvm::tool("llvm-dis"))
        .arg(bitcode)
        .arg("-o")
        .arg("-")
        .output()
        .expect("run llvm-dis");
    assert!(
        out.status.success(),
        "llvm-dis {bitcode:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// Checks `ir` against the `prefix` lines of `bitcode.check`.
fn file_check(ir: &str, prefix: &str) {
    let mut child = Command::new(ncpu_locate::llvm::tool("FileCheck"))
        .args([CHECK_FILE, &format!("--check-prefix={prefix}")])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run FileCheck");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(ir.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(
        out.status.success(),
        "FileCheck --check-prefix={prefix} failed:\n{}\n--- IR ---\n{ir}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// The wrapper arguments before `-o` for [`two_image_table`].
fn two_images(fx: &Fixture) -> Vec<String> {
    strings(&[
        "-kind=sycl",
        "-target=native_cpu",
        "-compile-opts=-O2",
        "-link-opts=-lfoo",
        "-batch",
        &arg(&two_image_table(fx)),
    ])
}

/// Runs the wrapper with `options` and `-o <name>`, returning the output's path.
fn wrap(fx: &Fixture, name: &str, options: &[String]) -> std::path::PathBuf {
    let output = fx.path(name);
    let mut args = strings(&["-o", &arg(&output)]);
    args.extend_from_slice(options);
    wrap_ok(fx.dir.path(), &args);
    output
}

#[test]
fn bitcode_holds_the_wrapper_structures_for_x86_64() {
    let fx = Fixture::new();
    let mut options = strings(&["-host=x86_64-unknown-linux-gnu"]);
    options.extend(two_images(&fx));
    let ir = disassemble(&wrap(&fx, "w.bc", &options));
    file_check(&ir, "CHECK");
}

#[test]
fn bitcode_for_aarch64_has_its_triple_and_data_layout() {
    let fx = Fixture::new();
    let mut options = strings(&["-host=aarch64-unknown-linux-gnu"]);
    options.extend(two_images(&fx));
    let ir = disassemble(&wrap(&fx, "w.bc", &options));
    file_check(&ir, "AARCH64");
}

#[test]
fn bitcode_without_registration_exports_a_named_descriptor() {
    let fx = Fixture::new();
    let kernels = ["_ZTS4Test", "k.NativeCPUKernel"];
    let code = fx.code("k.bc", 200, &kernels, &[]);
    let sym = fx.symbols("k.sym", &kernels);
    let options = strings(&[
        "-host=x86_64-unknown-linux-gnu",
        "-emit-reg-funcs=false",
        "-desc-name=lib_images",
        "-native-cpu",
        &format!("-entries={}", arg(&sym)),
        &arg(&code),
    ]);
    let ir = disassemble(&wrap(&fx, "w.bc", &options));
    file_check(&ir, "NOREG");
}

#[test]
fn no_images_give_an_empty_module() {
    let fx = Fixture::new();
    let table = fx.table("empty.table", &["Code", "Symbols"], &[]);
    let options = strings(&[
        "-host=x86_64-unknown-linux-gnu",
        "-native-cpu",
        "-batch",
        &arg(&table),
    ]);
    let ir = disassemble(&wrap(&fx, "w.bc", &options));
    file_check(&ir, "EMPTY");
}

/// The named symbols of an object (no section or file symbols).
fn symbol_names(object: &Path) -> BTreeSet<String> {
    let bytes = std::fs::read(object).unwrap();
    let elf = goblin::elf::Elf::parse(&bytes).unwrap();
    elf.syms
        .iter()
        .filter(|sym| sym.st_type() != STT_SECTION && sym.st_type() != STT_FILE)
        .filter_map(|sym| elf.strtab.get_at(sym.st_name))
        .filter(|name| !name.is_empty())
        .map(str::to_owned)
        .collect()
}

/// Both back ends write one description: the object clang compiles from the bitcode has the same
/// symbols, with the same `.N` names, as the object written directly.
#[test]
fn compiled_bitcode_has_the_symbols_of_the_direct_object() {
    let fx = Fixture::new();
    let mut options = strings(&["-host=x86_64-unknown-linux-gnu"]);
    options.extend(two_images(&fx));
    let object = wrap(&fx, "direct.o", &options);
    let bitcode = wrap(&fx, "w.bc", &options);
    let compiled = fx.path("compiled.o");
    let out = Command::new(ncpu_locate::llvm::tool("clang"))
        .args(["-c", "--target=x86_64-unknown-linux-gnu"])
        .arg(&bitcode)
        .arg("-o")
        .arg(&compiled)
        .output()
        .expect("run clang");
    assert!(
        out.status.success(),
        "clang -c: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(symbol_names(&compiled), symbol_names(&object));
}
