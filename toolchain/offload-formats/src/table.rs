//! The file table (`.table`) that lists one row per output device image.
//!
//! The first line holds the column titles in brackets, `[Code|Properties|Symbols]`; every further
//! line is a row of `|`-separated cells, each line ending in `\n`. Readers must find cells by
//! column *name*: the wrapper also accepts `[Code|Symbols|Properties|Manifest]`.

use std::path::Path;

use crate::FormatError;

/// Column holding the device code file of a row.
pub const CODE: &str = "Code";
/// Column holding the property-set file of a row.
pub const PROPERTIES: &str = "Properties";
/// Column holding the symbol (entry point) file of a row.
pub const SYMBOLS: &str = "Symbols";
/// Column holding an optional manifest file (read by the wrapper only).
pub const MANIFEST: &str = "Manifest";

/// A table of named columns and rows of cells.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Table {
    columns: Vec<String>,
    rows: Vec<Vec<String>>,
}

impl Table {
    /// An empty table with the given column titles.
    pub fn new<S: Into<String>>(columns: impl IntoIterator<Item = S>) -> Self {
        Table {
            columns: columns.into_iter().map(Into::into).collect(),
            rows: Vec::new(),
        }
    }

    /// The column titles, in order (for example `Code`, `Properties`, `Symbols`).
    pub fn columns(&self) -> &[String] {
        &self.columns
    }

    /// The rows, each with one cell per column.
    pub fn rows(&self) -> &[Vec<String>] {
        &self.rows
    }

    /// Appends a row; it must have one cell per column.
    pub fn push_row<S: Into<String>>(&mut self, cells: impl IntoIterator<Item = S>) {
        let row: Vec<String> = cells.into_iter().map(Into::into).collect();
        assert_eq!(row.len(), self.columns.len(), "row size mismatch");
        self.rows.push(row);
    }

    /// The index of a column by title.
    pub fn column_index(&self, title: &str) -> Option<usize> {
        self.columns.iter().position(|c| c == title)
    }

    /// The cell of `row` in column `title`, if that column exists.
    pub fn cell(&self, row: usize, title: &str) -> Option<&str> {
        self.column_index(title).map(|i| self.rows[row][i].as_str())
    }

    /// Parses table text. `path` is used in error messages only.
    pub fn parse(text: &str, path: &Path) -> Result<Self, FormatError> {
        let lines = crate::numbered_lines(text, path)?;
        let mut table = Table::default();
        let Some(&(title_no, first)) = lines.first() else {
            return Ok(table);
        };
        let rows = if first.starts_with('[') {
            let Some(inner) = first.strip_prefix('[').and_then(|l| l.strip_suffix(']')) else {
                return Err(FormatError::syntax(
                    path,
                    title_no,
                    "the title line starts with '[' but does not end with ']'",
                ));
            };
            table.columns = inner.split('|').map(str::to_owned).collect();
            &lines[1..]
        } else {
            // A table without a title line gets numeric column names.
            let width = first.split('|').count();
            table.columns = (0..width).map(|i| i.to_string()).collect();
            &lines[..]
        };
        for &(line_no, line) in rows {
            let row: Vec<String> = line.split('|').map(str::to_owned).collect();
            if row.len() != table.columns.len() {
                return Err(FormatError::syntax(
                    path,
                    line_no,
                    format!(
                        "row size mismatch: {} cells for {} columns",
                        row.len(),
                        table.columns.len()
                    ),
                ));
            }
            table.rows.push(row);
        }
        Ok(table)
    }

    /// Reads and parses a table file.
    pub fn read(path: &Path) -> Result<Self, FormatError> {
        Self::parse(&crate::read_text(path)?, path)
    }

    /// The table as text, exactly as intel/llvm's `SimpleTable` writes it.
    pub fn to_text(&self) -> String {
        let mut out = format!("[{}]\n", self.columns.join("|"));
        for row in &self.rows {
            out.push_str(&row.join("|"));
            out.push('\n');
        }
        out
    }

    /// Writes the table as a file table (see [`Self::to_text`]).
    pub fn write(&self, path: &Path) -> Result<(), FormatError> {
        std::fs::write(path, self.to_text()).map_err(|e| FormatError::io(path, e))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn writes_titles_and_rows() {
        let mut t = Table::new([CODE, PROPERTIES, SYMBOLS]);
        t.push_row(["out_0.bc", "out_0.prop", "out_0.sym"]);
        t.push_row(["out_1.bc", "out_1.prop", "out_1.sym"]);
        assert_eq!(
            t.to_text(),
            "[Code|Properties|Symbols]\nout_0.bc|out_0.prop|out_0.sym\nout_1.bc|out_1.prop|out_1.sym\n"
        );
    }

    #[test]
    fn looks_cells_up_by_name_in_any_order() {
        let t = Table::parse(
            "[Code|Symbols|Properties|Manifest]\na.bc|a.sym|a.prop|\n",
            Path::new("t"),
        )
        .unwrap();
        assert_eq!(t.cell(0, PROPERTIES), Some("a.prop"));
        assert_eq!(t.cell(0, SYMBOLS), Some("a.sym"));
        assert_eq!(t.cell(0, MANIFEST), Some(""));
        assert_eq!(t.cell(0, "Nope"), None);
    }

    #[test]
    fn empty_file_is_empty_table() {
        let t = Table::parse("", Path::new("t")).unwrap();
        assert!(t.columns().is_empty() && t.rows().is_empty());
    }

    #[test]
    fn untitled_table_gets_numeric_columns() {
        let t = Table::parse("a|b\nc|d\n", Path::new("t")).unwrap();
        assert_eq!(t.columns(), ["0", "1"]);
        assert_eq!(t.rows().len(), 2);
    }

    #[test]
    fn rejects_malformed_tables() {
        let err = Table::parse("[Code|Symbols\n", Path::new("x.table")).unwrap_err();
        assert!(err.to_string().starts_with("x.table:1:"), "{err}");
        let err = Table::parse("[Code|Symbols]\na.bc\n", Path::new("x.table")).unwrap_err();
        assert!(err.to_string().contains("row size mismatch"), "{err}");
        assert!(err.to_string().starts_with("x.table:2:"), "{err}");
    }

    /// Found by the `table` fuzz target: a cell ending in a carriage return was read as written
    /// (`;\r`) in the middle of the file and without it at the end, so the table read and the
    /// table written back differed.
    #[test]
    fn refuses_carriage_returns_inside_lines_and_accepts_crlf_endings() {
        let err = Table::parse("\u{6}\n;\r;\n;\r", Path::new("x.table")).unwrap_err();
        assert_eq!(
            err.to_string(),
            "x.table:2: a carriage return inside a line"
        );
        let t = Table::parse("[Code]\r\na.bc\r\n", Path::new("x.table")).unwrap();
        assert_eq!(t.rows(), [["a.bc"]]);
        assert_eq!(Table::parse(&t.to_text(), Path::new("x.table")).unwrap(), t);
    }
}
