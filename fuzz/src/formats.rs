//! The hand-off file readers of `toolchain/offload-formats` on arbitrary text: `.table`, `.prop`
//! (then the property-set rules, spec-constant layout and program metadata) and `.sym`; and the
//! kernel metadata notes the runtime reads from a `PT_NOTE` segment, on arbitrary bytes.
//!
//! Besides "no panic, one-line errors", each target checks that what the reader accepts, the
//! matching writer writes back into text the reader reads as the same thing: `sycl-post-link`
//! writes with these writers and `offload-wrapper` reads with these readers.

use std::path::Path;

use sycl_offload_formats::kernel_notes::{self, KernelNote};
use sycl_offload_formats::properties::PropertySetRegistry;
use sycl_offload_formats::table::Table;
use sycl_offload_formats::{symbols, validate};

use crate::assert_one_line;

/// A `.table` file.
pub fn table(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let path = Path::new("fuzz.table");
    match Table::parse(text, path) {
        Ok(table) if !table.columns().is_empty() => {
            let again = Table::parse(&table.to_text(), path);
            assert_eq!(again.ok().as_ref(), Some(&table), "written back: {text:?}");
        }
        Ok(_) => {}
        Err(error) => assert_one_line("table", &error),
    }
}

/// A `.prop` file, parsed and then checked as the offload wrapper and the runtime check it.
pub fn prop(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let path = Path::new("fuzz.prop");
    let registry = match PropertySetRegistry::parse(text, path) {
        Ok(registry) => registry,
        Err(error) => return assert_one_line("prop", &error),
    };
    let again = PropertySetRegistry::parse(&registry.to_text(), path);
    assert_eq!(
        again.ok().as_ref(),
        Some(&registry),
        "written back: {text:?}"
    );
    if let Err(error) = validate::validate(&registry) {
        assert_one_line("prop (rules)", &error);
    }
}

/// A `.sym` file.
pub fn sym(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let path = Path::new("fuzz.sym");
    match symbols::parse(text, path) {
        Ok(names) => {
            let again = symbols::parse(&symbols::to_text(&names), path);
            assert_eq!(again.ok().as_ref(), Some(&names), "written back: {text:?}");
        }
        Err(error) => assert_one_line("sym", &error),
    }
}

/// A `PT_NOTE` segment (the first byte chooses 4- or 8-byte alignment): the kernel notes it
/// holds are read back the same once written again.
pub fn kernel_notes(data: &[u8]) {
    let Some((&choice, segment)) = data.split_first() else {
        return;
    };
    let align = if choice & 1 == 0 { 4 } else { 8 };
    match kernel_notes::parse_segment(segment, align) {
        Ok(notes) => {
            let written: Vec<u8> = notes.iter().flat_map(KernelNote::encode).collect();
            let again = kernel_notes::parse_segment(&written, 4);
            assert_eq!(again.as_ref(), Ok(&notes), "written back: {segment:?}");
        }
        Err(error) => assert_one_line("kernel_notes", &error),
    }
}
