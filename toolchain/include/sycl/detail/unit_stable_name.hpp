// clang's unique stable name of a type, made unique to the translation unit when the type has
// internal linkage. It names kernels (by their name types) and specialization constants (by
// their tags) alike in the host and device passes.
//
// A type in an unnamed namespace mangles with `_GLOBAL__N_` in every translation unit, so two
// units' different `(anonymous)::K` would share one name: one unit's kernel would run the other's
// code, one unit's specialization constant read the other's default. Such a name gets
// `.ncpu.<unit>` after it, the id of the translation unit the driver defines as __NCPU_UNIT in
// both passes; `unit-kernel-names` renames the device kernels alike (docs/kernel-features.md,
// "Names of internal linkage").
#pragma once

#include <cstddef>
#include <string_view>
#include <utility>

#ifndef __NCPU_UNIT
#define __NCPU_UNIT ""
#endif

namespace sycl {
inline namespace _V1 {
namespace detail {

// A name's characters with their terminating NUL, as a plain array: a pointer to it is a
// constant string even at -O0, which the compiler's spec-constants pass needs.
template <typename Name, typename Indices> struct stable_name_chars;
template <typename Name, std::size_t... I> struct stable_name_chars<Name, std::index_sequence<I...>> {
  static constexpr char text[] = {Name::at(I)..., '\0'};
};

template <typename T> struct unit_stable_name {
  static constexpr std::string_view stable = __builtin_sycl_unique_stable_name(T);
  static constexpr std::string_view unit = __NCPU_UNIT;
  static constexpr std::string_view separator = ".ncpu.";
  static constexpr bool per_unit = !unit.empty() && stable.find("_GLOBAL__N_") != std::string_view::npos;
  static constexpr std::size_t length = stable.size() + (per_unit ? separator.size() + unit.size() : 0);
  // The name's `index`th character: the stable name's, then the separator's and the unit's.
  static constexpr char at(std::size_t index) {
    if (index < stable.size()) return stable[index];
    index -= stable.size();
    return index < separator.size() ? separator[index] : unit[index - separator.size()];
  }
  static constexpr const char *text = stable_name_chars<unit_stable_name, std::make_index_sequence<length>>::text;
};

} // namespace detail
} // namespace _V1
} // namespace sycl
