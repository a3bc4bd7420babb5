//! Reading and validating the apps that workspace members declare.
//!
//! The workspace comes from `cargo metadata --no-deps` (through [`cargo_metadata`]); each
//! member's `package.metadata` is the JSON form of its `[package.metadata]` table. An app is one
//! element of the `package.metadata.nativecpu.app` array:
//!
//! ```toml
//! [[package.metadata.nativecpu.app]]
//! name = "vector-add"            # executable name, unique in the workspace
//! sources = ["vector-add.cpp"]   # relative to the package directory, at least one
//! flags = ["-O3"]                # optional extra ncpu++ flags
//! args = []                      # optional arguments for `cargo nativecpu run`
//! ```
//!
//! Every field is deserialised on its own with serde so that an error names the package and the
//! exact field (`package.metadata.nativecpu.app[1].sources`). Unknown keys are errors, because
//! they are almost always typos (`source`, `apps`) that would otherwise be silently ignored.

use std::collections::BTreeMap;
use std::fmt;
use std::path::{Path, PathBuf};

use cargo_metadata::MetadataCommand;
use serde::de::DeserializeOwned;
use serde_json::Value;

/// The keys an app table may have.
const APP_FIELDS: &[&str] = &["name", "sources", "flags", "args"];

/// One declared app, validated.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct App {
    /// The executable's name.
    pub name: String,
    /// The package that declares it.
    pub package: String,
    /// The directory of the package's `Cargo.toml`; sources and flags are relative to it.
    pub package_dir: PathBuf,
    /// The sources as declared (relative to `package_dir`, or absolute).
    pub sources: Vec<PathBuf>,
    /// Extra `ncpu++` flags, after the profile's.
    pub flags: Vec<String>,
    /// Arguments for `cargo nativecpu run`.
    pub args: Vec<String>,
}

impl App {
    /// The sources as paths usable from any directory.
    pub fn source_paths(&self) -> Vec<PathBuf> {
        self.sources
            .iter()
            .map(|source| self.package_dir.join(source))
            .collect()
    }
}

/// An app declaration as written, before it is tied to a package directory.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AppDecl {
    /// The app's name, which is also its executable's name.
    pub name: String,
    /// Its SYCL sources, relative to the package directory.
    pub sources: Vec<String>,
    /// Extra `ncpu++` flags.
    pub flags: Vec<String>,
    /// Arguments `cargo nativecpu run` passes to it.
    pub args: Vec<String>,
}

/// A workspace member.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Member {
    /// The package's name.
    pub name: String,
    /// The package's directory (where its `Cargo.toml` is).
    pub dir: PathBuf,
}

/// What `cargo nativecpu` needs to know about the workspace.
#[derive(Debug, Clone)]
pub struct Workspace {
    /// The workspace's root directory.
    pub root: PathBuf,
    /// Cargo's target directory; apps go to `<target_dir>/nativecpu/<profile>/`.
    pub target_dir: PathBuf,
    /// The members, in cargo's order.
    pub members: Vec<Member>,
    /// Every declared app, in member order then declaration order.
    pub apps: Vec<App>,
    /// The member whose manifest cargo used (the one given by `--manifest-path`, or the nearest
    /// `Cargo.toml` above the current directory), unless it is at the workspace root. As with
    /// cargo, commands default to this package's apps.
    pub current: Option<String>,
}

/// Cargo's error in one line: its message and each `Caused by:` after it, joined, after the
/// location cargo points at (` --> file:line:col`) when there is one; the quoted source and the
/// caret below it are left out.
fn one_line(stderr: &str) -> String {
    let mut parts = Vec::new();
    let mut location = None;
    let mut message_follows = true;
    for line in stderr.lines().map(str::trim).filter(|l| !l.is_empty()) {
        if let Some(at) = line.strip_prefix("--> ") {
            location = Some(at);
        } else if line == "Caused by:" {
            message_follows = true;
            continue;
        } else if message_follows {
            parts.push(line.strip_prefix("error: ").unwrap_or(line));
        }
        message_follows = false;
    }
    let message = parts.join(": ");
    match location {
        Some(location) => format!("{location}: {message}"),
        None => message,
    }
}

/// Why the workspace's apps cannot be read.
#[derive(Debug, thiserror::Error)]
pub enum MetadataError {
    /// `cargo metadata` failed (its message, in one line).
    #[error("cannot read the workspace metadata: {0}")]
    Cargo(String),
    /// A package's `[package.metadata.nativecpu]` is malformed.
    #[error("package `{package}`: {message}")]
    Invalid {
        /// The package.
        package: String,
        /// What is wrong.
        message: String,
    },
    /// Two packages declare an app of one name, whose executables would overwrite each other.
    #[error("app `{name}` is declared twice: by package `{first}` and by package `{second}`")]
    DuplicateApp {
        /// The app's name.
        name: String,
        /// The package that declares it first.
        first: String,
        /// The package that declares it again.
        second: String,
    },
}

impl Workspace {
    /// Reads the workspace that `manifest_path` (or the current directory) belongs to.
    pub fn load(manifest_path: Option<&Path>) -> Result<Self, MetadataError> {
        let mut command = MetadataCommand::new();
        command.no_deps();
        if let Some(path) = manifest_path {
            command.manifest_path(path);
        }
        let metadata = command.exec().map_err(|error| {
            MetadataError::Cargo(match error {
                cargo_metadata::Error::CargoMetadata { stderr } => one_line(&stderr),
                other => other.to_string(),
            })
        })?;
        let mut members = Vec::new();
        let mut declared = Vec::new();
        for package in metadata.workspace_packages() {
            let name = package.name.to_string();
            let dir = package
                .manifest_path
                .parent()
                .map(|dir| dir.as_std_path().to_path_buf())
                .unwrap_or_default();
            for decl in parse_package_apps(&name, &package.metadata)? {
                declared.push(App {
                    name: decl.name,
                    package: name.clone(),
                    package_dir: dir.clone(),
                    sources: decl.sources.into_iter().map(PathBuf::from).collect(),
                    flags: decl.flags,
                    args: decl.args,
                });
            }
            members.push(Member { name, dir });
        }
        check_unique(&declared)?;
        let root = metadata.workspace_root.into_std_path_buf();
        let current = current_member(manifest_path, &root, &members);
        Ok(Workspace {
            root,
            target_dir: metadata.target_directory.into_std_path_buf(),
            current,
            members,
            apps: declared,
        })
    }

    /// A path for messages: relative to the workspace root when inside it.
    pub fn display_path<'a>(&self, path: &'a Path) -> std::borrow::Cow<'a, str> {
        match path.strip_prefix(&self.root) {
            Ok(relative) if relative.as_os_str().is_empty() => ".".into(),
            Ok(relative) => relative.to_string_lossy().into_owned().into(),
            Err(_) => path.to_string_lossy(),
        }
    }
}

/// Why `-p` or `--app` selects nothing.
#[derive(Debug, thiserror::Error)]
pub enum SelectError {
    /// `-p` names no member.
    #[error("package `{name}` is not a member of the workspace (members: {members})")]
    UnknownPackage {
        /// The name given.
        name: String,
        /// The members, comma-separated.
        members: String,
    },
    /// `--app` names no declared app.
    #[error("no app named `{name}` (declared apps: {apps})")]
    UnknownApp {
        /// The name given.
        name: String,
        /// The declared apps, comma-separated.
        apps: String,
    },
}

impl Workspace {
    /// The apps of the `packages` (all members when empty), restricted to `names` when not
    /// empty, in declaration order.
    pub fn select(&self, packages: &[String], names: &[String]) -> Result<Vec<&App>, SelectError> {
        for package in packages {
            if !self.members.iter().any(|member| &member.name == package) {
                return Err(SelectError::UnknownPackage {
                    name: package.clone(),
                    members: self
                        .members
                        .iter()
                        .map(|member| member.name.as_str())
                        .collect::<Vec<_>>()
                        .join(", "),
                });
            }
        }
        let in_packages: Vec<&App> = self
            .apps
            .iter()
            .filter(|app| packages.is_empty() || packages.contains(&app.package))
            .collect();
        for name in names {
            if !in_packages.iter().any(|app| &app.name == name) {
                let apps: Vec<&str> = in_packages.iter().map(|app| app.name.as_str()).collect();
                return Err(SelectError::UnknownApp {
                    name: name.clone(),
                    apps: if apps.is_empty() {
                        "none".to_owned()
                    } else {
                        apps.join(", ")
                    },
                });
            }
        }
        Ok(in_packages
            .into_iter()
            .filter(|app| names.is_empty() || names.contains(&app.name))
            .collect())
    }
}

/// See [`Workspace::current`].
fn current_member(manifest_path: Option<&Path>, root: &Path, members: &[Member]) -> Option<String> {
    let canonical = |path: &Path| path.canonicalize().unwrap_or_else(|_| path.to_path_buf());
    let manifest_dir = match manifest_path {
        Some(path) => canonical(path).parent()?.to_path_buf(),
        None => {
            let cwd = canonical(&std::env::current_dir().ok()?);
            cwd.ancestors()
                .find(|dir| dir.join("Cargo.toml").is_file())?
                .to_path_buf()
        }
    };
    if manifest_dir == canonical(root) {
        return None;
    }
    members
        .iter()
        .find(|member| canonical(&member.dir) == manifest_dir)
        .map(|member| member.name.clone())
}

fn check_unique(apps: &[App]) -> Result<(), MetadataError> {
    let mut seen: BTreeMap<&str, &str> = BTreeMap::new();
    for app in apps {
        if let Some(first) = seen.insert(&app.name, &app.package) {
            return Err(MetadataError::DuplicateApp {
                name: app.name.clone(),
                first: first.to_owned(),
                second: app.package.clone(),
            });
        }
    }
    Ok(())
}

/// "a string", "an array", … for messages about a value of the wrong type.
struct Kind<'a>(&'a Value);

impl fmt::Display for Kind<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self.0 {
            Value::Null => "nothing",
            Value::Bool(_) => "a boolean",
            Value::Number(n) if n.is_f64() => "a float",
            Value::Number(_) => "an integer",
            Value::String(_) => "a string",
            Value::Array(_) => "an array",
            Value::Object(_) => "a table",
        })
    }
}

/// The apps declared in one package's `package.metadata` (JSON), validated.
pub fn parse_package_apps(package: &str, metadata: &Value) -> Result<Vec<AppDecl>, MetadataError> {
    let invalid = |message: String| MetadataError::Invalid {
        package: package.to_owned(),
        message,
    };
    let nativecpu = match metadata {
        Value::Object(table) => match table.get("nativecpu") {
            Some(value) => value,
            None => return Ok(Vec::new()),
        },
        // No `[package.metadata]` at all.
        Value::Null => return Ok(Vec::new()),
        other => {
            return Err(invalid(format!(
                "`package.metadata` must be a table, found {}",
                Kind(other)
            )))
        }
    };
    let Value::Object(nativecpu) = nativecpu else {
        return Err(invalid(format!(
            "`package.metadata.nativecpu` must be a table, found {}",
            Kind(nativecpu)
        )));
    };
    if let Some(key) = nativecpu.keys().find(|key| *key != "app") {
        return Err(invalid(format!(
            "`package.metadata.nativecpu` has an unknown key `{key}` (the apps are `[[package.metadata.nativecpu.app]]` tables)"
        )));
    }
    let tables = match nativecpu.get("app") {
        None => return Ok(Vec::new()),
        Some(Value::Array(tables)) => tables,
        Some(other) => {
            return Err(invalid(format!(
                "`package.metadata.nativecpu.app` must be an array of tables (written `[[package.metadata.nativecpu.app]]`), found {}",
                Kind(other)
            )))
        }
    };
    tables
        .iter()
        .enumerate()
        .map(|(index, table)| parse_app(index, table).map_err(invalid))
        .collect()
}

/// One `[[package.metadata.nativecpu.app]]` table; the error is the message.
fn parse_app(index: usize, table: &Value) -> Result<AppDecl, String> {
    let place = format!("package.metadata.nativecpu.app[{index}]");
    let Value::Object(table) = table else {
        return Err(format!("`{place}` must be a table, found {}", Kind(table)));
    };
    if let Some(key) = table.keys().find(|key| !APP_FIELDS.contains(&key.as_str())) {
        return Err(format!(
            "`{place}` has an unknown field `{key}` (expected one of: {})",
            APP_FIELDS.join(", ")
        ));
    }
    fn field<T: DeserializeOwned>(
        table: &serde_json::Map<String, Value>,
        place: &str,
        key: &str,
        expected: &str,
    ) -> Result<Option<T>, String> {
        match table.get(key) {
            None => Ok(None),
            Some(value) => T::deserialize(value).map(Some).map_err(|_| {
                format!(
                    "`{place}.{key}` must be {expected}, found {}",
                    describe(value)
                )
            }),
        }
    }
    let name: String = field(table, &place, "name", "a string")?
        .ok_or_else(|| format!("`{place}.name` is missing (the executable's name)"))?;
    check_name(&name).map_err(|why| format!("`{place}.name`: {why}"))?;
    // From here on the app's name says which table is meant.
    let in_app = |message: String| format!("app `{name}`: {message}");
    let sources: Vec<String> = field(table, &place, "sources", "an array of strings")
        .map_err(in_app)?
        .ok_or_else(|| {
            in_app(format!(
                "`{place}.sources` is missing (the C++ sources of the app)"
            ))
        })?;
    if sources.is_empty() {
        return Err(in_app(format!(
            "`{place}.sources` must list at least one source"
        )));
    }
    if let Some(empty) = sources.iter().position(|source| source.trim().is_empty()) {
        return Err(in_app(format!("`{place}.sources[{empty}]` is empty")));
    }
    let flags = field(table, &place, "flags", "an array of strings")
        .map_err(in_app)?
        .unwrap_or_default();
    let args = field(table, &place, "args", "an array of strings")
        .map_err(in_app)?
        .unwrap_or_default();
    Ok(AppDecl {
        name,
        sources,
        flags,
        args,
    })
}

/// A value for an error message: its kind, and the value itself when it is short.
fn describe(value: &Value) -> String {
    let text = value.to_string();
    if text.len() <= 40 {
        format!("{} ({text})", Kind(value))
    } else {
        Kind(value).to_string()
    }
}

/// Executable names become file names in one directory shared by every app.
fn check_name(name: &str) -> Result<(), &'static str> {
    if name.is_empty() {
        return Err("the name is empty");
    }
    if name.starts_with('.') || name.starts_with('-') {
        return Err("the name must not start with `.` or `-`");
    }
    if !name
        .chars()
        .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.' | '+'))
    {
        return Err("the name may only contain ASCII letters, digits, `-`, `_`, `.` and `+`");
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    #[test]
    fn cargo_errors_become_one_line() {
        let toml = "error: key with no value, expected `=`\n --> cn/Cargo.toml:1:8\n  |\n1 | \
                    garbage[[\n  |        ^\n";
        assert_eq!(
            super::one_line(toml),
            "cn/Cargo.toml:1:8: key with no value, expected `=`"
        );
        let chained =
            "error: failed to load manifest for workspace member `/w/a`\n\nCaused by:\n  \
                       failed to read `/w/a/Cargo.toml`\n\nCaused by:\n  No such file or directory \
                       (os error 2)\n";
        assert_eq!(
            super::one_line(chained),
            "failed to load manifest for workspace member `/w/a`: failed to read \
             `/w/a/Cargo.toml`: No such file or directory (os error 2)"
        );
    }

    use super::*;
    use serde_json::json;

    fn message(result: Result<Vec<AppDecl>, MetadataError>) -> String {
        match result {
            Err(error) => error.to_string(),
            Ok(apps) => panic!("expected an error, got {apps:?}"),
        }
    }

    #[test]
    fn no_metadata_means_no_apps() {
        assert!(parse_package_apps("p", &Value::Null).unwrap().is_empty());
        assert!(parse_package_apps("p", &json!({"other-tool": {"x": 1}}))
            .unwrap()
            .is_empty());
        assert!(parse_package_apps("p", &json!({"nativecpu": {}}))
            .unwrap()
            .is_empty());
    }

    #[test]
    fn valid_apps() {
        let metadata = json!({"nativecpu": {"app": [
            {"name": "vector-add", "sources": ["vector-add.cpp"]},
            {"name": "mm", "sources": ["a.cpp", "src/b.cpp"], "flags": ["-O3", "-DN=4"], "args": ["--size", "9"]},
        ]}});
        let apps = parse_package_apps("demo", &metadata).unwrap();
        assert_eq!(
            apps,
            vec![
                AppDecl {
                    name: "vector-add".into(),
                    sources: vec!["vector-add.cpp".into()],
                    flags: vec![],
                    args: vec![],
                },
                AppDecl {
                    name: "mm".into(),
                    sources: vec!["a.cpp".into(), "src/b.cpp".into()],
                    flags: vec!["-O3".into(), "-DN=4".into()],
                    args: vec!["--size".into(), "9".into()],
                },
            ]
        );
    }

    #[test]
    fn missing_sources() {
        let text = message(parse_package_apps(
            "demo",
            &json!({"nativecpu": {"app": [{"name": "x"}]}}),
        ));
        assert!(text.starts_with("package `demo`: "), "{text}");
        assert!(
            text.contains("app `x`: `package.metadata.nativecpu.app[0].sources` is missing"),
            "{text}"
        );

        let text = message(parse_package_apps(
            "demo",
            &json!({"nativecpu": {"app": [{"name": "x", "sources": []}]}}),
        ));
        assert!(text.contains("must list at least one source"), "{text}");
    }

    #[test]
    fn missing_name() {
        let text = message(parse_package_apps(
            "demo",
            &json!({"nativecpu": {"app": [{"sources": ["a.cpp"]}]}}),
        ));
        assert!(
            text.contains("`package.metadata.nativecpu.app[0].name` is missing"),
            "{text}"
        );
    }

    #[test]
    fn wrong_types() {
        let cases = [
            (
                json!({"nativecpu": {"app": [{"name": 3, "sources": ["a.cpp"]}]}}),
                "`package.metadata.nativecpu.app[0].name` must be a string, found an integer (3)",
            ),
            (
                json!({"nativecpu": {"app": [{"name": "x", "sources": "a.cpp"}]}}),
                "app `x`: `package.metadata.nativecpu.app[0].sources` must be an array of strings, found a string (\"a.cpp\")",
            ),
            (
                json!({"nativecpu": {"app": [{"name": "x", "sources": ["a.cpp", 7]}]}}),
                ".sources` must be an array of strings, found an array",
            ),
            (
                json!({"nativecpu": {"app": [{"name": "x", "sources": ["a.cpp"], "flags": "-O3"}]}}),
                ".flags` must be an array of strings, found a string",
            ),
            (
                json!({"nativecpu": {"app": [{"name": "x", "sources": ["a.cpp"], "args": [true]}]}}),
                ".args` must be an array of strings, found an array",
            ),
            (
                json!({"nativecpu": {"app": {"name": "x", "sources": ["a.cpp"]}}}),
                "`package.metadata.nativecpu.app` must be an array of tables",
            ),
            (
                json!({"nativecpu": {"app": ["x"]}}),
                "`package.metadata.nativecpu.app[0]` must be a table, found a string",
            ),
            (json!({"nativecpu": 1}), "`package.metadata.nativecpu` must be a table, found an integer"),
        ];
        for (metadata, expected) in cases {
            let text = message(parse_package_apps("demo", &metadata));
            assert!(text.starts_with("package `demo`: "), "{text}");
            assert!(
                text.contains(expected),
                "{text}\n  does not contain\n{expected}"
            );
        }
    }

    #[test]
    fn unknown_keys_and_bad_names() {
        let text = message(parse_package_apps(
            "demo",
            &json!({"nativecpu": {"app": [{"name": "x", "source": ["a.cpp"]}]}}),
        ));
        assert!(text.contains("unknown field `source`"), "{text}");
        let text = message(parse_package_apps(
            "demo",
            &json!({"nativecpu": {"apps": []}}),
        ));
        assert!(text.contains("unknown key `apps`"), "{text}");
        for bad in ["", "../x", "a/b", ".hidden", "-x", "with space"] {
            let text = message(parse_package_apps(
                "demo",
                &json!({"nativecpu": {"app": [{"name": bad, "sources": ["a.cpp"]}]}}),
            ));
            assert!(
                text.contains("`package.metadata.nativecpu.app[0].name`: "),
                "{text}"
            );
        }
    }

    #[test]
    fn selecting_apps() {
        let app = |name: &str, package: &str| App {
            name: name.into(),
            package: package.into(),
            package_dir: PathBuf::from(package),
            sources: vec![PathBuf::from("a.cpp")],
            flags: vec![],
            args: vec![],
        };
        let workspace = Workspace {
            root: PathBuf::from("/w"),
            target_dir: PathBuf::from("/w/target"),
            members: ["p", "q", "empty"]
                .iter()
                .map(|name| Member {
                    name: (*name).into(),
                    dir: PathBuf::from(name),
                })
                .collect(),
            apps: vec![app("a", "p"), app("b", "p"), app("c", "q")],
            current: None,
        };
        let names = |apps: Vec<&App>| apps.iter().map(|a| a.name.clone()).collect::<Vec<_>>();
        let strings = |list: &[&str]| list.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        assert_eq!(names(workspace.select(&[], &[]).unwrap()), ["a", "b", "c"]);
        assert_eq!(
            names(workspace.select(&strings(&["q"]), &[]).unwrap()),
            ["c"]
        );
        assert_eq!(
            names(workspace.select(&[], &strings(&["c", "a"])).unwrap()),
            ["a", "c"]
        );
        assert!(workspace
            .select(&strings(&["empty"]), &[])
            .unwrap()
            .is_empty());
        assert_eq!(
            workspace
                .select(&strings(&["zz"]), &[])
                .unwrap_err()
                .to_string(),
            "package `zz` is not a member of the workspace (members: p, q, empty)"
        );
        assert_eq!(
            workspace
                .select(&strings(&["q"]), &strings(&["a"]))
                .unwrap_err()
                .to_string(),
            "no app named `a` (declared apps: c)"
        );
    }

    #[test]
    fn duplicate_names_are_rejected() {
        let app = |name: &str, package: &str| App {
            name: name.into(),
            package: package.into(),
            package_dir: PathBuf::from(package),
            sources: vec![PathBuf::from("a.cpp")],
            flags: vec![],
            args: vec![],
        };
        assert!(check_unique(&[app("a", "p"), app("b", "p")]).is_ok());
        let error = check_unique(&[app("a", "p"), app("a", "q")]).unwrap_err();
        assert_eq!(
            error.to_string(),
            "app `a` is declared twice: by package `p` and by package `q`"
        );
    }
}
