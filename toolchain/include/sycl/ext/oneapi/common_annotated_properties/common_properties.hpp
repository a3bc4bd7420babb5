// <sycl/ext/oneapi/common_annotated_properties/common_properties.hpp>: the FPGA kernel-interface
// properties older DPC++ declared for annotated_arg and annotated_ptr in
// sycl::ext::oneapi::experimental (register_map, conduit, stable, buffer_location, awidth,
// dwidth, latency, read_write_mode, maxburst, wait_request), so that programs written for it
// compile. They describe an FPGA kernel's memory interfaces and registers, which a CPU does not
// have: here they are compile-time properties an annotated_arg or annotated_ptr carries and
// reports, and nothing else (docs/dpcpp-headers.md, "Annotated pointers"). Newer DPC++ has them
// in sycl::ext::intel::experimental (fpga_annotated_properties.hpp, not supported).
#pragma once

#include <cstdint>
#include <type_traits>

#include "../experimental/common_annotated_properties/properties.hpp"

namespace sycl {
inline namespace _V1 {
namespace ext::oneapi::experimental {

struct register_map_key {
  using value_t = detail::flag_property_value<register_map_key>;
};
struct conduit_key {
  using value_t = detail::flag_property_value<conduit_key>;
};
struct stable_key {
  using value_t = detail::flag_property_value<stable_key>;
};
inline constexpr register_map_key::value_t register_map{};
inline constexpr conduit_key::value_t conduit{};
inline constexpr stable_key::value_t stable{};

struct buffer_location_key {
  template <int K> using value_t = detail::constant_property_value<buffer_location_key, K>;
};
struct awidth_key {
  template <int K> using value_t = detail::constant_property_value<awidth_key, K>;
};
struct dwidth_key {
  template <int K> using value_t = detail::constant_property_value<dwidth_key, K>;
};
struct latency_key {
  template <int K> using value_t = detail::constant_property_value<latency_key, K>;
};
struct maxburst_key {
  template <int K> using value_t = detail::constant_property_value<maxburst_key, K>;
};
struct wait_request_key {
  template <int K> using value_t = detail::constant_property_value<wait_request_key, K>;
};
template <int N> inline constexpr buffer_location_key::value_t<N> buffer_location{};
template <int W> inline constexpr awidth_key::value_t<W> awidth{};
template <int W> inline constexpr dwidth_key::value_t<W> dwidth{};
template <int N> inline constexpr latency_key::value_t<N> latency{};
template <int N> inline constexpr maxburst_key::value_t<N> maxburst{};
template <int Enable> inline constexpr wait_request_key::value_t<Enable> wait_request{};
inline constexpr wait_request_key::value_t<1> wait_request_requested{};
inline constexpr wait_request_key::value_t<0> wait_request_not_requested{};

enum class read_write_mode_enum : std::uint16_t { read, write, read_write };
struct read_write_mode_key {
  template <read_write_mode_enum Mode> using value_t = detail::constant_property_value<read_write_mode_key, Mode>;
};
template <read_write_mode_enum Mode> inline constexpr read_write_mode_key::value_t<Mode> read_write_mode{};
inline constexpr read_write_mode_key::value_t<read_write_mode_enum::read> read_write_mode_read{};
inline constexpr read_write_mode_key::value_t<read_write_mode_enum::write> read_write_mode_write{};
inline constexpr read_write_mode_key::value_t<read_write_mode_enum::read_write> read_write_mode_readwrite{};

// The register and conduit properties are for any argument; the memory-interface ones for
// pointers.
template <typename T> struct is_valid_property<T, register_map_key::value_t> : std::true_type {};
template <typename T> struct is_valid_property<T, conduit_key::value_t> : std::true_type {};
template <typename T> struct is_valid_property<T, stable_key::value_t> : std::true_type {};
template <typename T, int N> struct is_valid_property<T, buffer_location_key::value_t<N>> : std::is_pointer<T> {};
template <typename T, int W> struct is_valid_property<T, awidth_key::value_t<W>> : std::is_pointer<T> {};
template <typename T, int W> struct is_valid_property<T, dwidth_key::value_t<W>> : std::is_pointer<T> {};
template <typename T, int N> struct is_valid_property<T, latency_key::value_t<N>> : std::is_pointer<T> {};
template <typename T, int N> struct is_valid_property<T, maxburst_key::value_t<N>> : std::is_pointer<T> {};
template <typename T, int Enable> struct is_valid_property<T, wait_request_key::value_t<Enable>> : std::is_pointer<T> {};
template <typename T, read_write_mode_enum Mode>
struct is_valid_property<T, read_write_mode_key::value_t<Mode>> : std::is_pointer<T> {};

} // namespace ext::oneapi::experimental
} // namespace _V1
} // namespace sycl
