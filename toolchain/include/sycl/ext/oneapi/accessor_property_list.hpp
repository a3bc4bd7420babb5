// <sycl/ext/oneapi/accessor_property_list.hpp>: DPC++'s ext::oneapi::accessor_property_list, the
// sixth template parameter of sycl::accessor, which programs written for DPC++ name (mostly
// empty) in accessor types. Its properties (no_offset, no_alias) only let a compiler assume more;
// this one assumes nothing from them, so every list means the same accessor behaviour. Functions
// taking accessors of any kind here match the default list, accessor_property_list<>.
#pragma once

#include <type_traits>

namespace sycl {
inline namespace _V1 {
namespace ext::oneapi {

template <typename... Properties> class accessor_property_list {
public:
  accessor_property_list(Properties...) {}

  template <typename Property> static constexpr bool has_property() {
    return (std::is_same_v<Property, Properties> || ...);
  }
};

} // namespace ext::oneapi
} // namespace _V1
} // namespace sycl
