//! sycl::vec, sycl::marray and the SYCL built-in functions: SYCL programs compiled with `ncpu++`
//! whose kernels are checked against host references (see tests/programs/).

use nativecpu_e2e_tests::{program, Built};

fn compile_and_run(source: &str, flags: &[&str]) -> String {
    Built::compile(&[program(source)], flags).run_and_check(&[])
}

#[test]
fn vec_operators_swizzles_conversions_and_layout() {
    compile_and_run("vec_ops.cpp", &["-O2"]);
}

#[test]
fn vec_of_bool_and_of_byte() {
    compile_and_run("vec_bool_byte.cpp", &["-O2"]);
    compile_and_run("vec_bool_byte.cpp", &["-O0"]);
}

#[test]
fn vec_at_o0() {
    compile_and_run("vec_ops.cpp", &["-O0"]);
}

#[test]
fn marray_element_wise_operators() {
    compile_and_run("marray_ops.cpp", &["-O2"]);
}

/// Every math function's largest error over its input sweep is within the OpenCL ulp bound the
/// program asserts; the printed table names each function.
#[test]
fn math_functions_are_within_their_ulp_bounds() {
    let stdout = compile_and_run("math_precision.cpp", &["-O2"]);
    for function in [
        "sinpi",
        "rsqrt",
        "tgamma",
        "rootn",
        "fma",
        "native::exp",
        "half::sqrt",
    ] {
        assert!(
            stdout
                .lines()
                .any(|line| line.starts_with(&format!("{function} "))),
            "{function} was not measured:\n{stdout}"
        );
    }
}

/// sycl_ext_oneapi_complex: the math functions on ordinary and special values against
/// std::complex, half, marray and stream forms, at -O2 and -O0.
#[test]
fn complex_numbers() {
    compile_and_run("complex_numbers.cpp", &["-O2"]);
    compile_and_run("complex_numbers.cpp", &["-O0"]);
}

#[test]
fn integer_functions_on_every_width() {
    compile_and_run("integer_builtins.cpp", &["-O2"]);
}

/// At -O3; tests/vector_widths.rs builds the same program at -O2, scalar and at 4, 8 and 16
/// lanes (one of which is the build machine's default width).
#[test]
fn common_geometric_relational_and_math_function_forms() {
    compile_and_run("builtin_functions.cpp", &["-O3"]);
}

/// Kernels run with round-to-nearest and denormals kept whatever MXCSR the host program set,
/// and the host's register is unchanged after them; `-ffast-math` and
/// `-fdenormal-fp-math=preserve-sign` flush denormal results and inputs instead
/// (docs/compiler-pipeline.md, "Floating-point control").
#[test]
fn kernels_run_with_their_own_floating_point_environment() {
    for flags in [
        &["-O2"][..],
        &["-O0"],
        &["-O2", "-ffast-math", "-DEXPECT_FLUSH"],
        &["-O2", "-fdenormal-fp-math=preserve-sign", "-DEXPECT_FLUSH"],
    ] {
        let built = Built::compile(&[program("fp_control.cpp")], flags);
        built.run_and_check(&[("NATIVECPU_THREADS", "1")]);
        built.run_and_check(&[("NATIVECPU_THREADS", "2")]);
    }
}
