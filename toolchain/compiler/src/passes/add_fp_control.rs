//! `add-fp-control[<ftz|no-ftz>]`: every kernel the runtime calls runs with a defined
//! floating-point environment, whatever the host program set (the Construction Kit's
//! `AddFloatingPointControlPass`, on x86 only; docs/compiler-pipeline.md, "Floating-point
//! control").
//!
//! Expects: the functions the runtime calls marked `"mux-kernel"="entry-point"` (at the end of
//! the Native CPU pipeline, the subhandlers), in a module for an x86 triple; a module for any
//! other target is left alone. The denormal mode comes from the entry point's
//! `"denormal-fp-math"` and `"denormal-fp-math-f32"` attributes (clang sets them for
//! `-fdenormal-fp-math=`; the driver adds `preserve-sign` for `-ffast-math`), or, when the entry
//! point has neither (a wrapper an earlier pass made), from those of the definitions it calls;
//! `ftz` flushes and `no-ftz` keeps denormals whatever the attributes say.
//!
//! Guarantees: each entry point `K` becomes an internal, never-inlined `<base>.fp-body`, and a
//! new `K` with the same signature, attributes, name and `mux-kernel` attribute saves MXCSR,
//! loads the kernel's value, calls the body and loads the saved value back before it returns:
//! the caller gets its own register back, status flags included, and nothing the host set
//! (rounding, flushing, unmasked exceptions) reaches the kernel. The kernel's MXCSR rounds to
//! nearest, masks every exception, and sets FTZ (bit 15) when the mode flushes denormal results
//! and DAZ (bit 6) when it flushes denormal inputs; a `dynamic` mode keeps the caller's bit.
//! MXCSR has one setting for `float` and `double`, so a bit is set only when both types' modes
//! flush. A body whose mode came from its callees gets it as its own attribute, so that LLVM
//! (which inlines only between functions of one denormal mode) can still inline them into it.
//!
//! The body is a real call, not inlined into the wrapper: LLVM assumes the default
//! floating-point environment, so nothing would stop it moving arithmetic of an inlined body
//! across the MXCSR loads. The cost is one call per subhandler call, that is per work-group.

use inkwell::attributes::AttributeLoc;
use inkwell::builder::Builder;
use inkwell::module::{Linkage, Module};
use inkwell::values::{BasicMetadataValueEnum, FunctionValue, IntValue, PointerValue};
use inkwell::AddressSpace;

use super::{Changed, ModulePass, PassInfo};
use crate::ir::{attributes, walk};
use crate::CompileError;

/// The pass's name in pipeline text.
pub const NAME: &str = "add-fp-control";

/// The pass as the registry declares it.
pub const PASS: PassInfo = PassInfo {
    name: NAME,
    parameters: "ftz;no-ftz",
    help: "runs each entry point with a defined MXCSR (round to nearest, denormals per the mode) and restores the caller's",
    create: |parameters| Ok(Box::new(AddFpControl::from_parameters(parameters)?)),
};

/// Suffix of the former entry point the wrapper calls.
pub const BODY_SUFFIX: &str = ".fp-body";

/// The function attribute giving the denormal mode of every floating-point type.
pub const DENORMAL_FP_MATH: &str = "denormal-fp-math";
/// The function attribute giving the denormal mode of `float`, overriding the one above.
pub const DENORMAL_FP_MATH_F32: &str = "denormal-fp-math-f32";

/// MXCSR with every exception masked and rounding to nearest: the x86 reset value.
pub const MXCSR_DEFAULT: u32 = 0x1f80;
/// MXCSR's flush-to-zero bit: denormal results become zero.
pub const MXCSR_FTZ: u32 = 1 << 15;
/// MXCSR's denormals-are-zero bit: denormal inputs read as zero.
pub const MXCSR_DAZ: u32 = 1 << 6;

/// How the kernel treats denormals of one direction (results or inputs).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Denormals {
    /// IEEE 754: denormals are kept.
    Keep,
    /// Denormals become (signed) zero.
    Flush,
    /// Whatever the caller's register says.
    Caller,
}

impl Denormals {
    /// One half of a `denormal-fp-math` value (LLVM's spelling).
    fn parse(text: &str) -> Option<Denormals> {
        match text {
            "ieee" => Some(Denormals::Keep),
            // x86 flushes to a zero of the operand's sign; positive-zero is the nearest it has.
            "preserve-sign" | "positive-zero" => Some(Denormals::Flush),
            "dynamic" => Some(Denormals::Caller),
            _ => None,
        }
    }

    /// The mode two requirements leave: keeping denormals wins (a flushing register would break
    /// the type that needs them), then the caller's setting, then flushing.
    fn meet(self, other: Denormals) -> Denormals {
        match (self, other) {
            (Denormals::Keep, _) | (_, Denormals::Keep) => Denormals::Keep,
            (Denormals::Caller, _) | (_, Denormals::Caller) => Denormals::Caller,
            (Denormals::Flush, Denormals::Flush) => Denormals::Flush,
        }
    }

    fn spelling(self) -> &'static str {
        match self {
            Denormals::Keep => "ieee",
            Denormals::Flush => "preserve-sign",
            Denormals::Caller => "dynamic",
        }
    }
}

/// A kernel's denormal mode: for results (MXCSR's FTZ) and for inputs (DAZ).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DenormalMode {
    /// Denormal results (FTZ).
    pub output: Denormals,
    /// Denormal inputs (DAZ).
    pub input: Denormals,
}

impl DenormalMode {
    /// IEEE 754 throughout.
    pub const KEEP: DenormalMode = DenormalMode {
        output: Denormals::Keep,
        input: Denormals::Keep,
    };
    /// Flush results and inputs.
    pub const FLUSH: DenormalMode = DenormalMode {
        output: Denormals::Flush,
        input: Denormals::Flush,
    };

    /// A `denormal-fp-math` value: `output[,input]`, the input mode defaulting to the output's.
    fn parse(text: &str) -> Option<DenormalMode> {
        let mut parts = text.split(',');
        let output = Denormals::parse(parts.next()?)?;
        let input = parts.next().map_or(Some(output), Denormals::parse)?;
        parts
            .next()
            .is_none()
            .then_some(DenormalMode { output, input })
    }

    fn meet(self, other: DenormalMode) -> DenormalMode {
        DenormalMode {
            output: self.output.meet(other.output),
            input: self.input.meet(other.input),
        }
    }

    /// The attribute value LLVM reads back.
    fn spelling(self) -> String {
        format!("{},{}", self.output.spelling(), self.input.spelling())
    }

    /// The MXCSR bits the kernel sets, and those it takes from the caller's register.
    pub fn mxcsr(self) -> (u32, u32) {
        let mut set = MXCSR_DEFAULT;
        let mut kept = 0;
        for (mode, bit) in [(self.output, MXCSR_FTZ), (self.input, MXCSR_DAZ)] {
            match mode {
                Denormals::Keep => {}
                Denormals::Flush => set |= bit,
                Denormals::Caller => kept |= bit,
            }
        }
        (set, kept)
    }
}

/// `add-fp-control`, with the mode it imposes, if any.
#[derive(Debug, Default)]
pub struct AddFpControl {
    /// `ftz` or `no-ftz`: the mode of every kernel, whatever its attributes.
    pub forced: Option<DenormalMode>,
}

impl AddFpControl {
    /// Parses the parameters: nothing, `ftz` or `no-ftz`.
    pub fn from_parameters(params: &[&str]) -> Result<Self, String> {
        let mut pass = AddFpControl::default();
        for param in params {
            pass.forced = Some(match *param {
                "ftz" => DenormalMode::FLUSH,
                "no-ftz" => DenormalMode::KEEP,
                other => {
                    return Err(format!(
                        "{NAME}: unknown parameter '{other}' (expected ftz or no-ftz)"
                    ))
                }
            });
        }
        Ok(pass)
    }
}

/// The denormal mode `function`'s attributes give, `None` when it has neither attribute.
fn declared_mode(function: FunctionValue<'_>) -> Result<Option<DenormalMode>, CompileError> {
    let read = |key: &str| -> Result<Option<DenormalMode>, CompileError> {
        attributes::string_attribute(function, key)
            .map(|value| {
                DenormalMode::parse(&value).ok_or_else(|| {
                    CompileError::Pass(format!(
                        "{NAME}: '{}' has an unknown {key} mode '{value}'",
                        walk::name(function)
                    ))
                })
            })
            .transpose()
    };
    let all = read(DENORMAL_FP_MATH)?;
    let float = read(DENORMAL_FP_MATH_F32)?;
    Ok(match (all, float) {
        (None, None) => None,
        (all, float) => {
            let all = all.unwrap_or(DenormalMode::KEEP);
            Some(all.meet(float.unwrap_or(all)))
        }
    })
}

/// The mode of an entry point without attributes of its own: those of the definitions it calls
/// (which all agree unless modules with different flags were linked: then keeping wins).
fn callees_mode(entry: FunctionValue<'_>) -> Result<DenormalMode, CompileError> {
    let mut mode = None;
    for call in walk::direct_calls(entry) {
        if walk::is_definition(call.callee) {
            let callee = declared_mode(call.callee)?.unwrap_or(DenormalMode::KEEP);
            mode = Some(mode.map_or(callee, |m: DenormalMode| m.meet(callee)));
        }
    }
    Ok(mode.unwrap_or(DenormalMode::KEEP))
}

fn build_error(e: inkwell::builder::BuilderError) -> CompileError {
    CompileError::Pass(format!("{NAME}: {e}"))
}

/// `llvm.x86.sse.stmxcsr` or `llvm.x86.sse.ldmxcsr`: `void (ptr)`.
fn mxcsr_intrinsic<'ctx>(module: &Module<'ctx>, name: &str) -> FunctionValue<'ctx> {
    module.get_function(name).unwrap_or_else(|| {
        let context = module.get_context();
        let pointer = context.ptr_type(AddressSpace::default());
        module.add_function(
            name,
            context.void_type().fn_type(&[pointer.into()], false),
            None,
        )
    })
}

/// Turns `entry` into the body and returns the new entry point taking its place.
fn split_entry<'ctx>(module: &Module<'ctx>, entry: FunctionValue<'ctx>) -> FunctionValue<'ctx> {
    let name = walk::name(entry);
    entry
        .as_global_value()
        .set_name(&format!("{}{BODY_SUFFIX}", attributes::base_name(entry)));
    let wrapper = module.add_function(&name, entry.get_type(), None);
    wrapper.set_linkage(entry.get_linkage());
    wrapper.set_call_conventions(entry.get_call_conventions());
    attributes::copy_function_attributes(wrapper, entry);
    for inlining in ["noinline", "alwaysinline", "optnone"] {
        attributes::remove_enum_attribute(wrapper, AttributeLoc::Function, inlining);
    }
    attributes::take_is_kernel(wrapper, entry);
    entry.remove_string_attribute(AttributeLoc::Function, attributes::SYCL_MODULE_ID);
    for (index, (param, body_param)) in wrapper
        .get_param_iter()
        .zip(entry.get_param_iter())
        .enumerate()
    {
        param.set_name(&body_param.get_name().to_string_lossy());
        for attribute in entry.attributes(AttributeLoc::Param(index as u32)) {
            wrapper.add_attribute(AttributeLoc::Param(index as u32), attribute);
        }
    }
    entry.set_linkage(Linkage::Internal);
    attributes::remove_enum_attribute(entry, AttributeLoc::Function, "alwaysinline");
    attributes::add_enum_attribute(entry, AttributeLoc::Function, "noinline");
    wrapper
}

/// The kernel's MXCSR value from the `caller`'s.
fn kernel_mxcsr<'ctx>(
    builder: &Builder<'ctx>,
    caller: IntValue<'ctx>,
    mode: DenormalMode,
) -> Result<IntValue<'ctx>, CompileError> {
    let i32_type = caller.get_type();
    let (set, kept) = mode.mxcsr();
    let set = i32_type.const_int(u64::from(set), false);
    if kept == 0 {
        return Ok(set);
    }
    let kept = builder
        .build_and(
            caller,
            i32_type.const_int(u64::from(kept), false),
            "mxcsr.kept",
        )
        .map_err(build_error)?;
    builder.build_or(kept, set, "mxcsr").map_err(build_error)
}

/// Fills the new entry point: save the caller's register, load the kernel's, call the body,
/// load the caller's back. Both loads are unconditional: `stmxcsr` waits for the floating-point
/// instructions in flight (it reads their flags) and costs more than an `ldmxcsr`, so reading
/// the register again to skip a load made each work-group slower, not faster
/// (docs/compiler-pipeline.md, "Floating-point control").
fn build_wrapper<'ctx>(
    module: &Module<'ctx>,
    function: FunctionValue<'ctx>,
    body: FunctionValue<'ctx>,
    mode: DenormalMode,
) -> Result<(), CompileError> {
    let context = module.get_context();
    let builder = context.create_builder();
    builder.position_at_end(context.append_basic_block(function, "entry"));
    let i32_type = context.i32_type();
    let alloca = |name| builder.build_alloca(i32_type, name).map_err(build_error);
    let (saved, kernel) = (alloca("mxcsr.saved")?, alloca("mxcsr.kernel")?);
    let store = mxcsr_intrinsic(module, "llvm.x86.sse.stmxcsr");
    let load = mxcsr_intrinsic(module, "llvm.x86.sse.ldmxcsr");
    let call_with = |intrinsic, slot: PointerValue<'ctx>| {
        builder
            .build_call(intrinsic, &[slot.into()], "")
            .map_err(build_error)
    };
    call_with(store, saved)?;
    let caller = builder
        .build_load(i32_type, saved, "mxcsr.caller")
        .map_err(build_error)?
        .into_int_value();
    let value = kernel_mxcsr(&builder, caller, mode)?;
    builder.build_store(kernel, value).map_err(build_error)?;
    call_with(load, kernel)?;
    let args: Vec<BasicMetadataValueEnum> = function.get_param_iter().map(Into::into).collect();
    let call = builder.build_call(body, &args, "").map_err(build_error)?;
    call.set_call_convention(body.get_call_conventions());
    call_with(load, saved)?;
    match call.try_as_basic_value().basic() {
        Some(result) => builder.build_return(Some(&result)),
        None => builder.build_return(None),
    }
    .map_err(build_error)?;
    Ok(())
}

impl ModulePass for AddFpControl {
    fn name(&self) -> &'static str {
        NAME
    }

    fn run(&self, module: &Module<'_>) -> Result<Changed, CompileError> {
        if !walk::is_x86(module) {
            return Ok(Changed::No);
        }
        let entries: Vec<FunctionValue> = module
            .get_functions()
            .filter(|f| attributes::is_kernel_entry_point(*f) && walk::is_definition(*f))
            .collect();
        for entry in &entries {
            let mode = match (self.forced, declared_mode(*entry)?) {
                (Some(mode), _) | (None, Some(mode)) => mode,
                (None, None) => {
                    let mode = callees_mode(*entry)?;
                    if mode != DenormalMode::KEEP {
                        // Inlining needs caller and callee to agree on the mode.
                        attributes::set_string_attribute(
                            *entry,
                            DENORMAL_FP_MATH,
                            &mode.spelling(),
                        );
                    }
                    mode
                }
            };
            let wrapper = split_entry(module, *entry);
            build_wrapper(module, wrapper, *entry, mode)?;
        }
        Ok(Changed::from(!entries.is_empty()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn denormal_modes_parse_as_llvm_spells_them() {
        assert_eq!(DenormalMode::parse("ieee"), Some(DenormalMode::KEEP));
        assert_eq!(
            DenormalMode::parse("preserve-sign,preserve-sign"),
            Some(DenormalMode::FLUSH)
        );
        assert_eq!(
            DenormalMode::parse("preserve-sign,ieee"),
            Some(DenormalMode {
                output: Denormals::Flush,
                input: Denormals::Keep
            })
        );
        assert_eq!(
            DenormalMode::parse("positive-zero"),
            Some(DenormalMode::FLUSH)
        );
        assert_eq!(DenormalMode::parse("ieee,ieee,ieee"), None);
        assert_eq!(DenormalMode::parse("flush"), None);
    }

    #[test]
    fn mxcsr_bits_follow_the_mode() {
        assert_eq!(DenormalMode::KEEP.mxcsr(), (0x1f80, 0));
        assert_eq!(DenormalMode::FLUSH.mxcsr(), (0x9fc0, 0));
        let dynamic = DenormalMode::parse("dynamic,preserve-sign").unwrap();
        assert_eq!(dynamic.mxcsr(), (0x1fc0, MXCSR_FTZ));
    }

    #[test]
    fn keeping_denormals_wins_over_flushing() {
        assert_eq!(
            DenormalMode::FLUSH.meet(DenormalMode::KEEP),
            DenormalMode::KEEP
        );
        let dynamic = DenormalMode::parse("dynamic").unwrap();
        assert_eq!(DenormalMode::FLUSH.meet(dynamic), dynamic);
    }

    #[test]
    fn parameters_are_checked() {
        assert!(AddFpControl::from_parameters(&[]).unwrap().forced.is_none());
        assert_eq!(
            AddFpControl::from_parameters(&["ftz"]).unwrap().forced,
            Some(DenormalMode::FLUSH)
        );
        assert!(AddFpControl::from_parameters(&["daz"]).is_err());
    }
}
