//! `sycl-ls`: the devices a SYCL program built with `ncpu++` sees, printed the way DPC++'s
//! `sycl-ls` prints them, so scripts that parse its output keep working.
//!
//! There is one platform with one device, the CPU running the program through the Native CPU
//! runtime, unless `ONEAPI_DEVICE_SELECTOR` hides it. The concise line is
//! `[native_cpu:cpu][native_cpu:0] <platform>, <device> <version> [<driver version>]`; `--verbose`
//! adds the platform and device details and which device each standard selector picks.

use clap::Parser;
use nativecpu_runtime::{device, pool, selector};

/// Lists the SYCL platforms and devices a program built with ncpu++ sees (honours
/// ONEAPI_DEVICE_SELECTOR), in the format of DPC++'s sycl-ls.
#[derive(Debug, Parser)]
#[command(name = "sycl-ls", version)]
pub struct Cli {
    /// Also print platform and device details and the device each standard selector picks
    #[arg(long)]
    pub verbose: bool,
}

/// What to print.
#[derive(Debug, Clone, Copy, Default)]
pub struct Options {
    /// Also print platform and device details and the device each standard selector picks
    /// (`--verbose`).
    pub verbose: bool,
}

/// The listing, or the reason `ONEAPI_DEVICE_SELECTOR` could not be read.
pub fn listing(options: Options) -> Result<String, selector::SelectorError> {
    let selected = selector::device_selected()?;
    let text = |s: &std::ffi::CStr| s.to_string_lossy().into_owned();
    let (platform, name, version) = (
        text(device::PLATFORM_NAME),
        text(device::device_name()),
        text(device::VERSION),
    );
    let mut out = String::new();
    if selected {
        out.push_str(&format!(
            "[native_cpu:cpu][native_cpu:0] {platform}, {name} {version} [{version}]\n"
        ));
    }
    if options.verbose {
        out.push_str(&format!("\nPlatforms: {}\n", usize::from(selected)));
        if selected {
            out.push_str(&format!(
                "Platform [#1]:\n    Version  : {version}\n    Name     : {platform}\n    \
                 Vendor   : {vendor}\n    Devices  : 1\n        Device [#0]:\n",
                vendor = text(device::VENDOR),
            ));
            out.push_str(&device_details(&name, &version));
        }
        let chosen = |accepts: bool| {
            if selected && accepts {
                format!("native_cpu:cpu:0 {name}")
            } else {
                "No device of requested type available".to_owned()
            }
        };
        out.push_str(&format!(
            "default_selector()      : {}\naccelerator_selector()  : {}\ncpu_selector()          : \
             {}\ngpu_selector()          : {}\n",
            chosen(true),
            chosen(false),
            chosen(true),
            chosen(false),
        ));
    }
    Ok(out)
}

/// The device's lines of `--verbose`: what a program's `info::device` queries answer.
fn device_details(name: &str, version: &str) -> String {
    let join = |items: Vec<String>| items.join(" ");
    let [l1, l2, l3] = device::cache_sizes().map(|bytes| bytes >> 10);
    format!(
        "        Type              : cpu\n        Version           : {version}\n        \
         Name              : {name}\n        Vendor            : {vendor}\n        \
         Driver            : {version}\n        Compute units     : {units}\n        \
         Caches            : L1d {l1} KiB, L2 {l2} KiB, L3 {l3} KiB\n        \
         Global memory     : {memory} bytes\n        \
         Max work-group    : {work_group}\n        Local memory      : {local} bytes\n        \
         Sub-group sizes   : {sub_groups}\n        Aspects           : {aspects}\n",
        vendor = device::VENDOR.to_string_lossy(),
        units = pool::global().threads(),
        memory = device::global_memory_size(),
        work_group = device::MAX_WORK_GROUP_SIZE,
        local = device::LOCAL_MEMORY_SIZE,
        sub_groups = join(
            device::SUB_GROUP_SIZES
                .map(|size| size.to_string())
                .to_vec()
        ),
        aspects = join(
            device::ASPECTS
                .iter()
                .map(|aspect| aspect.name.to_string())
                .collect()
        ),
    )
}
