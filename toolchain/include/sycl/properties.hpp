// sycl::property_list and the properties this implementation recognises.
#pragma once

#include <typeinfo>
#include <typeindex>
#include <vector>

#include "detail/defines.hpp"

namespace sycl {
inline namespace _V1 {

namespace property {
struct no_init {};
namespace queue {
struct in_order {};
struct enable_profiling {};
} // namespace queue
namespace buffer {
struct use_host_ptr {};
} // namespace buffer
namespace reduction {
struct initialize_to_identity {};
} // namespace reduction
} // namespace property

inline constexpr property::no_init no_init;

class property_list {
public:
  template <typename... Properties> property_list(Properties...) : kinds_{std::type_index(typeid(Properties))...} {}
  template <typename Property> bool has_property() const {
    for (const auto &kind : kinds_)
      if (kind == std::type_index(typeid(Property))) return true;
    return false;
  }

private:
  std::vector<std::type_index> kinds_;
};

} // namespace _V1
} // namespace sycl
