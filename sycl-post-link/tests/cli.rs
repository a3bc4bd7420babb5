//! End-to-end tests of the `sycl-post-link` binary on hand-written device IR fixtures
//! (`tests/fixtures/*.ll`). Expected base64 values were worked out by hand from intel/llvm's
//! encoding (8-byte little-endian bit count, then the data, LSB-first base64 without padding);
//! the `work_group_metadata.ll` ones are the very strings intel/llvm's own tests expect.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use inkwell::context::Context;
use inkwell::memory_buffer::MemoryBuffer;

use sycl_post_link::NATIVE_CPU_DRIVER_OPTIONS as NATIVE_CPU_OPTIONS;

const KERNEL_A: &str = "_ZTS7KernelA";
const KERNEL_B: &str = "_ZTS7KernelB";
const KERNEL_C: &str = "_ZTS7KernelC";
const HELPER: &str = "_Z6helperi";
const A_HELPER: &str = "_ZL8a_helperPU3AS1il";

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(name)
}

/// Runs the tool in `dir` with `args`.
fn run_in(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_sycl-post-link"))
        .args(args)
        .current_dir(dir)
        .output()
        .expect("the sycl-post-link binary runs")
}

/// Runs the tool on a copy of `fixture_name` placed in a fresh directory (as `input.ll`), with
/// `args` before the input path; panics with the tool's stderr if it fails.
fn run_ok(fixture_name: &str, args: &[&str]) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    std::fs::copy(fixture(fixture_name), dir.path().join("input.ll")).unwrap();
    let mut all: Vec<&str> = args.to_vec();
    all.push("input.ll");
    let output = run_in(dir.path(), &all);
    assert!(
        output.status.success(),
        "sycl-post-link {all:?} failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    dir
}

fn read(dir: &Path, name: &str) -> String {
    std::fs::read_to_string(dir.join(name)).unwrap_or_else(|e| panic!("{name}: {e}"))
}

/// Names of the functions *defined* in an IR file (bitcode or assembly), parsed back with LLVM.
fn defined_functions(path: &Path) -> BTreeSet<String> {
    let context = Context::create();
    let buffer = MemoryBuffer::create_from_file(path).unwrap();
    let module = context.create_module_from_ir(buffer).unwrap();
    module.verify().unwrap();
    module
        .get_functions()
        .filter(|f| f.count_basic_blocks() > 0)
        .map(|f| f.get_name().to_str().unwrap().to_owned())
        .collect()
}

fn set(names: &[&str]) -> BTreeSet<String> {
    names.iter().map(|n| n.to_string()).collect()
}

/// Files in `dir` other than the copied input.
fn outputs_in(dir: &Path) -> BTreeSet<String> {
    std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n != "input.ll")
        .collect()
}

/// Asserts a failed run: exit code 1, nothing on stdout, exactly one stderr line equal to
/// `sycl-post-link: error: <expected>`.
fn assert_fails_with(output: &Output, expected: &str) {
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(1), "stderr: {stderr}");
    assert!(output.stdout.is_empty());
    assert_eq!(stderr, format!("sycl-post-link: error: {expected}\n"));
}

#[test]
fn native_cpu_driver_options_produce_intel_compatible_files() {
    let dir = run_ok(
        "two_tus.ll",
        &[NATIVE_CPU_OPTIONS, &["-o", "t.table"]].concat(),
    );
    let dir = dir.path();

    // a.cpp splits in two because KernelA requires a work-group size and KernelB does not.
    assert_eq!(
        read(dir, "t.table"),
        "[Code|Properties|Symbols]\n\
         t_0.bc|t_0.prop|t_0.sym\n\
         t_1.bc|t_1.prop|t_1.sym\n\
         t_2.bc|t_2.prop|t_2.sym\n"
    );
    assert_eq!(read(dir, "t_0.sym"), format!("{KERNEL_A}\n"));
    assert_eq!(read(dir, "t_1.sym"), format!("{KERNEL_B}\n"));
    assert_eq!(read(dir, "t_2.sym"), format!("{KERNEL_C}\n{HELPER}\n"));

    // {8, 4, 2} as u64s (requirement) and as u32s (program metadata); the device requirements
    // are always there, the kernel param opt set is there (possibly empty) with -emit-param-info.
    assert_eq!(
        read(dir, "t_0.prop"),
        "[SYCL/device requirements]\n\
         aspects=2|AAAAAAAAAAA\n\
         reqd_work_group_size_uint64_t=2|ADAAAAAAAAACAAAAAAAAAQAAAAAAAAAACAAAAAAAAAA\n\
         [SYCL/kernel param opt]\n\
         [SYCL/program metadata]\n\
         _ZTS7KernelA@reqd_work_group_size=2|gBAAAAAAAAACAAAAEAAAAIAAAAA\n"
    );
    // KernelB: 2 arguments, argument 1 removed -> bit count 2, data byte 0b10. It inherits the
    // fp64 aspect (6) from the helper it calls.
    assert_eq!(
        read(dir, "t_1.prop"),
        "[SYCL/device requirements]\n\
         aspects=2|gAAAAAAAAAgBAAAA\n\
         [SYCL/kernel param opt]\n\
         _ZTS7KernelB=2|CAAAAAAAAAgA\n"
    );
    // The SYCL_EXTERNAL helper is exported from its own translation unit's image only. Nothing
    // is imported without -allow-device-image-dependencies.
    assert_eq!(
        read(dir, "t_2.prop"),
        "[SYCL/device requirements]\n\
         aspects=2|gAAAAAAAAAgBAAAA\n\
         [SYCL/kernel param opt]\n\
         [SYCL/exported symbols]\n\
         _Z6helperi=1|1\n"
    );

    // Each image holds its entry points and what they call; the dead function is gone.
    assert_eq!(
        defined_functions(&dir.join("t_0.bc")),
        set(&[KERNEL_A, A_HELPER])
    );
    assert_eq!(
        defined_functions(&dir.join("t_1.bc")),
        set(&[KERNEL_B, HELPER])
    );
    assert_eq!(
        defined_functions(&dir.join("t_2.bc")),
        set(&[KERNEL_C, HELPER])
    );
}

#[test]
fn split_images_keep_linkage_and_only_needed_globals() {
    let dir = run_ok("two_tus.ll", &["-S", "-split=source", "-o", "t.table"]);
    let kernel_a_image = read(dir.path(), "t_0.ll");
    assert!(kernel_a_image.contains("define weak_odr dso_local spir_kernel void @_ZTS7KernelA("));
    assert!(kernel_a_image.contains("define internal void @_ZL8a_helperPU3AS1il("));
    assert!(
        !kernel_a_image.contains("@_ZL5table"),
        "KernelA does not use the table"
    );
    assert!(!kernel_a_image.contains("llvm.used"));
    let kernel_c_image = read(dir.path(), "t_2.ll");
    assert!(kernel_c_image.contains("define dso_local i32 @_Z6helperi("));
    assert!(kernel_c_image.contains("@_ZL5table = internal constant"));
    assert!(kernel_c_image.contains("declare void @_Z8externalv()"));
    assert!(!kernel_c_image.contains("_Z4deadv"));
}

#[test]
fn symbol_files_follow_the_split_mode() {
    let sym_files = |args: &[&str]| -> Vec<String> {
        let dir = run_ok(
            "two_tus.ll",
            &[args, &["-symbols", "-o", "t.table"]].concat(),
        );
        let table = read(dir.path(), "t.table");
        table
            .lines()
            .skip(1)
            .map(|row| read(dir.path(), row.split('|').nth(1).unwrap()))
            .collect()
    };
    let a = format!("{KERNEL_A}\n");
    let b = format!("{KERNEL_B}\n");
    let c = format!("{KERNEL_C}\n");
    let h = format!("{HELPER}\n");
    assert_eq!(
        sym_files(&["-split=source"]),
        [a.clone(), b.clone(), c.clone() + &h]
    );
    assert_eq!(
        sym_files(&[]),
        sym_files(&["-split=source"]),
        "auto acts like source"
    );
    assert_eq!(
        sym_files(&["-split=kernel"]),
        [a.clone(), b.clone(), c.clone(), h.clone()]
    );
    assert_eq!(sym_files(&["-split=none"]), [a.clone() + &b + &c + &h]);
    assert_eq!(
        sym_files(&["-split=source", "-emit-only-kernels-as-entry-points"]),
        [a, b, c]
    );
}

#[test]
fn per_kernel_split_gives_the_helper_its_own_image() {
    let dir = run_ok(
        "two_tus.ll",
        &[
            "-split=kernel",
            "-properties",
            "-emit-exported-symbols",
            "-o",
            "k.table",
        ],
    );
    let dir = dir.path();
    assert_eq!(
        read(dir, "k.table"),
        "[Code|Properties]\nk_0.bc|k_0.prop\nk_1.bc|k_1.prop\nk_2.bc|k_2.prop\nk_3.bc|k_3.prop\n"
    );
    assert_eq!(
        defined_functions(&dir.join("k_2.bc")),
        set(&[KERNEL_C, HELPER])
    );
    assert_eq!(defined_functions(&dir.join("k_3.bc")), set(&[HELPER]));
    assert!(!read(dir, "k_2.prop").contains("exported symbols"));
    assert!(read(dir, "k_3.prop").ends_with("[SYCL/exported symbols]\n_Z6helperi=1|1\n"));
}

#[test]
fn kernels_only_entry_points_still_copy_callees() {
    let dir = run_ok(
        "two_tus.ll",
        &[
            "-emit-only-kernels-as-entry-points",
            "-properties",
            "-emit-exported-symbols",
            "-o",
            "t.table",
        ],
    );
    assert_eq!(
        defined_functions(&dir.path().join("t_2.bc")),
        set(&[KERNEL_C, HELPER])
    );
    assert!(!read(dir.path(), "t_2.prop").contains("exported symbols"));
}

#[test]
fn imported_symbols_need_device_image_dependencies() {
    let args = [
        "-split=kernel",
        "-properties",
        "-emit-imported-symbols",
        "-o",
        "t.table",
    ];
    let without = run_ok("two_tus.ll", &args);
    assert!(!read(without.path(), "t_2.prop").contains("imported"));

    let with = run_ok(
        "two_tus.ll",
        &[&args[..], &["-allow-device-image-dependencies"]].concat(),
    );
    // KernelC calls the undefined _Z8externalv; KernelA's only declaration is a SPIR-V builtin.
    assert_eq!(
        read(with.path(), "t_2.prop"),
        "[SYCL/device requirements]\n\
         aspects=2|gAAAAAAAAAgBAAAA\n\
         [SYCL/imported symbols]\n\
         _Z8externalv=1|1\n"
    );
    assert!(!read(with.path(), "t_0.prop").contains("imported"));
}

#[test]
fn intel_test_values_are_reproduced_without_split() {
    let dir = run_ok(
        "work_group_metadata.ll",
        &[
            "-split=none",
            "-properties",
            "-emit-param-info",
            "-emit-program-metadata",
            "-o",
            "w.table",
        ],
    );
    // The masks and the {1, 2, 4} size are the strings intel/llvm's tests expect. Without split
    // the required work-group size is not a requirement of the whole image.
    assert_eq!(
        read(dir.path(), "w_0.prop"),
        "[SYCL/device requirements]\n\
         aspects=2|AAAAAAAAAAA\n\
         [SYCL/kernel param opt]\n\
         SpirKernel1=2|CAAAAAAAAAQA\n\
         SpirKernel2=2|LAAAAAAAAAgfGA\n\
         [SYCL/program metadata]\n\
         SpirKernel1@reqd_work_group_size=2|gBAAAAAAAAQAAAAACAAAAQAAAAA\n\
         SpirKernel2@work_group_num_dim=1|2\n\
         SpirKernel2@max_work_group_size=2|gBAAAAAAAAAEAAAAIAAAAEAAAAA\n"
    );
}

/// The IR text of an output file, parsed back with LLVM.
fn ir_text(path: &Path) -> String {
    let context = Context::create();
    let buffer = MemoryBuffer::create_from_file(path).unwrap();
    let module = context.create_module_from_ir(buffer).unwrap();
    module.print_to_string().to_string()
}

#[test]
fn emulated_spec_constants_use_one_whole_module_layout_in_every_image() {
    let dir = run_ok(
        "spec_constants.ll",
        &[NATIVE_CPU_OPTIONS, &["-emit-kernel-names", "-o", "s.table"]].concat(),
    );
    let dir = dir.path();
    // int_id (42) is first seen in a.cpp, float_id (1.5) in b.cpp; both images describe the
    // same buffer {int at 0, float at 4}, even though KernelA reads only the int: the object is
    // compiled from the whole module, so a per-image layout would disagree with its code. Keys
    // are in name order. Descriptors {1, 0, 4} and {0, 0, 4}, defaults 2a000000 0000c03f, each
    // behind its 8-byte bit count, in intel/llvm's base64.
    let spec_sets = "[SYCL/specialization constants]\n\
                     uid1b2c3____float=2|gBAAAAAAAAQAAAAAAAAAAQAAAAA\n\
                     uid1b2c3____int=2|gBAAAAAAAAAAAAAAAAAAAQAAAAA\n\
                     [SYCL/specialization constants default values]\n\
                     all=2|ABAAAAAAAAgKAAAAAAAw/A\n";
    for (image, kernel) in [("s_0", "_ZTS7KernelA"), ("s_1", "_ZTS7KernelB")] {
        assert_eq!(
            read(dir, &format!("{image}.prop")),
            format!(
                "[SYCL/device requirements]\n\
                 aspects=2|AAAAAAAAAAA\n\
                 {spec_sets}\
                 [SYCL/kernel param opt]\n\
                 [SYCL/kernel names]\n\
                 {kernel}=1|1\n"
            ),
            "{image}"
        );
        let code = ir_text(&dir.join(format!("{image}.bc")));
        assert!(
            !code.contains("__sycl_get"),
            "{image} still calls a marker:\n{code}"
        );
    }
    let kernel_b = ir_text(&dir.join("s_1.bc"));
    let lines: Vec<&str> = kernel_b.lines().collect();
    for (offset, loaded) in [("i32 4", "load float"), ("i32 0", "load i32")] {
        let address = format!("getelementptr inbounds i8, ptr %buffer, {offset}");
        assert!(
            lines
                .windows(2)
                .any(|pair| pair[0].ends_with(&address) && pair[1].contains(loaded)),
            "no {loaded} from buffer + {offset} in:\n{kernel_b}"
        );
    }
}

#[test]
fn spec_constants_are_left_alone_without_emulation_and_refused_natively() {
    let dir = run_ok(
        "spec_constants.ll",
        &["-S", "-split=none", "-properties", "-o", "n.table"],
    );
    assert!(read(dir.path(), "n_0.ll").contains("@_Z37__sycl_getScalar2020SpecConstantValueIiET_"));
    assert!(!read(dir.path(), "n_0.prop").contains("specialization"));

    let dir = tempfile::tempdir().unwrap();
    std::fs::copy(fixture("spec_constants.ll"), dir.path().join("input.ll")).unwrap();
    let output = run_in(
        dir.path(),
        &["-spec-const=native", "-o", "n.table", "input.ll"],
    );
    assert_fails_with(
        &output,
        "input.ll: the module reads specialization constants, which \
         -spec-const=native cannot lower for native_cpu (it has no SPIR-V); use \
         -spec-const=emulation",
    );
    // A module without them passes with native, as intel/llvm's native_cpu wrapper test runs it.
    run_ok(
        "single_tu.ll",
        &["-spec-const=native", "-symbols", "-o", "n.table"],
    );
}

#[test]
fn kernels_with_different_work_group_requirements_get_separate_images() {
    let dir = run_ok(
        "work_group_metadata.ll",
        &["-properties", "-symbols", "-o", "w.table"],
    );
    assert_eq!(read(dir.path(), "w_0.sym"), "SpirKernel1\n");
    assert_eq!(read(dir.path(), "w_1.sym"), "SpirKernel2\n");
    assert_eq!(
        read(dir.path(), "w_0.prop"),
        "[SYCL/device requirements]\n\
         aspects=2|AAAAAAAAAAA\n\
         reqd_work_group_size_uint64_t=2|ADAAAAAAAAQAAAAAAAAAAIAAAAAAAAAAEAAAAAAAAAA\n"
    );
    assert_eq!(
        read(dir.path(), "w_1.prop"),
        "[SYCL/device requirements]\naspects=2|AAAAAAAAAAA\nwork_group_num_dim=1|2\n"
    );
}

#[test]
fn a_primary_sub_group_size_is_not_recorded_as_a_size() {
    let dir = run_ok(
        "sub_group_metadata.ll",
        &[
            "-properties",
            "-symbols",
            "-emit-program-metadata",
            "-o",
            "s.table",
        ],
    );
    assert_eq!(read(dir.path(), "s_0.sym"), "Eight\n");
    assert_eq!(read(dir.path(), "s_1.sym"), "Primary\n");
    assert_eq!(
        read(dir.path(), "s_0.prop"),
        "[SYCL/device requirements]\n\
         aspects=2|AAAAAAAAAAA\n\
         reqd_sub_group_size=1|8\n\
         [SYCL/program metadata]\n\
         Eight@reqd_sub_group_size=1|8\n"
    );
    assert_eq!(
        read(dir.path(), "s_1.prop"),
        "[SYCL/device requirements]\naspects=2|AAAAAAAAAAA\n"
    );
}

#[test]
fn assembly_output_writes_ll_files() {
    let dir = run_ok("two_tus.ll", &["-S", "-symbols", "-o", "t.table"]);
    let dir = dir.path();
    assert_eq!(
        read(dir, "t.table"),
        "[Code|Symbols]\nt_0.ll|t_0.sym\nt_1.ll|t_1.sym\nt_2.ll|t_2.sym\n"
    );
    assert!(read(dir, "t_1.ll").starts_with("; ModuleID = "));
    assert_eq!(
        defined_functions(&dir.join("t_1.ll")),
        set(&[KERNEL_B, HELPER])
    );
    assert!(!dir.join("t_0.bc").exists());
}

#[test]
fn out_dir_holds_the_images_and_the_cells_name_them() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir(dir.path().join("images")).unwrap();
    std::fs::create_dir(dir.path().join("tables")).unwrap();
    let input = fixture("two_tus.ll");
    let output = run_in(
        dir.path(),
        &[
            "-symbols",
            "-split=none",
            "-out-dir",
            "images",
            "-o",
            "tables/t.table",
            input.to_str().unwrap(),
        ],
    );
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    assert_eq!(
        read(dir.path(), "tables/t.table"),
        "[Code|Symbols]\nimages/t_0.bc|images/t_0.sym\n"
    );
    assert!(dir.path().join("images/t_0.bc").exists());
}

#[test]
fn every_output_file_gets_the_table_and_the_first_names_the_images() {
    let dir = run_ok(
        "single_tu.ll",
        &[
            "-symbols",
            "-o",
            "first.table",
            "-o",
            "native_cpu,second.table",
        ],
    );
    let expected = "[Code|Symbols]\nfirst_0.bc|first_0.sym\n";
    assert_eq!(read(dir.path(), "first.table"), expected);
    assert_eq!(read(dir.path(), "second.table"), expected);
}

#[test]
fn reads_standard_input() {
    let dir = tempfile::tempdir().unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_sycl-post-link"))
        .args(["-symbols", "-split=none", "-o", "t.table"])
        .current_dir(dir.path())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let ir = std::fs::read(fixture("two_tus.ll")).unwrap();
    std::io::Write::write_all(&mut child.stdin.take().unwrap(), &ir).unwrap();
    let output = child.wait_with_output().unwrap();
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    assert_eq!(
        read(dir.path(), "t_0.sym"),
        format!("{KERNEL_A}\n{KERNEL_B}\n{KERNEL_C}\n{HELPER}\n")
    );
}

#[test]
fn unmodified_input_is_named_in_the_table_instead_of_rewritten() {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("single_tu.ll");
    std::fs::copy(fixture("single_tu.ll"), &input).unwrap();
    let output = run_in(dir.path(), &["-properties", "-symbols", "single_tu.ll"]);
    assert!(output.status.success());
    assert_eq!(
        String::from_utf8_lossy(&output.stderr),
        "sycl-post-link NOTE: no modifications to the input LLVM IR have been made\n"
    );
    // Without -o the table is <stem>.files; the IR is not copied.
    assert_eq!(
        read(dir.path(), "single_tu.files"),
        "[Code|Properties|Symbols]\nsingle_tu.ll|single_tu_0.prop|single_tu_0.sym\n"
    );
    assert_eq!(
        outputs_in(dir.path()),
        set(&[
            "single_tu.files",
            "single_tu.ll",
            "single_tu_0.prop",
            "single_tu_0.sym"
        ])
    );
    assert_eq!(
        read(dir.path(), "single_tu_0.prop"),
        "[SYCL/device requirements]\naspects=2|AAAAAAAAAAA\n[SYCL/misc properties]\noptLevel=1|2\n"
    );

    // With -o, the image is written even though nothing changed.
    let output = run_in(dir.path(), &["-symbols", "-o", "s.table", "single_tu.ll"]);
    assert!(output.status.success());
    assert!(output.stderr.is_empty());
    assert_eq!(
        read(dir.path(), "s.table"),
        "[Code|Symbols]\ns_0.bc|s_0.sym\n"
    );
}

#[test]
fn ir_output_only_writes_one_module_and_no_table() {
    let dir = run_ok(
        "two_tus.ll",
        &["-ir-output-only", "-split=auto", "-o", "whole.bc"],
    );
    assert_eq!(outputs_in(dir.path()), set(&["whole.bc"]));
    assert_eq!(
        defined_functions(&dir.path().join("whole.bc")),
        set(&[KERNEL_A, A_HELPER, KERNEL_B, KERNEL_C, HELPER])
    );

    // intel/llvm's documented use: only spec-constant lowering, one module out (here
    // `-split=none` alone would not be an action).
    let dir = run_ok(
        "two_tus.ll",
        &[
            "-ir-output-only",
            "-S",
            "-split=none",
            "-spec-const=emulation",
        ],
    );
    assert_eq!(outputs_in(dir.path()), set(&["input.out"]));
    assert!(read(dir.path(), "input.out").contains("define dso_local i32 @_Z6helperi("));

    // `-o -` is standard output.
    let output = run_in(
        dir.path(),
        &[
            "-ir-output-only",
            "-S",
            "-spec-const=emulation",
            "-o",
            "-",
            "input.ll",
        ],
    );
    assert!(output.status.success());
    let text = String::from_utf8_lossy(&output.stdout);
    assert!(text.starts_with("; ModuleID = 'input.ll'"), "{text}");
    assert!(!text.contains("_Z4deadv"));
}

#[test]
fn help_prints_usage() {
    let output = run_in(Path::new("."), &["--help"]);
    assert!(output.status.success());
    let text = String::from_utf8_lossy(&output.stdout);
    assert!(text.contains("USAGE: sycl-post-link [options]"));
    assert!(text.contains("-emit-only-kernels-as-entry-points"));
}

#[test]
fn command_line_errors_are_one_line() {
    let dir = tempfile::tempdir().unwrap();
    let cases: &[(&[&str], &str)] = &[
        (&["-foo", "x.ll"], "unknown option '-foo'"),
        (&["--emit-everything"], "unknown option '--emit-everything'"),
        (&["-symbols", "-o"], "option '-o' requires a value"),
        (
            &["-split=tu", "x.ll"],
            "invalid value 'tu' for option '-split' (expected source, kernel, auto or none)",
        ),
        (
            &["-split=none", "x.ll"],
            "no actions specified; try --help for usage info",
        ),
        (
            &["-ir-output-only", "-symbols", "x.ll"],
            "-symbols can't be used with -ir-output-only",
        ),
        (
            &["-ir-output-only", "-split=kernel", "x.ll"],
            "-split=kernel can't be used with -ir-output-only",
        ),
        (
            &["-ir-output-only", "-properties", "x.ll"],
            "-properties can't be used with -ir-output-only",
        ),
    ];
    for (args, expected) in cases {
        assert_fails_with(&run_in(dir.path(), args), expected);
    }
    assert!(outputs_in(dir.path()).is_empty());
}

#[test]
fn input_errors_name_the_file() {
    let dir = tempfile::tempdir().unwrap();
    let output = run_in(dir.path(), &["-symbols", "missing.ll"]);
    assert_fails_with(
        &output,
        "missing.ll: cannot read input: No such file or directory (os error 2)",
    );

    std::fs::write(dir.path().join("broken.ll"), "define void @f( {\n").unwrap();
    let output = run_in(dir.path(), &["-symbols", "broken.ll"]);
    assert_fails_with(
        &output,
        "broken.ll: invalid LLVM IR: 2:1: error: expected type",
    );

    std::fs::write(
        dir.path().join("invalid.ll"),
        "define void @f() {\n  ret i32 0\n}\n",
    )
    .unwrap();
    let output = run_in(dir.path(), &["-symbols", "invalid.ll"]);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(1));
    assert!(
        stderr.starts_with("sycl-post-link: error: invalid.ll: invalid LLVM IR: "),
        "{stderr}"
    );
    assert!(stderr.lines().count() == 1, "{stderr}");

    std::fs::write(
        dir.path().join("esimd.ll"),
        "define spir_kernel void @_ZTS5Esimd() #0 !sycl_explicit_simd !0 {\n  ret void\n}\n\
         attributes #0 = { \"sycl-module-id\"=\"e.cpp\" }\n!0 = !{}\n",
    )
    .unwrap();
    let output = run_in(dir.path(), &["-lower-esimd", "-symbols", "esimd.ll"]);
    assert_fails_with(
        &output,
        "esimd.ll: kernel '_ZTS5Esimd' is an ESIMD kernel (!sycl_explicit_simd), which \
         native_cpu cannot run",
    );

    std::fs::create_dir(dir.path().join("folder")).unwrap();
    let output = run_in(dir.path(), &["-symbols", "folder"]);
    assert_fails_with(&output, "folder: cannot read input: Is a directory");
    std::fs::write(dir.path().join("garbage.bc"), [0xde, 0xad, 0xbe, 0xef]).unwrap();
    let output = run_in(dir.path(), &["-symbols", "garbage.bc"]);
    assert_fails_with(
        &output,
        "garbage.bc: invalid LLVM IR: 1:1: error: expected top-level entity",
    );

    assert_eq!(
        outputs_in(dir.path()),
        set(&[
            "broken.ll",
            "invalid.ll",
            "esimd.ll",
            "folder",
            "garbage.bc"
        ]),
        "no output for failed runs"
    );
}

/// An argument that is not UTF-8 is one error line, not a panic.
#[test]
fn non_utf8_arguments_are_one_error_line() {
    use std::os::unix::ffi::OsStrExt;
    let output = Command::new(env!("CARGO_BIN_EXE_sycl-post-link"))
        .args([
            "-symbols".as_ref(),
            std::ffi::OsStr::from_bytes(b"in\xff.ll"),
        ])
        .output()
        .unwrap();
    assert_fails_with(&output, "argument \"in\\xff.ll\" is not valid UTF-8");
}

/// A kernel name the `.sym` and `.prop` files cannot hold as it is would be written lossily and
/// later looked up under another name, so the run fails naming the function, escaped.
#[test]
fn unwritable_function_names_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    for (name, escaped, cause) in [
        ("\\FF\\FEK", "\\xff\\xfeK", "is not valid UTF-8"),
        ("K\\0AL", "K\\nL", "holds a line break"),
        ("K=L", "K=L", "holds '=', which ends a property key"),
        ("[K]", "[K]", "starts with '[', which opens a property set"),
    ] {
        std::fs::write(
            dir.path().join("names.ll"),
            format!(
                "define spir_kernel void @\"{name}\"() #0 {{\n  ret void\n}}\n\
                 attributes #0 = {{ \"sycl-module-id\"=\"n.cpp\" }}\n"
            ),
        )
        .unwrap();
        let output = run_in(dir.path(), &["-symbols", "-properties", "names.ll"]);
        assert_fails_with(
            &output,
            &format!(
                "names.ll: function name \"{escaped}\" {cause}; the .sym and .prop files \
                 cannot hold it"
            ),
        );
        assert_eq!(outputs_in(dir.path()), set(&["names.ll"]), "{name}");
    }
}

#[test]
fn write_errors_name_the_file_and_remove_partial_output() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::copy(fixture("two_tus.ll"), dir.path().join("input.ll")).unwrap();

    let output = run_in(
        dir.path(),
        &["-symbols", "-o", "nowhere/t.table", "input.ll"],
    );
    assert_fails_with(
        &output,
        "nowhere/t_0.bc: cannot write output: No such file or directory (os error 2)",
    );

    // The images go to the current directory and succeed; the table cannot be written, so the
    // images are removed again.
    let output = run_in(
        dir.path(),
        &[
            "-symbols",
            "-out-dir",
            ".",
            "-o",
            "nowhere/t.table",
            "input.ll",
        ],
    );
    assert_fails_with(
        &output,
        "nowhere/t.table: cannot write output: No such file or directory (os error 2)",
    );
    assert!(
        outputs_in(dir.path()).is_empty(),
        "{:?}",
        outputs_in(dir.path())
    );
}

/// Found by the `post_link_ir` fuzz target: `"sycl-optlevel"="4"` was written as
/// `optLevel=1|4`, which the offload wrapper then refused; such a module is refused here, naming
/// the input.
#[test]
fn attributes_giving_property_sets_no_reader_accepts_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("input.ll"),
        "define spir_kernel void @k() #0 {\n  ret void\n}\n\
         attributes #0 = { \"sycl-module-id\"=\"a.cpp\" \"sycl-optlevel\"=\"4\" }\n",
    )
    .unwrap();
    let mut args = sycl_post_link::NATIVE_CPU_DRIVER_OPTIONS.to_vec();
    args.extend(["-o", "out.table", "input.ll"]);
    let output = run_in(dir.path(), &args);
    assert_fails_with(
        &output,
        "input.ll: image 0 would get property sets no reader accepts: [SYCL/misc properties] \
         optLevel: 4 is outside 0 to 3",
    );
    assert!(outputs_in(dir.path()).is_empty());
}
