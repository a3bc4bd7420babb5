//! The driver's behaviour as a user sees it: the steps it runs, the files it keeps, separate
//! compilation, device-IR compiles, and one clear error line for every bad input.

use std::path::Path;
use std::process::Command;

use nativecpu_e2e_tests::{describe, ncpu_in, program, Built};

fn stderr(output: &std::process::Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

/// What `ncpu++ -fsycl <flags> single_task.cpp -o app -###` prints: every step, none run.
fn planned_steps(flags: &[&str]) -> String {
    let dir = tempfile::tempdir().unwrap();
    let source = program("single_task.cpp");
    let mut args = vec!["-fsycl"];
    args.extend_from_slice(flags);
    args.extend([source.to_str().unwrap(), "-o", "app", "-###"]);
    let output = ncpu_in(dir.path(), &args);
    assert!(output.status.success(), "{}", describe(&output));
    assert!(
        !dir.path().join("app").exists(),
        "-### must not run anything"
    );
    stderr(&output)
}

#[test]
fn print_commands_lists_every_step_in_order() {
    let text = planned_steps(&["-fsycl-targets=native_cpu"]);
    let lines: Vec<&str> = text.lines().collect();
    let expected = [
        ("clang++", "-fsycl-is-device"),
        ("muxc", "share-device-globals<unit="),
        ("clang++", "-fsycl-is-host"),
        ("llvm-objcopy", "--globalize-symbols="),
        ("llvm-link", ".device.bc"),
        ("sycl-post-link", "-emit-program-metadata"),
        ("ncpu\"", "-march=native"),
        ("offload-wrapper", "-target=native_cpu"),
        ("clang++", "libnativecpu_runtime.a"),
    ];
    assert_eq!(lines.len(), expected.len(), "{text}");
    for (line, (tool, flag)) in lines.iter().zip(expected) {
        assert!(
            line.contains(tool) && line.contains(flag),
            "expected {tool} with {flag}: {line}"
        );
    }
}

#[test]
fn sanitizer_flags_reach_host_compile_device_compile_and_link() {
    let text = planned_steps(&[
        "-fsanitize=address,undefined",
        "-fno-sanitize-recover=undefined",
    ]);
    let line = |marker: &str| {
        text.lines()
            .find(|l| l.contains(marker))
            .unwrap_or_else(|| panic!("no step with {marker}: {text}"))
            .to_owned()
    };
    let device_front_end = line("-fsycl-is-device");
    assert!(
        device_front_end.contains("\"-fsanitize=address,undefined\" \"-fno-sanitize-recover=undefined\" \"-fno-sanitize=address\""),
        "{device_front_end}"
    );
    assert!(line("-fsycl-is-host").contains("\"-fsanitize=address,undefined\""));
    assert!(line("ncpu\" \"-c\"").contains("\"-fsanitize=address\""));
    let link = line("libnativecpu_runtime.a");
    assert!(
        link.contains("\"-fsanitize=address,undefined\" \"-fno-sanitize-recover=undefined\""),
        "{link}"
    );
}

#[test]
fn save_temps_keeps_every_intermediate_file() {
    let dir = tempfile::tempdir().unwrap();
    let source = program("single_task.cpp");
    let output = ncpu_in(
        dir.path(),
        &[
            "-fsycl",
            "-save-temps",
            source.to_str().unwrap(),
            "-o",
            "app",
        ],
    );
    assert!(output.status.success(), "{}", describe(&output));
    for file in [
        "app-single_task.device-fe.bc",
        "app-single_task.device.bc",
        "app-single_task.host.o",
        "app-app.device-linked.bc",
        "app-app.table",
        "app-app_0.prop",
        "app-app_0.sym",
        "app-app_0.bc",
        "app-app.device.o",
        "app-app.wrapper.o",
        "app",
    ] {
        assert!(
            dir.path().join(file).exists(),
            "{file} missing; have {:?}",
            std::fs::read_dir(dir.path())
                .unwrap()
                .map(|e| e.unwrap().file_name())
                .collect::<Vec<_>>()
        );
    }
    let table = std::fs::read_to_string(dir.path().join("app-app.table")).unwrap();
    assert!(table.starts_with("[Code|Properties|Symbols]\n"), "{table}");
    let symbols = std::fs::read_to_string(dir.path().join("app-app_0.sym")).unwrap();
    assert_eq!(symbols.lines().count(), 2, "two kernels: {symbols}");
}

/// Compiles the two translation units of `two_tus_*.cpp` with `-c` into `main.o` and
/// `kernels.o` in `dir`.
fn compile_two_units(dir: &std::path::Path, flags: &[&str]) {
    for (source, object) in [
        ("two_tus_main.cpp", "main.o"),
        ("two_tus_kernels.cpp", "kernels.o"),
    ] {
        let path = program(source);
        let mut args = vec!["-fsycl"];
        args.extend_from_slice(flags);
        args.extend(["-c", path.to_str().unwrap(), "-o", object]);
        let output = ncpu_in(dir, &args);
        assert!(output.status.success(), "{}", describe(&output));
    }
}

/// Runs `dir/app` and checks that it passed.
fn run_app_in(dir: &std::path::Path) {
    let run = Command::new(dir.join("app")).output().unwrap();
    assert!(
        String::from_utf8_lossy(&run.stdout).contains("PASS"),
        "{}",
        describe(&run)
    );
}

#[test]
fn separate_compilation_then_link() {
    let dir = tempfile::tempdir().unwrap();
    compile_two_units(dir.path(), &["-O2"]);
    let output = ncpu_in(dir.path(), &["-fsycl", "main.o", "kernels.o", "-o", "app"]);
    assert!(output.status.success(), "{}", describe(&output));
    run_app_in(dir.path());
}

/// `-fsycl-link` (DPC++'s early device link, what nativecpu-build uses): one object with the
/// device code and its registration, which a link by another tool (plain clang++ here, cargo's
/// linker for Rust programs) combines with the host objects and the runtime.
#[test]
fn early_device_link_then_a_plain_link() {
    let dir = tempfile::tempdir().unwrap();
    compile_two_units(dir.path(), &[]);
    let linked = ncpu_in(
        dir.path(),
        &["-fsycl-link", "main.o", "kernels.o", "-o", "device.o"],
    );
    assert!(linked.status.success(), "{}", describe(&linked));
    let runtime = nativecpu_e2e_tests::tool_dir().join("libnativecpu_runtime.a");
    let link = Command::new(nativecpu_e2e_tests::llvm_bin().join("clang++"))
        .args(["main.o", "kernels.o", "device.o"])
        .arg(runtime)
        .args(["-lpthread", "-ldl", "-lm", "-o", "app"])
        .current_dir(dir.path())
        .output()
        .unwrap();
    assert!(link.status.success(), "{}", describe(&link));
    run_app_in(dir.path());
    let plain = Command::new(nativecpu_e2e_tests::llvm_bin().join("clang++"))
        .args(["-c", "-x", "c++", "-", "-o", "plain.o"])
        .current_dir(dir.path())
        .output()
        .unwrap();
    assert!(plain.status.success(), "{}", describe(&plain));
    let nothing = ncpu_in(dir.path(), &["-fsycl-link", "plain.o", "-o", "none.o"]);
    assert_one_error_line(&nothing, "-fsycl-link found no device code");
}

#[test]
fn device_ir_compiles_to_an_object_exporting_subhandlers() {
    let dir = tempfile::tempdir().unwrap();
    let source = program("named_and_unnamed.cpp");
    let output = ncpu_in(
        dir.path(),
        &[
            "-fsycl-device-only",
            source.to_str().unwrap(),
            "-o",
            "device.bc",
        ],
    );
    assert!(output.status.success(), "{}", describe(&output));
    let output = ncpu_in(dir.path(), &["-c", "device.bc", "-o", "device.o"]);
    assert!(output.status.success(), "{}", describe(&output));
    let bytes = std::fs::read(dir.path().join("device.o")).unwrap();
    let elf = goblin::elf::Elf::parse(&bytes).unwrap();
    let mut exported: Vec<String> = elf
        .syms
        .iter()
        .filter(|s| s.st_bind() == goblin::elf::sym::STB_GLOBAL && s.st_shndx != 0)
        .map(|s| elf.strtab.get_at(s.st_name).unwrap().to_owned())
        .collect();
    exported.sort();
    assert_eq!(exported.len(), 6, "{exported:?}");
    assert!(
        exported
            .iter()
            .all(|name| name.starts_with("_ZTS") && name.ends_with(".SYCLNCPU")),
        "{exported:?}"
    );
    assert!(
        exported
            .iter()
            .any(|name| name == "_ZTSN7kernels5ScaleE.SYCLNCPU"),
        "{exported:?}"
    );
    let undefined: Vec<&str> = elf
        .syms
        .iter()
        .filter(|s| s.st_shndx == 0 && s.st_name != 0)
        .map(|s| elf.strtab.get_at(s.st_name).unwrap())
        .collect();
    assert!(
        undefined
            .iter()
            .all(|name| !name.starts_with("__dpcpp") && !name.starts_with("__mux")),
        "{undefined:?}"
    );
}

fn assert_one_error_line(output: &std::process::Output, needle: &str) {
    assert!(
        !output.status.success(),
        "expected failure\n{}",
        describe(output)
    );
    let text = stderr(output);
    let ours: Vec<&str> = text
        .lines()
        .filter(|l| l.starts_with("ncpu++: error:"))
        .collect();
    assert_eq!(ours.len(), 1, "{text}");
    assert!(ours[0].contains(needle), "{text}");
    assert!(!text.contains("panicked"), "{text}");
}

#[test]
fn missing_input_is_one_clear_error() {
    let dir = tempfile::tempdir().unwrap();
    let output = ncpu_in(dir.path(), &["-fsycl", "nope.cpp", "-o", "app"]);
    assert_one_error_line(&output, "nope.cpp: no such file or directory");
}

/// A bad value, a missing output directory, a directory or a non-UTF-8 argument is exactly one
/// `ncpu++: error:` line on stderr and a non-zero exit, found before any step runs.
#[test]
fn bad_values_are_exactly_one_error_line() {
    use std::os::unix::ffi::OsStrExt;
    let dir = tempfile::tempdir().unwrap();
    let source = program("single_task.cpp");
    let source = source.to_str().unwrap();
    std::fs::create_dir(dir.path().join("folder")).unwrap();
    let cases: &[(&[&str], &str)] = &[
        (
            &["-fsycl", "-fsycl-device-code-split=bogus", source],
            "invalid value 'bogus' in '-fsycl-device-code-split=bogus' (expected per_kernel, \
             per_source, auto, off)",
        ),
        (
            &["-fsycl", "-sycl-std=3000", source],
            "invalid value '3000' in '-sycl-std=3000' (expected 2020, 2017, 121, 1.2.1, \
             sycl-1.2.1)",
        ),
        (
            &[
                "-fsycl",
                "-mllvm",
                "-sycl-native-cpu-vecz-width=abc",
                source,
            ],
            "invalid value 'abc' in '-mllvm -sycl-native-cpu-vecz-width=abc' (expected a lane \
             count from 1 to 4294967295)",
        ),
        (
            &[
                "-fsycl",
                "-mllvm",
                "-sycl-native-cpu-codegen-threads=0",
                source,
            ],
            "invalid value '0' in '-mllvm -sycl-native-cpu-codegen-threads=0' (expected a \
             thread count from 1 to 4294967295)",
        ),
        (
            &["-fsycl", source, "-o", "missing/app"],
            "missing/app: cannot write it: its directory does not exist",
        ),
        (
            &["-fsycl", "folder"],
            "folder: unrecognised input file type (expected a C++ source, .o, .a, .bc or .ll)",
        ),
        (
            &["-fsycl", "-march=frobnicator", source],
            "target: unknown target CPU 'frobnicator' (clang++-22 --print-supported-cpus lists \
             them)",
        ),
        (
            &["-fsycl", source, "-o"],
            "argument to '-o' is missing (expected 1 value)",
        ),
    ];
    for (args, message) in cases {
        let output = ncpu_in(dir.path(), args);
        assert_eq!(output.status.code(), Some(1), "{}", describe(&output));
        assert_eq!(stderr(&output), format!("ncpu++: error: {message}\n"));
    }
    let std = ncpu_in(dir.path(), &["-fsycl", "-std=c++99x", source]);
    assert_eq!(stderr(&std).lines().count(), 1, "{}", describe(&std));
    assert!(stderr(&std).starts_with("ncpu++: error: invalid value 'c++99x' in '-std=c++99x'"));
    let output = Command::new(nativecpu_e2e_tests::ncpu())
        .arg(std::ffi::OsStr::from_bytes(b"a\xff.cpp"))
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(
        stderr(&output),
        "ncpu++: error: argument \"a\\xff.cpp\" is not valid UTF-8\n"
    );
}

#[test]
fn unknown_flag_is_one_clear_error() {
    let dir = tempfile::tempdir().unwrap();
    let output = ncpu_in(dir.path(), &["-fsycl", "--bogus-flag", "a.cpp"]);
    assert_one_error_line(&output, "unknown argument: '--bogus-flag'");
    let output = ncpu_in(dir.path(), &["-fsycl-targets=spir64", "a.cpp"]);
    assert_one_error_line(&output, "unsupported SYCL target 'spir64'");
}

#[test]
fn clang_diagnostics_are_passed_through() {
    let dir = tempfile::tempdir().unwrap();
    let source = program("syntax_error.cpp");
    let output = ncpu_in(
        dir.path(),
        &["-fsycl", source.to_str().unwrap(), "-o", "app"],
    );
    assert_one_error_line(&output, "clang++ failed with exit code 1");
    assert!(
        stderr(&output).contains("syntax_error.cpp:3:"),
        "{}",
        describe(&output)
    );
    assert!(!dir.path().join("app").exists());
}

/// A source whose host pass alone says `directive` (`warning` or `error`): the host front-end
/// runs beside the device steps, with its output held back until it has finished.
fn host_pass_says(directive: &str) -> (tempfile::TempDir, std::process::Output) {
    let dir = tempfile::tempdir().unwrap();
    let source = dir.path().join("host_says.cpp");
    std::fs::write(
        &source,
        format!(
            "#include <sycl/sycl.hpp>\n#ifndef __SYCL_DEVICE_ONLY__\n#{directive} \"from the host pass\"\n#endif\n\
             int main() {{ sycl::queue q; q.single_task([] {{}}).wait(); }}\n"
        ),
    )
    .unwrap();
    let output = ncpu_in(
        dir.path(),
        &["-fsycl", source.to_str().unwrap(), "-o", "app"],
    );
    (dir, output)
}

#[test]
fn host_pass_diagnostics_come_once_and_whole() {
    let (dir, output) = host_pass_says("warning");
    assert!(output.status.success(), "{}", describe(&output));
    assert_eq!(
        stderr(&output)
            .matches("warning: \"from the host pass\"")
            .count(),
        1,
        "{}",
        describe(&output)
    );
    assert!(dir.path().join("app").exists());
    let (dir, output) = host_pass_says("error");
    assert_one_error_line(&output, "clang++ failed with exit code 1");
    assert!(
        stderr(&output).contains("host_says.cpp:3:2: error: \"from the host pass\""),
        "{}",
        describe(&output)
    );
    assert!(!dir.path().join("app").exists());
}

/// Compiles `name` at `-O0 -g`, which `check-kernel-features` refuses: one error line holding
/// `message` and each of `parts` (the call chain's end, the `file:line`), and no program
/// written.
fn assert_kernel_refused(name: &str, message: &str, parts: &[&str]) {
    let dir = tempfile::tempdir().unwrap();
    let source = program(name);
    let output = ncpu_in(
        dir.path(),
        &["-fsycl", "-O0", "-g", source.to_str().unwrap(), "-o", "app"],
    );
    assert_one_error_line(&output, message);
    for part in parts {
        assert!(stderr(&output).contains(part), "{}", describe(&output));
    }
    assert!(!dir.path().join("app").exists());
}

#[test]
fn a_kernel_that_throws_is_one_clear_error() {
    assert_kernel_refused(
        "kernel_throws.cpp",
        "kernel 'main::{lambda(sycl::_V1::id<1>)#1}' throws a C++ exception",
        &[
            "-> checked -> __cxa_allocate_exception at ",
            "kernel_throws.cpp:8",
        ],
    );
}

#[test]
fn a_kernel_writing_a_static_variable_is_one_clear_error() {
    assert_kernel_refused(
        "kernel_writes_static.cpp",
        "kernel 'main::{lambda()#1}' writes 'launches', a variable with internal linkage whose \
         host copy device code cannot reach (give it external linkage, or pass the data through \
         a buffer or USM): kernel -> main::{lambda()#1}::operator() const -> launches at ",
        &["kernel_writes_static.cpp:9"],
    );
}

#[test]
fn a_work_group_static_variable_behind_an_opaque_reference_is_one_clear_error() {
    for opt in ["-O0", "-O2"] {
        let dir = tempfile::tempdir().unwrap();
        let source = program("work_group_static_by_pointer.cpp");
        let output = ncpu_in(
            dir.path(),
            &["-fsycl", opt, source.to_str().unwrap(), "-o", "app"],
        );
        assert_one_error_line(
            &output,
            "a work_group_static variable is reached through a pointer the compiler cannot \
             follow (use the variable by name, in the kernel or a function inlined into it)",
        );
        assert!(stderr(&output).contains("read_it"), "{}", describe(&output));
        assert!(!dir.path().join("app").exists());
    }
}

#[test]
fn a_device_wide_barrier_is_rejected_not_miscompiled() {
    let dir = tempfile::tempdir().unwrap();
    let source = program("barrier.cpp");
    let output = ncpu_in(
        dir.path(),
        &["-fsycl", source.to_str().unwrap(), "-o", "app"],
    );
    assert!(!output.status.success(), "{}", describe(&output));
    let text = stderr(&output);
    assert!(text.contains("UsesBarrier"), "{text}");
    assert!(
        text.contains("control barrier across the device is not supported"),
        "{text}"
    );
    assert!(!text.contains("panicked"), "{text}");
    assert!(!dir.path().join("app").exists());
}

#[test]
fn plain_cpp_without_fsycl_is_clang() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("hello.cpp"),
        "#include <cstdio>\nint main() { std::puts(\"hi\"); }\n",
    )
    .unwrap();
    let output = ncpu_in(dir.path(), &["hello.cpp", "-o", "hello"]);
    assert!(output.status.success(), "{}", describe(&output));
    let run = Command::new(dir.path().join("hello")).output().unwrap();
    assert_eq!(String::from_utf8_lossy(&run.stdout), "hi\n");
}

#[test]
fn executables_need_only_system_libraries() {
    let built = Built::compile(&[program("single_task.cpp")], &[]);
    let bytes = std::fs::read(&built.exe).unwrap();
    let elf = goblin::elf::Elf::parse(&bytes).unwrap();
    for library in &elf.libraries {
        assert!(
            [
                "libstdc++",
                "libm",
                "libgcc_s",
                "libc",
                "libpthread",
                "libdl",
                "ld-linux"
            ]
            .iter()
            .any(|l| library.starts_with(l)),
            "unexpected dependency {library}"
        );
    }
    assert!(Path::new(&built.exe).exists());
}

#[test]
fn dpcpp_backend_knobs_are_accepted_as_mllvm_options() {
    let dir = tempfile::tempdir().unwrap();
    let source = program("single_task.cpp");
    let output = ncpu_in(
        dir.path(),
        &[
            "-fsycl",
            "-O2",
            "-mllvm",
            "-sycl-native-dump-device-ir",
            "-mllvm",
            "-native-cpu-debug",
            "-mllvm",
            "-sycl-native-cpu-no-vecz",
            "-mllvm",
            "-sycl-native-cpu-vecz-width=8",
            "-mllvm",
            "-native-cpu-force-no-tail",
            "-mllvm",
            "-sycl-native-cpu-codegen-threads=2",
            source.to_str().unwrap(),
            "-o",
            "app",
        ],
    );
    assert!(output.status.success(), "{}", describe(&output));
    let dump = String::from_utf8_lossy(&output.stdout);
    assert!(
        dump.lines().any(
            |l| l.starts_with("define void @_ZTS") && l.contains(".SYCLNCPU(ptr noalias %args")
        ),
        "the device IR after the pipeline is printed:\n{dump}"
    );
    run_app_in(dir.path());

    let output = ncpu_in(
        dir.path(),
        &["-fsycl", "-mllvm", "-frobnicate", source.to_str().unwrap()],
    );
    assert_one_error_line(&output, "unknown argument: '-mllvm -frobnicate'");
}

/// Writes `text` to `dir/name` with a modification time `seconds` from now, so that Make sees
/// the change whatever the file system's timestamp resolution.
fn write_at(dir: &Path, name: &str, text: &str, seconds: u64) {
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    let when = std::time::SystemTime::now() + std::time::Duration::from_secs(seconds);
    std::fs::File::options()
        .write(true)
        .open(&path)
        .unwrap()
        .set_modified(when)
        .unwrap();
}

const DEPENDENCY_APP: &str = r#"#include <sycl/sycl.hpp>
#include "scale.h"
#ifdef __SYCL_DEVICE_ONLY__
#include "device_only.h"
#endif
int main() {
  sycl::queue q;
  int *v = sycl::malloc_shared<int>(1, q);
  q.single_task([=] { v[0] = 7 * scale(); }).wait();
  std::cout << v[0] << std::endl;
  sycl::free(v, q);
}
"#;

#[test]
fn dependency_files_list_both_passes_headers_and_drive_make() {
    let dir = tempfile::tempdir().unwrap();
    let ncpu = nativecpu_e2e_tests::ncpu();
    write_at(
        dir.path(),
        "scale.h",
        "inline int scale() { return 3; }\n",
        0,
    );
    write_at(
        dir.path(),
        "device_only.h",
        "// read by the device pass only\n",
        0,
    );
    write_at(dir.path(), "app.cpp", DEPENDENCY_APP, 0);
    let makefile = format!(
        "app: app.o\n\t{0} -fsycl app.o -o app\napp.o: app.cpp\n\t{0} -fsycl -MMD -MP -c app.cpp -o app.o\n-include app.d\n",
        ncpu.display()
    );
    write_at(dir.path(), "Makefile", &makefile, 0);
    let make = |args: &[&str]| {
        Command::new("make")
            .args(args)
            .current_dir(dir.path())
            .output()
            .unwrap()
    };
    let run = || Command::new(dir.path().join("app")).output().unwrap();
    let built = make(&[]);
    assert!(built.status.success(), "{}", describe(&built));
    assert_eq!(String::from_utf8_lossy(&run().stdout), "21\n");
    let deps = std::fs::read_to_string(dir.path().join("app.d")).unwrap();
    for header in ["scale.h", "device_only.h", "scale.h:", "device_only.h:"] {
        assert!(
            deps.contains(header),
            "{header} missing from app.d:\n{deps}"
        );
    }
    assert!(
        !deps.contains("/usr/include"),
        "-MMD lists no system header:\n{deps}"
    );
    assert!(
        make(&["-q"]).status.success(),
        "nothing changed, nothing to rebuild"
    );
    write_at(dir.path(), "device_only.h", "// changed\n", 10);
    assert!(
        !make(&["-q"]).status.success(),
        "a device-only header changed"
    );
    write_at(
        dir.path(),
        "scale.h",
        "inline int scale() { return 5; }\n",
        20,
    );
    let rebuilt = make(&[]);
    assert!(rebuilt.status.success(), "{}", describe(&rebuilt));
    assert_eq!(String::from_utf8_lossy(&run().stdout), "35\n");
}

#[test]
fn build_system_and_dpcpp_flags_are_accepted() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir(dir.path().join("include")).unwrap();
    write_at(
        dir.path(),
        "include/scale.h",
        "inline int scale() { return 2; }\n",
        0,
    );
    write_at(dir.path(), "device_only.h", "\n", 0);
    write_at(
        dir.path(),
        "app.sycl",
        &DEPENDENCY_APP.replace("\"scale.h\"", "<scale.h>"),
        0,
    );
    let flags = [
        "-fsycl",
        "-fsycl-targets=native_cpu",
        "-fsycl-device-code-split=per_kernel",
        "-sycl-std=2020",
        "-fpreview-breaking-changes",
        "-fno-sycl-id-queries-fit-in-int",
        "-flink-huge-device-code",
        "-fsycl-unnamed-lambda",
        "-Wall",
        "-Wextra",
        "-Werror",
        "-pedantic",
        "-fPIC",
        "-Xclang",
        "-fno-builtin",
        "-include",
        "cstdio",
        "-isystem",
        "include",
        "-MD",
        "-MT",
        "custom-target",
        "-MF",
        "out/app.deps",
        "-x",
        "c++",
        "-c",
        "app.sycl",
        "-o",
        "out/app.o",
    ];
    std::fs::create_dir(dir.path().join("out")).unwrap();
    let compiled = ncpu_in(dir.path(), &flags);
    assert!(compiled.status.success(), "{}", describe(&compiled));
    let deps = std::fs::read_to_string(dir.path().join("out/app.deps")).unwrap();
    assert!(deps.starts_with("custom-target: app.sycl"), "{deps}");
    assert!(
        deps.contains("include/scale.h") && deps.contains("/usr/include"),
        "-MD lists system headers:\n{deps}"
    );
    let linked = ncpu_in(dir.path(), &["-fsycl", "out/app.o", "-o", "app"]);
    assert!(linked.status.success(), "{}", describe(&linked));
    let run = Command::new(dir.path().join("app")).output().unwrap();
    assert_eq!(String::from_utf8_lossy(&run.stdout), "14\n");
}

const ARCHIVE_MAIN: &str = r#"#include <sycl/sycl.hpp>
void scale(sycl::queue &q, int *v, int n);
void add_one(sycl::queue &q, int *v, int n);
int main() {
  sycl::queue q;
  int *v = sycl::malloc_shared<int>(4, q);
  for (int i = 0; i < 4; ++i) v[i] = i;
  scale(q, v, 4);
  add_one(q, v, 4);
  std::cout << v[0] << " " << v[3] << std::endl;
  sycl::free(v, q);
}
"#;

/// A shared library with a kernel: `lib_sum(n)` sums 0..n computed by its kernel.
const SHARED_LIBRARY: &str = r#"#include <sycl/sycl.hpp>
extern "C" int lib_sum(int n) {
  sycl::queue q;
  int *v = sycl::malloc_shared<int>(n, q);
  q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { v[i] = int(i[0]); }).wait();
  int sum = 0;
  for (int i = 0; i < n; ++i) sum += v[i];
  sycl::free(v, q);
  return sum;
}
"#;

/// Loads the library twice, each time calling it and unloading it; with `sycl` the program has
/// a kernel of its own and counts the kernels its runtime knows before, while and after the
/// library is loaded.
const LOADING_MAIN: &str = r#"#include <cstdio>
#include <dlfcn.h>
#ifdef WITH_SYCL
#include <sycl/sycl.hpp>
static std::size_t kernels() { return sycl::get_kernel_ids().size(); }
#else
static std::size_t kernels() { return 0; }
#endif
int main(int, char **argv) {
#ifdef WITH_SYCL
  sycl::queue q;
  int *own = sycl::malloc_shared<int>(1, q);
  q.single_task([=] { *own = 7; }).wait();
  if (*own != 7) return 1;
  sycl::free(own, q);
#endif
  const std::size_t before = kernels();
  for (int round = 0; round < 2; ++round) {
    void *library = dlopen(argv[1], RTLD_NOW | RTLD_LOCAL);
    if (!library) { std::printf("dlopen: %s\n", dlerror()); return 1; }
    auto lib_sum = reinterpret_cast<int (*)(int)>(dlsym(library, "lib_sum"));
    const int sum = lib_sum(100);
    const std::size_t loaded = kernels();
    if (dlclose(library) != 0) return 1;
    std::printf("round %d: sum %d, kernels %zu before, %zu loaded, %zu unloaded\n", round, sum,
                before, loaded, kernels());
  }
  return 0;
}
"#;

/// `-shared`: a library whose kernels register when it is loaded and unregister when it is
/// unloaded, with the program's runtime when the program has one (docs/runtime-abi.md,
/// "Shared libraries"), else with its own; linked at build time or loaded with `dlopen`.
#[test]
fn shared_libraries_register_their_kernels_while_loaded() {
    let dir = tempfile::tempdir().unwrap();
    write_at(dir.path(), "sum.cpp", SHARED_LIBRARY, 0);
    write_at(dir.path(), "main.cpp", LOADING_MAIN, 0);
    let library = ncpu_in(
        dir.path(),
        &["-fsycl", "-fPIC", "-shared", "sum.cpp", "-o", "libsum.so"],
    );
    assert!(library.status.success(), "{}", describe(&library));
    let sycl_main = ncpu_in(
        dir.path(),
        &[
            "-fsycl",
            "-DWITH_SYCL",
            "main.cpp",
            "-ldl",
            "-o",
            "sycl_app",
        ],
    );
    assert!(sycl_main.status.success(), "{}", describe(&sycl_main));
    let plain_main = ncpu_in(dir.path(), &["main.cpp", "-ldl", "-o", "plain_app"]);
    assert!(plain_main.status.success(), "{}", describe(&plain_main));
    let library_path = dir.path().join("libsum.so");
    let run = |app: &str| {
        let output = Command::new(dir.path().join(app))
            .arg(&library_path)
            .env("LD_LIBRARY_PATH", dir.path())
            .output()
            .unwrap();
        assert!(output.status.success(), "{}", describe(&output));
        String::from_utf8_lossy(&output.stdout).into_owned()
    };
    assert_eq!(
        run("sycl_app"),
        "round 0: sum 4950, kernels 1 before, 2 loaded, 1 unloaded\n\
         round 1: sum 4950, kernels 1 before, 2 loaded, 1 unloaded\n"
    );
    assert_eq!(
        run("plain_app"),
        "round 0: sum 4950, kernels 0 before, 0 loaded, 0 unloaded\n\
         round 1: sum 4950, kernels 0 before, 0 loaded, 0 unloaded\n"
    );
    let linked = ncpu_in(
        dir.path(),
        &[
            "-fsycl",
            "-DWITH_SYCL",
            "main.cpp",
            "-L.",
            "-lsum",
            "-ldl",
            "-o",
            "linked_app",
        ],
    );
    assert!(linked.status.success(), "{}", describe(&linked));
    assert_eq!(
        run("linked_app"),
        "round 0: sum 4950, kernels 2 before, 2 loaded, 2 unloaded\n\
         round 1: sum 4950, kernels 2 before, 2 loaded, 2 unloaded\n",
        "linked at build time, the library stays loaded"
    );
}

#[test]
fn static_archives_of_sycl_objects_bring_their_kernels() {
    let dir = tempfile::tempdir().unwrap();
    let kernels = [
        ("scale.cpp", "v[i] *= 3", "scale"),
        ("add_one.cpp", "v[i] += 1", "add_one"),
    ];
    for (file, body, name) in kernels {
        let source = format!(
            "#include <sycl/sycl.hpp>\nvoid {name}(sycl::queue &q, int *v, int n) {{\n  \
             q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) {{ {body}; }}).wait();\n}}\n"
        );
        write_at(dir.path(), file, &source, 0);
        let object = file.replace(".cpp", ".o");
        let compiled = ncpu_in(dir.path(), &["-fsycl", "-c", file, "-o", &object]);
        assert!(compiled.status.success(), "{}", describe(&compiled));
    }
    let archived = Command::new("ar")
        .args(["rcs", "libkernels.a", "scale.o", "add_one.o"])
        .current_dir(dir.path())
        .output()
        .unwrap();
    assert!(archived.status.success(), "{}", describe(&archived));
    write_at(dir.path(), "main.cpp", ARCHIVE_MAIN, 0);
    for link in [&["libkernels.a"][..], &["-L.", "-lkernels"][..]] {
        let mut args = vec!["-fsycl", "main.cpp"];
        args.extend_from_slice(link);
        args.extend(["-o", "app"]);
        let linked = ncpu_in(dir.path(), &args);
        assert!(linked.status.success(), "{}", describe(&linked));
        let run = Command::new(dir.path().join("app")).output().unwrap();
        assert_eq!(
            String::from_utf8_lossy(&run.stdout),
            "1 10\n",
            "{}",
            describe(&run)
        );
    }
}

/// The device pass's IR of `source` compiled with `flags`, as text.
fn device_ir(dir: &Path, source: &str, flags: &[&str]) -> String {
    let mut args = vec!["-fsycl", "-fsycl-device-only", source, "-o", "device.bc"];
    args.extend_from_slice(flags);
    let compiled = ncpu_in(dir, &args);
    assert!(compiled.status.success(), "{}", describe(&compiled));
    let text = Command::new(nativecpu_e2e_tests::llvm_bin().join("llvm-dis"))
        .arg(dir.join("device.bc"))
        .args(["-o", "-"])
        .output()
        .unwrap();
    String::from_utf8_lossy(&text.stdout).into_owned()
}

#[test]
fn fast_math_reaches_device_code_and_fno_fast_math_takes_it_back() {
    let dir = tempfile::tempdir().unwrap();
    write_at(
        dir.path(),
        "kernel.cpp",
        "#include <sycl/sycl.hpp>\nint main() {\n  sycl::queue q;\n  float *v = sycl::malloc_shared<float>(4, q);\n  \
         q.parallel_for(sycl::range<1>(4), [=](sycl::id<1> i) { v[i] = v[i] / 3.0f; }).wait();\n}\n",
        0,
    );
    let fast = device_ir(dir.path(), "kernel.cpp", &["-ffast-math"]);
    assert!(
        fast.contains("fmul fast float") || fast.contains("fdiv fast float"),
        "{fast}"
    );
    let precise = device_ir(dir.path(), "kernel.cpp", &["-ffast-math", "-fno-fast-math"]);
    assert!(
        precise.contains("fdiv float") && !precise.contains(" fast "),
        "{precise}"
    );
}

/// What `ncpu++ -fsycl -fsyntax-only` says about a source with `body` after the SYCL header, and
/// the files the directory holds afterwards (only the source when nothing is written).
fn syntax_check(body: &str) -> (std::process::Output, usize) {
    let dir = tempfile::tempdir().unwrap();
    let source = dir.path().join("checked.cpp");
    std::fs::write(&source, format!("#include <sycl/sycl.hpp>\n{body}\n")).unwrap();
    let output = ncpu_in(
        dir.path(),
        &["-fsycl", "-fsyntax-only", source.to_str().unwrap()],
    );
    let files = std::fs::read_dir(dir.path()).unwrap().count();
    (output, files)
}

#[test]
fn syntax_only_checks_both_passes_and_writes_nothing() {
    let (output, files) =
        syntax_check("int main() { sycl::queue q; q.single_task([] {}).wait(); }");
    assert!(output.status.success(), "{}", describe(&output));
    assert_eq!(files, 1, "-fsyntax-only wrote files");
    for pass in [
        "#ifdef __SYCL_DEVICE_ONLY__",
        "#ifndef __SYCL_DEVICE_ONLY__",
    ] {
        let (output, files) = syntax_check(&format!("{pass}\n#error \"only here\"\n#endif"));
        assert!(!output.status.success(), "{pass}: {}", describe(&output));
        assert!(
            stderr(&output).contains("checked.cpp:3:2: error: \"only here\""),
            "{pass}: {}",
            describe(&output)
        );
        assert_eq!(files, 1);
    }
}

/// SYCL's kernel attributes, which upstream clang ignores, are rewritten before the front-ends
/// read the source (docs/kernel-features.md, "Kernel attributes"): no "unknown attribute"
/// warning, and the user still sees their own file: diagnostics name its lines and columns after
/// the rewritten attribute, `__FILE__` and `#include "…"` are the source's, and the dependency
/// file lists the source, not the rewritten copy.
#[test]
fn kernel_attributes_are_rewritten_invisibly() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("local.hpp"), "#define LOCAL_SIZE 4\n").unwrap();
    let source = dir.path().join("attributes.cpp");
    std::fs::write(
        &source,
        "#include <sycl/sycl.hpp>\n#include \"local.hpp\"\nint main() {\n  sycl::queue q;\n  \
         q.parallel_for(sycl::nd_range<1>(8, LOCAL_SIZE), [=](sycl::nd_item<1>) [[sycl::reqd_work_group_size(\n\
         LOCAL_SIZE)]] [[intel::reqd_sub_group_size(4)]] { }).wait();\n  int unused = __FILE__[0]; undeclared();\n}\n",
    )
    .unwrap();
    let output = ncpu_in(
        dir.path(),
        &[
            "-fsycl",
            "-MD",
            "-c",
            "attributes.cpp",
            "-o",
            "attributes.o",
        ],
    );
    let text = stderr(&output);
    assert!(!output.status.success(), "{}", describe(&output));
    assert!(!text.contains("unknown attribute"), "{text}");
    assert!(
        text.contains("attributes.cpp:7:29: error: use of undeclared identifier 'undeclared'"),
        "{text}"
    );
    std::fs::write(
        &source,
        std::fs::read_to_string(&source)
            .unwrap()
            .replace(" undeclared();", ""),
    )
    .unwrap();
    let output = ncpu_in(
        dir.path(),
        &[
            "-fsycl",
            "-Werror",
            "-MD",
            "-c",
            "attributes.cpp",
            "-o",
            "attributes.o",
        ],
    );
    assert!(output.status.success(), "{}", describe(&output));
    let deps = std::fs::read_to_string(dir.path().join("attributes.d")).unwrap();
    assert!(deps.starts_with("attributes.o: attributes.cpp"), "{deps}");
    assert!(
        deps.contains("local.hpp") && !deps.contains("kernel-attributes"),
        "{deps}"
    );
}

/// A kernel that observes its sub-groups but cannot be vectorized (a private array of computed
/// length) gets the backend's warning, which `-w` silences and `-Werror` makes an error, as for
/// the front-end's warnings.
#[test]
fn the_backend_warning_follows_w_and_werror() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("scalar_sub_groups.cpp"),
        r#"#include <sycl/sycl.hpp>
int main() {
  sycl::queue q;
  int *out = sycl::malloc_shared<int>(64, q);
  q.parallel_for(sycl::nd_range<1>(64, 64), [=](sycl::nd_item<1> it) {
    const int n = int(it.get_global_id(0) % 7) + 1;
    int scratch[n];
    for (int i = 0; i < n; ++i) scratch[i] = i;
    out[it.get_global_id(0)] = scratch[n - 1] + int(it.get_sub_group().get_local_linear_id());
  }).wait();
  return out[8] == 1 ? 0 : 1;
}
"#,
    )
    .unwrap();
    let compile = |extra: &[&str]| {
        let mut args = vec!["-fsycl", "-O2", "-Wno-vla-cxx-extension"];
        args.extend_from_slice(extra);
        args.extend(["scalar_sub_groups.cpp", "-o", "app"]);
        ncpu_in(dir.path(), &args)
    };
    let warning = "runs with sub-groups of one work-item";
    let reported = compile(&[]);
    assert!(reported.status.success(), "{}", describe(&reported));
    assert!(
        stderr(&reported).contains(&format!(
            "warning: kernel 'main::{{lambda(sycl::_V1::nd_item<1>)#1}}' {warning}"
        )),
        "{}",
        describe(&reported)
    );
    let silenced = compile(&["-w"]);
    assert!(silenced.status.success(), "{}", describe(&silenced));
    assert!(
        !stderr(&silenced).contains(warning),
        "{}",
        describe(&silenced)
    );
    let run = Command::new(dir.path().join("app")).output().unwrap();
    assert!(run.status.success(), "{}", describe(&run));
    let refused = compile(&["-Werror"]);
    assert!(!refused.status.success(), "{}", describe(&refused));
    assert!(
        stderr(&refused).contains(warning) && stderr(&refused).contains("[-Werror]"),
        "{}",
        describe(&refused)
    );
}
