// The device side of kernel submission: the functions clang outlines as SYCL kernels.
//
// Each kernel is an instantiation of one of the entry-point templates below, named by
// `KernelName` (the user's kernel name, or the functor type of an unnamed kernel). clang's
// `-fsycl-is-device` emits it as a `spir_kernel` taking the functor by value and the
// specialization-constant buffer (see specialization_constant.hpp), which the kernel hands to the
// functor in a kernel_handler if the functor takes one; the host side finds the compiled kernel
// by `__builtin_sycl_unique_stable_name(KernelName)`, the same string (registered_kernel_name).
// Work-item ids come from the SPIR-V builtins in DPC++'s current form (detail/builtins.hpp); the
// compiler lowers them.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <type_traits>

#include "../nd_item.hpp"
#include "../range.hpp"
#include "../ext/oneapi/properties.hpp"
#include "../specialization_constant.hpp"
#include "builtins.hpp"
#include "defines.hpp"
#include "unit_stable_name.hpp"

namespace sycl {
inline namespace _V1 {
namespace detail {

#ifdef __SYCL_DEVICE_ONLY__
// SYCL's dimension `Dims - 1` varies fastest and is the device's x (dimension 0).
template <int Dims> NCPU_ALWAYS_INLINE item<Dims, true> current_item() {
  id<Dims> index;
  range<Dims> extent;
  id<Dims> offset;
  for (int i = 0; i < Dims; ++i) {
    index[i] = __spirv_BuiltInGlobalInvocationId(Dims - 1 - i);
    extent[i] = __spirv_BuiltInGlobalSize(Dims - 1 - i);
    offset[i] = __spirv_BuiltInGlobalOffset(Dims - 1 - i);
  }
  return item<Dims, true>(index, extent, offset);
}
#endif

// Whether a `const Functor` can be called with `Args`. Asked several times for every kernel in
// both compilations, so it is one overload pair with a declval of its own: std::is_invocable
// (member pointers, reference wrappers: nothing a kernel functor is) and std::declval cost the
// front-end ten times more per kernel (docs/compile-cost.md).
template <typename T> T &&value_of();
template <typename Functor, typename... Args>
constexpr auto callable_with(int) -> decltype(void(value_of<const Functor &>()(value_of<Args>()...)), true) {
  return true;
}
template <typename Functor, typename... Args> constexpr bool callable_with(...) { return false; }
template <typename Functor, typename... Args> inline constexpr bool callable = callable_with<Functor, Args...>(0);

// How many parameters a functor's call operator has, or -1 when it has no single one (a generic
// lambda, an overloaded operator()). Most kernels are lambdas whose one parameter rules out a
// kernel_handler, which this settles without the call checks below.
template <typename Member> inline constexpr int member_arity = -1;
template <typename R, typename C, typename... A> inline constexpr int member_arity<R (C::*)(A...)> = sizeof...(A);
template <typename R, typename C, typename... A>
inline constexpr int member_arity<R (C::*)(A...) const> = sizeof...(A);
template <typename R, typename C, typename... A>
inline constexpr int member_arity<R (C::*)(A...) noexcept> = sizeof...(A);
template <typename R, typename C, typename... A>
inline constexpr int member_arity<R (C::*)(A...) const noexcept> = sizeof...(A);
template <typename Functor, typename = void> inline constexpr int call_arity = -1;
template <typename Functor>
inline constexpr int call_arity<Functor, std::void_t<decltype(&Functor::operator())>> =
    member_arity<decltype(&Functor::operator())>;

// Whether a kernel functor called with `Args` takes a kernel_handler after them; asked only of
// functors with no single call operator or one with a parameter more than `Args`.
template <typename Functor, bool MayTake, typename... Args> inline constexpr bool takes_kernel_handler_if = false;
template <typename Functor, typename... Args>
inline constexpr bool takes_kernel_handler_if<Functor, true, Args...> = callable<Functor, Args..., kernel_handler>;
template <typename Functor, typename... Args>
inline constexpr bool takes_kernel_handler =
    takes_kernel_handler_if<Functor, call_arity<Functor> == -1 || call_arity<Functor> == int(sizeof...(Args)) + 1,
                            Args...>;

// Whether the functor accepts `Args`, with or without a kernel_handler.
template <typename Functor, typename... Args>
inline constexpr bool accepts = callable<Functor, Args...> || takes_kernel_handler<Functor, Args...>;

template <typename Functor, typename... Args>
NCPU_ALWAYS_INLINE void call_kernel(const Functor &f, const char *spec_constants, const Args &...args) {
  if constexpr (takes_kernel_handler<Functor, Args...>)
    f(args..., kernel_handler(spec_constants));
  else
    f(args...);
}

// Whether a range kernel's functor takes a kernel_handler, whichever index type it accepts.
template <typename Functor, int Dims, bool MayTake> inline constexpr bool range_kernel_takes_handler_if = false;
template <typename Functor, int Dims>
inline constexpr bool range_kernel_takes_handler_if<Functor, Dims, true> =
    takes_kernel_handler<Functor, item<Dims, true>> || takes_kernel_handler<Functor, item<Dims, false>> ||
    takes_kernel_handler<Functor, id<Dims>>;
template <typename Functor, int Dims>
inline constexpr bool range_kernel_takes_handler =
    range_kernel_takes_handler_if<Functor, Dims, call_arity<Functor> == -1 || call_arity<Functor> == 2>;

// Calls a range kernel with what it accepts: an item, or an id.
template <int Dims, typename Functor>
NCPU_ALWAYS_INLINE void invoke_range_kernel(const Functor &f, const char *spec_constants, const item<Dims, true> &it) {
  if constexpr (accepts<Functor, item<Dims, true>>)
    call_kernel(f, spec_constants, it);
  else if constexpr (accepts<Functor, item<Dims, false>>)
    call_kernel(f, spec_constants, item<Dims, false>(it.get_id(), it.get_range(), id<Dims>()));
  else if constexpr (accepts<Functor, id<Dims>>)
    call_kernel(f, spec_constants, it.get_id());
  else
    static_assert(accepts<Functor, id<Dims>>, "a range kernel must accept sycl::item or sycl::id");
}

#ifdef __SYCL_DEVICE_ONLY__
// The sub_group_size (a size, 0 for `primary`, `automatic` if none) and work_group_size (SYCL
// order, if any) kernel properties, as the calls lower-kernel-properties turns into the kernel's
// metadata. Template arguments, so the
// calls' operands are constants even at -O0, where this is inlined as always-inline.
template <int Dims, std::uint32_t SubGroupSize, std::size_t... RequiredSize>
NCPU_ALWAYS_INLINE void declare_kernel_properties() {
  if constexpr (SubGroupSize != automatic_sub_group_size) __nativecpu_reqd_sub_group_size(SubGroupSize);
  if constexpr (sizeof...(RequiredSize) > 0) {
    static_assert(sizeof...(RequiredSize) == Dims, "work_group_size must have the launch's dimensions");
    constexpr std::size_t sycl_order[] = {RequiredSize...};
    constexpr std::size_t x = sycl_order[Dims - 1];
    constexpr std::size_t y = Dims > 1 ? sycl_order[Dims > 1 ? Dims - 2 : 0] : 1;
    constexpr std::size_t z = Dims > 2 ? sycl_order[0] : 1;
    __nativecpu_reqd_work_group_size(x, y, z);
  }
}
#endif

// `SubGroupSize` is the sub_group_size kernel property (`automatic` if none), `RequiredSize...` the
// work_group_size property in SYCL order, if any: a range kernel's work-groups are the runtime's
// choice, of that size when required.
template <typename KernelName, int Dims, typename Functor, std::uint32_t SubGroupSize = automatic_sub_group_size,
          std::size_t... RequiredSize>
[[clang::sycl_kernel_entry_point(KernelName)]] void range_kernel(Functor functor, const char *spec_constants) {
#ifdef __SYCL_DEVICE_ONLY__
  declare_kernel_properties<Dims, SubGroupSize, RequiredSize...>();
  invoke_range_kernel<Dims>(functor, spec_constants, current_item<Dims>());
#else
  (void)functor; // the host compilation only names the kernel
  (void)spec_constants;
#endif
}

// An nd_range kernel receives an nd_item, which reads the work-item builtins when queried.
template <int Dims, typename Functor>
NCPU_ALWAYS_INLINE void invoke_nd_range_kernel(const Functor &f, const char *spec_constants) {
  static_assert(accepts<Functor, nd_item<Dims>>,
                "an nd_range kernel must accept sycl::nd_item of the nd_range's dimensions");
  call_kernel(f, spec_constants, nd_item<Dims>(group_tag{}));
}

// `RequiredSize...` is the work_group_size kernel property in SYCL order, if any, and
// `SubGroupSize` the sub_group_size property (`automatic` if none).
template <typename KernelName, int Dims, typename Functor, std::uint32_t SubGroupSize = automatic_sub_group_size,
          std::size_t... RequiredSize>
[[clang::sycl_kernel_entry_point(KernelName)]] void nd_range_kernel(Functor functor, const char *spec_constants) {
#ifdef __SYCL_DEVICE_ONLY__
  declare_kernel_properties<Dims, SubGroupSize, RequiredSize...>();
  invoke_nd_range_kernel<Dims>(functor, spec_constants);
#else
  (void)functor;
  (void)spec_constants;
#endif
}

template <typename KernelName, typename Functor>
[[clang::sycl_kernel_entry_point(KernelName)]] void single_task_kernel(Functor functor, const char *spec_constants) {
#ifdef __SYCL_DEVICE_ONLY__
  call_kernel(functor, spec_constants);
#else
  (void)functor;
  (void)spec_constants;
#endif
}

// Clang takes only class types as the names of kernel entry points ("not a valid SYCL kernel
// name type", silent in system headers: no kernel at all); SYCL 2020 also allows fundamental
// types and enumerations (`single_task<bool>`), which name their kernels through this class.
template <typename T> struct non_class_kernel_name;
template <typename KernelName>
using class_kernel_name = std::conditional_t<std::is_class_v<KernelName>, KernelName, non_class_kernel_name<KernelName>>;

// The name the kernel is registered under.
template <typename KernelName> NCPU_ALWAYS_INLINE const char *kernel_name() {
  return unit_stable_name<class_kernel_name<KernelName>>::text;
}

// The type naming a kernel: its kernel name, or for an unnamed kernel its functor's type.
template <typename KernelName, typename Functor>
using kernel_name_t =
    std::conditional_t<std::is_same_v<KernelName, auto_name>, Functor, class_kernel_name<KernelName>>;

} // namespace detail
} // namespace _V1
} // namespace sycl
