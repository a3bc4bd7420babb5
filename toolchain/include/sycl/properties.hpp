// sycl::property_list and the properties this implementation recognises.
#pragma once

#include <memory>
#include <mutex>
#include <typeinfo>
#include <type_traits>
#include <typeindex>
#include <vector>

#include "detail/defines.hpp"
#include "exception.hpp"

namespace sycl {
inline namespace _V1 {

class context;

namespace property {
struct no_init {};
namespace queue {
struct in_order {};
struct enable_profiling {};
} // namespace queue
namespace buffer {
struct use_host_ptr {};
// Accepted: every buffer is usable in the one context.
class context_bound {
public:
  explicit context_bound(const sycl::context &) {}
  sycl::context get_context() const; // device.hpp
};
// Accepted: the buffer's memory is the host's, so there is nothing to guard while it is used.
class use_mutex {
public:
  explicit use_mutex(std::mutex &mutex) : mutex_(&mutex) {}
  std::mutex *get_mutex_ptr() const { return mutex_; }

private:
  std::mutex *mutex_;
};
} // namespace buffer
namespace reduction {
struct initialize_to_identity {};
} // namespace reduction
} // namespace property

inline constexpr property::no_init no_init;

class property_list {
public:
  // Any property; not an async handler, so that a lambda passed where a constructor takes
  // (…, async_handler, property_list = {}) or (…, property_list) picks the handler form.
  template <typename... Properties,
            typename = std::enable_if_t<(!std::is_invocable_v<Properties &, exception_list> && ...)>>
  property_list(Properties... properties)
      : entries_{entry{std::type_index(typeid(Properties)), std::make_shared<const Properties>(properties)}...} {}
  template <typename Property> bool has_property() const { return find<Property>() != nullptr; }
  // SYCL 2020 4.5.4.3: the property as given, or errc::invalid if the list does not have it.
  template <typename Property> Property get_property() const {
    const void *property = find<Property>();
    if (!property) throw exception(make_error_code(errc::invalid), "the property list does not have this property");
    return *static_cast<const Property *>(property);
  }

private:
  struct entry {
    std::type_index kind;
    std::shared_ptr<const void> value;
  };
  template <typename Property> const void *find() const {
    for (const auto &e : entries_)
      if (e.kind == std::type_index(typeid(Property))) return e.value.get();
    return nullptr;
  }
  std::vector<entry> entries_;
};

} // namespace _V1
} // namespace sycl
