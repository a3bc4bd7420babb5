//! Compiles the SYCL source and its header into one static archive linked into the binary.
fn main() {
    nativecpu_build::Build::new()
        .file("sycl/histogram.cpp")
        .include("sycl")
        .compile("histogram");
}
