// <sycl/ext/oneapi/experimental/free_function_traits.hpp>: DPC++'s sycl_ext_oneapi_free_function_kernels,
// as far as the headers can give it with upstream clang 22 (docs/free-function-kernels.md):
//
//   SYCL_EXT_ONEAPI_FUNCTION_PROPERTY((syclexp::nd_range_kernel<1>))
//   void iota(float start, float *out) { ... syclext::this_work_item::get_nd_item<1>() ... }
//   syclexp::nd_launch(q, sycl::nd_range<1>{n, 64}, syclexp::kernel_function<iota>, 1.0f, out);
//
// The macro makes the function SYCL_EXTERNAL, so it is compiled for the device in whichever
// translation unit defines it. Each free function kernel has one kernel,
// free_function_kernel_name<Func>, which calls Func with the arguments converted to its parameter
// types; launches (nd_launch, single_task with kernel_function<Func>) and kernel-id queries make
// it, and kernel objects of it run with set_args.
//
// The kernel properties among the function's properties (work_group_size, sub_group_size,
// device_has; work_group_size_hint changes nothing) reach the kernel: in the device pass the
// macro annotates the function with them, and the compiler gives the kernel calling it their
// metadata (lower-kernel-properties). Not available: the kind of kernel (nd_range_kernel,
// single_task_kernel), which no header can read back from a function, so the traits that report
// it (is_nd_range_kernel_v, is_single_task_kernel_v, is_kernel_v) fail to compile with a message
// saying so.
#pragma once

#include <any>
#include <memory>
#include <string>
#include <tuple>
#include <type_traits>
#include <typeinfo>
#include <utility>

#include "../../../detail/defines.hpp"
#include "../../../handler.hpp"
#include "../../../kernel_bundle.hpp"
#include "../../../queue.hpp"
#include "enqueue_functions.hpp"

// The annotation is lower-kernel-properties' "sycl-function-property": a code and three sizes
// (detail::function_property_annotation). `noinline` keeps the kernel's call of the function
// until that pass has read it, which then lets it be inlined again. The driver writes
// __NCPU_INTERNAL_FUNCTION_PROPERTY for the macro in an unnamed namespace: the same without
// SYCL_EXTERNAL, which clang refuses on a function of internal linkage (docs/free-function-kernels.md).
#ifdef __SYCL_DEVICE_ONLY__
#define __NCPU_INTERNAL_FUNCTION_PROPERTY(PROP)                                                                  \
  __attribute__((                                                                                                \
      noinline,                                                                                                  \
      annotate("sycl-function-property",                                                                         \
               ::sycl::ext::oneapi::experimental::detail::function_property_annotation<decltype(PROP)>::code,    \
               ::sycl::ext::oneapi::experimental::detail::function_property_annotation<decltype(PROP)>::size(0), \
               ::sycl::ext::oneapi::experimental::detail::function_property_annotation<decltype(PROP)>::size(1), \
               ::sycl::ext::oneapi::experimental::detail::function_property_annotation<decltype(PROP)>::size(2))))
#else
#define __NCPU_INTERNAL_FUNCTION_PROPERTY(PROP)
#endif
#define SYCL_EXT_ONEAPI_FUNCTION_PROPERTY(PROP) SYCL_EXTERNAL __NCPU_INTERNAL_FUNCTION_PROPERTY(PROP)

namespace sycl {
inline namespace _V1 {
namespace detail {
struct free_function_launch {
  template <int Dims, typename Call>
  static void submit(handler &h, const kernel_info &info, const nd_range<Dims> &launch, const Call &call) {
    h.submit_kernel(info, &launch, nullptr, &call);
  }
};
} // namespace detail

namespace ext::oneapi::experimental {

struct nd_range_kernel_key {
  template <int Dims> struct value_t {
    using key_t = nd_range_kernel_key;
    static_assert(Dims >= 1 && Dims <= 3, "nd_range_kernel takes 1 to 3 dimensions");
    static constexpr int dimensions = Dims;
  };
};
template <int Dims> inline constexpr nd_range_kernel_key::value_t<Dims> nd_range_kernel{};

struct single_task_kernel_key {
  struct value_t {
    using key_t = single_task_kernel_key;
  };
};
inline constexpr single_task_kernel_key::value_t single_task_kernel{};

template <auto *Func> struct kernel_function_s {};
template <auto *Func> inline constexpr kernel_function_s<Func> kernel_function{};

namespace detail {
template <auto *> inline constexpr bool property_unknown = false;

// What lower-kernel-properties reads of one function property: `code` 0 for none it lowers (the
// kernel kinds, hints), 1 to 3 for a work-group size of that many dimensions (sizes in SYCL
// order), 4 for a sub-group size, 5 for sub_group_size_primary, 6 for device_has (the aspects as
// a mask of values 0 to 63, then one of 64 to 127).
template <typename Property> struct function_property_annotation {
  static constexpr int code = 0;
  static constexpr unsigned long long size(int) { return 0; }
};
template <typename Property>
struct function_property_annotation<const Property &> : function_property_annotation<Property> {};
template <typename Property>
struct function_property_annotation<const Property> : function_property_annotation<Property> {};
template <std::size_t... Sizes> struct function_property_annotation<work_group_size_key::value_t<Sizes...>> {
  static constexpr int code = sizeof...(Sizes);
  static constexpr unsigned long long size(int index) {
    const unsigned long long sizes[] = {Sizes..., 0, 0};
    return sizes[index];
  }
};
template <aspect... Aspects> struct function_property_annotation<device_has_key::value_t<Aspects...>> {
  static_assert(((int(Aspects) >= 0 && int(Aspects) < 128) && ...), "an aspect value past 127");
  static constexpr int code = 6;
  static constexpr unsigned long long size(int index) {
    unsigned long long mask = 0;
    ((mask |= int(Aspects) / 64 == index ? 1ull << (int(Aspects) % 64) : 0), ...);
    return mask;
  }
};
template <std::uint32_t Size> struct function_property_annotation<sub_group_size_key::value_t<Size>> {
  static constexpr int code = Size == named_sub_group_size::automatic ? 0
                              : Size == named_sub_group_size::primary ? 5
                                                                      : 4;
  static constexpr unsigned long long size(int index) { return index == 0 ? Size : 0; }
};
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
// The name of the kernel that runs the free function kernel Func. `Build` tells apart the
// kernels of the kernel compiler's builds (__NCPU_KERNEL_BUILD, docs/kernel-compiler.md), which
// may define the same extern "C" function; the program's own are build 0.
#ifndef __NCPU_KERNEL_BUILD
#define __NCPU_KERNEL_BUILD 0
#endif
template <auto *Func, int Build = __NCPU_KERNEL_BUILD> struct free_function_kernel_name {};

template <typename Function> struct parameters_of;
template <typename... Parameters> struct parameters_of<void(Parameters...)> {
  using stored = std::tuple<std::decay_t<Parameters>...>;
};
template <typename... Parameters> struct parameters_of<void(Parameters...) noexcept> : parameters_of<void(Parameters...)> {};

// The kernel object: Func's arguments, already converted to its parameter types, and the call.
// The one kernel serves launches with and without work_group_scratch_size, so it always points
// the work-group's scratch memory at `scratch_offset` in its local memory (one store of a uniform
// value; unspecified, as the extension says, when the launch asked for none).
template <auto *Func> struct free_function_call {
  using arguments_t = typename parameters_of<std::remove_pointer_t<decltype(Func)>>::stored;
  arguments_t arguments;
  std::size_t scratch_offset = 0;

  template <int Dims> void operator()(nd_item<Dims>) const {
#ifdef __SYCL_DEVICE_ONLY__
    sycl::detail::work_group_scratch = __nativecpu_get_local_memory() + scratch_offset;
#endif
    std::apply(*Func, arguments);
  }
};

template <auto *Func, typename... Args> free_function_call<Func> bind_free_function(Args &&...args) {
  using arguments_t = typename free_function_call<Func>::arguments_t;
  static_assert(std::tuple_size_v<arguments_t> == sizeof...(Args),
                "a free function kernel takes exactly one argument per parameter");
  static_assert(std::is_invocable_v<decltype(Func), Args...>,
                "the arguments do not convert to the free function kernel's parameters");
  return free_function_call<Func>{arguments_t(std::forward<Args>(args)...)};
}

// The kernel_info of Func's kernel for an nd_range of Dims dimensions. The device compilation
// outlines one kernel, as for a 1-dimensional nd_range, for every launch: it only calls Func,
// which reads the work-item's position itself, so one kernel serves every dimensionality and
// single tasks (an nd_range of one work-item), and a free function kernel has one kernel name.
template <auto *Func, int Dims>
const sycl::detail::kernel_info &free_function_info([[maybe_unused]] const free_function_call<Func> &call) {
#ifdef __SYCL_DEVICE_ONLY__
  return sycl::detail::nd_range_info<free_function_kernel_name<Func>, 1>(call);
#else
  return sycl::detail::nd_range_info_of<free_function_kernel_name<Func>, free_function_call<Func>, Dims>;
#endif
}

// An arithmetic argument converted to the arithmetic parameter type T, as a call of the function
// (and nd_launch with the arguments) converts it; false if `argument` holds no arithmetic type.
template <typename T, typename... Candidates> bool convert_arithmetic(const std::any &argument, T &out) {
  return ((argument.type() == typeid(Candidates) ? (out = static_cast<T>(std::any_cast<Candidates>(argument)), true)
                                                 : false) ||
          ...);
}

// The argument `index` of a kernel object's launch as parameter type T: set_arg must have given
// that type, or for an arithmetic parameter any arithmetic type (errc::invalid otherwise).
template <typename T> T argument_as(const std::vector<std::any> &arguments, std::size_t index) {
  if (index < arguments.size()) {
    if (const T *value = std::any_cast<T>(&arguments[index])) return *value;
    if constexpr (std::is_arithmetic_v<T>) {
      T converted{};
      if (convert_arithmetic<T, bool, char, signed char, unsigned char, short, unsigned short, int, unsigned, long,
                             unsigned long, long long, unsigned long long, float, double, long double>(
              arguments[index], converted))
        return converted;
    }
  }
  sycl::detail::throw_error(errc::invalid,
                            "free function kernel argument " + std::to_string(index) +
                                (index < arguments.size() ? " was set with a type that does not convert to its parameter's"
                                                          : " was not set (set_arg or set_args)"));
}

template <auto *Func, std::size_t... Index>
free_function_call<Func> call_from_arguments(const std::vector<std::any> &arguments, std::index_sequence<Index...>) {
  using arguments_t = typename free_function_call<Func>::arguments_t;
  return free_function_call<Func>{arguments_t(argument_as<std::tuple_element_t<Index, arguments_t>>(arguments, Index)...)};
}

// Func's binder for kernel objects (sycl::detail::kernel_object_binder).
template <auto *Func>
sycl::detail::bound_kernel bind_arguments(int dims, const std::vector<std::any> &arguments,
                                          std::size_t scratch_offset) {
  using arguments_t = typename free_function_call<Func>::arguments_t;
  constexpr std::size_t parameters = std::tuple_size_v<arguments_t>;
  if (arguments.size() != parameters)
    sycl::detail::throw_error(errc::invalid, "the free function kernel takes " + std::to_string(parameters) +
                                                        " arguments; set_arg and set_args gave " +
                                                        std::to_string(arguments.size()));
  auto call = std::make_shared<free_function_call<Func>>(
      call_from_arguments<Func>(arguments, std::make_index_sequence<parameters>()));
  call->scratch_offset = scratch_offset;
  const sycl::detail::kernel_info *info = dims == 1   ? &free_function_info<Func, 1>(*call)
                                          : dims == 2 ? &free_function_info<Func, 2>(*call)
                                                      : &free_function_info<Func, 3>(*call);
  return {info, call};
}

// The registered name of Func's kernel, which also lets kernel objects of it run.
template <auto *Func> const char *free_function_kernel() {
  const char *name = sycl::detail::kernel_name<free_function_kernel_name<Func>>();
  using arguments_t = typename free_function_call<Func>::arguments_t;
  sycl::detail::register_kernel_object_binder(name, &bind_arguments<Func>, int(std::tuple_size_v<arguments_t>));
  return name;
}

// The kernel compiler's table row for Func (the registration file it builds names each kernel
// with one; docs/kernel-compiler.md): the name the program asks for it by, its kernel's name, the
// function (whose symbol is its raw name) and the binder of its kernel objects.
template <auto *Func> __nativecpu_compiled_kernel compiled_kernel(const char *name) {
  using arguments_t = typename free_function_call<Func>::arguments_t;
  return {name, sycl::detail::kernel_name<free_function_kernel_name<Func>>(), reinterpret_cast<const void *>(Func),
          reinterpret_cast<const void *>(&bind_arguments<Func>), int(std::tuple_size_v<arguments_t>)};
}
} // namespace detail

// The kernel id of the free function kernel Func (which this makes); its kernel objects then
// run with set_args.
template <auto *Func> kernel_id get_kernel_id() {
  detail::free_function_kernel<Func>();
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
  return sycl::detail::kernel_registered(detail::free_function_kernel<Func>()) && sycl::has_kernel_bundle<State>(c);
}
template <auto *Func, bundle_state State> bool has_kernel_bundle(const context &c, const std::vector<device> &) {
  return has_kernel_bundle<Func, State>(c);
}
// Registered, and requiring no aspect or size the device lacks (device_has, work_group_size).
template <auto *Func> bool is_compatible(const device &) {
  return sycl::detail::kernel_supported(detail::free_function_kernel<Func>());
}

// Launches: Func with `args` converted to its parameter types, over an nd_range (nd_launch) or
// once (single_task), from a handler or a queue.
template <auto *Func, typename... Args> void single_task(handler &h, kernel_function_s<Func>, Args &&...args) {
  const auto call = detail::bind_free_function<Func>(std::forward<Args>(args)...);
  const nd_range<1> one(range<1>(1), range<1>(1));
  sycl::detail::free_function_launch::submit(h, detail::free_function_info<Func, 1>(call), one, call);
}
template <auto *Func, typename... Args> void single_task(queue q, kernel_function_s<Func> k, Args &&...args) {
  q.submit([&](handler &h) { single_task(h, k, std::forward<Args>(args)...); });
}
template <auto *Func, int Dims, typename... Args>
void nd_launch(handler &h, nd_range<Dims> launch, kernel_function_s<Func> k, Args &&...args) {
  nd_launch(h, launch_config{launch}, k, std::forward<Args>(args)...);
}
template <auto *Func, int Dims, typename... Args>
void nd_launch(queue q, nd_range<Dims> launch, kernel_function_s<Func> k, Args &&...args) {
  q.submit([&](handler &h) { nd_launch(h, launch, k, std::forward<Args>(args)...); });
}
// With a launch_config: its work_group_scratch_size is reserved after the command group's local
// accessors; its kernel properties (work_group_size, sub_group_size) are not applied, the one
// kernel of a free function kernel being compiled without them.
template <auto *Func, int Dims, typename Properties, typename... Args>
void nd_launch(handler &h, launch_config<nd_range<Dims>, Properties> config, kernel_function_s<Func>,
               Args &&...args) {
  auto call = detail::bind_free_function<Func>(std::forward<Args>(args)...);
  call.scratch_offset = sycl::detail::scratch_offset(h, config.get_properties());
  sycl::detail::free_function_launch::submit(h, detail::free_function_info<Func, Dims>(call), config.get_range(),
                                             call);
}
template <auto *Func, int Dims, typename Properties, typename... Args>
void nd_launch(queue q, launch_config<nd_range<Dims>, Properties> config, kernel_function_s<Func> k,
               Args &&...args) {
  q.submit([&](handler &h) { nd_launch(h, config, k, std::forward<Args>(args)...); });
}

} // namespace ext::oneapi::experimental
} // namespace _V1
} // namespace sycl
