//! The `ncpu++` runs of a build: one `-c` per source, up to `NUM_JOBS` at once, then the device
//! link.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::atomic::{AtomicUsize, Ordering};

use crate::{depfile, Error};

/// The compiles of one build.
pub struct Compiles<'a> {
    pub driver: &'a Path,
    pub flags: &'a [String],
    /// Where the objects and dependency files go.
    pub directory: &'a Path,
    pub jobs: usize,
    /// Whether a successful compile's diagnostics become `cargo:warning` lines.
    pub warnings: bool,
}

/// One compiled source.
#[derive(Debug, Clone)]
pub struct Object {
    pub object: PathBuf,
    dependency_file: PathBuf,
}

impl Object {
    /// The source and headers its dependency file lists.
    pub fn read_dependencies(&self) -> Result<Vec<PathBuf>, Error> {
        let text = std::fs::read_to_string(&self.dependency_file).map_err(|source| Error::Io {
            path: self.dependency_file.clone(),
            source,
        })?;
        Ok(depfile::prerequisites(&text))
    }
}

impl Compiles<'_> {
    /// Compiles every source, `jobs` at a time; the objects are in the order of `sources`. The
    /// first failure (in that order) is the error, after every started compile has finished.
    pub fn run(&self, sources: &[PathBuf]) -> Result<Vec<Object>, Error> {
        let next = AtomicUsize::new(0);
        let threads = self.jobs.clamp(1, sources.len());
        let mut results: Vec<(usize, Result<Object, Error>)> = std::thread::scope(|scope| {
            let workers: Vec<_> = (0..threads)
                .map(|_| {
                    scope.spawn(|| {
                        let mut done = Vec::new();
                        loop {
                            let index = next.fetch_add(1, Ordering::Relaxed);
                            let Some(source) = sources.get(index) else {
                                return done;
                            };
                            done.push((index, self.compile(index, source)));
                        }
                    })
                })
                .collect();
            workers
                .into_iter()
                .flat_map(|worker| worker.join().unwrap_or_default())
                .collect()
        });
        results.sort_by_key(|(index, _)| *index);
        results.into_iter().map(|(_, result)| result).collect()
    }

    /// `ncpu++ <flags> -c -MD -MF <object>.d <source> -o <object>`.
    fn compile(&self, index: usize, source: &Path) -> Result<Object, Error> {
        let stem = source
            .file_stem()
            .map(|stem| stem.to_string_lossy().into_owned())
            .unwrap_or_else(|| "source".into());
        // The index keeps sources of the same name in different directories apart.
        let object = self.directory.join(format!("{index}-{stem}.o"));
        let dependency_file = object.with_extension("d");
        let mut command = Command::new(self.driver);
        command
            .args(self.flags)
            .args(["-c", "-MD", "-MF"])
            .arg(&dependency_file)
            .arg(source)
            .arg("-o")
            .arg(&object);
        self.run_command(command, &source.display().to_string())?;
        Ok(Object {
            object,
            dependency_file,
        })
    }

    /// `ncpu++ <flags> -fsycl-link <objects> -o <output>`: the device object and the
    /// registration object of all the sources, as one object.
    pub fn device_link(&self, objects: &[Object], output: &Path) -> Result<(), Error> {
        let mut command = Command::new(self.driver);
        command
            .args(self.flags)
            .arg("-fsycl-link")
            .args(objects.iter().map(|object| &object.object))
            .arg("-o")
            .arg(output);
        self.run_command(command, "the device code")
    }

    /// Runs `command`. On failure its output goes to stderr as it is, for cargo to show; on
    /// success its diagnostics (warnings) become `cargo:warning` lines, as `cc` passes on a
    /// compiler's warnings.
    fn run_command(&self, mut command: Command, what: &str) -> Result<(), Error> {
        let Output {
            status,
            stdout,
            stderr,
        } = command.output().map_err(|source| Error::Spawn {
            program: self.driver.display().to_string(),
            source,
        })?;
        if !status.success() {
            let mut error = std::io::stderr().lock();
            let _ = std::io::Write::write_all(&mut error, &stdout);
            let _ = std::io::Write::write_all(&mut error, &stderr);
            return Err(Error::Compile {
                what: what.to_owned(),
                status: status.to_string(),
            });
        }
        if self.warnings {
            for line in String::from_utf8_lossy(&stderr).lines() {
                println!("cargo:warning={line}");
            }
        }
        Ok(())
    }
}
