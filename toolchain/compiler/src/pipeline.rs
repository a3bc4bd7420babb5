//! The Native CPU pass pipeline, in one place and in order (reference intel-llvm §4.4, with the
//! steps that do not exist yet left out until they do):
//!
//! 1. `spec-constants` — specialization constants read from the buffer the runtime passes;
//! 2. `convert-to-mux-builtins` — SPIR-V builtins become mux builtins;
//! 3. `fatomics` — the SPIR-V float atomics get bodies (`atomicrmw`);
//! 4. `transfer-kernel-metadata` — kernels are marked as entry points;
//! 5. `prepare-barriers` — barriers inlined into kernels and numbered;
//! 6. `work-item-loops` — each kernel runs a whole work-group per call, barrier region by region;
//! 7. `replace-module-scope-vars` — work-group local variables in one block per work-group;
//! 8. `prepare-sycl-native-cpu` — the state parameter, builtins read from it, subhandlers;
//! 9. `rename-kernel-sycl-native-cpu` — exported `.SYCLNCPU` names, everything else internal.
//!
//! Then LLVM's own `default<O*>` pipeline optimises the result for the chosen CPU (see
//! [`crate::backend`]).

use crate::passes::{
    convert_to_mux_builtins, fatomics, prepare_barriers, prepare_native_cpu, rename_kernels,
    replace_module_scope_vars, spec_constants, transfer_kernel_metadata, work_item_loops,
};

/// The Native CPU pipeline as pipeline text, the form `muxc --passes` takes. With `debug`
/// (`-g -O0`), work-item-loops keeps kernels debuggable (its `debug` parameter).
pub fn native_cpu_pipeline(debug: bool) -> String {
    let work_item_loops = if debug {
        format!("{}<debug>", work_item_loops::NAME)
    } else {
        work_item_loops::NAME.to_owned()
    };
    [
        spec_constants::NAME,
        convert_to_mux_builtins::NAME,
        fatomics::NAME,
        transfer_kernel_metadata::NAME,
        prepare_barriers::NAME,
        &work_item_loops,
        replace_module_scope_vars::NAME,
        prepare_native_cpu::NAME,
        rename_kernels::NAME,
    ]
    .join(",")
}

/// The name `muxc --passes` accepts for the whole pipeline above.
pub const NATIVE_CPU_PIPELINE_ALIAS: &str = "native-cpu-pipeline";
