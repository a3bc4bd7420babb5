// <sycl/ext/oneapi/free_function_queries.hpp>: DPC++'s sycl_ext_oneapi_free_function_queries,
// the calling work-item's nd_item, group and sub-group from anywhere in device code, without the
// kernel passing them down (ext::oneapi::this_work_item), and the deprecated experimental forms
// (this_id, this_item, this_nd_item, this_group, this_sub_group).
//
// nd_item, group and sub_group hold no data (detail/work_item.hpp): each query reads the work-item
// builtins, so making one here is the same as receiving it from the kernel's entry point. The
// extension's preconditions (called from a kernel of that dimensionality, an nd_range kernel for
// the nd_item, group and sub-group) are the caller's, as in DPC++.
#pragma once

#include "../../group.hpp"
#include "../../nd_item.hpp"
#include "../../range.hpp"
#include "../../detail/work_item.hpp"

namespace sycl {
inline namespace _V1 {
namespace ext::oneapi {
namespace this_work_item {
template <int Dims> nd_item<Dims> get_nd_item() { return nd_item<Dims>(sycl::detail::group_tag{}); }
template <int Dims> group<Dims> get_work_group() { return group<Dims>(sycl::detail::group_tag{}); }
inline sub_group get_sub_group() { return sub_group(sycl::detail::group_tag{}); }
} // namespace this_work_item

// The extension's first form, deprecated as DPC++ deprecates it (programs and the kernel
// compiler's build log see the same warning).
namespace experimental {
// The global id, offset included, as a range kernel's id argument.
template <int Dims>
[[deprecated("use sycl::ext::oneapi::this_work_item::get_nd_item() instead")]] id<Dims> this_id() {
  return sycl::detail::query::global_id<Dims>();
}
template <int Dims>
[[deprecated("use sycl::ext::oneapi::this_work_item::get_nd_item() instead")]] item<Dims, false> this_item() {
  return item<Dims, false>(sycl::detail::query::global_id<Dims>(), sycl::detail::query::global_range<Dims>(),
                           id<Dims>());
}
template <int Dims>
[[deprecated("use sycl::ext::oneapi::this_work_item::get_nd_item() instead")]] nd_item<Dims> this_nd_item() {
  return this_work_item::get_nd_item<Dims>();
}
template <int Dims>
[[deprecated("use sycl::ext::oneapi::this_work_item::get_work_group() instead")]] group<Dims> this_group() {
  return this_work_item::get_work_group<Dims>();
}
[[deprecated("use sycl::ext::oneapi::this_work_item::get_sub_group() instead")]] inline sub_group this_sub_group() {
  return this_work_item::get_sub_group();
}
} // namespace experimental
} // namespace ext::oneapi
} // namespace _V1
} // namespace sycl
