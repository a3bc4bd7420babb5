// DPC++'s sycl_ext_oneapi_weak_object: weak_object<T>, a reference to a SYCL object that does not
// keep it alive, and the owner order (weak_object::owner_before, ext_oneapi_owner_before on the
// classes, owner_less) that sorts objects and weak objects by identity.
//
// Classes whose identity is shared state (queue, context, event, buffer, host_accessor,
// kernel_bundle) are watched through that state: the weak object keeps a copy of the object with
// its shared state taken out, and weak pointers to the state; try_lock puts the state back while
// it lives, and the owner order is the weak pointers' (stable after the object is gone). Classes
// that are values here (device and platform, one of each; accessor, local_accessor and stream,
// which kernels copy as bytes and which carry no reference count; kernel, kernel_id and
// device_image, which are a kernel's name) never expire: the weak object keeps the value and
// orders by what identifies it (the construction an accessor was copied from, a local accessor's
// place in the work-group's memory, a stream's state, the kernel's name). A weak_object of an
// accessor therefore does not see the accessor go (docs/dpcpp-headers.md).
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <tuple>
#include <type_traits>
#include <utility>

#include "../../accessor.hpp"
#include "../../buffer.hpp"
#include "../../detail/defines.hpp"
#include "../../device.hpp"
#include "../../event.hpp"
#include "../../exception.hpp"
#include "../../kernel_bundle.hpp"
#include "../../local_accessor.hpp"
#include "../../queue.hpp"
#include "../../stream.hpp"

#define SYCL_EXT_ONEAPI_WEAK_OBJECT 1

namespace sycl {
inline namespace _V1 {
namespace ext::oneapi {
template <typename SyclObject> class weak_object;
}

namespace detail {

// What identifies an object of a value class: an address, or a kernel's name.
struct weak_identity {
  std::uintptr_t address = 0;
  std::string name;
  friend bool operator<(const weak_identity &a, const weak_identity &b) {
    return std::tie(a.address, a.name) < std::tie(b.address, b.name);
  }
};

// The shared state of a watched object: its identity first, then anything else the object holds
// that a weak reference must not keep alive.
using weak_owners = std::array<std::shared_ptr<const void>, 2>;

template <typename T> std::shared_ptr<T> owned_as(const std::shared_ptr<const void> &owner) {
  return std::static_pointer_cast<T>(std::const_pointer_cast<void>(owner));
}

struct weak_access {
  // ---- Watched classes: owners(), hollow() (the object without them), restore(). ----
  // Queue, context and event: the member state_ is the identity.
  template <typename T>
  static constexpr bool identified_by_state =
      std::is_same_v<T, queue> || std::is_same_v<T, context> || std::is_same_v<T, event>;
  template <typename T, typename = std::enable_if_t<identified_by_state<T>>>
  static weak_owners owners(const T &object) {
    return {object.state_, nullptr};
  }
  template <typename T, typename = std::enable_if_t<identified_by_state<T>>> static T hollow(T object) {
    object.state_.reset();
    return object;
  }
  template <typename T, typename = std::enable_if_t<identified_by_state<T>>>
  static T restore(T object, const weak_owners &owners) {
    object.state_ = owned_as<typename decltype(object.state_)::element_type>(owners[0]);
    return object;
  }

  template <typename T, int D, typename A> static weak_owners owners(const buffer<T, D, A> &b) {
    return {b.storage_, nullptr};
  }
  template <typename T, int D, typename A> static buffer<T, D, A> hollow(buffer<T, D, A> b) {
    b.storage_.reset();
    return b;
  }
  template <typename T, int D, typename A>
  static buffer<T, D, A> restore(buffer<T, D, A> b, const weak_owners &owners) {
    b.storage_ = owned_as<buffer_storage>(owners[0]);
    return b;
  }

  template <typename T, int D, access_mode M> static weak_owners owners(const host_accessor<T, D, M> &a) {
    return {a.access_, a.storage_};
  }
  template <typename T, int D, access_mode M> static host_accessor<T, D, M> hollow(host_accessor<T, D, M> a) {
    a.access_.reset();
    a.storage_.reset();
    return a;
  }
  template <typename T, int D, access_mode M>
  static host_accessor<T, D, M> restore(host_accessor<T, D, M> a, const weak_owners &owners) {
    a.access_ = owned_as<host_access>(owners[0]);
    a.storage_ = owned_as<buffer_storage>(owners[1]);
    return a;
  }

  // A kernel bundle: its specialization constants, which copies share.
  template <bundle_state State> static weak_owners owners(const kernel_bundle<State> &b) {
    return {b.spec_constants_, nullptr};
  }
  template <bundle_state State> static kernel_bundle<State> hollow(kernel_bundle<State> b) {
    b.spec_constants_.reset();
    return b;
  }
  template <bundle_state State>
  static kernel_bundle<State> restore(kernel_bundle<State> b, const weak_owners &owners) {
    b.spec_constants_ = owned_as<spec_constant_values>(owners[0]);
    return b;
  }

  // ---- Value classes: identity(). ----
  static weak_identity identity(const device &) { return {}; }
  static weak_identity identity(const platform &) { return {}; }
  template <typename T, int D, access_mode M, target Target, access::placeholder P>
  static weak_identity identity(const accessor<T, D, M, Target, P> &a) {
    return {static_cast<std::uintptr_t>(a.identity_), {}};
  }
  template <typename T, int D> static weak_identity identity(const local_accessor<T, D> &a) {
    return {a.offset_, {}};
  }
  static weak_identity identity(const stream &s) { return {reinterpret_cast<std::uintptr_t>(s.state_), {}}; }
  static weak_identity identity(const kernel_id &id) { return {0, id.name_}; }
  static weak_identity identity(const kernel &k) { return {0, k.name_}; }
  template <bundle_state State> static weak_identity identity(const device_image<State> &image) {
    return identity(image.id_);
  }

  template <typename T, typename = void> struct watched : std::false_type {};
  template <typename T>
  struct watched<T, std::void_t<decltype(weak_access::owners(std::declval<const T &>()))>> : std::true_type {};

  // The order ext_oneapi_owner_before gives, against an object or a weak object.
  template <typename T> static bool owner_before(const T &object, const T &other) {
    return ext::oneapi::weak_object<T>(object).owner_before(other);
  }
  template <typename T> static bool owner_before(const T &object, const ext::oneapi::weak_object<T> &other) {
    return ext::oneapi::weak_object<T>(object).owner_before(other);
  }
};

} // namespace detail

namespace ext::oneapi {

template <typename SyclObject> class weak_object {
  using access = sycl::detail::weak_access;
  static constexpr bool watched = access::watched<SyclObject>::value;

public:
  using object_type = SyclObject;

  constexpr weak_object() noexcept = default;
  weak_object(const SyclObject &object) noexcept { assign(object); }
  weak_object(const weak_object &) noexcept = default;
  weak_object(weak_object &&) noexcept = default;

  weak_object &operator=(const SyclObject &object) noexcept {
    assign(object);
    return *this;
  }
  weak_object &operator=(const weak_object &) noexcept = default;
  weak_object &operator=(weak_object &&) noexcept = default;

  void reset() noexcept { *this = weak_object(); }
  void swap(weak_object &other) noexcept {
    std::swap(object_, other.object_);
    std::swap(owners_, other.owners_);
    std::swap(identity_, other.identity_);
  }

  // An empty weak object counts as expired.
  bool expired() const noexcept {
    if (!object_) return true;
    if constexpr (watched)
      return owners_[0].expired();
    else
      return false;
  }

  std::optional<SyclObject> try_lock() const noexcept {
    if (!object_) return std::nullopt;
    if constexpr (watched) {
      sycl::detail::weak_owners owners{owners_[0].lock(), owners_[1].lock()};
      if (!owners[0]) return std::nullopt;
      return access::restore(*object_, owners);
    } else {
      return object_;
    }
  }
  SyclObject lock() const {
    std::optional<SyclObject> object = try_lock();
    if (!object) sycl::detail::throw_error(errc::invalid, "weak_object::lock: the object is gone or was never set");
    return *std::move(object);
  }

  // Empty weak objects come first and are all equivalent; watched objects follow the order of
  // their identity's control block, value objects that of their identity.
  bool owner_before(const weak_object &other) const noexcept {
    if (!object_ || !other.object_) return !object_ && other.object_;
    if constexpr (watched)
      return owners_[0].owner_before(other.owners_[0]);
    else
      return identity_ < other.identity_;
  }
  bool owner_before(const SyclObject &other) const noexcept { return owner_before(weak_object(other)); }

private:
  void assign(const SyclObject &object) {
    if constexpr (watched) {
      const sycl::detail::weak_owners owners = access::owners(object);
      owners_ = {owners[0], owners[1]};
      object_ = access::hollow(object);
    } else {
      identity_ = access::identity(object);
      object_ = object;
    }
  }

  // The object without its shared state (watched) or the object (values); empty for none.
  std::optional<SyclObject> object_;
  std::array<std::weak_ptr<const void>, 2> owners_;
  sycl::detail::weak_identity identity_;
};

// Compares SYCL objects and weak objects of them by the owner order.
template <typename SyclObject> struct owner_less {
  bool operator()(const SyclObject &lhs, const SyclObject &rhs) const noexcept {
    return lhs.ext_oneapi_owner_before(rhs);
  }
  bool operator()(const weak_object<SyclObject> &lhs, const weak_object<SyclObject> &rhs) const noexcept {
    return lhs.owner_before(rhs);
  }
  bool operator()(const SyclObject &lhs, const weak_object<SyclObject> &rhs) const noexcept {
    return lhs.ext_oneapi_owner_before(rhs);
  }
  bool operator()(const weak_object<SyclObject> &lhs, const SyclObject &rhs) const noexcept {
    return lhs.owner_before(rhs);
  }
};

} // namespace ext::oneapi
} // namespace _V1
} // namespace sycl
