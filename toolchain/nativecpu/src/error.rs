//! The crate's error: one line each, never a panic across the runtime's C ABI.

/// Why a call into the runtime failed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Error {
    /// `ONEAPI_DEVICE_SELECTOR` hides the device.
    #[error("ONEAPI_DEVICE_SELECTOR hides the native_cpu device")]
    DeviceHidden,
    /// `ONEAPI_DEVICE_SELECTOR` cannot be parsed.
    #[error("{0}")]
    DeviceSelector(String),
    /// No registered kernel has the name.
    #[error("no kernel named '{name}' is registered (registered: {registered})")]
    KernelNotFound {
        /// The kernel asked for.
        name: String,
        /// The names that are registered, comma-separated, so a misspelling shows.
        registered: String,
    },
    /// The runtime refused the kernel (its image was refused at registration).
    #[error("kernel '{name}' cannot run: {message}")]
    InvalidKernel {
        /// The kernel.
        name: String,
        /// Why the runtime refused it.
        message: String,
    },
    /// Bad dimensions, local size, offsets, or a local size other than the kernel requires.
    #[error("kernel '{name}': {message}")]
    InvalidRange {
        /// The kernel.
        name: String,
        /// What is wrong with the range.
        message: String,
    },
    /// More local memory than a work-group may have.
    #[error("kernel '{name}': {message}")]
    OutOfResources {
        /// The kernel.
        name: String,
        /// The runtime's message, with the sizes concerned.
        message: String,
    },
    /// Anything else the runtime reported.
    #[error("kernel '{name}': {message}")]
    Runtime {
        /// The kernel.
        name: String,
        /// The runtime's message.
        message: String,
    },
    /// A buffer of that many elements does not fit in memory.
    #[error("cannot allocate a buffer of {elements} elements of {element_size} bytes")]
    Allocation {
        /// How many elements were asked for.
        elements: usize,
        /// The size of one element, in bytes.
        element_size: usize,
    },
    /// A kernel name with a NUL byte cannot name a kernel.
    #[error("kernel name {0:?} contains a NUL byte")]
    NulInName(String),
    /// An asynchronous launch ended without reporting (its task panicked).
    #[error("the launch of kernel '{0}' ended without a result")]
    Lost(String),
}

impl Error {
    /// The error of a runtime result `code` (runtime.h's `enum __nativecpu_result`).
    pub(crate) fn from_runtime(name: &str, code: i32, message: String) -> Error {
        let name = name.to_owned();
        match code {
            1 => Error::InvalidKernel { name, message },
            2 => Error::InvalidRange { name, message },
            3 => Error::OutOfResources { name, message },
            _ => Error::Runtime { name, message },
        }
    }
}
