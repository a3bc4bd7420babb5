//! The `ncpu++` driver: a `clang++ -fsycl -fsycl-targets=native_cpu` for the Native CPU flow.
//!
//! For SYCL sources it plans and runs every step as a real tool with real files, in DPC++'s order
//! (docs/compiler-pipeline.md, docs/formats.md):
//!
//! 1. per source, the device front-end (`clang++ -Xclang -fsycl-is-device`, host triple) and
//!    `muxc --passes=assign-sycl-module-id`, giving the translation unit's device bitcode;
//! 2. per source, the host front-end (`clang++ -Xclang -fsycl-is-host`);
//! 3. `llvm-link` of all device bitcode (the whole-program device module), including that of
//!    `-c` objects, alone or in static archives (`llvm-ar x`, `llvm-objcopy --dump-section`);
//! 4. `sycl-post-link`, writing the `.table`, `.prop`, `.sym` and split `.bc` files;
//! 5. the device compile, `ncpu++ -c device.bc -o device.o` (the Native CPU pipeline);
//! 6. `offload-wrapper`, writing the registration object from the table;
//! 7. the host link with the runtime library.
//!
//! Each host front-end runs beside the device steps when the machine has more than one core
//! ([`run`]). `-###` prints these command lines instead of running them; `-save-temps` keeps
//! their files.
//! With `-MD`/`-MMD` both front-end passes write dependency files, merged by [`depfile`].
//! [`options`] parses the command line, [`tools`] finds the programs, [`plan`] turns an
//! invocation into commands and [`run`] executes them.

pub mod depfile;
pub mod error;
pub mod kernel_attributes;
pub mod options;
pub mod plan;
pub mod run;
pub mod tools;

pub use error::DriverError;
