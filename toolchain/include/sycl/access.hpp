// The sycl::access enumerations (SYCL 2020 sections 4.7.6.2, 4.7.7 and 4.9.1.5): access modes
// and targets of accessors, fence spaces of nd_item::barrier, and address spaces of multi_ptr and
// atomic_ref.
//
// On this device every address space is the same host memory; the enumerations exist so that
// programs written for any SYCL device compile and mean the same.
#pragma once

#include "detail/defines.hpp"

namespace sycl {
inline namespace _V1 {

namespace access {
enum class mode { read, write, read_write, discard_write, discard_read_write, atomic };
// image, host_image and image_array name the image accessors, which this implementation does
// not have; programs that name every target (the SYCL-CTS's helpers) still compile.
enum class target { device, host_task, constant_buffer, local, host_buffer, image, host_image, image_array,
                    global_buffer = device };
enum class placeholder { false_t, true_t };

// What nd_item::barrier and mem_fence order (SYCL 2020 deprecates them for group_barrier).
enum class fence_space : char { local_space, global_space, global_and_local };

// DPC++'s values, with its two parts of the global space (memory the device or the host
// allocated, the same memory here).
enum class address_space : int {
  private_space = 0,
  global_space = 1,
  constant_space = 2, // deprecated in SYCL 2020
  local_space = 3,
  ext_intel_global_device_space = 4,
  ext_intel_global_host_space = 5,
  generic_space = 6,
};

// Whether a multi_ptr's pointer type carries the address space; there is nothing to carry here.
enum class decorated : int { no, yes, legacy };
} // namespace access

using access_mode = access::mode;
using target = access::target;

} // namespace _V1
} // namespace sycl
