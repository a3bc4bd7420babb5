// sycl::ext::oneapi::get_kernel_info (DPC++'s sycl_ext_oneapi_get_kernel_info): the information
// queries of a kernel named by its kernel name, without getting its kernel object first. Each
// asks the executable bundle's kernel object (kernel_bundle.hpp), so the answers are the same.
#pragma once

#include "../../device.hpp"
#include "../../kernel_bundle.hpp"
#include "../../queue.hpp"
#include "experimental/free_function_traits.hpp"

#define SYCL_EXT_ONEAPI_GET_KERNEL_INFO 1

namespace sycl {
inline namespace _V1 {
namespace ext::oneapi {
namespace detail {
template <typename KernelName> kernel kernel_of(const context &c) {
  return get_kernel_bundle<bundle_state::executable>(c).get_kernel(get_kernel_id<KernelName>());
}
} // namespace detail

// The kernel's own queries (info::kernel).
template <typename KernelName, typename Param> typename Param::return_type get_kernel_info(const context &c) {
  return detail::kernel_of<KernelName>(c).template get_info<Param>();
}
// The device-specific queries (info::kernel_device_specific), for `d` or the queue's device; the
// kernel's own queries (info::kernel) take these forms too.
template <typename KernelName, typename Param>
typename Param::return_type get_kernel_info(const context &c, const device &d) {
  if constexpr (sycl::detail::is_kernel_query_v<Param>)
    return detail::kernel_of<KernelName>(c).template get_info<Param>();
  else
    return detail::kernel_of<KernelName>(c).template get_info<Param>(d);
}
template <typename KernelName, typename Param> typename Param::return_type get_kernel_info(const queue &q) {
  return get_kernel_info<KernelName, Param>(q.get_context(), q.get_device());
}

} // namespace ext::oneapi

// The same queries of the free function kernel Func (sycl_ext_oneapi_free_function_kernels),
// through names kernel_bundle.hpp declares: this header may be reached from
// free_function_traits.hpp before it defines its functions.
namespace ext::oneapi::experimental {
namespace detail {
template <auto *Func> kernel free_function_kernel_object(const context &c) {
  return sycl::get_kernel_bundle<bundle_state::executable>(c).get_kernel(kernel_id(free_function_kernel<Func>()));
}
} // namespace detail
template <auto *Func, typename Param> typename Param::return_type get_kernel_info(const context &c) {
  return detail::free_function_kernel_object<Func>(c).template get_info<Param>();
}
template <auto *Func, typename Param>
typename Param::return_type get_kernel_info(const context &c, const device &d) {
  if constexpr (sycl::detail::is_kernel_query_v<Param>)
    return detail::free_function_kernel_object<Func>(c).template get_info<Param>();
  else
    return detail::free_function_kernel_object<Func>(c).template get_info<Param>(d);
}
template <auto *Func, typename Param> typename Param::return_type get_kernel_info(const queue &q) {
  return get_kernel_info<Func, Param>(q.get_context(), q.get_device());
}
} // namespace ext::oneapi::experimental
} // namespace _V1
} // namespace sycl
