// sycl::platform, sycl::device, sycl::context and device selection: one CPU device, the whole
// machine, run by the Native CPU runtime.
#pragma once

#include <cstddef>
#include <functional>
#include <iterator>
#include <memory>
#include <cstdint>
#include <cstdio>
#include <string>
#include <type_traits>
#include <vector>

#include <nativecpu/runtime.h>

#include "backend_types.hpp"
#include "detail/defines.hpp"
#include "exception.hpp"
#include "memory_model.hpp"
#include "properties.hpp"
#include "range.hpp"

namespace sycl {
inline namespace _V1 {

// After the core aspects, DPC++'s extension aspects: programs ask for them to skip what a device
// lacks, so each exists, and the device reports only those in device_aspect_list below.
enum class aspect {
  cpu, gpu, accelerator, custom, emulated, host_debuggable, fp16, fp64, atomic64, image,
  online_compiler, online_linker, queue_profiling, usm_device_allocations, usm_host_allocations,
  usm_atomic_host_allocations, usm_shared_allocations, usm_atomic_shared_allocations,
  usm_system_allocations, ext_oneapi_bfloat16_math_functions,
  ext_oneapi_srgb, ext_oneapi_native_assert, ext_oneapi_cuda_async_barrier, ext_oneapi_bindless_images,
  ext_oneapi_bindless_images_shared_usm, ext_oneapi_bindless_images_1d_usm, ext_oneapi_bindless_images_2d_usm,
  ext_oneapi_interop_memory_import, ext_oneapi_interop_memory_export, ext_oneapi_interop_semaphore_import,
  ext_oneapi_interop_semaphore_export, ext_oneapi_external_memory_import, ext_oneapi_external_semaphore_import,
  ext_oneapi_mipmap, ext_oneapi_mipmap_anisotropy, ext_oneapi_mipmap_level_reference, ext_oneapi_ballot_group,
  ext_oneapi_fixed_size_group, ext_oneapi_opportunistic_group, ext_oneapi_tangle_group, ext_oneapi_tangle,
  ext_oneapi_chunk, ext_oneapi_fragment, ext_oneapi_is_composite,
  ext_oneapi_is_component, ext_oneapi_graph, ext_oneapi_limited_graph, ext_oneapi_private_alloca,
  ext_oneapi_cubemap, ext_oneapi_cubemap_seamless_filtering, ext_oneapi_bindless_sampled_image_fetch_1d_usm,
  ext_oneapi_bindless_sampled_image_fetch_1d, ext_oneapi_bindless_sampled_image_fetch_2d_usm,
  ext_oneapi_bindless_sampled_image_fetch_2d, ext_oneapi_bindless_sampled_image_fetch_3d,
  ext_oneapi_queue_profiling_tag, ext_oneapi_virtual_mem, ext_oneapi_cuda_cluster_group, ext_oneapi_image_array,
  ext_oneapi_unique_addressing_per_dim, ext_oneapi_bindless_images_sample_1d_usm,
  ext_oneapi_bindless_images_sample_2d_usm, ext_oneapi_atomic16, ext_oneapi_virtual_functions,
  ext_oneapi_clock_sub_group, ext_oneapi_clock_work_group, ext_oneapi_clock_device,
  ext_intel_pci_address, ext_intel_gpu_eu_count, ext_intel_gpu_eu_simd_width, ext_intel_gpu_slices,
  ext_intel_gpu_subslices_per_slice, ext_intel_gpu_eu_count_per_subslice, ext_intel_max_mem_bandwidth,
  ext_intel_mem_channel, ext_intel_device_info_uuid, ext_intel_gpu_hw_threads_per_eu, ext_intel_free_memory,
  ext_intel_device_id, ext_intel_memory_clock_rate, ext_intel_memory_bus_width, ext_intel_legacy_image,
  ext_intel_esimd, ext_intel_matrix, ext_intel_fpga_task_sequence
};

class platform;
class context;
class device;
class kernel_id;

namespace info {
enum class device_type : unsigned int { cpu, gpu, accelerator, custom, automatic, host, all };
enum class local_mem_type : int { none, local, global };
enum class fp_config { denorm, inf_nan, round_to_nearest, round_to_zero, round_to_inf, fma, correctly_rounded_divide_sqrt, soft_float };
enum class global_mem_cache_type : int { none, read_only, read_write };
// SYCL 2020 4.6.4.2: how a device may be partitioned (this one is not: partition_properties is
// empty, and create_sub_devices throws).
enum class partition_property : int {
  no_partition, partition_equally, partition_by_counts, partition_by_affinity_domain,
  ext_intel_partition_by_cslice
};
enum class partition_affinity_domain : int {
  not_applicable, numa, L4_cache, L3_cache, L2_cache, L1_cache, next_partitionable
};
// OpenCL's execution capabilities (the OpenCL backend's execution_capabilities query).
enum class execution_capability : unsigned int { exec_kernel, exec_native_kernel };

namespace device {
struct device_type { using return_type = info::device_type; };
struct name { using return_type = std::string; };
struct vendor { using return_type = std::string; };
struct driver_version { using return_type = std::string; };
struct version { using return_type = std::string; };
struct max_compute_units { using return_type = std::uint32_t; };
struct max_work_group_size { using return_type = std::size_t; };
struct max_work_item_dimensions { using return_type = std::uint32_t; };
struct global_mem_size { using return_type = std::uint64_t; };
struct local_mem_size { using return_type = std::uint64_t; };
struct sub_group_sizes { using return_type = std::vector<std::size_t>; };
// sycl_ext_oneapi_named_sub_group_sizes: the size the sub_group_size_primary property gives.
struct primary_sub_group_size { using return_type = std::uint32_t; };
struct max_num_sub_groups { using return_type = std::uint32_t; };
struct sub_group_independent_forward_progress { using return_type = bool; };
template <int Dimensions = 3> struct max_work_item_sizes { using return_type = range<Dimensions>; };
struct local_mem_type { using return_type = info::local_mem_type; };
struct atomic_memory_order_capabilities { using return_type = std::vector<memory_order>; };
struct atomic_fence_order_capabilities { using return_type = std::vector<memory_order>; };
struct atomic_memory_scope_capabilities { using return_type = std::vector<memory_scope>; };
struct atomic_fence_scope_capabilities { using return_type = std::vector<memory_scope>; };
struct aspects { using return_type = std::vector<aspect>; };
struct platform { using return_type = sycl::platform; };
struct extensions { using return_type = std::vector<std::string>; };
struct is_available { using return_type = bool; };
struct is_compiler_available { using return_type = bool; };
struct is_linker_available { using return_type = bool; };
struct usm_device_allocations { using return_type = bool; };
struct usm_host_allocations { using return_type = bool; };
struct usm_shared_allocations { using return_type = bool; };
struct usm_restricted_shared_allocations { using return_type = bool; };
struct usm_system_allocations { using return_type = bool; };
struct host_unified_memory { using return_type = bool; };
struct endian_little { using return_type = bool; };
struct error_correction_support { using return_type = bool; };
struct image_support { using return_type = bool; };
struct max_mem_alloc_size { using return_type = std::uint64_t; };
struct global_mem_cache_size { using return_type = std::uint64_t; };
struct global_mem_cacheline_size { using return_type = std::uint32_t; };
struct global_mem_cache_type { using return_type = info::global_mem_cache_type; };
struct max_clock_frequency { using return_type = std::uint32_t; };
struct address_bits { using return_type = std::uint32_t; };
struct mem_base_addr_align { using return_type = std::uint32_t; };
struct max_parameter_size { using return_type = std::size_t; };
struct profiling_timer_resolution { using return_type = std::size_t; };
struct partition_max_sub_devices { using return_type = std::uint32_t; };
struct opencl_c_version { using return_type = std::string; };
struct backend_version { using return_type = std::string; };
struct half_fp_config { using return_type = std::vector<info::fp_config>; };
struct single_fp_config { using return_type = std::vector<info::fp_config>; };
struct double_fp_config { using return_type = std::vector<info::fp_config>; };
// The rest of SYCL 2020 table 4.20, with the deprecated image, constant-memory and profiling
// queries (this device has no images, samplers or constant memory: their limits are 0).
struct vendor_id { using return_type = std::uint32_t; };
struct global_mem_cache_line_size { using return_type = std::uint32_t; };
struct is_endian_little { using return_type = bool; };
struct queue_profiling { using return_type = bool; };
struct max_read_image_args { using return_type = std::uint32_t; };
struct max_write_image_args { using return_type = std::uint32_t; };
struct max_samplers { using return_type = std::uint32_t; };
struct image2d_max_height { using return_type = std::size_t; };
struct image2d_max_width { using return_type = std::size_t; };
struct image3d_max_height { using return_type = std::size_t; };
struct image3d_max_width { using return_type = std::size_t; };
struct image3d_max_depth { using return_type = std::size_t; };
struct image_max_buffer_size { using return_type = std::size_t; };
struct max_constant_buffer_size { using return_type = std::uint64_t; };
struct max_constant_args { using return_type = std::uint32_t; };
struct printf_buffer_size { using return_type = std::size_t; };
struct built_in_kernel_ids { using return_type = std::vector<sycl::kernel_id>; };
struct built_in_kernels { using return_type = std::vector<std::string>; };
struct parent_device { using return_type = sycl::device; };
struct partition_properties { using return_type = std::vector<info::partition_property>; };
struct partition_affinity_domains { using return_type = std::vector<info::partition_affinity_domain>; };
struct partition_type_property { using return_type = info::partition_property; };
struct partition_type_affinity_domain { using return_type = info::partition_affinity_domain; };
// Vector widths in elements: what fills one SIMD register of the host compilation's target.
#define NCPU_VECTOR_WIDTH_DESCRIPTORS(type)                                                         \
  struct preferred_vector_width_##type { using return_type = std::uint32_t; };                     \
  struct native_vector_width_##type { using return_type = std::uint32_t; };
NCPU_VECTOR_WIDTH_DESCRIPTORS(char)
NCPU_VECTOR_WIDTH_DESCRIPTORS(short)
NCPU_VECTOR_WIDTH_DESCRIPTORS(int)
NCPU_VECTOR_WIDTH_DESCRIPTORS(long)
NCPU_VECTOR_WIDTH_DESCRIPTORS(long_long) // DPC++'s, which the SYCL-CTS queries
NCPU_VECTOR_WIDTH_DESCRIPTORS(float)
NCPU_VECTOR_WIDTH_DESCRIPTORS(double)
NCPU_VECTOR_WIDTH_DESCRIPTORS(half)
#undef NCPU_VECTOR_WIDTH_DESCRIPTORS
} // namespace device

namespace context {
struct platform { using return_type = sycl::platform; };
struct devices { using return_type = std::vector<sycl::device>; };
struct atomic_memory_order_capabilities { using return_type = std::vector<memory_order>; };
struct atomic_fence_order_capabilities { using return_type = std::vector<memory_order>; };
struct atomic_memory_scope_capabilities { using return_type = std::vector<memory_scope>; };
struct atomic_fence_scope_capabilities { using return_type = std::vector<memory_scope>; };
} // namespace context

namespace platform {
struct name { using return_type = std::string; };
struct vendor { using return_type = std::string; };
struct version { using return_type = std::string; };
struct profile { using return_type = std::string; };
struct extensions { using return_type = std::vector<std::string>; };
} // namespace platform
} // namespace info

// sycl_khr_max_work_group_queries: how many work-groups an nd_range kernel may have.
namespace khr::info::device {
template <int Dimensions = 3> struct max_work_group_range {
  static_assert(Dimensions >= 1 && Dimensions <= 3, "max_work_group_range has 1 to 3 dimensions");
  using return_type = range<Dimensions>;
};
struct max_work_group_range_size { using return_type = std::size_t; };
} // namespace khr::info::device
// sycl_ext_oneapi_max_work_groups (DPC++'s): the same limits as the Khronos queries above.
namespace ext::oneapi::experimental::info::device {
struct max_global_work_groups { using return_type = std::size_t; };
template <int Dimensions> struct max_work_groups {
  static_assert(Dimensions >= 1 && Dimensions <= 3, "max_work_groups has 1 to 3 dimensions");
  using return_type = id<Dimensions>;
};
} // namespace ext::oneapi::experimental::info::device
// sycl_ext_oneapi_num_compute_units: the runtime's threads, as max_compute_units.
namespace ext::oneapi::info::device {
struct num_compute_units { using return_type = std::size_t; };
} // namespace ext::oneapi::info::device

namespace detail {
template <typename Param> inline constexpr bool is_max_work_item_sizes_v = false;
template <int Dims> inline constexpr bool is_max_work_item_sizes_v<info::device::max_work_item_sizes<Dims>> = true;
template <typename Param> inline constexpr bool is_max_work_group_range_v = false;
template <int Dims> inline constexpr bool is_max_work_group_range_v<khr::info::device::max_work_group_range<Dims>> = true;
template <int Dims>
inline constexpr bool is_max_work_group_range_v<ext::oneapi::experimental::info::device::max_work_groups<Dims>> = true;

// The runtime's strings, so that sycl-ls and the program agree.
inline std::string device_name() { return __nativecpu_device_string(0); }
inline std::string vendor_name() { return __nativecpu_device_string(1); }
inline std::string version_string() { return __nativecpu_device_string(2); }
inline std::string platform_name() { return __nativecpu_device_string(3); }

// Whether ONEAPI_DEVICE_SELECTOR lets the device through; a malformed value is an error.
inline bool device_visible() {
  int selected = __nativecpu_device_selected();
  if (selected < 0) sycl::detail::throw_error(errc::invalid, __nativecpu_last_error());
  return selected == 1;
}

// atomic_ref and atomic_fence support every memory order and every memory scope (the headers
// atomic_ref.hpp and atomic_fence.hpp say how each is lowered).
inline std::vector<memory_order> all_memory_orders() {
  return {memory_order::relaxed, memory_order::acquire, memory_order::release, memory_order::acq_rel,
          memory_order::seq_cst};
}
inline std::vector<memory_scope> all_memory_scopes() {
  return {memory_scope::work_item, memory_scope::sub_group, memory_scope::work_group, memory_scope::device,
          memory_scope::system};
}
// The aspects the device has, for device::has, info::device::aspects and the compile-time
// any_device_has / all_devices_have. Host and shared allocations are the process's own memory,
// so the host and kernels may update them atomically at the same time (usm_atomic_*).
// online_compiler and online_linker: sycl::compile, link and build work on this device's bundles
// (their kernels are native code already; kernel_bundle.hpp), which is what SYCL 2020 says the
// two aspects promise.
inline constexpr aspect device_aspect_list[] = {aspect::cpu,
                                                aspect::fp16,
                                                aspect::fp64,
                                                aspect::atomic64,
                                                aspect::online_compiler,
                                                aspect::online_linker,
                                                aspect::queue_profiling,
                                                aspect::usm_device_allocations,
                                                aspect::usm_host_allocations,
                                                aspect::usm_atomic_host_allocations,
                                                aspect::usm_shared_allocations,
                                                aspect::usm_atomic_shared_allocations,
                                                aspect::usm_system_allocations,
                                                aspect::ext_oneapi_bfloat16_math_functions,
                                                aspect::ext_oneapi_clock_sub_group,
                                                aspect::ext_oneapi_clock_work_group,
                                                aspect::ext_oneapi_clock_device,
                                                aspect::ext_oneapi_ballot_group,
                                                aspect::ext_oneapi_fixed_size_group,
                                                aspect::ext_oneapi_opportunistic_group,
                                                aspect::ext_oneapi_tangle_group,
                                                aspect::ext_oneapi_tangle,
                                                aspect::ext_oneapi_chunk,
                                                aspect::ext_oneapi_fragment,
                                                aspect::ext_oneapi_graph,
                                                aspect::ext_oneapi_limited_graph};
constexpr bool device_has_aspect(aspect a) {
  for (aspect present : device_aspect_list)
    if (present == a) return true;
  return false;
}
inline std::vector<aspect> device_aspects() { return {std::begin(device_aspect_list), std::end(device_aspect_list)}; }
// The OpenCL extension names matching those aspects (info::device::extensions, deprecated).
inline std::vector<std::string> device_extensions() {
  return {"cl_khr_fp16", "cl_khr_fp64", "cl_khr_int64_base_atomics", "cl_khr_int64_extended_atomics"};
}
inline bool has_extension(const std::string &name) {
  for (const auto &extension : device_extensions())
    if (extension == name) return true;
  return false;
}

// The CPU's highest clock in MHz from Linux's cpufreq, 0 where the kernel does not say.
inline std::uint32_t max_clock_mhz() {
  std::uint32_t khz = 0;
  if (std::FILE *file = std::fopen("/sys/devices/system/cpu/cpu0/cpufreq/cpuinfo_max_freq", "r")) {
    if (std::fscanf(file, "%u", &khz) != 1) khz = 0;
    std::fclose(file);
  }
  return khz / 1000;
}

template <typename Param, typename... Widths> inline constexpr bool is_one_of_v = (std::is_same_v<Param, Widths> || ...);

// The element size in bytes of a preferred or native vector width query, or 0 if `Param` is not
// one. The widths are the elements of the CPU's widest vector register, which the runtime reads
// from the CPU: the host compilation's target macros (__AVX__) describe the host pass, compiled
// without the device pass's -march=native.
template <typename Param> constexpr std::uint32_t vector_element_bytes() {
  using namespace info::device;
  if constexpr (is_one_of_v<Param, preferred_vector_width_char, native_vector_width_char>) return 1;
  else if constexpr (is_one_of_v<Param, preferred_vector_width_short, native_vector_width_short,
                                 preferred_vector_width_half, native_vector_width_half>)
    return 2;
  else if constexpr (is_one_of_v<Param, preferred_vector_width_int, native_vector_width_int,
                                 preferred_vector_width_float, native_vector_width_float>)
    return 4;
  else if constexpr (is_one_of_v<Param, preferred_vector_width_long, native_vector_width_long,
                                 preferred_vector_width_double, native_vector_width_double,
                                 preferred_vector_width_long_long, native_vector_width_long_long>)
    return 8;
  else
    return 0;
}

// IEEE 754 arithmetic of the host CPU, for half_fp_config (half_type.hpp rounds every operation
// correctly), single_fp_config and double_fp_config.
inline std::vector<info::fp_config> ieee_fp_config() {
  return {info::fp_config::denorm,        info::fp_config::inf_nan,      info::fp_config::round_to_nearest,
          info::fp_config::round_to_zero, info::fp_config::round_to_inf, info::fp_config::fma,
          info::fp_config::correctly_rounded_divide_sqrt};
}

// The answers to the device queries about memory, capabilities and formats (SYCL 2020 table
// 4.20 and the deprecated queries programs still use).
template <typename Param> typename Param::return_type device_property() {
  using namespace info::device;
  if constexpr (std::is_same_v<Param, aspects>) return device_aspects();
  else if constexpr (std::is_same_v<Param, extensions>) return device_extensions();
  else if constexpr (is_one_of_v<Param, is_available, usm_device_allocations, usm_host_allocations,
                                 usm_shared_allocations, usm_system_allocations, host_unified_memory,
                                 endian_little, is_endian_little, queue_profiling, is_compiler_available,
                                 is_linker_available>)
    return true;
  else if constexpr (is_one_of_v<Param, usm_restricted_shared_allocations, error_correction_support, image_support>)
    return false;
  else if constexpr (is_one_of_v<Param, max_read_image_args, max_write_image_args, max_samplers, max_constant_args,
                                 vendor_id>)
    return 0;
  else if constexpr (is_one_of_v<Param, image2d_max_height, image2d_max_width, image3d_max_height,
                                 image3d_max_width, image3d_max_depth, image_max_buffer_size>)
    return 0;
  else if constexpr (std::is_same_v<Param, max_constant_buffer_size>) return std::uint64_t(0);
  // sycl::stream and ext::oneapi::experimental::printf write straight to stdout: no buffer limit
  // beyond the stream's own.
  else if constexpr (std::is_same_v<Param, printf_buffer_size>) return std::size_t(1) << 20;
  else if constexpr (is_one_of_v<Param, built_in_kernel_ids, built_in_kernels, partition_properties,
                                 partition_affinity_domains>)
    return {};
  else if constexpr (std::is_same_v<Param, partition_type_property>) return info::partition_property::no_partition;
  else if constexpr (std::is_same_v<Param, partition_type_affinity_domain>)
    return info::partition_affinity_domain::not_applicable;
  else if constexpr (std::is_same_v<Param, parent_device>)
    sycl::detail::throw_error(errc::invalid, "info::device::parent_device: the device is not a sub-device");
  else if constexpr (is_one_of_v<Param, global_mem_size, max_mem_alloc_size>) return __nativecpu_global_memory_size();
  else if constexpr (std::is_same_v<Param, global_mem_cache_size>)
    return __nativecpu_global_memory_cache_size();
  else if constexpr (is_one_of_v<Param, global_mem_cacheline_size, global_mem_cache_line_size>)
    return __nativecpu_global_memory_cache_line_size();
  else if constexpr (std::is_same_v<Param, info::device::global_mem_cache_type>)
    return info::global_mem_cache_type::read_write;
  else if constexpr (std::is_same_v<Param, max_clock_frequency>) return max_clock_mhz();
  else if constexpr (std::is_same_v<Param, address_bits>) return std::uint32_t(8 * sizeof(void *));
  else if constexpr (std::is_same_v<Param, mem_base_addr_align>) return std::uint32_t(8 * 64); // bits; usm.hpp
  else if constexpr (std::is_same_v<Param, max_parameter_size>) return std::size_t(4096);
  else if constexpr (std::is_same_v<Param, profiling_timer_resolution>) return std::size_t(1);
  else if constexpr (std::is_same_v<Param, partition_max_sub_devices>) return std::uint32_t(0);
  else if constexpr (is_one_of_v<Param, opencl_c_version, backend_version>) return std::string();
  else if constexpr (is_one_of_v<Param, half_fp_config, single_fp_config, double_fp_config>) return ieee_fp_config();
  else if constexpr (vector_element_bytes<Param>() != 0)
    return __nativecpu_vector_register_bytes() / vector_element_bytes<Param>();
  else static_assert(sizeof(Param) == 0, "unsupported device info query");
}
} // namespace detail

class device;

class platform {
public:
  NCPU_OWNER_BEFORE
  platform() = default;
  // SYCL 2020 4.6.2.1: the platform of the device the selector picks (defined after device).
  template <typename Selector, typename = std::enable_if_t<std::is_invocable_r_v<int, const Selector &, const device &>>>
  explicit platform(const Selector &selector);

  template <typename Param> typename Param::return_type get_info() const {
    if constexpr (std::is_same_v<Param, info::platform::name>)
      return detail::platform_name();
    else if constexpr (std::is_same_v<Param, info::platform::vendor>)
      return detail::vendor_name();
    else if constexpr (std::is_same_v<Param, info::platform::version>)
      return detail::version_string();
    else if constexpr (std::is_same_v<Param, info::platform::profile>)
      return "FULL_PROFILE";
    else if constexpr (std::is_same_v<Param, info::platform::extensions>)
      return detail::device_extensions();
    else
      static_assert(sizeof(Param) == 0, "unsupported platform info query");
  }
  // Deprecated in SYCL 2020: whether extensions lists `name`.
  bool has_extension(const std::string &name) const { return detail::has_extension(name); }
  bool has(aspect a) const;
  backend get_backend() const noexcept { return backend::native_cpu; }
  std::vector<device> get_devices(info::device_type type = info::device_type::all) const;
  static std::vector<platform> get_platforms() { return {platform()}; }
  // sycl_ext_oneapi_default_context and sycl_khr_default_context: the context of queues made
  // without one (defined after context).
  context ext_oneapi_get_default_context() const;
  context khr_get_default_context() const;
  friend bool operator==(const platform &, const platform &) { return true; }
  friend bool operator!=(const platform &, const platform &) { return false; }
};

namespace ext::oneapi::experimental {
// sycl_ext_oneapi_kernel_compiler and its language extensions: the languages a kernel bundle's
// source may be in. The device compiles SYCL (docs/kernel-compiler.md).
enum class source_language : int { opencl = 0, spirv = 1, sycl = 2, cuda = 3 };
} // namespace ext::oneapi::experimental

class device {
public:
  NCPU_OWNER_BEFORE
  device() = default;
  // SYCL 2020 4.6.1.1: the device the selector scores highest, among the devices
  // ONEAPI_DEVICE_SELECTOR leaves visible; none scoring non-negative is errc::runtime.
  template <typename Selector> explicit device(const Selector &selector) {
    if (!detail::device_visible())
      sycl::detail::throw_error(errc::runtime,
                      "No device of requested type available (ONEAPI_DEVICE_SELECTOR hides the native_cpu device)");
    if (selector(*this) < 0)
      sycl::detail::throw_error(errc::runtime, "no device matches the device selector");
  }

  bool is_cpu() const { return true; }
  bool is_gpu() const { return false; }
  bool is_accelerator() const { return false; }
  bool has(aspect a) const { return detail::device_has_aspect(a); }
  // sycl_ext_oneapi_kernel_compiler: whether kernel bundles of source in `language` can be built
  // for the device (SYCL only).
  bool ext_oneapi_can_compile(ext::oneapi::experimental::source_language language) const {
    return language == ext::oneapi::experimental::source_language::sycl;
  }
  bool ext_oneapi_can_build(ext::oneapi::experimental::source_language language) const {
    return ext_oneapi_can_compile(language);
  }
  // Deprecated in SYCL 2020: whether info::device::extensions lists `name`.
  bool has_extension(const std::string &name) const { return detail::has_extension(name); }
  platform get_platform() const { return platform(); }

  // SYCL 2020 4.6.4.2: the device cannot be partitioned (partition_max_sub_devices is 0), which
  // each form reports with errc::feature_not_supported.
  template <info::partition_property Prop>
  std::vector<device> create_sub_devices(std::size_t) const {
    static_assert(Prop == info::partition_property::partition_equally, "partition_equally takes a count");
    return no_sub_devices();
  }
  template <info::partition_property Prop>
  std::vector<device> create_sub_devices(const std::vector<std::size_t> &) const {
    static_assert(Prop == info::partition_property::partition_by_counts, "partition_by_counts takes counts");
    return no_sub_devices();
  }
  template <info::partition_property Prop>
  std::vector<device> create_sub_devices(info::partition_affinity_domain) const {
    static_assert(Prop == info::partition_property::partition_by_affinity_domain,
                  "partition_by_affinity_domain takes a domain");
    return no_sub_devices();
  }
  backend get_backend() const noexcept { return backend::native_cpu; }

  template <typename Param> typename Param::return_type get_info() const {
    using namespace info::device;
    if constexpr (std::is_same_v<Param, info::device::device_type>)
      return info::device_type::cpu;
    else if constexpr (std::is_same_v<Param, info::device::platform>)
      return get_platform();
    else if constexpr (std::is_same_v<Param, name>)
      return detail::device_name();
    else if constexpr (std::is_same_v<Param, vendor>)
      return detail::vendor_name();
    else if constexpr (std::is_same_v<Param, driver_version> || std::is_same_v<Param, version>)
      return detail::version_string();
    else if constexpr (std::is_same_v<Param, max_compute_units>)
      return static_cast<std::uint32_t>(__nativecpu_thread_count());
    else if constexpr (std::is_same_v<Param, ext::oneapi::info::device::num_compute_units>)
      return static_cast<std::size_t>(__nativecpu_thread_count());
    else if constexpr (std::is_same_v<Param, max_work_item_dimensions>)
      return 3;
    // The vector widths a kernel may require with the sub_group_size property (the vectorizer
    // takes any up to 64; kernels it does not vectorize have sub-groups of one work-item).
    else if constexpr (std::is_same_v<Param, sub_group_sizes>)
      return {1, 2, 4, 8, 16, 32, 64};
    // The 32-bit lanes of the CPU's widest vector register, the width the compiler gives a kernel
    // with the sub_group_size_primary property (docs/vectorizer.md, "Sub-groups").
    else if constexpr (std::is_same_v<Param, primary_sub_group_size>)
      return __nativecpu_vector_register_bytes() / 4;
    // The runtime's nd_range limits. A work-group may have up to max_work_group_size work-items
    // in any shape, so that is also each dimension's limit.
    else if constexpr (std::is_same_v<Param, max_work_group_size>)
      return __nativecpu_max_work_group_size();
    else if constexpr (detail::is_max_work_item_sizes_v<Param>) {
      typename Param::return_type sizes;
      for (int i = 0; i < Param::return_type::dimensions; ++i) sizes[i] = __nativecpu_max_work_group_size();
      return sizes;
    }
    // Work-groups of one work-item each: the runtime runs up to PTRDIFF_MAX work-items in any
    // shape (detail/kernel_command.hpp, work_items).
    else if constexpr (detail::is_max_work_group_range_v<Param>) {
      typename Param::return_type groups;
      for (int i = 0; i < Param::return_type::dimensions; ++i) groups[i] = std::size_t(PTRDIFF_MAX);
      return groups;
    } else if constexpr (std::is_same_v<Param, khr::info::device::max_work_group_range_size> ||
                         std::is_same_v<Param, ext::oneapi::experimental::info::device::max_global_work_groups>)
      return std::size_t(PTRDIFF_MAX);
    else if constexpr (std::is_same_v<Param, max_num_sub_groups>)
      return static_cast<std::uint32_t>(__nativecpu_max_work_group_size());
    // The sub-groups of a work-group run one after another on one thread between barriers, so
    // one cannot wait for another to make progress.
    else if constexpr (std::is_same_v<Param, sub_group_independent_forward_progress>)
      return false;
    else if constexpr (std::is_same_v<Param, local_mem_size>)
      return static_cast<std::uint64_t>(__nativecpu_local_memory_size());
    else if constexpr (std::is_same_v<Param, info::device::local_mem_type>)
      return info::local_mem_type::local;
    else if constexpr (std::is_same_v<Param, atomic_memory_order_capabilities> ||
                       std::is_same_v<Param, atomic_fence_order_capabilities>)
      return detail::all_memory_orders();
    else if constexpr (std::is_same_v<Param, atomic_memory_scope_capabilities> ||
                       std::is_same_v<Param, atomic_fence_scope_capabilities>)
      return detail::all_memory_scopes();
    else
      return detail::device_property<Param>();
  }
  static std::vector<device> get_devices(info::device_type type = info::device_type::all) {
    if (!detail::device_visible()) return {};
    // The one device is a CPU: it is listed for cpu, automatic and all only.
    if (type != info::device_type::cpu && type != info::device_type::automatic && type != info::device_type::all)
      return {};
    return {device()};
  }
  friend bool operator==(const device &, const device &) { return true; }
  friend bool operator!=(const device &, const device &) { return false; }

private:
  [[noreturn]] static std::vector<device> no_sub_devices() {
    sycl::detail::throw_error(errc::feature_not_supported, "the native_cpu device cannot be partitioned");
  }
};

// SYCL 2020 4.6.2.2: whether every device of the platform has the aspect.
inline bool platform::has(aspect a) const { return device().has(a); }

template <typename Selector, typename> platform::platform(const Selector &selector) { (void)device(selector); }

inline std::vector<device> platform::get_devices(info::device_type type) const {
  return device::get_devices(type);
}

// Device selectors: score a device; a negative score rejects it.
namespace detail {
// DPC++'s name for any selector held as a function, which programs and DPC++'s own test helpers
// take as a parameter type.
using DSelectorInvocableType = std::function<int(const device &)>;
} // namespace detail
inline int default_selector_v(const device &) { return 1; }
inline int cpu_selector_v(const device &d) { return d.is_cpu() ? 1 : -1; }
inline int gpu_selector_v(const device &d) { return d.is_gpu() ? 1 : -1; }
inline int accelerator_selector_v(const device &d) { return d.is_accelerator() ? 1 : -1; }

// SYCL 2020 4.6.1.1: a selector accepting the devices with every aspect of `accept` and none of
// `deny`.
inline auto aspect_selector(const std::vector<aspect> &accept, const std::vector<aspect> &deny = {}) {
  return [accept, deny](const device &d) {
    for (aspect a : accept)
      if (!d.has(a)) return -1;
    for (aspect a : deny)
      if (d.has(a)) return -1;
    return 1;
  };
}
template <typename... AspectList,
          typename = std::enable_if_t<(std::is_same_v<AspectList, aspect> && ...)>>
auto aspect_selector(AspectList... accept) {
  return aspect_selector(std::vector<aspect>{accept...});
}
template <aspect... AspectList> auto aspect_selector() { return aspect_selector(std::vector<aspect>{AspectList...}); }

// SYCL 2020 4.6.4.3: whether some / every device of the implementation has the aspect, at
// compile time (the one device here).
template <aspect A> struct any_device_has : std::bool_constant<detail::device_has_aspect(A)> {};
template <aspect A> struct all_devices_have : std::bool_constant<detail::device_has_aspect(A)> {};
template <aspect A> inline constexpr bool any_device_has_v = any_device_has<A>::value;
template <aspect A> inline constexpr bool all_devices_have_v = all_devices_have<A>::value;

// The SYCL 1.2.1 selector classes (deprecated in SYCL 2020, 4.6.1.2): a device_selector scores
// devices with a virtual call operator.
class device_selector {
public:
  virtual ~device_selector() = default;
  device select_device() const { return device(*this); }
  virtual int operator()(const device &d) const = 0;
};
class default_selector : public device_selector {
public:
  int operator()(const device &d) const override { return default_selector_v(d); }
};
class cpu_selector : public device_selector {
public:
  int operator()(const device &d) const override { return cpu_selector_v(d); }
};
class gpu_selector : public device_selector {
public:
  int operator()(const device &d) const override { return gpu_selector_v(d); }
};
class accelerator_selector : public device_selector {
public:
  int operator()(const device &d) const override { return accelerator_selector_v(d); }
};

// There is one context: every constructor of SYCL 2020 (4.6.3) makes it, and all compare equal.
// What a constructor adds is its async_handler: a queue made on the context without a handler of
// its own reports its commands' errors to it (SYCL 2020 4.13.1.2; queue.hpp).
// A context has reference semantics (SYCL 2020 4.5.2): copies share one identity and compare
// equal, and every constructed context is a new one. All of them hold the one CPU device; what
// differs is the identity and the async handler. Queues made without a context use the
// platform's default context, one for the process.
class context {
  template <typename Handler>
  using if_handler = std::enable_if_t<std::is_invocable_v<Handler &, exception_list>>;
  struct state {
    std::shared_ptr<const async_handler> handler;
  };

public:
  NCPU_OWNER_BEFORE
  context() : context(nullptr) {}
  explicit context(const property_list &) : context() {}
  explicit context(const device &, const property_list & = {}) : context() {}
  explicit context(const platform &, const property_list & = {}) : context() {}
  // SYCL 2020 4.6.3.1: a context needs at least one device.
  explicit context(const std::vector<device> &devices, const property_list & = {}) : context() {
    require_devices(devices);
  }
  template <typename Handler, typename = if_handler<Handler>>
  explicit context(Handler handler, const property_list & = {}) : context(keep(std::move(handler))) {}
  template <typename Handler, typename = if_handler<Handler>>
  context(const device &, Handler handler, const property_list & = {}) : context(keep(std::move(handler))) {}
  template <typename Handler, typename = if_handler<Handler>>
  context(const platform &, Handler handler, const property_list & = {}) : context(keep(std::move(handler))) {}
  template <typename Handler, typename = if_handler<Handler>>
  context(const std::vector<device> &devices, Handler handler, const property_list & = {})
      : context(keep(std::move(handler))) {
    require_devices(devices);
  }
  std::vector<device> get_devices() const { return {device()}; }
  platform get_platform() const { return platform(); }
  backend get_backend() const noexcept { return backend::native_cpu; }

  template <typename Param> typename Param::return_type get_info() const {
    using namespace info::context;
    if constexpr (std::is_same_v<Param, info::context::platform>)
      return get_platform();
    else if constexpr (std::is_same_v<Param, devices>)
      return get_devices();
    else if constexpr (std::is_same_v<Param, atomic_memory_order_capabilities> ||
                  std::is_same_v<Param, atomic_fence_order_capabilities>)
      return detail::all_memory_orders();
    else if constexpr (std::is_same_v<Param, atomic_memory_scope_capabilities> ||
                       std::is_same_v<Param, atomic_fence_scope_capabilities>)
      return detail::all_memory_scopes();
    else
      static_assert(sizeof(Param) == 0, "unsupported context info query");
  }
  friend bool operator==(const context &a, const context &b) { return a.state_ == b.state_; }
  friend bool operator!=(const context &a, const context &b) { return !(a == b); }

  // The handler this context was made with, if any (for queue.hpp).
  const std::shared_ptr<const async_handler> &ncpu_async_handler() const { return state_->handler; }
  // What std::hash<context> hashes: the shared identity.
  const void *ncpu_identity() const { return state_.get(); }

private:
  explicit context(std::shared_ptr<const async_handler> handler)
      : state_(std::make_shared<const state>(state{std::move(handler)})) {}
  template <typename Handler> static std::shared_ptr<const async_handler> keep(Handler handler) {
    return std::make_shared<const async_handler>(std::move(handler));
  }
  static void require_devices(const std::vector<device> &devices) {
    if (devices.empty()) sycl::detail::throw_error(errc::invalid, "a context needs at least one device");
  }

  std::shared_ptr<const state> state_;
};

inline context platform::ext_oneapi_get_default_context() const {
  static const context default_context;
  return default_context;
}
inline context platform::khr_get_default_context() const { return ext_oneapi_get_default_context(); }

} // namespace _V1
} // namespace sycl

namespace sycl {
inline namespace _V1 {
inline exception::exception(const context &c, std::error_code ec, const std::string &what_arg)
    : exception(ec, what_arg) {
  context_ = std::make_shared<const context>(c);
}
inline context exception::get_context() const {
  if (!context_) sycl::detail::throw_error(errc::invalid, "the exception has no context");
  return *context_;
}
inline property::buffer::context_bound::context_bound(const sycl::context &context)
    : context_(std::make_shared<const sycl::context>(context)) {}
inline context property::buffer::context_bound::get_context() const { return *context_; }
} // namespace _V1
} // namespace sycl

// There is one platform and one device: equal objects hash alike. Contexts hash their identity.
template <> struct std::hash<sycl::platform> {
  std::size_t operator()(const sycl::platform &) const noexcept { return 0; }
};
template <> struct std::hash<sycl::device> {
  std::size_t operator()(const sycl::device &) const noexcept { return 0; }
};
template <> struct std::hash<sycl::context> {
  std::size_t operator()(const sycl::context &c) const noexcept { return std::hash<const void *>()(c.ncpu_identity()); }
};
