//! nd_range kernels with barriers, local memory and group algorithms (issue 3): each program
//! checks its results against a host reference and prints PASS. Every program runs at -O0 and
//! -O2, and with one and two threads, since barrier regions and live variables change shape
//! with the optimiser and scheduling with the thread count.

use nativecpu_e2e_tests::{program, Built};

fn check(sources: &[&str]) {
    let sources: Vec<_> = sources.iter().map(|s| program(s)).collect();
    for opt in ["-O0", "-O2"] {
        let built = Built::compile(&sources, &[opt]);
        built.run_and_check(&[("NATIVECPU_THREADS", "1")]);
        built.run_and_check(&[("NATIVECPU_THREADS", "2")]);
    }
}

#[test]
fn tiled_matrix_multiply_with_local_memory() {
    check(&["tiled_matmul.cpp"]);
}

#[test]
fn tree_reduction() {
    check(&["tree_reduction.cpp"]);
}

#[test]
fn regions_guarded_by_the_local_x_id() {
    check(&["guarded_regions.cpp"]);
}

#[test]
fn barrier_in_a_loop_with_private_values_live_across_it() {
    check(&["barrier_loop.cpp"]);
}

#[test]
fn reduce_over_group_in_nested_loops() {
    check(&["nested_reduce.cpp"]);
}

#[test]
fn scans_and_broadcast_on_two_dimensional_groups() {
    check(&["scans_2d.cpp"]);
}

#[test]
fn sub_groups_at_the_default_width() {
    check(&["sub_groups.cpp"]);
}

#[test]
fn many_small_groups() {
    check(&["small_groups.cpp"]);
}

#[test]
fn three_dimensional_nd_range_with_a_local_tile() {
    check(&["nd_range_3d.cpp"]);
}

#[test]
fn barrier_in_a_noinline_helper_and_in_a_sycl_external_function() {
    check(&["barrier_helper.cpp", "barrier_helper_external.cpp"]);
}

#[test]
fn nd_items_and_groups_hold_their_values_out_of_the_kernel() {
    check(&["group_values.cpp"]);
}

#[test]
fn local_atomics() {
    check(&["local_atomics.cpp"]);
}

#[test]
fn work_group_memory_aligned_to_128_bytes() {
    check(&["aligned_work_group_memory.cpp"]);
}

#[test]
fn group_local_memory() {
    check(&["group_local_memory.cpp"]);
}

#[test]
fn work_group_static_variables() {
    check(&["work_group_static.cpp"]);
}

#[test]
fn work_group_scratch_memory_sized_at_launch() {
    check(&["work_group_scratch.cpp"]);
}

#[test]
fn dynamic_address_space_casts_tell_global_local_and_private_memory_apart() {
    check(&["address_space_casts.cpp"]);
}

#[test]
fn work_group_memory_of_every_shape() {
    check(&["work_group_memory.cpp"]);
}

/// The group algorithms with scratch memory: group sorts, user-defined reductions, group loads
/// and stores (their widths are covered in vector_widths.rs).
#[test]
fn group_sorts_user_defined_reductions_and_group_loads() {
    check(&["group_sort.cpp"]);
}

/// group_ballot and sub_group_mask at the default width.
#[test]
fn sub_group_masks() {
    check(&["sub_group_mask.cpp"]);
}

/// Ballot, fixed-size, tangle and opportunistic groups at the default width.
#[test]
fn non_uniform_groups() {
    check(&["non_uniform_groups.cpp"]);
}

#[test]
fn any_all_and_none_of_group() {
    check(&["any_all_none.cpp"]);
}

#[test]
fn invalid_nd_ranges_throw_sycl_exceptions() {
    check(&["nd_range_errors.cpp"]);
}

#[test]
fn work_group_size_property_is_honoured_and_enforced() {
    check(&["work_group_size.cpp"]);
}

/// SYCL's kernel attributes (rewritten by the driver, honoured by lower-kernel-properties),
/// without a warning: `-Werror` catches an "unknown attribute" left behind.
#[test]
fn kernel_attributes_are_honoured_without_warnings() {
    let sources = [program("kernel_attributes.cpp")];
    for opt in ["-O0", "-O2"] {
        let built = Built::compile(&sources, &[opt, "-Werror"]);
        built.run_and_check(&[("NATIVECPU_THREADS", "1")]);
        built.run_and_check(&[("NATIVECPU_THREADS", "2")]);
    }
}

/// The kernel info queries read what the compiler recorded in the device object: local memory,
/// private memory across barriers, the compile-time work-group size and the sub-group sizes.
#[test]
fn kernel_info_queries_come_from_the_kernel_metadata_notes() {
    check(&["kernel_info.cpp"]);
}
