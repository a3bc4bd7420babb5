//! `define-native-math`: gives bodies to our `sycl::native` functions, in the scalar form the
//! headers call and in the vector forms the vectorizer calls (docs/vectorizer.md, "Native
//! functions").
//!
//! `sycl::native::rsqrt` has an implementation-defined precision, and x86 has an instruction
//! for it: `rsqrtps`, an estimate within 1.5 × 2^-12 relative (`vrsqrt14ps` on AVX-512: 2^-14).
//! Written as `1 / sqrt(x)` the estimate comes refined by a Newton step, which LLVM can only
//! drop for a whole function (its `reciprocal-estimates` attribute), including the fast-math
//! code around the call. So the headers call the declaration `__nativecpu_native_rsqrtf`, the
//! vectorizer widens it to the vector ABI's names (`_ZGVdN8v___nativecpu_native_rsqrtf` for 8
//! lanes on AVX2, [`crate::passes::vectorize`]), and this pass defines each form with the
//! estimate instruction of its register width.
//!
//! Expects: the forms declared, with a float or float-vector parameter; after `run-vecz`.
//! Guarantees: each declared form gets an internal, always-inlined body: on x86-64, the
//! estimate (`llvm.x86.sse.rsqrt.ss` for the scalar, `.ps` for 4 lanes, `llvm.x86.avx.rsqrt.
//! ps.256` for 8, `llvm.x86.avx512.rsqrt14.ps.512` for 16); elsewhere, or for another lane
//! count, `1 / sqrt(x)`. The body takes its callers' `target-cpu`/`target-features`, so that it
//! can be inlined into them.

use inkwell::attributes::AttributeLoc;
use inkwell::module::{Linkage, Module};
use inkwell::types::BasicTypeEnum;
use inkwell::values::{BasicValueEnum, FunctionValue};

use super::{Changed, ModulePass, PassInfo};
use crate::ir::vector::VectorBuilder;
use crate::ir::{attributes, walk};
use crate::CompileError;

/// The pass's name in pipeline text.
pub const NAME: &str = "define-native-math";

/// The pass as the registry declares it.
pub const PASS: PassInfo = PassInfo {
    name: NAME,
    parameters: "",
    help: "defines the sycl::native functions' scalar and vector forms with the hardware estimates",
    create: super::without_parameters::<DefineNativeMath>,
};

/// The `define-native-math` pass.
#[derive(Default)]
pub struct DefineNativeMath;

/// The function `sycl::native::rsqrt(float)` calls on the device, without the `f` suffix the
/// vector ABI's names and the scalar name add.
pub const NATIVE_RSQRT: &str = "__nativecpu_native_rsqrt";

fn build_error(error: inkwell::builder::BuilderError) -> CompileError {
    CompileError::Pass(format!("{NAME}: {error}"))
}

/// Whether `function` is a form of native rsqrt: the scalar `…rsqrtf` or a vector ABI name
/// ending in `_…rsqrtf`.
fn is_native_rsqrt(function: FunctionValue<'_>) -> bool {
    let name = walk::name(function);
    let scalar = format!("{NATIVE_RSQRT}f");
    name == scalar || name.starts_with("_ZGV") && name.ends_with(&format!("_{scalar}"))
}

/// x86's estimate of `1 / sqrt(x)` for one float (`lanes` is `None`) or a vector of `lanes`
/// floats, if x86 has an instruction of that width.
fn estimate<'ctx>(
    vectors: &VectorBuilder<'_, 'ctx>,
    x: BasicValueEnum<'ctx>,
    lanes: Option<u32>,
) -> Result<Option<BasicValueEnum<'ctx>>, CompileError> {
    let context = vectors.module.get_context();
    let (intrinsic, arguments): (_, Vec<BasicValueEnum>) = match lanes {
        None => {
            let packed = vectors.insert_lane(context.f32_type().vec_type(4).const_zero(), x, 0)?;
            ("llvm.x86.sse.rsqrt.ss", vec![packed.into()])
        }
        Some(4) => ("llvm.x86.sse.rsqrt.ps", vec![x]),
        Some(8) => ("llvm.x86.avx.rsqrt.ps.256", vec![x]),
        // AVX-512's form also takes a pass-through vector and a lane mask: every lane.
        Some(16) => (
            "llvm.x86.avx512.rsqrt14.ps.512",
            vec![
                x,
                x.get_type().const_zero(),
                context.i16_type().const_all_ones().into(),
            ],
        ),
        Some(_) => return Ok(None),
    };
    let result = vectors
        .call_intrinsic(intrinsic, &[], &arguments)?
        .try_as_basic_value()
        .basic()
        .expect("a vector");
    Ok(Some(match lanes {
        None => vectors.extract_lane(result.into_vector_value(), 0)?,
        Some(_) => result,
    }))
}

/// The body of one form: the estimate of its width, or `1 / sqrt(x)`.
fn define<'ctx>(
    module: &Module<'ctx>,
    function: FunctionValue<'ctx>,
    x86: bool,
) -> Result<(), CompileError> {
    let context = module.get_context();
    let builder = context.create_builder();
    builder.position_at_end(context.append_basic_block(function, "entry"));
    let x = function.get_nth_param(0).ok_or_else(|| {
        CompileError::unsupported(
            walk::name(function),
            "a native function without its argument",
        )
    })?;
    let f32_type = context.f32_type();
    let lanes = match x.get_type() {
        BasicTypeEnum::FloatType(t) if t == f32_type => None,
        BasicTypeEnum::VectorType(t) if t.get_element_type() == f32_type.into() => {
            Some(t.get_size())
        }
        other => {
            return Err(CompileError::unsupported(
                walk::name(function),
                format!("a native float function taking {other}"),
            ))
        }
    };
    let vectors = VectorBuilder {
        builder: &builder,
        module,
        width: lanes.unwrap_or(1),
    };
    let estimate = match x86 {
        true => estimate(&vectors, x, lanes)?,
        false => None,
    };
    let result = match estimate {
        Some(result) => result,
        None => reciprocal_square_root(&vectors, x)?,
    };
    builder.build_return(Some(&result)).map_err(build_error)?;
    function.set_linkage(Linkage::Internal);
    attributes::add_enum_attribute(function, AttributeLoc::Function, "alwaysinline");
    Ok(())
}

/// `1 / sqrt(x)`, for a target without the estimate or a width it has none for.
fn reciprocal_square_root<'ctx>(
    vectors: &VectorBuilder<'_, 'ctx>,
    x: BasicValueEnum<'ctx>,
) -> Result<BasicValueEnum<'ctx>, CompileError> {
    let root = vectors
        .call_intrinsic("llvm.sqrt", &[x.get_type()], &[x])?
        .try_as_basic_value()
        .basic()
        .expect("a value");
    let one = match x.get_type() {
        BasicTypeEnum::VectorType(t) => vectors
            .splat(
                t.get_element_type()
                    .into_float_type()
                    .const_float(1.0)
                    .into(),
            )?
            .into(),
        other => other.into_float_type().const_float(1.0).into(),
    };
    let builder = vectors.builder;
    Ok(match (one, root) {
        (BasicValueEnum::VectorValue(one), BasicValueEnum::VectorValue(root)) => builder
            .build_float_div(one, root, "rsqrt")
            .map_err(build_error)?
            .into(),
        (BasicValueEnum::FloatValue(one), BasicValueEnum::FloatValue(root)) => builder
            .build_float_div(one, root, "rsqrt")
            .map_err(build_error)?
            .into(),
        _ => unreachable!("1 and sqrt(x) have x's type"),
    })
}

/// Gives `function` the CPU and features of a function that calls it.
fn take_callers_target<'ctx>(module: &Module<'ctx>, function: FunctionValue<'ctx>) {
    let caller = walk::calls_to(module, function)
        .first()
        .and_then(|call| call.instruction.get_parent())
        .and_then(|block| block.get_parent());
    if let Some(caller) = caller {
        attributes::copy_target_attributes(function, caller);
    }
}

impl ModulePass for DefineNativeMath {
    fn name(&self) -> &'static str {
        NAME
    }

    fn run(&self, module: &Module<'_>) -> Result<Changed, CompileError> {
        let forms: Vec<FunctionValue> = module
            .get_functions()
            .filter(|f| !walk::is_definition(*f) && is_native_rsqrt(*f))
            .collect();
        let triple = module.get_triple();
        let x86 = triple.as_str().to_string_lossy().starts_with("x86_64");
        for function in &forms {
            take_callers_target(module, *function);
            define(module, *function, x86)?;
        }
        Ok(Changed::from(!forms.is_empty()))
    }
}
