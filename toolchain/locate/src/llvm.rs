//! LLVM 22: the prefix its tools are under (docs/install.md, "LLVM 22").
//!
//! In order: `LLVM_SYS_221_PREFIX` when set (llvm-sys, which links the compiler against LLVM,
//! reads the same variable, so one setting moves both), else the value it had when this crate
//! was built (the workspace's `.cargo/config.toml` sets it), else Debian's `/usr/lib/llvm-22`.

use std::ffi::OsString;
use std::path::PathBuf;

/// The variable naming LLVM 22's prefix.
pub const PREFIX_VARIABLE: &str = "LLVM_SYS_221_PREFIX";

/// Where Debian's `llvm-22` and `clang-22` packages install LLVM 22.
pub const DEBIAN_PREFIX: &str = "/usr/lib/llvm-22";

/// LLVM 22's prefix (the directory holding `bin/clang++`).
pub fn prefix() -> PathBuf {
    prefix_from(
        std::env::var_os(PREFIX_VARIABLE),
        option_env!("LLVM_SYS_221_PREFIX"),
    )
}

/// [`prefix`] from the variable's value now and at build time.
fn prefix_from(now: Option<OsString>, at_build: Option<&str>) -> PathBuf {
    now.filter(|value| !value.is_empty())
        .map(PathBuf::from)
        .or_else(|| {
            at_build
                .filter(|value| !value.is_empty())
                .map(PathBuf::from)
        })
        .unwrap_or_else(|| PathBuf::from(DEBIAN_PREFIX))
}

/// LLVM 22's `bin` directory.
pub fn bin_dir() -> PathBuf {
    prefix().join("bin")
}

/// The LLVM 22 program `name` (`clang++`, `llvm-link`, `FileCheck` …), whether or not it exists.
pub fn tool(name: &str) -> PathBuf {
    bin_dir().join(name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_variable_then_the_build_time_value_then_debian() {
        let now = Some(OsString::from("/opt/llvm"));
        assert_eq!(prefix_from(now, Some("/built")), PathBuf::from("/opt/llvm"));
        let empty = Some(OsString::new());
        assert_eq!(prefix_from(empty, Some("/built")), PathBuf::from("/built"));
        assert_eq!(prefix_from(None, None), PathBuf::from(DEBIAN_PREFIX));
    }
}
