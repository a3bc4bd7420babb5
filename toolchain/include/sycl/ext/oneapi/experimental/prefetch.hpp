// sycl::ext::oneapi::experimental::prefetch and joint_prefetch (DPC++'s
// sycl_ext_oneapi_prefetch): hints that work-items will read some global memory soon.
//
// On this device a hint is the CPU's prefetch instruction (__builtin_prefetch) for every cache
// line of the bytes named, with the locality the cache level asks for: L1 is the closest cache,
// L2 the next, L3 and L4 the last level; a nontemporal hint asks for data that will not be used
// again (prefetchnta on x86). joint_prefetch is the same hint from every work-item of the group,
// which the extension allows. On the host the functions do nothing.
#pragma once

#include <cstddef>
#include <cstdint>
#include <type_traits>

#include "../../../accessor.hpp"
#include "../../../group.hpp"
#include "../../../multi_ptr.hpp"
#include "../properties.hpp"

#define SYCL_EXT_ONEAPI_PREFETCH 1

namespace sycl {
inline namespace _V1 {
namespace ext::oneapi::experimental {

enum class cache_level { L1, L2, L3, L4 };

struct nontemporal;

struct prefetch_hint_key;
template <cache_level Level, typename Hint> struct prefetch_hint_value {
  using key_t = prefetch_hint_key;
  static constexpr cache_level level = Level;
  static constexpr bool is_nontemporal = std::is_same_v<Hint, nontemporal>;
};
struct prefetch_hint_key {
  template <cache_level Level, typename Hint> using value_t = prefetch_hint_value<Level, Hint>;
};

template <cache_level Level, typename Hint> inline constexpr prefetch_hint_key::value_t<Level, Hint> prefetch_hint{};
inline constexpr prefetch_hint_key::value_t<cache_level::L1, void> prefetch_hint_L1{};
inline constexpr prefetch_hint_key::value_t<cache_level::L2, void> prefetch_hint_L2{};
inline constexpr prefetch_hint_key::value_t<cache_level::L3, void> prefetch_hint_L3{};
inline constexpr prefetch_hint_key::value_t<cache_level::L4, void> prefetch_hint_L4{};
inline constexpr prefetch_hint_key::value_t<cache_level::L1, nontemporal> prefetch_hint_L1_nt{};
inline constexpr prefetch_hint_key::value_t<cache_level::L2, nontemporal> prefetch_hint_L2_nt{};
inline constexpr prefetch_hint_key::value_t<cache_level::L3, nontemporal> prefetch_hint_L3_nt{};
inline constexpr prefetch_hint_key::value_t<cache_level::L4, nontemporal> prefetch_hint_L4_nt{};

namespace detail {
template <typename Properties> inline constexpr bool is_hint_list_v = is_property_list_v<std::decay_t<Properties>>;

// __builtin_prefetch's locality for a property list's hint: 3 (keep in every level) for L1 or
// no hint, 2 for L2, 1 for L3 and L4, 0 for a nontemporal hint.
template <typename Properties> constexpr int prefetch_locality() {
  if constexpr (!Properties::template has_property<prefetch_hint_key>()) {
    return 3;
  } else {
    using hint = decltype(Properties::template get_property<prefetch_hint_key>());
    if (hint::is_nontemporal) return 0;
    return hint::level == cache_level::L1 ? 3 : hint::level == cache_level::L2 ? 2 : 1;
  }
}

// Prefetches every cache line of [address, address + bytes) (at least the line of `address`).
template <typename Properties> void prefetch_bytes(const void *address, std::size_t bytes) {
#ifdef __SYCL_DEVICE_ONLY__
  constexpr std::uintptr_t line = 64;
  constexpr int locality = prefetch_locality<Properties>();
  const std::uintptr_t first = reinterpret_cast<std::uintptr_t>(address) & ~(line - 1);
  const std::uintptr_t end = reinterpret_cast<std::uintptr_t>(address) + (bytes == 0 ? 1 : bytes);
  for (std::uintptr_t at = first; at < end; at += line)
    __builtin_prefetch(reinterpret_cast<const void *>(at), 0, locality);
#else
  (void)address;
  (void)bytes;
#endif
}

template <access::address_space Space>
inline constexpr bool prefetchable_space_v =
    Space == access::address_space::global_space || Space == access::address_space::generic_space;
template <int Dims, access_mode Mode>
inline constexpr bool prefetchable_accessor_v = Dims > 0 && (Mode == access_mode::read || Mode == access_mode::read_write);
} // namespace detail

template <typename Properties = empty_properties_t,
          typename = std::enable_if_t<detail::is_hint_list_v<Properties>>>
void prefetch(void *pointer, Properties = {}) {
  detail::prefetch_bytes<std::decay_t<Properties>>(pointer, 1);
}
template <typename Properties = empty_properties_t,
          typename = std::enable_if_t<detail::is_hint_list_v<Properties>>>
void prefetch(void *pointer, std::size_t bytes, Properties = {}) {
  detail::prefetch_bytes<std::decay_t<Properties>>(pointer, bytes);
}
template <typename T, typename Properties = empty_properties_t,
          typename = std::enable_if_t<!std::is_void_v<T> && detail::is_hint_list_v<Properties>>>
void prefetch(T *pointer, Properties = {}) {
  detail::prefetch_bytes<std::decay_t<Properties>>(pointer, sizeof(T));
}
template <typename T, typename Properties = empty_properties_t,
          typename = std::enable_if_t<!std::is_void_v<T> && detail::is_hint_list_v<Properties>>>
void prefetch(T *pointer, std::size_t count, Properties = {}) {
  detail::prefetch_bytes<std::decay_t<Properties>>(pointer, count * sizeof(T));
}
template <typename T, access::address_space Space, access::decorated Decorated,
          typename Properties = empty_properties_t,
          typename = std::enable_if_t<detail::prefetchable_space_v<Space> && detail::is_hint_list_v<Properties>>>
void prefetch(multi_ptr<T, Space, Decorated> pointer, Properties = {}) {
  constexpr std::size_t bytes = std::is_void_v<T> ? 1 : sizeof(std::conditional_t<std::is_void_v<T>, char, T>);
  detail::prefetch_bytes<std::decay_t<Properties>>(pointer.get(), bytes);
}
template <typename T, access::address_space Space, access::decorated Decorated,
          typename Properties = empty_properties_t,
          typename = std::enable_if_t<detail::prefetchable_space_v<Space> && detail::is_hint_list_v<Properties>>>
void prefetch(multi_ptr<T, Space, Decorated> pointer, std::size_t count, Properties = {}) {
  constexpr std::size_t size = std::is_void_v<T> ? 1 : sizeof(std::conditional_t<std::is_void_v<T>, char, T>);
  detail::prefetch_bytes<std::decay_t<Properties>>(pointer.get(), count * size);
}
template <typename DataT, int Dims, access_mode Mode, access::placeholder P,
          typename Properties = empty_properties_t,
          typename = std::enable_if_t<detail::prefetchable_accessor_v<Dims, Mode> && detail::is_hint_list_v<Properties>>>
void prefetch(accessor<DataT, Dims, Mode, target::device, P> data, id<Dims> offset, Properties = {}) {
  detail::prefetch_bytes<std::decay_t<Properties>>(&data[offset], sizeof(DataT));
}
template <typename DataT, int Dims, access_mode Mode, access::placeholder P,
          typename Properties = empty_properties_t,
          typename = std::enable_if_t<detail::prefetchable_accessor_v<Dims, Mode> && detail::is_hint_list_v<Properties>>>
void prefetch(accessor<DataT, Dims, Mode, target::device, P> data, std::size_t offset, std::size_t count,
              Properties = {}) {
  detail::prefetch_bytes<std::decay_t<Properties>>(data.template get_multi_ptr<access::decorated::no>().get() + offset,
                                                   count * sizeof(DataT));
}

// The group forms: every work-item of `g` gives the same hint.
template <typename Group, typename... Arguments, typename = std::enable_if_t<is_group_v<std::decay_t<Group>>>>
void joint_prefetch(Group, Arguments &&...arguments) {
  prefetch(std::forward<Arguments>(arguments)...);
}

} // namespace ext::oneapi::experimental
} // namespace _V1
} // namespace sycl
