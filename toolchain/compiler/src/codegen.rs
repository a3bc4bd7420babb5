//! Optimising and writing the device object, on every core when the module is large
//! (docs/compiler-pipeline.md, "Parallel optimisation and code generation").
//!
//! LLVM's optimisation pipeline and code generator each work on one thread: for a program of
//! hundreds of kernels (the SYCL-CTS's categories) they are most of the device compile. A module
//! of at least [`SPLIT_THRESHOLD`] instructions (any module, when the thread count is given) is
//! therefore cut into pieces, one per thread, before LLVM's pipeline runs ([`split`]): each
//! piece owns some of the non-local functions, balanced by the instructions they and the
//! functions they reach weigh (largest first, each to the lightest piece), and keeps every
//! function they reach, so that LLVM inlines across them as it would in the whole module. Each
//! thread parses its own copy of the module's bitcode in a context of its own, reduces it to its
//! piece, runs the [`Optimization`] and generates an object; the objects are then linked into
//! one relocatable object (`clang++ -r`, the linker the program's link uses).
//!
//! Not split: a small module (below the threshold the threads' set-up costs more than they
//! save), one with aliases ([`split::has_aliases`]), one with debug information (each piece
//! would describe the program's variables again), one instrumented by a sanitizer (its module
//! constructor and global metadata are per module), and one whose module-level assembly names a
//! local symbol (the split renames or copies those).

use std::collections::HashSet;
use std::hash::{Hash, Hasher};
use std::path::Path;

use inkwell::context::Context;
use inkwell::memory_buffer::MemoryBuffer;
use inkwell::module::Module;
use inkwell::passes::PassBuilderOptions;
use inkwell::targets::{FileType, TargetMachine};
use inkwell::values::FunctionValue;

use crate::ir::split::{self, Piece, References};
use crate::ir::walk;
use crate::pass_manager::run_pipeline_text;
use crate::target::{host_target_machine, CpuSelection};
use crate::CompileError;

/// Modules with fewer instructions are optimised and generated in one piece.
pub const SPLIT_THRESHOLD: usize = 20_000;

/// How the object is generated.
#[derive(Debug, Clone)]
pub struct CodegenOptions {
    /// The CPU to generate code for.
    pub cpu: CpuSelection,
    /// 0–3, as `-O0`…`-O3`.
    pub opt_level: u8,
    /// At most this many pieces and threads (1: one piece).
    pub threads: usize,
    /// Modules with fewer instructions are generated in one piece ([`SPLIT_THRESHOLD`], or 0
    /// when the thread count was asked for).
    pub split_threshold: usize,
    /// The module has debug information.
    pub debug_info: bool,
    /// A sanitizer instruments the module.
    pub instrumented: bool,
}

/// What runs between the Native CPU pipeline and code generation, on the whole module or on
/// each piece: LLVM's pipeline, then the passes of ours that clean up after it.
#[derive(Debug, Clone)]
pub struct Optimization {
    /// LLVM's pipeline text (`default<O3>`, and the sanitizers' passes).
    pub llvm_pipeline: String,
    /// Our passes after it, as pipeline text (none when not optimising).
    pub after_llvm: Option<String>,
}

impl Optimization {
    /// Runs the optimisation on `module`.
    pub fn run(&self, module: &Module<'_>, machine: &TargetMachine) -> Result<(), CompileError> {
        module
            .run_passes(&self.llvm_pipeline, machine, PassBuilderOptions::create())
            .map_err(|e| CompileError::LlvmPasses {
                pipeline: self.llvm_pipeline.clone(),
                message: e.to_string(),
            })?;
        match &self.after_llvm {
            Some(text) => run_pipeline_text(module, text, machine, false),
            None => Ok(()),
        }
    }
}

/// The default thread count: the machine's.
pub fn default_threads() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// Optimises `module` and writes it as a relocatable object to `output`, in pieces when that
/// pays.
pub fn optimize_and_write_object(
    module: &Module<'_>,
    machine: &TargetMachine,
    optimization: &Optimization,
    options: &CodegenOptions,
    output: &Path,
) -> Result<(), CompileError> {
    if let Some((references, owned)) = pieces_of(module, options) {
        return write_pieces(module, &references, owned, optimization, options, output);
    }
    optimization.run(module, machine)?;
    machine
        .write_to_file(module, FileType::Object, output)
        .map_err(|e| write_error(output, e.to_string()))
}

fn write_error(output: &Path, message: String) -> CompileError {
    CompileError::Io {
        path: output.to_path_buf(),
        source: std::io::Error::other(message),
    }
}

/// The references between the module's functions and the functions each piece owns, or `None`
/// for one piece. Only non-local definitions are owned; a local function goes to every piece
/// that reaches it.
fn pieces_of<'ctx>(
    module: &Module<'ctx>,
    options: &CodegenOptions,
) -> Option<(References<'ctx>, Vec<Vec<FunctionValue<'ctx>>>)> {
    if options.threads < 2
        || options.debug_info
        || options.instrumented
        || split::has_aliases(module)
    {
        return None;
    }
    let definitions: Vec<FunctionValue<'ctx>> = module
        .get_functions()
        .filter(|&f| walk::is_definition(f))
        .collect();
    let total: usize = definitions.iter().map(|&f| instruction_count(f)).sum();
    let roots: Vec<FunctionValue<'ctx>> = definitions
        .into_iter()
        .filter(|&f| !split::is_local(f.as_global_value()))
        .collect();
    let count = options.threads.min(roots.len());
    if total < options.split_threshold || count < 2 || assembly_names_a_local(module) {
        return None;
    }
    let references = References::of(module);
    let mut weighted: Vec<(usize, FunctionValue<'ctx>)> = roots
        .into_iter()
        .map(|root| {
            let reached = references.closure([root], false);
            (reached.into_iter().map(instruction_count).sum(), root)
        })
        .collect();
    weighted.sort_by_key(|(weight, _)| std::cmp::Reverse(*weight));
    let mut pieces: Vec<(usize, Vec<FunctionValue<'ctx>>)> = vec![(0, Vec::new()); count];
    for (weight, function) in weighted {
        let lightest = pieces.iter_mut().min_by_key(|(load, _)| *load)?;
        lightest.0 += weight;
        lightest.1.push(function);
    }
    let owned = pieces.into_iter().map(|(_, piece)| piece).collect();
    Some((references, owned))
}

fn instruction_count(function: FunctionValue<'_>) -> usize {
    function
        .get_basic_blocks()
        .iter()
        .map(|block| block.get_instructions().count())
        .sum()
}

/// Whether the module-level assembly names one of the local definitions the split renames or
/// copies.
fn assembly_names_a_local(module: &Module<'_>) -> bool {
    let assembly = split::module_assembly(module);
    if assembly.is_empty() {
        return false;
    }
    let words: HashSet<&str> = assembly
        .split(|c: char| !(c.is_ascii_alphanumeric() || matches!(c, '_' | '.' | '$')))
        .collect();
    split::local_definitions(module)
        .iter()
        .any(|global| words.contains(&*global.get_name().to_string_lossy()))
}

/// The pieces by name, after [`split::prepare`] has named every function they keep: the first
/// keeps the data, and so every function the variables refer to.
fn named_pieces<'ctx>(
    references: &References<'ctx>,
    owned: Vec<Vec<FunctionValue<'ctx>>>,
) -> Vec<Piece> {
    let names = |functions: &mut dyn Iterator<Item = FunctionValue<'ctx>>| -> HashSet<String> {
        functions
            .map(|f| f.get_name().to_string_lossy().into_owned())
            .collect()
    };
    owned
        .into_iter()
        .enumerate()
        .map(|(index, functions)| {
            let keeps_data = index == 0;
            let defined = references.closure(functions.iter().copied(), keeps_data);
            Piece {
                owned: names(&mut functions.into_iter()),
                defined: names(&mut defined.into_iter()),
                keeps_data,
            }
        })
        .collect()
}

/// Optimises and generates the pieces on their threads and links their objects into `output`.
fn write_pieces<'ctx>(
    module: &Module<'ctx>,
    references: &References<'ctx>,
    owned: Vec<Vec<FunctionValue<'ctx>>>,
    optimization: &Optimization,
    options: &CodegenOptions,
    output: &Path,
) -> Result<(), CompileError> {
    split::prepare(module, &symbol_suffix(module));
    let pieces = named_pieces(references, owned);
    let bitcode = module.write_bitcode_to_memory();
    let objects = std::thread::scope(|scope| {
        let threads: Vec<_> = pieces
            .iter()
            .map(|piece| {
                let bitcode = bitcode.as_slice();
                scope.spawn(move || piece_object(bitcode, piece, optimization, options))
            })
            .collect();
        threads
            .into_iter()
            .map(|thread| {
                thread
                    .join()
                    .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
            })
            .collect::<Result<Vec<_>, _>>()
    })?;
    link_objects(&objects, output)
}

/// A suffix for the promoted symbols unique to this module's contents, so that two device
/// objects linked into one program keep their hidden symbols apart.
fn symbol_suffix(module: &Module<'_>) -> String {
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    module
        .write_bitcode_to_memory()
        .as_slice()
        .hash(&mut hasher);
    format!(".ncpu.{:016x}", hasher.finish())
}

/// One piece's object: the module parsed again from `bitcode` in a context of this thread's,
/// reduced to `piece` and optimised.
fn piece_object(
    bitcode: &[u8],
    piece: &Piece,
    optimization: &Optimization,
    options: &CodegenOptions,
) -> Result<Vec<u8>, CompileError> {
    let context = Context::create();
    let buffer = MemoryBuffer::create_from_memory_range(bitcode, "device-piece");
    let module = Module::parse_bitcode_from_buffer(&buffer, &context)
        .map_err(|e| CompileError::Pass(format!("parallel code generation: {e}")))?;
    split::reduce_to_piece(&module, piece);
    let machine = host_target_machine(&options.cpu, options.opt_level)?;
    optimization.run(&module, &machine)?;
    let object = machine
        .write_to_memory_buffer(&module, FileType::Object)
        .map_err(|e| CompileError::Pass(format!("parallel code generation: {e}")))?;
    Ok(object.as_slice().to_vec())
}

/// Links the pieces' objects into the relocatable object `output`.
fn link_objects(objects: &[Vec<u8>], output: &Path) -> Result<(), CompileError> {
    let directory = tempfile::tempdir().map_err(|e| write_error(output, e.to_string()))?;
    let mut paths = Vec::with_capacity(objects.len());
    for (index, object) in objects.iter().enumerate() {
        let path = directory.path().join(format!("piece{index}.o"));
        std::fs::write(&path, object).map_err(|e| write_error(&path, e.to_string()))?;
        paths.push(path);
    }
    let clang = ncpu_locate::llvm::tool("clang++");
    let result = std::process::Command::new(&clang)
        .args(["-r", "-nostdlib", "-o"])
        .arg(output)
        .args(&paths)
        .stdin(std::process::Stdio::null())
        .output()
        .map_err(|e| write_error(output, format!("cannot run {}: {e}", clang.display())))?;
    if result.status.success() {
        return Ok(());
    }
    let diagnostics = String::from_utf8_lossy(&result.stderr);
    Err(write_error(
        output,
        format!(
            "linking the pieces of the device object failed: {}",
            diagnostics.lines().next().unwrap_or("no message")
        ),
    ))
}
