// reduce_over_group and joint_reduce with any binary operation (DPC++'s
// sycl_ext_oneapi_user_defined_reductions): the group helper's scratch memory holds one partial
// result per work-item, which the group's leader combines in the work-items' linear order (so
// the operation need only be associative) and broadcasts. A fundamental type under one of SYCL's
// function objects takes the core collective instead and leaves the memory unused, as the
// extension says. Values pass through the memory byte by byte, so it needs no alignment, and T
// must be trivially copyable.
#pragma once

#include <cstddef>
#include <cstring>
#include <iterator>
#include <type_traits>

#include "../../../functional.hpp"
#include "../../../group.hpp"
#include "../../../group_algorithm.hpp"
#include "group_helpers_sorters.hpp"

#define SYCL_EXT_ONEAPI_USER_DEFINED_REDUCTIONS 1

namespace sycl {
inline namespace _V1 {
namespace ext::oneapi::experimental {
namespace detail {

// Whether the core group collective computes this reduction.
template <typename T, typename BinaryOperation>
inline constexpr bool has_core_collective_v =
    sycl::detail::is_scalar_arithmetic_v<T> && sycl::detail::op_kind_v<BinaryOperation> != sycl::detail::op_kind::none;

// The `count` values of T in `memory` combined in order into `result`. Never inlined: the
// leader calls it under a one-lane mask, which the vectorizer makes one scalar call
// (docs/group-algorithms.md, "Sorting").
template <typename T, typename BinaryOperation>
[[gnu::noinline]] void combine_in_order(const std::byte *memory, std::size_t count, T &result,
                                        BinaryOperation binary_op) {
  std::memcpy(&result, memory, sizeof(T));
  for (std::size_t i = 1; i < count; ++i) {
    T next = result;
    std::memcpy(&next, memory + i * sizeof(T), sizeof(T));
    result = binary_op(result, next);
  }
}

// The combination, in linear order, of the partial results of the first `count` work-items of
// the group (count >= 1), on every work-item.
template <typename Group, typename T, typename BinaryOperation>
T combine_partials(const Group &g, std::byte *memory, T partial, std::size_t count, BinaryOperation binary_op) {
  static_assert(std::is_trivially_copyable_v<T>, "user-defined reductions need a trivially copyable type");
  const std::size_t id = g.get_local_linear_id();
  if (id < count) std::memcpy(memory + id * sizeof(T), &partial, sizeof(T));
  group_barrier(g);
  T result = partial;
  if (g.leader()) combine_in_order(memory, count, result, binary_op);
  return group_broadcast(g, result);
}

// The combination of [first, last) (not empty): each work-item combines its share, then the
// shares are combined in order.
template <typename T, typename Group, typename Ptr, typename BinaryOperation>
T joint_combine(const Group &g, std::byte *memory, Ptr first, Ptr last, BinaryOperation binary_op) {
  const std::size_t n = static_cast<std::size_t>(last - first);
  const sycl::detail::share s = sycl::detail::share_of(g, n);
  T partial = static_cast<T>(first[s.begin < n ? s.begin : 0]);
  for (std::size_t i = s.begin + 1; i < s.end; ++i) partial = binary_op(partial, static_cast<T>(first[i]));
  const std::size_t items = g.get_local_linear_range();
  return combine_partials(g, memory, partial, n < items ? n : items, binary_op);
}

} // namespace detail

template <typename GroupHelper, typename T, typename BinaryOperation>
std::enable_if_t<is_group_helper_v<GroupHelper>, T> reduce_over_group(GroupHelper gh, T x, BinaryOperation binary_op) {
  if constexpr (detail::has_core_collective_v<T, BinaryOperation>)
    return sycl::reduce_over_group(gh.get_group(), x, binary_op);
  else
    return detail::combine_partials(gh.get_group(), gh.get_memory().data(), x, gh.get_group().get_local_linear_range(),
                                    binary_op);
}
template <typename GroupHelper, typename V, typename T, typename BinaryOperation>
std::enable_if_t<is_group_helper_v<GroupHelper>, T> reduce_over_group(GroupHelper gh, V x, T init,
                                                                       BinaryOperation binary_op) {
  if constexpr (detail::has_core_collective_v<T, BinaryOperation> && sycl::detail::is_scalar_arithmetic_v<V>)
    return sycl::reduce_over_group(gh.get_group(), x, init, binary_op);
  else
    return binary_op(init, reduce_over_group(gh, static_cast<T>(x), binary_op));
}

template <typename GroupHelper, typename Ptr, typename BinaryOperation>
std::enable_if_t<is_group_helper_v<GroupHelper>, typename std::iterator_traits<Ptr>::value_type>
joint_reduce(GroupHelper gh, Ptr first, Ptr last, BinaryOperation binary_op) {
  using T = std::remove_cv_t<typename std::iterator_traits<Ptr>::value_type>;
  if constexpr (detail::has_core_collective_v<T, BinaryOperation>)
    return sycl::joint_reduce(gh.get_group(), first, last, binary_op);
  else
    return detail::joint_combine<T>(gh.get_group(), gh.get_memory().data(), first, last, binary_op);
}
template <typename GroupHelper, typename Ptr, typename T, typename BinaryOperation>
std::enable_if_t<is_group_helper_v<GroupHelper>, T> joint_reduce(GroupHelper gh, Ptr first, Ptr last, T init,
                                                                  BinaryOperation binary_op) {
  if constexpr (detail::has_core_collective_v<T, BinaryOperation>)
    return sycl::joint_reduce(gh.get_group(), first, last, init, binary_op);
  else
    return first == last ? init
                         : binary_op(init, detail::joint_combine<T>(gh.get_group(), gh.get_memory().data(), first, last,
                                                                    binary_op));
}

} // namespace ext::oneapi::experimental
} // namespace _V1
} // namespace sycl
