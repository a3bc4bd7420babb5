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
// The query Param of `k` for `d`: the kernel's own queries (info::kernel) take no device.
template <typename Param> typename Param::return_type query_for_device(const kernel &k, const device &d) {
  if constexpr (sycl::detail::is_kernel_query_v<Param>)
    return k.template get_info<Param>();
  else
    return k.template get_info<Param>(d);
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
  return detail::query_for_device<Param>(detail::kernel_of<KernelName>(c), d);
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
  return ext::oneapi::detail::query_for_device<Param>(detail::free_function_kernel_object<Func>(c), d);
}
template <auto *Func, typename Param> typename Param::return_type get_kernel_info(const queue &q) {
  return get_kernel_info<Func, Param>(q.get_context(), q.get_device());
}
} // namespace ext::oneapi::experimental
} // namespace _V1
} // namespace sycl
