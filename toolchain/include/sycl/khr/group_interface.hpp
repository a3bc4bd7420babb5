// <sycl/khr/group_interface.hpp>: the Khronos sycl_khr_group_interface extension, a shorter
// interface to work-groups, sub-groups and the work-items in them: khr::work_group<Dims> (made
// from a sycl::group, whose values it holds), khr::sub_group (from a sycl::sub_group),
// khr::member_item<Group> for the calling work-item of either (get_member_item; the current
// revision of the extension names them work_item and get_item, which are here too), and
// leader_of.
//
// Left out: the std::mdspan members (extents, extent, rank, rank_dynamic, static_extent), which
// the extension declares only where the C++ library has <mdspan>; libstdc++ 12, Debian 12's,
// does not (docs/dpcpp-headers.md).
#pragma once

#include <cstddef>
#include <cstdint>
#include <type_traits>

#include "../group.hpp"
#include "../id.hpp"
#include "../range.hpp"

#define SYCL_KHR_GROUP_INTERFACE 1

namespace sycl {
inline namespace _V1 {
namespace khr {

template <int Dimensions = 1> class work_group {
public:
  using id_type = id<Dimensions>;
  using linear_id_type = std::size_t;
  using range_type = sycl::range<Dimensions>;
  using size_type = std::size_t;
  static constexpr int dimensions = Dimensions;
  static constexpr memory_scope fence_scope = memory_scope::work_group;

  work_group(group<Dimensions> g) noexcept : group_(g) {}
  operator group<Dimensions>() const noexcept { return group_; }

  id_type id() const noexcept { return group_.get_group_id(); }
  linear_id_type linear_id() const noexcept { return group_.get_group_linear_id(); }
  range_type range() const noexcept { return group_.get_group_range(); }
  size_type size() const noexcept { return group_.get_local_linear_range(); }

  friend bool operator==(const work_group &a, const work_group &b) { return a.group_ == b.group_; }
  friend bool operator!=(const work_group &a, const work_group &b) { return !(a == b); }

private:
  group<Dimensions> group_;
};

class sub_group {
public:
  using id_type = id<1>;
  using linear_id_type = std::uint32_t;
  using range_type = sycl::range<1>;
  using size_type = std::uint32_t;
  static constexpr int dimensions = 1;
  static constexpr memory_scope fence_scope = memory_scope::sub_group;

  // The sub-group's place is read when it is made, so that copies compare by value.
  sub_group(sycl::sub_group g) noexcept
      : group_(g), id_(g.get_group_linear_id()),
        work_group_(sycl::detail::linearize(sycl::detail::query::group_id<3>(), sycl::detail::query::group_range<3>())) {}
  operator sycl::sub_group() const noexcept { return group_; }

  id_type id() const noexcept { return id_type(id_); }
  linear_id_type linear_id() const noexcept { return id_; }
  range_type range() const noexcept { return group_.get_group_range(); }
  size_type size() const noexcept { return group_.get_local_linear_range(); }
  size_type max_size() const noexcept { return size_type(group_.get_max_local_range()[0]); }

  friend bool operator==(const sub_group &a, const sub_group &b) {
    return a.id_ == b.id_ && a.work_group_ == b.work_group_;
  }
  friend bool operator!=(const sub_group &a, const sub_group &b) { return !(a == b); }

private:
  sycl::sub_group group_;
  std::uint32_t id_;
  std::size_t work_group_;
};

namespace detail {
template <typename T> inline constexpr bool is_khr_group_v = false;
template <int Dims> inline constexpr bool is_khr_group_v<work_group<Dims>> = true;
template <> inline constexpr bool is_khr_group_v<sub_group> = true;
struct member_items;
} // namespace detail

// The calling work-item as a member of `ParentGroup`: its position in the group, and the
// group's size as its range, read when get_member_item makes it.
template <typename ParentGroup> class member_item {
  static_assert(detail::is_khr_group_v<ParentGroup>, "member_item's parent is a khr::work_group or khr::sub_group");

public:
  using id_type = typename ParentGroup::id_type;
  using linear_id_type = typename ParentGroup::linear_id_type;
  using range_type = typename ParentGroup::range_type;
  using size_type = typename ParentGroup::size_type;
  static constexpr int dimensions = ParentGroup::dimensions;
  static constexpr memory_scope fence_scope = memory_scope::work_item;

  id_type id() const noexcept { return id_; }
  linear_id_type linear_id() const noexcept { return linear_id_; }
  range_type range() const noexcept { return range_; }
  constexpr size_type size() const noexcept { return 1; }

  friend bool operator==(const member_item &a, const member_item &b) { return a.parent_ == b.parent_ && a.id_ == b.id_; }
  friend bool operator!=(const member_item &a, const member_item &b) { return !(a == b); }

private:
  friend struct detail::member_items;
  template <typename Legacy>
  member_item(ParentGroup parent, const Legacy &legacy) noexcept
      : parent_(parent), id_(legacy.get_local_id()), linear_id_(legacy.get_local_linear_id()),
        range_(legacy.get_local_range()) {}

  ParentGroup parent_;
  id_type id_;
  linear_id_type linear_id_;
  range_type range_;
};
template <typename ParentGroup> using work_item = member_item<ParentGroup>;

namespace detail {
// Makes member items, whose constructor is not part of the interface.
struct member_items {
  template <typename Group> static member_item<Group> make(Group g) {
    if constexpr (std::is_same_v<Group, sub_group>)
      return member_item<Group>(g, static_cast<sycl::sub_group>(g));
    else
      return member_item<Group>(g, static_cast<group<Group::dimensions>>(g));
  }
};
} // namespace detail

template <typename Group, typename = std::enable_if_t<detail::is_khr_group_v<Group>>>
member_item<Group> get_member_item(Group g) noexcept {
  return detail::member_items::make(g);
}
template <typename Group, typename = std::enable_if_t<detail::is_khr_group_v<Group>>>
work_item<Group> get_item(Group g) noexcept {
  return detail::member_items::make(g);
}
// The leader is the work-item of index 0 in the group.
template <typename Group, typename = std::enable_if_t<detail::is_khr_group_v<Group>>> bool leader_of(Group g) noexcept {
  return get_member_item(g).linear_id() == 0;
}

} // namespace khr
} // namespace _V1
} // namespace sycl
