//! The command-line parsers: the hand-written one of `ncpu++`, the LLVM-syntax ones of
//! `sycl-post-link`, `offload-wrapper` and `muxc`, and the clap ones of `sycl-ls` and
//! `cargo nativecpu` through `ncpu-cli`. The first input byte picks the tool; the rest are its arguments, separated by NUL
//! bytes (which no argument can hold), and may be any bytes, as `argv` may.

use std::ffi::OsString;
use std::os::unix::ffi::OsStringExt;
use std::path::PathBuf;

use ncpu_cli::{try_parse, utf8_strings, Parsed};
use ncpu_driver::tools::Tools;

use crate::{assert_error_line, fresh_scratch, write_file};

/// One command line of one tool.
pub fn command_line(data: &[u8]) {
    let Some((&selector, rest)) = data.split_first() else {
        return;
    };
    let args: Vec<OsString> = if rest.is_empty() {
        Vec::new()
    } else {
        rest.split(|&b| b == 0)
            .map(|arg| OsString::from_vec(arg.to_vec()))
            .collect()
    };
    match selector % 6 {
        0 => driver(args),
        1 => post_link(args),
        2 => wrapper(args),
        3 => muxc(args),
        4 => clap_tool::<sycl_ls::Cli>("sycl-ls", named("sycl-ls", args)),
        _ => clap_tool::<cargo_nativecpu::cli::Cli>(
            "cargo nativecpu",
            cargo_nativecpu::cli::normalize_args(named("cargo-nativecpu", args)),
        ),
    }
}

/// `args` after the program name, as `argv` has them.
fn named(program: &str, args: Vec<OsString>) -> Vec<OsString> {
    std::iter::once(OsString::from(program))
        .chain(args)
        .collect()
}

/// The arguments as the hand-parsing tools get them from `ncpu_cli::utf8_args`.
fn strings(tool: &str, args: Vec<OsString>) -> Option<Vec<String>> {
    utf8_strings(args)
        .inspect_err(|error| assert_error_line(tool, error))
        .ok()
}

/// `ncpu++`: parsed, then planned (the commands it would run, none of them run) in a directory
/// holding one file of each input kind, so plans for existing inputs are reached.
fn driver(args: Vec<OsString>) {
    let Some(args) = strings("ncpu++", args) else {
        return;
    };
    let invocation = match ncpu_driver::options::parse(&args) {
        Ok(invocation) => invocation,
        Err(error) => return assert_error_line("ncpu++", &error),
    };
    if invocation.help || invocation.version {
        return;
    }
    let dir = fresh_scratch();
    for name in ["a.cpp", "k.bc", "k.ll", "o.o", "l.a"] {
        write_file(name, b"");
    }
    let tool = |name: &str| dir.join(name);
    let tools = Tools {
        driver: tool("ncpu++"),
        clang: tool("clang++"),
        llvm_link: tool("llvm-link"),
        llvm_objcopy: tool("llvm-objcopy"),
        llvm_ar: tool("llvm-ar"),
        muxc: tool("muxc"),
        post_link: tool("sycl-post-link"),
        wrapper: tool("offload-wrapper"),
        runtime_library: tool("libnativecpu_runtime.a"),
        include_dir: PathBuf::from("include"),
    };
    if let Err(error) = ncpu_driver::plan::plan(&invocation, &tools) {
        assert_error_line("ncpu++", &error);
    }
}

/// `muxc`: parsed only (a run reads and writes files).
fn muxc(args: Vec<OsString>) {
    let Some(args) = strings("muxc", args) else {
        return;
    };
    if let Err(error) = nativecpu_compiler::muxc::parse(args) {
        assert_error_line("muxc", &error);
    }
}

fn post_link(args: Vec<OsString>) {
    let Some(args) = strings("sycl-post-link", args) else {
        return;
    };
    match sycl_post_link::parse_args(args) {
        Ok(sycl_post_link::Command::Run(options)) => {
            if let Err(error) = options.validate() {
                assert_error_line("sycl-post-link", &error);
            }
        }
        Ok(sycl_post_link::Command::Help) => {}
        Err(error) => assert_error_line("sycl-post-link", &error),
    }
}

fn wrapper(args: Vec<OsString>) {
    let Some(args) = strings("offload-wrapper", args) else {
        return;
    };
    if let Err(error) = offload_wrapper::Command::parse(args) {
        assert_error_line("offload-wrapper", &error);
    }
}

/// A clap tool (`args` with the program name first): `ncpu_cli` must render every refusal as
/// one line; `--help` and `--version` print in full, as they should.
fn clap_tool<P: clap::Parser>(tool: &str, args: Vec<OsString>) {
    match try_parse::<P, _, _>(args) {
        Ok(Parsed::Args(_) | Parsed::Print(_)) => {}
        Err(error) => assert_error_line(tool, &error),
    }
}
