//! SYCL programs compiled with `ncpu++`, run, and checked: each program compares its results
//! with a host reference and prints PASS (see tests/programs/).

use nativecpu_e2e_tests::{describe, ncpu_in, program, Built};

fn compile_and_run(sources: &[&str], flags: &[&str]) {
    let sources: Vec<_> = sources.iter().map(|s| program(s)).collect();
    Built::compile(&sources, flags).run_and_check(&[]);
}

#[test]
fn named_and_unnamed_kernels() {
    compile_and_run(&["named_and_unnamed.cpp"], &["-O2"]);
}

/// Kernels named by unnamed-namespace types in two translation units stay apart.
#[test]
fn internal_kernel_names_are_unique_to_their_translation_unit() {
    compile_and_run(
        &[
            "internal_kernel_names.cpp",
            "internal_kernel_names_other.cpp",
        ],
        &["-O2"],
    );
}

#[test]
fn ranges_in_one_two_and_three_dimensions() {
    compile_and_run(&["ranges_3d.cpp"], &["-O2"]);
}

#[test]
fn odd_sizes_run_every_item_exactly_once_with_one_and_two_threads() {
    let built = Built::compile(&[program("odd_sizes.cpp")], &["-O2"]);
    built.run_and_check(&[("NATIVECPU_THREADS", "1")]);
    built.run_and_check(&[("NATIVECPU_THREADS", "2")]);
    built.run_and_check(&[]);
}

#[test]
fn weak_objects_and_the_owner_order() {
    compile_and_run(&["weak_object.cpp"], &["-O2"]);
}

#[test]
fn id_and_range_arithmetic() {
    compile_and_run(&["id_arithmetic.cpp"], &["-O2"]);
}

#[test]
fn interfaces_the_sycl_cts_needs() {
    compile_and_run(&["cts_apis.cpp"], &["-O2"]);
}

#[test]
fn single_task() {
    compile_and_run(&["single_task.cpp"], &[]);
}

#[test]
fn struct_and_array_captures_and_function_objects() {
    compile_and_run(&["struct_capture.cpp"], &["-O3"]);
}

#[test]
fn buffers_and_accessors() {
    compile_and_run(&["accessors.cpp"], &["-O2", "-std=c++17"]);
}

#[test]
fn usm_allocations_and_memory_operations() {
    compile_and_run(&["usm_ops.cpp"], &["-O1"]);
}

#[test]
fn recursion_function_pointers_virtual_calls_and_new_run_in_kernels() {
    compile_and_run(&["kernel_features.cpp"], &["-O2"]);
}

#[test]
fn a_kernel_stack_overflow_is_reported_as_such() {
    let built = Built::compile(&[program("stack_overflow.cpp")], &["-O1"]);
    for threads in ["1", "2"] {
        let output = built.run_with(&[("NATIVECPU_THREADS", threads)]);
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(!output.status.success(), "{}", describe(&output));
        assert!(
            stderr.contains("nativecpu: error: a kernel overflowed its thread's stack ("),
            "{}",
            describe(&output)
        );
    }
}

#[test]
fn global_variables_are_shared_between_host_and_kernels() {
    compile_and_run(&["global_variables.cpp"], &["-O2"]);
    compile_and_run(&["global_variables.cpp"], &["-O0"]);
}

#[test]
fn usm_allocator_in_standard_containers_and_aligned_alloc() {
    compile_and_run(&["usm_allocator.cpp"], &["-O2"]);
}

#[test]
fn allocation_sizes_that_do_not_fit_fail_cleanly() {
    compile_and_run(&["allocation_sizes.cpp"], &["-O2"]);
}

#[test]
fn ranges_copies_and_fills_that_do_not_fit_throw() {
    compile_and_run(&["bad_sizes.cpp"], &["-O2"]);
}

#[test]
fn offsets_and_device_queries() {
    compile_and_run(&["offset_and_info.cpp"], &["-O2"]);
}

#[test]
fn errors_surface_as_sycl_exceptions() {
    compile_and_run(&["exceptions.cpp"], &["-O2"]);
}

#[test]
fn two_translation_units() {
    compile_and_run(&["two_tus_main.cpp", "two_tus_kernels.cpp"], &["-O2"]);
}

#[test]
fn unoptimised_and_debug_builds_still_run() {
    compile_and_run(&["named_and_unnamed.cpp"], &["-O0", "-g"]);
}

#[test]
fn specialization_constants_defaults_and_set_values_in_two_translation_units() {
    compile_and_run(
        &["spec_constants.cpp", "spec_constants_other.cpp"],
        &["-O2"],
    );
    compile_and_run(
        &["spec_constants.cpp", "spec_constants_other.cpp"],
        &["-O0"],
    );
}

#[test]
fn reductions_over_ranges_and_nd_ranges() {
    let built = Built::compile(&[program("reductions.cpp")], &["-O2"]);
    built.run_and_check(&[("NATIVECPU_THREADS", "1")]);
    built.run_and_check(&[("NATIVECPU_THREADS", "5")]);
    built.run_and_check(&[]);
    compile_and_run(&["reductions.cpp"], &["-O0"]);
}

#[test]
fn asynchronous_command_groups_events_and_dependencies() {
    let built = Built::compile(&[program("async_events.cpp")], &["-O2"]);
    for env in [&[("NATIVECPU_THREADS", "1")][..], &[]] {
        let stdout = built.run_and_check(env);
        assert!(
            stdout.ends_with("PASS\nhost task finished after main returned\n"),
            "the exit did not wait for the last host task:\n{stdout}"
        );
    }
}

#[test]
fn command_graphs_recorded_and_explicit_run_many_times() {
    let built = Built::compile(&[program("command_graphs.cpp")], &["-O2"]);
    built.run_and_check(&[("NATIVECPU_THREADS", "1")]);
    built.run_and_check(&[]);
}

#[test]
fn command_graph_update_takes_new_parameters_ranges_and_command_groups() {
    let built = Built::compile(&[program("command_graph_update.cpp")], &["-O2"]);
    built.run_and_check(&[("NATIVECPU_THREADS", "1")]);
    built.run_and_check(&[]);
}

#[test]
fn sub_buffers_view_their_parents_memory() {
    compile_and_run(&["sub_buffers.cpp"], &["-O2"]);
}

#[test]
fn standard_headers_come_with_sycl_hpp_and_survive_using_namespace_sycl() {
    compile_and_run(&["standard_headers.cpp"], &["-O2"]);
    compile_and_run(&["standard_headers.cpp"], &["-O0", "-DSHORT_PATH"]);
}

#[test]
fn dpcpp_info_queries_pointers_spans_and_oneapi_function_objects() {
    compile_and_run(&["dpcpp_surface.cpp"], &["-O2"]);
}

#[test]
fn half_arithmetic_is_correctly_rounded_binary16() {
    compile_and_run(&["half.cpp"], &["-O2"]);
    compile_and_run(&["half.cpp"], &["-O0"]);
}

#[test]
fn bfloat16_conversions_and_arithmetic_round_to_nearest_even() {
    compile_and_run(&["bfloat16.cpp"], &["-O2"]);
}

#[test]
fn oneapi_printf_prints_every_call_from_kernels() {
    let built = Built::compile(&[program("oneapi_printf.cpp")], &["-O2"]);
    let stdout = built.run_and_check(&[]);
    let mut lines: Vec<&str> = stdout.lines().collect();
    lines.sort_unstable();
    let mut expected = vec!["PASS".to_owned(), "single task 42 2.50 text".to_owned()];
    expected.extend((0..8).map(|i| format!("work-item {i}")));
    expected.sort_unstable();
    assert_eq!(lines, expected);
}

#[test]
fn legacy_and_fine_grained_header_paths() {
    compile_and_run(&["header_paths.cpp"], &["-O2"]);
}

#[test]
fn device_selectors_follow_oneapi_device_selector() {
    let built = Built::compile(&[program("device_selection.cpp")], &["-O1"]);
    for (selector, expected) in [
        (None, "visible"),
        (Some("native_cpu:cpu"), "visible"),
        (Some("*:*"), "visible"),
        (Some("level_zero:gpu"), "hidden"),
        (Some("!native_cpu:*"), "hidden"),
    ] {
        let mut env = vec![("EXPECT_DEVICE", expected)];
        if let Some(selector) = selector {
            env.push(("ONEAPI_DEVICE_SELECTOR", selector));
        }
        built.run_and_check(&env);
    }
}

#[test]
fn streaming_stores_keep_results_exact_above_and_below_the_cache_size() {
    let built = Built::compile(&[program("streaming_stores.cpp")], &["-O2"]);
    built.run_and_check(&[("NATIVECPU_THREADS", "1")]);
    built.run_and_check(&[]);
    let option = ["-O2", "-mllvm", "-sycl-native-cpu-no-streaming-stores"];
    Built::compile(&[program("streaming_stores.cpp")], &option).run_and_check(&[]);
}

#[test]
fn oneapi_enqueue_functions() {
    compile_and_run(&["enqueue_functions.cpp"], &["-O2"]);
}

/// The Khronos extensions, at -O0 and -O2 (the group interface's objects live in kernels), with
/// two threads so that a barrier that did not hold a command back shows.
#[test]
fn khronos_extensions_free_function_commands_group_interface_and_queries() {
    for opt in ["-O0", "-O2"] {
        Built::compile(&[program("khr_extensions.cpp")], &[opt])
            .run_and_check(&[("NATIVECPU_THREADS", "2")]);
    }
}

/// A failing device `assert` prints DPC++'s message naming the work-item, global and local ids
/// x first, and aborts, whether the kernel is vectorized or not; with `-DNDEBUG` it is gone
/// (docs/compiler-pipeline.md, "Device assert").
#[test]
fn device_assert_names_the_failing_work_item() {
    let expected = "device_assert.cpp:10: void check_point(int, int, int): global id: [5,3,0], \
                    local id: [1,1,0] Assertion `row != bad_row || column != 5` failed.\n";
    for flags in [&["-O2"][..], &["-O2", "-mllvm", "-sycl-native-cpu-no-vecz"]] {
        let built = Built::compile(&[program("device_assert.cpp")], flags);
        built.run_and_check(&[]);
        let output = std::process::Command::new(&built.exe)
            .arg("fail")
            .output()
            .expect("the program runs");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(
            !output.status.success() && stderr.ends_with(expected),
            "{flags:?}: no assert message for work-item (3, 5)\n{}",
            describe(&output)
        );
    }
    let without_asserts = Built::compile(&[program("device_assert.cpp")], &["-O2", "-DNDEBUG"]);
    let output = std::process::Command::new(&without_asserts.exe)
        .arg("fail")
        .output()
        .expect("the program runs");
    assert!(
        output.status.success() && output.stderr.is_empty(),
        "-DNDEBUG kept an assert\n{}",
        describe(&output)
    );
}

#[test]
fn free_function_kernels_and_queries() {
    compile_and_run(
        &[
            "free_function_kernels.cpp",
            "free_function_kernels_other.cpp",
        ],
        &["-O2"],
    );
}

/// The kernel compiler: kernels given as source at run time, built by the `ncpu++` that linked
/// the program (docs/kernel-compiler.md).
#[test]
fn kernel_compiler_builds_free_function_kernels_at_run_time() {
    compile_and_run(&["kernel_compiler.cpp"], &["-O2"]);
}

/// `sycl-ls --verbose` describes the device as the program's info queries do: its name (the
/// CPU's), compute units, sub-group sizes and aspects.
#[test]
fn sycl_ls_describes_the_device_programs_see() {
    let built = Built::compile(&[program("device_report.cpp")], &["-O1"]);
    let threads = [("NATIVECPU_THREADS", "3")];
    let report = built.run_with(&threads);
    assert!(report.status.success(), "{}", describe(&report));
    let listing = std::process::Command::new(nativecpu_e2e_tests::tool_dir().join("sycl-ls"))
        .arg("--verbose")
        .envs(threads)
        .env_remove("ONEAPI_DEVICE_SELECTOR")
        .output()
        .expect("sycl-ls runs");
    assert!(listing.status.success(), "{}", describe(&listing));
    let listing = String::from_utf8_lossy(&listing.stdout);
    let report = String::from_utf8_lossy(&report.stdout);
    assert_eq!(report.lines().count(), 4, "{report}");
    for line in report.lines() {
        assert!(
            listing.lines().any(|listed| listed.trim() == line.trim()),
            "sycl-ls does not say {line:?}:\n{listing}"
        );
    }
}

#[test]
fn device_globals_shared_by_kernels_and_memory_commands() {
    for flags in [&["-O2"][..], &["-O0"]] {
        compile_and_run(&["device_global.cpp", "device_global_other.cpp"], flags);
    }
}

/// annotated_ptr, annotated_ref, annotated_arg and the annotated USM allocation functions
/// (docs/dpcpp-headers.md, "Annotated pointers"), at -O2 and -O0.
#[test]
fn annotated_pointers_arguments_and_allocations() {
    for opt in ["-O2", "-O0"] {
        compile_and_run(&["annotated_pointers.cpp"], &[opt]);
    }
}

/// A usm_kind property naming another kind of USM than the allocation function makes is a
/// compile error that says so.
#[test]
fn a_usm_kind_against_the_allocation_function_does_not_compile() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("kind.cpp"),
        "#include <sycl/sycl.hpp>\nnamespace syclex = sycl::ext::oneapi::experimental;\nint main() {\n  \
         sycl::queue q;\n  \
         auto p = syclex::malloc_host_annotated<int>(4, q, syclex::properties{syclex::usm_kind_device});\n}\n",
    )
    .unwrap();
    let output = ncpu_in(dir.path(), &["-fsycl", "-fsyntax-only", "kind.cpp"]);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        !output.status.success()
            && stderr.contains(
                "the usm_kind property names another kind of USM than the allocation function makes"
            ),
        "{}",
        describe(&output)
    );
}
