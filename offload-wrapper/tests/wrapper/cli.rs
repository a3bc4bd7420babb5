//! The command line: help, verbose output, and the parsed options.

use std::path::PathBuf;

use offload_wrapper::options::InputImage;
use offload_wrapper::{Command, ImageFormat, ImageSettings, Inputs, Options};

use crate::common::{arg, strings, wrap_ok, wrapper_in, Fixture};

#[test]
fn help_prints_usage_and_succeeds() {
    for flag in ["--help", "-help", "-h"] {
        let out = wrapper_in(std::path::Path::new("."), &strings(&[flag]));
        assert!(out.status.success());
        let text = String::from_utf8(out.stdout).unwrap();
        assert!(text.starts_with("OVERVIEW: offload-wrapper"), "{text}");
        for option in [
            "-o <file>",
            "-host=",
            "-batch",
            "-emit-reg-funcs",
            "-desc-name=",
            "-native-cpu",
        ] {
            assert!(text.contains(option), "{option} missing from help");
        }
    }
}

#[test]
fn verbose_describes_images_and_globals_on_stderr() {
    let fx = Fixture::new();
    let code = fx.code("a.bc", 100, &["_ZTS1A"], &[]);
    let sym = fx.symbols("a.sym", &["_ZTS1A"]);
    let out = fx.path("w.o");
    let output = wrap_ok(
        fx.dir.path(),
        &strings(&[
            "-v",
            "-o",
            &arg(&out),
            "-target=native_cpu",
            &format!("-entries={}", arg(&sym)),
            &arg(&code),
        ]),
    );
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(stderr.contains("image 0: code="), "{stderr}");
    assert!(
        stderr.contains("(100 bytes), target=native_cpu"),
        "{stderr}"
    );
    assert!(
        stderr.contains("global added: __sycl_native_cpu_decls\n"),
        "{stderr}"
    );
    assert!(
        stderr.contains("global added: .sycl_offloading.descriptor\n"),
        "{stderr}"
    );
    assert!(output.stdout.is_empty());
}

fn parse(args: &[&str]) -> Options {
    match Command::parse(args.iter().copied()).unwrap() {
        Command::Wrap(options) => options,
        Command::Help => panic!("help"),
    }
}

#[test]
fn options_parse_in_llvm_style() {
    let options = parse(&[
        "-o=out.o",
        "--host=aarch64-linux-gnu",
        "-v=true",
        "-emit-reg-funcs=0",
        "-desc-name",
        "d",
        "-native-cpu",
        "-kind=sycl",
        "-format=llvmbc",
        "-link-opts=-x",
        "-batch",
        "t.table",
    ]);
    assert_eq!(
        options,
        Options {
            output: PathBuf::from("out.o"),
            host: Some("aarch64-linux-gnu".into()),
            verbose: true,
            emit_reg_funcs: false,
            descriptor_name: Some("d".into()),
            inputs: Inputs::Batch {
                table: PathBuf::from("t.table"),
                settings: ImageSettings {
                    target: "native_cpu".into(),
                    format: ImageFormat::LlvmBc,
                    compile_options: String::new(),
                    link_options: "-x".into(),
                },
            },
        }
    );
}

#[test]
fn per_image_options_close_input_groups() {
    let options = parse(&[
        "-o",
        "w.o",
        "-target=native_cpu",
        "-entries=a.sym",
        "a.bc",
        "a.mnf",
        "-entries=b.sym",
        "b.bc",
        "--",
        "-c.bc",
    ]);
    assert_eq!(options.host, None);
    assert!(options.emit_reg_funcs, "on by default");
    let settings = ImageSettings {
        target: "native_cpu".into(),
        format: ImageFormat::None,
        compile_options: String::new(),
        link_options: String::new(),
    };
    assert_eq!(
        options.inputs,
        Inputs::Files(vec![
            InputImage {
                code: "a.bc".into(),
                manifest: Some("a.mnf".into()),
                entries: Some("a.sym".into()),
                properties: None,
                settings: settings.clone(),
            },
            InputImage {
                code: "b.bc".into(),
                manifest: Some("-c.bc".into()),
                entries: Some("b.sym".into()),
                properties: None,
                settings,
            },
        ])
    );
}
