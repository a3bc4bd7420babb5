//! Vector math (docs/vectorizer.md, "Vector math"): which scalar math calls glibc's libmvec
//! computes for a whole vector, and the name of the form to call.
//!
//! LLVM turns `llvm.sin.v8f32` into eight calls of `sinf`, and a per-lane `erff` is eight calls
//! too. libmvec, part of glibc on x86-64 (`-lmvec`), has vector forms of 27 libm functions under
//! the x86-64 vector function ABI's names: `_ZGV<isa>N<lanes><parameters>_<name>`, where the ISA
//! letter is `b` (SSE, 128-bit registers), `c` (AVX), `d` (AVX2, 256-bit) or `e` (AVX-512F,
//! 512-bit), `N` says unmasked, and each `v` is a vector parameter: `_ZGVdN8v_sinf` takes and
//! returns `<8 x float>` in a `ymm` register. Its results are within 4 ulp, so only the
//! functions whose SYCL bound is at least that are mapped (tests/programs/math_precision.cpp
//! measures them at every width).
//!
//! We map the calls ourselves rather than through LLVM's vector-library tables: those are not
//! reachable through the C API, and they only replace a call whose width matches a variant
//! exactly, while our kernels run 16 lanes on AVX2 (two calls of the 8-lane form).

use inkwell::values::FunctionValue;

use crate::ir::vector::intrinsic_base_name;
use crate::ir::{attributes, walk};

/// libm functions of one argument whose vector forms we call. libmvec promises 4 ulp; SYCL
/// (OpenCL 3.0's tables) allows 4 or more for these, in float and double. The exponentials and
/// logarithms (3 ulp), `log1p` and `cbrt` (2 ulp) are left to the scalar functions: libmvec's
/// `logf` and `cbrtf` measured 3.0 and 2.8 ulp, past those bounds.
const UNARY: &[&str] = &[
    "acos", "acosh", "asin", "asinh", "atan", "atanh", "cos", "cosh", "erf", "erfc", "sin", "sinh",
    "tan", "tanh",
];
/// libm functions of two arguments whose vector forms we call (bounds 4 to 16 ulp).
const BINARY: &[&str] = &["atan2", "hypot", "pow"];
/// Our own float functions of one argument, declared by the headers and given bodies in every
/// form (the scalar one and the vector ABI's) by `define-native-math` after vectorization: the
/// `sycl::native` functions whose hardware form the vector kernel must keep.
pub const NATIVE: &[&str] = &[crate::passes::define_native_math::NATIVE_RSQRT];

/// A libm function with vector forms: its double-precision name and argument count.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MathFunction {
    pub name: &'static str,
    pub arity: usize,
}

/// The libm function `callee` computes on `element_bits`-bit floats, if libmvec has it: an
/// LLVM intrinsic (`llvm.sin.*`) or a libm declaration (`sinf` for floats, `sin` for doubles);
/// or one of our [`NATIVE`] float functions (`__nativecpu_native_rsqrtf`).
pub fn math_function(callee: FunctionValue<'_>, element_bits: u32) -> Option<MathFunction> {
    let name = match intrinsic_base_name(callee) {
        Some(intrinsic) => intrinsic.strip_prefix("llvm.")?.to_string(),
        None if walk::is_definition(callee) => return None,
        None => {
            let name = walk::name(callee);
            match element_bits {
                32 => name.strip_suffix('f')?.to_string(),
                64 => name,
                _ => return None,
            }
        }
    };
    if element_bits == 32 {
        if let Some(native) = NATIVE.iter().find(|n| **n == name) {
            return Some(MathFunction {
                name: native,
                arity: 1,
            });
        }
    }
    let unary = UNARY.iter().find(|n| **n == name).map(|n| (*n, 1));
    let binary = BINARY.iter().find(|n| **n == name).map(|n| (*n, 2));
    unary
        .or(binary)
        .map(|(name, arity)| MathFunction { name, arity })
}

/// One vector form to call: its symbol and how many lanes it takes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct VectorForm {
    pub symbol: String,
    pub lanes: u32,
}

/// The ISA letters whose forms `function`'s target features allow, with their register bits,
/// widest first. SSE2 is part of x86-64, so `b` is always there.
fn instruction_sets(function: FunctionValue<'_>) -> Vec<(char, u32)> {
    let has = |feature| attributes::has_target_feature(function, feature);
    let mut sets = Vec::new();
    if has("avx512f") {
        sets.push(('e', 512));
    }
    if has("avx2") {
        sets.push(('d', 256));
    } else if has("avx") {
        sets.push(('c', 256));
    }
    sets.push(('b', 128));
    sets
}

/// The form to compute `width` lanes of `function` on `element_bits`-bit floats with, in code
/// for `caller`'s target (the module's `triple`): the widest whose lanes divide `width`, or,
/// when `width` is smaller than every form, the narrowest (the vector is padded). `None` off
/// x86-64 or when no form fits.
pub fn vector_form(
    triple: &str,
    caller: FunctionValue<'_>,
    function: MathFunction,
    element_bits: u32,
    width: u32,
) -> Option<VectorForm> {
    if !triple.starts_with("x86_64") {
        return None;
    }
    let sets = instruction_sets(caller);
    let lanes_of = |bits: u32| bits / element_bits;
    let (isa, lanes) = sets
        .iter()
        .map(|(isa, bits)| (*isa, lanes_of(*bits)))
        .find(|(_, lanes)| width.is_multiple_of(*lanes))
        .or_else(|| {
            let (isa, bits) = *sets.last()?;
            (width < lanes_of(bits)).then_some((isa, lanes_of(bits)))
        })?;
    let suffix = if element_bits == 32 { "f" } else { "" };
    let parameters = "v".repeat(function.arity);
    Some(VectorForm {
        symbol: format!("_ZGV{isa}N{lanes}{parameters}_{}{suffix}", function.name),
        lanes,
    })
}
