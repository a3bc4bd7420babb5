//! The example apps and the README agree with the tree:
//!
//! * every app declared in `example-apps/*/Cargo.toml`, read from `cargo metadata` by
//!   `cargo nativecpu`'s own reader (so the test sees what `cargo nativecpu` builds), builds with
//!   the command line `cargo nativecpu build --release` runs (the app's `flags` included) and
//!   passes when run with its `args`;
//! * the README's app table lists exactly the declared apps, and its layout table every
//!   directory of the tree (top level and `toolchain/`) and every document of `docs/`, and no
//!   path that does not exist.

use std::path::{Path, PathBuf};
use std::process::Command;

use cargo_nativecpu::builder::{command_line, Profile};
use cargo_nativecpu::metadata::{App, Workspace};
use nativecpu_e2e_tests::{describe, ncpu, repo_root};

/// The apps of the packages under `example-apps/`, and those packages' directories.
fn example_apps() -> (Vec<App>, Vec<PathBuf>) {
    let manifest = repo_root().join("Cargo.toml");
    let workspace = Workspace::load(Some(&manifest)).expect("cargo metadata reads the workspace");
    let examples = repo_root().join("example-apps");
    let apps = workspace
        .apps
        .into_iter()
        .filter(|app| app.package_dir.starts_with(&examples))
        .collect();
    let packages = workspace
        .members
        .into_iter()
        .map(|member| member.dir)
        .filter(|dir| dir.starts_with(&examples))
        .collect();
    (apps, packages)
}

#[test]
fn every_example_app_builds_and_passes() {
    let (apps, packages) = example_apps();
    for package in &packages {
        let declares = apps.iter().any(|app| &app.package_dir == package);
        assert!(declares, "{} declares no app", package.display());
    }
    for app in &apps {
        let dir = tempfile::tempdir().unwrap();
        let executable = dir.path().join(&app.name);
        let command = command_line(&ncpu(), app, Profile::Release, &executable);
        let built = Command::new(&command[0])
            .args(&command[1..])
            .current_dir(&app.package_dir)
            .output()
            .expect("ncpu++ runs");
        assert!(built.status.success(), "{}: {}", app.name, describe(&built));
        let run = Command::new(&executable)
            .args(&app.args)
            .current_dir(dir.path())
            .output()
            .expect("the app runs");
        let passed = run.status.success() && String::from_utf8_lossy(&run.stdout).contains("PASS");
        assert!(passed, "{} did not pass\n{}", app.name, describe(&run));
    }
}

/// The lines of the README from the one equal to `start` to the first blank line after it.
fn readme_table(readme: &str, start: &str) -> Vec<String> {
    readme
        .lines()
        .skip_while(|line| *line != start)
        .take_while(|line| !line.is_empty())
        .skip(2)
        .map(str::to_owned)
        .collect()
}

/// The names in backquotes of a table row's first cell.
fn first_cell_names(row: &str) -> Vec<String> {
    let cell = row.split('|').nth(1).unwrap_or_default();
    cell.split('`')
        .skip(1)
        .step_by(2)
        .map(str::to_owned)
        .collect()
}

#[test]
fn the_readme_lists_every_app() {
    let readme = std::fs::read_to_string(repo_root().join("README.md")).unwrap();
    let mut listed: Vec<String> = readme_table(&readme, "| app | what it shows |")
        .iter()
        .flat_map(|row| first_cell_names(row))
        .collect();
    let mut declared: Vec<String> = example_apps().0.into_iter().map(|app| app.name).collect();
    listed.sort();
    declared.sort();
    assert_eq!(
        listed, declared,
        "the README's app table against the declared apps"
    );
}

/// The directories of `dir`, as paths relative to the repository, without hidden ones.
fn directories(root: &Path, relative: &str) -> Vec<String> {
    let mut found: Vec<String> = std::fs::read_dir(root.join(relative))
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.is_dir())
        .map(|path| {
            path.strip_prefix(root)
                .unwrap()
                .to_string_lossy()
                .into_owned()
        })
        .filter(|name| !name.rsplit('/').next().unwrap().starts_with('.'))
        .collect();
    found.sort();
    found
}

#[test]
fn the_readme_layout_table_matches_the_tree() {
    let root = repo_root();
    let readme = std::fs::read_to_string(root.join("README.md")).unwrap();
    let rows = readme_table(&readme, "| path | what |");
    let listed: Vec<String> = rows.iter().flat_map(|row| first_cell_names(row)).collect();
    for path in &listed {
        assert!(
            root.join(path).exists(),
            "the layout table lists {path}, which does not exist"
        );
    }
    let top_level = directories(&root, "")
        .into_iter()
        .filter(|name| name != "target");
    for directory in top_level {
        let covered = listed
            .iter()
            .any(|path| path.split('/').next() == Some(&directory));
        assert!(covered, "the layout table does not mention {directory}/");
    }
    for directory in directories(&root, "toolchain") {
        assert!(
            listed.contains(&directory),
            "the layout table does not list {directory}"
        );
    }
    let docs_row = rows
        .iter()
        .find(|row| row.starts_with("| `docs` |"))
        .expect("a docs row");
    for document in std::fs::read_dir(root.join("docs")).unwrap() {
        let name = document.unwrap().file_name().to_string_lossy().into_owned();
        let mentioned = docs_row.contains(&format!("`{name}`"));
        assert!(
            name.ends_with(".md") && mentioned,
            "the docs row does not describe {name}"
        );
    }
}
