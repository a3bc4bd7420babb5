//! The vectorizer across work-items (docs/vectorizer.md) must not change what a program computes:
//! programs that exercise its cases are built scalar (`-sycl-native-cpu-no-vecz`) and at 4, 8 and
//! 16 lanes, and every build must pass its own host-reference check. Between them they cover
//! contiguous and strided accesses, divergent branches and loops, odd row lengths (the
//! predicated remainder), 1-, 2- and 3-D ranges, atomics run per lane, vec types, the math
//! built-ins (within their ulp bounds with vector math), private variables copied per lane,
//! work-group collectives (reductions, scans, broadcasts, votes; odd 2-D group shapes; sorts and
//! user-defined reductions through scratch memory),
//! sub-groups (the lanes of a vector: ids, collectives, shuffles, ballots, non-uniform groups) and
//! kernels that stay scalar. The default width of the build machine is
//! covered by every other end-to-end test. Each program's sources are compiled once; only the
//! link, where the device back end runs, is repeated per width.

use nativecpu_e2e_tests::{program, Built, Compiled};

/// The widths every program is built at; `None` is the scalar pipeline.
const WIDTHS: [Option<u32>; 4] = [None, Some(4), Some(8), Some(16)];

fn run_at_every_width(sources: &[&str]) {
    let sources: Vec<_> = sources.iter().map(|s| program(s)).collect();
    let compiled = Compiled::compile(&sources, &["-O2"]);
    for width in WIDTHS {
        let flag = match width {
            None => "-sycl-native-cpu-no-vecz".to_owned(),
            Some(w) => format!("-sycl-native-cpu-vecz-width={w}"),
        };
        let built = Built::compile(&compiled.objects, &["-O2", "-mllvm", &flag]);
        built.run_and_check(&[]);
    }
}

#[test]
fn odd_sizes_and_ranges() {
    run_at_every_width(&["odd_sizes.cpp"]);
    run_at_every_width(&["ranges_3d.cpp"]);
}

#[test]
fn accessors_usm_and_captures() {
    run_at_every_width(&["accessors.cpp"]);
    run_at_every_width(&["usm_ops.cpp"]);
    run_at_every_width(&["struct_capture.cpp"]);
}

#[test]
fn atomics_per_lane() {
    run_at_every_width(&["atomics_integer.cpp"]);
    run_at_every_width(&["atomics_floating_point.cpp"]);
}

#[test]
fn vec_types_and_math() {
    run_at_every_width(&["vec_ops.cpp"]);
    run_at_every_width(&["builtin_functions.cpp"]);
    run_at_every_width(&["math_precision.cpp"]);
}

#[test]
fn work_group_collectives_combine_lanes_first() {
    run_at_every_width(&["scans_2d.cpp"]);
    run_at_every_width(&["reductions.cpp"]);
    run_at_every_width(&["any_all_none.cpp"]);
    run_at_every_width(&["nested_reduce.cpp"]);
    run_at_every_width(&["group_sort.cpp"]);
}

/// Builds `source` at every width and runs it with `EXPECTED_SUB_GROUP_SIZE` set to the width
/// (1 scalar).
fn run_expecting_each_width(source: &str) {
    let compiled = Compiled::compile(&[program(source)], &["-O2"]);
    for width in WIDTHS {
        let flag = match width {
            None => "-sycl-native-cpu-no-vecz".to_owned(),
            Some(w) => format!("-sycl-native-cpu-vecz-width={w}"),
        };
        let built = Built::compile(&compiled.objects, &["-O2", "-mllvm", &flag]);
        let expected = width.unwrap_or(1).to_string();
        built.run_and_check(&[("EXPECTED_SUB_GROUP_SIZE", &expected)]);
    }
}

/// Sub-groups are the lanes of a vector: the program checks every sub-group function against
/// its layout, and that its kernel's sub-group size is the width it was built for (1 scalar).
#[test]
fn sub_groups_are_the_lanes() {
    run_expecting_each_width("sub_groups.cpp");
    run_expecting_each_width("sub_group_mask.cpp");
    run_expecting_each_width("non_uniform_groups.cpp");
}

/// The kernel metadata notes report the width each kernel was built for.
#[test]
fn kernel_info_reports_the_width() {
    run_expecting_each_width("kernel_info.cpp");
}

#[test]
fn private_variables_get_a_copy_per_lane() {
    run_at_every_width(&["private_variables.cpp"]);
}

#[test]
fn nd_ranges_and_barriers() {
    run_at_every_width(&["nd_range_3d.cpp"]);
    run_at_every_width(&["tiled_matmul.cpp"]);
    run_at_every_width(&["work_group_static.cpp"]);
}

/// Regions guarded by the local x id run only the vectors their guard reaches.
#[test]
fn guarded_regions_stop_their_x_loops() {
    run_at_every_width(&["guarded_regions.cpp"]);
}
