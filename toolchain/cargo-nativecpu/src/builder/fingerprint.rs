//! Freshness: when an app must be rebuilt.
//!
//! `ncpu++` cannot write a depfile, so an app's inputs are computed here:
//!
//! * its sources, and the local headers they include, transitively: every `#include "…"` is
//!   looked for beside the including file, then in the `-iquote`/`-I`/`-isystem`/`-idirafter`
//!   directories of the app's flags, and every `#include <…>` in those directories (these are
//!   found by a line scanner that ignores conditional compilation, so it may list a header that
//!   is not really used, which only costs a rebuild; headers named by a macro are not seen);
//! * the toolchain's files ([`crate::toolchain::Toolchain::files`]): the driver, the tools and
//!   runtime library beside it, and every file under the SYCL include directory. System headers
//!   and libraries are not tracked, like cargo does not track the C library.
//!
//! A build's *fingerprint* is the working directory and full command line of `ncpu++`, the
//! effective values of the environment variables the driver reads
//! (`ncpu_locate::effective_environment`)
//! and, for every input, its modification time (to the nanosecond) and size. After a successful
//! build it is stored, with the stamp of the executable just written, in
//! `<target>/nativecpu/<profile>/.fingerprints/<app>`; the record is deleted before a build
//! starts, so a failed or interrupted build leaves none.
//!
//! An app is **fresh** when its record exists, its stored fingerprint is equal to the one
//! computed now, and the executable still has the stamp it had after the build. Equality rather
//! than "newer than" also catches a file replaced by an older version (a `git checkout`, a
//! restored backup), and the fingerprint is computed *before* the compile, so a source edited
//! during a build makes the next build rebuild.

use std::collections::{BTreeMap, BTreeSet};
use std::io;
use std::path::{Path, PathBuf};
use std::time::UNIX_EPOCH;

use serde::{Deserialize, Serialize};

/// Bumped when the record's meaning changes; an old record then never matches.
const FORMAT_VERSION: u32 = 1;

/// A file's modification time and size.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct FileStamp {
    /// Modification time: whole seconds since the Unix epoch (negative before it).
    pub seconds: i64,
    /// Modification time: the nanoseconds past `seconds`.
    pub nanoseconds: u32,
    /// Size in bytes.
    pub size: u64,
}

impl FileStamp {
    /// The stamp of the file at `path`, following links.
    pub fn of(path: &Path) -> io::Result<Self> {
        let metadata = std::fs::metadata(path)?;
        let modified = metadata.modified()?;
        let (seconds, nanoseconds) = match modified.duration_since(UNIX_EPOCH) {
            Ok(after) => (after.as_secs() as i64, after.subsec_nanos()),
            Err(before) => {
                let before = before.duration();
                (-(before.as_secs() as i64), before.subsec_nanos())
            }
        };
        Ok(FileStamp {
            seconds,
            nanoseconds,
            size: metadata.len(),
        })
    }
}

/// Everything an app's executable depends on.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Fingerprint {
    /// The record format's version (`FORMAT_VERSION` when written): an older record never
    /// matches.
    pub version: u32,
    /// The directory `ncpu++` runs in.
    pub directory: String,
    /// `ncpu++` and its arguments.
    pub command: Vec<String>,
    /// The driver's environment variables, effective values (`None`: unset, no default).
    pub environment: BTreeMap<String, Option<String>>,
    /// Every input file (`None`: it could not be read, e.g. it vanished).
    pub inputs: BTreeMap<String, Option<FileStamp>>,
}

impl Fingerprint {
    /// The fingerprint of running `command` in `directory` on `inputs`, now.
    pub fn compute(directory: &Path, command: &[String], inputs: &[PathBuf]) -> Self {
        Fingerprint {
            version: FORMAT_VERSION,
            directory: directory.to_string_lossy().into_owned(),
            command: command.to_vec(),
            environment: ncpu_locate::effective_environment()
                .into_iter()
                .map(|(name, value)| (name.to_owned(), value))
                .collect(),
            inputs: inputs
                .iter()
                .map(|path| {
                    (
                        path.to_string_lossy().into_owned(),
                        FileStamp::of(path).ok(),
                    )
                })
                .collect(),
        }
    }

    /// Why `self` (the stored fingerprint) does not match `current`; `None` when it does.
    /// `show` renders a path for the message.
    pub fn difference(
        &self,
        current: &Fingerprint,
        show: &dyn Fn(&Path) -> String,
    ) -> Option<String> {
        if self.version != current.version {
            return Some("the fingerprint format changed".into());
        }
        if self.directory != current.directory || self.command != current.command {
            return Some("the ncpu++ command line changed".into());
        }
        if let Some((name, _)) = current
            .environment
            .iter()
            .find(|(name, value)| self.environment.get(*name) != Some(value))
        {
            return Some(format!("the environment variable {name} changed"));
        }
        for (path, stamp) in &current.inputs {
            match self.inputs.get(path) {
                None => return Some(format!("{} is a new input", show(Path::new(path)))),
                Some(old) if old != stamp => {
                    return Some(match stamp {
                        Some(_) => format!("{} changed", show(Path::new(path))),
                        None => format!("{} cannot be read", show(Path::new(path))),
                    })
                }
                Some(_) => {}
            }
        }
        if let Some(path) = self
            .inputs
            .keys()
            .find(|path| !current.inputs.contains_key(*path))
        {
            return Some(format!("{} is no longer an input", show(Path::new(path))));
        }
        None
    }
}

/// What is stored after a successful build.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Record {
    /// The inputs and command line of the build that wrote the record.
    pub fingerprint: Fingerprint,
    /// The executable as the build left it.
    pub output: FileStamp,
}

/// Whether an app must be rebuilt, and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Freshness {
    /// Nothing changed: the executable is up to date.
    Fresh,
    /// Something changed; the text says what, for `--verbose`.
    Dirty(String),
}

/// Compares the stored record with the current fingerprint and the executable on disk.
pub fn check(
    record_path: &Path,
    output: &Path,
    current: &Fingerprint,
    show: &dyn Fn(&Path) -> String,
) -> Freshness {
    let Ok(output_stamp) = FileStamp::of(output) else {
        return Freshness::Dirty(format!("{} does not exist", show(output)));
    };
    let record = match std::fs::read(record_path) {
        Ok(bytes) => match serde_json::from_slice::<Record>(&bytes) {
            Ok(record) => record,
            Err(_) => return Freshness::Dirty("its fingerprint record is unreadable".into()),
        },
        Err(_) => return Freshness::Dirty("no previous build is recorded".into()),
    };
    if let Some(reason) = record.fingerprint.difference(current, show) {
        return Freshness::Dirty(reason);
    }
    if record.output != output_stamp {
        return Freshness::Dirty(format!("{} was modified since it was built", show(output)));
    }
    Freshness::Fresh
}

/// Stores the record of a successful build of `output` from `fingerprint`.
pub fn write_record(
    record_path: &Path,
    fingerprint: &Fingerprint,
    output: &Path,
) -> io::Result<()> {
    let record = Record {
        fingerprint: fingerprint.clone(),
        output: FileStamp::of(output)?,
    };
    let text = serde_json::to_vec_pretty(&record).map_err(io::Error::other)?;
    if let Some(dir) = record_path.parent() {
        std::fs::create_dir_all(dir)?;
    }
    // Written aside and renamed, so a record is never seen half written.
    let partial = record_path.with_extension("partial");
    std::fs::write(&partial, text)?;
    std::fs::rename(&partial, record_path)
}

/// Removes the record before a build (a missing record is fine).
pub fn remove_record(record_path: &Path) -> io::Result<()> {
    match std::fs::remove_file(record_path) {
        Err(error) if error.kind() != io::ErrorKind::NotFound => Err(error),
        _ => Ok(()),
    }
}

/// The header search directories of a flag list, relative to `directory`: (quoted-only, both).
pub fn include_dirs(flags: &[String], directory: &Path) -> (Vec<PathBuf>, Vec<PathBuf>) {
    let mut quoted = Vec::new();
    let mut both = Vec::new();
    let mut iter = flags.iter();
    while let Some(flag) = iter.next() {
        for (prefix, quote_only) in [
            ("-iquote", true),
            ("-isystem", false),
            ("-idirafter", false),
            ("-I", false),
        ] {
            if let Some(rest) = flag.strip_prefix(prefix) {
                let value = if rest.is_empty() {
                    iter.next().cloned()
                } else {
                    Some(rest.to_owned())
                };
                if let Some(value) = value {
                    let dir = directory.join(value);
                    if quote_only {
                        quoted.push(dir);
                    } else {
                        both.push(dir);
                    }
                }
                break;
            }
        }
    }
    (quoted, both)
}

/// The `#include` of one line: the name and whether it was quoted.
fn include_of(line: &str) -> Option<(&str, bool)> {
    let rest = line.trim_start().strip_prefix('#')?.trim_start();
    let rest = rest.strip_prefix("include")?.trim_start();
    if let Some(quoted) = rest.strip_prefix('"') {
        Some((&quoted[..quoted.find('"')?], true))
    } else if let Some(angled) = rest.strip_prefix('<') {
        Some((&angled[..angled.find('>')?], false))
    } else {
        None
    }
}

/// The local headers `sources` include, transitively, found as the module documentation says.
/// Headers that are not found (system and toolchain headers) are not listed.
pub fn local_headers(
    sources: &[PathBuf],
    quoted_dirs: &[PathBuf],
    dirs: &[PathBuf],
) -> Vec<PathBuf> {
    let mut seen: BTreeSet<PathBuf> = sources
        .iter()
        .map(|source| source.canonicalize().unwrap_or_else(|_| source.clone()))
        .collect();
    let mut headers = Vec::new();
    let mut pending: Vec<PathBuf> = sources.to_vec();
    while let Some(file) = pending.pop() {
        // Binary or unreadable inputs have no includes.
        let Ok(bytes) = std::fs::read(&file) else {
            continue;
        };
        let text = String::from_utf8_lossy(&bytes);
        let own_dir = file.parent().map(Path::to_path_buf).unwrap_or_default();
        for (name, quoted) in text.lines().filter_map(include_of) {
            let candidates = quoted
                .then_some(&own_dir)
                .into_iter()
                .chain(quoted.then_some(quoted_dirs).into_iter().flatten())
                .chain(dirs);
            let Some(found) = candidates
                .map(|dir| dir.join(name))
                .find(|path| path.is_file())
            else {
                continue;
            };
            let found = found.canonicalize().unwrap_or(found);
            if seen.insert(found.clone()) {
                headers.push(found.clone());
                pending.push(found);
            }
        }
    }
    headers.sort();
    headers
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::fs::File;
    use std::time::{Duration, SystemTime};

    fn set_mtime(path: &Path, time: SystemTime) {
        File::options()
            .write(true)
            .open(path)
            .unwrap()
            .set_modified(time)
            .unwrap();
    }

    fn show(path: &Path) -> String {
        path.file_name().unwrap().to_string_lossy().into_owned()
    }

    struct Setup {
        _dir: tempfile::TempDir,
        source: PathBuf,
        header: PathBuf,
        output: PathBuf,
        record: PathBuf,
        base: SystemTime,
    }

    fn setup() -> Setup {
        let dir = tempfile::tempdir().unwrap();
        let source = dir.path().join("app.cpp");
        let header = dir.path().join("app.hpp");
        let output = dir.path().join("out/app");
        let record = dir.path().join("out/.fingerprints/app");
        std::fs::create_dir_all(dir.path().join("out")).unwrap();
        std::fs::write(&source, "#include \"app.hpp\"\nint main() {}\n").unwrap();
        std::fs::write(&header, "// header\n").unwrap();
        std::fs::write(&output, "binary").unwrap();
        let base = SystemTime::now() - Duration::from_secs(3600);
        for path in [&source, &header, &output] {
            set_mtime(path, base);
        }
        Setup {
            source,
            header,
            output,
            record,
            base,
            _dir: dir,
        }
    }

    fn fingerprint(s: &Setup, flags: &[&str]) -> Fingerprint {
        let mut command = vec!["ncpu++".to_owned(), "app.cpp".to_owned()];
        command.extend(flags.iter().map(|f| f.to_string()));
        let mut inputs = vec![s.source.clone()];
        inputs.extend(local_headers(std::slice::from_ref(&s.source), &[], &[]));
        Fingerprint::compute(s.source.parent().unwrap(), &command, &inputs)
    }

    #[test]
    fn fresh_after_recording_then_dirty_on_changes() {
        let s = setup();
        let current = fingerprint(&s, &[]);
        assert!(current.inputs.keys().any(|k| k.ends_with("app.hpp")));
        assert_eq!(
            check(&s.record, &s.output, &current, &show),
            Freshness::Dirty("no previous build is recorded".into())
        );

        write_record(&s.record, &current, &s.output).unwrap();
        assert_eq!(
            check(&s.record, &s.output, &fingerprint(&s, &[]), &show),
            Freshness::Fresh
        );

        // A touched source, even to an older time.
        set_mtime(&s.source, s.base - Duration::from_secs(10));
        assert_eq!(
            check(&s.record, &s.output, &fingerprint(&s, &[]), &show),
            Freshness::Dirty("app.cpp changed".into())
        );
        set_mtime(&s.source, s.base);
        assert_eq!(
            check(&s.record, &s.output, &fingerprint(&s, &[]), &show),
            Freshness::Fresh
        );

        // An included header.
        set_mtime(&s.header, s.base + Duration::from_secs(1));
        assert_eq!(
            check(&s.record, &s.output, &fingerprint(&s, &[]), &show),
            Freshness::Dirty("app.hpp changed".into())
        );
        set_mtime(&s.header, s.base);

        // Other flags.
        assert_eq!(
            check(&s.record, &s.output, &fingerprint(&s, &["-O3"]), &show),
            Freshness::Dirty("the ncpu++ command line changed".into())
        );

        // The executable replaced or removed.
        set_mtime(&s.output, s.base + Duration::from_secs(5));
        assert!(matches!(
            check(&s.record, &s.output, &fingerprint(&s, &[]), &show),
            Freshness::Dirty(reason) if reason.contains("was modified")
        ));
        std::fs::remove_file(&s.output).unwrap();
        assert_eq!(
            check(&s.record, &s.output, &fingerprint(&s, &[]), &show),
            Freshness::Dirty("app does not exist".into())
        );
    }

    #[test]
    fn removed_record_and_garbage_are_dirty() {
        let s = setup();
        let current = fingerprint(&s, &[]);
        write_record(&s.record, &current, &s.output).unwrap();
        remove_record(&s.record).unwrap();
        remove_record(&s.record).unwrap();
        assert!(matches!(
            check(&s.record, &s.output, &current, &show),
            Freshness::Dirty(_)
        ));
        std::fs::write(&s.record, "not json").unwrap();
        assert_eq!(
            check(&s.record, &s.output, &current, &show),
            Freshness::Dirty("its fingerprint record is unreadable".into())
        );
    }

    #[test]
    fn input_set_changes_are_dirty() {
        let s = setup();
        let current = fingerprint(&s, &[]);
        write_record(&s.record, &current, &s.output).unwrap();
        // The source stops including the header (its stamp is restored, so only the set changed).
        std::fs::write(&s.source, "int main() {}\n//////////////\n").unwrap();
        set_mtime(&s.source, s.base);
        let mut without = fingerprint(&s, &[]);
        without.inputs.insert(
            s.source.to_string_lossy().into_owned(),
            current.inputs[&s.source.to_string_lossy().into_owned()],
        );
        assert_eq!(
            check(&s.record, &s.output, &without, &show),
            Freshness::Dirty("app.hpp is no longer an input".into())
        );
        assert_eq!(
            current.difference(&without, &show),
            Some("app.hpp is no longer an input".into())
        );
        assert_eq!(
            without.difference(&current, &show),
            Some("app.hpp is a new input".into())
        );
    }

    #[test]
    fn scans_includes_transitively() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        std::fs::create_dir_all(root.join("inc/sub")).unwrap();
        std::fs::create_dir_all(root.join("src")).unwrap();
        std::fs::write(
            root.join("src/main.cpp"),
            "#include <sycl/sycl.hpp>\n#include \"local.hpp\"\n  #  include <lib.hpp>\n#include \"missing.hpp\"\n",
        )
        .unwrap();
        std::fs::write(
            root.join("src/local.hpp"),
            "#include \"../inc/sub/deep.hpp\"\n",
        )
        .unwrap();
        std::fs::write(
            root.join("inc/lib.hpp"),
            "#pragma once\n#include \"lib.hpp\"\n",
        )
        .unwrap();
        std::fs::write(root.join("inc/sub/deep.hpp"), "#include \"../lib.hpp\"\n").unwrap();

        let flags = vec!["-I".to_owned(), "inc".to_owned(), "-DX".to_owned()];
        let (quoted, dirs) = include_dirs(&flags, root);
        assert!(quoted.is_empty());
        assert_eq!(dirs, vec![root.join("inc")]);
        let headers = local_headers(&[root.join("src/main.cpp")], &quoted, &dirs);
        let names: Vec<String> = headers.iter().map(|h| show(h)).collect();
        let mut sorted = names.clone();
        sorted.sort();
        assert_eq!(sorted, ["deep.hpp", "lib.hpp", "local.hpp"], "{headers:?}");

        // Without -Iinc the angled include is not found (it would be a system header).
        let headers = local_headers(&[root.join("src/main.cpp")], &[], &[]);
        assert_eq!(headers.len(), 3, "{headers:?}"); // lib.hpp is still reached through deep.hpp
    }

    #[test]
    fn include_dir_flag_spellings() {
        let flags: Vec<String> = ["-Ia", "-isystem", "b", "-iquote", "c", "-idirafterd", "-O2"]
            .iter()
            .map(|s| s.to_string())
            .collect();
        let (quoted, both) = include_dirs(&flags, Path::new("/p"));
        assert_eq!(quoted, vec![PathBuf::from("/p/c")]);
        assert_eq!(
            both,
            vec![
                PathBuf::from("/p/a"),
                PathBuf::from("/p/b"),
                PathBuf::from("/p/d")
            ]
        );
    }

    #[test]
    fn include_line_parsing() {
        assert_eq!(include_of("#include \"a.h\""), Some(("a.h", true)));
        assert_eq!(
            include_of("  # include <sycl/sycl.hpp> // x"),
            Some(("sycl/sycl.hpp", false))
        );
        assert_eq!(include_of("#define X"), None);
        assert_eq!(include_of("// #include \"a.h\""), None);
        assert_eq!(include_of("#include MACRO"), None);
    }
}
