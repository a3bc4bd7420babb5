//! Compiles SYCL C++ sources for a Rust program from its `build.rs`, the way the `cc` crate
//! compiles C: list the sources, call [`Build::compile`], and cargo links the result.
//!
//! ```no_run
//! // In build.rs's main:
//! nativecpu_build::Build::new()
//!     .file("src/kernels.cpp")
//!     .include("src/include")
//!     .define("BLOCK", Some("64"))
//!     .compile("kernels");
//! ```
//!
//! Each source is compiled by `ncpu++ -fsycl -c` (host code carrying its device bitcode), in
//! parallel up to cargo's `NUM_JOBS`; then `ncpu++ -fsycl-link` links, compiles and registers the
//! device code of all of them in one object, the device object and the offload wrapper's
//! registration object together. The host objects and that object become one static archive,
//! `lib<name>.a` in `OUT_DIR`, made by `cc`'s archiver, and the build script prints:
//!
//! * `cargo:rustc-link-lib=static:+whole-archive=<name>` and its search path, through `cc`'s
//!   link directives: whole-archive because nothing refers to the registration object, whose
//!   constructor registers the kernels with the runtime before `main`; libstdc++ with it;
//! * the runtime library `ncpu++` links into every program, and the system libraries
//!   ([`Toolchain::runtime_link_lines`]);
//! * `cargo:rerun-if-changed` for every source and every header either front-end read (from the
//!   driver's `-MD` dependency files), for the driver and the runtime, and
//!   `cargo:rerun-if-env-changed=NCPU_CXX`.
//!
//! The driver is found as [`toolchain`] describes (`NCPU_CXX`, else the target directory).
//! `OPT_LEVEL`, `DEBUG`, `TARGET` and `NUM_JOBS` are honoured as `cc` honours them
//! ([`environment`]); `TARGET` must be the host, since device code is compiled for the build
//! machine's CPU. When a compile fails, the compiler's messages go to the build script's stderr,
//! which cargo prints, and [`Build::compile`] ends the build script with one line, as `cc` does.
//! The design is described in `docs/rust.md`.

pub use ncpu_locate::depfile;
pub mod environment;
mod error;
mod jobs;
pub mod toolchain;

use std::io::Write;
use std::path::{Path, PathBuf};

use environment::{Overrides, Settings};
pub use error::Error;
pub use toolchain::Toolchain;

/// A set of SYCL sources and the flags to compile them with; named and shaped like
/// `cc::Build`.
#[derive(Debug, Clone, Default)]
pub struct Build {
    files: Vec<PathBuf>,
    includes: Vec<PathBuf>,
    definitions: Vec<(String, Option<String>)>,
    flags: Vec<String>,
    overrides: Overrides,
    driver: Option<PathBuf>,
    quiet: bool,
}

/// What [`Build::compile`] made.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Library {
    /// `lib<name>.a`.
    pub archive: PathBuf,
    /// Every file the compile read: the sources and their headers, each once.
    pub dependencies: Vec<PathBuf>,
}

impl Build {
    /// A build with no sources, cargo's settings and the toolchain found by [`Toolchain::locate`].
    pub fn new() -> Build {
        Build::default()
    }

    /// Adds a SYCL C++ source.
    pub fn file(&mut self, path: impl AsRef<Path>) -> &mut Build {
        self.files.push(path.as_ref().to_path_buf());
        self
    }

    /// Adds SYCL C++ sources.
    pub fn files<P: AsRef<Path>>(&mut self, paths: impl IntoIterator<Item = P>) -> &mut Build {
        self.files
            .extend(paths.into_iter().map(|path| path.as_ref().to_path_buf()));
        self
    }

    /// Adds an include directory (`-I`).
    pub fn include(&mut self, directory: impl AsRef<Path>) -> &mut Build {
        self.includes.push(directory.as_ref().to_path_buf());
        self
    }

    /// Defines a macro (`-D<name>` or `-D<name>=<value>`).
    pub fn define<'a>(&mut self, name: &str, value: impl Into<Option<&'a str>>) -> &mut Build {
        self.definitions
            .push((name.to_owned(), value.into().map(str::to_owned)));
        self
    }

    /// Adds a flag for `ncpu++` (given to every compile and to the device link, e.g. `-std=c++20`
    /// or `-mllvm -sycl-native-cpu-no-vecz` as two flags).
    pub fn flag(&mut self, flag: &str) -> &mut Build {
        self.flags.push(flag.to_owned());
        self
    }

    /// The optimisation level instead of cargo's `OPT_LEVEL` (0–3).
    pub fn opt_level(&mut self, level: u32) -> &mut Build {
        self.overrides.opt_level = Some(level.to_string());
        self
    }

    /// Debug information or not, instead of cargo's `DEBUG`.
    pub fn debug(&mut self, debug: bool) -> &mut Build {
        self.overrides.debug = Some(debug);
        self
    }

    /// Where the objects and the archive go, instead of cargo's `OUT_DIR`.
    pub fn out_dir(&mut self, directory: impl AsRef<Path>) -> &mut Build {
        self.overrides.out_dir = Some(directory.as_ref().to_path_buf());
        self
    }

    /// The `ncpu++` to use instead of the one [`Toolchain::locate`] finds.
    pub fn compiler(&mut self, driver: impl AsRef<Path>) -> &mut Build {
        self.driver = Some(driver.as_ref().to_path_buf());
        self
    }

    /// Whether to print the `cargo:` lines (on by default; off for a builder used outside a
    /// build script).
    pub fn cargo_metadata(&mut self, print: bool) -> &mut Build {
        self.quiet = !print;
        self
    }

    /// Compiles the sources into `lib<name>.a` and prints the `cargo:` lines; on failure, prints
    /// the error as one line and ends the build script, as `cc::Build::compile` does.
    pub fn compile(&self, name: &str) -> Library {
        match self.try_compile(name) {
            Ok(library) => library,
            Err(error) => {
                let _ = writeln!(
                    std::io::stderr(),
                    "\n\nerror occurred in nativecpu-build: {error}\n\n"
                );
                std::process::exit(1);
            }
        }
    }

    /// [`Build::compile`], returning the error instead of ending the build script.
    pub fn try_compile(&self, name: &str) -> Result<Library, Error> {
        if name.is_empty() || Path::new(name).file_name() != Some(name.as_ref()) {
            return Err(Error::LibraryName(name.to_owned()));
        }
        if self.files.is_empty() {
            return Err(Error::NoSources);
        }
        self.emit("cargo:rerun-if-env-changed=NCPU_CXX");
        let settings = Settings::from_environment(&self.overrides)?;
        let toolchain = match &self.driver {
            Some(driver) => Toolchain::locate_from(Some(driver.clone().into()), None)?,
            None => Toolchain::locate()?,
        };
        let work = settings.out_dir.join(format!("nativecpu-build-{name}"));
        std::fs::create_dir_all(&work).map_err(|source| Error::Io {
            path: work.clone(),
            source,
        })?;
        let compiles = jobs::Compiles {
            driver: toolchain.driver(),
            flags: &self.compile_flags(&settings),
            directory: &work,
            jobs: settings.jobs,
            warnings: !self.quiet,
        };
        let objects = compiles.run(&self.files)?;
        let device = work.join(format!("{name}-device.o"));
        compiles.device_link(&objects, &device)?;
        let mut members: Vec<PathBuf> = objects.iter().map(|o| o.object.clone()).collect();
        members.push(device);
        let archive = self.archive(name, &settings, &members)?;
        let mut dependencies = Vec::new();
        for object in &objects {
            dependencies.extend(object.read_dependencies()?);
        }
        dependencies.sort();
        dependencies.dedup();
        self.emit_dependencies(&toolchain, &dependencies);
        for line in toolchain.runtime_link_lines() {
            self.emit(&line);
        }
        Ok(Library {
            archive,
            dependencies,
        })
    }

    /// The flags of every `ncpu++` run: SYCL for the host CPU, cargo's optimisation and debug
    /// settings, position-independent code (as `cc` compiles, so the archive links into PIE
    /// executables and shared libraries), then the user's includes, definitions and flags.
    fn compile_flags(&self, settings: &Settings) -> Vec<String> {
        let mut flags: Vec<String> = vec![
            "-fsycl".into(),
            "-fsycl-targets=native_cpu".into(),
            format!("-O{}", settings.opt_level),
            "-fPIC".into(),
        ];
        if settings.debug {
            flags.push("-g".into());
        }
        flags.extend(
            self.includes
                .iter()
                .map(|dir| format!("-I{}", dir.display())),
        );
        flags.extend(self.definitions.iter().map(|(name, value)| match value {
            Some(value) => format!("-D{name}={value}"),
            None => format!("-D{name}"),
        }));
        flags.extend(self.flags.iter().cloned());
        flags
    }

    /// `lib<name>.a` from `members` with `cc`'s archiver, and `cc`'s link directives for it:
    /// whole-archive (the registration object is referred to by nothing) and libstdc++.
    fn archive(
        &self,
        name: &str,
        settings: &Settings,
        members: &[PathBuf],
    ) -> Result<PathBuf, Error> {
        let mut cc = cc::Build::new();
        cc.cpp(true)
            .cpp_link_stdlib("stdc++")
            .link_lib_modifier("+whole-archive")
            .out_dir(&settings.out_dir)
            .target(&settings.target)
            .host(&settings.target)
            .cargo_metadata(!self.quiet)
            .cargo_warnings(!self.quiet);
        let archive = cc.try_create_archive(name, members)?;
        cc::try_emit_link_directives(&cc, &archive)?;
        Ok(archive)
    }

    fn emit_dependencies(&self, toolchain: &Toolchain, dependencies: &[PathBuf]) {
        self.emit(&format!(
            "cargo:rerun-if-changed={}",
            toolchain.driver().display()
        ));
        for path in dependencies {
            self.emit(&format!("cargo:rerun-if-changed={}", path.display()));
        }
    }

    fn emit(&self, line: &str) {
        if !self.quiet {
            println!("{line}");
        }
    }
}
