//! What cargo tells a build script, read the way the `cc` crate reads it: `OUT_DIR`,
//! `OPT_LEVEL` (`0`–`3`, `s`, `z`), `DEBUG` (`false`, `0`, `none` or empty mean no debug
//! information), `TARGET` and `HOST`, and `NUM_JOBS` (how many compiles may run at once).

use std::path::PathBuf;

use crate::Error;

/// The settings of one build, from the builder's overrides or cargo's variables.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Settings {
    /// Where objects and the archive go (`OUT_DIR`).
    pub out_dir: PathBuf,
    /// The `-O` level as `ncpu++` spells it (`0`–`3`, `s`, `z`).
    pub opt_level: String,
    /// Whether to compile with debug information (`-g`), from `DEBUG`.
    pub debug: bool,
    /// The target triple, which must be the host's: `ncpu++` compiles for the machine it runs on.
    pub target: String,
    /// How many sources may compile at once (`NUM_JOBS`, else the machine's parallelism).
    pub jobs: usize,
}

/// Overrides of cargo's variables, set on the builder.
#[derive(Debug, Clone, Default)]
pub struct Overrides {
    /// Replaces `OUT_DIR`.
    pub out_dir: Option<PathBuf>,
    /// Replaces `OPT_LEVEL`.
    pub opt_level: Option<String>,
    /// Replaces `DEBUG`.
    pub debug: Option<bool>,
}

fn variable(name: &'static str) -> Option<String> {
    std::env::var(name).ok()
}

impl Settings {
    /// The settings from `overrides`, else from cargo's variables (read through `lookup`).
    pub fn resolve(
        overrides: &Overrides,
        lookup: impl Fn(&'static str) -> Option<String>,
    ) -> Result<Settings, Error> {
        let out_dir = match &overrides.out_dir {
            Some(dir) => dir.clone(),
            None => lookup("OUT_DIR")
                .map(PathBuf::from)
                .ok_or(Error::MissingEnvironment("OUT_DIR", "out_dir()"))?,
        };
        let opt_level = match &overrides.opt_level {
            Some(level) => level.clone(),
            None => lookup("OPT_LEVEL").unwrap_or_else(|| "0".into()),
        };
        if !["0", "1", "2", "3", "s", "z"].contains(&opt_level.as_str()) {
            return Err(Error::UnsupportedEnvironment {
                variable: "OPT_LEVEL",
                value: opt_level,
                reason: "ncpu++ takes 0, 1, 2, 3, s or z",
            });
        }
        let debug = overrides.debug.unwrap_or_else(|| {
            lookup("DEBUG")
                .is_some_and(|value| !["", "0", "false", "none"].contains(&value.as_str()))
        });
        let target = checked_target(&lookup)?;
        let jobs = lookup("NUM_JOBS")
            .and_then(|jobs| jobs.parse().ok())
            .filter(|&jobs| jobs > 0)
            .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, usize::from));
        Ok(Settings {
            out_dir,
            opt_level,
            debug,
            target,
            jobs,
        })
    }

    /// The settings from `overrides` and the process environment.
    pub fn from_environment(overrides: &Overrides) -> Result<Settings, Error> {
        Settings::resolve(overrides, variable)
    }
}

/// `TARGET`, refused when it is not `HOST` (the device code is compiled for the build machine's
/// CPU); the host's triple when cargo set neither (a builder used outside a build script).
fn checked_target(lookup: &impl Fn(&'static str) -> Option<String>) -> Result<String, Error> {
    let host = lookup("HOST");
    match (lookup("TARGET"), host) {
        (Some(target), Some(host)) if target != host => Err(Error::UnsupportedEnvironment {
            variable: "TARGET",
            value: target,
            reason: "ncpu++ compiles for the machine it runs on, so TARGET must be HOST",
        }),
        (Some(target), _) => Ok(target),
        (None, Some(host)) => Ok(host),
        (None, None) => Ok(format!("{}-unknown-linux-gnu", std::env::consts::ARCH)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cargo(
        variables: &'static [(&'static str, &'static str)],
    ) -> impl Fn(&str) -> Option<String> {
        move |name| {
            variables
                .iter()
                .find(|(key, _)| *key == name)
                .map(|(_, value)| value.to_string())
        }
    }

    #[test]
    fn cargo_variables_are_read_as_cc_reads_them() {
        let settings = Settings::resolve(
            &Overrides::default(),
            cargo(&[
                ("OUT_DIR", "/out"),
                ("OPT_LEVEL", "s"),
                ("DEBUG", "none"),
                ("TARGET", "x86_64-unknown-linux-gnu"),
                ("HOST", "x86_64-unknown-linux-gnu"),
                ("NUM_JOBS", "3"),
            ]),
        )
        .unwrap();
        assert_eq!(settings.out_dir, PathBuf::from("/out"));
        assert_eq!(settings.opt_level, "s");
        assert!(!settings.debug);
        assert_eq!(settings.jobs, 3);
        let debug = Settings::resolve(
            &Overrides::default(),
            cargo(&[("OUT_DIR", "/out"), ("DEBUG", "line-tables-only")]),
        )
        .unwrap();
        assert!(debug.debug);
        assert_eq!(debug.opt_level, "0");
    }

    #[test]
    fn overrides_win_and_bad_values_are_one_line_errors() {
        let overrides = Overrides {
            out_dir: Some("/mine".into()),
            opt_level: Some("2".into()),
            debug: Some(true),
        };
        let settings = Settings::resolve(&overrides, cargo(&[("OPT_LEVEL", "0")])).unwrap();
        assert_eq!((settings.opt_level.as_str(), settings.debug), ("2", true));
        let error = Settings::resolve(&Overrides::default(), cargo(&[("OPT_LEVEL", "0")]))
            .unwrap_err()
            .to_string();
        assert!(error.starts_with("OUT_DIR is not set"), "{error}");
        let cross = Settings::resolve(
            &overrides,
            cargo(&[
                ("TARGET", "aarch64-unknown-linux-gnu"),
                ("HOST", "x86_64-unknown-linux-gnu"),
            ]),
        )
        .unwrap_err()
        .to_string();
        assert!(cross.contains("TARGET must be HOST"), "{cross}");
    }
}
