//! The dependency file of a SYCL source, from its two front-end passes. The host pass writes the
//! requested file; the device pass (which defines `__SYCL_DEVICE_ONLY__`, so it may include other
//! headers) writes its own, whose rule is appended when it names a header the host pass did not.
//! Make, and Ninja's depfile reader, take several rules for one target as the union of their
//! prerequisites.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use ncpu_locate::depfile::prerequisites;

use crate::DriverError;

fn read(path: &Path) -> Result<String, DriverError> {
    std::fs::read_to_string(path).map_err(|source| DriverError::Io {
        path: path.to_path_buf(),
        source,
    })
}

/// Appends the rule of the device pass's file `device` to `requested` if it lists a header
/// that `requested` does not.
pub fn merge(device: &Path, requested: &Path) -> Result<(), DriverError> {
    let device_text = read(device)?;
    let requested_text = read(requested)?;
    let known: BTreeSet<PathBuf> = prerequisites(&requested_text).into_iter().collect();
    if prerequisites(&device_text)
        .iter()
        .all(|path| known.contains(path))
    {
        return Ok(());
    }
    let mut merged = requested_text;
    if !merged.ends_with('\n') {
        merged.push('\n');
    }
    merged.push_str(&device_text);
    std::fs::write(requested, merged).map_err(|source| DriverError::Io {
        path: requested.to_path_buf(),
        source,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn device_only_headers_are_appended_once() {
        let dir = tempfile::tempdir().unwrap();
        let (device, requested) = (dir.path().join("d.d"), dir.path().join("r.d"));
        std::fs::write(&requested, "a.o: a.cpp h.h\n").unwrap();
        std::fs::write(&device, "a.o: a.cpp h.h\n").unwrap();
        merge(&device, &requested).unwrap();
        assert_eq!(
            std::fs::read_to_string(&requested).unwrap(),
            "a.o: a.cpp h.h\n"
        );
        std::fs::write(&device, "a.o: a.cpp h.h \\\n  device.h\n").unwrap();
        merge(&device, &requested).unwrap();
        assert_eq!(
            std::fs::read_to_string(&requested).unwrap(),
            "a.o: a.cpp h.h\na.o: a.cpp h.h \\\n  device.h\n"
        );
    }
}
