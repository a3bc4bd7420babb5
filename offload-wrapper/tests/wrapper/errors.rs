//! Every error path: exit status 1, one `offload-wrapper: error: …` line naming the file
//! involved, no panic, and no output file.

use crate::common::{arg, strings, wrap_err, Fixture};

/// A valid image: code, symbols and properties files.
struct Inputs {
    fx: Fixture,
}

impl Inputs {
    fn new() -> Self {
        let fx = Fixture::new();
        fx.code("k.bc", 100, &["_ZTS1K"], &[]);
        fx.symbols("k.sym", &["_ZTS1K"]);
        fx.write("k.prop", "[SYCL/misc properties]\noptLevel=1|2\n");
        Inputs { fx }
    }

    fn file(&self, name: &str) -> String {
        arg(&self.fx.path(name))
    }

    /// A table file with the given text.
    fn table(&self, text: &str) -> String {
        arg(&self.fx.write("t.table", text))
    }

    /// A one-row [Code|Properties|Symbols] table with the given cells.
    fn row(&self, code: &str, prop: &str, sym: &str) -> String {
        self.table(&format!("[Code|Properties|Symbols]\n{code}|{prop}|{sym}\n"))
    }

    /// Runs with `-o <dir>/out.o -target=native_cpu` + `args` and returns the error line; checks
    /// that no output was written.
    fn fail(&self, args: &[&str]) -> String {
        let out = self.fx.path("out.o");
        let mut all = strings(&["-o", &arg(&out), "-target=native_cpu"]);
        all.extend(strings(args));
        let message = wrap_err(self.fx.dir.path(), &all);
        assert!(!out.exists(), "output written despite: {message}");
        message
    }

    fn fail_batch(&self, table: &str) -> String {
        self.fail(&["-batch", table])
    }
}

fn assert_mentions(message: &str, parts: &[&str]) {
    for part in parts {
        assert!(
            message.contains(part),
            "{message:?} does not mention {part:?}"
        );
    }
}

#[test]
fn unknown_option() {
    let inputs = Inputs::new();
    assert_eq!(
        inputs.fail(&["-x"]),
        "offload-wrapper: error: unknown option '-x'"
    );
    assert_eq!(
        inputs.fail(&["--frobnicate=1"]),
        "offload-wrapper: error: unknown option '--frobnicate=1'"
    );
}

#[test]
fn missing_output_and_inputs() {
    let fx = Fixture::new();
    let message = wrap_err(fx.dir.path(), &strings(&["-target=native_cpu", "a.bc"]));
    assert_mentions(&message, &["'-o <file>' is required"]);
    let message = wrap_err(
        fx.dir.path(),
        &strings(&["-o", "w.o", "-target=native_cpu"]),
    );
    assert_mentions(&message, &["no input files"]);
    let message = wrap_err(
        fx.dir.path(),
        &strings(&["-target=native_cpu", "a.bc", "-o"]),
    );
    assert_mentions(&message, &["option '-o' requires a value"]);
}

#[test]
fn missing_table() {
    let inputs = Inputs::new();
    let table = inputs.file("nope.table");
    assert_mentions(&inputs.fail_batch(&table), &[&table, "No such file"]);
}

#[test]
fn tables_that_are_directories_empty_or_not_text() {
    let inputs = Inputs::new();
    let dir = arg(inputs.fx.dir.path());
    assert_eq!(
        inputs.fail_batch(&dir),
        format!("offload-wrapper: error: {dir}: Is a directory (os error 21)")
    );
    let empty = arg(&inputs.fx.write("empty.table", ""));
    assert_eq!(
        inputs.fail_batch(&empty),
        format!("offload-wrapper: error: {empty}: the table has no 'Code' column")
    );
    let binary = arg(&inputs.fx.write("binary.table", [b'[', 0xff, b']']));
    assert_eq!(
        inputs.fail_batch(&binary),
        format!("offload-wrapper: error: {binary}: not UTF-8 text (invalid byte at offset 1)")
    );
}

#[test]
fn non_utf8_arguments() {
    use std::os::unix::ffi::OsStrExt;
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_offload-wrapper"))
        .arg(std::ffi::OsStr::from_bytes(b"k\xff.bc"))
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(
        String::from_utf8_lossy(&output.stderr),
        "offload-wrapper: error: argument \"k\\xff.bc\" is not valid UTF-8\n"
    );
}

#[test]
fn table_naming_missing_files() {
    let inputs = Inputs::new();
    let (code, prop, sym) = (
        inputs.file("k.bc"),
        inputs.file("k.prop"),
        inputs.file("k.sym"),
    );
    let missing = inputs.file("missing.sym");
    assert_mentions(
        &inputs.fail_batch(&inputs.row(&code, &prop, &missing)),
        &[&missing],
    );
    let missing = inputs.file("missing.prop");
    assert_mentions(
        &inputs.fail_batch(&inputs.row(&code, &missing, &sym)),
        &[&missing],
    );
    let missing = inputs.file("missing.bc");
    assert_mentions(
        &inputs.fail_batch(&inputs.row(&missing, &prop, &sym)),
        &["cannot read device code file", &missing],
    );
    let manifest = inputs.file("missing.mnf");
    let table = inputs.table(&format!("[Code|Manifest]\n{code}|{manifest}\n"));
    assert_mentions(
        &inputs.fail_batch(&table),
        &["cannot read manifest file", &manifest],
    );
}

#[test]
fn code_file_that_is_a_directory() {
    let inputs = Inputs::new();
    let dir = arg(inputs.fx.dir.path());
    assert_mentions(
        &inputs.fail(&[&dir]),
        &["cannot read device code file", &dir, "directory"],
    );
}

#[test]
fn malformed_property_file() {
    let inputs = Inputs::new();
    let bad = arg(&inputs
        .fx
        .write("bad.prop", "[SYCL/misc properties]\noptLevel=7|2\n"));
    let message = inputs.fail_batch(&inputs.row(&inputs.file("k.bc"), &bad, &inputs.file("k.sym")));
    assert_mentions(
        &message,
        &[&format!("{bad}:2:"), "unsupported property type '7'"],
    );
    let bad = arg(&inputs.fx.write("bad64.prop", "[S]\nk=2|A\n"));
    let message = inputs.fail(&[&format!("-properties={bad}"), &inputs.file("k.bc")]);
    assert_mentions(&message, &[&format!("{bad}:2:")]);
}

#[test]
fn malformed_tables() {
    let inputs = Inputs::new();
    let code = inputs.file("k.bc");
    let table = inputs.table(&format!("[Code|Symbols]\n{code}\n"));
    assert_mentions(
        &inputs.fail_batch(&table),
        &[&format!("{table}:2:"), "row size mismatch"],
    );
    let table = inputs.table("[Code|Symbols\n");
    assert_mentions(&inputs.fail_batch(&table), &[&format!("{table}:1:")]);
    let table = inputs.table(&format!(
        "[Symbols|Properties]\n{}|\n",
        inputs.file("k.sym")
    ));
    assert_mentions(&inputs.fail_batch(&table), &[&table, "no 'Code' column"]);
    let table = inputs.table(&format!("[Code|Symbols]\n|{}\n", inputs.file("k.sym")));
    assert_mentions(
        &inputs.fail_batch(&table),
        &[&table, "row 1", "image file name missing"],
    );
}

#[test]
fn unsupported_hosts() {
    let inputs = Inputs::new();
    let code = inputs.file("k.bc");
    for (triple, reason) in [
        (
            "riscv64-unknown-linux-gnu",
            "architecture 'riscv64' is not supported",
        ),
        ("x86_64-pc-windows-msvc", "does not use ELF objects"),
        ("aarch64-apple-darwin", "does not use ELF objects"),
        ("x86_64-unknown-linux-gnux32", "32-bit pointers"),
    ] {
        let message = inputs.fail(&[&format!("-host={triple}"), &code]);
        assert_mentions(
            &message,
            &[&format!("unsupported host triple '{triple}'"), reason],
        );
    }
}

#[test]
fn unsupported_kinds_formats_and_targets() {
    let inputs = Inputs::new();
    let code = inputs.file("k.bc");
    assert_mentions(
        &inputs.fail(&["-kind=openmp", &code]),
        &["offload kind 'openmp' is not supported"],
    );
    assert_mentions(
        &inputs.fail(&["-kind=cuda", &code]),
        &["invalid value 'cuda' for option '-kind'"],
    );
    assert_mentions(
        &inputs.fail(&["-format=elf", &code]),
        &["invalid value 'elf' for option '-format'"],
    );
    let message = inputs.fail(&["-target=spir64", &code]);
    assert_mentions(&message, &[&code, "target 'spir64'", "-native-cpu"]);
    let fx = Fixture::new();
    let message = wrap_err(fx.dir.path(), &strings(&["-o", "w.o", "a.bc"]));
    assert_mentions(&message, &["input 'a.bc'", "no offload target given"]);
}

#[test]
fn bad_input_groupings() {
    let inputs = Inputs::new();
    let code = inputs.file("k.bc");
    let table = inputs.row(&code, "", "");
    assert_mentions(
        &inputs.fail(&["-batch", &table, &code]),
        &["batch job table file must be the only input file"],
    );
    assert_mentions(
        &inputs.fail(&["-batch", &table, "-format=none", &table]),
        &["must be the only input file"],
    );
    assert_mentions(
        &inputs.fail(&["-batch", "-entries=x.sym", &table]),
        &["'-entries' and '-properties' cannot be used with '-batch'"],
    );
    assert_mentions(
        &inputs.fail(&[&code, &code, &code]),
        &["too many inputs for a single binary image"],
    );
}

#[test]
fn bad_option_values() {
    let inputs = Inputs::new();
    let code = inputs.file("k.bc");
    assert_mentions(
        &inputs.fail(&["-emit-reg-funcs=maybe", &code]),
        &["invalid value 'maybe' for option '-emit-reg-funcs' (expected true or false)"],
    );
    assert_mentions(
        &inputs.fail(&["-o", "again.o", &code]),
        &["option '-o' may only be given once"],
    );
}

#[test]
fn unwritable_output() {
    let inputs = Inputs::new();
    let out = arg(&inputs.fx.path("no/such/dir/w.o"));
    let message = wrap_err(
        inputs.fx.dir.path(),
        &strings(&[
            "-o",
            &out,
            "-target=native_cpu",
            &format!("-entries={}", inputs.file("k.sym")),
            &inputs.file("k.bc"),
        ]),
    );
    assert_mentions(&message, &["cannot write output file", &out]);
}
