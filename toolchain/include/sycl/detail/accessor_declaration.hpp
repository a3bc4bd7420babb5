// The declaration of sycl::accessor with its default template arguments, for the headers that
// name accessors before accessor.hpp defines them (default arguments may be given only once).
#pragma once

#include <type_traits>

#include "../access.hpp"
#include "../ext/oneapi/accessor_property_list.hpp"

namespace sycl {
inline namespace _V1 {
template <typename DataT, int Dims = 1,
          access_mode Mode = (std::is_const_v<DataT> ? access_mode::read : access_mode::read_write),
          target Target = target::device, access::placeholder P = access::placeholder::false_t,
          typename PropertyListT = ext::oneapi::accessor_property_list<>>
class accessor;
} // namespace _V1
} // namespace sycl
