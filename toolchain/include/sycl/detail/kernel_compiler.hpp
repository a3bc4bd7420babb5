// sycl_ext_oneapi_kernel_compiler for source_language::sycl (docs/kernel-compiler.md): a string
// of free function kernels becomes a kernel bundle in the ext_oneapi_source state, and `build`
// makes it executable. The runtime builds it with ncpu++ into a shared library, loads it, and
// returns the library's table of kernels (__nativecpu_build_source); each kernel's kernel object
// binder is registered here, so its sycl::kernel runs with set_args like any free function
// kernel's. The built kernels have no kernel ids (get_kernel_ids does not list them).
#pragma once

#include <cstddef>
#include <memory>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include <nativecpu/runtime.h>

#include "../ext/oneapi/properties.hpp"
#include "../kernel_bundle.hpp"

#define SYCL_EXT_ONEAPI_KERNEL_COMPILER 1

namespace sycl {
inline namespace _V1 {
namespace ext::oneapi::experimental {

// create_kernel_bundle_from_source's property: include files the source may #include "name".
struct include_files {
  using key_t = include_files;
  include_files() = default;
  include_files(const std::string &name, const std::string &content) { add(name, content); }
  include_files(const std::vector<std::string> &names, const std::vector<std::string> &contents) {
    if (names.size() != contents.size())
      sycl::detail::throw_error(errc::invalid, "include_files needs one content per name");
    for (std::size_t i = 0; i < names.size(); ++i) add(names[i], contents[i]);
  }
  void add(const std::string &name, const std::string &content) { record.emplace_back(name, content); }
  std::vector<std::pair<std::string, std::string>> record;
};
using include_files_key = include_files;

namespace detail {
// A constructor parameter taking one string but no braced list, so that `{"a", "b"}` means a
// vector of two strings and not std::string's iterator-pair constructor.
template <typename Text>
using if_one_string_t = std::enable_if_t<std::is_convertible_v<const Text &, std::string>, int>;
} // namespace detail

// build's properties: ncpu++ flags, where to save the log of a build that succeeds, and C++
// expressions naming kernel functions (registered_kernel_names is the extension's older name).
struct build_options {
  using key_t = build_options;
  template <typename Text, detail::if_one_string_t<Text> = 0> build_options(const Text &option) : opts{option} {}
  build_options(const std::vector<std::string> &options) : opts(options) {}
  std::vector<std::string> opts;
};
using build_options_key = build_options;
struct save_log {
  using key_t = save_log;
  save_log(std::string *to) : log(to) {}
  std::string *log;
};
using save_log_key = save_log;
struct registered_names {
  using key_t = registered_names;
  template <typename Text, detail::if_one_string_t<Text> = 0> registered_names(const Text &name) : names{name} {}
  registered_names(const std::vector<std::string> &names) : names(names) {}
  std::vector<std::string> names;
};
using registered_names_key = registered_names;
using registered_kernel_names = registered_names;
using registered_kernel_names_key = registered_names;

namespace detail {
template <typename Key, typename Properties, typename Value> Value property_or(const Properties &properties, Value fallback) {
  if constexpr (Properties::template has_property<Key>())
    return properties.template get_property<Key>();
  else
    return fallback;
}
inline void check_source_language(source_language language) {
  if (language != source_language::sycl)
    sycl::detail::throw_error(errc::invalid, "this device compiles kernels from SYCL source only "
                                             "(source_language::sycl)");
}

// The built library's kernels as the bundle keeps them; each kernel's binder registered.
inline std::vector<sycl::detail::compiled_source::built_kernel> register_built_kernels(const __nativecpu_built_source &built) {
  std::vector<sycl::detail::compiled_source::built_kernel> kernels;
  for (std::size_t i = 0; i < built.kernel_count; ++i) {
    const __nativecpu_built_kernel &row = built.kernels[i];
    sycl::detail::register_kernel_object_binder(
        row.kernel_name, reinterpret_cast<sycl::detail::kernel_object_binder>(const_cast<void *>(row.binder)),
        row.argument_count);
    kernels.push_back({row.name, row.kernel_name, row.raw_name});
  }
  return kernels;
}

// Builds `source` with the build's options and registered names; the log of a build that
// succeeded goes to `log` when given.
inline std::shared_ptr<const sycl::detail::compiled_source> build_source(const sycl::detail::compiled_source &source,
                                                                         const std::vector<std::string> &options,
                                                                         const std::vector<std::string> &names,
                                                                         std::string *log) {
  std::vector<__nativecpu_source_file> files;
  for (const auto &[name, content] : source.include_files) files.push_back({name.c_str(), content.c_str()});
  std::vector<const char *> option_texts, name_texts;
  for (const std::string &option : options) option_texts.push_back(option.c_str());
  for (const std::string &name : names) name_texts.push_back(name.c_str());
  const __nativecpu_source_build request{source.text.c_str(), files.data(),        files.size(),
                                         option_texts.data(),  option_texts.size(), name_texts.data(),
                                         name_texts.size()};
  const std::unique_ptr<const __nativecpu_built_source, void (*)(const __nativecpu_built_source *)> built(
      __nativecpu_build_source(&request), __nativecpu_release_built_source);
  if (built->status == NATIVECPU_BUILD_INVALID) sycl::detail::throw_error(errc::invalid, built->log);
  if (built->status != 0) sycl::detail::throw_error(errc::build, built->log);
  auto result = std::make_shared<sycl::detail::compiled_source>(source);
  result->kernels = register_built_kernels(*built);
  if (log) *log = built->log;
  return result;
}
} // namespace detail

// The bundle of `source`, which build compiles (nothing is compiled here).
template <typename PropertyListT = empty_properties_t>
kernel_bundle<bundle_state::ext_oneapi_source> create_kernel_bundle_from_source(const context &, source_language language,
                                                                                const std::string &source,
                                                                                PropertyListT properties = {}) {
  detail::check_source_language(language);
  sycl::detail::compiled_source bundle_source;
  bundle_source.text = source;
  bundle_source.include_files = detail::property_or<include_files_key>(properties, include_files{}).record;
  return kernel_bundle<bundle_state::ext_oneapi_source>(
      std::make_shared<const sycl::detail::compiled_source>(std::move(bundle_source)));
}
// SYCL is a text language: the bytes form is for binary languages.
template <typename PropertyListT = empty_properties_t>
kernel_bundle<bundle_state::ext_oneapi_source> create_kernel_bundle_from_source(const context &, source_language language,
                                                                                const std::vector<std::byte> &,
                                                                                PropertyListT = {}) {
  detail::check_source_language(language);
  sycl::detail::throw_error(errc::invalid, "source_language::sycl is a text format: pass the source as a string");
}

// Compiles the source bundle (errc::build with the build log when the compiler fails).
template <typename PropertyListT = empty_properties_t>
kernel_bundle<bundle_state::executable> build(const kernel_bundle<bundle_state::ext_oneapi_source> &source_bundle,
                                              const std::vector<device> &devices, PropertyListT properties = {}) {
  if (devices.empty()) sycl::detail::throw_error(errc::invalid, "build needs at least one device");
  const std::vector<std::string> options =
      detail::property_or<build_options_key>(properties, build_options(std::vector<std::string>{})).opts;
  const std::vector<std::string> names =
      detail::property_or<registered_names_key>(properties, registered_names(std::vector<std::string>{})).names;
  std::string *log = detail::property_or<save_log_key>(properties, save_log(nullptr)).log;
  return kernel_bundle<bundle_state::executable>(
      detail::build_source(*source_bundle.ncpu_source(), options, names, log));
}
template <typename PropertyListT = empty_properties_t>
kernel_bundle<bundle_state::executable> build(const kernel_bundle<bundle_state::ext_oneapi_source> &source_bundle,
                                              PropertyListT properties = {}) {
  return build(source_bundle, source_bundle.get_devices(), properties);
}

// The extension's first form of ext_oneapi_can_compile.
inline bool is_source_kernel_bundle_supported(backend, source_language language) {
  return language == source_language::sycl;
}

} // namespace ext::oneapi::experimental
} // namespace _V1
} // namespace sycl
