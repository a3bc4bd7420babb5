//! Kernels registered by the linked SYCL code, their arguments, and synchronous launches.

use std::ffi::CString;
use std::marker::PhantomData;

use crate::sys::{self, Element, RawArguments, Shape, ValueStorage};
use crate::{Buffer, Error};

/// A kernel the linked SYCL code registered, found by the name the runtime knows it by: the
/// kernel name's `__builtin_sycl_unique_stable_name` (for `class saxpy;` at namespace scope,
/// `_ZTS5saxpy`; see [`Kernel::find_by_type`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Kernel {
    name: String,
    c_name: CString,
}

impl Kernel {
    /// The registered kernel called `name`.
    pub fn find(name: &str) -> Result<Kernel, Error> {
        let c_name = sys::c_name(name).ok_or_else(|| Error::NulInName(name.to_owned()))?;
        if !sys::kernel_registered(&c_name) {
            return Err(Error::KernelNotFound {
                name: name.to_owned(),
                registered: sys::kernel_names().join(", "),
            });
        }
        Ok(Kernel {
            name: name.to_owned(),
            c_name,
        })
    }

    /// The kernel whose SYCL kernel name is the C++ type `cpp_type`, written with `::` between
    /// namespaces and without template arguments (`saxpy_kernel`, `app::kernels::reverse`): the
    /// registered name is that type's mangled typeinfo name, `_ZTS` followed by the Itanium
    /// mangling of the type.
    pub fn find_by_type(cpp_type: &str) -> Result<Kernel, Error> {
        Kernel::find(&stable_name(cpp_type))
    }

    /// The registered name.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The sub-group size the kernel runs with: its vector width when the compiler vectorized
    /// it, else 1 (also when the runtime no longer knows the kernel).
    pub fn sub_group_size(&self) -> u32 {
        sys::kernel_sub_group_size(&self.c_name).unwrap_or(1)
    }

    pub(crate) fn c_name(&self) -> &std::ffi::CStr {
        &self.c_name
    }

    /// Checks that the runtime would run this launch (the nd-range against the device's limits
    /// and the kernel's required work-group size, the local memory) without running it.
    pub fn check(
        &self,
        range: impl Into<LaunchRange>,
        arguments: &Arguments<'_>,
    ) -> Result<(), Error> {
        let shape = range.into().shape;
        sys::check_launch(&self.c_name, &shape, &arguments.raw())
            .map_err(|failure| Error::from_runtime(&self.name, failure.code, failure.message))
    }

    /// Runs the kernel over `range` on the runtime's thread pool, returning when every
    /// work-group has finished.
    ///
    /// # Safety
    /// `arguments` must match the kernel's C++ parameters in number, order and type (a buffer
    /// for a pointer, a value of the same layout for a value, a local-memory size for a local
    /// pointer), and the kernel must stay within each buffer's length.
    pub unsafe fn launch(
        &self,
        range: impl Into<LaunchRange>,
        arguments: &Arguments<'_>,
    ) -> Result<(), Error> {
        let shape = range.into().shape;
        // SAFETY: `sys::launch` asks that the arguments suit the kernel, which is this
        // function's own contract with its caller.
        unsafe { sys::launch(&self.c_name, &shape, &arguments.raw()) }
            .map_err(|failure| Error::from_runtime(&self.name, failure.code, failure.message))
    }
}

/// `_ZTS` and the Itanium mangling of a C++ class name given as `a::b::c` (no templates).
fn stable_name(cpp_type: &str) -> String {
    let parts: Vec<&str> = cpp_type.trim_start_matches("::").split("::").collect();
    let encoded: String = parts
        .iter()
        .map(|part| format!("{}{part}", part.len()))
        .collect();
    if parts.len() == 1 {
        format!("_ZTS{encoded}")
    } else {
        format!("_ZTSN{encoded}E")
    }
}

/// The global range of a launch and, for an nd-range, its work-group size.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LaunchRange {
    pub(crate) shape: Shape,
}

/// A range of 1 to 3 dimensions in SYCL's order (the last dimension varies fastest): the kernel
/// runs once per work-item, in work-groups the runtime chooses.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Range<const D: usize> {
    /// The number of work-items in each dimension.
    pub global: [usize; D],
    /// The global id of the first work-item in each dimension (SYCL's deprecated offset; usually
    /// 0).
    pub offset: [usize; D],
}

/// An nd-range in SYCL's order: the global range divided into work-groups of `local` items,
/// which share local memory and barriers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NdRange<const D: usize> {
    /// The number of work-items in each dimension; each must be a multiple of `local`.
    pub global: [usize; D],
    /// The work-group size in each dimension.
    pub local: [usize; D],
    /// The global id of the first work-item in each dimension (SYCL's deprecated offset; usually
    /// 0).
    pub offset: [usize; D],
}

impl<const D: usize> Range<D> {
    /// `global` work-items from offset 0.
    pub fn new(global: [usize; D]) -> Range<D> {
        Range {
            global,
            offset: [0; D],
        }
    }
}

impl<const D: usize> NdRange<D> {
    /// `global` work-items in groups of `local`, from offset 0.
    pub fn new(global: [usize; D], local: [usize; D]) -> NdRange<D> {
        NdRange {
            global,
            local,
            offset: [0; D],
        }
    }
}

/// SYCL's order (slowest first) to the device's (x, the fastest, first); `fill` for the
/// dimensions beyond `D`.
fn device_order<const D: usize>(values: [usize; D], fill: usize) -> [usize; 3] {
    let mut order = [fill; 3];
    for (index, value) in values.into_iter().enumerate() {
        order[D - 1 - index] = value;
    }
    order
}

/// `D` as the runtime's dimension count; 0 (refused by the runtime as a bad dimension count)
/// when `D` is not 1, 2 or 3.
fn dimensions<const D: usize>() -> u32 {
    if (1..=3).contains(&D) {
        D as u32
    } else {
        0
    }
}

impl<const D: usize> From<Range<D>> for LaunchRange {
    fn from(range: Range<D>) -> LaunchRange {
        let shape = Shape {
            dims: dimensions::<D>(),
            global: device_order(range.global, 1),
            local: [0; 3],
            offset: device_order(range.offset, 0),
        };
        LaunchRange { shape }
    }
}

impl<const D: usize> From<NdRange<D>> for LaunchRange {
    fn from(range: NdRange<D>) -> LaunchRange {
        let shape = Shape {
            dims: dimensions::<D>(),
            global: device_order(range.global, 1),
            local: device_order(range.local, 1),
            offset: device_order(range.offset, 0),
        };
        LaunchRange { shape }
    }
}

/// One argument: a value (copied), an address, or a local-memory size.
#[derive(Debug, Clone)]
enum Argument {
    Value(ValueStorage),
    /// Kept as an exposed address, so that arguments can move to the runtime's executor threads.
    Address(usize),
    Local(usize),
}

/// A kernel's arguments in order, as the Native CPU kernel ABI takes them
/// (docs/compiler-pipeline.md, "Subhandlers and exported names"): pointers as they are, other
/// parameters through a pointer to their value, local-memory parameters as a size for which each
/// work-group gets its own block. Buffers are borrowed for `'a`, as long as the arguments live.
#[derive(Debug, Clone, Default)]
pub struct Arguments<'a> {
    arguments: Vec<Argument>,
    _buffers: PhantomData<&'a ()>,
}

impl<'a> Arguments<'a> {
    /// No arguments yet.
    pub fn new() -> Arguments<'a> {
        Arguments::default()
    }

    /// A parameter passed by value: a number, or a `#[repr(C)]` struct laid out as the C++
    /// parameter's type (at most 16-byte aligned).
    pub fn value<T: Copy + 'static>(mut self, value: T) -> Arguments<'a> {
        self.arguments
            .push(Argument::Value(ValueStorage::new(value)));
        self
    }

    /// A pointer parameter given a buffer (`const T *` or `T *` in C++).
    pub fn buffer<T: Element>(mut self, buffer: &'a Buffer<T>) -> Arguments<'a> {
        self.arguments
            .push(Argument::Address(buffer.address().expose_provenance()));
        self
    }

    /// A pointer parameter the kernel does not dereference, passed as null (for example the
    /// specialization-constant buffer of a functor kernel without constants).
    pub fn null_pointer(mut self) -> Arguments<'a> {
        self.arguments.push(Argument::Address(0));
        self
    }

    /// A local-memory parameter (a pointer into work-group local memory in the kernel's
    /// declaration): each work-group gets its own block of `count` elements of `T`.
    pub fn local<T: Element>(mut self, count: usize) -> Arguments<'a> {
        let bytes = count.saturating_mul(std::mem::size_of::<T>());
        self.arguments.push(Argument::Local(bytes));
        self
    }

    /// The runtime's form: addresses of the values (which live in `self`), the buffers'
    /// addresses, and the local-memory sizes.
    pub(crate) fn raw(&self) -> RawArguments {
        let mut raw = RawArguments {
            pointers: Vec::with_capacity(self.arguments.len()),
            local_sizes: Vec::with_capacity(self.arguments.len()),
        };
        for argument in &self.arguments {
            let (pointer, local) = match argument {
                Argument::Value(storage) => (storage.address(), 0),
                Argument::Address(address) => (std::ptr::with_exposed_provenance_mut(*address), 0),
                Argument::Local(bytes) => (std::ptr::null_mut(), *bytes),
            };
            raw.pointers.push(pointer);
            raw.local_sizes.push(local);
        }
        raw
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kernel_types_are_mangled_as_clang_names_them() {
        assert_eq!(stable_name("saxpy_kernel"), "_ZTS12saxpy_kernel");
        assert_eq!(stable_name("kernels::saxpy"), "_ZTSN7kernels5saxpyE");
        assert_eq!(stable_name("::a::b::c"), "_ZTSN1a1b1cE");
    }

    #[test]
    fn ranges_reach_the_runtime_fastest_dimension_first() {
        let range = LaunchRange::from(Range {
            global: [4, 8],
            offset: [1, 2],
        });
        assert_eq!(range.shape.dims, 2);
        assert_eq!(range.shape.global, [8, 4, 1]);
        assert_eq!(range.shape.offset, [2, 1, 0]);
        assert_eq!(range.shape.local, [0; 3]);
        let nd = LaunchRange::from(NdRange::new([2, 3, 4], [1, 1, 2]));
        assert_eq!((nd.shape.global, nd.shape.local), ([4, 3, 2], [2, 1, 1]));
    }

    #[test]
    fn arguments_take_the_runtime_form() {
        let buffer = Buffer::<f32>::zeroed(4).unwrap();
        let arguments = Arguments::new()
            .value(7u64)
            .buffer(&buffer)
            .local::<f32>(16)
            .null_pointer();
        let raw = arguments.raw();
        assert_eq!(raw.local_sizes, [0, 0, 64, 0]);
        assert_eq!(raw.pointers[1], buffer.address());
        assert!(raw.pointers[3].is_null());
        assert!(!raw.pointers[0].is_null());
    }

    #[test]
    fn a_missing_kernel_is_an_error_naming_it() {
        let error = Kernel::find("_ZTS7missing").unwrap_err().to_string();
        assert!(
            error.starts_with("no kernel named '_ZTS7missing'"),
            "{error}"
        );
        assert!(Kernel::find("a\0b").is_err());
        let device = crate::Device::get().unwrap();
        assert!(device.threads >= 1 && device.max_work_group_size >= 1);
    }
}
