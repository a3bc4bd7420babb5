//! The compiler's own passes, one module each, and the registry that names them for `muxc
//! --passes` (using the Construction Kit's registry names where one exists). Each pass's module
//! doc comment states what it expects of the module and what it guarantees afterwards.

pub mod add_fp_control;
pub mod add_kernel_metadata;
pub mod add_kernel_wrapper;
pub mod add_sched_params;
pub mod align_nontemporal_stores;
pub mod assign_sycl_module_id;
pub mod check_kernel_features;
pub mod convert_to_mux_builtins;
pub mod define_mux_builtins;
pub mod define_native_math;
pub mod encode_kernel_metadata;
pub mod fatomics;
pub mod kernel_linkage;
pub mod lower_kernel_properties;
pub mod narrow_constant_masks;
pub mod prepare_barriers;
pub mod prepare_native_cpu;
pub mod rename_kernels;
pub mod replace_module_scope_vars;
pub mod share_device_globals;
pub mod spec_constants;
pub mod streaming_stores;
pub mod sub_groups_of_one;
pub mod transfer_kernel_metadata;
pub mod unit_kernel_names;
pub mod unmask_full_masks;
pub mod vectorize;
pub mod widen_loop_masks;
pub mod work_item_loops;

use inkwell::module::Module;

use crate::CompileError;

/// Whether a pass changed the module.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Changed {
    /// The module is certainly unchanged.
    No,
    /// The module may have changed.
    Yes,
}

impl From<bool> for Changed {
    fn from(changed: bool) -> Self {
        if changed {
            Changed::Yes
        } else {
            Changed::No
        }
    }
}

impl Changed {
    /// Changed if either is.
    pub fn or(self, other: Changed) -> Changed {
        Changed::from(self == Changed::Yes || other == Changed::Yes)
    }
}

/// A transformation of a whole module.
pub trait ModulePass {
    /// The pass's name in pipeline text.
    fn name(&self) -> &'static str;
    /// Runs the pass, saying whether it changed the module (`No` only when it certainly did
    /// not).
    fn run(&self, module: &Module<'_>) -> Result<Changed, CompileError>;
}

/// How the registry makes a pass from its `<…>` parameters (or says why they are wrong).
pub type Constructor = fn(&[&str]) -> Result<Box<dyn ModulePass>, String>;

/// A pass as its module declares it, once: the name pipeline text uses, the parameters it
/// takes, one line of help, and how to make it from its parameters. `muxc --passes` and
/// `--print-passes`, the pipeline and the driver all go through these declarations.
pub struct PassInfo {
    /// The pass's name in pipeline text.
    pub name: &'static str,
    /// The `name<…>` parameters, as `--print-passes` shows them (empty when there are none).
    pub parameters: &'static str,
    /// One line for `--print-passes`.
    pub help: &'static str,
    /// Makes the pass from its parameters.
    pub create: Constructor,
}

impl PassInfo {
    /// The pass as a pipeline element with `parameters` (bare without any).
    pub fn element(&self, parameters: &[String]) -> String {
        if parameters.is_empty() {
            self.name.to_owned()
        } else {
            format!("{}<{}>", self.name, parameters.join(";"))
        }
    }
}

/// The constructor of a pass that takes no parameters.
pub fn without_parameters<P: ModulePass + Default + 'static>(
    parameters: &[&str],
) -> Result<Box<dyn ModulePass>, String> {
    let pass = P::default();
    if parameters.is_empty() {
        Ok(Box::new(pass))
    } else {
        Err(format!("pass '{}' takes no parameters", pass.name()))
    }
}

/// Every pass of ours, in pipeline order (the front-end's passes first).
pub const REGISTRY: &[&PassInfo] = &[
    &share_device_globals::PASS,
    &unit_kernel_names::PASS,
    &assign_sycl_module_id::PASS,
    &kernel_linkage::PASS,
    &check_kernel_features::PASS,
    &lower_kernel_properties::PASS,
    &spec_constants::PASS,
    &convert_to_mux_builtins::PASS,
    &fatomics::PASS,
    &transfer_kernel_metadata::PASS,
    &encode_kernel_metadata::PASS,
    &prepare_barriers::PASS,
    &vectorize::PASS,
    &define_native_math::PASS,
    &sub_groups_of_one::PASS,
    &work_item_loops::PASS,
    &streaming_stores::PASS,
    &replace_module_scope_vars::PASS,
    &add_kernel_metadata::PASS,
    &add_sched_params::PASS,
    &define_mux_builtins::PASS,
    &add_kernel_wrapper::PASS,
    &prepare_native_cpu::PASS,
    &add_fp_control::PASS,
    &rename_kernels::PASS,
    &narrow_constant_masks::PASS,
    &unmask_full_masks::PASS,
    &widen_loop_masks::PASS,
    &align_nontemporal_stores::PASS,
];

/// Splits `name<params>` into the name and its `;`-separated parameters.
fn split_parameters(element: &str) -> Result<(&str, Vec<&str>), String> {
    match element.find('<') {
        None => Ok((element, Vec::new())),
        Some(open) => {
            let Some(inner) = element[open + 1..].strip_suffix('>') else {
                return Err(format!("'{element}' opens '<' without closing '>'"));
            };
            let params = inner.split(';').filter(|p| !p.is_empty()).collect();
            Ok((&element[..open], params))
        }
    }
}

/// The pass a pipeline element names, or `None` if it is not one of ours (then it may be an
/// LLVM pass). A known name with bad parameters is an error.
pub fn parse(element: &str) -> Option<Result<Box<dyn ModulePass>, String>> {
    let (name, params) = match split_parameters(element) {
        Ok(split) => split,
        Err(message) => return Some(Err(message)),
    };
    let pass = REGISTRY.iter().find(|pass| pass.name == name)?;
    Some((pass.create)(&params))
}

#[cfg(test)]
mod tests {
    use super::*;
    use inkwell::context::Context;

    #[test]
    fn every_registered_pass_is_found_by_its_name_and_names_itself_so() {
        for info in REGISTRY {
            let pass = match parse(info.name) {
                Some(Ok(pass)) => pass,
                // Passes with required parameters say so.
                Some(Err(message)) => {
                    assert!(!info.parameters.is_empty(), "{}: {message}", info.name);
                    continue;
                }
                None => panic!("{} is not found", info.name),
            };
            assert_eq!(pass.name(), info.name);
            assert!(!info.help.is_empty() && !info.help.contains('\n'));
        }
        let names: std::collections::HashSet<_> = REGISTRY.iter().map(|p| p.name).collect();
        assert_eq!(names.len(), REGISTRY.len(), "names are unique");
    }

    #[test]
    fn parameterless_passes_refuse_parameters() {
        assert!(matches!(parse("fatomics<x>"), Some(Err(_))));
        assert!(parse("instcombine").is_none());
    }

    #[test]
    fn passes_report_no_change_on_an_empty_module() {
        let context = Context::create();
        let module = context.create_module("empty");
        for info in REGISTRY {
            let Ok(pass) = (info.create)(&[]) else {
                continue;
            };
            let changed = pass.run(&module).expect("an empty module is fine");
            assert_eq!(changed, Changed::No, "{}", info.name);
        }
    }
}
