// <sycl/khr/work_item_queries.hpp>: the Khronos sycl_khr_work_item_queries extension, the calling
// work-item's nd_item, work-group and sub-group from anywhere in an nd_range kernel, as
// sycl_ext_oneapi_free_function_queries gives them (ext/oneapi/free_function_queries.hpp).
#pragma once

#include "../ext/oneapi/free_function_queries.hpp"

#define SYCL_KHR_WORK_ITEM_QUERIES 1

namespace sycl {
inline namespace _V1 {
namespace khr {
// The SYCL classes, qualified: khr has a sub_group of its own (group_interface.hpp).
template <int Dims> sycl::nd_item<Dims> this_nd_item() { return ext::oneapi::this_work_item::get_nd_item<Dims>(); }
template <int Dims> sycl::group<Dims> this_group() { return ext::oneapi::this_work_item::get_work_group<Dims>(); }
inline sycl::sub_group this_sub_group() { return ext::oneapi::this_work_item::get_sub_group(); }
} // namespace khr
} // namespace _V1
} // namespace sycl
