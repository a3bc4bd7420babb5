//! Every example app declared in example-apps/*/Cargo.toml builds with `ncpu++` and passes.

use nativecpu_e2e_tests::{repo_root, Built};

#[test]
fn every_example_app_builds_and_passes() {
    let mut apps = 0;
    for entry in std::fs::read_dir(repo_root().join("example-apps")).unwrap() {
        let package = entry.unwrap().path();
        let Ok(manifest) = std::fs::read_to_string(package.join("Cargo.toml")) else {
            continue;
        };
        let manifest: toml::Table = manifest.parse().unwrap();
        // example-apps/rust is the Rust apps' own workspace (tests/tests/rust_apps.rs).
        let Some(metadata) = manifest.get("package") else {
            continue;
        };
        let declared = metadata["metadata"]["nativecpu"]["app"].as_array().unwrap();
        for app in declared {
            let sources: Vec<_> = app["sources"]
                .as_array()
                .unwrap()
                .iter()
                .map(|s| package.join(s.as_str().unwrap()))
                .collect();
            Built::compile(&sources, &["-O3"]).run_and_check(&[]);
            apps += 1;
        }
    }
    assert!(
        apps >= 3,
        "expected at least three example apps, found {apps}"
    );
}
