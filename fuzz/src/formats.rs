//! The hand-off file readers of `toolchain/offload-formats` on arbitrary text: `.table`, `.prop`
//! (then the property-set rules, spec-constant layout and program metadata) and `.sym`.
//!
//! Besides "no panic, one-line errors", each target checks that what the reader accepts, the
//! matching writer writes back into text the reader reads as the same thing: `sycl-post-link`
//! writes with these writers and `offload-wrapper` reads with these readers.

use std::path::Path;

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
