//! The offload wrapper on a real program's intermediate files (`ncpu++ -save-temps`), changed one
//! way at a time: each change that would make the program compute a wrong result is refused with
//! exit status 1 and one line naming the file, the property set and the cause
//! (`docs/formats-validation.md`).

use std::path::Path;
use std::process::{Command, Output};

use nativecpu_e2e_tests::{describe, ncpu_in, program, tool_dir};
use sycl_offload_formats::base64;
use sycl_offload_formats::properties::{
    PropertySetRegistry, PropertyValue, SPECIALIZATION_CONSTANTS_DEFAULT_VALUES,
};

/// Runs `offload-wrapper` in `dir` on the table the driver wrote there.
fn wrap(dir: &Path) -> Output {
    Command::new(tool_dir().join("offload-wrapper"))
        .args([
            "-o=again.o",
            "-host=x86_64-pc-linux-gnu",
            "-kind=sycl",
            "-target=native_cpu",
            "-batch",
            "./app-app.table",
        ])
        .current_dir(dir)
        .output()
        .expect("offload-wrapper runs")
}

/// The one stderr line of a refused run.
fn refusal(dir: &Path) -> String {
    let output = wrap(dir);
    let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
    assert_eq!(output.status.code(), Some(1), "{}", describe(&output));
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(!dir.join("again.o").exists());
    stderr.trim_end().to_owned()
}

fn text(value: &PropertyValue) -> String {
    match value {
        PropertyValue::U32(v) => format!("1|{v}"),
        PropertyValue::ByteArray(bytes) => format!("2|{}", base64::encode(bytes)),
    }
}

#[test]
fn changed_intermediate_files_of_a_program_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let sources = [
        program("spec_constants.cpp"),
        program("spec_constants_other.cpp"),
    ];
    let mut args = vec!["-fsycl", "-fsycl-targets=native_cpu", "-O1", "-save-temps"];
    args.extend(sources.iter().map(|s| s.to_str().unwrap()));
    args.extend(["-o", "app"]);
    let built = ncpu_in(dir.path(), &args);
    assert!(built.status.success(), "{}", describe(&built));
    let dir = dir.path();
    let unchanged = wrap(dir);
    assert!(unchanged.status.success(), "{}", describe(&unchanged));
    std::fs::remove_file(dir.join("again.o")).unwrap();

    // One default value changed: a kernel would read 43 where the program's default is 42.
    let prop = dir.join("app-app_0.prop");
    let original = std::fs::read_to_string(&prop).unwrap();
    let mut registry = PropertySetRegistry::read(&prop).unwrap();
    let defaults = &mut registry
        .set_mut(SPECIALIZATION_CONSTANTS_DEFAULT_VALUES)
        .properties[0]
        .1;
    let written = defaults.clone();
    let PropertyValue::ByteArray(bytes) = defaults else {
        panic!("default values are a byte array")
    };
    let int_default = bytes.iter().position(|b| *b == 42).expect("int_id's 42");
    bytes[int_default] = 43;
    let changed = defaults.clone();
    registry.write(&prop).unwrap();
    assert_eq!(
        refusal(dir),
        format!(
            "offload-wrapper: error: ./app-app_0.prop: [SYCL/specialization constants default \
             values] all: is {}, but the image ./app-app_0.bc gives {}",
            text(&changed),
            text(&written)
        )
    );
    std::fs::write(&prop, original).unwrap();

    // The other translation unit's kernel listed in the first image as well.
    let other = std::fs::read_to_string(dir.join("app-app_1.sym")).unwrap();
    let kernel = other.lines().next().unwrap();
    let sym = dir.join("app-app_0.sym");
    let mut first = std::fs::read_to_string(&sym).unwrap();
    first.push_str(&format!("{kernel}\n"));
    std::fs::write(&sym, first).unwrap();
    assert_eq!(
        refusal(dir),
        format!(
            "offload-wrapper: error: ./app-app_0.sym: '{kernel}' is not a function the image \
             ./app-app_0.bc defines"
        )
    );
}
