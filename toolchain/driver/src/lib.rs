//! The ncpu++ driver (work in progress).
