// Kernel bundles (SYCL 2020 section 4.11), the basics: sycl::kernel_id, get_kernel_id,
// get_kernel_ids, kernel_bundle in the executable state, sycl::kernel and its info queries, and
// handler::use_kernel_bundle.
//
// Every kernel of the program is compiled ahead of time to native code and registered with the
// runtime when the program starts. A kernel_id is a kernel's registered name (the one
// __builtin_sycl_unique_stable_name gives its kernel name type); the runtime lists the registered
// names (__nativecpu_kernel_names). A bundle of a context holds every registered kernel the device
// can run (or the ones asked for; __nativecpu_kernel_supported), in any state: specialization constants are applied when a kernel is launched
// (specialization_constant.hpp), so an input bundle needs no image of its own. compile, link and
// build carry the kernels and the specialization constants set on an input bundle over to the
// next state; use_kernel_bundle gives the command group the executable bundle's constants. Each
// kernel is its own device image, which bundles iterate and selectors choose from; join unites
// bundles. use_kernel_bundle does not restrict which kernels a command group may run: all are in
// every executable bundle of the context.
#pragma once

#include <algorithm>
#include <any>
#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include <nativecpu/runtime.h>

#include "detail/defines.hpp"
#include "detail/kernel_entry.hpp"
#include "device.hpp"
#include "exception.hpp"
#include "handler.hpp"
#include "range.hpp"
#include "specialization_constant.hpp"

namespace sycl {
inline namespace _V1 {

// ext_oneapi_source: a bundle of source code (sycl_ext_oneapi_kernel_compiler).
enum class bundle_state : int { input, object, executable, ext_oneapi_source };

class kernel_id {
public:
  kernel_id() = delete;
  const char *get_name() const noexcept { return name_.c_str(); }
  friend bool operator==(const kernel_id &a, const kernel_id &b) { return a.name_ == b.name_; }
  friend bool operator!=(const kernel_id &a, const kernel_id &b) { return !(a == b); }
  NCPU_OWNER_BEFORE

  // Not part of the SYCL interface: ids are made by get_kernel_id and get_kernel_ids.
  explicit kernel_id(std::string name) : name_(std::move(name)) {}

private:
  std::string name_;
};

namespace detail {
inline bool kernel_registered(const char *name) { return __nativecpu_find_kernel(name) != nullptr; }
// Whether the device can run the kernel: registered, with the aspects and sizes it requires.
inline bool kernel_supported(const char *name) { return __nativecpu_kernel_supported(name) == NATIVECPU_SUCCESS; }

inline std::vector<kernel_id> registered_kernel_ids() {
  std::vector<const char *> names;
  std::size_t count = __nativecpu_kernel_names(nullptr, 0);
  // Asks again if a library registered more kernels in between.
  do {
    names.resize(count);
    count = __nativecpu_kernel_names(names.data(), names.size());
  } while (count > names.size());
  names.resize(count);
  std::vector<kernel_id> ids;
  ids.reserve(names.size());
  for (const char *name : names) ids.emplace_back(name);
  return ids;
}
} // namespace detail

// The id of the kernel named KernelName; errc::runtime if the program has no such kernel.
template <typename KernelName> kernel_id get_kernel_id() {
  const char *name = detail::kernel_name<KernelName>();
  if (!detail::kernel_registered(name))
    sycl::detail::throw_error(errc::runtime, std::string("no kernel is registered as ") + name);
  return kernel_id(name);
}

// The ids of every kernel of the program.
inline std::vector<kernel_id> get_kernel_ids() { return detail::registered_kernel_ids(); }

namespace info {
namespace kernel {
// The kernel's registered name (SYCL 1.2.1's descriptor, still offered by DPC++).
struct function_name { using return_type = std::string; };
// Defined for kernels of an interoperability bundle or built-in kernels (SYCL 2020 4.11.13.2),
// which this device does not have, and free function kernels (their parameters).
struct num_args { using return_type = std::uint32_t; };
// The kernel attributes the kernel was compiled with, as source text.
struct attributes { using return_type = std::string; };
// The context the kernel belongs to (SYCL 1.2.1's descriptor, still offered by DPC++).
struct context { using return_type = sycl::context; };
} // namespace kernel
} // namespace info
namespace detail {
// Whether Param is one of the kernel's own queries (info::kernel), which take no device.
template <typename Param>
inline constexpr bool is_kernel_query_v =
    std::is_same_v<Param, info::kernel::function_name> || std::is_same_v<Param, info::kernel::num_args> ||
    std::is_same_v<Param, info::kernel::attributes> || std::is_same_v<Param, info::kernel::context>;
} // namespace detail
namespace info {
namespace kernel_device_specific {
struct global_work_size { using return_type = range<3>; };
struct work_group_size { using return_type = std::size_t; };
struct compile_work_group_size { using return_type = range<3>; };
struct preferred_work_group_size_multiple { using return_type = std::size_t; };
struct private_mem_size { using return_type = std::size_t; };
struct max_sub_group_size { using return_type = std::uint32_t; };
struct max_num_sub_groups { using return_type = std::uint32_t; };
struct compile_sub_group_size { using return_type = std::uint32_t; };
struct compile_num_sub_groups { using return_type = std::uint32_t; };
} // namespace kernel_device_specific
} // namespace info

namespace ext::nativecpu::info::kernel_device_specific {
// Bytes of work-group local variables (group_local_memory, local variables of the kernel) each
// work-group of the kernel uses, as OpenCL's CL_KERNEL_LOCAL_MEM_SIZE reports them; local
// accessors are sized per launch and not counted.
struct local_mem_size { using return_type = std::size_t; };
} // namespace ext::nativecpu::info::kernel_device_specific

namespace detail {
// What the compiler decided about the kernel (the metadata note it left in the device object,
// docs/formats.md); errc::invalid if no such kernel is registered.
inline __nativecpu_kernel_info compiled_kernel_info(const std::string &name) {
  __nativecpu_kernel_info info{};
  if (__nativecpu_get_kernel_info(name.c_str(), &info) != 0)
    sycl::detail::throw_error(errc::invalid, __nativecpu_last_error());
  return info;
}
} // namespace detail

template <bundle_state State> class kernel_bundle;

namespace detail {
// What a bundle made by the kernel compiler holds (detail/kernel_compiler.hpp): in the
// ext_oneapi_source state its source and include files, once built its kernels.
struct compiled_source {
  struct built_kernel {
    std::string name;        // the registered expression or the extern "C" name
    std::string kernel_name; // the kernel's registered name
    std::string raw_name;    // the function's symbol name
  };
  std::string text;
  std::vector<std::pair<std::string, std::string>> include_files;
  std::vector<built_kernel> kernels;

  // The kernel the program asks for by `name`: its registered name or its raw name.
  const built_kernel *find(const std::string &name) const {
    for (const built_kernel &kernel : kernels)
      if (kernel.name == name || kernel.raw_name == name) return &kernel;
    return nullptr;
  }
  const built_kernel &get(const std::string &name) const {
    if (const built_kernel *kernel = find(name)) return *kernel;
    sycl::detail::throw_error(errc::invalid, "the kernel bundle has no kernel named '" + name +
                                                 "' (an extern \"C\" kernel's name, a registered name or a raw name)");
  }
};
} // namespace detail

namespace ext::oneapi::experimental::detail {
// The registered name of the free function kernel Func's kernel, made and made launchable as a
// kernel object (ext/oneapi/experimental/free_function_traits.hpp).
template <auto *Func> const char *free_function_kernel();
} // namespace ext::oneapi::experimental::detail


class kernel {
public:
  kernel() = delete;

  backend get_backend() const noexcept { return backend::native_cpu; }
  context get_context() const { return platform().ext_oneapi_get_default_context(); }
  kernel_bundle<bundle_state::executable> get_kernel_bundle() const;

  template <typename Param> typename Param::return_type get_info() const {
    if constexpr (std::is_same_v<Param, info::kernel::function_name>)
      return name_;
    else if constexpr (std::is_same_v<Param, info::kernel::num_args>)
      return num_args();
    else if constexpr (std::is_same_v<Param, info::kernel::attributes>)
      return attributes();
    else if constexpr (std::is_same_v<Param, info::kernel::context>)
      return get_context();
    else
      static_assert(sizeof(Param) == 0, "unsupported kernel info query");
  }

  // Answered from what the compiler decided about the kernel (its metadata note): a kernel with
  // the work_group_size property runs only with that size (range<3> in SYCL order, the last
  // dimension fastest; {0, 0, 0} without one), any other up to the device's maximum; the
  // sub-group size is the kernel's vector width (1 for a kernel that was not vectorized), and
  // the required one its sub_group_size property (0 without one); the private memory is what
  // the kernel keeps per work-item across barriers (its stack frame is not counted).
  template <typename Param> typename Param::return_type get_info(const device &) const {
    using namespace info::kernel_device_specific;
    const __nativecpu_kernel_info info = detail::compiled_kernel_info(name_);
    const std::uint32_t *reqd = info.reqd_work_group_size;
    const bool has_reqd = reqd[0] != 0;
    const std::size_t max_group = has_reqd ? std::size_t(reqd[0]) * reqd[1] * reqd[2]
                                           : __nativecpu_max_work_group_size();
    if constexpr (std::is_same_v<Param, work_group_size>)
      return max_group;
    else if constexpr (std::is_same_v<Param, compile_work_group_size>)
      return range<3>(reqd[2], reqd[1], reqd[0]);
    else if constexpr (std::is_same_v<Param, preferred_work_group_size_multiple>)
      return info.vector_width;
    else if constexpr (std::is_same_v<Param, private_mem_size>)
      return static_cast<std::size_t>(info.private_memory_size);
    else if constexpr (std::is_same_v<Param, ext::nativecpu::info::kernel_device_specific::local_mem_size>)
      return static_cast<std::size_t>(info.local_memory_size);
    else if constexpr (std::is_same_v<Param, max_sub_group_size>)
      return info.sub_group_size;
    else if constexpr (std::is_same_v<Param, max_num_sub_groups>)
      // A sub-group never spans rows of x, so groups one work-item wide have the most.
      return has_reqd ? static_cast<std::uint32_t>((reqd[0] + info.sub_group_size - 1) / info.sub_group_size *
                                                   reqd[1] * reqd[2])
                      : static_cast<std::uint32_t>(max_group);
    else if constexpr (std::is_same_v<Param, compile_sub_group_size>)
      return info.reqd_sub_group_size;
    else if constexpr (std::is_same_v<Param, compile_num_sub_groups>)
      return 0;
    else if constexpr (std::is_same_v<Param, global_work_size>)
      sycl::detail::throw_error(errc::invalid,
                      "global_work_size is only defined for built-in kernels and custom devices");
    else
      static_assert(sizeof(Param) == 0, "unsupported kernel_device_specific info query");
  }

  // sycl_ext_oneapi_launch_queries: what a launch on `q` may use, for the launch's work-group
  // range and dynamic local memory where the descriptor takes them (the descriptors and their
  // answers: ext/oneapi/experimental/kernel_queue_info.hpp).
  template <typename Param, typename Queue, typename... Launch>
  typename Param::return_type ext_oneapi_get_info(const Queue &q, const Launch &...launch) const {
    return Param::answer(*this, q.get_device(), launch...);
  }

  friend bool operator==(const kernel &a, const kernel &b) { return a.name_ == b.name_; }
  friend bool operator!=(const kernel &a, const kernel &b) { return !(a == b); }
  NCPU_OWNER_BEFORE

  // Not part of the SYCL interface: kernel_bundle::get_kernel makes kernels.
  explicit kernel(std::string name) : name_(std::move(name)) {}

private:
  // A free function kernel's parameters (sycl_ext_oneapi_free_function_kernels); SYCL 2020 defines
  // the query for built-in and interoperability kernels only, which this backend has none of.
  std::uint32_t num_args() const {
    const int count = detail::find_kernel_object(name_).argument_count;
    if (count < 0)
      sycl::detail::throw_error(errc::invalid, "num_args is only defined for free function kernels, built-in kernels "
                                               "and kernels of interoperability bundles");
    return std::uint32_t(count);
  }
  // "reqd_work_group_size(d0,d1,d2)" (SYCL order) and "reqd_sub_group_size(n)", space-separated,
  // for the kernel properties the compiler recorded; empty without any.
  std::string attributes() const {
    const __nativecpu_kernel_info info = detail::compiled_kernel_info(name_);
    const std::uint32_t *reqd = info.reqd_work_group_size;
    std::string text;
    if (reqd[0] != 0)
      text = "reqd_work_group_size(" + std::to_string(reqd[2]) + "," + std::to_string(reqd[1]) + "," +
             std::to_string(reqd[0]) + ")";
    if (info.reqd_sub_group_size != 0)
      text += (text.empty() ? "" : " ") + std::string("reqd_sub_group_size(") +
              std::to_string(info.reqd_sub_group_size) + ")";
    return text;
  }

  std::string name_;
};

// A device image (SYCL 2020 4.11.14): here one kernel's native code.
template <bundle_state State> class device_image {
public:
  device_image() = delete;

  bool has_kernel(const kernel_id &id) const noexcept { return id == id_; }
  bool has_kernel(const kernel_id &id, const device &) const noexcept { return has_kernel(id); }

  friend bool operator==(const device_image &a, const device_image &b) { return a.id_ == b.id_; }
  friend bool operator!=(const device_image &a, const device_image &b) { return !(a == b); }
  NCPU_OWNER_BEFORE

  // Not part of the SYCL interface: bundles and get_kernel_bundle's selectors make images.
  explicit device_image(kernel_id id) : id_(std::move(id)) {}
  const kernel_id &ncpu_kernel_id() const noexcept { return id_; }

private:
  kernel_id id_;
};

template <bundle_state State> class kernel_bundle {
public:
  using device_image_iterator = const device_image<State> *;

  kernel_bundle() = delete;

  bool empty() const noexcept { return images_.empty() && (!source_ || source_->kernels.empty()); }
  backend get_backend() const noexcept { return backend::native_cpu; }
  context get_context() const noexcept { return platform().ext_oneapi_get_default_context(); }
  std::vector<device> get_devices() const noexcept { return {device()}; }

  bool has_kernel(const kernel_id &id) const noexcept {
    for (const device_image<State> &image : images_)
      if (image.has_kernel(id)) return true;
    return false;
  }
  bool has_kernel(const kernel_id &id, const device &) const noexcept { return has_kernel(id); }
  template <typename KernelName> bool has_kernel() const noexcept {
    return has_kernel(kernel_id(detail::kernel_name<KernelName>()));
  }
  template <typename KernelName> bool has_kernel(const device &) const noexcept { return has_kernel<KernelName>(); }

  std::vector<kernel_id> get_kernel_ids() const {
    std::vector<kernel_id> ids;
    for (const device_image<State> &image : images_) ids.push_back(image.ncpu_kernel_id());
    return ids;
  }

  device_image_iterator begin() const noexcept { return images_.data(); }
  device_image_iterator end() const noexcept { return images_.data() + images_.size(); }

  template <bundle_state S = State, typename = std::enable_if_t<S == bundle_state::executable>>
  kernel get_kernel(const kernel_id &id) const {
    if (!has_kernel(id))
      sycl::detail::throw_error(errc::invalid,
                      std::string("the kernel bundle does not contain the kernel ") + id.get_name());
    return kernel(id.get_name());
  }
  template <typename KernelName, bundle_state S = State, typename = std::enable_if_t<S == bundle_state::executable>>
  kernel get_kernel() const {
    return get_kernel(kernel_id(detail::kernel_name<KernelName>()));
  }
  // Free function kernels (sycl_ext_oneapi_free_function_kernels): whether the bundle holds
  // Func's kernel, and its kernel object, which runs with set_args.
  template <auto *Func> bool ext_oneapi_has_kernel() const {
    return has_kernel(kernel_id(ext::oneapi::experimental::detail::free_function_kernel<Func>()));
  }
  template <auto *Func> bool ext_oneapi_has_kernel(const device &) const { return ext_oneapi_has_kernel<Func>(); }
  template <auto *Func, bundle_state S = State, typename = std::enable_if_t<S == bundle_state::executable>>
  kernel ext_oneapi_get_kernel() const {
    return get_kernel(kernel_id(ext::oneapi::experimental::detail::free_function_kernel<Func>()));
  }

  // Kernels built from source (sycl_ext_oneapi_kernel_compiler), by an extern "C" kernel's name,
  // a registered name as written, or the function's raw (mangled) name.
  template <bundle_state S = State, typename = std::enable_if_t<S != bundle_state::ext_oneapi_source>>
  bool ext_oneapi_has_kernel(const std::string &name) const {
    return source_ && source_->find(name) != nullptr;
  }
  template <bundle_state S = State, typename = std::enable_if_t<S == bundle_state::executable>>
  kernel ext_oneapi_get_kernel(const std::string &name) const {
    return kernel(built_kernel(name).kernel_name);
  }
  template <bundle_state S = State, typename = std::enable_if_t<S != bundle_state::ext_oneapi_source>>
  std::string ext_oneapi_get_raw_kernel_name(const std::string &name) const {
    return built_kernel(name).raw_name;
  }

  // Specialization constants (SYCL 2020 4.11.12): set on input bundles, read in any state.
  // Whether a kernel uses a constant is known only when it is launched, so every bundle with
  // kernels counts as containing each one.
  bool contains_specialization_constants() const noexcept { return !empty(); }
  bool native_specialization_constant() const noexcept { return false; }
  template <auto &Id> bool has_specialization_constant() const noexcept { return !empty(); }
  template <auto &Id, bundle_state S = State, typename = std::enable_if_t<S == bundle_state::input>>
  void set_specialization_constant(const detail::spec_constant_value_t<Id> &value) {
    spec_constants_->set<Id>(value);
  }
  template <auto &Id> detail::spec_constant_value_t<Id> get_specialization_constant() const {
    return spec_constants_->get<Id>();
  }

  // Copies share their constants; bundles of the same kernels and constant values are equal too
  // (there is one image per kernel here).
  friend bool operator==(const kernel_bundle &a, const kernel_bundle &b) {
    return a.images_ == b.images_ && *a.spec_constants_ == *b.spec_constants_ && a.source_ == b.source_;
  }
  friend bool operator!=(const kernel_bundle &a, const kernel_bundle &b) { return !(a == b); }
  NCPU_OWNER_BEFORE

  // Not part of the SYCL interface: get_kernel_bundle and the state changes make bundles, and
  // use_kernel_bundle reads their constants.
  explicit kernel_bundle(const std::vector<kernel_id> &ids, const detail::spec_constant_values &constants = {})
      : images_(ids.begin(), ids.end()), spec_constants_(std::make_shared<detail::spec_constant_values>(constants)) {}
  const detail::spec_constant_values &ncpu_spec_constants() const { return *spec_constants_; }
  // The kernel compiler's bundles: source, or what was built from it.
  explicit kernel_bundle(std::shared_ptr<const detail::compiled_source> source)
      : spec_constants_(std::make_shared<detail::spec_constant_values>()), source_(std::move(source)) {}
  const std::shared_ptr<const detail::compiled_source> &ncpu_source() const { return source_; }

private:
  // The kernel built from source the program asks for by `name` (errc::invalid without one).
  const detail::compiled_source::built_kernel &built_kernel(const std::string &name) const {
    if (!source_) sycl::detail::throw_error(errc::invalid, "the kernel bundle was not built from source");
    return source_->get(name);
  }

  // One per kernel (the bundle's kernel ids are theirs).
  std::vector<device_image<State>> images_;
  std::shared_ptr<detail::spec_constant_values> spec_constants_;
  std::shared_ptr<const detail::compiled_source> source_;
};

inline kernel_bundle<bundle_state::executable> kernel::get_kernel_bundle() const {
  return kernel_bundle<bundle_state::executable>(std::vector<kernel_id>{kernel_id(name_)});
}

namespace detail {
// The device lists of get_kernel_bundle and has_kernel_bundle: errc::invalid when empty (SYCL 2020
// 4.11.6). The one device of this platform is in every context.
inline void check_bundle_devices(const std::vector<device> &devices) {
  if (devices.empty()) sycl::detail::throw_error(errc::invalid, "a kernel bundle needs at least one device");
}
} // namespace detail

namespace detail {
// The kernels of the program the device can run.
inline std::vector<kernel_id> supported_kernel_ids() {
  std::vector<kernel_id> ids;
  for (const kernel_id &id : get_kernel_ids())
    if (kernel_supported(id.get_name())) ids.push_back(id);
  return ids;
}
} // namespace detail

// Every kernel of the program the device can run.
template <bundle_state State> kernel_bundle<State> get_kernel_bundle(const context &) {
  return kernel_bundle<State>(detail::supported_kernel_ids());
}
template <bundle_state State>
kernel_bundle<State> get_kernel_bundle(const context &c, const std::vector<device> &devices) {
  detail::check_bundle_devices(devices);
  return get_kernel_bundle<State>(c);
}
// The kernels whose device image the selector accepts.
template <bundle_state State, typename Selector,
          typename = std::enable_if_t<std::is_invocable_r_v<bool, Selector, const device_image<State> &>>>
kernel_bundle<State> get_kernel_bundle(const context &, const std::vector<device> &devices, Selector selector) {
  detail::check_bundle_devices(devices);
  std::vector<kernel_id> chosen;
  for (const kernel_id &id : detail::supported_kernel_ids())
    if (selector(device_image<State>(id))) chosen.push_back(id);
  return kernel_bundle<State>(chosen);
}
template <bundle_state State, typename Selector,
          typename = std::enable_if_t<std::is_invocable_r_v<bool, Selector, const device_image<State> &>>>
kernel_bundle<State> get_kernel_bundle(const context &c, Selector selector) {
  return get_kernel_bundle<State>(c, {device()}, selector);
}

// The given kernels; errc::invalid if the device cannot run one.
template <bundle_state State>
kernel_bundle<State> get_kernel_bundle(const context &, const std::vector<kernel_id> &ids) {
  for (const kernel_id &id : ids)
    if (!detail::kernel_supported(id.get_name()))
      sycl::detail::throw_error(errc::invalid,
                      std::string("no device image in the requested state contains the kernel ") + id.get_name());
  return kernel_bundle<State>(ids);
}
template <bundle_state State>
kernel_bundle<State> get_kernel_bundle(const context &c, const std::vector<device> &devices,
                                       const std::vector<kernel_id> &ids) {
  detail::check_bundle_devices(devices);
  return get_kernel_bundle<State>(c, ids);
}
template <typename KernelName, bundle_state State> kernel_bundle<State> get_kernel_bundle(const context &c) {
  return get_kernel_bundle<State>(c, {get_kernel_id<KernelName>()});
}
template <typename KernelName, bundle_state State>
kernel_bundle<State> get_kernel_bundle(const context &c, const std::vector<device> &devices) {
  return get_kernel_bundle<State>(c, devices, {get_kernel_id<KernelName>()});
}

// Whether the device can run the kernels: registered, and requiring no aspect or size the
// device lacks.
template <typename KernelName> bool is_compatible(const device &) {
  return detail::kernel_supported(detail::kernel_name<KernelName>());
}
inline bool is_compatible(const std::vector<kernel_id> &ids, const device &) {
  for (const kernel_id &id : ids)
    if (!detail::kernel_supported(id.get_name())) return false;
  return true;
}

template <bundle_state State> bool has_kernel_bundle(const context &) {
  return __nativecpu_kernel_names(nullptr, 0) != 0;
}
template <bundle_state State> bool has_kernel_bundle(const context &c, const std::vector<device> &devices) {
  detail::check_bundle_devices(devices);
  return has_kernel_bundle<State>(c);
}
template <bundle_state State> bool has_kernel_bundle(const context &, const std::vector<kernel_id> &ids) {
  return is_compatible(ids, device());
}
template <bundle_state State>
bool has_kernel_bundle(const context &c, const std::vector<device> &devices, const std::vector<kernel_id> &ids) {
  detail::check_bundle_devices(devices);
  return has_kernel_bundle<State>(c, ids);
}
template <typename KernelName, bundle_state State> bool has_kernel_bundle(const context &c) {
  return has_kernel_bundle<State>(c, {get_kernel_id<KernelName>()});
}
template <typename KernelName, bundle_state State>
bool has_kernel_bundle(const context &c, const std::vector<device> &devices) {
  return has_kernel_bundle<State>(c, devices, {get_kernel_id<KernelName>()});
}

// One bundle of the kernels of all (SYCL 2020 4.11.11); the constants as link unites them.
template <bundle_state State> kernel_bundle<State> join(const std::vector<kernel_bundle<State>> &bundles) {
  std::vector<kernel_id> ids;
  detail::spec_constant_values constants;
  for (const auto &bundle : bundles) {
    for (const kernel_id &id : bundle.get_kernel_ids())
      if (std::find(ids.begin(), ids.end(), id) == ids.end()) ids.push_back(id);
    constants.merge(bundle.ncpu_spec_constants());
  }
  return kernel_bundle<State>(ids, constants);
}

// The state changes of SYCL 2020 4.11.13: the same kernels and specialization constants.
inline kernel_bundle<bundle_state::object> compile(const kernel_bundle<bundle_state::input> &input,
                                                   const std::vector<device> & = {device()}, const property_list & = {}) {
  return kernel_bundle<bundle_state::object>(input.get_kernel_ids(), input.ncpu_spec_constants());
}
inline kernel_bundle<bundle_state::object> compile(const kernel_bundle<bundle_state::input> &input,
                                                   const property_list &properties) {
  return compile(input, {device()}, properties);
}
// Linking several object bundles unites their kernels; the constants are the first bundle's
// with the others' set values over them.
inline kernel_bundle<bundle_state::executable> link(const std::vector<kernel_bundle<bundle_state::object>> &objects,
                                                    const std::vector<device> & = {device()},
                                                    const property_list & = {}) {
  const kernel_bundle<bundle_state::object> joined = join(objects);
  return kernel_bundle<bundle_state::executable>(joined.get_kernel_ids(), joined.ncpu_spec_constants());
}
inline kernel_bundle<bundle_state::executable> link(const kernel_bundle<bundle_state::object> &object,
                                                    const std::vector<device> &devices = {device()},
                                                    const property_list &properties = {}) {
  return link(std::vector<kernel_bundle<bundle_state::object>>{object}, devices, properties);
}
inline kernel_bundle<bundle_state::executable> link(const std::vector<kernel_bundle<bundle_state::object>> &objects,
                                                    const property_list &properties) {
  return link(objects, {device()}, properties);
}
inline kernel_bundle<bundle_state::executable> link(const kernel_bundle<bundle_state::object> &object,
                                                    const property_list &properties) {
  return link(object, {device()}, properties);
}
inline kernel_bundle<bundle_state::executable> build(const kernel_bundle<bundle_state::input> &input,
                                                     const std::vector<device> & = {device()},
                                                     const property_list & = {}) {
  return kernel_bundle<bundle_state::executable>(input.get_kernel_ids(), input.ncpu_spec_constants());
}
inline kernel_bundle<bundle_state::executable> build(const kernel_bundle<bundle_state::input> &input,
                                                     const property_list &properties) {
  return build(input, {device()}, properties);
}

// The command group's kernels read the bundle's specialization constants; errc::invalid for a
// bundle not in the executable state, or after the command group set constants of its own
// (SYCL 2020 4.9.4.2.3).
template <bundle_state State> void handler::use_kernel_bundle(const kernel_bundle<State> &bundle) {
  if (State != bundle_state::executable)
    sycl::detail::throw_error(errc::invalid, "use_kernel_bundle needs a bundle in the executable state");
  if (!spec_constants_.empty())
    sycl::detail::throw_error(errc::invalid,
                    "use_kernel_bundle after the command group set specialization constants");
  spec_constants_ = bundle.ncpu_spec_constants();
  uses_kernel_bundle_ = true;
}

namespace detail {
// The launch form and shape of a kernel a kernel object launches with `Launch` (void: a single
// task).
template <typename Launch, int Dims> struct kernel_object_launch {
  static constexpr launch_kind kind = launch_kind::single_task;
  static constexpr int dimensions = 0;
};
template <int Dims> struct kernel_object_launch<range<Dims>, Dims> {
  static constexpr launch_kind kind = launch_kind::range;
  static constexpr int dimensions = Dims;
};
template <int Dims> struct kernel_object_launch<nd_range<Dims>, Dims> {
  static constexpr launch_kind kind = launch_kind::nd_range;
  static constexpr int dimensions = Dims;
};
} // namespace detail

template <int Dims, typename Launch>
void handler::submit_kernel_object(const kernel &k, const Launch *launch, const char *what, std::size_t scratch_offset) {
  const detail::kernel_object_binder binder =
      detail::find_kernel_object_binder(k.get_info<info::kernel::function_name>());
  if (!binder)
    sycl::detail::throw_error(errc::invalid,
                    std::string(what) + " with a kernel object: only free function kernels and lambda kernels "
                                        "that capture nothing run this way (a SYCL kernel function's arguments "
                                        "are its lambda's, and this device has no interoperability or built-in "
                                        "kernels)");
  const detail::bound_kernel bound = binder(Dims, kernel_arguments_, scratch_offset);
  const detail::kernel_info &info = *bound.info;
  launch_record_.binder = binder;
  launch_record_.binder_dims = Dims;
  launch_record_.scratch_offset = scratch_offset;
  // A free function kernel runs over an nd_range; as a single task, over one work-item.
  if (std::is_void_v<Launch> && info.kind == detail::launch_kind::nd_range && info.dimensions == 1) {
    const nd_range<1> one(range<1>(1), range<1>(1));
    return submit_kernel(info, &one, nullptr, bound.functor.get());
  }
  using form = detail::kernel_object_launch<Launch, Dims>;
  if (info.kind != form::kind || info.dimensions != form::dimensions)
    sycl::detail::throw_error(errc::invalid, std::string(what) + " with a kernel object: the kernel was written for "
                                                                  "another launch form or number of dimensions");
  submit_kernel(info, launch, nullptr, bound.functor.get());
}
inline void handler::single_task(const kernel &k) { submit_kernel_object<1, void>(k, nullptr, "single_task"); }
template <int Dims> void handler::parallel_for(range<Dims> extent, const kernel &k) {
  submit_kernel_object<Dims>(k, &extent, "parallel_for over a range");
}
template <int Dims> void handler::parallel_for(nd_range<Dims> launch, const kernel &k) {
  submit_kernel_object<Dims>(k, &launch, "parallel_for");
}
template <int Dims, typename Properties, typename>
void handler::parallel_for(nd_range<Dims> launch, Properties properties, const kernel &k) {
  submit_kernel_object<Dims>(k, &launch, "parallel_for", detail::scratch_offset(*this, properties));
}

} // namespace _V1
} // namespace sycl

// SYCL 2020 4.5.2: kernels are equal when they are the same kernel; equal kernels hash alike.
template <> struct std::hash<sycl::kernel> {
  std::size_t operator()(const sycl::kernel &k) const {
    return std::hash<std::string>()(k.get_info<sycl::info::kernel::function_name>());
  }
};
// Kernel ids and device images by their kernel; bundles by their kernels (equal bundles also have
// equal constants).
template <> struct std::hash<sycl::kernel_id> {
  std::size_t operator()(const sycl::kernel_id &id) const { return std::hash<std::string_view>()(id.get_name()); }
};
template <sycl::bundle_state State> struct std::hash<sycl::device_image<State>> {
  std::size_t operator()(const sycl::device_image<State> &image) const {
    return std::hash<sycl::kernel_id>()(image.ncpu_kernel_id());
  }
};
template <sycl::bundle_state State> struct std::hash<sycl::kernel_bundle<State>> {
  std::size_t operator()(const sycl::kernel_bundle<State> &bundle) const {
    std::size_t hash = 0;
    for (const sycl::kernel_id &id : bundle.get_kernel_ids()) hash = hash * 31 + std::hash<sycl::kernel_id>()(id);
    return hash;
  }
};

// The launch queries' descriptors, which DPC++ declares with the kernel class.
#include "ext/oneapi/experimental/kernel_queue_info.hpp"
// The kernel compiler, which DPC++ declares with kernel bundles.
#include "detail/kernel_compiler.hpp"
