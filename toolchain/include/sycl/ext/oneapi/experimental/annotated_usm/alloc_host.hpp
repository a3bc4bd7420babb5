// <sycl/ext/oneapi/experimental/annotated_usm/alloc_host.hpp>: DPC++'s
// sycl_ext_oneapi_usm_malloc_properties for host USM: malloc_host_annotated and
// aligned_alloc_host_annotated, in bytes or in elements of T, with a context or a
// queue. Each returns an annotated_ptr with the properties given and usm_kind_host, null when the
// allocation cannot be made; a usm_kind property naming another kind is a compile error.
// alignment<N> aligns the allocation to N bytes (and to the alignment argument too, if any).
#pragma once

#include <cstddef>

#include "../../../../queue.hpp"
#include "alloc_util.hpp"

namespace sycl {
inline namespace _V1 {
namespace ext::oneapi::experimental {

namespace detail {
template <typename T, typename PropertiesIn>
using host_annotated_ptr = fixed_kind_annotated_ptr<T, PropertiesIn, sycl::usm::alloc::host>;
} // namespace detail

template <typename PropertiesIn = empty_properties_t>
detail::host_annotated_ptr<void, PropertiesIn>
malloc_host_annotated(std::size_t bytes, const context &,
                      const PropertiesIn & = PropertiesIn{}) {
  return detail::host_annotated_ptr<void, PropertiesIn>(
      detail::allocate_annotated<void, PropertiesIn>(0, bytes, sycl::usm::alloc::host));
}
template <typename PropertiesIn = empty_properties_t>
detail::host_annotated_ptr<void, PropertiesIn>
malloc_host_annotated(std::size_t bytes, const queue &q, const PropertiesIn &given = PropertiesIn{}) {
  return malloc_host_annotated(bytes, q.get_context(), given);
}
template <typename T, typename PropertiesIn = empty_properties_t>
detail::host_annotated_ptr<T, PropertiesIn>
malloc_host_annotated(std::size_t count, const context &,
                      const PropertiesIn & = PropertiesIn{}) {
  return detail::host_annotated_ptr<T, PropertiesIn>(
      detail::allocate_annotated<T, PropertiesIn>(0, count, sycl::usm::alloc::host));
}
template <typename T, typename PropertiesIn = empty_properties_t>
detail::host_annotated_ptr<T, PropertiesIn>
malloc_host_annotated(std::size_t count, const queue &q, const PropertiesIn &given = PropertiesIn{}) {
  return malloc_host_annotated<T>(count, q.get_context(), given);
}
template <typename PropertiesIn = empty_properties_t>
detail::host_annotated_ptr<void, PropertiesIn>
aligned_alloc_host_annotated(std::size_t alignment, std::size_t bytes, const context &,
                             const PropertiesIn & = PropertiesIn{}) {
  return detail::host_annotated_ptr<void, PropertiesIn>(
      detail::allocate_annotated<void, PropertiesIn>(alignment, bytes, sycl::usm::alloc::host));
}
template <typename PropertiesIn = empty_properties_t>
detail::host_annotated_ptr<void, PropertiesIn>
aligned_alloc_host_annotated(std::size_t alignment, std::size_t bytes, const queue &q,
                             const PropertiesIn &given = PropertiesIn{}) {
  return aligned_alloc_host_annotated(alignment, bytes, q.get_context(), given);
}
template <typename T, typename PropertiesIn = empty_properties_t>
detail::host_annotated_ptr<T, PropertiesIn>
aligned_alloc_host_annotated(std::size_t alignment, std::size_t count, const context &,
                             const PropertiesIn & = PropertiesIn{}) {
  return detail::host_annotated_ptr<T, PropertiesIn>(
      detail::allocate_annotated<T, PropertiesIn>(alignment, count, sycl::usm::alloc::host));
}
template <typename T, typename PropertiesIn = empty_properties_t>
detail::host_annotated_ptr<T, PropertiesIn>
aligned_alloc_host_annotated(std::size_t alignment, std::size_t count, const queue &q,
                             const PropertiesIn &given = PropertiesIn{}) {
  return aligned_alloc_host_annotated<T>(alignment, count, q.get_context(), given);
}

} // namespace ext::oneapi::experimental
} // namespace _V1
} // namespace sycl
