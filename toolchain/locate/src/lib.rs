//! Where the toolchain's pieces are, decided in one place (docs/install.md):
//!
//! * [`llvm`]: LLVM 22, whose tools the driver runs and whose clang the build scripts and tests
//!   use;
//! * [`Layout`]: the toolchain's own files (the SYCL headers, the runtime library, the tools),
//!   found from the executable that needs them, so an installed toolchain can be moved;
//! * [`driver`]: `ncpu++`, for the programs that run it (`cargo nativecpu`, `nativecpu-build`,
//!   the benchmarks);
//! * [`depfile`]: the Make dependency files clang and `ncpu++` write.
//!
//! The crate depends on nothing heavy, so build scripts can use it.

pub mod depfile;
pub mod driver;
pub mod layout;
pub mod llvm;

pub use layout::{Layout, LayoutError};

/// The environment variables that change what `ncpu++` finds, with their effective values:
/// LLVM's prefix as [`llvm::prefix`] resolves it, the others as set (`None` when unset). A
/// program that caches `ncpu++`'s outputs records them (`cargo nativecpu`'s fingerprints).
pub fn effective_environment() -> Vec<(&'static str, Option<String>)> {
    let mut variables = vec![(
        llvm::PREFIX_VARIABLE,
        Some(llvm::prefix().to_string_lossy().into_owned()),
    )];
    variables.extend(layout::OVERRIDE_VARIABLES.iter().map(|name| {
        let value = std::env::var_os(name).map(|value| value.to_string_lossy().into_owned());
        (*name, value)
    }));
    variables
}
