//! LLVM IR (bitcode or text) as the two tools that read it take it: `sycl-post-link` (the
//! linked device module) and the device compile of `ncpu++ -c` (`compile_device_module`). Both
//! parse and verify the module before any pass of ours touches it, so malformed IR must come back
//! as one error line; a crash inside LLVM's own parser or verifier is LLVM's, and
//! docs/fuzzing.md lists those found.

use std::path::Path;

use nativecpu_compiler::backend::{compile_device_module, BackendOptions, OutputKind};
use nativecpu_compiler::pipeline::VectorizerOptions;

use crate::{assert_error_line, fresh_scratch, write_file};

/// The device module as `sycl-post-link` gets it from `ncpu++`, with the first byte choosing the
/// split mode and `-S`. When it succeeds, `offload-wrapper` must accept the files it wrote:
/// the writer's output is what the reader was made for.
pub fn post_link(data: &[u8]) {
    let Some((&selector, module)) = data.split_first() else {
        return;
    };
    fresh_scratch();
    write_file("device.bc", module);
    let split = [
        "-split=auto",
        "-split=source",
        "-split=kernel",
        "-split=none",
    ];
    let mut args: Vec<&str> = sycl_post_link::NATIVE_CPU_DRIVER_OPTIONS
        .iter()
        .copied()
        .filter(|option| !option.starts_with("-split="))
        .collect();
    args.push(split[usize::from(selector & 3)]);
    if selector & 4 != 0 {
        args.push("-S");
    }
    args.extend(["-o", "device.table", "device.bc"]);
    let options = match sycl_post_link::parse_args(args) {
        Ok(sycl_post_link::Command::Run(options)) => options,
        other => panic!("the driver's sycl-post-link options do not parse: {other:?}"),
    };
    if let Err(error) = sycl_post_link::run(&options) {
        return assert_error_line("sycl-post-link", &error);
    }
    let wrapper = offload_wrapper::Command::parse([
        "-o=wrapper.o",
        "-kind=sycl",
        "-target=native_cpu",
        "-batch",
        "device.table",
    ]);
    let Ok(offload_wrapper::Command::Wrap(options)) = wrapper else {
        panic!("the driver's offload-wrapper options do not parse: {wrapper:?}");
    };
    match offload_wrapper::run(&options) {
        // LLVM's text parser takes a NUL inside an attribute string, which its bitcode writer
        // cannot encode: the image's bitcode is then refused by the wrapper, in one line
        // (docs/fuzzing.md, "Found in LLVM").
        Err(error) if is_text_with_nul(module) => assert_error_line("offload-wrapper", &error),
        Err(error) => panic!("offload-wrapper refuses what sycl-post-link wrote: {error}"),
        Ok(()) => {}
    }
}

/// Whether `module` is LLVM assembly (not bitcode) holding a NUL byte.
fn is_text_with_nul(module: &[u8]) -> bool {
    !module.starts_with(b"BC\xC0\xDE") && module.contains(&0)
}

/// The device module as `ncpu++ -c device.bc` compiles it: parsed, verified, the Native CPU
/// pipeline, LLVM's optimisation pipeline, an object. The first byte chooses the optimisation
/// level, `-g`, and whether the vectorizer runs, so both pipelines' passes see the input.
pub fn compile(data: &[u8]) {
    let Some((&selector, module)) = data.split_first() else {
        return;
    };
    fresh_scratch();
    write_file("device.bc", module);
    let options = BackendOptions {
        opt_level: selector & 3,
        debug_info: selector & 4 != 0,
        output_kind: OutputKind::Object,
        vectorizer: VectorizerOptions {
            enabled: selector & 8 == 0,
            ..VectorizerOptions::default()
        },
        ..BackendOptions::default()
    };
    if let Err(error) =
        compile_device_module(Path::new("device.bc"), Path::new("device.o"), &options)
    {
        assert_error_line("ncpu++ -c", &error);
    }
}
