//! Device IR to a host object: what `ncpu++ -c device.bc` does (DPC++'s
//! `-mllvm -sycl-native-cpu-backend` compile; docs/compiler-pipeline.md).
//!
//! 1. read the linked device module (`.bc` or `.ll`);
//! 2. link the device library ([`nativecpu_device_lib::BITCODE`]) into it, unless the module
//!    already defines the state accessors (DPC++ links its own `libsycl-nativecpu_utils`);
//! 3. run the Native CPU pipeline ([`crate::pipeline`]);
//! 4. retarget every function to the chosen CPU and run LLVM's `default<O*>` pipeline, then the
//!    sanitizers' instrumentation passes if any were asked for ([`crate::sanitizers`]), then
//!    (optimising) `narrow-constant-masks`, `unmask-full-masks`, `widen-loop-masks` and
//!    `align-nontemporal-stores`;
//! 5. write an object (on every core for a large module, [`crate::codegen`]), or assembly or
//!    LLVM IR, through the TargetMachine.

use std::path::{Path, PathBuf};

use inkwell::context::Context;
use inkwell::memory_buffer::MemoryBuffer;
use inkwell::module::Module;
use inkwell::targets::FileType;

use crate::codegen::{
    default_threads, optimize_and_write_object, CodegenOptions, Optimization, SPLIT_THRESHOLD,
};
use crate::ir::mux::WorkItemQuery;
use crate::pass_manager::run_pipeline_text;
use crate::passes::streaming_stores::DEFAULT_THRESHOLD;
use crate::passes::{
    align_nontemporal_stores, lower_kernel_properties, narrow_constant_masks, unmask_full_masks,
    widen_loop_masks,
};
use crate::pipeline::{native_cpu_pipeline, PipelineOptions, VectorizerOptions};
use crate::sanitizers::{mark_functions, Sanitizer};
use crate::target::{host_target_machine, last_level_cache_bytes, retarget, CpuSelection};
use crate::CompileError;

/// What the backend writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OutputKind {
    /// A relocatable object, as the driver links it.
    Object,
    /// Assembly text.
    Assembly,
    /// The optimised module as LLVM IR text.
    LlvmIr,
}

/// How [`compile_device_module`] compiles: the driver's flags that reach the device back end.
#[derive(Debug, Clone)]
pub struct BackendOptions {
    /// 0–3, as `-O0`…`-O3`.
    pub opt_level: u8,
    /// The CPU to generate code for (`-march=`, else the build machine's).
    pub cpu: CpuSelection,
    /// Keep debug information (`-g`); otherwise it is stripped before optimisation.
    pub debug_info: bool,
    /// What to write.
    pub output_kind: OutputKind,
    /// Print the device IR after the Native CPU pipeline to stdout (DPC++'s
    /// `-sycl-native-dump-device-ir`).
    pub dump_device_ir: bool,
    /// Keep work-items debuggable whatever the optimisation level (DPC++'s `-native-cpu-debug`;
    /// otherwise only `-g -O0` does).
    pub debuggable_work_items: bool,
    /// The vectorizer across work-items (never at `-O0`).
    pub vectorizer: VectorizerOptions,
    /// Sanitizers to instrument the device code for (`-fsanitize=address`, `thread`).
    pub sanitizers: Vec<Sanitizer>,
    /// Threads generating the object ([`crate::codegen`]): `None` for one per core when the
    /// module is large, `Some(n)` for `n` whatever its size (1: one piece).
    pub codegen_threads: Option<usize>,
}

impl Default for BackendOptions {
    fn default() -> Self {
        BackendOptions {
            opt_level: 3,
            cpu: CpuSelection::default(),
            debug_info: false,
            output_kind: OutputKind::Object,
            dump_device_ir: false,
            debuggable_work_items: false,
            vectorizer: VectorizerOptions::default(),
            sanitizers: Vec::new(),
            codegen_threads: None,
        }
    }
}

/// The free function kernels of a device front-end output file (`.bc` or `.ll`), as
/// [`lower_kernel_properties::free_function_kernels`] lists them.
pub fn free_function_kernels_in(path: &Path) -> Result<Vec<String>, CompileError> {
    let context = Context::create();
    let module = read_module(&context, path)?;
    Ok(lower_kernel_properties::free_function_kernels(&module))
}

/// Reads an LLVM module from a `.bc` or `.ll` file (or `-` for standard input).
pub fn read_module<'ctx>(
    context: &'ctx Context,
    path: &Path,
) -> Result<Module<'ctx>, CompileError> {
    let io_error = |source| CompileError::Io {
        path: path.to_path_buf(),
        source,
    };
    let bytes = if path == Path::new("-") {
        let mut bytes = Vec::new();
        std::io::Read::read_to_end(&mut std::io::stdin(), &mut bytes).map_err(io_error)?;
        bytes
    } else {
        std::fs::read(path).map_err(io_error)?
    };
    let name = path.to_string_lossy();
    let invalid = |message: String| CompileError::InvalidInput {
        path: path.to_path_buf(),
        message,
    };
    let module = if bytes.starts_with(b"BC\xC0\xDE") {
        let buffer = MemoryBuffer::create_from_memory_range_copy(&bytes, &name);
        Module::parse_bitcode_from_buffer(&buffer, context)
            .map_err(|e| invalid(first_lines(&e.to_string(), 1)))?
    } else {
        let mut text = bytes;
        text.push(0);
        let buffer = MemoryBuffer::create_from_memory_range_copy(&text[..text.len() - 1], &name);
        context
            .create_module_from_ir(buffer)
            .map_err(|e| invalid(first_lines(&e.to_string(), 1)))?
    };
    module
        .verify()
        .map_err(|e| invalid(first_lines(&e.to_string(), 2)))?;
    Ok(module)
}

/// The first `count` non-empty lines of an LLVM diagnostic joined into one line: the parser's
/// message without the quoted source and caret below it, the verifier's with the instruction
/// it names. Errors are one line each.
fn first_lines(message: &str, count: usize) -> String {
    message
        .lines()
        .map(str::trim)
        .filter(|line| !line.is_empty())
        .take(count)
        .collect::<Vec<_>>()
        .join(": ")
}

/// Links the device library into `module` unless it already provides the state accessors.
pub fn link_device_library<'ctx>(
    context: &'ctx Context,
    module: &Module<'ctx>,
) -> Result<(), CompileError> {
    let already_linked = module
        .get_function(WorkItemQuery::GlobalId.state_accessor())
        .is_some_and(|f| f.count_basic_blocks() > 0);
    if already_linked {
        return Ok(());
    }
    let buffer = MemoryBuffer::create_from_memory_range(
        nativecpu_device_lib::BITCODE,
        "nativecpu-device-lib",
    );
    let library = Module::parse_bitcode_from_buffer(&buffer, context)
        .map_err(|e| CompileError::DeviceLib(e.to_string()))?;
    // A definition in the device code would take the library's calls to a C library function
    // (its work-group scratch calls `posix_memalign` and `free`): a kernel named `free` then
    // received the library's frees.
    if let Some(name) = library
        .get_functions()
        .filter(|f| f.count_basic_blocks() == 0)
        .map(|f| f.get_name().to_string_lossy().into_owned())
        .filter(|name| !name.starts_with("llvm."))
        .find(|name| {
            module
                .get_function(name)
                .is_some_and(|f| f.count_basic_blocks() > 0)
        })
    {
        return Err(CompileError::DeviceLib(format!(
            "the device code defines '{name}', which the Native CPU device library calls as the \
             C library's; rename it"
        )));
    }
    // The library was built for the same target; align its identification to avoid warnings.
    library.set_triple(&module.get_triple());
    library.set_data_layout(&module.get_data_layout());
    module
        .link_in_module(library)
        .map_err(|e| CompileError::DeviceLib(e.to_string()))
}

/// LLVM's optimisation pipeline at the chosen level, followed by the sanitizers' passes, where
/// clang runs them too.
fn llvm_pipeline(options: &BackendOptions) -> String {
    std::iter::once(format!("default<O{}>", options.opt_level.min(3)))
        .chain(options.sanitizers.iter().map(|s| s.passes().to_owned()))
        .collect::<Vec<_>>()
        .join(",")
}

/// Compiles the device module at `input` into `output`.
pub fn compile_device_module(
    input: &Path,
    output: &Path,
    options: &BackendOptions,
) -> Result<(), CompileError> {
    let context = Context::create();
    let module = read_module(&context, input)?;
    if !options.debug_info {
        module.strip_debug_info();
    }
    options.cpu.check()?;
    let machine = host_target_machine(&options.cpu, options.opt_level)?;
    retarget(&module, &machine, &options.cpu);
    link_device_library(&context, &module)?;
    // Debug information is only worth keeping work-items debuggable for when nothing is optimised.
    let debuggable =
        options.debuggable_work_items || (options.debug_info && options.opt_level == 0);
    let mut vectorizer = options.vectorizer.clone();
    // ThreadSanitizer instruments neither masked accesses nor those wider than 16 bytes, which
    // are most of a vector form's (crate::sanitizers): kernels stay scalar under it.
    vectorizer.enabled &= options.opt_level > 0 && !options.sanitizers.contains(&Sanitizer::Thread);
    let pipeline = PipelineOptions {
        debug: debuggable,
        vectorizer,
        streaming_threshold: Some(last_level_cache_bytes().unwrap_or(DEFAULT_THRESHOLD)),
    };
    run_pipeline_text(&module, &native_cpu_pipeline(&pipeline), &machine, false)?;
    module.verify().map_err(|e| CompileError::Verification {
        after: "the Native CPU pipeline".into(),
        message: e.to_string(),
    })?;
    if options.dump_device_ir {
        print!("{}", module.print_to_string().to_string());
    }
    mark_functions(&module, &options.sanitizers);
    let optimization = Optimization {
        llvm_pipeline: llvm_pipeline(options),
        after_llvm: (options.opt_level > 0).then(|| {
            [
                narrow_constant_masks::NAME,
                unmask_full_masks::NAME,
                widen_loop_masks::NAME,
                align_nontemporal_stores::NAME,
            ]
            .join(",")
        }),
    };
    let write_error = |message: String| CompileError::Io {
        path: PathBuf::from(output),
        source: std::io::Error::other(message),
    };
    if options.output_kind != OutputKind::Object {
        optimization.run(&module, &machine)?;
    }
    match options.output_kind {
        OutputKind::LlvmIr => module
            .print_to_file(output)
            .map_err(|e| write_error(e.to_string())),
        OutputKind::Object => {
            let codegen = CodegenOptions {
                cpu: options.cpu.clone(),
                opt_level: options.opt_level,
                threads: options.codegen_threads.unwrap_or_else(default_threads),
                split_threshold: match options.codegen_threads {
                    Some(_) => 0,
                    None => SPLIT_THRESHOLD,
                },
                debug_info: options.debug_info,
                instrumented: !options.sanitizers.is_empty(),
            };
            optimize_and_write_object(&module, &machine, &optimization, &codegen, output)
        }
        OutputKind::Assembly => machine
            .write_to_file(&module, FileType::Assembly, output)
            .map_err(|e| write_error(e.to_string())),
    }
}
