// sycl::group, sycl::sub_group, sycl::is_group and sycl::group_barrier (SYCL 2020 sections
// 4.9.1.7, 4.9.1.8, 4.17.1 and 4.17.3).
//
// A group holds its id and ranges, read from the device builtins (detail/work_item.hpp) when the
// kernel makes it: groups have by-value semantics (SYCL 2020 4.5.3), so a copy written out of a
// kernel still answers them on the host and compares with other copies. Its local id is the
// calling work-item's, so that query reads the builtins each time and works in kernels only.
// Groups are made inside nd_range and hierarchical kernels (hierarchical.hpp launches those so
// that the builtins give the hierarchical ids). A sub_group is empty: every query reads the
// builtins.
//
// Sub-groups are the lanes of one vector of the vectorized kernel: consecutive work-items along
// the work-group's last dimension (the device's x), as many as the vector width, the last of a
// row possibly fewer; a kernel that is not vectorized has sub-groups of one work-item
// (docs/vectorizer.md, "Sub-groups"). Their queries read the SPIR-V sub-group builtins.
#pragma once

#include <cstddef>
#include <cstdint>
#include <type_traits>

#include "detail/builtins.hpp"
#include "detail/defines.hpp"
#include "detail/work_item.hpp"
#include "device_event.hpp"
#include "memory_model.hpp"
#include "range.hpp"

namespace sycl {
inline namespace _V1 {

namespace detail {
struct group_tag {};
} // namespace detail

template <int Dims> class h_item;

template <int Dims = 1> class group : public detail::work_group_copies<Dims> {
  static_assert(Dims >= 1 && Dims <= 3, "SYCL supports 1 to 3 dimensions");

public:
  using id_type = id<Dims>;
  using range_type = range<Dims>;
  using linear_id_type = std::size_t;
  static constexpr int dimensions = Dims;
  static constexpr memory_scope fence_scope = memory_scope::work_group;

  group() = delete;
  // Not part of the SYCL interface: nd_item::get_group makes groups.
  explicit group(detail::group_tag)
      : group_id_(detail::query::group_id<Dims>()), local_range_(detail::query::local_range<Dims>()),
        group_range_(detail::query::group_range<Dims>()) {}

  id<Dims> get_group_id() const { return group_id_; }
  std::size_t get_group_id(int dimension) const { return group_id_[dimension]; }
  id<Dims> get_local_id() const { return detail::query::local_id<Dims>(); }
  std::size_t get_local_id(int dimension) const { return detail::query::local_id<Dims>(dimension); }
  range<Dims> get_local_range() const { return local_range_; }
  std::size_t get_local_range(int dimension) const { return local_range_[dimension]; }
  range<Dims> get_group_range() const { return group_range_; }
  std::size_t get_group_range(int dimension) const { return group_range_[dimension]; }
  // Every work-group of a launch has the same size here.
  range<Dims> get_max_local_range() const { return get_local_range(); }
  std::size_t operator[](int dimension) const { return get_group_id(dimension); }

  std::size_t get_group_linear_id() const { return detail::linearize(get_group_id(), get_group_range()); }
  std::size_t get_local_linear_id() const { return detail::query::local_linear_id<Dims>(); }
  std::size_t get_group_linear_range() const { return get_group_range().size(); }
  std::size_t get_local_linear_range() const { return get_local_range().size(); }
  bool leader() const { return get_local_linear_id() == 0; }

  // Deprecated in SYCL 2020.
  id<Dims> get_id() const { return get_group_id(); }
  std::size_t get_id(int dimension) const { return get_group_id(dimension); }
  range<Dims> get_global_range() const { return group_range_ * local_range_; }
  std::size_t get_global_range(int dimension) const { return get_global_range()[dimension]; }
  std::size_t get_linear_id() const { return get_group_linear_id(); }

  friend bool operator==(const group &a, const group &b) {
    return a.group_id_ == b.group_id_ && a.local_range_ == b.local_range_ && a.group_range_ == b.group_range_;
  }
  friend bool operator!=(const group &a, const group &b) { return !(a == b); }

  // Hierarchical parallelism (SYCL 2020 4.9.4.2.3), defined in hierarchical.hpp: runs `f` with
  // an h_item<Dims> for every work-item of the group, or for every point of a flexible range.
  template <typename WorkItemFunction> void parallel_for_work_item(const WorkItemFunction &f) const;
  template <typename WorkItemFunction>
  void parallel_for_work_item(range<Dims> flexible_range, const WorkItemFunction &f) const;

private:
  id<Dims> group_id_;
  range<Dims> local_range_;
  range<Dims> group_range_;
};

#ifdef __SYCL_DEVICE_ONLY__
#define NCPU_SUB_GROUP_QUERY(builtin) return builtin()
#else
#define NCPU_SUB_GROUP_QUERY(builtin) detail::device_only("sycl::sub_group")
#endif

namespace ext::oneapi {
struct sub_group_mask; // ext/oneapi/sub_group_mask.hpp
} // namespace ext::oneapi

class sub_group {
public:
  using id_type = id<1>;
  using range_type = range<1>;
  using linear_id_type = std::uint32_t;
  using mask_type = ext::oneapi::sub_group_mask;
  static constexpr int dimensions = 1;
  static constexpr memory_scope fence_scope = memory_scope::sub_group;

  // Not part of the SYCL interface: nd_item::get_sub_group makes sub-groups.
  explicit sub_group(detail::group_tag) {}

  id_type get_group_id() const { return id_type(get_group_linear_id()); }
  id_type get_local_id() const { return id_type(get_local_linear_id()); }
  range_type get_local_range() const { return range_type(get_local_linear_range()); }
  range_type get_group_range() const { return range_type(get_group_linear_range()); }
  range_type get_max_local_range() const { return range_type(get_max_local_linear_range()); }
  linear_id_type get_group_linear_id() const { NCPU_SUB_GROUP_QUERY(__spirv_BuiltInSubgroupId); }
  linear_id_type get_local_linear_id() const { NCPU_SUB_GROUP_QUERY(__spirv_BuiltInSubgroupLocalInvocationId); }
  linear_id_type get_group_linear_range() const { NCPU_SUB_GROUP_QUERY(__spirv_BuiltInNumSubgroups); }
  linear_id_type get_local_linear_range() const { NCPU_SUB_GROUP_QUERY(__spirv_BuiltInSubgroupSize); }
  bool leader() const { return get_local_linear_id() == 0; }

  // DPC++'s sub-group extension methods (sycl_ext_oneapi_sub_group), defined with the group
  // functions they forward to (group_algorithm.hpp; barrier below).
  template <typename T> T shuffle(T x, id_type local_id) const;
  template <typename T> T shuffle_down(T x, std::uint32_t delta) const;
  template <typename T> T shuffle_up(T x, std::uint32_t delta) const;
  template <typename T> T shuffle_xor(T x, id_type mask) const;
  template <typename T> T broadcast(T x, id_type local_id) const;
  template <typename T, typename BinaryOperation> T reduce(T x, BinaryOperation op) const;
  template <typename T, typename BinaryOperation> T exclusive_scan(T x, BinaryOperation op) const;
  template <typename T, typename BinaryOperation> T inclusive_scan(T x, BinaryOperation op) const;
  // Each work-item's element of a contiguous block: src[local id] / dst[local id].
  template <typename T> T load(const T *src) const { return src[get_local_linear_id()]; }
  template <typename T> void store(T *dst, const T &x) const { dst[get_local_linear_id()] = x; }
  void barrier() const;

  // A work-item can only see its own sub-group.
  friend bool operator==(const sub_group &, const sub_group &) { return true; }
  friend bool operator!=(const sub_group &, const sub_group &) { return false; }

private:
  linear_id_type get_max_local_linear_range() const { NCPU_SUB_GROUP_QUERY(__spirv_BuiltInSubgroupMaxSize); }
};
#undef NCPU_SUB_GROUP_QUERY

namespace detail {
// A part of a partition of the caller's sub-group (the non-uniform groups of
// ext/oneapi/experimental/non_uniform_groups.hpp derive from it): the lanes of the caller's
// part as a mask, the part's index among `parts`, and `chunk` when the parts are aligned runs
// of that many lanes (0 otherwise). A work-item's local id is the number of members below its
// lane. The group algorithms compute a part's collectives with the sub-group's
// (group_algorithm.hpp, "Partitions of a sub-group").
class partitioned_sub_group {
public:
  using id_type = id<1>;
  using range_type = range<1>;
  using linear_id_type = std::uint32_t;
  static constexpr int dimensions = 1;
  static constexpr memory_scope fence_scope = memory_scope::sub_group;

  id_type get_group_id() const { return id_type(part_); }
  id_type get_local_id() const { return id_type(get_local_linear_id()); }
  range_type get_group_range() const { return range_type(parts_); }
  range_type get_local_range() const { return range_type(get_local_linear_range()); }
  linear_id_type get_group_linear_id() const { return part_; }
  linear_id_type get_local_linear_id() const {
    return static_cast<linear_id_type>(__builtin_popcountll(members_ & ((std::uint64_t(1) << lane_) - 1)));
  }
  linear_id_type get_group_linear_range() const { return parts_; }
  linear_id_type get_local_linear_range() const { return static_cast<linear_id_type>(__builtin_popcountll(members_)); }
  bool leader() const { return get_local_linear_id() == 0; }

  std::uint64_t members() const { return members_; }
  std::uint32_t lane() const { return lane_; }
  std::uint32_t chunk() const { return chunk_; }
  // The sub-group lane of the part's member of local id `id` (the caller's own lane if the part
  // has no such member).
  std::uint32_t lane_of(std::uint32_t id) const {
    if (chunk_ != 0) return part_ * chunk_ + id;
    std::uint64_t rest = members_;
    for (std::uint32_t k = 0; k < id && rest != 0; ++k) rest &= rest - 1;
    return rest == 0 ? lane_ : static_cast<std::uint32_t>(__builtin_ctzll(rest));
  }

  // What a part is made of.
  struct spec {
    std::uint64_t members;
    std::uint32_t lane, part, parts, chunk;
  };
  explicit partitioned_sub_group(spec s)
      : members_(s.members), lane_(s.lane), part_(s.part), parts_(s.parts), chunk_(s.chunk) {}
  spec get_spec() const { return {members_, lane_, part_, parts_, chunk_}; }

private:
  std::uint64_t members_;
  std::uint32_t lane_, part_, parts_, chunk_;
};
template <typename T>
inline constexpr bool is_partitioned_sub_group_v = std::is_base_of_v<partitioned_sub_group, std::decay_t<T>>;
} // namespace detail

template <typename T> struct is_group : std::false_type {};
template <int Dims> struct is_group<group<Dims>> : std::true_type {};
template <> struct is_group<sub_group> : std::true_type {};
template <typename T> inline constexpr bool is_group_v = is_group<T>::value;

namespace detail {
template <typename T> inline constexpr bool is_work_group_v = false;
template <int Dims> inline constexpr bool is_work_group_v<group<Dims>> = true;
template <typename T> inline constexpr bool is_sub_group_v = std::is_same_v<T, sub_group>;
} // namespace detail

// Waits until every work-item of the group has reached the barrier; memory operations of the
// group before it are visible to the group after it. The form without a fence scope passes
// constant operands even at -O0 (the scope is the group's own).
template <typename Group>
NCPU_ALWAYS_INLINE std::enable_if_t<is_group_v<std::decay_t<Group>>> group_barrier(Group) {
#ifdef __SYCL_DEVICE_ONLY__
  constexpr unsigned semantics = detail::spirv_sequentially_consistent | detail::spirv_workgroup_memory |
                                 detail::spirv_cross_workgroup_memory;
  if constexpr (detail::is_sub_group_v<std::decay_t<Group>> || detail::is_partitioned_sub_group_v<Group>)
    __spirv_ControlBarrier(detail::spirv_scope_subgroup, detail::spirv_scope_subgroup, semantics);
  else
    __spirv_ControlBarrier(detail::spirv_scope_workgroup, detail::spirv_scope_workgroup, semantics);
#else
  detail::device_only("sycl::group_barrier");
#endif
}

template <typename Group>
NCPU_ALWAYS_INLINE std::enable_if_t<is_group_v<std::decay_t<Group>>> group_barrier(Group, memory_scope fence_scope) {
#ifdef __SYCL_DEVICE_ONLY__
  constexpr unsigned semantics = detail::spirv_sequentially_consistent | detail::spirv_workgroup_memory |
                                 detail::spirv_cross_workgroup_memory;
  if constexpr (detail::is_sub_group_v<std::decay_t<Group>> || detail::is_partitioned_sub_group_v<Group>)
    __spirv_ControlBarrier(detail::spirv_scope_subgroup, detail::to_spirv_scope(fence_scope), semantics);
  else
    __spirv_ControlBarrier(detail::spirv_scope_workgroup, detail::to_spirv_scope(fence_scope), semantics);
#else
  (void)fence_scope;
  detail::device_only("sycl::group_barrier");
#endif
}

inline void sub_group::barrier() const { group_barrier(*this); }

// DPC++'s names from before SYCL 2020: sub_group (sycl_ext_oneapi_sub_group) and the free
// leader(g) of its group algorithms, now group::leader().
namespace ext::oneapi {
using sycl::sub_group;
template <typename Group>
[[deprecated("use the group's leader()")]] std::enable_if_t<is_group_v<Group>, bool> leader(Group g) {
  return g.leader();
}
} // namespace ext::oneapi

} // namespace _V1
} // namespace sycl
