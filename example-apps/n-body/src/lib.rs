//! Carries the `[package.metadata.nativecpu]` table that `cargo nativecpu` builds from.
