//! SYCL's kernel attributes (`[[sycl::reqd_work_group_size(…)]]`, `[[intel::reqd_sub_group_size(…)]]`,
//! …) in a form upstream clang 22 keeps. Clang 22 ignores every `sycl::` and `intel::` attribute
//! ("unknown attribute … ignored"), so a kernel declaring its work-group or sub-group size would run
//! as if it had not. Before the front-ends read a source, the driver rewrites such attributes in it
//! into `__ncpu_sycl_kernel_attribute("<what>", <arguments>)`, which the device pass defines as
//! `__attribute__((noinline, annotate(…)))` and the host pass as nothing; `lower-kernel-properties`
//! then gives the kernels calling the annotated function the metadata DPC++'s front-end writes
//! (docs/kernel-features.md, "Kernel attributes").
//!
//! The rewrite is textual and keeps every line where it was: clang reads the rewritten text
//! under the source's own name (`-remap-file`), so diagnostics, `__FILE__`, `#include "…"` and
//! dependency files are the source's. It covers the main source and the headers it includes
//! (but ours), attributes inside macros included; comments, string and character literals are
//! skipped.
//!
//! In an unnamed namespace it writes `SYCL_EXT_ONEAPI_FUNCTION_PROPERTY` as the headers'
//! `__NCPU_INTERNAL_FUNCTION_PROPERTY`, which leaves out the `SYCL_EXTERNAL` clang refuses on a
//! function of internal linkage (docs/free-function-kernels.md).
//!
//! It also moves `SYCL_EXTERNAL` written after declaration specifiers (`extern SYCL_EXTERNAL`)
//! before them: DPC++ defines the macro as a GNU attribute, which may stand there; ours is
//! `[[clang::sycl_external]]`, which may not (docs/kernel-features.md, "Kernel attributes").

/// The macro the rewritten attributes call.
pub const MACRO: &str = "__ncpu_sycl_kernel_attribute";

/// The macro's definition in the device pass (`-D`): the function keeps its calls until
/// `lower-kernel-properties` has read which kernels call it.
pub const DEVICE_DEFINITION: &str =
    "__ncpu_sycl_kernel_attribute(...)=__attribute__((noinline, annotate(__VA_ARGS__)))";

/// The macro's definition in the host pass: the attributes mean nothing to host code.
pub const HOST_DEFINITION: &str = "__ncpu_sycl_kernel_attribute(...)=";

use nativecpu_compiler::passes::lower_kernel_properties::{
    DEVICE_HAS_ANNOTATION as DEVICE_HAS,
    PRIMARY_SUB_GROUP_SIZE_ANNOTATION as PRIMARY_SUB_GROUP_SIZE,
    REQD_SUB_GROUP_SIZE_ANNOTATION as REQD_SUB_GROUP_SIZE,
    REQD_WORK_GROUP_SIZE_ANNOTATION as REQD_WORK_GROUP_SIZE,
};

/// What becomes of one attribute.
enum Meaning {
    /// An annotation of this name, with the attribute's arguments.
    Annotation(&'static str),
    /// Nothing: a hint with no effect on this device.
    Dropped,
    /// `named_sub_group_size(primary)`, the `sub_group_size_primary` property's annotation;
    /// `(automatic)`, nothing (sycl_ext_oneapi_named_sub_group_sizes).
    NamedSubGroupSize,
}

/// The attributes this module rewrites, by namespace and name. The hints are those DPC++
/// accepts for every device that change nothing on a CPU: FPGA tuning, and sizes a kernel only
/// suggests.
fn meaning(namespace: &str, name: &str) -> Option<Meaning> {
    match (namespace, name) {
        ("sycl" | "intel" | "cl", "reqd_work_group_size") => {
            Some(Meaning::Annotation(REQD_WORK_GROUP_SIZE))
        }
        ("sycl" | "intel", "reqd_sub_group_size") => Some(Meaning::Annotation(REQD_SUB_GROUP_SIZE)),
        ("sycl", "device_has") => Some(Meaning::Annotation(DEVICE_HAS)),
        ("sycl" | "cl", "work_group_size_hint" | "vec_type_hint")
        | (
            "intel",
            "kernel_args_restrict"
            | "num_simd_work_items"
            | "max_global_work_dim"
            | "no_global_work_offset"
            | "scheduler_target_fmax_mhz"
            | "initiation_interval"
            | "max_concurrency"
            | "loop_fuse"
            | "loop_fuse_independent",
        ) => Some(Meaning::Dropped),
        ("intel", "named_sub_group_size") => Some(Meaning::NamedSubGroupSize),
        _ => None,
    }
}

/// `source` with its SYCL kernel attributes rewritten, or `None` when it has none.
pub fn rewrite(source: &[u8]) -> Option<Vec<u8>> {
    let mut output = Vec::with_capacity(source.len());
    let mut changed = false;
    let mut namespaces = Namespaces::default();
    let mut position = 0;
    while position < source.len() {
        let skipped = skip_non_code(source, position);
        if skipped > position {
            output.extend_from_slice(&source[position..skipped]);
            position = skipped;
            continue;
        }
        namespaces.read(source, position);
        if namespaces.in_unnamed() && starts_token(source, position, FUNCTION_PROPERTY) {
            output.extend_from_slice(INTERNAL_FUNCTION_PROPERTY);
            position += FUNCTION_PROPERTY.len();
            changed = true;
            continue;
        }
        if starts_token(source, position, SYCL_EXTERNAL) {
            if let Some(start) = trailing_specifiers(&output) {
                let specifiers = output.split_off(start);
                output.extend_from_slice(SYCL_EXTERNAL);
                output.push(b' ');
                output.extend_from_slice(&specifiers);
                position += SYCL_EXTERNAL.len();
                changed = true;
                continue;
            }
        }
        if source[position..].starts_with(b"[[") {
            if let Some((end, replacement)) = rewrite_specifier(source, position) {
                output.extend_from_slice(&replacement);
                position = end;
                changed = true;
                continue;
            }
        }
        output.push(source[position]);
        position += 1;
    }
    changed.then_some(output)
}

/// The macro marking functions other translation units' kernels call.
const SYCL_EXTERNAL: &[u8] = b"SYCL_EXTERNAL";

/// The free function kernel macro, whose `SYCL_EXTERNAL` clang refuses on a function of
/// internal linkage, and the headers' form without it for functions in an unnamed namespace
/// (launched only in their own translation unit, where the device pass compiles them anyway).
const FUNCTION_PROPERTY: &[u8] = b"SYCL_EXT_ONEAPI_FUNCTION_PROPERTY";
const INTERNAL_FUNCTION_PROPERTY: &[u8] = b"__NCPU_INTERNAL_FUNCTION_PROPERTY";

/// The braces open at a point of the source, each marked whether it opens an unnamed
/// namespace (`namespace {`), read as the rewrite passes them.
#[derive(Default)]
struct Namespaces {
    open: Vec<bool>,
    after_namespace: bool,
}

impl Namespaces {
    /// Takes in the code byte or token at `position`.
    fn read(&mut self, source: &[u8], position: usize) {
        match source[position] {
            b'{' => {
                self.open.push(self.after_namespace);
                self.after_namespace = false;
            }
            b'}' => {
                self.open.pop();
            }
            byte if byte.is_ascii_whitespace() => {}
            // Inside an identifier already taken in.
            byte if is_identifier_byte(byte) && identifier_start(source, position) < position => {}
            // `namespace {` is unnamed; `namespace name {` and anything else in between is not.
            _ => self.after_namespace = starts_token(source, position, b"namespace"),
        }
    }

    fn in_unnamed(&self) -> bool {
        self.open.contains(&true)
    }
}

/// The declaration specifiers DPC++'s `SYCL_EXTERNAL`, a GNU attribute there, may follow
/// (`extern SYCL_EXTERNAL void f();`) but ours, a standard attribute, may not: clang 22 has
/// `sycl_external` in no other spelling.
const SPECIFIERS: [&[u8]; 7] = [
    b"extern",
    b"static",
    b"inline",
    b"constexpr",
    b"consteval",
    b"virtual",
    b"friend",
];

/// Whether the identifier `token` is at `position`, not inside a longer one.
fn starts_token(source: &[u8], position: usize, token: &[u8]) -> bool {
    source[position..].starts_with(token)
        && identifier_start(source, position) == position
        && source
            .get(position + token.len())
            .is_none_or(|&b| !is_identifier_byte(b))
}

/// Where the run of [`SPECIFIERS`] that `text` ends with (spaces after them allowed) starts,
/// if it ends with one.
fn trailing_specifiers(text: &[u8]) -> Option<usize> {
    let mut first = None;
    let mut end = text.len();
    loop {
        while end > 0 && text[end - 1].is_ascii_whitespace() {
            end -= 1;
        }
        let start = identifier_start(text, end);
        if start == end || !SPECIFIERS.contains(&&text[start..end]) {
            return first;
        }
        first = Some(start);
        end = start;
    }
}

/// The end of the comment or literal starting at `position`, or `position` when code starts
/// there.
fn skip_non_code(source: &[u8], position: usize) -> usize {
    let rest = &source[position..];
    if rest.starts_with(b"//") {
        let mut end = position;
        // A backslash before the newline continues the comment.
        while end < source.len() && !(source[end] == b'\n' && source[end - 1] != b'\\') {
            end += 1;
        }
        return end;
    }
    if rest.starts_with(b"/*") {
        return find(source, position + 2, b"*/").map_or(source.len(), |end| end + 2);
    }
    match source[position] {
        b'"' if is_raw_string_prefix(source, position) => skip_raw_string(source, position),
        b'"' => skip_quoted(source, position, b'"'),
        b'\'' if !is_digit_separator(source, position) => skip_quoted(source, position, b'\''),
        _ => position,
    }
}

fn find(source: &[u8], from: usize, needle: &[u8]) -> Option<usize> {
    source
        .get(from..)?
        .windows(needle.len())
        .position(|window| window == needle)
        .map(|offset| from + offset)
}

/// The end of the literal quoted by `quote` at `position` (escapes honoured; a literal left open
/// ends at the line's end, as the compiler will say).
fn skip_quoted(source: &[u8], position: usize, quote: u8) -> usize {
    let mut end = position + 1;
    while end < source.len() && source[end] != quote && source[end] != b'\n' {
        end += if source[end] == b'\\' { 2 } else { 1 };
    }
    (end + 1).min(source.len())
}

/// Whether the `"` at `position` opens a raw string: `R"`, `u8R"`, `LR"`, `uR"`, `UR"`.
fn is_raw_string_prefix(source: &[u8], position: usize) -> bool {
    let start = identifier_start(source, position);
    matches!(
        &source[start..position],
        b"R" | b"u8R" | b"LR" | b"uR" | b"UR"
    )
}

/// The end of the raw string whose `"` is at `position`: `"delimiter( … )delimiter"`.
fn skip_raw_string(source: &[u8], position: usize) -> usize {
    let Some(open) = source[position..].iter().position(|&b| b == b'(') else {
        return source.len();
    };
    let delimiter = &source[position + 1..position + open];
    let mut closing = vec![b')'];
    closing.extend_from_slice(delimiter);
    closing.push(b'"');
    find(source, position + open + 1, &closing).map_or(source.len(), |end| end + closing.len())
}

/// Whether `byte` may be part of an identifier or number.
fn is_identifier_byte(byte: u8) -> bool {
    byte.is_ascii_alphanumeric() || byte == b'_'
}

/// Where the identifier or number ending just before `position` starts.
fn identifier_start(source: &[u8], position: usize) -> usize {
    let mut start = position;
    while start > 0 && is_identifier_byte(source[start - 1]) {
        start -= 1;
    }
    start
}

/// Whether the `'` at `position` separates digits (`1'000'000`) rather than opening a character
/// literal (`'a'`, `u8'a'`).
fn is_digit_separator(source: &[u8], position: usize) -> bool {
    let start = identifier_start(source, position);
    start < position && source[start].is_ascii_digit()
}

/// One attribute of an attribute list.
struct Attribute<'a> {
    namespace: &'a str,
    name: &'a str,
    /// The text between the parentheses, if any.
    arguments: Option<&'a str>,
    /// The attribute's whole text, kept when this module leaves it alone.
    text: &'a str,
}

/// The end of the attribute specifier `[[ … ]]` at `start`, and its rewritten text; `None` when
/// it has none of our attributes, or is not one this simple parser reads (a `using` prefix,
/// comments inside).
fn rewrite_specifier(source: &[u8], start: usize) -> Option<(usize, Vec<u8>)> {
    let (end, attributes) = parse_specifier(source, start)?;
    if attributes
        .iter()
        .all(|a| meaning(a.namespace, a.name).is_none())
    {
        return None;
    }
    let mut calls = Vec::new();
    let mut kept = Vec::new();
    for attribute in &attributes {
        match meaning(attribute.namespace, attribute.name) {
            Some(Meaning::Annotation(annotation)) => {
                // On one line: the newlines of the specifier are put back after it.
                let arguments = attribute.arguments.unwrap_or("").replace('\n', " ");
                calls.push(match arguments.trim() {
                    "" => format!("{MACRO}(\"{annotation}\")"),
                    arguments => format!("{MACRO}(\"{annotation}\", {arguments})"),
                });
            }
            Some(Meaning::Dropped) => {}
            Some(Meaning::NamedSubGroupSize) => match attribute.arguments.map(str::trim) {
                Some("primary") => calls.push(format!("{MACRO}(\"{PRIMARY_SUB_GROUP_SIZE}\")")),
                Some("automatic") => {}
                // Any other name is clang's to report ("unknown attribute ignored").
                _ => kept.push(attribute.text.replace('\n', " ")),
            },
            None => kept.push(attribute.text.replace('\n', " ")),
        }
    }
    // GNU attributes first: clang takes them before a `[[…]]` on a lambda, and on declarations.
    let mut text = calls.join(" ");
    if !kept.is_empty() {
        text.push_str(&format!(" [[{}]]", kept.join(", ")));
    }
    // Every line stays where it was.
    let newlines = source[start..end].iter().filter(|&&b| b == b'\n').count();
    text.push_str(&"\n".repeat(newlines));
    Some((end, text.into_bytes()))
}

/// The end of the specifier `[[ attribute, … ]]` at `start`, and its attributes.
fn parse_specifier(source: &[u8], start: usize) -> Option<(usize, Vec<Attribute<'_>>)> {
    // The specifier ends at the first `]]`: the attributes rewritten here have no brackets in
    // their arguments.
    let end = find(source, start + 2, b"]]")? + 2;
    let text = std::str::from_utf8(&source[start..end]).ok()?;
    let mut cursor = Cursor { text, position: 2 };
    let mut attributes = Vec::new();
    loop {
        cursor.skip_spaces();
        if cursor.eat("]]") {
            return Some((start + cursor.position, attributes));
        }
        if !attributes.is_empty() && !cursor.eat(",") {
            return None;
        }
        cursor.skip_spaces();
        attributes.push(cursor.attribute()?);
    }
}

/// A position in a specifier's text.
struct Cursor<'a> {
    text: &'a str,
    position: usize,
}

impl<'a> Cursor<'a> {
    fn rest(&self) -> &'a str {
        &self.text[self.position..]
    }

    fn skip_spaces(&mut self) {
        let rest = self.rest();
        self.position += rest.len() - rest.trim_start().len();
    }

    fn eat(&mut self, token: &str) -> bool {
        let found = self.rest().starts_with(token);
        if found {
            self.position += token.len();
        }
        found
    }

    fn identifier(&mut self) -> Option<&'a str> {
        let rest = self.rest();
        let length = rest
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .unwrap_or(rest.len());
        let identifier = &rest[..length];
        if identifier.is_empty() || identifier.as_bytes()[0].is_ascii_digit() {
            return None;
        }
        self.position += length;
        Some(identifier)
    }

    /// `name`, `namespace::name`, either with `( arguments )` and an optional `...`.
    fn attribute(&mut self) -> Option<Attribute<'a>> {
        let start = self.position;
        let first = self.identifier()?;
        if first == "using" {
            return None;
        }
        self.skip_spaces();
        let (namespace, name) = if self.eat("::") {
            self.skip_spaces();
            (first, self.identifier()?)
        } else {
            ("", first)
        };
        self.skip_spaces();
        let arguments = if self.rest().starts_with('(') {
            Some(self.balanced_parentheses()?)
        } else {
            None
        };
        self.skip_spaces();
        self.eat("...");
        Some(Attribute {
            namespace,
            name,
            arguments,
            text: self.text[start..self.position].trim_end(),
        })
    }

    /// The text inside the parentheses opening here, which the cursor leaves behind. Comments,
    /// literals holding parentheses and unbalanced text are not read.
    fn balanced_parentheses(&mut self) -> Option<&'a str> {
        let rest = self.rest();
        let mut depth = 0usize;
        for (offset, c) in rest.char_indices() {
            match c {
                '(' => depth += 1,
                ')' => {
                    depth -= 1;
                    if depth == 0 {
                        self.position += offset + 1;
                        return Some(&rest[1..offset]);
                    }
                }
                '"' | '\'' | '/' | ']' => return None,
                _ => {}
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rewritten(source: &str) -> Option<String> {
        rewrite(source.as_bytes()).map(|bytes| String::from_utf8(bytes).unwrap())
    }

    #[test]
    fn rewrites_the_size_attributes_of_lambdas_and_functors() {
        assert_eq!(
            rewritten("q.parallel_for(r, [=](nd_item<1> i) [[intel::reqd_sub_group_size(8)]] { f(i); });")
                .unwrap(),
            "q.parallel_for(r, [=](nd_item<1> i) __ncpu_sycl_kernel_attribute(\"sycl-reqd-sub-group-size\", 8) { f(i); });"
        );
        assert_eq!(
            rewritten("[[ sycl :: reqd_work_group_size ( N, 2 * M ) ]] void operator()() const;")
                .unwrap(),
            "__ncpu_sycl_kernel_attribute(\"sycl-reqd-work-group-size\", N, 2 * M) void operator()() const;"
        );
    }

    #[test]
    fn keeps_other_attributes_and_drops_hints() {
        assert_eq!(
            rewritten("[[nodiscard, sycl::reqd_sub_group_size(16), intel::kernel_args_restrict]] int f();")
                .unwrap(),
            "__ncpu_sycl_kernel_attribute(\"sycl-reqd-sub-group-size\", 16) [[nodiscard]] int f();"
        );
        assert_eq!(
            rewritten("[](int) [[sycl::work_group_size_hint(4)]] {}").unwrap(),
            "[](int)  {}"
        );
        assert_eq!(
            rewritten("[[nodiscard]] int f(); int a[[[maybe_unused]] 1];"),
            None
        );
    }

    #[test]
    fn free_function_kernels_in_unnamed_namespaces_are_not_sycl_external() {
        let source = "namespace { namespace inner { SYCL_EXT_ONEAPI_FUNCTION_PROPERTY((p)) void f(); } }\n\
                      namespace named { SYCL_EXT_ONEAPI_FUNCTION_PROPERTY((p)) void g(); }\n\
                      namespace { struct s { int a; }; } SYCL_EXT_ONEAPI_FUNCTION_PROPERTY((p)) void h();";
        assert_eq!(
            rewritten(source).unwrap(),
            "namespace { namespace inner { __NCPU_INTERNAL_FUNCTION_PROPERTY((p)) void f(); } }\n\
             namespace named { SYCL_EXT_ONEAPI_FUNCTION_PROPERTY((p)) void g(); }\n\
             namespace { struct s { int a; }; } SYCL_EXT_ONEAPI_FUNCTION_PROPERTY((p)) void h();"
        );
        assert_eq!(
            rewritten("namespace named { SYCL_EXT_ONEAPI_FUNCTION_PROPERTY((p)) void g(); }"),
            None
        );
    }

    #[test]
    fn keeps_lines_in_place() {
        let source = "auto k = [](int) [[sycl::reqd_work_group_size(\n  64)]] {};\nint x;";
        let result = rewritten(source).unwrap();
        assert_eq!(result.lines().count(), source.lines().count());
        assert!(result.ends_with("{};\nint x;"));
    }

    #[test]
    fn skips_comments_and_literals() {
        for source in [
            "// [[sycl::reqd_sub_group_size(8)]]\nint a;",
            "/* [[sycl::reqd_sub_group_size(8)]] */ int a;",
            "const char *s = \"[[sycl::reqd_sub_group_size(8)]]\";",
            "const char *s = R\"x([[sycl::reqd_sub_group_size(8)]])x\";",
            "char c = '['; const char *s = \"\\\"[[sycl::reqd_sub_group_size(8)]]\";",
        ] {
            assert_eq!(rewritten(source), None, "{source}");
        }
        assert!(
            rewritten("int n = 1'000; auto k = [](int) [[sycl::reqd_sub_group_size(8)]] {};")
                .is_some()
        );
    }

    #[test]
    fn rewrites_attributes_inside_macros() {
        assert_eq!(
            rewritten("#define SG [[intel::reqd_sub_group_size(SIZE)]]\n").unwrap(),
            "#define SG __ncpu_sycl_kernel_attribute(\"sycl-reqd-sub-group-size\", SIZE)\n"
        );
    }

    /// Asserts that each source is rewritten into its expected text.
    fn assert_rewrites(cases: &[(&str, &str)]) {
        for (source, expected) in cases {
            assert_eq!(rewritten(source).as_deref(), Some(*expected), "{source}");
        }
    }

    #[test]
    fn named_sub_group_sizes() {
        assert_rewrites(&[
            (
                "[[intel::named_sub_group_size(primary)]] void f();",
                "__ncpu_sycl_kernel_attribute(\"sycl-primary-sub-group-size\") void f();",
            ),
            (
                "[[intel::named_sub_group_size( automatic )]] void f();",
                " void f();",
            ),
            (
                "[[intel::named_sub_group_size(widest)]] void f();",
                " [[intel::named_sub_group_size(widest)]] void f();",
            ),
        ]);
    }

    #[test]
    fn puts_sycl_external_before_declaration_specifiers() {
        assert_rewrites(&[
            (
                "extern SYCL_EXTERNAL int f(int);",
                "SYCL_EXTERNAL extern  int f(int);",
            ),
            (
                "static inline\nSYCL_EXTERNAL int g();",
                "SYCL_EXTERNAL static inline\n int g();",
            ),
        ]);
        for source in [
            "SYCL_EXTERNAL extern int f(int);",
            "extern \"C\" SYCL_EXTERNAL int f(int);",
            "my_extern SYCL_EXTERNAL_IMPL int f(int);",
            "#ifndef SYCL_EXTERNAL\n#define SYCL_EXTERNAL\n#endif",
            "// extern SYCL_EXTERNAL int f(int);",
        ] {
            assert_eq!(rewritten(source), None, "{source}");
        }
    }

    #[test]
    fn leaves_what_it_cannot_read() {
        for source in [
            "[[using intel: reqd_sub_group_size(8)]] void f();",
            "[[sycl::reqd_work_group_size(/* x */ 8)]] void f();",
            "[[sycl::reqd_work_group_size(8)",
        ] {
            assert_eq!(rewritten(source), None, "{source}");
        }
    }
}
