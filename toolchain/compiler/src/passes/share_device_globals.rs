//! `share-device-globals`: gives device code and host code one instance of every
//! `device_global` with internal linkage (`static`, or in an unnamed namespace), as they already
//! share the variables with external linkage (docs/kernel-features.md, "Global variables").
//!
//! Why: each compile of a source keeps such a variable to itself, so kernels would write a
//! device copy the host's `memcpy`/`copy` never see, and clang's optimizer, seeing no device
//! code read it, may even drop the kernels' writes. The headers route every device access to a
//! `device_global`'s value through an empty inline assembly marked [`MARKER`], which hides the
//! address from clang's optimizer; this pass removes the markers and renames every internal
//! variable of `device_global`'s class `<name>.ncpu.<unit>`, unique to the translation unit, as
//! a weak definition. The driver then
//! renames the host object's local symbol the same way and makes it global, so the link keeps
//! the host's definition, or the device's if the host never names the variable.
//!
//! Expects: the device module of one translation unit, straight from clang `-fsycl-is-device`.
//! Guarantees: no call of the marker assembly is left; every internal `device_global` is a weak
//! definition `<name>.ncpu.<unit>`; with `renames=PATH` and `globals=PATH`, those
//! files list the renames (`old new` per line) and the old names, as `llvm-objcopy`'s
//! `--redefine-syms` and `--globalize-symbols` read them (both written, empty when none).

use std::path::PathBuf;

use inkwell::module::{Linkage, Module};
use inkwell::types::AnyTypeEnum;
use inkwell::values::GlobalValue;

use super::{Changed, ModulePass, PassInfo};
use crate::ir::value::Value;
use crate::ir::walk;
use crate::CompileError;

/// The pass's name in pipeline text.
pub const NAME: &str = "share-device-globals";

/// The assembly text of the headers' marker (`toolchain/include/sycl/ext/oneapi/device_global.hpp`).
pub const MARKER: &str = "/* ncpu.device_global */";

/// The pass as the registry declares it.
pub const PASS: PassInfo = PassInfo {
    name: NAME,
    parameters: "unit=ID;renames=PATH;globals=PATH",
    help: "gives internal device_globals a unit-unique weak name the host object can share",
    create: |parameters| Ok(Box::new(ShareDeviceGlobals::from_parameters(parameters)?)),
};

/// The pass, for one translation unit.
pub struct ShareDeviceGlobals {
    unit: String,
    renames: Option<PathBuf>,
    globals: Option<PathBuf>,
}

impl ShareDeviceGlobals {
    /// Parses `unit=ID` (required) and the optional `renames=PATH` and `globals=PATH`.
    fn from_parameters(parameters: &[&str]) -> Result<Self, String> {
        let mut pass = ShareDeviceGlobals {
            unit: String::new(),
            renames: None,
            globals: None,
        };
        for parameter in parameters {
            match parameter.split_once('=') {
                Some(("unit", id)) if !id.is_empty() => pass.unit = id.to_owned(),
                Some(("renames", path)) => pass.renames = Some(PathBuf::from(path)),
                Some(("globals", path)) => pass.globals = Some(PathBuf::from(path)),
                _ => return Err(format!("{NAME}: unknown parameter '{parameter}'")),
            }
        }
        if pass.unit.is_empty() {
            return Err(format!("{NAME}: needs unit=ID"));
        }
        Ok(pass)
    }

    /// Writes `lines` to `path`, if one was given.
    fn write(path: &Option<PathBuf>, lines: &[String]) -> Result<(), CompileError> {
        let Some(path) = path else { return Ok(()) };
        let text: String = lines.iter().map(|line| format!("{line}\n")).collect();
        std::fs::write(path, text).map_err(|source| CompileError::Io {
            path: path.clone(),
            source,
        })
    }
}

/// The name clang gives the class of every `device_global` (with `.N` after it for all
/// instantiations but one).
const DEVICE_GLOBAL_CLASS: &str = "class.sycl::_V1::ext::oneapi::experimental::device_global";

/// Whether `global` is a `device_global` with internal linkage, defined here.
fn is_internal_device_global(global: GlobalValue<'_>) -> bool {
    let AnyTypeEnum::StructType(class) = global.get_value_type() else {
        return false;
    };
    let name = class
        .get_name()
        .map(|name| name.to_string_lossy().into_owned());
    let is_device_global = name.is_some_and(|name| {
        name.strip_prefix(DEVICE_GLOBAL_CLASS)
            .is_some_and(|rest| rest.is_empty() || rest.starts_with('.'))
    });
    is_device_global
        && global.get_initializer().is_some()
        && matches!(global.get_linkage(), Linkage::Internal | Linkage::Private)
}

/// Removes every marker call (its result is its operand); says whether there was one.
fn remove_markers(module: &Module<'_>) -> bool {
    let mut any = false;
    for function in module.get_functions() {
        for instruction in walk::instructions(function) {
            let call = Value::from(instruction);
            if call.called_inline_assembly().as_deref() == Some(MARKER) {
                call.replace_all_uses_with(call.operand(0));
                call.erase();
                any = true;
            }
        }
    }
    any
}

impl ModulePass for ShareDeviceGlobals {
    fn name(&self) -> &'static str {
        NAME
    }

    fn run(&self, module: &Module<'_>) -> Result<Changed, CompileError> {
        let removed = remove_markers(module);
        let (mut renames, mut globals) = (Vec::new(), Vec::new());
        for global in module.get_globals() {
            if !is_internal_device_global(global) {
                continue;
            }
            let name = global.get_name().to_string_lossy().into_owned();
            let shared = format!("{name}.ncpu.{}", self.unit);
            global.as_pointer_value().set_name(&shared);
            global.set_linkage(Linkage::WeakAny);
            renames.push(format!("{name} {shared}"));
            globals.push(name);
        }
        Self::write(&self.renames, &renames)?;
        Self::write(&self.globals, &globals)?;
        Ok(Changed::from(removed || !globals.is_empty()))
    }
}
