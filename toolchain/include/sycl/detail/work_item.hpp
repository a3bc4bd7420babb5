// The calling work-item's position, read from the device builtins and put in SYCL's dimension
// order (SYCL's dimension Dims - 1 is the device's x, dimension 0).
//
// nd_item and group read them once, when the kernel makes them, and hold the values (they have
// by-value semantics); sub_group and the free queries read them at each call. After inlining the
// held values are these reads again, which the compiler turns into loads from the work-item
// state and recomputes after a barrier instead of keeping them alive across it
// (docs/vectorizer.md, "Barriers").
#pragma once

#include <cstddef>

#include "../range.hpp"
#include "builtins.hpp"
#include "defines.hpp"

namespace sycl {
inline namespace _V1 {
namespace detail {
namespace query {

#ifdef __SYCL_DEVICE_ONLY__
// Built without a loop, so that the value is one store per dimension also at -O0, which the
// vectorizer's preparation can still split into scalars (docs/vectorizer.md, "Where it runs").
#define NCPU_WORK_ITEM_QUERY(name, Result, builtin)                                                 \
  template <int Dims> NCPU_ALWAYS_INLINE Result<Dims> name() {                                       \
    if constexpr (Dims == 1)                                                                        \
      return Result<1>(builtin(0));                                                                 \
    else if constexpr (Dims == 2)                                                                   \
      return Result<2>(builtin(1), builtin(0));                                                     \
    else                                                                                            \
      return Result<3>(builtin(2), builtin(1), builtin(0));                                         \
  }                                                                                                 \
  template <int Dims> NCPU_ALWAYS_INLINE std::size_t name(int dimension) {                           \
    return builtin(Dims - 1 - dimension);                                                           \
  }
#else
#define NCPU_WORK_ITEM_QUERY(name, Result, builtin)                                                 \
  template <int Dims> Result<Dims> name() { device_only("sycl::nd_item, group and sub_group"); }    \
  template <int Dims> std::size_t name(int) { device_only("sycl::nd_item, group and sub_group"); }
#endif

NCPU_WORK_ITEM_QUERY(global_id, id, __spirv_BuiltInGlobalInvocationId)
NCPU_WORK_ITEM_QUERY(global_range, range, __spirv_BuiltInGlobalSize)
NCPU_WORK_ITEM_QUERY(global_offset, id, __spirv_BuiltInGlobalOffset)
NCPU_WORK_ITEM_QUERY(local_id, id, __spirv_BuiltInLocalInvocationId)
NCPU_WORK_ITEM_QUERY(local_range, range, __spirv_BuiltInWorkgroupSize)
NCPU_WORK_ITEM_QUERY(group_id, id, __spirv_BuiltInWorkgroupId)
NCPU_WORK_ITEM_QUERY(group_range, range, __spirv_BuiltInNumWorkgroups)
#undef NCPU_WORK_ITEM_QUERY

// Linear ids are row-major in SYCL order: the last dimension (the device's x) varies fastest.
// The device reports id 0 and size 1 in the dimensions a launch does not use, so Dims = 3 gives
// the same linear id for a launch of any dimensionality (sub_group relies on that).
template <int Dims> NCPU_ALWAYS_INLINE std::size_t local_linear_id() {
  return linearize(local_id<Dims>(), local_range<Dims>());
}
template <int Dims> NCPU_ALWAYS_INLINE std::size_t local_linear_range() { return local_range<Dims>().size(); }

} // namespace query
} // namespace detail
} // namespace _V1
} // namespace sycl
