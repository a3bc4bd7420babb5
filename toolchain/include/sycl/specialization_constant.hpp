// Specialization constants (SYCL 2020 section 4.9.5): sycl::specialization_id, the
// kernel_handler a kernel reads them through, and the command group's values.
//
// Native CPU has no JIT, so they are emulated as DPC++ does on native_cpu: every kernel receives
// a pointer to a buffer holding the values of all constants (its second argument), device code
// calls DPC++'s markers, and the compiler's spec-constants pass turns each call into a load at
// the constant's offset; sycl-post-link describes the offsets and defaults in the image's
// property sets, from which the runtime fills the buffer at launch
// (__nativecpu_spec_constants_fill).
//
// A constant's symbolic id is the stable name clang gives spec_constant_tag<Id> (upstream clang
// has no __builtin_sycl_unique_stable_id), made unique to the translation unit for a constant
// in an unnamed namespace (detail/unit_stable_name.hpp): the same string in the host and device
// compilations.
#pragma once

#include <cstddef>
#include <cstring>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include <nativecpu/runtime.h>

#include "detail/builtins.hpp"
#include "detail/defines.hpp"
#include "detail/unit_stable_name.hpp"
#include "exception.hpp"

namespace sycl {
inline namespace _V1 {

template <typename T> class specialization_id {
public:
  using value_type = T;

  template <typename... Args>
  explicit constexpr specialization_id(Args &&...args) : default_value_(std::forward<Args>(args)...) {}
  specialization_id(const specialization_id &) = delete;
  specialization_id(specialization_id &&) = delete;
  specialization_id &operator=(const specialization_id &) = delete;
  specialization_id &operator=(specialization_id &&) = delete;

  // The only member, and so the first: the compiler reads the default value from it.
  T default_value_;
};

namespace detail {
template <auto &Id> struct spec_constant_tag {};

template <auto &Id> const char *spec_constant_symbolic_id() { return unit_stable_name<spec_constant_tag<Id>>::text; }

template <auto &Id> using spec_constant_value_t = typename std::remove_reference_t<decltype(Id)>::value_type;

// The values a command group set, by symbolic id, as bytes.
class spec_constant_values {
public:
  template <auto &Id> void set(const spec_constant_value_t<Id> &value) {
    static_assert(std::is_trivially_copyable_v<spec_constant_value_t<Id>>,
                  "a specialization constant's type must be trivially copyable");
    std::vector<char> bytes(sizeof(value));
    std::memcpy(bytes.data(), &value, sizeof(value));
    put(spec_constant_symbolic_id<Id>(), std::move(bytes));
  }

  template <auto &Id> spec_constant_value_t<Id> get() const {
    for (const auto &entry : values_)
      if (entry.first == spec_constant_symbolic_id<Id>()) {
        // The type need not have a default constructor (it is trivially copyable).
        struct {
          char bytes[sizeof(spec_constant_value_t<Id>)];
        } raw;
        std::memcpy(raw.bytes, entry.second.data(), sizeof(raw.bytes));
        return __builtin_bit_cast(spec_constant_value_t<Id>, raw);
      }
    return Id.default_value_;
  }

  bool empty() const { return values_.empty(); }
  friend bool operator==(const spec_constant_values &a, const spec_constant_values &b) { return a.values_ == b.values_; }
  // Sets the values `other` sets, over this one's.
  void merge(const spec_constant_values &other) {
    for (const auto &entry : other.values_) put(entry.first, entry.second);
  }

  // The buffer kernel `kernel_name` reads: its image's defaults with the set values over them.
  // Storage is in max_align_t units, so every constant's offset is aligned for its type.
  std::vector<std::max_align_t> buffer_for(const char *kernel_name) const {
    std::size_t size = 0;
    check(__nativecpu_spec_constants_size(kernel_name, &size));
    std::vector<std::max_align_t> storage((size + sizeof(std::max_align_t) - 1) / sizeof(std::max_align_t));
    std::vector<const char *> ids;
    std::vector<const void *> data;
    std::vector<std::size_t> sizes;
    for (const auto &entry : values_) {
      ids.push_back(entry.first.c_str());
      data.push_back(entry.second.data());
      sizes.push_back(entry.second.size());
    }
    check(__nativecpu_spec_constants_fill(kernel_name, ids.size(), ids.data(), data.data(), sizes.data(),
                                          storage.data(), storage.size() * sizeof(std::max_align_t)));
    return storage;
  }

private:
  static void check(int result) {
    if (result != NATIVECPU_SUCCESS)
      sycl::detail::throw_error(result == NATIVECPU_ERROR_INVALID_KERNEL ? errc::kernel_not_supported
                                                                               : errc::invalid,
                      __nativecpu_last_error());
  }
  // Sets the value of `id`, in place if it has one already (the order of first setting is kept).
  void put(const std::string &id, std::vector<char> bytes) {
    for (auto &entry : values_)
      if (entry.first == id) {
        entry.second = std::move(bytes);
        return;
      }
    values_.emplace_back(id, std::move(bytes));
  }

  std::vector<std::pair<std::string, std::vector<char>>> values_;
};
} // namespace detail

// Passed to a kernel that takes it as its last parameter; reads the specialization constants.
class kernel_handler {
public:
  template <auto &Id> detail::spec_constant_value_t<Id> get_specialization_constant() const {
    using T = detail::spec_constant_value_t<Id>;
#ifdef __SYCL_DEVICE_ONLY__
    const char *id = detail::unit_stable_name<detail::spec_constant_tag<Id>>::text;
    if constexpr (std::is_scalar_v<T>)
      return __sycl_getScalar2020SpecConstantValue<T>(id, &Id, buffer_);
    else
      return __sycl_getComposite2020SpecConstantValue<T>(id, &Id, buffer_);
#else
    detail::device_only("kernel_handler::get_specialization_constant");
#endif
  }

  explicit kernel_handler(const char *buffer) : buffer_(buffer) {}

private:
  const char *buffer_;
};

} // namespace _V1
} // namespace sycl
