//! `widen-loop-masks`: on AVX2, the lane masks a vectorized loop carries from one iteration to
//! the next are kept as 32-bit lanes of all ones or zeros, the form the CPU's compares produce
//! and its blends read, instead of `<N x i1>` (docs/vectorizer.md, "Masks of divergent loops").
//!
//! Expects: a module LLVM's optimisation pipeline has already run on (the pass runs after it,
//! because InstCombine turns the widened form back into `<N x i1>`).
//!
//! Guarantees: in each function compiled for x86 with AVX2 and without AVX-512 (which has mask
//! registers), every *web* of `<N x i1>` values (N of 4 to 16) joined through `phi`, `and`,
//! `or` and `xor` that contains a `phi` is rebuilt on `<N x iB>`, B the widest lane the compares
//! entering the web compare (32 when none does): each value of the web from
//! outside it (a compare, a constant, a splat) is sign-extended where it is defined, and each use
//! outside the web reads `icmp slt <the widened value>, zeroinitializer`, placed just before the
//! use. The values computed are unchanged, lane for lane.
//!
//! Why: x86 has no register for `<8 x i1>` before AVX-512, so LLVM's instruction selection
//! keeps a mask that crosses a block boundary (a loop's PHI) as packed bytes or words, and packs
//! each compare's result into that form and unpacks it again for every blend: in the mandelbrot
//! kernel's escape loop this was most of the loop's instructions. Within a block, selection sees
//! that a widened mask is a compare's result and blends with it directly.

use std::collections::{HashMap, HashSet};

use inkwell::context::ContextRef;
use inkwell::module::Module;
use inkwell::targets::TargetData;
use inkwell::types::{AnyType, BasicTypeEnum, IntType, VectorType};
use inkwell::values::{BasicValueEnum, FunctionValue, InstructionOpcode};
use inkwell::IntPredicate;

use super::{without_parameters, Changed, ModulePass, PassInfo};
use crate::ir::cfg;
use crate::ir::value::{Kind, Value};
use crate::ir::{attributes, walk};
use crate::CompileError;

/// The pass's name in pipeline text.
pub const NAME: &str = "widen-loop-masks";

/// The pass as the registry declares it.
pub const PASS: PassInfo = PassInfo {
    name: NAME,
    parameters: "",
    help: "on AVX2, keeps the masks vectorized loops carry as 32-bit lanes (after LLVM's pipeline)",
    create: without_parameters::<WidenLoopMasks>,
};

/// `widen-loop-masks`.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct WidenLoopMasks;

/// The lane masks a web widens: vectors of `i1` of 4 to 16 lanes (up to two AVX2 registers of
/// 32-bit lanes).
fn is_mask(ty: BasicTypeEnum<'_>) -> Option<VectorType<'_>> {
    let BasicTypeEnum::VectorType(vector) = ty else {
        return None;
    };
    let element = vector.get_element_type();
    let one_bit = element.is_int_type() && element.into_int_type().get_bit_width() == 1;
    (one_bit && (4..=16).contains(&vector.get_size())).then_some(vector)
}

/// Whether `value` is a mask operation a web runs through: a PHI, `and`, `or` or `xor`.
fn is_web_operation(value: Value<'_>) -> bool {
    let operation = matches!(
        value.opcode(),
        Some(
            InstructionOpcode::Phi
                | InstructionOpcode::And
                | InstructionOpcode::Or
                | InstructionOpcode::Xor
        )
    );
    operation && value.basic_type().and_then(is_mask).is_some()
}

/// The operands of a web operation that are masks (PHI incoming values, or both operands).
fn mask_operands(value: Value<'_>) -> Vec<Value<'_>> {
    if value.is(Kind::Phi) {
        value.incoming().into_iter().map(|(v, _)| v).collect()
    } else {
        value.operands()
    }
}

/// The web of mask operations reachable from `start` through operands and users.
fn web_of<'ctx>(start: Value<'ctx>) -> HashSet<Value<'ctx>> {
    let mut web = HashSet::from([start]);
    let mut work = vec![start];
    while let Some(value) = work.pop() {
        let neighbours = mask_operands(value).into_iter().chain(value.users());
        for neighbour in neighbours {
            if is_web_operation(neighbour) && web.insert(neighbour) {
                work.push(neighbour);
            }
        }
    }
    web
}

/// Rebuilds one web on lanes as wide as the values it compares (`<N x i32>` for `float`).
struct Widening<'ctx> {
    web: HashSet<Value<'ctx>>,
    widened: HashMap<Value<'ctx>, Value<'ctx>>,
    wide_type: VectorType<'ctx>,
    /// The function's first instruction, where masks that are not instructions are widened.
    entry: Value<'ctx>,
}

impl<'ctx> Widening<'ctx> {
    /// The widened form of `value`, a member of the web or a mask from outside it.
    fn widen(&mut self, value: Value<'ctx>) -> Result<Value<'ctx>, CompileError> {
        if let Some(widened) = self.widened.get(&value) {
            return Ok(*widened);
        }
        let extended = self.sign_extend(value)?;
        self.widened.insert(value, extended);
        Ok(extended)
    }

    /// `sext value`, right after `value`'s definition, or at the entry for a constant or an
    /// argument. A mask from outside the web is never a PHI (a PHI of masks is a web member), so
    /// the instruction after it is never one either.
    fn sign_extend(&self, value: Value<'ctx>) -> Result<Value<'ctx>, CompileError> {
        let before = if value.is(Kind::Instruction) {
            value
                .next_instruction()
                .expect("a mask is not a terminator's")
        } else {
            self.entry
        };
        let mask = value.basic().expect("a mask").into_vector_value();
        let extended = cfg::builder_before(before)
            .build_int_s_extend(mask, self.wide_type, "mask.wide")
            .map_err(build_error)?;
        Ok(Value::from(BasicValueEnum::from(extended)))
    }
}

/// Rebuilds `web` on wider lanes and removes its `<N x i1>` operations.
fn widen_web<'ctx>(
    function: FunctionValue<'ctx>,
    web: HashSet<Value<'ctx>>,
    target_data: &TargetData,
) -> Result<(), CompileError> {
    let context = function.get_type().get_context();
    let lanes = web
        .iter()
        .find_map(|v| v.basic_type().and_then(is_mask))
        .expect("a web of masks")
        .get_size();
    let lane_bits = compared_lane_bits(target_data, &web).unwrap_or(32);
    let entry = function
        .get_first_basic_block()
        .and_then(|block| block.get_first_instruction())
        .expect("a function with a body");
    let mut widening = Widening {
        web,
        widened: HashMap::new(),
        wide_type: lane_type(context, lane_bits).vec_type(lanes),
        entry: Value::from(entry),
    };
    let order = web_in_order(function, &widening.web);
    for phi in order.iter().filter(|v| v.is(Kind::Phi)) {
        let builder = cfg::builder_before(*phi);
        let wide = builder
            .build_phi(widening.wide_type, &format!("{}.wide", phi.name()))
            .map_err(build_error)?;
        widening.widened.insert(*phi, Value::from(wide));
    }
    for operation in order.iter().filter(|v| !v.is(Kind::Phi)) {
        let wide = widen_operation(&mut widening, *operation)?;
        widening.widened.insert(*operation, wide);
    }
    for phi in order.iter().filter(|v| v.is(Kind::Phi)) {
        let wide = widening.widened[phi].phi().expect("a widened PHI");
        for (value, block) in phi.incoming() {
            let incoming = widening.widen(value)?.basic().expect("a vector");
            wide.add_incoming(&[(&incoming, block)]);
        }
    }
    narrow_outside_uses(&widening, &order)?;
    for operation in &order {
        operation.replace_uses_with_poison();
    }
    for operation in order {
        operation.erase();
    }
    Ok(())
}

/// The integer type of `bits` bits, for a lane of 8 to 64 bits.
fn lane_type(context: ContextRef<'_>, bits: u32) -> IntType<'_> {
    match bits {
        0..=8 => context.i8_type(),
        9..=16 => context.i16_type(),
        17..=32 => context.i32_type(),
        _ => context.i64_type(),
    }
}

/// The widest lanes the compares entering `web` compare, in bits: the lanes its masks select
/// between are most likely of that width, so that is the width that needs no conversion.
fn compared_lane_bits(target_data: &TargetData, web: &HashSet<Value<'_>>) -> Option<u32> {
    web.iter()
        .flat_map(|member| mask_operands(*member))
        .filter(|operand| !web.contains(operand))
        .filter(|operand| {
            operand.is(Kind::IntCompare) || operand.opcode() == Some(InstructionOpcode::FCmp)
        })
        .filter_map(|compare| compare.operand(0).basic_type())
        .map(|ty| match ty {
            BasicTypeEnum::VectorType(vector) => vector.get_element_type(),
            scalar => scalar,
        })
        .map(|element| target_data.get_bit_size(&element.as_any_type_enum()) as u32)
        .max()
}

/// The members of `web` in an order where each operation comes after the operations it reads
/// (other than through PHIs): blocks in reverse post-order, instructions in order.
fn web_in_order<'ctx>(
    function: FunctionValue<'ctx>,
    web: &HashSet<Value<'ctx>>,
) -> Vec<Value<'ctx>> {
    let entry = function.get_first_basic_block().expect("a body");
    cfg::reverse_post_order(entry)
        .into_iter()
        .flat_map(cfg::instructions)
        .filter(|instruction| web.contains(instruction))
        .collect()
}

/// The `and`, `or` or `xor` `operation` on the widened operands, placed after it.
fn widen_operation<'ctx>(
    widening: &mut Widening<'ctx>,
    operation: Value<'ctx>,
) -> Result<Value<'ctx>, CompileError> {
    let left = widening
        .widen(operation.operand(0))?
        .basic()
        .expect("a vector")
        .into_vector_value();
    let right = widening
        .widen(operation.operand(1))?
        .basic()
        .expect("a vector")
        .into_vector_value();
    let next = operation.next_instruction().expect("not a terminator");
    let builder = cfg::builder_before(next);
    let name = format!("{}.wide", operation.name());
    let wide = match operation.opcode() {
        Some(InstructionOpcode::And) => builder.build_and(left, right, &name),
        Some(InstructionOpcode::Or) => builder.build_or(left, right, &name),
        _ => builder.build_xor(left, right, &name),
    }
    .map_err(build_error)?;
    Ok(Value::from(BasicValueEnum::from(wide)))
}

/// Gives every use of a web member outside the web `icmp slt <widened>, 0` instead, just before
/// the user (never a PHI: a PHI of masks is a web member).
fn narrow_outside_uses<'ctx>(
    widening: &Widening<'ctx>,
    order: &[Value<'ctx>],
) -> Result<(), CompileError> {
    for member in order {
        for (user, operand) in member.uses() {
            if widening.web.contains(&user) {
                continue;
            }
            let wide = widening.widened[member]
                .basic()
                .expect("a vector")
                .into_vector_value();
            let builder = cfg::builder_before(user);
            let narrow = builder
                .build_int_compare(
                    IntPredicate::SLT,
                    wide,
                    widening.wide_type.const_zero(),
                    "mask",
                )
                .map_err(build_error)?;
            user.set_operand(operand, Value::from(BasicValueEnum::from(narrow)));
        }
    }
    Ok(())
}

/// Whether LLVM keeps `<N x i1>` masks packed in `function`: x86 with AVX2 and no AVX-512.
fn packs_masks(function: FunctionValue<'_>) -> bool {
    attributes::has_target_feature(function, "avx2")
        && !attributes::has_target_feature(function, "avx512f")
}

impl ModulePass for WidenLoopMasks {
    fn name(&self) -> &'static str {
        NAME
    }

    fn run(&self, module: &Module<'_>) -> Result<Changed, CompileError> {
        if !walk::is_x86(module) {
            return Ok(Changed::No);
        }
        let target_data = walk::target_data(module);
        let mut changed = Changed::No;
        for function in module
            .get_functions()
            .filter(|f| walk::is_definition(*f) && packs_masks(*f))
        {
            let mut done = HashSet::new();
            let phis: Vec<_> = walk::instructions(function)
                .into_iter()
                .map(Value::from)
                .filter(|v| v.is(Kind::Phi) && is_web_operation(*v))
                .collect();
            for phi in phis {
                if done.contains(&phi) {
                    continue;
                }
                let web = web_of(phi);
                done.extend(web.iter().copied());
                widen_web(function, web, &target_data)?;
                changed = Changed::Yes;
            }
        }
        Ok(changed)
    }
}

fn build_error(e: inkwell::builder::BuilderError) -> CompileError {
    CompileError::Pass(format!("{NAME}: {e}"))
}
