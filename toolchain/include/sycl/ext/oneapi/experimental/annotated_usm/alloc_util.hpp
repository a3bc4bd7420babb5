// <sycl/ext/oneapi/experimental/annotated_usm/alloc_util.hpp>: what the annotated USM allocation
// functions (alloc_base.hpp, alloc_device.hpp, alloc_host.hpp, alloc_shared.hpp) share: the
// properties of the annotated_ptr each returns, and the allocation itself.
#pragma once

#include <cstddef>
#include <numeric>
#include <type_traits>

#include "../../../../exception.hpp"
#include "../../../../usm.hpp"
#include "../annotated_ptr/annotated_ptr.hpp"

namespace sycl {
inline namespace _V1 {
namespace ext::oneapi::experimental::detail {

// The properties of the pointer a function for one kind of USM returns: those given, and
// usm_kind<Kind>. A usm_kind naming another kind is a compile error. Only property lists have
// a `type`, which keeps the untyped functions out of a call that names the element type, as in
// `malloc_device_annotated<int>(n, q)`.
template <typename PropertiesIn, sycl::usm::alloc Kind> struct fixed_kind_allocation {};
template <typename... Properties, sycl::usm::alloc Kind>
struct fixed_kind_allocation<properties<Properties...>, Kind> {
  static constexpr sycl::usm::alloc declared = declared_usm_kind<properties<Properties...>>();
  static_assert(declared == Kind || declared == sycl::usm::alloc::unknown,
                "the usm_kind property names another kind of USM than the allocation function makes");
  using type = std::conditional_t<declared == Kind, properties<Properties...>,
                                  merged_properties_t<properties<Properties...>, properties<usm_kind_key::value_t<Kind>>>>;
};
template <typename T, typename PropertiesIn, sycl::usm::alloc Kind>
using fixed_kind_annotated_ptr = annotated_ptr<T, typename fixed_kind_allocation<PropertiesIn, Kind>::type>;

// The properties of the pointer a function given the kind at run time returns: those given.
template <typename PropertiesIn> struct runtime_kind_allocation {};
template <typename... Properties> struct runtime_kind_allocation<properties<Properties...>> {
  using type = properties<Properties...>;
};
template <typename T, typename PropertiesIn>
using runtime_kind_annotated_ptr = annotated_ptr<T, typename runtime_kind_allocation<PropertiesIn>::type>;

// The properties of the pointer a function that takes the kind from the usm_kind property
// returns: those given, which must have usm_kind.
template <typename PropertiesIn> struct declared_kind_allocation {};
template <typename... Properties> struct declared_kind_allocation<properties<Properties...>> {
  static_assert(properties<Properties...>::template has_property<usm_kind_key>(),
                "malloc_annotated without a usm::alloc argument needs the usm_kind property");
  using type = properties<Properties...>;
};
template <typename T, typename PropertiesIn>
using declared_kind_annotated_ptr = annotated_ptr<T, typename declared_kind_allocation<PropertiesIn>::type>;

// `count` elements of T (bytes for void) of USM of `kind`, aligned to `alignment` (0 for the
// default) and to the alignment<N> property, both: their least common multiple. Null when the
// allocation cannot be made, its kind is unknown or that alignment is not a power of two (sycl/usm.hpp).
template <typename T, typename PropertiesIn>
T *allocate_annotated(std::size_t alignment, std::size_t count, sycl::usm::alloc kind) {
  if (kind == sycl::usm::alloc::unknown) return nullptr;
  constexpr std::size_t declared = static_cast<std::size_t>(declared_alignment<PropertiesIn>());
  if (declared != 0) alignment = alignment == 0 ? declared : std::lcm(alignment, declared);
  if constexpr (std::is_void_v<T>)
    return sycl::detail::usm_allocate(alignment, count, kind);
  else
    return static_cast<T *>(sycl::detail::usm_allocate(sycl::detail::typed_alignment<T>(alignment),
                                                       sycl::detail::usm_bytes<T>(count), kind));
}

// An allocation of the kind given at run time: errc::invalid when the usm_kind property names
// another.
template <typename T, typename PropertiesIn>
T *allocate_annotated_of_kind(std::size_t alignment, std::size_t count, sycl::usm::alloc kind) {
  constexpr sycl::usm::alloc declared = declared_usm_kind<PropertiesIn>();
  if (declared != sycl::usm::alloc::unknown && declared != kind)
    sycl::detail::throw_error(errc::invalid, "malloc_annotated: the usm_kind property names another kind of USM "
                                             "than the usm::alloc argument");
  return allocate_annotated<T, PropertiesIn>(alignment, count, kind);
}

} // namespace ext::oneapi::experimental::detail
} // namespace _V1
} // namespace sycl
