// The type-erased half of kernel submission (docs/compile-cost.md).
//
// A kernel submission has a part that depends on the kernel's type (its name, its functor's
// size and how to copy it, whether it takes a kernel_handler, its kind of range) and a part that
// does not (range checks, the launch check, the command that runs the launch, events and
// dependencies). The first is a constant per kernel, a kernel_info (end of this file); the
// second is non-template functions here and in handler.hpp and queue.hpp, compiled once per
// translation unit however many kernels it submits, which take the kernel_info and pointers to
// the kernel's range and functor. The kernel templates that pass them are always inlined, so a
// kernel costs the host compilation one call in its caller and no function of its own.
#pragma once

#include <any>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <new>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include <nativecpu/runtime.h>

#include "../exception.hpp"
#include "../ext/oneapi/properties.hpp"
#include "../nd_range.hpp"
#include "../range.hpp"
#include "../specialization_constant.hpp"
#include "kernel_entry.hpp"

namespace sycl {
inline namespace _V1 {
namespace detail {

// The sycl::exception for a failed __nativecpu_launch. Too much local memory is
// errc::memory_allocation: SYCL 2020's error-code table gives that code to "memory allocation on
// the device for a kernel" failures, and errc::nd_range to errors of the nd_range itself.
[[noreturn]] inline void throw_launch_error(int result) {
  errc code = errc::runtime;
  switch (result) {
  case NATIVECPU_ERROR_INVALID_ND_RANGE: code = errc::nd_range; break;
  case NATIVECPU_ERROR_OUT_OF_RESOURCES: code = errc::memory_allocation; break;
  case NATIVECPU_ERROR_INVALID_KERNEL: code = errc::kernel_not_supported; break;
  default: break;
  }
  sycl::detail::throw_error(code, __nativecpu_last_error());
}

// What one launch runs, in the device's order (x first): local size all zero for a range kernel.
struct launch_shape {
  unsigned dims = 1;
  std::size_t global[3] = {1, 1, 1};
  std::size_t local[3] = {0, 0, 0};
  std::size_t offset[3] = {0, 0, 0};
};

// The runtime's description of a launch; `args` must stay valid while it is used.
inline __nativecpu_launch_info launch_info(const launch_shape &shape, std::size_t local_memory, void **args) {
  __nativecpu_launch_info launch{};
  launch.dims = shape.dims;
  for (int i = 0; i < 3; ++i) {
    launch.global_size[i] = shape.global[i];
    launch.local_size[i] = shape.local[i];
    launch.global_offset[i] = shape.offset[i];
  }
  launch.args = args;
  launch.num_args = 2;
  launch.local_memory_size = local_memory;
  return launch;
}

// Checks a launch when its command group is submitted, so that a bad nd_range or a missing
// kernel is a synchronous error (thrown by submit), as SYCL 2020 4.13.1 expects.
inline void check_launch(const char *name, const launch_shape &shape, std::size_t local_memory) {
  void *args[2] = {nullptr, nullptr};
  __nativecpu_launch_info launch = launch_info(shape, local_memory, args);
  int result = __nativecpu_check_launch(name, &launch);
  if (result != NATIVECPU_SUCCESS) throw_launch_error(result);
}

// SYCL orders dimensions slowest first; the device orders them x (fastest) first.
template <int Dims> launch_shape range_shape(const range<Dims> &extent, const id<Dims> &offset) {
  launch_shape shape;
  shape.dims = Dims;
  for (int i = 0; i < Dims; ++i) {
    shape.global[Dims - 1 - i] = extent[i];
    shape.offset[Dims - 1 - i] = offset[i];
  }
  return shape;
}

// sycl_ext_oneapi_auto_local_range: an nd_range whose local range is all zero (auto_range())
// runs in work-groups of the implementation's choice, which divide its global range. A group
// takes at most the device's maximum and an equal share of the work-items per thread, so that
// every thread has a group to run; the fastest dimension takes the largest divisor first, since
// sub-groups run along it.
inline std::size_t largest_divisor_within(std::size_t n, std::size_t limit) {
  for (std::size_t d = n < limit ? n : limit; d > 1; --d)
    if (n % d == 0) return d;
  return 1;
}
template <int Dims> nd_range<Dims> with_chosen_local_range(const nd_range<Dims> &ndr) {
  if (ndr.get_local_range() != range<Dims>()) return ndr;
  const range<Dims> global = ndr.get_global_range();
  const std::size_t share = global.size() / __nativecpu_thread_count(), largest = __nativecpu_max_work_group_size();
  std::size_t budget = share < 1 ? 1 : share > largest ? largest : share;
  range<Dims> local;
  for (int i = Dims - 1; i >= 0; --i) {
    local[i] = largest_divisor_within(global[i], budget);
    budget /= local[i];
  }
  return nd_range<Dims>(global, local, ndr.get_offset());
}

// An auto_range of a kernel with a work_group_size property is that size.
template <int Dims> nd_range<Dims> with_required_local_range(const nd_range<Dims> &ndr, const range<Dims> &required) {
  if (ndr.get_local_range() != range<Dims>()) return ndr;
  return nd_range<Dims>(ndr.get_global_range(), required, ndr.get_offset());
}

// The sizes are copied as they are (an auto_range chosen); check_local_sizes rejects a zero
// local size.
template <int Dims> launch_shape nd_range_shape(const nd_range<Dims> &given) {
  const nd_range<Dims> ndr = with_chosen_local_range(given);
  launch_shape shape;
  shape.dims = Dims;
  for (int i = 0; i < Dims; ++i) {
    shape.global[Dims - 1 - i] = ndr.get_global_range()[i];
    shape.local[Dims - 1 - i] = ndr.get_local_range()[i];
    shape.offset[Dims - 1 - i] = ndr.get_offset()[i];
  }
  for (int d = Dims; d < 3; ++d) shape.local[d] = 1;
  return shape;
}

// The runtime checks the nd_range (divisibility, work-group size, local memory); a zero local
// size is rejected here, since local sizes of zero tell the runtime "range kernel".
inline void check_local_sizes(const launch_shape &shape) {
  for (unsigned d = 0; d < shape.dims; ++d)
    if (shape.local[d] == 0)
      sycl::detail::throw_error(errc::nd_range, "an nd_range's local range must not be zero in any dimension");
}

// The work-items of a launch's global range. The runtime counts work-items in a size_t and runs
// at most PTRDIFF_MAX of them; a range with more, or whose product overflows size_t (and would
// wrap around: to 0 for 2^66 work-items, which would run nothing), is errc::nd_range, the code
// SYCL 2020's error-code table gives to errors of the range a kernel is launched with. A range
// with a zero dimension is empty however large the others are.
inline std::size_t work_items(const launch_shape &shape) {
  std::size_t items = 1;
  bool empty = false;
  bool overflows = false;
  for (unsigned d = 0; d < shape.dims; ++d) {
    empty = empty || shape.global[d] == 0;
    overflows = __builtin_mul_overflow(items, shape.global[d], &items) || overflows;
  }
  if (empty) return 0;
  if (overflows || items > std::size_t(PTRDIFF_MAX)) {
    std::string sizes;
    for (unsigned i = 0; i < shape.dims; ++i)
      sizes += (i == 0 ? "" : ", ") + std::to_string(shape.global[shape.dims - 1 - i]);
    sycl::detail::throw_error(errc::nd_range,
                    "the range {" + sizes + "} has more work-items than the runtime can count");
  }
  return items;
}
template <int Dims> std::size_t work_items(const range<Dims> &extent) {
  return work_items(range_shape(extent, id<Dims>()));
}

// How the submit path keeps a copy of a kernel's functor without knowing its type: its size and
// alignment, and its copy constructor and destructor, null when copying the bytes is the copy
// and there is nothing to destroy (every functor that only captures pointers, numbers and
// accessors), so that such a kernel instantiates no function of its own on the host.
struct functor_ops {
  std::size_t size;
  std::size_t alignment;
  void (*copy)(void *to, const void *from);
  void (*destroy)(void *object);
};

template <typename Functor> void copy_functor(void *to, const void *from) {
  ::new (to) Functor(*static_cast<const Functor *>(from));
}
template <typename Functor> void destroy_functor(void *object) { static_cast<Functor *>(object)->~Functor(); }

// The copy constructor and destructor of a functor that is not copied as bytes, instantiated
// only then: a kernel whose functor only captures pointers, numbers and accessors adds no
// function to the host compilation. The type traits are clang's builtins: the standard
// library's cost the front-end several class instantiations per kernel.
template <typename Functor,
          bool AsBytes = __is_trivially_constructible(Functor, const Functor &) && __is_trivially_destructible(Functor)>
inline constexpr functor_ops functor_ops_of{sizeof(Functor), alignof(Functor), &copy_functor<Functor>,
                                            &destroy_functor<Functor>};
template <typename Functor>
inline constexpr functor_ops functor_ops_of<Functor, true>{sizeof(Functor), alignof(Functor), nullptr, nullptr};

// A submitted kernel launch: the copy of the functor taken when the command group was
// submitted, which the kernel receives as its first argument, and what else the launch needs.
// Runs the launch, then `finish` (host work of the headers' own kernels, a reduction's fold).
class kernel_command {
public:
  kernel_command(const char *name, const launch_shape &shape, std::size_t local_memory, const functor_ops &ops,
                 const void *functor, std::shared_ptr<const spec_constant_values> spec_constants,
                 std::function<void()> finish)
      : name_(name), shape_(shape), local_memory_(local_memory), ops_(ops),
        spec_constants_(std::move(spec_constants)), finish_(std::move(finish)),
        functor_(fits_inline(ops) ? static_cast<void *>(inline_functor_)
                                  : ::operator new(ops.size, std::align_val_t(ops.alignment))) {
    if (!ops.copy) {
      std::memcpy(functor_, functor, ops.size);
      return;
    }
    try {
      ops.copy(functor_, functor);
    } catch (...) {
      release_storage();
      throw;
    }
  }
  kernel_command(const kernel_command &) = delete;
  kernel_command &operator=(const kernel_command &) = delete;
  ~kernel_command() {
    if (ops_.destroy) ops_.destroy(functor_);
    release_storage();
  }

  void run() const {
    launch();
    if (finish_) finish_();
  }

  // The same launch with another shape, or another functor of the same kernel (its arguments
  // changed): what a command graph's kernel node becomes when its range or a dynamic parameter
  // is updated (ext/oneapi/experimental/graph.hpp).
  std::shared_ptr<const kernel_command> with_shape(const launch_shape &shape) const {
    return std::make_shared<kernel_command>(name_, shape, local_memory_, ops_, functor_, spec_constants_, finish_);
  }
  std::shared_ptr<const kernel_command> with_functor(const functor_ops &ops, const void *functor) const {
    return std::make_shared<kernel_command>(name_, shape_, local_memory_, ops, functor, spec_constants_, finish_);
  }
  const char *name() const { return name_; }
  const launch_shape &shape() const { return shape_; }
  std::size_t local_memory() const { return local_memory_; }
  // Whether host work follows the launch (a reduction's fold), which knows the launch's range.
  bool finishes() const { return bool(finish_); }

private:
  void launch() const {
    std::vector<std::max_align_t> spec_constant_buffer;
    if (spec_constants_) spec_constant_buffer = spec_constants_->buffer_for(name_);
    void *args[2] = {functor_, spec_constant_buffer.data()};
    __nativecpu_launch_info description = launch_info(shape_, local_memory_, args);
    int result = __nativecpu_launch(name_, &description);
    if (result != NATIVECPU_SUCCESS) throw_launch_error(result);
  }

  // Functors of up to this many bytes (a lambda capturing a few pointers and sizes, accessors)
  // live in the command itself: one allocation fewer per launch.
  static constexpr std::size_t inline_functor_size = 64;
  static bool fits_inline(const functor_ops &ops) {
    return ops.size <= inline_functor_size && ops.alignment <= alignof(std::max_align_t);
  }
  void release_storage() {
    if (functor_ != inline_functor_) ::operator delete(functor_, std::align_val_t(ops_.alignment));
  }

  const char *name_;
  launch_shape shape_;
  std::size_t local_memory_;
  const functor_ops &ops_;
  std::shared_ptr<const spec_constant_values> spec_constants_;
  std::function<void()> finish_;
  alignas(std::max_align_t) unsigned char inline_functor_[inline_functor_size];
  void *functor_;
};

// What the type-erased path checks for a launch besides the launch itself.
enum class launch_kind { single_task, range, nd_range };

// The launch shape of a range (with an id offset, or none) or an nd_range of `Dims` dimensions,
// from pointers to them: one function per kind and dimension count, shared by every kernel.
template <int Dims> launch_shape range_shape_of(const void *extent, const void *offset) {
  return range_shape(*static_cast<const range<Dims> *>(extent),
                     offset ? *static_cast<const id<Dims> *>(offset) : id<Dims>());
}
template <int Dims> launch_shape nd_range_shape_of(const void *ndr, const void *) {
  return nd_range_shape(*static_cast<const nd_range<Dims> *>(ndr));
}
inline launch_shape single_task_shape(const void *, const void *) { return {}; }

// A kernel, as the type-erased submit path takes it: everything its types decide, a constant
// (single_task_info_of, range_info_of, nd_range_info_of) the submit path receives with pointers to the kernel's range, offset and
// functor. A kernel's submission in its caller is then one call with constant arguments, and the
// kernel adds no function to the host compilation (docs/compile-cost.md).
struct kernel_info {
  launch_kind kind;
  const char *name;
  launch_shape (*shape)(const void *range, const void *offset);
  const functor_ops *ops;
  bool takes_kernel_handler;
  // The launch's dimensions (0 for a single task): what kernel objects check a launch against,
  // since `shape` of a kernel in a shared library is that library's copy of the function.
  int dimensions;
};

template <typename Name, typename Functor>
inline constexpr kernel_info single_task_info_of{launch_kind::single_task, unit_stable_name<Name>::text,
                                                 single_task_shape, &functor_ops_of<Functor>,
                                                 takes_kernel_handler<Functor>, 0};
template <typename Name, typename Functor, int Dims>
inline constexpr kernel_info range_info_of{launch_kind::range, unit_stable_name<Name>::text,
                                           range_shape_of<Dims>, &functor_ops_of<Functor>,
                                           range_kernel_takes_handler<Functor, Dims>, Dims};
template <typename Name, typename Functor, int Dims>
inline constexpr kernel_info nd_range_info_of{launch_kind::nd_range, unit_stable_name<Name>::text,
                                              nd_range_shape_of<Dims>, &functor_ops_of<Functor>,
                                              takes_kernel_handler<Functor, nd_item<Dims>>, Dims};

// A kernel a kernel object names, ready to submit: its kernel_info for the launch's dimensions
// and its functor (a free function kernel's arguments, a captureless lambda's nothing).
struct bound_kernel {
  const kernel_info *info;
  std::shared_ptr<const void> functor;
};
// Builds the bound kernel of one kernel from set_arg's arguments, for a launch of `dims`
// dimensions whose work_group_scratch_size bytes (if any) start at `scratch_offset` in the
// work-group's local memory: free function kernels (ext/oneapi/experimental/free_function_traits.hpp)
// and captureless lambda kernels (captureless_kernel_binder below).
using kernel_object_binder = bound_kernel (*)(int dims, const std::vector<std::any> &arguments,
                                              std::size_t scratch_offset);

// A kernel command as a command graph keeps it, to remake it when an executable graph is updated
// (ext/oneapi/experimental/graph.hpp): the launch as made, the kernel's description (its kind,
// dimensions and shape function), and for a kernel launched through a kernel object, the binder
// that makes its functor from set_arg's arguments, with what the launch gave it.
struct kernel_launch_record {
  std::shared_ptr<const kernel_command> command;
  const kernel_info *info = nullptr;
  kernel_object_binder binder = nullptr;
  int binder_dims = 0;
  std::size_t scratch_offset = 0;
};

// The binders of the kernels a kernel object can launch, by kernel name, and how many arguments
// each takes (a free function kernel's parameters; -1 where that is not an argument count the
// kernel object has, a lambda's).
struct kernel_object_registry {
  struct entry {
    kernel_object_binder binder;
    int argument_count;
  };
  std::mutex mutex;
  std::map<std::string, entry> binders;
};
inline kernel_object_registry &kernel_objects() {
  static kernel_object_registry registry;
  return registry;
}
inline bool register_kernel_object_binder(const char *name, kernel_object_binder binder, int argument_count = -1) {
  kernel_object_registry &registry = kernel_objects();
  std::lock_guard<std::mutex> guard(registry.mutex);
  registry.binders.emplace(name, kernel_object_registry::entry{binder, argument_count});
  return true;
}
inline kernel_object_registry::entry find_kernel_object(const std::string &name) {
  kernel_object_registry &registry = kernel_objects();
  std::lock_guard<std::mutex> guard(registry.mutex);
  auto found = registry.binders.find(name);
  return found == registry.binders.end() ? kernel_object_registry::entry{nullptr, -1} : found->second;
}
inline kernel_object_binder find_kernel_object_binder(const std::string &name) { return find_kernel_object(name).binder; }

// A lambda kernel that captures nothing needs no arguments, so its kernel object can launch it
// by itself (`h.parallel_for(range, kernel)`, as DPC++ allows): its submission registers it at
// start-up. Kernels that capture anything cannot run that way (their captures are their
// arguments, which only the lambda holds). Scratch memory is not pointed to: the lambda was
// compiled for a launch without it.
template <const kernel_info &Info>
bound_kernel captureless_kernel_binder(int, const std::vector<std::any> &, std::size_t) {
  static const char nothing = 0;
  return {&Info, std::shared_ptr<const void>(&nothing, [](const void *) {})};
}
template <const kernel_info &Info>
inline const bool captureless_kernel_registered = register_kernel_object_binder(Info.name, &captureless_kernel_binder<Info>);
template <typename Functor, const kernel_info &Info> NCPU_ALWAYS_INLINE const kernel_info &registered_if_captureless() {
  if constexpr (std::is_empty_v<Functor>) (void)captureless_kernel_registered<Info>;
  return Info;
}

// What the device compilation's kernel_info functions return: it submits nothing.
inline constexpr kernel_info no_kernel_info{};

// A kernel's kernel_info. The device compilation outlines the kernel here instead: instantiating
// an entry point of kernel_entry.hpp is what makes the kernel.
template <typename Name, typename Functor> NCPU_ALWAYS_INLINE const kernel_info &single_task_info(const Functor &f) {
#ifdef __SYCL_DEVICE_ONLY__
  single_task_kernel<Name>(f, nullptr);
  return no_kernel_info;
#else
  (void)f;
  return registered_if_captureless<Functor, single_task_info_of<Name, Functor>>();
#endif
}
template <typename Name, int Dims, typename Functor, std::uint32_t SubGroupSize = automatic_sub_group_size,
          std::size_t... RequiredSize>
NCPU_ALWAYS_INLINE const kernel_info &range_info(const Functor &f) {
#ifdef __SYCL_DEVICE_ONLY__
  range_kernel<Name, Dims, Functor, SubGroupSize, RequiredSize...>(f, nullptr);
  return no_kernel_info;
#else
  (void)f;
  return registered_if_captureless<Functor, range_info_of<Name, Functor, Dims>>();
#endif
}

// `SubGroupSize` is the sub_group_size kernel property (`automatic` if none), `RequiredSize...` the
// work_group_size property in SYCL order, if any.
template <typename Name, int Dims, typename Functor, std::uint32_t SubGroupSize = automatic_sub_group_size,
          std::size_t... RequiredSize>
NCPU_ALWAYS_INLINE const kernel_info &nd_range_info(const Functor &f) {
#ifdef __SYCL_DEVICE_ONLY__
  nd_range_kernel<Name, Dims, Functor, SubGroupSize, RequiredSize...>(f, nullptr);
  return no_kernel_info;
#else
  (void)f;
  return registered_if_captureless<Functor, nd_range_info_of<Name, Functor, Dims>>();
#endif
}

// A range (`NdRange` false) or nd_range kernel with the sizes of a work_group_size property
// (`Required *` is `void *` without one).
template <typename Name, int Dims, bool NdRange, typename Functor, std::uint32_t SubGroupSize>
NCPU_ALWAYS_INLINE const kernel_info &sized_kernel_info(const Functor &f, void *) {
  if constexpr (NdRange)
    return nd_range_info<Name, Dims, Functor, SubGroupSize>(f);
  else
    return range_info<Name, Dims, Functor, SubGroupSize>(f);
}
template <typename Name, int Dims, bool NdRange, typename Functor, std::uint32_t SubGroupSize, std::size_t... Required>
NCPU_ALWAYS_INLINE const kernel_info &
sized_kernel_info(const Functor &f, ext::oneapi::experimental::work_group_size_key::value_t<Required...> *) {
  if constexpr (NdRange)
    return nd_range_info<Name, Dims, Functor, SubGroupSize, Required...>(f);
  else
    return range_info<Name, Dims, Functor, SubGroupSize, Required...>(f);
}
// The kernel of a range or nd_range launch with the kernel properties `Properties` (by default
// those the kernel object declares with `get(properties_tag)`).
template <typename Name, int Dims, bool NdRange, typename Functor,
          typename Properties = typename declared_kernel_properties<Functor>::type>
NCPU_ALWAYS_INLINE const kernel_info &kernel_info_with(const Functor &f) {
  using Required = typename required_work_group_size_of<Properties>::type;
  return sized_kernel_info<Name, Dims, NdRange, Functor, required_sub_group_size_of<Properties>::value>(
      f, static_cast<Required *>(nullptr));
}

// The kernel of `handler::parallel_for<KernelName>(r, f)` (the queue's shortcuts).
template <typename KernelName, int Dims, typename Functor>
NCPU_ALWAYS_INLINE const kernel_info &parallel_for_info(const range<Dims> &, const Functor &f) {
  return kernel_info_with<kernel_name_t<KernelName, Functor>, Dims, false>(f);
}
template <typename KernelName, int Dims, typename Functor>
NCPU_ALWAYS_INLINE const kernel_info &parallel_for_info(const nd_range<Dims> &, const Functor &f) {
  return kernel_info_with<kernel_name_t<KernelName, Functor>, Dims, true>(f);
}

} // namespace detail
} // namespace _V1
} // namespace sycl
