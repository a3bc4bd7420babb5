//! Real links: the wrapper object plus a C file that stands in for the device object and the
//! runtime, built with the system C compiler as a PIE and as a shared library, then run. The C
//! side reads the descriptor through `toolchain/include/nativecpu/runtime.h`, so these tests check
//! the layout against the header the runtime is compiled with.

use std::path::Path;
use std::process::Command;

use crate::common::{arg, strings, two_image_table, wrap_ok, Fixture};

const RUNTIME_INCLUDE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../toolchain/include");

/// Kernels the C file defines, with the names the device compiler gives them: subhandlers get
/// `.SYCLNCPU` (an assembler label, since C cannot spell it), builtins keep their name.
const KERNELS_C: &str = r#"
#include <stdio.h>
#include <stdint.h>
#include <string.h>
#include "nativecpu/runtime.h"

static int calls;
void vadd(void *const *args, struct __nativecpu_state *s) __asm__("_ZTS10SimpleVadd.SYCLNCPU");
void vadd(void *const *args, struct __nativecpu_state *s) { (void)args; (void)s; calls += 1; }
void test(void *const *args, struct __nativecpu_state *s) __asm__("_ZTS4Test.SYCLNCPU");
void test(void *const *args, struct __nativecpu_state *s) { (void)args; (void)s; calls += 10; }
void *__dpcpp_nativecpu_helper(void *p) { calls += 100; return p; }

static void dump(const struct __ncpu_device_binaries *d) {
  printf("descriptor version=%u images=%u host_entries=%s\n", d->version, d->num_device_binaries,
         d->host_entries_begin == NULL && d->host_entries_end == NULL ? "null" : "set");
  for (unsigned i = 0; i < d->num_device_binaries; i++) {
    const struct __ncpu_device_binary *b = &d->device_binaries[i];
    printf("image %u: version=%u kind=%u format=%u target=%s compile='%s' link='%s'\n", i,
           b->version, b->kind, b->format, b->device_target_spec, b->compile_options,
           b->link_options);
    if (b->manifest_start)
      printf(" manifest=%.*s\n", (int)(b->manifest_end - b->manifest_start),
             (const char *)b->manifest_start);
    else
      printf(" manifest=%s\n", b->manifest_end ? "broken" : "null");
    printf(" binary bytes=%ld\n", (long)(b->binary_end - b->binary_start));
    for (const struct __nativecpu_entry *e = (const void *)b->binary_start;; e++) {
      if (!e->kernel_ptr) {
        printf(" end %s at %ld\n", e->kernel_name,
               (long)((const unsigned char *)(e + 1) - b->binary_start));
        break;
      }
      printf(" kernel %s\n", e->kernel_name);
      if (strncmp(e->kernel_name, "__dpcpp_nativecpu", 17) == 0)
        ((void *(*)(void *))(uintptr_t)e->kernel_ptr)(NULL);
      else
        ((__nativecpu_subhandler)(uintptr_t)e->kernel_ptr)(NULL, NULL);
    }
    printf(" calls=%d\n", calls);
    calls = 0;
    for (const struct __ncpu_offload_entry *e = b->entries_begin; e != b->entries_end; e++)
      printf(" entry %s addr=%s size=%zu flags=%d reserved=%d\n", e->name,
             e->addr ? "set" : "null", e->size, e->flags, e->reserved);
    if (!b->property_sets_begin && !b->property_sets_end)
      printf(" no property sets\n");
    for (const struct __ncpu_device_binary_property_set *s = b->property_sets_begin;
         s != b->property_sets_end; s++) {
      printf(" set %s%s\n", s->name,
             !s->properties_begin && !s->properties_end ? " (empty)" : "");
      for (const struct __ncpu_device_binary_property *p = s->properties_begin;
           p != s->properties_end; p++) {
        if (p->type == 1) {
          printf("  %s u32 %llu%s\n", p->name, (unsigned long long)p->value_size,
                 p->value_addr ? " (address set!)" : "");
          continue;
        }
        printf("  %s type %u bytes %llu:", p->name, p->type, (unsigned long long)p->value_size);
        for (uint64_t k = 0; k < p->value_size; k++)
          printf(" %02x", ((const unsigned char *)p->value_addr)[k]);
        printf("\n");
      }
    }
  }
}

void __sycl_register_lib(struct __ncpu_device_binaries *d) {
  puts("register");
  dump(d);
}
void __sycl_unregister_lib(struct __ncpu_device_binaries *d) {
  printf("unregister images=%u\n", d->num_device_binaries);
}
"#;

/// A program around the kernels: default-priority constructor and destructor, and main.
const PROGRAM_C: &str = r#"
#include <stdio.h>
__attribute__((constructor)) static void ctor(void) { puts("constructor"); }
__attribute__((destructor)) static void dtor(void) { puts("destructor"); }
int main(void) { puts("main"); return 0; }
"#;

fn cc() -> Command {
    Command::new(std::env::var("CC").unwrap_or_else(|_| "cc".to_owned()))
}

fn build(command: &mut Command) {
    let out = command.output().expect("run the C compiler");
    assert!(
        out.status.success(),
        "{command:?} failed:\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    // The object must link without complaints (e.g. about an executable stack).
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!stderr.contains("warning"), "{command:?} warned:\n{stderr}");
}

fn run(program: &Path) -> String {
    let out = Command::new(program)
        .output()
        .expect("run the linked program");
    assert!(
        out.status.success(),
        "{program:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// Wraps [`two_image_table`] into `output` (an object, or bitcode for a `.bc` name).
fn wrap_two_images(fx: &Fixture, output: &Path) {
    let table = arg(&two_image_table(fx));
    wrap_ok(
        fx.dir.path(),
        &strings(&[
            "-o",
            &arg(output),
            "-kind=sycl",
            "-target=native_cpu",
            "-compile-opts=-O2",
            "-batch",
            &table,
        ]),
    );
}

/// Compiles wrapper bitcode to an object with clang, as a driver would.
fn compile_bitcode(bitcode: &Path, extra: &[&str]) -> std::path::PathBuf {
    let object = bitcode.with_extension("o");
    build(
        Command::new(ncpu_locate::llvm::tool("clang"))
            .arg("-c")
            .args(extra)
            .arg(bitcode)
            .arg("-o")
            .arg(&object),
    );
    object
}

/// Links `wrapper` (the [`two_image_table`] wrapper object) into a PIE with the kernels and a program,
/// runs it, and checks the output: registration before the program's constructors, the whole
/// descriptor as the C side reads it, unregistration after the destructors.
fn link_pie_and_check(fx: &Fixture, wrapper: &Path) {
    let kernels = fx.write("kernels.c", KERNELS_C);
    let program = fx.write("program.c", PROGRAM_C);
    let exe = fx.path("program");
    build(
        cc().args(["-pie", "-fPIE", "-I", RUNTIME_INCLUDE])
            .arg(&kernels)
            .arg(&program)
            .arg(wrapper)
            .arg("-o")
            .arg(&exe),
    );
    let expected = "\
register
descriptor version=1 images=2 host_entries=null
image 0: version=2 kind=4 format=0 target=native_cpu compile='-O2' link=''
 manifest=null
 binary bytes=64
 kernel _ZTS10SimpleVadd
 kernel _ZTS4Test
 kernel __dpcpp_nativecpu_helper
 end __nativecpu_end at 64
 calls=111
 entry _ZTS10SimpleVadd addr=null size=0 flags=0 reserved=0
 entry _ZTS4Test addr=null size=0 flags=0 reserved=0
 entry __dpcpp_nativecpu_helper addr=null size=0 flags=0 reserved=0
 set SYCL/misc properties
  optLevel u32 2
 set SYCL/program metadata
  _ZTS10SimpleVadd@reqd_work_group_size type 2 bytes 20: 60 00 00 00 00 00 00 00 08 00 00 00 04 00 00 00 02 00 00 00
 set SYCL/kernel param opt (empty)
image 1: version=2 kind=4 format=0 target=native_cpu compile='-O2' link=''
 manifest=MANIFEST
 binary bytes=32
 kernel _ZTS4Test
 end __nativecpu_end at 32
 calls=10
 entry _ZTS4Test addr=null size=0 flags=0 reserved=0
 no property sets
constructor
main
destructor
unregister images=2
";
    assert_eq!(run(&exe), expected);
}

#[test]
fn a_linked_pie_registers_before_main_and_unregisters_after() {
    let fx = Fixture::new();
    let wrapper = fx.path("wrapper.o");
    wrap_two_images(&fx, &wrapper);
    link_pie_and_check(&fx, &wrapper);
}

#[test]
fn bitcode_compiled_by_clang_links_into_a_pie_like_the_object() {
    let fx = Fixture::new();
    let bitcode = fx.path("wrapper.bc");
    wrap_two_images(&fx, &bitcode);
    let object = compile_bitcode(&bitcode, &[]);
    link_pie_and_check(&fx, &object);
}

/// Wraps one image with a global descriptor into `output`.
fn wrap_exported_descriptor(fx: &Fixture, output: &Path) {
    let code = fx.code("k.bc", 100, &["_ZTS4Test"], &[]);
    let sym = fx.symbols("k.sym", &["_ZTS4Test"]);
    wrap_ok(
        fx.dir.path(),
        &strings(&[
            "-o",
            &arg(output),
            "-native-cpu",
            "-desc-name=lib_images",
            &format!("-entries={}", arg(&sym)),
            &arg(&code),
        ]),
    );
}

#[test]
fn a_global_descriptor_links_into_a_shared_library() {
    let fx = Fixture::new();
    let wrapper = fx.path("wrapper.o");
    wrap_exported_descriptor(&fx, &wrapper);
    link_shared_library_and_check(&fx, &wrapper);
}

#[test]
fn bitcode_with_a_global_descriptor_links_into_a_shared_library() {
    let fx = Fixture::new();
    let bitcode = fx.path("wrapper.bc");
    wrap_exported_descriptor(&fx, &bitcode);
    let object = compile_bitcode(&bitcode, &["-fPIC"]);
    link_shared_library_and_check(&fx, &object);
}

/// Links `wrapper` into a shared library that a program loads, runs the program, and checks
/// that registration comes first and sees the exported descriptor.
fn link_shared_library_and_check(fx: &Fixture, wrapper: &Path) {
    // The library checks that the exported descriptor is the one registered.
    let library_c = format!(
        "{KERNELS_C}\nextern struct __ncpu_device_binaries exported __asm__(\".sycl_offloading.lib_images\");\n\
         __attribute__((constructor(101))) static void check(void) {{ printf(\"exported images=%u\\n\", exported.num_device_binaries); }}\n"
    );
    let library_src = fx.write("library.c", library_c);
    let library = fx.path("libkernels.so");
    build(
        cc().args(["-shared", "-fPIC", "-I", RUNTIME_INCLUDE])
            .arg(&library_src)
            .arg(wrapper)
            .arg("-o")
            .arg(&library),
    );
    let program = fx.write("program.c", PROGRAM_C);
    let exe = fx.path("program");
    build(
        // Nothing in the program refers to the library: keep it anyway, whatever the
        // toolchain's --as-needed default.
        cc().arg(&program)
            .arg("-Wl,--no-as-needed")
            .arg(&library)
            .arg(format!("-Wl,-rpath,{}", fx.dir.path().display()))
            .arg("-o")
            .arg(&exe),
    );
    let output = run(&exe);
    let lines: Vec<&str> = output.lines().collect();
    assert_eq!(lines[0], "register", "{output}");
    assert!(
        output.contains(" kernel _ZTS4Test\n end __nativecpu_end at 32\n calls=10\n"),
        "{output}"
    );
    let position = |line: &str| {
        lines
            .iter()
            .position(|l| *l == line)
            .unwrap_or_else(|| panic!("{line} missing: {output}"))
    };
    // Priority 1 runs before the library's priority-101 constructor, which sees the descriptor
    // through its exported name.
    assert!(position("register") < position("exported images=1"));
    assert!(position("exported images=1") < position("main"));
    assert_eq!(lines.last(), Some(&"unregister images=1"), "{output}");
}
