// The sorting functions of DPC++'s sycl_ext_oneapi_group_sort (revision 2): joint_sort,
// sort_over_group and sort_key_value_over_group, with a group helper (the default sorters on
// its scratch memory) or with a sorter, and the fixed-size array forms. The sorters and how they
// sort are in group_helpers_sorters.hpp.
#pragma once

#include <cstddef>
#include <functional>
#include <iterator>
#include <tuple>
#include <type_traits>

#include "../../../group.hpp"
#include "../../../sycl_span.hpp"
#include "../properties.hpp"
#include "group_helpers_sorters.hpp"

#define SYCL_EXT_ONEAPI_GROUP_SORT 2

namespace sycl {
inline namespace _V1 {
namespace ext::oneapi::experimental {
namespace detail {
template <typename Group> inline constexpr bool is_sort_group_v = is_group_v<std::decay_t<Group>>;
template <typename Properties> inline constexpr bool is_placement_list_v = is_property_list_v<std::decay_t<Properties>>;
} // namespace detail

// ---- joint_sort -------------------------------------------------------------------------------

template <typename GroupHelper, typename Ptr, typename Compare = std::less<>>
std::enable_if_t<is_group_helper_v<GroupHelper>> joint_sort(GroupHelper gh, Ptr first, Ptr last,
                                                                   Compare comp = {}) {
  default_sorters::joint_sorter<Compare>(gh.get_memory(), comp)(gh.get_group(), first, last);
}
template <typename Group, typename Ptr, typename Sorter>
std::enable_if_t<detail::is_sort_group_v<Group>> joint_sort(Group g, Ptr first, Ptr last, Sorter sorter) {
  sorter(g, first, last);
}

// ---- sort_over_group --------------------------------------------------------------------------

template <typename GroupHelper, typename T, typename Compare = std::less<>>
std::enable_if_t<is_group_helper_v<GroupHelper> && !detail::is_placement_list_v<Compare>, T>
sort_over_group(GroupHelper gh, T value, Compare comp = {}) {
  return default_sorters::group_sorter<T, Compare>(gh.get_memory(), comp)(gh.get_group(), value);
}
template <typename Group, typename T, typename Sorter>
std::enable_if_t<detail::is_sort_group_v<Group>, T> sort_over_group(Group g, T value, Sorter sorter) {
  return sorter(g, value);
}

template <typename GroupHelper, typename T, std::size_t ElementsPerWorkItem, typename Properties = empty_properties_t>
std::enable_if_t<is_group_helper_v<GroupHelper> && detail::is_placement_list_v<Properties>>
sort_over_group(GroupHelper gh, span<T, ElementsPerWorkItem> values, Properties properties = {}) {
  sort_over_group(gh, values, std::less<>{}, properties);
}
template <typename GroupHelper, typename T, std::size_t ElementsPerWorkItem, typename Compare,
          typename Properties = empty_properties_t>
std::enable_if_t<is_group_helper_v<GroupHelper> && !detail::is_placement_list_v<Compare> &&
                 detail::is_placement_list_v<Properties>>
sort_over_group(GroupHelper gh, span<T, ElementsPerWorkItem> values, Compare comp, Properties properties = {}) {
  default_sorters::group_sorter<T, Compare, ElementsPerWorkItem>(gh.get_memory(), comp)(gh.get_group(), values,
                                                                                       properties);
}
template <typename Group, typename T, std::size_t ElementsPerWorkItem, typename Sorter,
          typename Properties = empty_properties_t>
std::enable_if_t<detail::is_sort_group_v<Group> && detail::is_placement_list_v<Properties>>
sort_over_group(Group g, span<T, ElementsPerWorkItem> values, Sorter sorter, Properties properties = {}) {
  sorter(g, values, properties);
}

// ---- sort_key_value_over_group ----------------------------------------------------------------

template <typename GroupHelper, typename T, typename U, typename Compare = std::less<>>
std::enable_if_t<is_group_helper_v<GroupHelper>, std::tuple<T, U>>
sort_key_value_over_group(GroupHelper gh, T key, U value, Compare comp = {}) {
  return default_sorters::group_key_value_sorter<T, U, Compare>(gh.get_memory(), comp)(gh.get_group(), key, value);
}
template <typename Group, typename T, typename U, typename Sorter>
std::enable_if_t<detail::is_sort_group_v<Group>, std::tuple<T, U>> sort_key_value_over_group(Group g, T key, U value,
                                                                                             Sorter sorter) {
  return sorter(g, key, value);
}

template <typename GroupHelper, typename T, typename U, std::size_t ElementsPerWorkItem,
          typename Properties = empty_properties_t>
std::enable_if_t<is_group_helper_v<GroupHelper> && detail::is_placement_list_v<Properties>>
sort_key_value_over_group(GroupHelper gh, span<T, ElementsPerWorkItem> keys, span<U, ElementsPerWorkItem> values,
                          Properties properties = {}) {
  sort_key_value_over_group(gh, keys, values, std::less<>{}, properties);
}
template <typename GroupHelper, typename T, typename U, std::size_t ElementsPerWorkItem, typename Compare,
          typename Properties = empty_properties_t>
std::enable_if_t<is_group_helper_v<GroupHelper> && !detail::is_placement_list_v<Compare> &&
                 detail::is_placement_list_v<Properties>>
sort_key_value_over_group(GroupHelper gh, span<T, ElementsPerWorkItem> keys, span<U, ElementsPerWorkItem> values,
                          Compare comp, Properties properties = {}) {
  default_sorters::group_key_value_sorter<T, U, Compare, ElementsPerWorkItem>(gh.get_memory(), comp)(
      gh.get_group(), keys, values, properties);
}
template <typename Group, typename T, typename U, std::size_t ElementsPerWorkItem, typename Sorter,
          typename Properties = empty_properties_t>
std::enable_if_t<detail::is_sort_group_v<Group> && detail::is_placement_list_v<Properties>>
sort_key_value_over_group(Group g, span<T, ElementsPerWorkItem> keys, span<U, ElementsPerWorkItem> values,
                          Sorter sorter, Properties properties = {}) {
  sorter(g, keys, values, properties);
}

} // namespace ext::oneapi::experimental
} // namespace _V1
} // namespace sycl
