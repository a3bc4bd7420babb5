// group_load and group_store (DPC++'s sycl_ext_oneapi_group_load_store): a work-group or
// sub-group reads or writes a contiguous range of `group size x N` elements, N per work-item,
// which each work-item holds as one value, a span or a vec. With the blocked placement (the
// default) work-item i has elements [i N, (i + 1) N); with the striped placement it has elements
// i, i + size, i + 2 size, … . The contiguous_memory and full_group properties promise what the
// accesses already assume here; each work-item accesses its own elements, with no barrier.
#pragma once

#include <cstddef>
#include <iterator>
#include <type_traits>

#include "../../../group.hpp"
#include "../../../sycl_span.hpp"
#include "../../../vec.hpp"
#include "../properties.hpp"

namespace sycl {
inline namespace _V1 {
namespace ext::oneapi::experimental {

enum class data_placement_enum { blocked, striped };

struct data_placement_key {
  template <data_placement_enum Placement> using value_t = detail::constant_property_value<data_placement_key, Placement>;
};
template <data_placement_enum Placement> inline constexpr data_placement_key::value_t<Placement> data_placement{};
inline constexpr data_placement_key::value_t<data_placement_enum::blocked> data_placement_blocked{};
inline constexpr data_placement_key::value_t<data_placement_enum::striped> data_placement_striped{};

struct contiguous_memory_key {
  using value_t = detail::flag_property_value<contiguous_memory_key>;
};
inline constexpr contiguous_memory_key::value_t contiguous_memory{};

struct full_group_key {
  using value_t = detail::flag_property_value<full_group_key>;
};
inline constexpr full_group_key::value_t full_group{};

namespace detail {
template <typename T> inline constexpr bool is_vec_v = false;
template <typename T, int N> inline constexpr bool is_vec_v<vec<T, N>> = true;

template <typename Group, typename Properties>
inline constexpr bool is_load_store_call_v =
    is_group_v<std::decay_t<Group>> && is_property_list_v<std::decay_t<Properties>>;

// Where the work-item's i-th of n elements is in the group's range: in a block of its own
// (blocked), or every group-size-th (striped). The group sorts' placements use it too.
template <typename Group> std::size_t placed_index(const Group &g, std::size_t i, std::size_t n, bool striped) {
  const std::size_t id = g.get_local_linear_id();
  return striped ? i * g.get_local_linear_range() + id : id * n + i;
}
// Whether a property list asks for the striped placement.
template <typename Properties> constexpr bool is_striped() {
  if constexpr (Properties::template has_property<data_placement_key>())
    return decltype(Properties::template get_property<data_placement_key>())::value == data_placement_enum::striped;
  else
    return false;
}
} // namespace detail

template <typename Group, typename InputIteratorT, typename OutputT, typename Properties = empty_properties_t>
std::enable_if_t<detail::is_load_store_call_v<Group, Properties> && !detail::is_vec_v<OutputT>>
group_load(Group g, InputIteratorT in_ptr, OutputT &out, Properties = {}) {
  out = in_ptr[g.get_local_linear_id()];
}
template <typename Group, typename InputIteratorT, typename OutputT, std::size_t N,
          typename Properties = empty_properties_t>
std::enable_if_t<detail::is_load_store_call_v<Group, Properties>>
group_load(Group g, InputIteratorT in_ptr, span<OutputT, N> out, Properties = {}) {
  static_assert(N != dynamic_extent, "group_load needs a span of a fixed size");
  for (std::size_t i = 0; i < N; ++i) out[i] = in_ptr[detail::placed_index(g, i, N, detail::is_striped<Properties>())];
}
template <typename Group, typename InputIteratorT, typename OutputT, int N, typename Properties = empty_properties_t>
std::enable_if_t<detail::is_load_store_call_v<Group, Properties>>
group_load(Group g, InputIteratorT in_ptr, vec<OutputT, N> &out, Properties = {}) {
  for (int i = 0; i < N; ++i) out[i] = in_ptr[detail::placed_index(g, std::size_t(i), N, detail::is_striped<Properties>())];
}

template <typename Group, typename InputT, typename OutputIteratorT, typename Properties = empty_properties_t>
std::enable_if_t<detail::is_load_store_call_v<Group, Properties> && !detail::is_vec_v<InputT>>
group_store(Group g, const InputT &in, OutputIteratorT out_ptr, Properties = {}) {
  out_ptr[g.get_local_linear_id()] = in;
}
template <typename Group, typename InputT, std::size_t N, typename OutputIteratorT,
          typename Properties = empty_properties_t>
std::enable_if_t<detail::is_load_store_call_v<Group, Properties>>
group_store(Group g, const span<InputT, N> in, OutputIteratorT out_ptr, Properties = {}) {
  static_assert(N != dynamic_extent, "group_store needs a span of a fixed size");
  for (std::size_t i = 0; i < N; ++i) out_ptr[detail::placed_index(g, i, N, detail::is_striped<Properties>())] = in[i];
}
template <typename Group, typename InputT, int N, typename OutputIteratorT, typename Properties = empty_properties_t>
std::enable_if_t<detail::is_load_store_call_v<Group, Properties>>
group_store(Group g, const vec<InputT, N> &in, OutputIteratorT out_ptr, Properties = {}) {
  for (int i = 0; i < N; ++i) out_ptr[detail::placed_index(g, std::size_t(i), N, detail::is_striped<Properties>())] = in[i];
}

} // namespace ext::oneapi::experimental
} // namespace _V1
} // namespace sycl
