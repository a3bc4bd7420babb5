//! The compiler's own passes, one module each, and the registry that names them for `muxc
//! --passes` (using the Construction Kit's registry names where one exists). Each pass's module
//! doc comment states what it expects of the module and what it guarantees afterwards.

pub mod assign_sycl_module_id;
pub mod check_kernel_features;
pub mod convert_to_mux_builtins;
pub mod encode_kernel_metadata;
pub mod fatomics;
pub mod lower_kernel_properties;
pub mod prepare_barriers;
pub mod prepare_native_cpu;
pub mod register_kernel_info;
pub mod rename_kernels;
pub mod replace_module_scope_vars;
pub mod spec_constants;
pub mod sub_groups_of_one;
pub mod transfer_kernel_metadata;
pub mod vectorize;
pub mod work_item_loops;

use inkwell::module::Module;

use crate::CompileError;

/// A transformation of a whole module.
pub trait ModulePass {
    /// The pass's name in pipeline text.
    fn name(&self) -> &'static str;
    fn run(&self, module: &Module<'_>) -> Result<(), CompileError>;
}

/// Names of the registered passes, for `muxc --print-passes`.
pub const REGISTERED: &[&str] = &[
    assign_sycl_module_id::NAME,
    check_kernel_features::NAME,
    lower_kernel_properties::NAME,
    spec_constants::NAME,
    convert_to_mux_builtins::NAME,
    fatomics::NAME,
    transfer_kernel_metadata::NAME,
    encode_kernel_metadata::NAME,
    prepare_barriers::NAME,
    vectorize::NAME,
    sub_groups_of_one::NAME,
    register_kernel_info::NAME,
    work_item_loops::NAME,
    replace_module_scope_vars::NAME,
    prepare_native_cpu::NAME,
    rename_kernels::NAME,
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
    let no_params = |pass: Box<dyn ModulePass>| {
        if params.is_empty() {
            Ok(pass)
        } else {
            Err(format!("pass '{name}' takes no parameters"))
        }
    };
    Some(match name {
        assign_sycl_module_id::NAME => {
            no_params(Box::new(assign_sycl_module_id::AssignSyclModuleId))
        }
        check_kernel_features::NAME => {
            no_params(Box::new(check_kernel_features::CheckKernelFeatures))
        }
        lower_kernel_properties::NAME => {
            no_params(Box::new(lower_kernel_properties::LowerKernelProperties))
        }
        spec_constants::NAME => no_params(Box::new(spec_constants::SpecConstants)),
        convert_to_mux_builtins::NAME => {
            no_params(Box::new(convert_to_mux_builtins::ConvertToMuxBuiltins))
        }
        fatomics::NAME => no_params(Box::new(fatomics::FAtomics)),
        transfer_kernel_metadata::NAME => {
            no_params(Box::new(transfer_kernel_metadata::TransferKernelMetadata))
        }
        encode_kernel_metadata::NAME => {
            encode_kernel_metadata::EncodeKernelMetadata::from_parameters(&params)
                .map(|pass| Box::new(pass) as Box<dyn ModulePass>)
        }
        prepare_barriers::NAME => no_params(Box::new(prepare_barriers::PrepareBarriers)),
        vectorize::NAME => vectorize::RunVecz::from_parameters(&params)
            .map(|pass| Box::new(pass) as Box<dyn ModulePass>),
        sub_groups_of_one::NAME => no_params(Box::new(sub_groups_of_one::SubGroupsOfOne)),
        register_kernel_info::NAME => no_params(Box::new(register_kernel_info::RegisterKernelInfo)),
        work_item_loops::NAME => work_item_loops::WorkItemLoops::from_parameters(&params)
            .map(|pass| Box::new(pass) as Box<dyn ModulePass>),
        replace_module_scope_vars::NAME => {
            no_params(Box::new(replace_module_scope_vars::ReplaceModuleScopeVars))
        }
        prepare_native_cpu::NAME => no_params(Box::new(prepare_native_cpu::PrepareNativeCpu)),
        rename_kernels::NAME => no_params(Box::new(rename_kernels::RenameKernels)),
        _ => return None,
    })
}
