//! Compiles the SYCL kernels the program launches through the nativecpu host API.
fn main() {
    nativecpu_build::Build::new()
        .file("sycl/kernels.cpp")
        .compile("kernels");
}
