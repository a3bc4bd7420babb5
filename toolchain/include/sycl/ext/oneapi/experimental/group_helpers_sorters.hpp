// The group helper and the sorters of DPC++'s sycl_ext_oneapi_group_sort (revision 2), which
// sycl_ext_oneapi_user_defined_reductions also uses: group_with_scratchpad, is_group_helper,
// sorting_order, the data placement properties of the fixed-size array interfaces, and the
// default and radix sorters with their memory_required queries (the default sorters' also
// without the device argument, as DPC++ has them). group_sort.hpp has the sorting functions.
//
// How a group sorts here (docs/group-algorithms.md, "Sorting"): the group's leader sorts the
// whole range with a stable bottom-up merge sort, using the scratch memory as the merge buffer,
// between two group barriers. A work-group runs on one thread of the device, so the comparisons
// are the same work a cooperative sort would do, without its synchronisation. Values held by the
// work-items (sort_over_group) are first gathered into the scratch memory in the group's linear
// order and read back after the sort. The radix sorters order by the same keys a radix sort
// would use (the values' bits, masked, made order-preserving for signed and floating-point
// types), with the same stable merge sort: the results are those of a radix sort; BitsPerPass
// has no effect.
#pragma once

#include <bitset>
#include <climits>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <functional>
#include <iterator>
#include <tuple>
#include <type_traits>

#include "../../../detail/defines.hpp"
#include "../../../device.hpp"
#include "../../../group.hpp"
#include "../../../half_type.hpp"
#include "../../../memory_model.hpp"
#include "../../../sycl_span.hpp"
#include "../properties.hpp"
#include "group_load_store.hpp"

namespace sycl {
inline namespace _V1 {
namespace ext::oneapi::experimental {

enum class sorting_order { ascending, descending };

// Where a work-item's elements of a fixed-size array interface are in the group's range: a
// block of its own (blocked) or every group-size-th element (striped).
enum class group_algorithm_data_placement { blocked, striped };

struct input_data_placement_key {
  template <group_algorithm_data_placement Placement>
  using value_t = detail::constant_property_value<input_data_placement_key, Placement>;
};
struct output_data_placement_key {
  template <group_algorithm_data_placement Placement>
  using value_t = detail::constant_property_value<output_data_placement_key, Placement>;
};
template <group_algorithm_data_placement Placement>
inline constexpr input_data_placement_key::value_t<Placement> input_data_placement{};
template <group_algorithm_data_placement Placement>
inline constexpr output_data_placement_key::value_t<Placement> output_data_placement{};

// A group and the scratch memory its group algorithms may use (the same for every work-item of
// the group).
template <typename Group, std::size_t Extent = dynamic_extent> class group_with_scratchpad {
  static_assert(is_group_v<std::decay_t<Group>>, "group_with_scratchpad needs a work-group or a sub-group");

public:
  group_with_scratchpad(Group group, span<std::byte, Extent> scratch) : group_(group), scratch_(scratch) {}
  Group get_group() const { return group_; }
  span<std::byte, Extent> get_memory() const { return scratch_; }

private:
  Group group_;
  span<std::byte, Extent> scratch_;
};
template <typename Group, std::size_t Extent>
group_with_scratchpad(Group, span<std::byte, Extent>) -> group_with_scratchpad<Group, Extent>;

template <typename T> struct is_group_helper : std::false_type {};
template <typename Group, std::size_t Extent>
struct is_group_helper<group_with_scratchpad<Group, Extent>> : std::true_type {};
template <typename T> inline constexpr bool is_group_helper_v = is_group_helper<std::decay_t<T>>::value;

namespace detail {

// Whether a property list asks with Key for the striped placement (blocked if it names none).
template <typename Key, typename Properties> constexpr bool placement_is_striped() {
  if constexpr (Properties::template has_property<Key>())
    return decltype(Properties::template get_property<Key>())::value == group_algorithm_data_placement::striped;
  else
    return false;
}

// Bytes of scratch memory for `count` elements of T twice over (the values and the merge
// buffer), with room to align them.
template <typename T> constexpr std::size_t sort_scratch_bytes(std::size_t count) {
  return 2 * count * sizeof(T) + alignof(T);
}

// The first address of `memory` aligned for T.
template <typename T> T *aligned_in(std::byte *memory) {
  const std::uintptr_t address = reinterpret_cast<std::uintptr_t>(memory);
  const std::uintptr_t align = alignof(T);
  return reinterpret_cast<T *>((address + align - 1) / align * align);
}

// One pass of a bottom-up merge sort: merges the sorted runs of `width` elements of from[0, n)
// pairwise into to[0, n), taking from the left run when neither is less (stable).
template <typename Source, typename Target, typename Compare>
void merge_pass(Source from, Target to, std::size_t n, std::size_t width, Compare &comp) {
  for (std::size_t low = 0; low < n; low += 2 * width) {
    const std::size_t middle = low + width < n ? low + width : n;
    const std::size_t high = low + 2 * width < n ? low + 2 * width : n;
    std::size_t left = low, right = middle, out = low;
    while (left < middle && right < high) {
      if (comp(from[right], from[left]))
        to[out++] = from[right++];
      else
        to[out++] = from[left++];
    }
    while (left < middle) to[out++] = from[left++];
    while (right < high) to[out++] = from[right++];
  }
}

// Sorts data[0, n) stably with comp, using buffer[0, n) for the merges. Never inlined: the
// leader calls it under a one-lane mask, and the vectorizer makes such a call one scalar call
// (docs/group-algorithms.md, "Sorting"), where inlined code would run as masked vectors.
template <typename Iterator, typename T, typename Compare>
[[gnu::noinline]] void merge_sort(Iterator data, T *buffer, std::size_t n, Compare comp) {
  std::size_t width = 1;
  while (width < n) {
    merge_pass(data, buffer, n, width, comp);
    width *= 2;
    if (width >= n) {
      for (std::size_t i = 0; i < n; ++i) data[i] = buffer[i];
      return;
    }
    merge_pass(buffer, data, n, width, comp);
    width *= 2;
  }
}

// The group's leader sorts data[0, n); every work-item sees the sorted range afterwards.
template <typename Group, typename Iterator, typename T, typename Compare>
void group_sort_range(const Group &g, Iterator data, std::size_t n, T *buffer, Compare comp) {
  group_barrier(g);
  if (g.leader()) merge_sort(data, buffer, n, comp);
  group_barrier(g);
}

// Sorts the values of every work-item of the group (`values` each, laid out as the input
// placement says) with comp, and gives each work-item its share of the result by the output
// placement. `memory` holds the range and its merge buffer.
template <typename Properties, typename Group, typename T, std::size_t N, typename Compare>
void sort_spans(const Group &g, span<T, N> values, std::byte *memory, Compare comp) {
  constexpr bool input = placement_is_striped<input_data_placement_key, Properties>();
  constexpr bool output = placement_is_striped<output_data_placement_key, Properties>();
  const std::size_t count = g.get_local_linear_range() * N;
  T *range = aligned_in<T>(memory);
  for (std::size_t i = 0; i < N; ++i) range[placed_index(g, i, N, input)] = values[i];
  group_sort_range(g, range, count, range + count, comp);
  for (std::size_t i = 0; i < N; ++i) values[i] = range[placed_index(g, i, N, output)];
  group_barrier(g);
}

// A key and its value, sorted by the key.
template <typename Key, typename Value> struct key_value {
  Key key;
  Value value;
};
template <typename Compare> struct by_key {
  Compare comp;
  template <typename Pair> bool operator()(const Pair &a, const Pair &b) { return comp(a.key, b.key); }
};

template <typename Properties, typename Group, typename T, typename U, std::size_t N, typename Compare>
void sort_key_value_spans(const Group &g, span<T, N> keys, span<U, N> values, std::byte *memory, Compare comp) {
  constexpr bool input = placement_is_striped<input_data_placement_key, Properties>();
  constexpr bool output = placement_is_striped<output_data_placement_key, Properties>();
  using pair = key_value<T, U>;
  const std::size_t count = g.get_local_linear_range() * N;
  pair *range = aligned_in<pair>(memory);
  for (std::size_t i = 0; i < N; ++i) range[placed_index(g, i, N, input)] = pair{keys[i], values[i]};
  group_sort_range(g, range, count, range + count, by_key<Compare>{comp});
  for (std::size_t i = 0; i < N; ++i) {
    const pair &sorted = range[placed_index(g, i, N, output)];
    keys[i] = sorted.key;
    values[i] = sorted.value;
  }
  group_barrier(g);
}

template <typename Group, typename T, typename Compare> T sort_value(const Group &g, T value, std::byte *memory, Compare comp) {
  sort_spans<empty_properties_t>(g, span<T, 1>(&value, 1), memory, comp);
  return value;
}

// The unsigned integer whose order is T's order (radix sorts' keys): a signed integer with its
// sign bit flipped, a floating-point value with its sign bit flipped if it is positive and all
// its bits flipped if it is negative (-0.0 before +0.0).
template <typename T> auto radix_key(T value) {
  static_assert(std::is_arithmetic_v<T> || std::is_same_v<T, half>, "radix sorters sort arithmetic types");
  using bits_type = std::conditional_t<
      sizeof(T) == 1, std::uint8_t,
      std::conditional_t<sizeof(T) == 2, std::uint16_t, std::conditional_t<sizeof(T) == 4, std::uint32_t, std::uint64_t>>>;
  bits_type bits;
  std::memcpy(&bits, &value, sizeof(T));
  constexpr bits_type sign = bits_type(1) << (sizeof(T) * CHAR_BIT - 1);
  if constexpr (std::is_same_v<T, bool> || std::is_unsigned_v<T>)
    return bits;
  else if constexpr (std::is_integral_v<T>)
    return bits_type(bits ^ sign);
  else
    return bits_type((bits & sign) != 0 ? ~bits : bits | sign);
}

// Compares by radix keys restricted to `mask`.
template <typename T, sorting_order Order> struct radix_compare {
  std::uint64_t mask;
  bool operator()(const T &a, const T &b) const {
    const std::uint64_t left = radix_key(a) & mask, right = radix_key(b) & mask;
    return Order == sorting_order::ascending ? left < right : left > right;
  }
};

} // namespace detail

namespace default_sorters {

template <typename Compare = std::less<>> class joint_sorter {
public:
  template <std::size_t Extent>
  joint_sorter(span<std::byte, Extent> scratch, Compare comp = {}) : memory_(scratch.data()), comp_(comp) {}

  template <typename Group, typename Ptr> void operator()(Group g, Ptr first, Ptr last) {
    using T = std::remove_cv_t<typename std::iterator_traits<Ptr>::value_type>;
    detail::group_sort_range(g, first, static_cast<std::size_t>(last - first), detail::aligned_in<T>(memory_), comp_);
  }

  template <typename T> static constexpr std::size_t memory_required(memory_scope, std::size_t range_size) {
    return range_size * sizeof(T) + alignof(T);
  }
  template <typename T> static std::size_t memory_required(sycl::device, memory_scope scope, std::size_t range_size) {
    return memory_required<T>(scope, range_size);
  }

private:
  std::byte *memory_;
  Compare comp_;
};

template <typename T, typename Compare = std::less<>, std::size_t ElementsPerWorkItem = 1> class group_sorter {
public:
  template <std::size_t Extent>
  group_sorter(span<std::byte, Extent> scratch, Compare comp = {}) : memory_(scratch.data()), comp_(comp) {}

  template <typename Group> T operator()(Group g, T value) { return detail::sort_value(g, value, memory_, comp_); }
  template <typename Group, typename Properties>
  void operator()(Group g, span<T, ElementsPerWorkItem> values, Properties) {
    detail::sort_spans<Properties>(g, values, memory_, comp_);
  }

  static constexpr std::size_t memory_required(memory_scope, std::size_t range_size) {
    return detail::sort_scratch_bytes<T>(range_size * ElementsPerWorkItem);
  }
  static std::size_t memory_required(sycl::device, memory_scope scope, std::size_t range_size) {
    return memory_required(scope, range_size);
  }

private:
  std::byte *memory_;
  Compare comp_;
};

template <typename T, typename U, typename Compare = std::less<>, std::size_t ElementsPerWorkItem = 1>
class group_key_value_sorter {
public:
  template <std::size_t Extent>
  group_key_value_sorter(span<std::byte, Extent> scratch, Compare comp = {}) : memory_(scratch.data()), comp_(comp) {}

  template <typename Group> std::tuple<T, U> operator()(Group g, T key, U value) {
    detail::sort_key_value_spans<empty_properties_t>(g, span<T, 1>(&key, 1), span<U, 1>(&value, 1), memory_, comp_);
    return {key, value};
  }
  template <typename Group, typename Properties>
  void operator()(Group g, span<T, ElementsPerWorkItem> keys, span<U, ElementsPerWorkItem> values, Properties) {
    detail::sort_key_value_spans<Properties>(g, keys, values, memory_, comp_);
  }

  static constexpr std::size_t memory_required(memory_scope, std::size_t range_size) {
    return detail::sort_scratch_bytes<detail::key_value<T, U>>(range_size * ElementsPerWorkItem);
  }
  static std::size_t memory_required(sycl::device, memory_scope scope, std::size_t range_size) {
    return memory_required(scope, range_size);
  }

private:
  std::byte *memory_;
  Compare comp_;
};

} // namespace default_sorters

namespace radix_sorters {

template <typename T> using radix_mask = std::bitset<sizeof(T) * CHAR_BIT>;

template <typename T, sorting_order Order = sorting_order::ascending, unsigned int BitsPerPass = 4> class joint_sorter {
public:
  template <std::size_t Extent>
  joint_sorter(span<std::byte, Extent> scratch, const radix_mask<T> mask = radix_mask<T>(~0ull))
      : memory_(scratch.data()), mask_(mask.to_ullong()) {}

  template <typename Group, typename Ptr> void operator()(Group g, Ptr first, Ptr last) {
    detail::group_sort_range(g, first, static_cast<std::size_t>(last - first), detail::aligned_in<T>(memory_),
                             detail::radix_compare<T, Order>{mask_});
  }

  static constexpr std::size_t memory_required(memory_scope, std::size_t range_size) {
    return range_size * sizeof(T) + alignof(T);
  }

private:
  std::byte *memory_;
  std::uint64_t mask_;
};

template <typename T, sorting_order Order = sorting_order::ascending, std::size_t ElementsPerWorkItem = 1,
          unsigned int BitsPerPass = 4>
class group_sorter {
public:
  template <std::size_t Extent>
  group_sorter(span<std::byte, Extent> scratch, const radix_mask<T> mask = radix_mask<T>(~0ull))
      : memory_(scratch.data()), mask_(mask.to_ullong()) {}

  template <typename Group> T operator()(Group g, T value) {
    return detail::sort_value(g, value, memory_, detail::radix_compare<T, Order>{mask_});
  }
  template <typename Group, typename Properties>
  void operator()(Group g, span<T, ElementsPerWorkItem> values, Properties) {
    detail::sort_spans<Properties>(g, values, memory_, detail::radix_compare<T, Order>{mask_});
  }

  static constexpr std::size_t memory_required(memory_scope, std::size_t range_size) {
    return detail::sort_scratch_bytes<T>(range_size * ElementsPerWorkItem);
  }

private:
  std::byte *memory_;
  std::uint64_t mask_;
};

template <typename T, typename U, sorting_order Order = sorting_order::ascending, std::size_t ElementsPerWorkItem = 1,
          unsigned int BitsPerPass = 4>
class group_key_value_sorter {
public:
  template <std::size_t Extent>
  group_key_value_sorter(span<std::byte, Extent> scratch, const radix_mask<T> mask = radix_mask<T>(~0ull))
      : memory_(scratch.data()), mask_(mask.to_ullong()) {}

  template <typename Group> std::tuple<T, U> operator()(Group g, T key, U value) {
    detail::sort_key_value_spans<empty_properties_t>(g, span<T, 1>(&key, 1), span<U, 1>(&value, 1), memory_,
                                                     detail::radix_compare<T, Order>{mask_});
    return {key, value};
  }
  template <typename Group, typename Properties>
  void operator()(Group g, span<T, ElementsPerWorkItem> keys, span<U, ElementsPerWorkItem> values, Properties) {
    detail::sort_key_value_spans<Properties>(g, keys, values, memory_, detail::radix_compare<T, Order>{mask_});
  }

  static constexpr std::size_t memory_required(memory_scope, std::size_t range_size) {
    return detail::sort_scratch_bytes<detail::key_value<T, U>>(range_size * ElementsPerWorkItem);
  }

private:
  std::byte *memory_;
  std::uint64_t mask_;
};

} // namespace radix_sorters

} // namespace ext::oneapi::experimental
} // namespace _V1
} // namespace sycl
