// <sycl/ext/oneapi/experimental/annotated_usm/alloc_base.hpp>: DPC++'s
// sycl_ext_oneapi_usm_malloc_properties with the kind of USM chosen by the program:
// malloc_annotated and aligned_alloc_annotated with a usm::alloc argument (the pointer carries
// the properties given; a usm_kind property naming another kind throws errc::invalid, and
// usm::alloc::unknown gives a null pointer, as sycl::malloc does), and malloc_annotated without
// one, whose kind is the usm_kind property's (a compile error without it).
#pragma once

#define SYCL_EXT_ONEAPI_USM_MALLOC_PROPERTIES 1

#include <cstddef>

#include "../../../../queue.hpp"
#include "alloc_util.hpp"

namespace sycl {
inline namespace _V1 {
namespace ext::oneapi::experimental {

template <typename PropertiesIn = empty_properties_t>
detail::runtime_kind_annotated_ptr<void, PropertiesIn>
malloc_annotated(std::size_t bytes, const device &, const context &, sycl::usm::alloc kind,
                 const PropertiesIn & = PropertiesIn{}) {
  return detail::runtime_kind_annotated_ptr<void, PropertiesIn>(
      detail::allocate_annotated_of_kind<void, PropertiesIn>(0, bytes, kind));
}
template <typename PropertiesIn = empty_properties_t>
detail::runtime_kind_annotated_ptr<void, PropertiesIn>
malloc_annotated(std::size_t bytes, const queue &q, sycl::usm::alloc kind, const PropertiesIn &given = PropertiesIn{}) {
  return malloc_annotated(bytes, q.get_device(), q.get_context(), kind, given);
}
template <typename T, typename PropertiesIn = empty_properties_t>
detail::runtime_kind_annotated_ptr<T, PropertiesIn>
malloc_annotated(std::size_t count, const device &, const context &, sycl::usm::alloc kind,
                 const PropertiesIn & = PropertiesIn{}) {
  return detail::runtime_kind_annotated_ptr<T, PropertiesIn>(
      detail::allocate_annotated_of_kind<T, PropertiesIn>(0, count, kind));
}
template <typename T, typename PropertiesIn = empty_properties_t>
detail::runtime_kind_annotated_ptr<T, PropertiesIn>
malloc_annotated(std::size_t count, const queue &q, sycl::usm::alloc kind, const PropertiesIn &given = PropertiesIn{}) {
  return malloc_annotated<T>(count, q.get_device(), q.get_context(), kind, given);
}

template <typename PropertiesIn = empty_properties_t>
detail::runtime_kind_annotated_ptr<void, PropertiesIn>
aligned_alloc_annotated(std::size_t alignment, std::size_t bytes, const device &, const context &,
                        sycl::usm::alloc kind, const PropertiesIn & = PropertiesIn{}) {
  return detail::runtime_kind_annotated_ptr<void, PropertiesIn>(
      detail::allocate_annotated_of_kind<void, PropertiesIn>(alignment, bytes, kind));
}
template <typename PropertiesIn = empty_properties_t>
detail::runtime_kind_annotated_ptr<void, PropertiesIn>
aligned_alloc_annotated(std::size_t alignment, std::size_t bytes, const queue &q, sycl::usm::alloc kind,
                        const PropertiesIn &given = PropertiesIn{}) {
  return aligned_alloc_annotated(alignment, bytes, q.get_device(), q.get_context(), kind, given);
}
template <typename T, typename PropertiesIn = empty_properties_t>
detail::runtime_kind_annotated_ptr<T, PropertiesIn>
aligned_alloc_annotated(std::size_t alignment, std::size_t count, const device &, const context &,
                        sycl::usm::alloc kind, const PropertiesIn & = PropertiesIn{}) {
  return detail::runtime_kind_annotated_ptr<T, PropertiesIn>(
      detail::allocate_annotated_of_kind<T, PropertiesIn>(alignment, count, kind));
}
template <typename T, typename PropertiesIn = empty_properties_t>
detail::runtime_kind_annotated_ptr<T, PropertiesIn>
aligned_alloc_annotated(std::size_t alignment, std::size_t count, const queue &q, sycl::usm::alloc kind,
                        const PropertiesIn &given = PropertiesIn{}) {
  return aligned_alloc_annotated<T>(alignment, count, q.get_device(), q.get_context(), kind, given);
}

template <typename PropertiesIn>
detail::declared_kind_annotated_ptr<void, PropertiesIn>
malloc_annotated(std::size_t bytes, const device &, const context &, const PropertiesIn &) {
  return detail::declared_kind_annotated_ptr<void, PropertiesIn>(
      detail::allocate_annotated<void, PropertiesIn>(0, bytes, detail::declared_usm_kind<PropertiesIn>()));
}
template <typename PropertiesIn>
detail::declared_kind_annotated_ptr<void, PropertiesIn>
malloc_annotated(std::size_t bytes, const queue &q, const PropertiesIn &given) {
  return malloc_annotated(bytes, q.get_device(), q.get_context(), given);
}
template <typename T, typename PropertiesIn>
detail::declared_kind_annotated_ptr<T, PropertiesIn>
malloc_annotated(std::size_t count, const device &, const context &, const PropertiesIn &) {
  return detail::declared_kind_annotated_ptr<T, PropertiesIn>(
      detail::allocate_annotated<T, PropertiesIn>(0, count, detail::declared_usm_kind<PropertiesIn>()));
}
template <typename T, typename PropertiesIn>
detail::declared_kind_annotated_ptr<T, PropertiesIn>
malloc_annotated(std::size_t count, const queue &q, const PropertiesIn &given) {
  return malloc_annotated<T>(count, q.get_device(), q.get_context(), given);
}

} // namespace ext::oneapi::experimental
} // namespace _V1
} // namespace sycl
