// DPC++'s sycl_ext_oneapi_non_uniform_groups: groups made of some work-items of a sub-group.
// ballot_group (get_ballot_group: the work-items whose predicate agrees), fixed_size_group
// (get_fixed_size_group<N>: aligned runs of N), tangle_group (get_tangle_group: the work-items
// that reach the call together) and opportunistic_group (this_kernel::get_opportunistic_group),
// with the extension's later names beside them: fragment (binary_partition), chunk
// (chunked_partition<N>) and sycl_ext_oneapi_tangle's tangle (entangle). The traits is_fixed_topology_group and is_user_constructed_group.
//
// Each group is a part of its sub-group, described by the mask of its lanes
// (sycl::detail::partitioned_sub_group in group.hpp); the group functions and algorithms
// compute on it with the sub-group's collectives and shuffles (group_algorithm.hpp,
// "Partitions of a sub-group"; docs/group-algorithms.md). Work-items that call together are
// the lanes of one vector: a tangle or opportunistic group is the lanes active at the call (the
// vectorizer folds a sub-group operation under a branch over the lanes that reach it); in a
// kernel left scalar it is the work-item itself, which the extension allows.
#pragma once

#include <cstddef>
#include <cstdint>
#include <type_traits>

#include "../../../group.hpp"
#include "../../../group_algorithm.hpp"
#include "../free_function_queries.hpp"
#include "../sub_group_mask.hpp"

#define SYCL_EXT_ONEAPI_NON_UNIFORM_GROUPS 1
#define SYCL_EXT_ONEAPI_TANGLE 1

namespace sycl {
inline namespace _V1 {
namespace ext::oneapi::experimental {
namespace detail {

// The lanes of `sg` whose predicate is true, as bits.
inline std::uint64_t lanes_where(const sub_group &sg, bool predicate) {
  std::uint64_t bits = 0;
  group_ballot(sg, predicate).extract_bits(bits);
  return bits;
}
} // namespace detail

template <typename ParentGroup> class ballot_group : public sycl::detail::partitioned_sub_group {
public:
  // Not part of the SYCL interface: get_ballot_group makes ballot groups.
  using partitioned_sub_group::partitioned_sub_group;
};
template <typename ParentGroup> class tangle_group : public sycl::detail::partitioned_sub_group {
public:
  // Not part of the SYCL interface: get_tangle_group makes tangle groups.
  using partitioned_sub_group::partitioned_sub_group;
};
template <typename ParentGroup> class tangle : public sycl::detail::partitioned_sub_group {
public:
  // Not part of the SYCL interface: entangle makes tangles.
  using partitioned_sub_group::partitioned_sub_group;
};
template <typename ParentGroup> class fragment : public sycl::detail::partitioned_sub_group {
public:
  // Not part of the SYCL interface: binary_partition and the conversions make fragments.
  using partitioned_sub_group::partitioned_sub_group;
};
class opportunistic_group : public sycl::detail::partitioned_sub_group {
public:
  // Not part of the SYCL interface: this_kernel::get_opportunistic_group makes them.
  using partitioned_sub_group::partitioned_sub_group;
  operator fragment<sub_group>() const { return fragment<sub_group>(get_spec()); }
};
template <std::size_t PartitionSize, typename ParentGroup>
class fixed_size_group : public sycl::detail::partitioned_sub_group {
  static_assert(PartitionSize > 0 && (PartitionSize & (PartitionSize - 1)) == 0,
                "a fixed-size group's size is a power of 2");

public:
  // Not part of the SYCL interface: get_fixed_size_group makes fixed-size groups.
  using partitioned_sub_group::partitioned_sub_group;
};
template <std::size_t ChunkSize, typename ParentGroup> class chunk : public sycl::detail::partitioned_sub_group {
  static_assert(ChunkSize > 0 && (ChunkSize & (ChunkSize - 1)) == 0, "a chunk's size is a power of 2");

public:
  // Not part of the SYCL interface: chunked_partition makes chunks.
  using partitioned_sub_group::partitioned_sub_group;
  operator fragment<ParentGroup>() const { return fragment<ParentGroup>(get_spec()); }
};

// ---- Making them ------------------------------------------------------------------------------

template <typename ParentGroup>
std::enable_if_t<std::is_same_v<std::decay_t<ParentGroup>, sub_group>, ballot_group<ParentGroup>>
get_ballot_group(ParentGroup group, bool predicate) {
  const std::uint64_t chosen = detail::lanes_where(group, predicate), all = detail::lanes_where(group, true);
  return ballot_group<ParentGroup>(
      {predicate ? chosen : all & ~chosen, group.get_local_linear_id(), predicate ? 1u : 0u, 2, 0});
}
template <typename ParentGroup>
std::enable_if_t<std::is_same_v<std::decay_t<ParentGroup>, sub_group>, fragment<ParentGroup>>
binary_partition(ParentGroup group, bool predicate) {
  return fragment<ParentGroup>(get_ballot_group(group, predicate).get_spec());
}

template <std::size_t PartitionSize, typename ParentGroup>
std::enable_if_t<std::is_same_v<std::decay_t<ParentGroup>, sub_group>, fixed_size_group<PartitionSize, ParentGroup>>
get_fixed_size_group(ParentGroup group) {
  const std::uint32_t lane = group.get_local_linear_id(), size = PartitionSize;
  const std::uint64_t run = size >= 64 ? ~std::uint64_t(0) : (std::uint64_t(1) << size) - 1;
  return fixed_size_group<PartitionSize, ParentGroup>(
      {run << (lane / size * size), lane, lane / size, group.get_local_linear_range() / size, size});
}
template <std::size_t ChunkSize, typename ParentGroup>
std::enable_if_t<std::is_same_v<std::decay_t<ParentGroup>, sub_group>, chunk<ChunkSize, ParentGroup>>
chunked_partition(ParentGroup group) {
  return chunk<ChunkSize, ParentGroup>(get_fixed_size_group<ChunkSize>(group).get_spec());
}

template <typename ParentGroup>
std::enable_if_t<std::is_same_v<std::decay_t<ParentGroup>, sub_group>, tangle_group<ParentGroup>>
get_tangle_group(ParentGroup group) {
  return tangle_group<ParentGroup>({detail::lanes_where(group, true), group.get_local_linear_id(), 0, 1, 0});
}

// sycl_ext_oneapi_tangle's name for a tangle group.
template <typename ParentGroup>
std::enable_if_t<std::is_same_v<std::decay_t<ParentGroup>, sub_group>, tangle<ParentGroup>> entangle(ParentGroup group) {
  return tangle<ParentGroup>(get_tangle_group(group).get_spec());
}

namespace this_kernel {
inline opportunistic_group get_opportunistic_group() {
  const sub_group group = this_work_item::get_sub_group();
  return opportunistic_group({detail::lanes_where(group, true), group.get_local_linear_id(), 0, 1, 0});
}
} // namespace this_kernel

// ---- Traits -----------------------------------------------------------------------------------

template <typename T> struct is_fixed_topology_group : std::false_type {};
template <int Dims> struct is_fixed_topology_group<group<Dims>> : std::true_type {};
template <> struct is_fixed_topology_group<sub_group> : std::true_type {};
template <typename T> inline constexpr bool is_fixed_topology_group_v = is_fixed_topology_group<T>::value;

template <typename T> struct is_user_constructed_group : std::false_type {};
template <typename P> struct is_user_constructed_group<ballot_group<P>> : std::true_type {};
template <typename P> struct is_user_constructed_group<tangle_group<P>> : std::true_type {};
template <typename P> struct is_user_constructed_group<tangle<P>> : std::true_type {};
template <typename P> struct is_user_constructed_group<fragment<P>> : std::true_type {};
template <std::size_t N, typename P> struct is_user_constructed_group<fixed_size_group<N, P>> : std::true_type {};
template <std::size_t N, typename P> struct is_user_constructed_group<chunk<N, P>> : std::true_type {};
template <> struct is_user_constructed_group<opportunistic_group> : std::true_type {};
template <typename T> inline constexpr bool is_user_constructed_group_v = is_user_constructed_group<T>::value;

} // namespace ext::oneapi::experimental

template <typename P> struct is_group<ext::oneapi::experimental::ballot_group<P>> : std::true_type {};
template <typename P> struct is_group<ext::oneapi::experimental::tangle_group<P>> : std::true_type {};
template <typename P> struct is_group<ext::oneapi::experimental::tangle<P>> : std::true_type {};
template <typename P> struct is_group<ext::oneapi::experimental::fragment<P>> : std::true_type {};
template <std::size_t N, typename P>
struct is_group<ext::oneapi::experimental::fixed_size_group<N, P>> : std::true_type {};
template <std::size_t N, typename P> struct is_group<ext::oneapi::experimental::chunk<N, P>> : std::true_type {};
template <> struct is_group<ext::oneapi::experimental::opportunistic_group> : std::true_type {};

} // namespace _V1
} // namespace sycl
