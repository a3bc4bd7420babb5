//! The device images to wrap, read into memory before anything is written.
//!
//! Everything the object needs is loaded here, so that a missing or malformed input file is
//! reported (naming the file) before a single byte of output exists, and so that
//! [`crate::elf::write_object`] is a pure function of its arguments that tests can call directly.
//!
//! Relative file names, both on the command line and inside a `.table`, are opened relative to
//! the current directory: `sycl-post-link` writes the paths it was given for its outputs, and
//! intel/llvm's wrapper opens table cells as they are.

use std::collections::HashMap;
use std::fmt;
use std::fs::File;
use std::path::{Path, PathBuf};

use sycl_offload_formats::properties::PropertySetRegistry;
use sycl_offload_formats::symbols;
use sycl_offload_formats::table::{self, Table};
use sycl_offload_formats::validate::validate;
use sycl_offload_formats::FormatError;

use crate::consistency::{self, ImageFiles};
use crate::WrapperError;

/// The `Format` byte of the device image struct (`-format=`). intel/llvm's values; Native CPU
/// images carry `None`, because their "binary" is a table of host function pointers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum ImageFormat {
    /// No format: the value Native CPU images carry.
    #[default]
    None = 0,
    /// A native device binary.
    Native = 1,
    /// A SPIR-V module.
    Spirv = 2,
    /// An LLVM bitcode module.
    LlvmBc = 3,
}

impl ImageFormat {
    /// The names `-format=` accepts, in value order.
    pub const NAMES: [&'static str; 4] = ["none", "native", "spirv", "llvmbc"];

    /// The format `-format=` names, or `None` for a name not in [`Self::NAMES`].
    pub fn from_name(name: &str) -> Option<Self> {
        match name {
            "none" => Some(ImageFormat::None),
            "native" => Some(ImageFormat::Native),
            "spirv" => Some(ImageFormat::Spirv),
            "llvmbc" => Some(ImageFormat::LlvmBc),
            _ => None,
        }
    }

    /// The format's `-format=` name.
    pub fn name(self) -> &'static str {
        Self::NAMES[self as usize]
    }
}

/// The per-image settings that come from the command line rather than from the table: the
/// options in effect where the image's input appeared.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ImageSettings {
    /// The `DeviceTargetSpec` string; the Native CPU runtime selects an image by comparing it
    /// with `"native_cpu"`.
    pub target: String,
    /// `-format=`: the image's `Format` byte.
    pub format: ImageFormat,
    /// `-compile-opts=`: stored as the image's compile options string.
    pub compile_options: String,
    /// `-link-opts=`: stored as the image's link options string.
    pub link_options: String,
}

/// One device image, with every file it names already read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DeviceImage {
    /// The `Code` file. Native CPU does not embed it (the kernels are linked in from the device
    /// object), but it must exist, and its size goes into the `.tgtimg` record.
    pub code: PathBuf,
    /// The size of the `Code` file in bytes, written to the `.tgtimg` record.
    pub code_size: u64,
    /// The manifest file's bytes, embedded as they are; `None` leaves the manifest pointers null.
    pub manifest: Option<Vec<u8>>,
    /// The command-line settings in effect for this image.
    pub settings: ImageSettings,
    /// The entry points (`.sym` lines, original names without the `.SYCLNCPU` suffix). `None`
    /// when the image names no symbols file: its offload-entry pointers are then null and its
    /// kernel table holds only the terminator.
    pub entries: Option<Vec<String>>,
    /// The property sets; `None` when the image names no properties file (null pointers).
    pub properties: Option<PropertySetRegistry>,
}

impl DeviceImage {
    /// Reads one image from its files and checks them (`docs/formats-validation.md`): the
    /// property sets against [`validate`], the `.sym` and `.prop` files against the code
    /// ([`consistency::check`]). Empty paths mean "not given", as empty table cells do.
    pub fn read(
        code: &Path,
        manifest: Option<&Path>,
        entries: Option<&Path>,
        properties: Option<&Path>,
        settings: &ImageSettings,
    ) -> Result<Self, WrapperError> {
        fn given(path: Option<&Path>) -> Option<&Path> {
            path.filter(|p| !p.as_os_str().is_empty())
        }
        if code.as_os_str().is_empty() {
            return Err(WrapperError::Usage("image file name missing".into()));
        }
        let manifest = given(manifest)
            .map(|path| {
                std::fs::read(path)
                    .map_err(|source| WrapperError::io("read manifest file", path, source))
            })
            .transpose()?;
        let (properties, entries) = (given(properties), given(entries));
        let property_sets = properties.map(read_properties).transpose()?;
        let code_size = code_file_size(code)?;
        let names = entries.map(symbols::read).transpose()?;
        consistency::check(&ImageFiles {
            code,
            entries: entries.zip(names.as_deref()),
            properties: properties.zip(property_sets.as_ref()),
        })?;
        Ok(DeviceImage {
            code: code.to_path_buf(),
            code_size,
            manifest,
            settings: settings.clone(),
            entries: names,
            properties: property_sets,
        })
    }

    /// Reads every row of a `-batch` table as one image, in row order. Cells are found by column
    /// name; only `Code` is required, the other columns must be ones the wrapper knows, and no
    /// file may appear twice (`sycl-post-link` writes each once, and an image sharing another's
    /// files would register its kernels with the wrong properties).
    pub fn read_table(path: &Path, settings: &ImageSettings) -> Result<Vec<Self>, WrapperError> {
        let table = Table::read(path)?;
        check_columns(&table, path)?;
        check_files_named_once(&table, path)?;
        (0..table.rows().len())
            .map(|row| {
                let cell = |column| table.cell(row, column).map(Path::new);
                let code = cell(table::CODE).unwrap_or(Path::new(""));
                if code.as_os_str().is_empty() {
                    return Err(WrapperError::EmptyCodeCell {
                        table: path.to_path_buf(),
                        row: row + 1,
                    });
                }
                Self::read(
                    code,
                    cell(table::MANIFEST),
                    cell(table::SYMBOLS),
                    cell(table::PROPERTIES),
                    settings,
                )
            })
            .collect()
    }
}

/// Reads a `.prop` file and checks its sets with [`validate`].
fn read_properties(path: &Path) -> Result<PropertySetRegistry, WrapperError> {
    let registry = PropertySetRegistry::read(path)?;
    validate(&registry).map_err(|source| FormatError::Property {
        path: path.to_path_buf(),
        source,
    })?;
    Ok(registry)
}

/// The table has a `Code` column, no column twice, and no column the wrapper does not know.
fn check_columns(table: &Table, path: &Path) -> Result<(), WrapperError> {
    if table.column_index(table::CODE).is_none() {
        return Err(WrapperError::MissingColumn {
            table: path.to_path_buf(),
            column: table::CODE,
        });
    }
    for (index, column) in table.columns().iter().enumerate() {
        if ![
            table::CODE,
            table::PROPERTIES,
            table::SYMBOLS,
            table::MANIFEST,
        ]
        .contains(&column.as_str())
        {
            return Err(WrapperError::UnknownColumn {
                table: path.to_path_buf(),
                column: column.clone(),
            });
        }
        if table.column_index(column) != Some(index) {
            return Err(WrapperError::RepeatedColumn {
                table: path.to_path_buf(),
                column: column.clone(),
            });
        }
    }
    Ok(())
}

/// No file is named by two cells of the table (the same path, or two paths of one file).
fn check_files_named_once(table: &Table, path: &Path) -> Result<(), WrapperError> {
    let mut seen: HashMap<PathBuf, (usize, &str)> = HashMap::new();
    for (row, cells) in table.rows().iter().enumerate() {
        for (column, cell) in table
            .columns()
            .iter()
            .zip(cells)
            .filter(|(_, c)| !c.is_empty())
        {
            let file = std::fs::canonicalize(cell).unwrap_or_else(|_| PathBuf::from(cell));
            if let Some((first_row, first_column)) = seen.insert(file, (row + 1, column)) {
                return Err(WrapperError::Mismatch {
                    file: path.to_path_buf(),
                    cause: format!(
                        "row {}, column {column} names {cell}, already named in row \
                         {first_row}, column {first_column}",
                        row + 1
                    ),
                });
            }
        }
    }
    Ok(())
}

/// The intel/llvm wrapper maps the whole `Code` file into memory, so a file that cannot be read
/// fails the run; we open it and take its size, which is all Native CPU uses.
fn code_file_size(path: &Path) -> Result<u64, WrapperError> {
    let io = |source| WrapperError::io("read device code file", path, source);
    let metadata = File::open(path).and_then(|f| f.metadata()).map_err(io)?;
    if metadata.is_dir() {
        return Err(io(std::io::Error::new(
            std::io::ErrorKind::IsADirectory,
            "it is a directory",
        )));
    }
    Ok(metadata.len())
}

impl fmt::Display for DeviceImage {
    /// The `-v` description of an image.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let or_dash = |s: &str| {
            if s.is_empty() {
                "-".to_owned()
            } else {
                s.to_owned()
            }
        };
        write!(
            f,
            "code={} ({} bytes), target={}, format={}, compile options={}, link options={}, \
             manifest={}, entries={}, property sets={}",
            self.code.display(),
            self.code_size,
            or_dash(&self.settings.target),
            self.settings.format.name(),
            or_dash(&self.settings.compile_options),
            or_dash(&self.settings.link_options),
            self.manifest
                .as_ref()
                .map_or("-".to_owned(), |m| format!("{} bytes", m.len())),
            self.entries
                .as_ref()
                .map_or("-".to_owned(), |e| e.len().to_string()),
            self.properties
                .as_ref()
                .map_or("-".to_owned(), |p| p.sets.len().to_string()),
        )
    }
}
