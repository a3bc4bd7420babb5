//! The Native CPU pass pipeline, in one place and in order (docs/compiler-pipeline.md, with the
//! steps that do not exist yet left out until they do):
//!
//! 1. `check-kernel-features` — kernels that throw, use `thread_local` or write `static`
//!    variables are refused (ours);
//! 2. `spec-constants` — specialization constants read from the buffer the runtime passes;
//! 3. `convert-to-mux-builtins` — SPIR-V builtins become mux builtins;
//! 4. `fatomics` — the SPIR-V float atomics get bodies (`atomicrmw`);
//! 5. `transfer-kernel-metadata` — kernels are marked as entry points;
//! 6. `prepare-barriers` — barriers inlined into kernels and numbered;
//! 7. `run-vecz` — each kernel also gets a vector form running several work-items at once
//!    (with debuggable work-items or `-sycl-native-cpu-no-vecz` only the kernels that require
//!    sub-groups wider than one work-item);
//! 8. `define-native-math` — the `sycl::native` functions get bodies: the hardware estimate,
//!    in the scalar form and the vector forms the vectorizer called;
//! 9. `sub-groups-of-one` — what is left scalar has sub-groups of one work-item;
//! 10. `work-item-loops` — each kernel runs a whole work-group per call, barrier region by region,
//!     rows of x through the vector form when there is one;
//! 11. `streaming-stores` — launches that store more than the last-level cache holds write
//!     their output with non-temporal stores (vectorized kernels that only stream; ours);
//! 12. `replace-module-scope-vars` — work-group local variables in one block per work-group;
//! 13. `add-kernel-metadata` — a note per kernel in the object, for the runtime's info queries;
//! 14. `add-sched-params` — functions that reach the work-item state take the state pointer;
//! 15. `define-mux-builtins` — the builtins become the device library's accessors on it;
//! 16. `add-kernel-wrapper` — each kernel gets the subhandler the runtime calls;
//! 17. `add-fp-control` — each subhandler runs with a defined MXCSR and restores the caller's;
//! 18. `rename-kernel-sycl-native-cpu` — exported `.SYCLNCPU` names, everything else internal.
//!
//! Steps 14–16 ask the Native CPU [scheduling target](crate::scheduling) how to lower the
//! builtins; DPC++ names them together `prepare-sycl-native-cpu`.
//!
//! Then LLVM's own `default<O*>` pipeline optimises the result for the chosen CPU,
//! `narrow-constant-masks` turns masked accesses whose mask LLVM folded to one run of lanes into
//! plain ones, `unmask-full-masks` runs the other masked accesses as plain ones when all lanes are
//! active (before AVX-512), `widen-loop-masks` keeps the masks of vectorized loops in 32-bit lanes
//! on AVX2, and
//! `align-nontemporal-stores` makes streamed stores aligned where their address is (see
//! [`crate::backend`]).

use crate::passes::{
    add_fp_control, add_kernel_metadata, add_kernel_wrapper, add_sched_params,
    assign_sycl_module_id, check_kernel_features, convert_to_mux_builtins, define_mux_builtins,
    define_native_math, fatomics, kernel_linkage, lower_kernel_properties, prepare_barriers,
    rename_kernels, replace_module_scope_vars, share_device_globals, spec_constants,
    streaming_stores, sub_groups_of_one, transfer_kernel_metadata, unit_kernel_names, vectorize,
    work_item_loops,
};

pub use crate::passes::vectorize::Warnings;

/// What the `-mllvm` options ask of the vectorizer (DPC++'s knobs, plus remarks).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct VectorizerOptions {
    /// Whether to vectorize kernels that do not require it (off with
    /// `-sycl-native-cpu-no-vecz`).
    pub enabled: bool,
    /// Lanes; `None`: the CPU's 32-bit lanes.
    pub width: Option<u32>,
    /// Whole vectors only: no call for the remainder of a row.
    pub no_tail: bool,
    /// Report per kernel what was vectorized and why not.
    pub remarks: bool,
    /// Large launches of kernels that only stream use non-temporal stores (`streaming-stores`;
    /// off with `-sycl-native-cpu-no-streaming-stores`).
    pub streaming_stores: bool,
    /// What becomes of the vectorizer's warning (`-w`, `-Werror`).
    pub warnings: Warnings,
}

impl Default for VectorizerOptions {
    fn default() -> Self {
        VectorizerOptions {
            enabled: true,
            width: None,
            no_tail: false,
            remarks: false,
            streaming_stores: true,
            warnings: Warnings::Report,
        }
    }
}

/// How the pipeline is configured.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PipelineOptions {
    /// Keep work-items debuggable (`-g -O0`): work-item-loops' `debug` parameter, and no
    /// vectorization.
    pub debug: bool,
    /// The vectorizer's options.
    pub vectorizer: VectorizerOptions,
    /// Bytes a launch must store through a vectorized kernel's streamed stores for them to be
    /// non-temporal (the host's last-level cache); `None`: never.
    pub streaming_threshold: Option<u64>,
}

/// The Native CPU pipeline as pipeline text, the form `muxc --passes` takes.
pub fn native_cpu_pipeline(options: &PipelineOptions) -> String {
    let vectorizer = &options.vectorizer;
    let mut loop_parameters = Vec::new();
    if options.debug {
        loop_parameters.push("debug".to_owned());
    }
    if vectorizer.no_tail {
        loop_parameters.push("no-tail".to_owned());
    }
    let mut vectorizer_parameters = Vec::new();
    if !vectorizer.enabled || options.debug {
        // Kernels that require wide sub-groups are vectorized anyway: they are wrong otherwise.
        vectorizer_parameters.push("required-only".to_owned());
    }
    if let Some(width) = vectorizer.width {
        vectorizer_parameters.push(format!("width={width}"));
    }
    if vectorizer.remarks {
        vectorizer_parameters.push("remarks".to_owned());
    }
    match vectorizer.warnings {
        Warnings::Report => {}
        Warnings::Ignore => vectorizer_parameters.push("no-warnings".to_owned()),
        Warnings::AsErrors => vectorizer_parameters.push("warnings-as-errors".to_owned()),
    }
    let bare = |pass: &crate::passes::PassInfo| pass.element(&[]);
    let streaming = options
        .streaming_threshold
        .filter(|_| vectorizer.enabled && vectorizer.streaming_stores && !options.debug)
        .map(|bytes| streaming_stores::PASS.element(&[format!("threshold={bytes}")]));
    [
        bare(&check_kernel_features::PASS),
        bare(&spec_constants::PASS),
        bare(&convert_to_mux_builtins::PASS),
        bare(&fatomics::PASS),
        bare(&transfer_kernel_metadata::PASS),
        bare(&prepare_barriers::PASS),
        vectorize::PASS.element(&vectorizer_parameters),
        bare(&define_native_math::PASS),
        bare(&sub_groups_of_one::PASS),
        work_item_loops::PASS.element(&loop_parameters),
    ]
    .into_iter()
    .chain(streaming)
    .chain([
        bare(&replace_module_scope_vars::PASS),
        bare(&add_kernel_metadata::PASS),
        bare(&add_sched_params::PASS),
        bare(&define_mux_builtins::PASS),
        bare(&add_kernel_wrapper::PASS),
        bare(&add_fp_control::PASS),
        bare(&rename_kernels::PASS),
    ])
    .collect::<Vec<_>>()
    .join(",")
}

/// The passes the driver runs on each translation unit right after clang's device front-end,
/// setting what DPC++'s front-end sets itself (docs/compiler-pipeline.md). `unit` is the
/// translation unit's id, which names its internal `device_global`s, shared with its host object
/// (`shared_globals_files`: `share-device-globals`' `renames=` and `globals=` parameters, the
/// files the driver's `llvm-objcopy` reads), and its kernels of internal name types
/// (`unit-kernel-names`).
pub fn front_end_pipeline(unit: &str, shared_globals_files: &[String]) -> String {
    let unit = [format!("unit={unit}")];
    let share_device_globals: Vec<String> =
        unit.iter().chain(shared_globals_files).cloned().collect();
    [
        share_device_globals::PASS.element(&share_device_globals),
        unit_kernel_names::PASS.element(&unit),
        assign_sycl_module_id::PASS.element(&[]),
        kernel_linkage::PASS.element(&[]),
        lower_kernel_properties::PASS.element(&[]),
    ]
    .join(",")
}

/// The name `muxc --passes` accepts for the whole pipeline above.
pub const NATIVE_CPU_PIPELINE_ALIAS: &str = "native-cpu-pipeline";
