//! Entry points and device code split: which functions the runtime can look up in an image, how
//! they are grouped into images, and how the module for one image is cut out of the input.
//!
//! Followed: intel/llvm `llvm/lib/SYCLPostLink/ModuleSplitter.cpp` @ `16c65834` (`isEntryPoint`,
//! `getDeviceCodeSplitter` and its `FunctionsCategorizer`, `ModuleDesc::cleanup`) and
//! `CleanupSYCLMetadataFromLLVMUsed`. One deliberate difference: images are numbered in the
//! order their first entry point appears in the module, where intel/llvm orders them by the text
//! of their category key (a `std::map`). The runtime registers every image, so the order has no
//! effect beyond file names, and module order is the one a reader expects.

use std::collections::HashSet;

use inkwell::module::{Linkage, Module};
use inkwell::passes::PassBuilderOptions;
use inkwell::targets::{CodeModel, InitializationConfig, RelocMode, Target, TargetMachine};
use inkwell::values::FunctionValue;
use inkwell::OptimizationLevel;

use crate::ir::{self, MdOperand};
use crate::options::SplitMode;

/// How entry points are grouped into images.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Scope {
    /// Everything in one image.
    Global,
    /// One image per translation unit and set of optional kernel features.
    PerSource,
    /// One image per entry point.
    PerKernel,
}

impl Scope {
    /// `-split=auto` means per source, except that `-ir-output-only` can write one module only.
    pub(crate) fn select(mode: SplitMode, ir_output_only: bool) -> Scope {
        match mode {
            SplitMode::Source => Scope::PerSource,
            SplitMode::Kernel => Scope::PerKernel,
            SplitMode::Auto if ir_output_only => Scope::Global,
            SplitMode::Auto => Scope::PerSource,
            SplitMode::None => Scope::Global,
        }
    }
}

/// Whether the runtime may look `function` up in an image: every kernel, and (unless
/// `only_kernels`) every defined `SYCL_EXTERNAL` function, i.e. one carrying `sycl-module-id`,
/// except SPIR-V/SYCL/ESIMD builtins and `__builtin_*`. With `only_kernels`, virtual functions
/// (`indirectly-callable`) still count, because they are linked in from other images.
pub(crate) fn is_entry_point(function: FunctionValue<'_>, only_kernels: bool) -> bool {
    if ir::is_declaration(function) {
        return false;
    }
    if ir::is_kernel(function) {
        return true;
    }
    if only_kernels {
        return ir::has_attribute(function, "indirectly-callable");
    }
    let name = ir::name(function);
    ir::has_attribute(function, ir::SYCL_MODULE_ID)
        && !ir::is_spirv_or_sycl_builtin(&name)
        && !ir::is_esimd_builtin(&name)
        && !name.starts_with("__builtin_")
}

/// Groups the entry points of `module` into images; each group lists entry point names in module
/// order. A module without entry points still yields one (empty) group, as in intel/llvm.
pub(crate) fn group_entry_points(
    module: &Module<'_>,
    scope: Scope,
    only_kernels: bool,
) -> Vec<Vec<String>> {
    let mut keys: Vec<String> = Vec::new();
    let mut groups: Vec<Vec<String>> = Vec::new();
    for function in ir::functions(module) {
        if !is_entry_point(function, only_kernels) {
            continue;
        }
        let key = category_key(function, scope);
        let name = ir::name(function);
        match keys.iter().position(|k| *k == key) {
            Some(index) => groups[index].push(name),
            None => {
                keys.push(key);
                groups.push(vec![name]);
            }
        }
    }
    if groups.is_empty() {
        groups.push(Vec::new());
    }
    groups
}

/// The text that decides which image an entry point goes to.
///
/// Per source, it is not only the `sycl-module-id`: intel/llvm also separates entry points whose
/// optional kernel features differ (used aspects, required work-group and sub-group sizes,
/// register allocation, optimization level, joint-matrix use). The runtime checks an image's
/// `[SYCL/device requirements]` as a whole, and those are computed per image, so mixing such
/// kernels would make every kernel of the image inherit the others' requirements.
fn category_key(function: FunctionValue<'_>, scope: Scope) -> String {
    match scope {
        Scope::Global => String::new(),
        Scope::PerKernel => ir::name(function),
        Scope::PerSource => {
            let attribute = |key: &str| ir::string_attribute(function, key).unwrap_or_default();
            let integers = |kind: &str, sorted: bool| {
                let mut values = ir::function_metadata(function, kind)
                    .unwrap_or_default()
                    .iter()
                    .filter_map(|op| match op {
                        MdOperand::Node(pair) => pair.get(1).and_then(MdOperand::as_u64),
                        other => other.as_u64(),
                    })
                    .collect::<Vec<_>>();
                if sorted {
                    values.sort_unstable();
                }
                values.iter().map(|v| format!("-{v}")).collect::<String>()
            };
            let strings = |kind: &str| {
                ir::function_metadata(function, kind)
                    .unwrap_or_default()
                    .iter()
                    .filter_map(|op| match op {
                        MdOperand::Str(s) => Some(format!("-{s}")),
                        _ => None,
                    })
                    .collect::<String>()
            };
            let parts = [
                attribute(ir::SYCL_MODULE_ID),
                attribute("indirectly-callable"),
                attribute("sycl-register-alloc-mode"),
                attribute("sycl-grf-size"),
                integers("sycl_used_aspects", true),
                integers("reqd_work_group_size", false),
                integers("work_group_num_dim", false),
                integers("intel_reqd_sub_group_size", false),
                attribute("sycl-optlevel"),
                strings("sycl_joint_matrix"),
                strings("sycl_joint_matrix_mad"),
            ];
            parts.iter().map(|p| format!("{p}-")).collect()
        }
    }
}

/// Removes `@llvm.used`. After linking it lists every kernel, which would keep all of them alive
/// in every image; intel/llvm drops it before splitting for the same reason. Returns whether the
/// module changed.
pub(crate) fn erase_llvm_used(module: &Module<'_>) -> bool {
    match module.get_global("llvm.used") {
        Some(used) => {
            // SAFETY: `llvm.used` is an appending variable in the `llvm.metadata` section; nothing
            // in the IR refers to it, so erasing it leaves no dangling use.
            unsafe { used.delete() };
            true
        }
        None => false,
    }
}

/// Cuts the module of one image out of the input with LLVM's own dead-global elimination, so
/// that everything an entry point references (directly, through constants or through other
/// globals) is kept exactly as the optimizer would see it.
pub(crate) struct Extractor {
    machine: TargetMachine,
}

impl Extractor {
    /// `Module::run_passes` needs a target machine; the host's is always available.
    pub(crate) fn new() -> Result<Self, String> {
        Target::initialize_native(&InitializationConfig::default())?;
        let triple = TargetMachine::get_default_triple();
        let target = Target::from_triple(&triple).map_err(|e| e.to_string())?;
        let machine = target
            .create_target_machine(
                &triple,
                "generic",
                "",
                OptimizationLevel::None,
                RelocMode::Default,
                CodeModel::Default,
            )
            .ok_or_else(|| {
                format!(
                    "no target machine for {}",
                    triple.as_str().to_string_lossy()
                )
            })?;
        Ok(Extractor { machine })
    }

    /// A copy of `module` holding `entry_points` and everything they need, and no other function
    /// definitions. Global variables that cannot be dropped (external ones) stay in every image,
    /// as in intel/llvm.
    ///
    /// GlobalDCE keeps every non-discardable definition, so other entry points and external
    /// helpers are given `linkonce_odr` linkage for the run and entry points that happen to be
    /// discardable get `weak_odr`; survivors then get their original linkage back. Neither
    /// linkage is local, so visibility and `dso_local` are never touched.
    pub(crate) fn extract<'ctx>(
        &self,
        module: &Module<'ctx>,
        entry_points: &[String],
    ) -> Result<Module<'ctx>, String> {
        let image = module.clone();
        let keep: HashSet<&str> = entry_points.iter().map(String::as_str).collect();
        let mut original_linkage = Vec::new();
        for function in ir::functions(&image) {
            if ir::is_declaration(function) {
                continue;
            }
            let linkage = function.get_linkage();
            let name = ir::name(function);
            let temporary = if keep.contains(name.as_str()) {
                ir::is_discardable(linkage).then_some(Linkage::WeakODR)
            } else {
                (!ir::is_discardable(linkage)).then_some(Linkage::LinkOnceODR)
            };
            if let Some(temporary) = temporary {
                function.set_linkage(temporary);
                original_linkage.push((name, linkage));
            }
        }
        image
            .run_passes(
                "globaldce,strip-dead-prototypes",
                &self.machine,
                PassBuilderOptions::create(),
            )
            .map_err(|e| e.to_string())?;
        for (name, linkage) in original_linkage {
            if let Some(function) = image.get_function(&name) {
                function.set_linkage(linkage);
            }
        }
        image.verify().map_err(|e| e.to_string())?;
        Ok(image)
    }
}
