// <sycl/ext/oneapi/experimental/free_function_traits.hpp>: DPC++'s sycl_ext_oneapi_free_function_kernels,
// as far as the headers can give it with upstream clang 22 (docs/free-function-kernels.md):
//
//   SYCL_EXT_ONEAPI_FUNCTION_PROPERTY((syclexp::nd_range_kernel<1>))
//   void iota(float start, float *out) { ... syclext::this_work_item::get_nd_item<1>() ... }
//   syclexp::nd_launch(q, sycl::nd_range<1>{n, 64}, syclexp::kernel_function<iota>, 1.0f, out);
//
// The macro makes the function SYCL_EXTERNAL, so it is compiled for the device in whichever
// translation unit defines it. nd_launch and single_task with kernel_function<Func> (this file's
// enqueue functions) make the kernel where they are instantiated: a kernel named
// free_function_kernel_name<Func> that calls Func with the arguments converted to its parameter
// types. get_kernel_id<Func>() and the bundle queries then find it by that name.
//
// Not available: the property itself is dropped, because clang 22 has no attribute that records
// it where a header could read it back, so the traits that report it (is_nd_range_kernel_v,
// is_single_task_kernel_v, is_kernel_v) fail to compile with a message saying so, and a kernel
// object taken from a bundle still cannot be launched with set_args (handler.hpp).
#pragma once

#include <tuple>
#include <type_traits>
#include <utility>

#include "../../../detail/defines.hpp"
#include "../../../handler.hpp"
#include "../../../kernel_bundle.hpp"
#include "../../../queue.hpp"
#include "enqueue_functions.hpp"

#define SYCL_EXT_ONEAPI_FUNCTION_PROPERTY(PROP) SYCL_EXTERNAL

namespace sycl {
inline namespace _V1 {
namespace ext::oneapi::experimental {

struct nd_range_kernel_key {
  template <int Dims> struct value_t {
    static_assert(Dims >= 1 && Dims <= 3, "nd_range_kernel takes 1 to 3 dimensions");
    static constexpr int dimensions = Dims;
  };
};
template <int Dims> inline constexpr nd_range_kernel_key::value_t<Dims> nd_range_kernel{};

struct single_task_kernel_key {
  struct value_t {};
};
inline constexpr single_task_kernel_key::value_t single_task_kernel{};

template <auto *Func> struct kernel_function_s {};
template <auto *Func> inline constexpr kernel_function_s<Func> kernel_function{};

namespace detail {
template <auto *> inline constexpr bool property_unknown = false;
} // namespace detail

template <auto *Func, int Dims> struct is_nd_range_kernel {
  static_assert(detail::property_unknown<Func>, "is_nd_range_kernel: the kernel property is not recorded; "
                                                "upstream clang 22 keeps no record of SYCL_EXT_ONEAPI_FUNCTION_PROPERTY");
};
template <auto *Func> struct is_single_task_kernel {
  static_assert(detail::property_unknown<Func>, "is_single_task_kernel: the kernel property is not recorded; "
                                                "upstream clang 22 keeps no record of SYCL_EXT_ONEAPI_FUNCTION_PROPERTY");
};
template <auto *Func> struct is_kernel {
  static_assert(detail::property_unknown<Func>, "is_kernel: the kernel property is not recorded; "
                                                "upstream clang 22 keeps no record of SYCL_EXT_ONEAPI_FUNCTION_PROPERTY");
};
template <auto *Func, int Dims> inline constexpr bool is_nd_range_kernel_v = is_nd_range_kernel<Func, Dims>::value;
template <auto *Func> inline constexpr bool is_single_task_kernel_v = is_single_task_kernel<Func>::value;
template <auto *Func> inline constexpr bool is_kernel_v = is_kernel<Func>::value;

namespace detail {
// The name of the kernel that runs the free function kernel Func.
template <auto *Func> struct free_function_kernel_name {};

template <typename Function> struct parameters_of;
template <typename... Parameters> struct parameters_of<void(Parameters...)> {
  using stored = std::tuple<std::decay_t<Parameters>...>;
};
template <typename... Parameters> struct parameters_of<void(Parameters...) noexcept> : parameters_of<void(Parameters...)> {};

// The kernel: Func's arguments, already converted to its parameter types, and the call.
template <auto *Func> struct free_function_call {
  using arguments_t = typename parameters_of<std::remove_pointer_t<decltype(Func)>>::stored;
  arguments_t arguments;

  void operator()() const { std::apply(*Func, arguments); }
  template <int Dims> void operator()(nd_item<Dims>) const { std::apply(*Func, arguments); }
};

template <auto *Func, typename... Args> free_function_call<Func> bind_free_function(Args &&...args) {
  using arguments_t = typename free_function_call<Func>::arguments_t;
  static_assert(std::tuple_size_v<arguments_t> == sizeof...(Args),
                "a free function kernel takes exactly one argument per parameter");
  static_assert(std::is_invocable_v<decltype(Func), Args...>,
                "the arguments do not convert to the free function kernel's parameters");
  return free_function_call<Func>{arguments_t(std::forward<Args>(args)...)};
}
} // namespace detail

// The kernel id of the free function kernel Func: errc::runtime unless the program launches it
// (nd_launch or single_task with kernel_function<Func>), which is where ncpu makes the kernel.
template <auto *Func> kernel_id get_kernel_id() {
  return sycl::get_kernel_id<detail::free_function_kernel_name<Func>>();
}
template <auto *Func, bundle_state State> kernel_bundle<State> get_kernel_bundle(const context &c) {
  return sycl::get_kernel_bundle<State>(c, {get_kernel_id<Func>()});
}
template <auto *Func, bundle_state State>
kernel_bundle<State> get_kernel_bundle(const context &c, const std::vector<device> &devices) {
  return sycl::get_kernel_bundle<State>(c, devices, {get_kernel_id<Func>()});
}
template <auto *Func, bundle_state State> bool has_kernel_bundle(const context &c) {
  return sycl::detail::kernel_registered(sycl::detail::kernel_name<detail::free_function_kernel_name<Func>>()) &&
         sycl::has_kernel_bundle<State>(c);
}
template <auto *Func, bundle_state State> bool has_kernel_bundle(const context &c, const std::vector<device> &) {
  return has_kernel_bundle<Func, State>(c);
}
template <auto *Func> bool is_compatible(const device &) {
  return sycl::detail::kernel_registered(sycl::detail::kernel_name<detail::free_function_kernel_name<Func>>());
}

// Launches: Func with `args` converted to its parameter types, over an nd_range (nd_launch) or
// once (single_task), from a handler or a queue.
template <auto *Func, typename... Args> void single_task(handler &h, kernel_function_s<Func>, Args &&...args) {
  h.single_task<detail::free_function_kernel_name<Func>>(detail::bind_free_function<Func>(std::forward<Args>(args)...));
}
template <auto *Func, typename... Args> void single_task(queue q, kernel_function_s<Func> k, Args &&...args) {
  q.submit([&](handler &h) { single_task(h, k, std::forward<Args>(args)...); });
}
template <auto *Func, int Dims, typename... Args>
void nd_launch(handler &h, nd_range<Dims> launch, kernel_function_s<Func>, Args &&...args) {
  h.parallel_for<detail::free_function_kernel_name<Func>>(
      launch, detail::bind_free_function<Func>(std::forward<Args>(args)...));
}
template <auto *Func, int Dims, typename... Args>
void nd_launch(queue q, nd_range<Dims> launch, kernel_function_s<Func> k, Args &&...args) {
  q.submit([&](handler &h) { nd_launch(h, launch, k, std::forward<Args>(args)...); });
}
// With a launch_config, whose kernel properties (work_group_size, sub_group_size) apply as in
// the handler's property form.
template <auto *Func, int Dims, typename Properties, typename... Args>
void nd_launch(handler &h, launch_config<nd_range<Dims>, Properties> config, kernel_function_s<Func>,
               Args &&...args) {
  auto kernel = detail::bind_free_function<Func>(std::forward<Args>(args)...);
  using name = detail::free_function_kernel_name<Func>;
  if constexpr (std::is_same_v<Properties, empty_properties_t>)
    h.parallel_for<name>(config.get_range(), kernel);
  else
    h.parallel_for<name>(config.get_range(), config.get_properties(), kernel);
}
template <auto *Func, int Dims, typename Properties, typename... Args>
void nd_launch(queue q, launch_config<nd_range<Dims>, Properties> config, kernel_function_s<Func> k,
               Args &&...args) {
  q.submit([&](handler &h) { nd_launch(h, config, k, std::forward<Args>(args)...); });
}

} // namespace ext::oneapi::experimental
} // namespace _V1
} // namespace sycl
