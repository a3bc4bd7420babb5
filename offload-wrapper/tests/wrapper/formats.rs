//! Format tests: real `sycl-post-link` output (its test fixtures, with the options `ncpu++`
//! passes), changed one way at a time, given to the `offload-wrapper` binary. Whatever could make
//! the program compute a wrong result is refused with exit status 1 and exactly one line naming
//! the file, the set and the cause (`docs/formats-validation.md`).

use std::path::{Path, PathBuf};

use sycl_offload_formats::base64;
use sycl_offload_formats::properties::{
    PropertySetRegistry, PropertyValue, KERNEL_PARAM_OPT, PROGRAM_METADATA,
    SPECIALIZATION_CONSTANTS, SPECIALIZATION_CONSTANTS_DEFAULT_VALUES,
};
use sycl_post_link::{parse_args, Command, NATIVE_CPU_DRIVER_OPTIONS};

use crate::common::{arg, strings, wrap_err, wrap_ok, Fixture};

/// `sycl-post-link`'s files for one fixture in a fresh directory: `spec_constants.ll` gives
/// `t_0` (`_ZTS7KernelA`) and `t_1` (`_ZTS7KernelB`), both with the two constants' sets;
/// `two_tus.ll` gives `u_0` (`_ZTS7KernelA`, with a `reqd_work_group_size`), `u_1`
/// (`_ZTS7KernelB`, with a removed argument) and `u_2` (`_ZTS7KernelC` and the exported
/// `_Z6helperi`).
struct PostLinked {
    fx: Fixture,
    table: PathBuf,
}

impl PostLinked {
    fn new(fixture: &str, stem: &str) -> Self {
        let fx = Fixture::new();
        let table = fx.path(&format!("{stem}.table"));
        let input = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../sycl-post-link/tests/fixtures")
            .join(fixture);
        let mut args = strings(NATIVE_CPU_DRIVER_OPTIONS);
        args.extend([String::from("-o"), arg(&table), arg(&input)]);
        let Ok(Command::Run(options)) = parse_args(args) else {
            panic!("sycl-post-link options")
        };
        sycl_post_link::run(&options).expect("sycl-post-link");
        PostLinked { fx, table }
    }

    /// The full path of one of the files, as the table and the messages write it.
    fn file(&self, name: &str) -> String {
        arg(&self.fx.path(name))
    }

    fn read(&self, name: &str) -> String {
        std::fs::read_to_string(self.fx.path(name)).unwrap()
    }

    /// Replaces the text `from` (which must occur) by `to` in the file `name`.
    fn edit(&self, name: &str, from: &str, to: &str) {
        let text = self.read(name);
        assert!(text.contains(from), "{from:?} not in {name}: {text}");
        self.fx.write(name, text.replacen(from, to, 1));
    }

    /// Rewrites the `.prop` file `name` after `change`.
    fn edit_properties(&self, name: &str, change: impl FnOnce(&mut PropertySetRegistry)) {
        let mut registry = PropertySetRegistry::read(&self.fx.path(name)).unwrap();
        change(&mut registry);
        self.fx.properties(name, &registry);
    }

    fn args(&self) -> Vec<String> {
        strings(&[
            "-o",
            &self.file("w.o"),
            "-host=x86_64-pc-linux-gnu",
            "-kind=sycl",
            "-target=native_cpu",
            "-batch",
            &arg(&self.table),
        ])
    }

    fn wraps(&self) {
        wrap_ok(self.fx.dir.path(), &self.args());
    }

    /// The one error line, without its `offload-wrapper: error: ` prefix; no output written.
    fn refused(&self) -> String {
        let line = wrap_err(self.fx.dir.path(), &self.args());
        assert!(!self.fx.path("w.o").exists());
        line.trim_start_matches("offload-wrapper: error: ")
            .trim_end()
            .to_owned()
    }
}

/// A value as a `.prop` file writes it after `=`.
fn text(value: &PropertyValue) -> String {
    match value {
        PropertyValue::U32(v) => format!("1|{v}"),
        PropertyValue::ByteArray(bytes) => format!("2|{}", base64::encode(bytes)),
    }
}

#[test]
fn unchanged_output_is_accepted() {
    PostLinked::new("spec_constants.ll", "t").wraps();
    PostLinked::new("two_tus.ll", "u").wraps();
}

#[test]
fn spec_constant_descriptors_must_be_the_codes() {
    let p = PostLinked::new("spec_constants.ll", "t");
    // Swapped numeric ids still describe one valid buffer, but not the one the code reads.
    let float = "uid1b2c3____float";
    p.edit_properties("t_0.prop", |registry| {
        let set = registry.set_mut(SPECIALIZATION_CONSTANTS);
        let (first, second) = set.properties.split_at_mut(1);
        std::mem::swap(&mut first[0].1, &mut second[0].1);
    });
    assert_eq!(
        p.refused(),
        format!(
            "{}: [SYCL/specialization constants] {float}: is {}, but the image {} gives {}",
            p.file("t_0.prop"),
            text(&PropertyValue::from_u32s(&[0, 0, 4])),
            p.file("t_0.bc"),
            text(&PropertyValue::from_u32s(&[1, 0, 4])),
        )
    );
}

#[test]
fn default_values_must_be_the_codes_and_fit_the_constants() {
    let p = PostLinked::new("spec_constants.ll", "t");
    // int_id = 42 at 0, float_id = 1.5 at 4.
    let defaults = [42i32.to_le_bytes(), 1.5f32.to_le_bytes()].concat();
    let mut changed = defaults.clone();
    changed[0] = 43;
    p.edit_properties("t_1.prop", |registry| {
        registry
            .set_mut(SPECIALIZATION_CONSTANTS_DEFAULT_VALUES)
            .properties[0]
            .1 = PropertyValue::from_bytes(&changed);
    });
    assert_eq!(
        p.refused(),
        format!(
            "{}: [SYCL/specialization constants default values] all: is {}, but the image {} \
             gives {}",
            p.file("t_1.prop"),
            text(&PropertyValue::from_bytes(&changed)),
            p.file("t_1.bc"),
            text(&PropertyValue::from_bytes(&defaults)),
        )
    );
    p.edit_properties("t_1.prop", |registry| {
        registry
            .set_mut(SPECIALIZATION_CONSTANTS_DEFAULT_VALUES)
            .properties[0]
            .1 = PropertyValue::from_bytes(&defaults[..4]);
    });
    assert_eq!(
        p.refused(),
        format!(
            "{}: [SYCL/specialization constants default values] all: holds 32 bits, but the \
             constants take 8 bytes",
            p.file("t_1.prop")
        )
    );
}

#[test]
fn sets_the_code_needs_must_be_there() {
    let p = PostLinked::new("spec_constants.ll", "t");
    p.edit_properties("t_0.prop", |registry| {
        registry
            .sets
            .retain(|set| !set.name.starts_with(SPECIALIZATION_CONSTANTS));
    });
    assert_eq!(
        p.refused(),
        format!(
            "{}: [SYCL/specialization constants]: missing, but the image {} needs it",
            p.file("t_0.prop"),
            p.file("t_0.bc")
        )
    );
    let (code, prop) = (p.file("t_0.bc"), p.file("t_0.prop"));
    p.edit("t.table", &format!("{code}|{prop}|"), &format!("{code}||"));
    assert_eq!(
        p.refused(),
        format!(
            "{code}: the image needs [SYCL/specialization constants], but no properties file \
             gives it"
        )
    );

    let p = PostLinked::new("two_tus.ll", "u");
    p.edit_properties("u_0.prop", |registry| {
        registry.sets.retain(|set| set.name != PROGRAM_METADATA);
    });
    assert_eq!(
        p.refused(),
        format!(
            "{}: [SYCL/program metadata]: missing, but the image {} needs it",
            p.file("u_0.prop"),
            p.file("u_0.bc")
        )
    );
}

#[test]
fn program_metadata_must_be_the_codes() {
    let p = PostLinked::new("two_tus.ll", "u");
    let key = "_ZTS7KernelA@reqd_work_group_size";
    let written = PropertySetRegistry::read(&p.fx.path("u_0.prop")).unwrap();
    let written = written
        .get(PROGRAM_METADATA)
        .unwrap()
        .get(key)
        .unwrap()
        .clone();
    let changed = PropertyValue::from_u32s(&[4, 4, 4]);
    p.edit_properties("u_0.prop", |registry| {
        registry.set_mut(PROGRAM_METADATA).properties[0].1 = changed.clone();
    });
    assert_eq!(
        p.refused(),
        format!(
            "{}: [SYCL/program metadata] {key}: is {}, but the image {} gives {}",
            p.file("u_0.prop"),
            text(&changed),
            p.file("u_0.bc"),
            text(&written)
        )
    );
    p.edit_properties("u_0.prop", |registry| {
        let set = registry.set_mut(PROGRAM_METADATA);
        set.properties[0].1 = written.clone();
        set.insert(
            "_ZTS7KernelB@reqd_work_group_size",
            PropertyValue::from_u32s(&[1]),
        );
    });
    assert_eq!(
        p.refused(),
        format!(
            "{}: [SYCL/program metadata] _ZTS7KernelB@reqd_work_group_size: the image {} gives \
             no such property",
            p.file("u_0.prop"),
            p.file("u_0.bc")
        )
    );
    p.edit_properties("u_0.prop", |registry| {
        registry.set_mut(PROGRAM_METADATA).properties =
            vec![(key.to_owned(), PropertyValue::from_u32s(&[1, 1, 1, 1]))];
    });
    assert_eq!(
        p.refused(),
        format!(
            "{}: [SYCL/program metadata] {key}: holds 128 bits; expected 1 to 3 32-bit sizes",
            p.file("u_0.prop")
        )
    );
}

#[test]
fn removed_argument_masks_must_be_the_codes() {
    let p = PostLinked::new("two_tus.ll", "u");
    p.edit_properties("u_1.prop", |registry| {
        registry.set_mut(KERNEL_PARAM_OPT).properties.clear();
    });
    assert_eq!(
        p.refused(),
        format!(
            "{}: [SYCL/kernel param opt] _ZTS7KernelB: missing, but the image {} gives it",
            p.file("u_1.prop"),
            p.file("u_1.bc")
        )
    );
}

#[test]
fn symbols_must_be_the_images_kernels() {
    let p = PostLinked::new("two_tus.ll", "u");
    p.edit("u_0.sym", "_ZTS7KernelA\n", "_ZTS7KernelA\n_ZTS7KernelB\n");
    assert_eq!(
        p.refused(),
        format!(
            "{}: '_ZTS7KernelB' is not a function the image {} defines",
            p.file("u_0.sym"),
            p.file("u_0.bc")
        )
    );
    p.edit("u_0.sym", "_ZTS7KernelB\n", "_ZTS7KernelA\n");
    assert_eq!(
        p.refused(),
        format!(
            "{}:2: '_ZTS7KernelA' is listed twice (first on line 1)",
            p.file("u_0.sym")
        )
    );
    p.fx.write("u_0.sym", b"_ZTS7KernelA\n_ZTS\xff\n");
    assert_eq!(
        p.refused(),
        format!(
            "{}: not UTF-8 text (invalid byte at offset 17)",
            p.file("u_0.sym")
        )
    );
    p.fx.write("u_0.sym", "_ZTS7KernelA\n");
    p.edit("u_2.sym", "_ZTS7KernelC\n", "");
    assert_eq!(
        p.refused(),
        format!(
            "{}: the image {} defines the kernel '_ZTS7KernelC', which is not listed",
            p.file("u_2.sym"),
            p.file("u_2.bc")
        )
    );
    let (code, prop, sym) = (p.file("u_2.bc"), p.file("u_2.prop"), p.file("u_2.sym"));
    p.edit(
        "u.table",
        &format!("{code}|{prop}|{sym}"),
        &format!("{code}|{prop}|"),
    );
    assert_eq!(
        p.refused(),
        format!(
            "{code}: the image defines the kernel '_ZTS7KernelC', but no symbols file lists it"
        )
    );
}

#[test]
fn malformed_property_files_are_refused() {
    let p = PostLinked::new("two_tus.ll", "u");
    for (name, from, to, error) in [
        (
            "u_0.prop",
            "aspects=2|AAAAAAAAAAA",
            "aspects=2|AAAAAAAAAAQ",
            ":2: invalid base64 byte array: the final group has unused bits set (not written by \
             an encoder)",
        ),
        (
            "u_1.prop",
            "[SYCL/kernel param opt]",
            "[SYCL/kernel param opts]",
            ": [SYCL/kernel param opts]: unknown property set",
        ),
        (
            "u_1.prop",
            "_ZTS7KernelB=2|CAAAAAAAAAgA",
            "_ZTS7KernelB=2|CAAAAAAAAAgA\n_ZTS7KernelB=2|CAAAAAAAAAgA",
            ": [SYCL/kernel param opt] _ZTS7KernelB: the key appears twice",
        ),
        (
            "u_1.prop",
            "aspects=2|gAAAAAAAAAgBAAAA",
            "aspects=2|gAAAAAAAAAgBAA",
            ": [SYCL/device requirements] aspects: the size header says 32 bits, but the data \
             is 2 bytes long",
        ),
        (
            "u_1.prop",
            "aspects=2|gAAAAAAAAAgBAAAA",
            "aspects=1|7",
            ": [SYCL/device requirements] aspects: is a 32-bit integer; expected a byte array",
        ),
    ] {
        let original = p.read(name);
        p.edit(name, from, to);
        assert_eq!(p.refused(), format!("{}{error}", p.file(name)));
        p.fx.write(name, original);
    }
    p.wraps();
}

#[test]
fn tables_name_each_file_once_in_known_columns() {
    let p = PostLinked::new("two_tus.ll", "u");
    let table = arg(&p.table);
    let (prop0, prop1) = (p.file("u_0.prop"), p.file("u_1.prop"));
    p.edit("u.table", &format!("|{prop1}|"), &format!("|{prop0}|"));
    assert_eq!(
        p.refused(),
        format!(
            "{table}: row 2, column Properties names {prop0}, already named in row 1, column \
             Properties"
        )
    );
    p.edit("u.table", &format!("|{prop0}|"), &format!("|{prop1}|"));
    p.edit(
        "u.table",
        "[Code|Properties|Symbols]",
        "[Code|Properties|Symbol]",
    );
    assert_eq!(
        p.refused(),
        format!(
            "{table}: unknown column 'Symbol' (expected Code, Properties, Symbols or Manifest)"
        )
    );
    p.edit(
        "u.table",
        "[Code|Properties|Symbol]",
        "[Code|Properties|Properties]",
    );
    assert_eq!(
        p.refused(),
        format!("{table}: the column 'Properties' appears twice")
    );
    p.edit(
        "u.table",
        "[Code|Properties|Properties]",
        "[Code|Properties|Symbols]",
    );
    let notes = arg(&p.fx.write("notes.txt", "not IR\n"));
    p.edit("u.table", &p.file("u_0.bc"), &notes);
    assert_eq!(
        p.refused(),
        format!("{notes}: invalid LLVM IR: 1:1: error: expected top-level entity")
    );
}
