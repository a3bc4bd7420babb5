// <sycl/ext/intel/experimental/usm_properties.hpp>: DPC++'s sycl_ext_intel_usm_properties, the
// runtime properties of USM allocations for FPGA memory systems: buffer_location (which of an
// FPGA board's memories to allocate in). A CPU has one memory, so allocations given it are the
// same as without it; the property is kept in the list for has_property/get_property.
#pragma once

#include "../../../properties.hpp"

namespace sycl {
inline namespace _V1 {
namespace ext::intel::experimental::property::usm {
class buffer_location {
public:
  explicit buffer_location(int location) : location_(location) {}
  int get_buffer_location() const { return location_; }

private:
  int location_;
};
} // namespace ext::intel::experimental::property::usm

template <> struct is_property<ext::intel::experimental::property::usm::buffer_location> : std::true_type {};

} // namespace _V1
} // namespace sycl
