//! DPC++'s public header paths (tests/dpcpp/headers.txt, docs/dpcpp-headers.md): each resolves
//! in toolchain/include as the list says, the supported ones compile together in a program that
//! runs, each of our own compiles when included first, an empty program including them all
//! compiles none of their code, and an unsupported one stops the compile with one line naming what
//! is missing.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::Mutex;

use nativecpu_e2e_tests::{describe, llvm_bin, ncpu_in, repo_root, Built};

/// One line of the list: what toolchain/include has at a DPC++ path.
struct Entry {
    kind: String,
    path: String,
    feature: Option<String>,
}

fn entries() -> Vec<Entry> {
    let list = std::fs::read_to_string(repo_root().join("tests/dpcpp/headers.txt"))
        .expect("tests/dpcpp/headers.txt");
    list.lines()
        .filter(|line| !line.starts_with('#') && !line.trim().is_empty())
        .map(|line| {
            let mut fields = line.split('\t');
            Entry {
                kind: fields.next().expect("a kind").to_owned(),
                path: fields.next().expect("a path").to_owned(),
                feature: fields.next().map(str::to_owned),
            }
        })
        .collect()
}

fn include_dir() -> PathBuf {
    repo_root().join("toolchain/include")
}

#[test]
fn every_listed_path_resolves_as_listed() {
    let entries = entries();
    assert!(entries.len() > 400, "the list has {} paths", entries.len());
    for entry in &entries {
        let file = include_dir().join(&entry.path);
        let text = std::fs::read_to_string(&file)
            .unwrap_or_else(|e| panic!("<{}> does not resolve: {e}", entry.path));
        match (entry.kind.as_str(), &entry.feature) {
            ("header", None) => {}
            ("forward", None) => assert!(
                text.contains("#include <sycl/sycl.hpp>"),
                "<{}> does not forward to <sycl/sycl.hpp>",
                entry.path
            ),
            ("unsupported", Some(feature)) => assert!(
                text.contains(&format!(
                    "#error \"<{}>: ncpu does not implement {feature}\"",
                    entry.path
                )),
                "<{}> does not name {feature}",
                entry.path
            ),
            (kind, _) => panic!("bad line for <{}>: kind {kind}", entry.path),
        }
    }
}

/// Every supported path in one program, which also checks that the aspect macros agree with
/// the device and that the KHR work-item queries work in a kernel.
#[test]
fn supported_headers_compile_together_and_agree_with_the_device() {
    let dir = tempfile::tempdir().unwrap();
    let mut source = String::new();
    for entry in entries().iter().filter(|e| e.kind != "unsupported") {
        source.push_str(&format!("#include <{}>\n", entry.path));
    }
    source.push_str("#include <cstdio>\nint main() {\n  sycl::device device;\n  int wrong = 0;\n");
    let macros = std::fs::read_to_string(include_dir().join("sycl/device_aspect_macros.hpp"))
        .expect("the aspect macros");
    for aspect in macros
        .lines()
        .filter_map(|line| line.strip_prefix("#ifndef __SYCL_ALL_DEVICES_HAVE_"))
        .filter_map(|rest| rest.strip_suffix("__"))
    {
        source.push_str(&format!(
            "  if (device.has(sycl::aspect::{aspect}) != bool(__SYCL_ALL_DEVICES_HAVE_{aspect}__) ||\n      \
             __SYCL_ANY_DEVICE_HAS_{aspect}__ != __SYCL_ALL_DEVICES_HAVE_{aspect}__) {{\n    \
             std::printf(\"aspect macro of {aspect} disagrees\\n\");\n    ++wrong;\n  }}\n"
        ));
    }
    source.push_str(
        "  sycl::queue q;\n  int *out = sycl::malloc_shared<int>(64, q);\n  \
         q.parallel_for(sycl::nd_range<1>(64, 16), [=](sycl::nd_item<1>) {\n    \
         out[sycl::khr::this_nd_item<1>().get_global_id(0)] = int(sycl::khr::this_group<1>().get_group_id(0)) * 100 +\n        \
         int(sycl::khr::this_sub_group().get_local_linear_id() == sycl::khr::this_nd_item<1>().get_local_id(0) % \
         sycl::khr::this_sub_group().get_local_range()[0]);\n  }).wait();\n  \
         for (int i = 0; i < 64; ++i) wrong += out[i] != (i / 16) * 100 + 1;\n  sycl::free(out, q);\n  \
         std::printf(wrong ? \"FAIL\\n\" : \"PASS\\n\");\n  return wrong != 0;\n}\n",
    );
    let file = dir.path().join("all_headers.cpp");
    std::fs::write(&file, source).unwrap();
    Built::compile(&[file], &["-O1"]).run_and_check(&[]);
}

/// The host pass's errors for a file that includes `path` first, then <sycl/sycl.hpp> (clang's
/// syntax check, as docs/sycl-cts.md runs it), or None.
fn errors_when_included_first(dir: &Path, index: usize, path: &str) -> Option<String> {
    let file = dir.join(format!("first_{index}.cpp"));
    std::fs::write(
        &file,
        format!("#include <{path}>\n#include <sycl/sycl.hpp>\nint main() {{}}\n"),
    )
    .unwrap();
    let output = Command::new(llvm_bin().join("clang++"))
        .args([
            "-fsyntax-only",
            "-std=c++17",
            "-Xclang",
            "-fsycl-is-host",
            "-D__SYCL_NATIVE_CPU__",
            "-isystem",
        ])
        .arg(include_dir())
        .arg(&file)
        .output()
        .expect("clang++ runs");
    (!output.status.success()).then(|| format!("<{path}> included first:\n{}", describe(&output)))
}

/// Each of our own headers compiles when a program includes it before anything else: a header
/// that reaches <sycl/sycl.hpp> through a forwarding path in its middle would see itself half
/// declared. Two files at a time (the test machines have two cores).
#[test]
fn each_own_header_compiles_when_included_first() {
    let dir = tempfile::tempdir().unwrap();
    let own: Vec<String> = entries()
        .into_iter()
        .filter(|e| e.kind == "header")
        .map(|e| e.path)
        .collect();
    let next = Mutex::new(0usize);
    let failures = Mutex::new(Vec::new());
    std::thread::scope(|scope| {
        for _ in 0..2 {
            scope.spawn(|| loop {
                let index = {
                    let mut next = next.lock().unwrap();
                    *next += 1;
                    *next - 1
                };
                let Some(path) = own.get(index) else { break };
                if let Some(error) = errors_when_included_first(dir.path(), index, path) {
                    failures.lock().unwrap().push(error);
                }
            });
        }
    });
    let failures = failures.into_inner().unwrap();
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn an_unsupported_header_is_one_clear_error() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("groups.cpp"),
        "#include <sycl/sycl.hpp>\n#include <sycl/ext/oneapi/experimental/root_group.hpp>\nint main() {}\n",
    )
    .unwrap();
    let output = ncpu_in(dir.path(), &["-fsycl", "-fsyntax-only", "groups.cpp"]);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        !output.status.success()
            && stderr.contains(
                "error: \"<sycl/ext/oneapi/experimental/root_group.hpp>: ncpu does not implement \
                 root groups (sycl_ext_oneapi_root_group)\""
            ),
        "{}",
        describe(&output)
    );
}

/// Including the headers compiles none of their code into a program that uses none of it: clang
/// compiles a non-template inline function's template uses, and the virtual functions of a class
/// whose constructor is defined inline, in every translation unit, so an unused feature written
/// that way costs every program (docs/command-graphs.md, "Compile cost"). The host pass's
/// unoptimised IR of an empty `main` after every supported path defines `main` and the standard
/// library's static initialisation only.
#[test]
fn an_empty_program_compiles_none_of_the_headers_code() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("empty.cpp");
    let includes: String = entries()
        .into_iter()
        .filter(|e| e.kind == "header" || e.kind == "forward")
        .map(|e| format!("#include <{}>\n", e.path))
        .collect();
    std::fs::write(&file, format!("{includes}int main() {{}}\n")).unwrap();
    let output = Command::new(llvm_bin().join("clang++"))
        .args([
            "-O0",
            "-S",
            "-emit-llvm",
            "-o",
            "-",
            "-Xclang",
            "-fsycl-is-host",
        ])
        .args(["-D__SYCL_NATIVE_CPU__", "-isystem"])
        .arg(include_dir())
        .arg(&file)
        .output()
        .expect("clang++ runs");
    assert!(output.status.success(), "{}", describe(&output));
    let defined: Vec<String> = String::from_utf8_lossy(&output.stdout)
        .lines()
        .filter(|line| line.starts_with("define "))
        .filter_map(|line| line.split('@').nth(1)?.split('(').next().map(str::to_owned))
        .filter(|name| name != "main" && !name.starts_with("__cxx_global_var_init"))
        .filter(|name| !name.starts_with("_GLOBAL__sub_I_"))
        .collect();
    assert!(defined.is_empty(), "the headers compiled: {defined:?}");
}
