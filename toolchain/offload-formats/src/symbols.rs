//! `.sym` files: the entry points of one device image, one name per line, each ending in `\n`.

use std::collections::HashMap;
use std::path::Path;

use crate::FormatError;

/// The text of a `.sym` file for `names`.
pub fn to_text<S: AsRef<str>>(names: &[S]) -> String {
    names.iter().map(|n| format!("{}\n", n.as_ref())).collect()
}

/// Parses `.sym` text; blank lines are skipped. `path` is used in error messages only.
///
/// Each name becomes a C string in the wrapper's object and a key of the runtime's kernel table,
/// so a name holding a NUL character (which would name a different kernel once cut there) and a
/// name listed twice (which no `sycl-post-link` writes) are refused.
pub fn parse(text: &str, path: &Path) -> Result<Vec<String>, FormatError> {
    let mut first_line: HashMap<&str, usize> = HashMap::new();
    let mut names = Vec::new();
    for (line, name) in crate::numbered_lines(text, path)?
        .into_iter()
        .filter(|(_, l)| !l.is_empty())
    {
        if name.contains('\0') {
            return Err(FormatError::syntax(
                path,
                line,
                format!("the name '{}' holds a NUL character", name.escape_debug()),
            ));
        }
        if let Some(first) = first_line.insert(name, line) {
            return Err(FormatError::syntax(
                path,
                line,
                format!("'{name}' is listed twice (first on line {first})"),
            ));
        }
        names.push(name.to_owned());
    }
    Ok(names)
}

/// Reads and parses a `.sym` file (see [`parse`]).
pub fn read(path: &Path) -> Result<Vec<String>, FormatError> {
    parse(&crate::read_text(path)?, path)
}

/// Writes `names` as a `.sym` file, one per line.
pub fn write<S: AsRef<str>>(path: &Path, names: &[S]) -> Result<(), FormatError> {
    std::fs::write(path, to_text(names)).map_err(|e| FormatError::io(path, e))
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    #[test]
    fn one_name_per_line() {
        let text = super::to_text(&["_ZTS1A", "_ZTS1B"]);
        assert_eq!(text, "_ZTS1A\n_ZTS1B\n");
        assert_eq!(
            super::parse(&text, Path::new("k.sym")).unwrap(),
            ["_ZTS1A", "_ZTS1B"]
        );
    }

    #[test]
    fn refuses_names_the_object_cannot_hold() {
        let path = Path::new("k.sym");
        let error = super::parse("_ZTS1A\n_ZTS1B\n\n_ZTS1A\n", path).unwrap_err();
        assert_eq!(
            error.to_string(),
            "k.sym:4: '_ZTS1A' is listed twice (first on line 1)"
        );
        let error = super::parse("_ZTS1A\0B\n", path).unwrap_err();
        assert_eq!(
            error.to_string(),
            "k.sym:1: the name '_ZTS1A\\0B' holds a NUL character"
        );
    }

    /// Found by the `sym` fuzz target: a name holding a carriage return (`k\r`, or a lone `\r`)
    /// was accepted but written back without it, naming another kernel.
    #[test]
    fn refuses_carriage_returns_in_names() {
        let path = Path::new("k.sym");
        let error = super::parse("_ZTS1A\n_ZTS1B\rx\n", path).unwrap_err();
        assert_eq!(
            error.to_string(),
            "k.sym:2: a carriage return inside a line"
        );
        let error = super::parse("\r", path).unwrap_err();
        assert_eq!(
            error.to_string(),
            "k.sym:1: a carriage return inside a line"
        );
        assert_eq!(super::parse("_ZTS1A\r\n", path).unwrap(), ["_ZTS1A"]);
    }
}
