//! `sycl-post-link` for the SYCL Native CPU flow: reads the linked device module (all
//! translation units, before the Native CPU utilities are linked in), divides its entry points
//! into device images and describes each image for the offload wrapper, with the file names,
//! table layout and property encodings of intel/llvm's tool so that either side can be swapped
//! for the real one.
//!
//! # Contract
//!
//! * **Input**: one LLVM module, bitcode or assembly (`-` = standard input). Kernels are the
//!   functions with the `spir_kernel` calling convention; `SYCL_EXTERNAL` functions are other
//!   definitions carrying the `"sycl-module-id"` attribute (kernels carry it too). Both are
//!   *entry points* unless `-emit-only-kernels-as-entry-points` is given (`src/split.rs`).
//! * **Images**: `-split=source|auto` gives one image per translation unit (and set of optional
//!   kernel features), `-split=kernel` one per entry point, `-split=none` one in total. Each
//!   image's module keeps its entry points and everything they reference, nothing else.
//! * **Files** for image `i`, with `<prefix>` = `<dir>/<stem of the first -o>` and `<dir>` =
//!   `-out-dir` or the directory of the first `-o`: `<prefix>_<i>.bc` (`.ll` with `-S`),
//!   `<prefix>_<i>.prop` with `-properties` (`src/properties.rs`), `<prefix>_<i>.sym` (entry point
//!   names, one per line) with `-symbols`. The table `[Code|Properties|Symbols]` (columns as
//!   requested) is written to every `-o` file; its cells hold the paths exactly as written.
//!   Without `-o`, the table is `<stem of input>.files` in the current directory.
//! * **Unchanged input**: when there is no `-o` and the input needs no change (one image and no
//!   `@llvm.used` to drop), no IR is written; the `Code` cell names the input file itself and
//!   [`Outcome::input_unmodified`] is set (the binary prints intel/llvm's NOTE line).
//! * **`-ir-output-only`**: the single pruned module is written to the first `-o` (default
//!   `<stem of input>.out`), and nothing else.
//! * **Errors** are values of [`PostLinkError`], one line each, starting with the file concerned;
//!   files already written by a failing run are removed again. A module holding ESIMD kernels
//!   (`!sycl_explicit_simd`) is refused rather than split without the ESIMD lowering native_cpu
//!   lacks, and so is a function name the `.sym` and `.prop` files cannot hold as it is (not
//!   UTF-8, a line break, `=`, a leading `[`), which would otherwise be written lossily.
//! * **[`describe_image`]** recomputes what the tool writes for one image from the image's code,
//!   so that the offload wrapper can check the files it is given (`docs/formats-validation.md`).
//!
//! Behaviour was checked against intel/llvm (branch `sycl`): `llvm/tools/sycl-post-link/
//! sycl-post-link.cpp` (the version using `llvm/SYCLPostLink/*.h`), `llvm/lib/SYCLPostLink/` and
//! the tests under `llvm/test/tools/sycl-post-link/`; the module docs of `src/split.rs` and
//! `src/properties.rs` name the exact versions and the deliberate differences.

mod describe;
mod ir;
pub mod options;
mod properties;
mod split;

use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};

use inkwell::context::Context;
use inkwell::module::Module;
use nativecpu_compiler::passes::spec_constants;
use nativecpu_compiler::passes::{Changed, ModulePass};
use sycl_offload_formats::table::{self, Table};

pub use describe::{describe_image, ImageDescription};
pub use options::{
    parse_args, usage, Command, OptLevel, Options, OptionsError, SpecConstMode, SplitMode,
};

/// Why a run failed. Each message is one line starting with the file concerned, if any.
#[derive(Debug, thiserror::Error)]
pub enum PostLinkError {
    /// The command line is not valid (see [`OptionsError`]).
    #[error("{0}")]
    Options(#[from] OptionsError),
    /// The input file cannot be read.
    #[error("{path}: cannot read input: {message}")]
    ReadInput {
        /// The input file.
        path: String,
        /// What the operating system or LLVM reported.
        message: String,
    },
    /// The input is not a valid LLVM module.
    #[error("{path}: invalid LLVM IR: {message}")]
    InvalidIr {
        /// The input file.
        path: String,
        /// LLVM's parse or verification message.
        message: String,
    },
    /// A function's name cannot be written to the `.sym` and `.prop` files without changing it.
    #[error("{path}: function name \"{name}\" {cause}; the .sym and .prop files cannot hold it")]
    UnwritableName {
        /// The input file.
        path: String,
        /// The name, escaped as LLVM assembly would quote it.
        name: String,
        /// Why the files cannot hold it.
        cause: &'static str,
    },
    /// LLVM could not be set up for the host to split modules (LLVM's message).
    #[error("cannot set up LLVM for the host: {0}")]
    Llvm(String),
    /// The module's specialization constants cannot be read or lowered.
    #[error("{path}: {message}")]
    SpecConstants {
        /// The input file.
        path: String,
        /// What is wrong with them.
        message: String,
    },
    /// `-spec-const=native` on a module that reads specialization constants: only SPIR-V
    /// targets can keep them symbolic, so Native CPU needs `-spec-const=emulation`.
    #[error(
        "{path}: the module reads specialization constants, which -spec-const=native cannot \
         lower for native_cpu (it has no SPIR-V); use -spec-const=emulation"
    )]
    NativeSpecConstants {
        /// The input file.
        path: String,
    },
    /// The module has an ESIMD kernel, which Native CPU cannot run.
    #[error(
        "{path}: kernel '{function}' is an ESIMD kernel (!sycl_explicit_simd), which native_cpu \
         cannot run"
    )]
    EsimdUnsupported {
        /// The input file.
        path: String,
        /// The ESIMD kernel.
        function: String,
    },
    /// A device image's module could not be split out of the input.
    #[error("{path}: cannot split the module for image {index}: {message}")]
    Split {
        /// The image's index in the table.
        index: usize,
        /// The input file.
        path: String,
        /// The first line of LLVM's message.
        message: String,
    },
    /// An image's property sets would break a rule of `sycl_offload_formats::validate`, so the
    /// offload wrapper and the runtime would refuse them.
    #[error("{path}: image {index} would get property sets no reader accepts: {message}")]
    InvalidProperties {
        /// The input file.
        path: String,
        /// The image's index in the table.
        index: usize,
        /// The rule broken.
        message: String,
    },
    /// An output file cannot be written.
    #[error("{path}: cannot write output: {source}")]
    Write {
        /// The output file.
        path: String,
        /// What the operating system reported.
        #[source]
        source: std::io::Error,
    },
    /// Bitcode would go to a terminal (an output of `-`), which LLVM's tools refuse too.
    #[error("{path}: refusing to write bitcode to a terminal; use -S or -f")]
    BitcodeToTerminal {
        /// The output, `-`.
        path: String,
    },
}

/// One device image as listed in the table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DeviceImage {
    /// The `Code` cell: the IR file written for the image (or the input file, if unmodified).
    pub code: String,
    /// The `Properties` cell, with `-properties`.
    pub properties: Option<String>,
    /// The `Symbols` cell, with `-symbols`.
    pub symbols: Option<String>,
    /// The image's entry points in module order (the `.sym` contents).
    pub entry_points: Vec<String>,
}

/// What a successful run produced.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Outcome {
    /// The images in table order (one, holding the IR file, with `-ir-output-only`).
    pub images: Vec<DeviceImage>,
    /// The files the table was written to (none with `-ir-output-only`).
    pub tables: Vec<String>,
    /// No IR was written because nothing changed and no `-o` was given; intel/llvm then prints
    /// `sycl-post-link NOTE: no modifications to the input LLVM IR have been made`.
    pub input_unmodified: bool,
}

/// The options DPC++'s driver passes for native_cpu, in its order (docs/formats.md), before `-o`
/// and the input. `ncpu++` passes exactly these.
pub const NATIVE_CPU_DRIVER_OPTIONS: &[&str] = &[
    "-O2",
    "-device-globals",
    "-spec-const=emulation",
    "-properties",
    "-split=auto",
    "-emit-param-info",
    "-emit-program-metadata",
    "-symbols",
    "-emit-exported-symbols",
    "-emit-imported-symbols",
    "-lower-esimd",
];

/// The NOTE intel/llvm prints when [`Outcome::input_unmodified`] is set.
pub const UNMODIFIED_NOTE: &str =
    "sycl-post-link NOTE: no modifications to the input LLVM IR have been made";

/// Processes `options.input` as described in the crate documentation.
pub fn run(options: &Options) -> Result<Outcome, PostLinkError> {
    options.validate()?;
    let context = Context::create();
    let module = read_input(&context, &options.input)?;
    if let Some(function) = ir::functions(&module).into_iter().find(|f| {
        !ir::is_declaration(*f) && ir::function_metadata(*f, "sycl_explicit_simd").is_some()
    }) {
        return Err(PostLinkError::EsimdUnsupported {
            path: options.input.clone(),
            function: ir::name(function),
        });
    }
    let lowered_spec_constants = lower_spec_constants(options, &module)?;
    let spec_constants =
        spec_constants::read_layout(&module).map_err(|e| PostLinkError::SpecConstants {
            path: options.input.clone(),
            message: e.to_string(),
        })?;
    let dropped_llvm_used = split::erase_llvm_used(&module);
    let scope = split::Scope::select(options.split, options.ir_output_only);
    let groups =
        split::group_entry_points(&module, scope, options.emit_only_kernels_as_entry_points);
    let modified = lowered_spec_constants || dropped_llvm_used || groups.len() > 1;

    let outputs = output_files(options);
    let mut staged = Staged::default();
    let outcome = if options.ir_output_only {
        let extractor = split::Extractor::new().map_err(PostLinkError::Llvm)?;
        let path = outputs[0].clone();
        let image = extract(&extractor, &module, &groups[0], 0, &path)?;
        staged.write(
            &path,
            &ir::serialize(&image, options.output_assembly),
            !options.output_assembly && !options.force,
        )?;
        Outcome {
            images: vec![DeviceImage {
                code: path,
                properties: None,
                symbols: None,
                entry_points: groups[0].clone(),
            }],
            tables: Vec::new(),
            input_unmodified: false,
        }
    } else {
        let input_unmodified = !modified && options.outputs.is_empty();
        let images = write_images(
            options,
            &module,
            &spec_constants,
            &groups,
            input_unmodified,
            &outputs[0],
            &mut staged,
        )?;
        let text = file_table(options, &images).to_text();
        for path in &outputs {
            staged.write(path, text.as_bytes(), false)?;
        }
        Outcome {
            images,
            tables: outputs,
            input_unmodified,
        }
    };
    staged.commit();
    Ok(outcome)
}

/// Reads and verifies the module at `path` and checks that every function name can be written
/// to the `.sym` and `.prop` files as it is.
fn read_input<'ctx>(context: &'ctx Context, path: &str) -> Result<Module<'ctx>, PostLinkError> {
    let module = ir::read_module(context, path).map_err(|e| {
        let path = path.to_owned();
        match e {
            ir::ReadError::Io(message) => PostLinkError::ReadInput { path, message },
            ir::ReadError::Parse(message) | ir::ReadError::Invalid(message) => {
                let message = message
                    .strip_prefix(&format!("{path}:"))
                    .unwrap_or(&message)
                    .trim_start()
                    .to_owned();
                PostLinkError::InvalidIr { path, message }
            }
        }
    })?;
    ir::check_function_names(&module).map_err(|name| PostLinkError::UnwritableName {
        path: path.to_owned(),
        name: name.escaped,
        cause: name.cause,
    })?;
    Ok(module)
}

/// `-spec-const`: with `emulation`, lowers the marker calls of the whole module before it is
/// split (see the `spec-constants` pass for why the layout is the whole module's); with `native`,
/// refuses a module that reads any. Returns whether the module changed.
fn lower_spec_constants(options: &Options, module: &Module<'_>) -> Result<bool, PostLinkError> {
    match options.spec_const {
        Some(SpecConstMode::Emulation) if spec_constants::reads_spec_constants(module) => {
            let changed = spec_constants::SpecConstants.run(module).map_err(|e| {
                PostLinkError::SpecConstants {
                    path: options.input.clone(),
                    message: e.to_string(),
                }
            })?;
            Ok(changed == Changed::Yes)
        }
        Some(SpecConstMode::Native) if spec_constants::reads_spec_constants(module) => {
            Err(PostLinkError::NativeSpecConstants {
                path: options.input.clone(),
            })
        }
        _ => Ok(false),
    }
}

/// Writes the IR, `.sym` and `.prop` files of every image.
fn write_images(
    options: &Options,
    module: &Module<'_>,
    spec_constants: &spec_constants::Layout,
    groups: &[Vec<String>],
    input_unmodified: bool,
    first_output: &str,
    staged: &mut Staged,
) -> Result<Vec<DeviceImage>, PostLinkError> {
    let prefix = output_prefix(options.out_dir.as_deref(), first_output);
    let extractor = if input_unmodified {
        None
    } else {
        Some(split::Extractor::new().map_err(PostLinkError::Llvm)?)
    };
    let selection = properties::Selection {
        param_info: options.emit_param_info,
        program_metadata: options.emit_program_metadata,
        exported_symbols: options.emit_exported_symbols,
        imported_symbols: options.emit_imported_symbols,
        kernel_names: options.emit_kernel_names,
        allow_device_image_dependencies: options.allow_device_image_dependencies,
        omit_reqd_work_group_size: options.split == SplitMode::None,
    };
    let mut images = Vec::with_capacity(groups.len());
    for (index, entry_points) in groups.iter().enumerate() {
        let image_prefix = format!("{prefix}_{index}");
        let extracted;
        let (image_module, code) = match &extractor {
            None => (module, options.input.clone()),
            Some(extractor) => {
                let extension = if options.output_assembly { "ll" } else { "bc" };
                let code = format!("{image_prefix}.{extension}");
                extracted = extract(extractor, module, entry_points, index, &code)?;
                staged.write(
                    &code,
                    &ir::serialize(&extracted, options.output_assembly),
                    false,
                )?;
                (&extracted, code)
            }
        };
        let symbols = if options.symbols {
            let path = format!("{image_prefix}.sym");
            staged.write(
                &path,
                sycl_offload_formats::symbols::to_text(entry_points).as_bytes(),
                false,
            )?;
            Some(path)
        } else {
            None
        };
        let properties = if options.properties {
            let image = ImageFiles {
                index,
                prefix: &image_prefix,
                module: image_module,
                entry_points,
            };
            Some(write_properties(
                options,
                &image,
                spec_constants,
                selection,
                staged,
            )?)
        } else {
            None
        };
        images.push(DeviceImage {
            code,
            properties,
            symbols,
            entry_points: entry_points.clone(),
        });
    }
    Ok(images)
}

/// One image being written: its number, file prefix, module and entry points.
struct ImageFiles<'a, 'ctx> {
    index: usize,
    prefix: &'a str,
    module: &'a Module<'ctx>,
    entry_points: &'a [String],
}

/// Writes the image's `.prop` file and returns its path. What the module's attributes and
/// metadata say may break the rules every reader applies (an `"sycl-optlevel"="4"`, a zero
/// `reqd_work_group_size`): refused here, naming the input, rather than written for the offload
/// wrapper to refuse.
fn write_properties(
    options: &Options,
    image: &ImageFiles<'_, '_>,
    spec_constants: &spec_constants::Layout,
    selection: properties::Selection,
    staged: &mut Staged,
) -> Result<String, PostLinkError> {
    let functions: Vec<_> = image
        .entry_points
        .iter()
        .filter_map(|name| image.module.get_function(name))
        .collect();
    let registry = properties::compute(image.module, &functions, spec_constants, selection);
    sycl_offload_formats::validate::validate(&registry).map_err(|error| {
        PostLinkError::InvalidProperties {
            path: options.input.clone(),
            index: image.index,
            message: error.to_string(),
        }
    })?;
    let path = format!("{}.prop", image.prefix);
    staged.write(&path, registry.to_text().as_bytes(), false)?;
    Ok(path)
}

fn extract<'ctx>(
    extractor: &split::Extractor,
    module: &Module<'ctx>,
    entry_points: &[String],
    index: usize,
    path: &str,
) -> Result<Module<'ctx>, PostLinkError> {
    extractor
        .extract(module, entry_points)
        .map_err(|message| PostLinkError::Split {
            index,
            path: path.to_owned(),
            message: message.lines().next().unwrap_or_default().to_owned(),
        })
}

/// The table: `Code`, then `Properties` and `Symbols` when requested, one row per image.
fn file_table(options: &Options, images: &[DeviceImage]) -> Table {
    let mut columns = vec![table::CODE];
    if options.properties {
        columns.push(table::PROPERTIES);
    }
    if options.symbols {
        columns.push(table::SYMBOLS);
    }
    let mut file_table = Table::new(columns);
    for image in images {
        let cells = std::iter::once(image.code.clone())
            .chain(image.properties.clone())
            .chain(image.symbols.clone());
        file_table.push_row(cells);
    }
    file_table
}

/// The `-o` files, or intel/llvm's default `<stem of input>.files` (`.out` for
/// `-ir-output-only`) in the current directory.
fn output_files(options: &Options) -> Vec<String> {
    if options.outputs.is_empty() {
        let extension = if options.ir_output_only {
            "out"
        } else {
            "files"
        };
        vec![format!("{}.{extension}", stem(&options.input))]
    } else {
        options.outputs.clone()
    }
}

/// `<dir>/<stem of first output>`, where `<dir>` is `out_dir` or the directory of the first
/// output; no directory part when that is empty, as `llvm::sys::path` composes it.
fn output_prefix(out_dir: Option<&str>, first_output: &str) -> String {
    let dir = match out_dir {
        Some(dir) => dir.to_owned(),
        None => match first_output.rsplit_once('/') {
            Some(("", _)) => "/".to_owned(),
            Some((dir, _)) => dir.to_owned(),
            None => String::new(),
        },
    };
    let stem = stem(first_output);
    if dir.is_empty() {
        stem
    } else if dir.ends_with('/') {
        format!("{dir}{stem}")
    } else {
        format!("{dir}/{stem}")
    }
}

/// `llvm::sys::path::stem`: the file name without its last extension (`.` and `..` stay whole,
/// and a leading dot counts as an extension).
fn stem(path: &str) -> String {
    let file_name = path.rsplit('/').next().unwrap_or(path);
    if file_name == "." || file_name == ".." {
        return file_name.to_owned();
    }
    match file_name.rfind('.') {
        Some(dot) => file_name[..dot].to_owned(),
        None => file_name.to_owned(),
    }
}

/// Output files of a run: each is written to a hidden temporary file next to its destination and
/// renamed into place, so no file is ever half-written; if the run fails, the files it already
/// wrote are removed again (unless [`Staged::commit`] was called).
#[derive(Default)]
struct Staged {
    written: Vec<PathBuf>,
    committed: bool,
}

impl Staged {
    /// Writes `bytes` to `path`, or to standard output for `-`. With `binary_guard`, refuses to
    /// put bitcode on a terminal, where it would garble the screen (LLVM's `-f` rule).
    fn write(&mut self, path: &str, bytes: &[u8], binary_guard: bool) -> Result<(), PostLinkError> {
        let failed = |source| PostLinkError::Write {
            path: path.to_owned(),
            source,
        };
        if path == "-" {
            let mut stdout = std::io::stdout().lock();
            if binary_guard && stdout.is_terminal() {
                return Err(PostLinkError::BitcodeToTerminal {
                    path: path.to_owned(),
                });
            }
            return stdout
                .write_all(bytes)
                .and_then(|_| stdout.flush())
                .map_err(failed);
        }
        let destination = Path::new(path);
        let file_name = destination
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        let temporary =
            destination.with_file_name(format!(".{file_name}.{}.tmp", std::process::id()));
        if let Err(error) =
            std::fs::write(&temporary, bytes).and_then(|_| std::fs::rename(&temporary, destination))
        {
            let _ = std::fs::remove_file(&temporary);
            return Err(failed(error));
        }
        self.written.push(destination.to_path_buf());
        Ok(())
    }

    fn commit(mut self) {
        self.committed = true;
    }
}

impl Drop for Staged {
    fn drop(&mut self) {
        if !self.committed {
            for path in &self.written {
                let _ = std::fs::remove_file(path);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prefix_follows_llvm_path_rules() {
        assert_eq!(output_prefix(None, "out.table"), "out");
        assert_eq!(output_prefix(None, "/tmp/x/out.table"), "/tmp/x/out");
        assert_eq!(output_prefix(None, "/out.table"), "/out");
        assert_eq!(output_prefix(Some("dir"), "/tmp/x/out.table"), "dir/out");
        assert_eq!(
            output_prefix(Some("dir/"), "out.files.table"),
            "dir/out.files"
        );
        assert_eq!(stem("a/b.c.d"), "b.c");
        assert_eq!(stem(".hidden"), "");
        assert_eq!(stem("noext"), "noext");
        assert_eq!(stem("-"), "-");
    }

    #[test]
    fn default_outputs_are_named_after_the_input() {
        let mut options = Options::new("dir/kernels.bc");
        assert_eq!(output_files(&options), ["kernels.files"]);
        options.ir_output_only = true;
        assert_eq!(output_files(&options), ["kernels.out"]);
        options.outputs = vec!["a.bc".into(), "b.bc".into()];
        assert_eq!(output_files(&options), ["a.bc", "b.bc"]);
    }

    #[test]
    fn failed_runs_leave_no_files_behind() {
        let dir = tempfile::tempdir().unwrap();
        let first = dir.path().join("first.txt");
        let mut staged = Staged::default();
        staged.write(first.to_str().unwrap(), b"x", false).unwrap();
        assert!(first.exists());
        let missing_dir = dir.path().join("missing/second.txt");
        let err = staged
            .write(missing_dir.to_str().unwrap(), b"y", false)
            .unwrap_err();
        let expected = format!("{}: cannot write output: ", missing_dir.display());
        assert!(err.to_string().starts_with(&expected), "{err}");
        drop(staged);
        assert!(!first.exists());
    }
}
