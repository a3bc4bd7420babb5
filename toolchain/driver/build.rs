//! Cargo cannot name a binary `ncpu++` ('+' is not allowed in target names), so the driver is
//! built as `ncpu` and this script places the `ncpu++` symbolic link next to it in the target
//! directory (the link may be created before the binary exists). The driver behaves the same
//! under either name.

use std::path::PathBuf;

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    let out_dir = PathBuf::from(std::env::var("OUT_DIR").expect("cargo sets OUT_DIR"));
    // OUT_DIR is <target>/<profile>/build/<package>-<hash>/out.
    let Some(profile_dir) = out_dir.ancestors().nth(3) else {
        println!("cargo:warning=cannot find the target directory; create the ncpu++ link by hand");
        return;
    };
    let link = profile_dir.join("ncpu++");
    if std::fs::symlink_metadata(&link).is_ok() {
        return;
    }
    #[cfg(unix)]
    if let Err(error) = std::os::unix::fs::symlink("ncpu", &link) {
        println!("cargo:warning=cannot create {}: {error}", link.display());
    }
}
