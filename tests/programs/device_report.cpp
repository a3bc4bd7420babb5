// Prints what the device's info queries answer, in the form of `sycl-ls --verbose`'s device
// lines (name, compute units, sub-group sizes, aspects), so that the test in
// tests/tests/driver.rs can check that sycl-ls describes the device programs see.
#include <sycl/sycl.hpp>
#include <cstdio>
#include <string>
#include <utility>

#define NCPU_ASPECT(name) std::pair{sycl::aspect::name, #name}
static const std::pair<sycl::aspect, const char *> aspect_names[] = {
    NCPU_ASPECT(cpu), NCPU_ASPECT(gpu), NCPU_ASPECT(accelerator), NCPU_ASPECT(custom), NCPU_ASPECT(emulated),
    NCPU_ASPECT(host_debuggable), NCPU_ASPECT(fp16), NCPU_ASPECT(fp64), NCPU_ASPECT(atomic64), NCPU_ASPECT(image),
    NCPU_ASPECT(online_compiler), NCPU_ASPECT(online_linker), NCPU_ASPECT(queue_profiling),
    NCPU_ASPECT(usm_device_allocations), NCPU_ASPECT(usm_host_allocations), NCPU_ASPECT(usm_atomic_host_allocations),
    NCPU_ASPECT(usm_shared_allocations), NCPU_ASPECT(usm_atomic_shared_allocations),
    NCPU_ASPECT(usm_system_allocations), NCPU_ASPECT(ext_oneapi_bfloat16_math_functions),
    NCPU_ASPECT(ext_oneapi_native_assert), NCPU_ASPECT(ext_oneapi_graph), NCPU_ASPECT(ext_oneapi_private_alloca),
    NCPU_ASPECT(ext_oneapi_virtual_functions), NCPU_ASPECT(ext_oneapi_atomic16),
    NCPU_ASPECT(ext_oneapi_clock_sub_group), NCPU_ASPECT(ext_oneapi_clock_work_group),
    NCPU_ASPECT(ext_oneapi_clock_device), NCPU_ASPECT(ext_oneapi_ballot_group), NCPU_ASPECT(ext_oneapi_fixed_size_group),
    NCPU_ASPECT(ext_oneapi_opportunistic_group), NCPU_ASPECT(ext_oneapi_tangle_group), NCPU_ASPECT(ext_oneapi_tangle),
    NCPU_ASPECT(ext_oneapi_chunk), NCPU_ASPECT(ext_oneapi_fragment),
    NCPU_ASPECT(ext_oneapi_limited_graph)};

int main() {
  sycl::device device;
  std::printf("Name              : %s\n", device.get_info<sycl::info::device::name>().c_str());
  std::printf("Compute units     : %u\n", device.get_info<sycl::info::device::max_compute_units>());
  std::string sizes;
  for (std::size_t size : device.get_info<sycl::info::device::sub_group_sizes>())
    sizes += (sizes.empty() ? "" : " ") + std::to_string(size);
  std::printf("Sub-group sizes   : %s\n", sizes.c_str());
  std::string aspects;
  for (sycl::aspect aspect : device.get_info<sycl::info::device::aspects>()) {
    const char *name = "unnamed";
    for (const auto &[known, text] : aspect_names)
      if (known == aspect) name = text;
    aspects += (aspects.empty() ? "" : " ") + std::string(name);
  }
  std::printf("Aspects           : %s\n", aspects.c_str());
}
