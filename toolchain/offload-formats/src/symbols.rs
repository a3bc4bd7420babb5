//! `.sym` files: the entry points of one device image, one name per line, each ending in `\n`.

use std::path::Path;

use crate::FormatError;

/// The text of a `.sym` file for `names`.
pub fn to_text<S: AsRef<str>>(names: &[S]) -> String {
    names.iter().map(|n| format!("{}\n", n.as_ref())).collect()
}

/// Parses `.sym` text; blank lines are skipped.
pub fn parse(text: &str) -> Vec<String> {
    text.lines()
        .filter(|l| !l.is_empty())
        .map(str::to_owned)
        .collect()
}

pub fn read(path: &Path) -> Result<Vec<String>, FormatError> {
    let text = std::fs::read_to_string(path).map_err(|e| FormatError::io(path, e))?;
    Ok(parse(&text))
}

pub fn write<S: AsRef<str>>(path: &Path, names: &[S]) -> Result<(), FormatError> {
    std::fs::write(path, to_text(names)).map_err(|e| FormatError::io(path, e))
}

#[cfg(test)]
mod tests {
    #[test]
    fn one_name_per_line() {
        let text = super::to_text(&["_ZTS1A", "_ZTS1B"]);
        assert_eq!(text, "_ZTS1A\n_ZTS1B\n");
        assert_eq!(super::parse(&text), ["_ZTS1A", "_ZTS1B"]);
    }
}
