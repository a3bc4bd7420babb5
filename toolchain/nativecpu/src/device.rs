//! The device: what the runtime reports about itself.

use crate::{sys, Error};

/// The Native CPU device the runtime runs kernels on, with the figures SYCL's device queries
/// report for it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Device {
    /// The device's name, as `info::device::name` reports it.
    pub name: String,
    /// The vendor, as `info::device::vendor` reports it.
    pub vendor: String,
    /// The device and driver version (the toolchain's), as `info::device::version` reports it.
    pub version: String,
    /// The name of the platform the device belongs to.
    pub platform: String,
    /// Threads of the pool that runs work-groups (`NATIVECPU_THREADS`, else all cores).
    pub threads: usize,
    /// The largest nd-range work-group, in work-items.
    pub max_work_group_size: usize,
    /// The most local memory a work-group may have, in bytes.
    pub local_memory_size: usize,
}

impl Device {
    /// The device, unless `ONEAPI_DEVICE_SELECTOR` hides it (as it hides it from SYCL's device
    /// selectors).
    pub fn get() -> Result<Device, Error> {
        match sys::device_selected() {
            Err(message) => return Err(Error::DeviceSelector(message)),
            Ok(false) => return Err(Error::DeviceHidden),
            Ok(true) => {}
        }
        let (threads, max_work_group_size, local_memory_size) = sys::limits();
        Ok(Device {
            name: sys::device_string(0),
            vendor: sys::device_string(1),
            version: sys::device_string(2),
            platform: sys::device_string(3),
            threads,
            max_work_group_size,
            local_memory_size,
        })
    }

    /// The names of the kernels the linked SYCL code registered, sorted.
    pub fn kernel_names(&self) -> Vec<String> {
        sys::kernel_names()
    }
}
