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

#[test]
fn integer_functions_on_every_width() {
    compile_and_run("integer_builtins.cpp", &["-O2"]);
}

#[test]
fn common_geometric_relational_and_math_function_forms() {
    compile_and_run("builtin_functions.cpp", &["-O2"]);
}

#[test]
fn builtin_functions_at_o3() {
    compile_and_run("builtin_functions.cpp", &["-O3"]);
}
