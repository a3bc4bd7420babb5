//! Writing the device object, on every core when the module is large (docs/compiler-pipeline.md,
//! "Parallel code generation").
//!
//! LLVM's code generator works one function at a time, but on one thread: for a program of
//! hundreds of kernels (the SYCL-CTS's categories) it is most of the device compile. A module of
//! at least [`SPLIT_THRESHOLD`] instructions (any module, when the thread count is given) is
//! therefore cut into pieces, one per thread, each
//! holding whole functions balanced by instruction count (largest first, each to the lightest
//! piece). Each thread parses its own copy of the module's bitcode in a context of its own,
//! reduces it to its piece ([`split::reduce_to_piece`]) and generates an object; the objects are
//! then linked into one relocatable object (`clang++ -r`, the linker the program's link uses).
//! The code is the same as in one piece: the optimisation pipeline has already run on the whole
//! module, and the code generator does not look across functions.
//!
//! Not split: a small module (below the threshold the threads' set-up costs more than they
//! save), one with aliases ([`split::has_aliases`]), one with debug information (each piece
//! would describe the program's variables again), and one whose module-level assembly names a
//! local symbol (the promotion renames those).

use std::collections::HashSet;
use std::hash::{Hash, Hasher};
use std::path::Path;

use inkwell::context::Context;
use inkwell::memory_buffer::MemoryBuffer;
use inkwell::module::Module;
use inkwell::targets::{FileType, TargetMachine};
use inkwell::values::FunctionValue;

use crate::ir::{split, walk};
use crate::target::{host_target_machine, CpuSelection};
use crate::CompileError;

/// Modules with fewer instructions are generated in one piece.
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
}

/// The default thread count: the machine's.
pub fn default_threads() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// Writes `module` as a relocatable object to `output`, in pieces when that pays.
pub fn write_object(
    module: &Module<'_>,
    machine: &TargetMachine,
    options: &CodegenOptions,
    output: &Path,
) -> Result<(), CompileError> {
    match pieces_of(module, options) {
        Some(pieces) => write_pieces(module, &pieces, options, output),
        None => machine
            .write_to_file(module, FileType::Object, output)
            .map_err(|e| write_error(output, e.to_string())),
    }
}

fn write_error(output: &Path, message: String) -> CompileError {
    CompileError::Io {
        path: output.to_path_buf(),
        source: std::io::Error::other(message),
    }
}

/// The defined functions of each piece, or `None` for one piece.
fn pieces_of<'ctx>(
    module: &Module<'ctx>,
    options: &CodegenOptions,
) -> Option<Vec<Vec<FunctionValue<'ctx>>>> {
    if options.threads < 2 || options.debug_info || split::has_aliases(module) {
        return None;
    }
    let mut functions: Vec<(usize, FunctionValue<'ctx>)> = module
        .get_functions()
        .filter(|&f| walk::is_definition(f))
        .map(|f| (instruction_count(f), f))
        .collect();
    let total: usize = functions.iter().map(|(count, _)| count).sum();
    let count = options.threads.min(functions.len());
    if total < options.split_threshold || count < 2 || assembly_names_a_local(module) {
        return None;
    }
    functions.sort_by_key(|(weight, _)| std::cmp::Reverse(*weight));
    let mut pieces: Vec<(usize, Vec<FunctionValue<'ctx>>)> = vec![(0, Vec::new()); count];
    for (weight, function) in functions {
        let lightest = pieces.iter_mut().min_by_key(|(load, _)| *load)?;
        lightest.0 += weight;
        lightest.1.push(function);
    }
    Some(pieces.into_iter().map(|(_, piece)| piece).collect())
}

fn instruction_count(function: FunctionValue<'_>) -> usize {
    function
        .get_basic_blocks()
        .iter()
        .map(|block| block.get_instructions().count())
        .sum()
}

/// Whether the module-level assembly names one of the local definitions the split renames.
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

/// Generates the pieces on their threads and links their objects into `output`.
fn write_pieces(
    module: &Module<'_>,
    pieces: &[Vec<FunctionValue<'_>>],
    options: &CodegenOptions,
    output: &Path,
) -> Result<(), CompileError> {
    split::promote_local_definitions(module, &symbol_suffix(module));
    let names: Vec<HashSet<String>> = pieces
        .iter()
        .map(|piece| {
            let names = piece.iter().map(|f| f.get_name().to_string_lossy());
            names.map(|name| name.into_owned()).collect()
        })
        .collect();
    let bitcode = module.write_bitcode_to_memory();
    let objects = std::thread::scope(|scope| {
        let threads: Vec<_> = names
            .iter()
            .enumerate()
            .map(|(index, keeps)| {
                let bitcode = bitcode.as_slice();
                scope.spawn(move || piece_object(bitcode, keeps, index == 0, options))
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

/// One piece's object: the module parsed again from `bitcode` in a context of this thread's.
fn piece_object(
    bitcode: &[u8],
    keeps: &HashSet<String>,
    keeps_data: bool,
    options: &CodegenOptions,
) -> Result<Vec<u8>, CompileError> {
    let context = Context::create();
    let buffer = MemoryBuffer::create_from_memory_range(bitcode, "device-piece");
    let module = Module::parse_bitcode_from_buffer(&buffer, &context)
        .map_err(|e| CompileError::Pass(format!("parallel code generation: {e}")))?;
    split::reduce_to_piece(&module, |name| keeps.contains(name), keeps_data);
    let machine = host_target_machine(&options.cpu, options.opt_level)?;
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
