// The calling work-item's position, read from the device builtins and put in SYCL's dimension
// order (SYCL's dimension Dims - 1 is the device's x, dimension 0).
//
// nd_item, group and sub_group hold no data: every query reads the builtins, as DPC++'s do. The
// compiler turns each read into a load from the work-item state, so nothing has to be kept alive
// across a barrier (a stored copy would be, for every work-item of the group).
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
#define NCPU_WORK_ITEM_QUERY(name, Result, builtin)                                                 \
  template <int Dims> NCPU_ALWAYS_INLINE Result<Dims> name() {                                       \
    Result<Dims> value;                                                                             \
    for (int i = 0; i < Dims; ++i) value[i] = builtin(Dims - 1 - i);                                \
    return value;                                                                                   \
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
