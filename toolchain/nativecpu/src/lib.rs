//! Safe Rust over the Native CPU runtime: the device, USM buffers, the kernels the linked SYCL
//! code registered, launches over ranges and nd-ranges, and events.
//!
//! The kernels are compiled from SYCL C++ by `nativecpu-build` in the program's `build.rs`; the
//! registration object it links registers them with the runtime before `main`, as in any SYCL
//! program, and this crate launches them on that runtime: the same library, thread pool and task
//! graph the program's SYCL queues use (docs/rust.md).
//!
//! # Which kernels
//!
//! A kernel is launched with the arguments its compiled form takes: argument `i` is a pointer
//! for a pointer parameter and points at the value for any other (docs/compiler-pipeline.md,
//! "Subhandlers and exported names"). The kernels with a C-like parameter list are the natural
//! ones to launch from Rust: SYCL free functions declared with
//! `[[clang::sycl_kernel_entry_point(Name)]]`, whose parameters are the kernel's, for example
//!
//! ```c++
//! class saxpy_kernel;
//! [[clang::sycl_kernel_entry_point(saxpy_kernel)]]
//! void saxpy(float a, const float *x, float *y, std::size_t n) {
//! #ifdef __SYCL_DEVICE_ONLY__
//!   std::size_t i = __spirv_BuiltInGlobalInvocationId(0);
//!   if (i < n) y[i] += a * x[i];
//! #endif
//! }
//! ```
//!
//! A kernel submitted with `parallel_for` takes its functor by value and the
//! specialization-constant buffer: it can be launched with [`Arguments::value`] of a
//! `#[repr(C)]` struct laid out as the functor (a named functor class of standard layout, not a
//! lambda, whose layout C++ leaves to the compiler) and [`Arguments::null_pointer`]. Nothing in
//! the registered image says what a kernel's parameters are, so launching is `unsafe`: the
//! caller states that the arguments match. Everything else is safe.
//!
//! # Example
//!
//! ```no_run
//! use nativecpu::{Arguments, Buffer, Device, Kernel, Range};
//!
//! fn main() -> Result<(), nativecpu::Error> {
//!     let device = Device::get()?;
//!     println!("{} with {} threads", device.name, device.threads);
//!     let x = Buffer::from_slice(&[1.0f32, 2.0, 3.0])?;
//!     let mut y = Buffer::from_slice(&[10.0f32, 20.0, 30.0])?;
//!     let saxpy = Kernel::find_by_type("saxpy_kernel")?;
//!     let arguments = Arguments::new().value(2.0f32).buffer(&x).buffer(&y).value(3usize);
//!     // SAFETY: saxpy(float, const float *, float *, size_t) reads x and writes y below n.
//!     unsafe { saxpy.launch(Range::new([3]), &arguments)? };
//!     drop(arguments);
//!     assert_eq!(y.as_slice(), [12.0, 24.0, 36.0]);
//!     Ok(())
//! }
//! ```
//!
//! Asynchronous launches ordered by events, in a [`scope`] that waits for them:
//!
//! ```no_run
//! use nativecpu::{scope, Arguments, Buffer, Kernel, NdRange};
//!
//! fn main() -> Result<(), nativecpu::Error> {
//!     let reverse = Kernel::find_by_type("reverse_kernel")?;
//!     let input = Buffer::from_slice(&(0..64).collect::<Vec<i32>>())?;
//!     let middle = Buffer::<i32>::zeroed(64)?;
//!     let mut output = Buffer::<i32>::zeroed(64)?;
//!     scope(|scope| -> Result<(), nativecpu::Error> {
//!         let first = Arguments::new().buffer(&input).buffer(&middle).local::<i32>(16);
//!         let second = Arguments::new().buffer(&middle).buffer(&output).local::<i32>(16);
//!         // SAFETY: reverse(const int *, int *, local int *) within 64 elements, and the second
//!         // launch runs after the first.
//!         unsafe {
//!             let event = scope.submit(&reverse, NdRange::new([64], [16]), first, &[])?;
//!             scope.submit(&reverse, NdRange::new([64], [16]), second, &[&event])?;
//!         }
//!         Ok(())
//!     })??;
//!     assert_eq!(output.as_slice()[0], 0);
//!     Ok(())
//! }
//! ```

mod buffer;
mod device;
mod error;
mod kernel;
mod scope;
mod sys;

pub use buffer::Buffer;
pub use device::Device;
pub use error::Error;
pub use kernel::{Arguments, Kernel, LaunchRange, NdRange, Range};
pub use scope::{scope, Event, Scope, Status};
pub use sys::Element;
