//! `offload-wrapper`: the SYCL Native CPU part of intel/llvm's `clang-offload-wrapper`, writing
//! a host ELF object directly instead of LLVM bitcode (docs/formats.md).
//!
//! # Contract
//!
//! Input: device images, normally the rows of a `sycl-post-link` `.table` (`-batch`). Per image
//! the tool reads the `Symbols` file (`.sym`: kernel names), the optional `Properties` file
//! (`.prop`) and `Manifest` file, and checks that the `Code` file exists (Native CPU does not
//! embed it: the kernels are compiled into a separate host object from the whole device module).
//!
//! Output: a relocatable ELF object for the host (x86_64 or aarch64, LP64) that, once linked into
//! a program or shared library with the device object and the runtime, calls
//! `__sycl_register_lib(&descriptor)` before the program's own constructors and
//! `__sycl_unregister_lib(&descriptor)` after its destructors. The descriptor layout is the one in
//! `toolchain/include/nativecpu/runtime.h` (intel/llvm's). With `-o <file>.bc` the output is
//! instead LLVM bitcode holding the same structures as IR (intel/llvm's own output format), which
//! compiles (`clang -c`) to an equivalent object.
//!
//! # What the object holds, per image N (all pointers are 64-bit absolute relocations)
//!
//! * `__sycl_native_cpu_decls`: `{name, function}` pairs, one per `.sym` line, pointing at the
//!   kernel-name string `__ncpu_function_name` and at the undefined symbol `<name>.SYCLNCPU` (no
//!   suffix for `__dpcpp_nativecpu*` and `*.NativeCPUKernel` names), then the terminator
//!   `{"__nativecpu_end", null}`. It is the image's binary: `BinaryStart` = its first pair,
//!   `BinaryEnd` = one past the terminator.
//! * `__sycl_offload_entries_arr`: `{null, name, 0, 0, 0}` entries, names
//!   `__sycl_offload_entry_name`.
//! * Property sets: properties `{name, value address, type, size}` named `prop`, byte-array values
//!   `prop_val` (the raw bytes with their 8-byte bit-count header), per-set arrays and the array
//!   of sets `{name, begin, end}` both named `__sycl_offload_prop_sets_arr`, set names
//!   `SYCL_PropSetName`.
//! * Strings `.sycl_offloading.target.N`, `.sycl_offloading.opts.compile.N`,
//!   `.sycl_offloading.opts.link.N`, and `.sycl_offloading.N.manifest` when there is a manifest.
//! * With registration on: `.sycl_offloading.N.info` = `{BinaryStart, size of the Code file}` in
//!   the retained section `.tgtimg`, which tools use to find images in linked binaries.
//!
//! Then `.sycl_offloading.device_images` (version 2, kind 4 = SYCL image structs), the
//! descriptor `.sycl_offloading.descriptor` (version 1; local unless `-desc-name=` names it),
//! and the local functions `sycl.descriptor_reg` / `sycl.descriptor_unreg` in `.text.startup`,
//! listed in `.init_array.00001` / `.fini_array.00001` (priority 1).
//!
//! Every name above is a base: a name already used gets LLVM's `.N` suffix, N being one counter
//! for the whole module (so the second image's table may be `__sycl_native_cpu_decls.12`).
//! Globals are created in intel/llvm's wrapper's order, so the names match what compiling its
//! bitcode gives. Strings and property values live in `.rodata`; everything holding pointers
//! lives in `.data.rel.ro`, which the dynamic linker may relocate (PIE, shared libraries) before
//! making it read-only.
//!
//! # Modules
//!
//! * [`options`]: the clang-offload-wrapper command line;
//! * [`image`]: the images, read into memory first so every input error comes before output;
//! * [`layout`]: the one description of every global, its contents, name and order, which both
//!   back ends below write;
//! * [`elf`]: the object writer and the per-architecture registration code;
//! * [`bitcode`]: the LLVM bitcode writer (`-o <file>.bc`), the IR intel/llvm's wrapper writes,
//!   for the `-host=` triple and its data layout.

pub mod bitcode;
pub mod consistency;
pub mod elf;
pub mod image;
pub mod layout;
pub mod options;

use std::path::{Path, PathBuf};

pub use bitcode::write_bitcode;
pub use elf::write_object;
pub use image::{DeviceImage, ImageFormat, ImageSettings};
pub use layout::{Config, HostArch};
pub use options::{Command, Inputs, Options};

use sycl_offload_formats::FormatError;

/// Everything that makes a run fail. Each message is one line that names the file involved.
#[derive(Debug, thiserror::Error)]
pub enum WrapperError {
    /// A command-line problem.
    #[error("{0}")]
    Usage(String),
    /// A command line that does not follow LLVM's option syntax.
    #[error(transparent)]
    Syntax(#[from] ncpu_cli::llvm_options::OptionError),
    /// A `.table`, `.sym` or `.prop` file that cannot be read or parsed, or property sets that
    /// break a rule of `sycl_offload_formats::validate`.
    #[error(transparent)]
    Format(#[from] FormatError),
    /// An image's code that cannot be read as an LLVM module.
    #[error(transparent)]
    Image(#[from] sycl_post_link::PostLinkError),
    /// A `.sym` or `.prop` file that disagrees with the image's code, or a table that names a
    /// file twice.
    #[error("{file}: {cause}")]
    Mismatch {
        /// The file that disagrees.
        file: PathBuf,
        /// How it disagrees.
        cause: String,
    },
    /// A file cannot be read or written.
    #[error("{path}: cannot {action}: {source}")]
    Io {
        /// What was being done (for example `read the table`).
        action: &'static str,
        /// The file concerned.
        path: PathBuf,
        /// What the operating system reported.
        #[source]
        source: std::io::Error,
    },
    /// The `-batch` table lacks a column every table must have.
    #[error("{table}: the table has no '{column}' column")]
    MissingColumn {
        /// The table file.
        table: PathBuf,
        /// The missing column's title (`Code`).
        column: &'static str,
    },
    /// The table has a column the wrapper does not know.
    #[error("{table}: unknown column '{column}' (expected Code, Properties, Symbols or Manifest)")]
    UnknownColumn {
        /// The table file.
        table: PathBuf,
        /// The unknown title.
        column: String,
    },
    /// The table has two columns of one title.
    #[error("{table}: the column '{column}' appears twice")]
    RepeatedColumn {
        /// The table file.
        table: PathBuf,
        /// The repeated title.
        column: String,
    },
    /// A table row names no code file.
    #[error("{table}: row {row}: image file name missing (empty Code cell)")]
    EmptyCodeCell {
        /// The table file.
        table: PathBuf,
        /// The row, counted from 1 after the title row.
        row: usize,
    },
    /// `-host=` names a host the wrapper cannot write for (not ELF, not LP64, or another
    /// architecture).
    #[error("unsupported host triple '{triple}': {reason}")]
    UnsupportedHost {
        /// The triple as given.
        triple: String,
        /// Why it is not supported.
        reason: String,
    },
    /// LLVM could not produce the wrapper's bitcode (an `-o` ending in `.bc`).
    #[error("cannot write bitcode for '{triple}': {message}")]
    Bitcode {
        /// The host triple.
        triple: String,
        /// LLVM's message.
        message: String,
    },
    /// More images than the descriptor's 16-bit count holds (how many there are).
    #[error("{0} device images do not fit the descriptor's 16-bit image count")]
    TooManyImages(usize),
    /// The `object` crate could not write the ELF object.
    #[error("cannot build the ELF object: {0}")]
    Object(#[from] object::write::Error),
}

impl WrapperError {
    pub(crate) fn io(action: &'static str, path: &Path, source: std::io::Error) -> Self {
        WrapperError::Io {
            action,
            path: path.to_path_buf(),
            source,
        }
    }
}

/// Runs the tool: reads every image, then writes the object to `options.output`, or LLVM bitcode
/// when its name ends in `.bc`.
pub fn run(options: &Options) -> Result<(), WrapperError> {
    let config = Config {
        arch: match &options.host {
            Some(triple) => HostArch::from_triple(triple)?,
            None => HostArch::native()?,
        },
        emit_reg_funcs: options.emit_reg_funcs,
        descriptor_name: options.descriptor_name.clone(),
        verbose: options.verbose,
    };
    let images = match &options.inputs {
        Inputs::Batch { table, settings } => DeviceImage::read_table(table, settings)?,
        Inputs::Files(inputs) => inputs
            .iter()
            .map(|input| {
                DeviceImage::read(
                    &input.code,
                    input.manifest.as_deref(),
                    input.entries.as_deref(),
                    input.properties.as_deref(),
                    &input.settings,
                )
            })
            .collect::<Result<_, _>>()?,
    };
    if options.verbose {
        eprintln!("offload-wrapper: host architecture {}", config.arch.name());
        for (index, image) in images.iter().enumerate() {
            eprintln!("offload-wrapper: image {index}: {image}");
        }
    }
    let bytes = if options.output.extension().is_some_and(|e| e == "bc") {
        write_bitcode(&images, &config, options.host.as_deref())?
    } else {
        write_object(&images, &config)?
    };
    std::fs::write(&options.output, &bytes)
        .map_err(|source| WrapperError::io("write output file", &options.output, source))?;
    if options.verbose {
        eprintln!(
            "offload-wrapper: wrote {} ({} bytes)",
            options.output.display(),
            bytes.len()
        );
    }
    Ok(())
}
