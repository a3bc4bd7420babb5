// sycl::property_list and the properties this implementation recognises.
#pragma once

#include <memory>
#include <mutex>
#include <typeinfo>
#include <type_traits>
#include <typeindex>
#include <vector>

#include "access.hpp"
#include "detail/accessor_declaration.hpp"
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
// Accepted: every buffer is usable in every context (they all hold the one CPU device).
class context_bound {
public:
  explicit context_bound(const sycl::context &context); // device.hpp
  sycl::context get_context() const;                   // device.hpp

private:
  std::shared_ptr<const sycl::context> context_;
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

// DPC++'s Level Zero queue hints (sycl_ext_intel_queue_immediate_command_list), which programs
// written for Intel GPUs pass to every queue: accepted, nothing to choose on a CPU.
namespace ext::intel::property::queue {
struct immediate_command_list {};
struct no_immediate_command_list {};
} // namespace ext::intel::property::queue

inline constexpr property::no_init no_init;

// SYCL 2020 4.5.4.1: which types are properties, and of which SYCL classes.
template <typename Property> struct is_property : std::false_type {};
template <typename Property, typename SyclObject> struct is_property_of : std::false_type {};
template <typename Property> inline constexpr bool is_property_v = is_property<Property>::value;
template <typename Property, typename SyclObject>
inline constexpr bool is_property_of_v = is_property_of<Property, SyclObject>::value;

class queue;
template <typename T, int Dims, typename AllocatorT> class buffer;
template <typename DataT, int Dims, access_mode Mode> class host_accessor;

#define NCPU_PROPERTY(property)                                                                     \
  template <> struct is_property<property> : std::true_type {};
NCPU_PROPERTY(property::no_init)
NCPU_PROPERTY(property::queue::in_order)
NCPU_PROPERTY(property::queue::enable_profiling)
NCPU_PROPERTY(property::buffer::use_host_ptr)
NCPU_PROPERTY(property::buffer::use_mutex)
NCPU_PROPERTY(property::buffer::context_bound)
NCPU_PROPERTY(property::reduction::initialize_to_identity)
NCPU_PROPERTY(ext::intel::property::queue::immediate_command_list)
NCPU_PROPERTY(ext::intel::property::queue::no_immediate_command_list)
#undef NCPU_PROPERTY
template <> struct is_property_of<property::queue::in_order, queue> : std::true_type {};
template <> struct is_property_of<property::queue::enable_profiling, queue> : std::true_type {};
template <> struct is_property_of<ext::intel::property::queue::immediate_command_list, queue> : std::true_type {};
template <> struct is_property_of<ext::intel::property::queue::no_immediate_command_list, queue> : std::true_type {};
template <typename T, int Dims, typename A>
struct is_property_of<property::buffer::use_host_ptr, buffer<T, Dims, A>> : std::true_type {};
template <typename T, int Dims, typename A>
struct is_property_of<property::buffer::use_mutex, buffer<T, Dims, A>> : std::true_type {};
template <typename T, int Dims, typename A>
struct is_property_of<property::buffer::context_bound, buffer<T, Dims, A>> : std::true_type {};
template <typename T, int Dims, access_mode Mode, target Target, access::placeholder P>
struct is_property_of<property::no_init, accessor<T, Dims, Mode, Target, P>> : std::true_type {};
template <typename T, int Dims, access_mode Mode>
struct is_property_of<property::no_init, host_accessor<T, Dims, Mode>> : std::true_type {};

class property_list {
public:
  // Properties only (SYCL 2020 4.5.4.1): an allocator or an async handler is not one, so
  // `buffer(ptr, range, allocator)` and (…, async_handler) pick the constructors and deduction
  // guides that take them rather than converting them to a list.
  template <typename... Properties, typename = std::enable_if_t<(is_property_v<Properties> && ...)>>
  property_list(Properties... properties)
      : entries_{entry{std::type_index(typeid(Properties)), std::make_shared<const Properties>(properties)}...} {}
  template <typename Property> bool has_property() const { return find<Property>() != nullptr; }
  // SYCL 2020 4.5.4.3: the property as given, or errc::invalid if the list does not have it. The
  // messages of get_property (here, queue's, accessors') begin as DPC++'s do, which programs
  // look for in what().
  template <typename Property> Property get_property() const {
    const void *property = find<Property>();
    if (!property) sycl::detail::throw_error(errc::invalid, "The property is not found in the property list");
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
