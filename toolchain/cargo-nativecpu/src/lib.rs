//! Library behind `cargo nativecpu` (work in progress).
