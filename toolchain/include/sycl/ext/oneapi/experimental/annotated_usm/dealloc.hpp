// <sycl/ext/oneapi/experimental/annotated_usm/dealloc.hpp>: free for an annotated_ptr (DPC++'s
// sycl_ext_oneapi_usm_malloc_properties), sycl::free of the pointer it holds.
#pragma once

#include "../../../../queue.hpp"
#include "../../../../usm.hpp"
#include "../annotated_ptr/annotated_ptr.hpp"

namespace sycl {
inline namespace _V1 {
namespace ext::oneapi::experimental {

template <typename T, typename PropertyListT>
void free(const annotated_ptr<T, PropertyListT> &pointer, const context &c) {
  sycl::free(const_cast<void *>(static_cast<const volatile void *>(pointer.get())), c);
}
template <typename T, typename PropertyListT>
void free(const annotated_ptr<T, PropertyListT> &pointer, const queue &q) {
  free(pointer, q.get_context());
}

} // namespace ext::oneapi::experimental
} // namespace _V1
} // namespace sycl
