// Hierarchical parallelism (SYCL 2020 sections 4.9.4.2.3, 4.9.1.6 and 4.10.7.3):
// handler::parallel_for_work_group, group::parallel_for_work_item, sycl::h_item and
// sycl::private_memory.
//
// How it runs. A work-group runs on one thread here, so the whole hierarchical model fits in one
// call per work-group: parallel_for_work_group launches an nd_range kernel whose work-groups are
// the hierarchical ones (global range = number of groups * group size, local range = group
// size), and only the work-item with local id 0 runs the work-group function; the others do
// nothing. parallel_for_work_item is a loop nest over the group's work-items inside that call,
// so the implicit barrier between two of them is simply the end of one loop nest. Because the
// launch has the hierarchical shape, the builtins already give sycl::group its hierarchical
// answers (group id, group range, local range), and nd_range groups are untouched.
//
// The work-group size, when not given, is one work-item in each dimension, as DPC++ chooses for
// a kernel that requires none. Programs (the SYCL-CTS's handler tests among them) rely on it:
// with logical range {1}, the global id of group g's only work-item is g. A larger size would
// make parallel_for_work_item loops longer, but move every h_item's global id.
//
// Flexible ranges: parallel_for_work_item(range, f) runs f for every point of the given
// (logical) range; logical work-item L is carried by physical work-item L mod the group's
// local range, dimension by dimension. When the logical range is smaller, the physical
// work-items beyond it have nothing to do.
//
// private_memory<T, Dims> holds one T per physical work-item of the group. Its storage comes
// from a per-thread arena (a thread_local block reused by every work-group the thread runs):
// construction bumps the arena's top, destruction puts it back, so a work-group allocates no
// heap memory in the steady state. The arena grows (once, while nothing in it is alive) to fit
// the largest request; a request that does not fit while other private_memory objects of the
// group are alive gets its own heap block, freed with the object.
#pragma once

#include <cstddef>
#include <cstdlib>
#include <new>
#include <type_traits>

#include "detail/builtins.hpp"
#include "detail/defines.hpp"
#include "detail/work_item.hpp"
#include "group.hpp"
#include "handler.hpp"
#include "nd_item.hpp"
#include "nd_range.hpp"
#include "range.hpp"

namespace sycl {
inline namespace _V1 {

template <int Dims> class h_item {
  static_assert(Dims >= 1 && Dims <= 3, "SYCL supports 1 to 3 dimensions");

public:
  static constexpr int dimensions = Dims;
  h_item() = delete;

  // The global position is the physical work-item's: group id * local range + physical id.
  item<Dims, false> get_global() const { return item<Dims, false>(get_global_id(), get_global_range(), id<Dims>()); }
  item<Dims, false> get_local() const { return get_logical_local(); }
  item<Dims, false> get_logical_local() const { return item<Dims, false>(logical_id_, logical_range_, id<Dims>()); }
  item<Dims, false> get_physical_local() const {
    return item<Dims, false>(physical_id_, physical_range_, id<Dims>());
  }

  range<Dims> get_global_range() const { return group_range_ * physical_range_; }
  std::size_t get_global_range(int dimension) const { return group_range_[dimension] * physical_range_[dimension]; }
  id<Dims> get_global_id() const { return group_id_ * id<Dims>(physical_range_) + physical_id_; }
  std::size_t get_global_id(int dimension) const {
    return group_id_[dimension] * physical_range_[dimension] + physical_id_[dimension];
  }
  range<Dims> get_local_range() const { return logical_range_; }
  std::size_t get_local_range(int dimension) const { return logical_range_[dimension]; }
  id<Dims> get_local_id() const { return logical_id_; }
  std::size_t get_local_id(int dimension) const { return logical_id_[dimension]; }
  range<Dims> get_logical_local_range() const { return logical_range_; }
  std::size_t get_logical_local_range(int dimension) const { return logical_range_[dimension]; }
  id<Dims> get_logical_local_id() const { return logical_id_; }
  std::size_t get_logical_local_id(int dimension) const { return logical_id_[dimension]; }
  range<Dims> get_physical_local_range() const { return physical_range_; }
  std::size_t get_physical_local_range(int dimension) const { return physical_range_[dimension]; }
  id<Dims> get_physical_local_id() const { return physical_id_; }
  std::size_t get_physical_local_id(int dimension) const { return physical_id_[dimension]; }

  friend bool operator==(const h_item &a, const h_item &b) {
    return a.group_id_ == b.group_id_ && a.group_range_ == b.group_range_ && a.logical_id_ == b.logical_id_ &&
           a.logical_range_ == b.logical_range_ && a.physical_id_ == b.physical_id_ &&
           a.physical_range_ == b.physical_range_;
  }
  friend bool operator!=(const h_item &a, const h_item &b) { return !(a == b); }

  // Not part of the SYCL interface: parallel_for_work_item makes h_items.
  h_item(const id<Dims> &group_id, const range<Dims> &group_range, const id<Dims> &logical_id,
         const range<Dims> &logical_range, const id<Dims> &physical_id, const range<Dims> &physical_range)
      : group_id_(group_id), group_range_(group_range), logical_id_(logical_id), logical_range_(logical_range),
        physical_id_(physical_id), physical_range_(physical_range) {}

private:
  id<Dims> group_id_;
  range<Dims> group_range_;
  id<Dims> logical_id_;
  range<Dims> logical_range_;
  id<Dims> physical_id_;
  range<Dims> physical_range_;
};

namespace detail {

template <int Dims> range<Dims> default_hierarchical_local_range() {
  range<Dims> one;
  for (int i = 0; i < Dims; ++i) one[i] = 1;
  return one;
}

// What every h_item of one parallel_for_work_item call shares, and the position being visited.
template <int Dims> struct work_item_walk {
  id<Dims> group_id;
  range<Dims> group_range;
  range<Dims> logical_range;
  range<Dims> physical_range;
  id<Dims> logical_id;
  id<Dims> physical_id;
};

// Visits dimension D and the ones after it, the last dimension innermost (row-major, as SYCL
// linearises). `Flexible`: the logical range may differ from the physical one, so the physical
// id wraps around separately; otherwise both ids are the same.
template <bool Flexible, int D, int Dims, typename WorkItemFunction>
NCPU_ALWAYS_INLINE void walk_work_items(work_item_walk<Dims> &walk, const WorkItemFunction &f) {
  std::size_t physical = 0;
  for (std::size_t logical = 0; logical < walk.logical_range[D]; ++logical) {
    walk.logical_id[D] = logical;
    walk.physical_id[D] = Flexible ? physical : logical;
    if constexpr (D + 1 == Dims)
      f(h_item<Dims>(walk.group_id, walk.group_range, walk.logical_id, walk.logical_range, walk.physical_id,
                     walk.physical_range));
    else
      walk_work_items<Flexible, D + 1>(walk, f);
    if constexpr (Flexible)
      if (++physical == walk.physical_range[D]) physical = 0;
  }
}

template <bool Flexible, int Dims, typename WorkItemFunction>
void parallel_for_work_item(const range<Dims> &logical_range, const WorkItemFunction &f) {
  static_assert(std::is_invocable_v<const WorkItemFunction &, h_item<Dims>>,
                "parallel_for_work_item's function must accept sycl::h_item of the group's dimensions");
  work_item_walk<Dims> walk{query::group_id<Dims>(), query::group_range<Dims>(), logical_range,
                            query::local_range<Dims>(), id<Dims>(), id<Dims>()};
  walk_work_items<Flexible, 0>(walk, f);
}

// The kernel parallel_for_work_group launches: the work-group function, run by local id 0. A
// function that takes a kernel_handler after the group gets the launch's.
template <int Dims, typename WorkGroupFunction,
          bool TakesHandler = takes_kernel_handler<WorkGroupFunction, group<Dims>>>
struct hierarchical_kernel {
  WorkGroupFunction function;

  void operator()(nd_item<Dims> it) const {
    if (it.get_local_linear_id() == 0) function(it.get_group());
  }
};
template <int Dims, typename WorkGroupFunction> struct hierarchical_kernel<Dims, WorkGroupFunction, true> {
  WorkGroupFunction function;

  void operator()(nd_item<Dims> it, kernel_handler handler) const {
    if (it.get_local_linear_id() == 0) function(it.get_group(), handler);
  }
};

// The per-thread block private_memory objects live in.
struct private_arena {
  char *base;
  std::size_t capacity;
  std::size_t top;
};
inline thread_local private_arena thread_private_arena = {nullptr, 0, 0};
inline constexpr std::size_t min_private_arena = 64 * 1024;
inline constexpr std::size_t private_arena_alignment = 64;

} // namespace detail

template <int Dims>
template <typename WorkItemFunction>
void group<Dims>::parallel_for_work_item(const WorkItemFunction &f) const {
  detail::parallel_for_work_item<false, Dims>(get_local_range(), f);
}

template <int Dims>
template <typename WorkItemFunction>
void group<Dims>::parallel_for_work_item(range<Dims> flexible_range, const WorkItemFunction &f) const {
  detail::parallel_for_work_item<true, Dims>(flexible_range, f);
}

template <typename T, int Dims = 1> class private_memory {
  static_assert(Dims >= 1 && Dims <= 3, "SYCL supports 1 to 3 dimensions");
  static_assert(alignof(T) <= detail::private_arena_alignment, "private_memory supports alignments up to 64");

public:
  // Called at work-group scope: one default-initialised T per physical work-item of g.
  explicit private_memory(const group<Dims> &g) : count_(g.get_local_range().size()) {
    const std::size_t bytes = count_ * sizeof(T);
    detail::private_arena &arena = detail::thread_private_arena;
    const std::size_t start = (arena.top + alignof(T) - 1) / alignof(T) * alignof(T);
    if (arena.top == 0 && bytes > arena.capacity) grow(arena, bytes);
    if (start + bytes <= arena.capacity) {
      saved_top_ = arena.top;
      arena.top = start + bytes;
      values_ = reinterpret_cast<T *>(arena.base + start);
    } else {
      values_ = static_cast<T *>(std::aligned_alloc(detail::private_arena_alignment, round_up(bytes)));
      if (!values_) std::abort();
    }
    for (std::size_t i = 0; i < count_; ++i) new (values_ + i) T;
  }
  private_memory(const private_memory &) = delete;
  private_memory &operator=(const private_memory &) = delete;
  ~private_memory() {
    for (std::size_t i = 0; i < count_; ++i) values_[i].~T();
    if (saved_top_ == on_heap)
      std::free(values_);
    else
      detail::thread_private_arena.top = saved_top_;
  }

  // The calling work-item's T: the one of its physical work-item.
  T &operator()(const h_item<Dims> &item) const {
    return values_[detail::linearize(item.get_physical_local_id(), item.get_physical_local_range())];
  }

private:
  static constexpr std::size_t on_heap = ~std::size_t(0);

  static std::size_t round_up(std::size_t bytes) {
    const std::size_t a = detail::private_arena_alignment;
    return (bytes + a - 1) / a * a;
  }
  // Only while the arena is empty, so no live object points into it.
  static void grow(detail::private_arena &arena, std::size_t bytes) {
    std::size_t capacity = arena.capacity < detail::min_private_arena ? detail::min_private_arena : arena.capacity;
    while (capacity < bytes) capacity *= 2;
    std::free(arena.base);
    arena.base = static_cast<char *>(std::aligned_alloc(detail::private_arena_alignment, capacity));
    if (!arena.base) std::abort();
    arena.capacity = capacity;
  }

  T *values_;
  std::size_t count_;
  std::size_t saved_top_ = on_heap;
};

// ---- handler::parallel_for_work_group ---------------------------------------------------------

template <typename KernelName, int Dims, typename WorkGroupFunction>
void handler::parallel_for_work_group(range<Dims> num_work_groups, const WorkGroupFunction &f) {
  parallel_for_work_group<KernelName>(num_work_groups, detail::default_hierarchical_local_range<Dims>(), f);
}

template <typename KernelName, int Dims, typename WorkGroupFunction>
void handler::parallel_for_work_group(range<Dims> num_work_groups, range<Dims> work_group_size,
                                      const WorkGroupFunction &f) {
  static_assert(detail::accepts<WorkGroupFunction, group<Dims>>,
                "parallel_for_work_group's function must accept sycl::group of the range's dimensions "
                "(and optionally a sycl::kernel_handler)");
  using Kernel = detail::hierarchical_kernel<Dims, WorkGroupFunction>;
  using Name = detail::kernel_name_t<KernelName, Kernel>;
  range<Dims> global;
  for (int i = 0; i < Dims; ++i) {
    if (work_group_size[i] == 0)
      sycl::detail::throw_error(errc::nd_range, "a hierarchical work-group size must not be zero");
    if (__builtin_mul_overflow(num_work_groups[i], work_group_size[i], &global[i]))
      sycl::detail::throw_error(errc::nd_range,
                      "parallel_for_work_group: " + std::to_string(num_work_groups[i]) + " work-groups of " +
                          std::to_string(work_group_size[i]) + " work-items overflow size_t in dimension " +
                          std::to_string(i));
  }
  launch_nd_range_kernel<Name>(nd_range<Dims>(global, work_group_size), Kernel{f}, {});
}

} // namespace _V1
} // namespace sycl
