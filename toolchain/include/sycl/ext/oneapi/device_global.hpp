// sycl::ext::oneapi::experimental::device_global (DPC++'s sycl_ext_oneapi_device_global): a
// variable at namespace scope that kernels read and write directly, and the host reads and
// writes through the queue's and the handler's memcpy and copy:
//
//   syclexp::device_global<int[4]> counts;
//   q.memcpy(counts, host_values).wait();            // host to device
//   q.single_task([=] { counts[1] += 1; }).wait();    // no capture needed
//   q.copy(counts, host_values, 4).wait();            // device to host
//
// The device is the CPU running the program, so there is one instance, the host's: the compiler
// gives device code the host's copy of every non-constant global variable with external linkage
// (docs/kernel-features.md, "Global variables"), and the memory commands copy to and from it. A
// device_global with internal linkage (static, or in an unnamed namespace) is shared too: the
// compiler and the driver give it a name unique to its translation unit in both objects. The properties
// (device_image_scope, host_access, init_mode, implement_in_csr, device_constant) are accepted and reported; none
// changes anything when host and device share the one instance.
#pragma once

#include <cstddef>
#include <type_traits>

#include <string>

#include "../../access.hpp"
#include "../../exception.hpp"
#include "../../multi_ptr.hpp"
#include "properties.hpp"

namespace sycl {
inline namespace _V1 {
namespace ext::oneapi::experimental {

struct device_image_scope_key {
  using value_t = detail::flag_property_value<device_image_scope_key>;
};
inline constexpr device_image_scope_key::value_t device_image_scope{};

enum class host_access_enum : std::uint16_t { read, write, read_write, none };
// The parameterized values are classes of their own, which the keys' value_t name, so that they
// can have a `value_t` member (the extension's interface) without being named value_t.
struct host_access_key;
template <host_access_enum Access> struct host_access_value {
  using key_t = host_access_key;
  using value_t = host_access_enum;
  static constexpr host_access_enum value = Access;
};
struct host_access_key {
  template <host_access_enum Access> using value_t = host_access_value<Access>;
};
template <host_access_enum Access> inline constexpr host_access_key::value_t<Access> host_access{};
inline constexpr host_access_key::value_t<host_access_enum::read> host_access_read{};
inline constexpr host_access_key::value_t<host_access_enum::write> host_access_write{};
inline constexpr host_access_key::value_t<host_access_enum::read_write> host_access_read_write{};
inline constexpr host_access_key::value_t<host_access_enum::none> host_access_none{};

enum class init_mode_enum : std::uint16_t { reprogram, reset };
struct init_mode_key;
template <init_mode_enum Mode> struct init_mode_value {
  using key_t = init_mode_key;
  using value_t = init_mode_enum;
  static constexpr init_mode_enum value = Mode;
};
struct init_mode_key {
  template <init_mode_enum Mode> using value_t = init_mode_value<Mode>;
};
template <init_mode_enum Mode> inline constexpr init_mode_key::value_t<Mode> init_mode{};
inline constexpr init_mode_key::value_t<init_mode_enum::reprogram> init_mode_reprogram{};
inline constexpr init_mode_key::value_t<init_mode_enum::reset> init_mode_reset{};

// Kernels only read the variable (the host writes it with memcpy and copy): constant memory on a
// GPU; the one shared instance here, like any other device_global.
struct device_constant_key {
  using value_t = detail::flag_property_value<device_constant_key>;
};
inline constexpr device_constant_key::value_t device_constant{};

struct implement_in_csr_key;
template <bool Enable> struct implement_in_csr_value {
  using key_t = implement_in_csr_key;
  using value_t = bool;
  static constexpr bool value = Enable;
};
struct implement_in_csr_key {
  template <bool Enable> using value_t = implement_in_csr_value<Enable>;
};
template <bool Enable> inline constexpr implement_in_csr_key::value_t<Enable> implement_in_csr{};
inline constexpr implement_in_csr_key::value_t<true> implement_in_csr_on{};
inline constexpr implement_in_csr_key::value_t<false> implement_in_csr_off{};

template <typename T, typename PropertyList = empty_properties_t> class device_global {
  static_assert(std::is_trivially_destructible_v<T>, "a device_global's type is trivially destructible");
  static_assert(is_property_list_v<PropertyList>, "a device_global's properties are a properties<...> list");

public:
  using element_type = std::remove_extent_t<T>;

  constexpr device_global() = default;
  device_global(const device_global &) = delete;
  device_global(device_global &&) = delete;
  device_global &operator=(const device_global &) = delete;
  device_global &operator=(device_global &&) = delete;

  T &get() noexcept { return *value(); }
  const T &get() const noexcept { return *value(); }
  operator T &() noexcept { return get(); }
  operator const T &() const noexcept { return get(); }
  device_global &operator=(const T &value) noexcept {
    get() = value;
    return *this;
  }
  template <typename Relay = T, typename = std::enable_if_t<std::is_array_v<Relay>>>
  std::remove_extent_t<Relay> &operator[](std::ptrdiff_t index) noexcept {
    return get()[index];
  }
  template <typename Relay = T, typename = std::enable_if_t<std::is_array_v<Relay>>>
  const std::remove_extent_t<Relay> &operator[](std::ptrdiff_t index) const noexcept {
    return get()[index];
  }
  template <typename Relay = T, typename = std::enable_if_t<std::is_class_v<Relay>>> Relay *operator->() noexcept {
    return value();
  }
  template <typename Relay = T, typename = std::enable_if_t<std::is_class_v<Relay>>>
  const Relay *operator->() const noexcept {
    return value();
  }
  template <access::decorated Decorated = access::decorated::no>
  multi_ptr<T, access::address_space::global_space, Decorated> get_multi_ptr() noexcept {
    return multi_ptr<T, access::address_space::global_space, Decorated>(value());
  }
  template <access::decorated Decorated = access::decorated::no>
  multi_ptr<const T, access::address_space::global_space, Decorated> get_multi_ptr() const noexcept {
    return multi_ptr<const T, access::address_space::global_space, Decorated>(value());
  }

  // Its property list's answers.
  template <typename Key> static constexpr bool has_property() { return PropertyList::template has_property<Key>(); }
  template <typename Key> static constexpr auto get_property() { return PropertyList::template get_property<Key>(); }

private:
  // The value's address, hidden from the optimizer by an empty assembly statement: in device
  // code, so that clang keeps a device_global with internal linkage and its writes although no
  // device code may read them (the compiler's share-device-globals pass finds the marker text,
  // removes it and shares the variable with the host object, docs/kernel-features.md); on the
  // host, so that host code does not take the value for the constant initialiser when only
  // kernels write it.
  T *value() const noexcept {
    T *address = const_cast<T *>(&value_);
    asm("/* ncpu.device_global */" : "+r"(address));
    return address;
  }

  T value_{};
};

} // namespace ext::oneapi::experimental

namespace detail {
// The bytes [offset, offset + bytes) of the device_global `object`, which must lie within it
// (errc::invalid otherwise, naming `command`).
template <typename T, typename P>
char *device_global_bytes(const ext::oneapi::experimental::device_global<T, P> &object, std::size_t bytes,
                          std::size_t offset, const char *command) {
  if (offset > sizeof(T) || bytes > sizeof(T) - offset)
    sycl::detail::throw_error(errc::invalid,
                    std::string(command) + ": " + std::to_string(bytes) + " bytes at offset " + std::to_string(offset) +
                        " go past the device_global's " + std::to_string(sizeof(T)) + " bytes");
  const void *start = &object.get(); // through the optimizer barrier of device_global::value
  return const_cast<char *>(static_cast<const char *>(start)) + offset;
}
} // namespace detail
} // namespace _V1
} // namespace sycl
