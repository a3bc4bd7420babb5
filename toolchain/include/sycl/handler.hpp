// sycl::handler: records the one command of a command group (SYCL 2020 section 4.9.4). The
// queue runs the command once the command-group function returns.
#pragma once

#include <algorithm>
#include <any>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include <nativecpu/runtime.h>

#include "accessor.hpp"
#include "detail/defines.hpp"
#include "detail/graph_hooks.hpp"
#include "detail/kernel_command.hpp"
#include "detail/kernel_entry.hpp"
#include "event.hpp"
#include "exception.hpp"
#include "local_accessor.hpp"
#include "nd_range.hpp"
#include "ext/oneapi/device_global.hpp"
#include "ext/oneapi/properties.hpp"
#include "ext/oneapi/work_group_scratch_memory.hpp"
#include "range.hpp"
#include "specialization_constant.hpp"
#include "usm.hpp"

namespace sycl {
inline namespace _V1 {

class stream;
class kernel;
namespace detail {
// Submits free function kernels (ext/oneapi/experimental/free_function_traits.hpp).
struct free_function_launch;
// Builds command graph nodes from command groups (ext/oneapi/experimental/graph.hpp).
struct graph_access;
template <typename Properties> std::size_t scratch_offset(handler &h, const Properties &properties);
} // namespace detail
enum class bundle_state : int;
template <bundle_state State> class kernel_bundle;

namespace detail {
// The handler whose command group function runs on this thread, if any: local accessors copied
// meanwhile tell it where the copy is (note_local_accessor_copy, local_accessor.hpp).
inline thread_local handler *running_command_group = nullptr;
// Makes `h` the running command group for the scope's lifetime.
class command_group_scope {
public:
  explicit command_group_scope(handler &h) : previous_(running_command_group) { running_command_group = &h; }
  ~command_group_scope() { running_command_group = previous_; }
  command_group_scope(const command_group_scope &) = delete;
  command_group_scope &operator=(const command_group_scope &) = delete;

private:
  handler *previous_;
};

template <typename T> inline constexpr bool is_reduction_v = false;
template <typename... Args> inline constexpr bool starts_with_reduction_v = false;
template <typename First, typename... Rest>
inline constexpr bool starts_with_reduction_v<First, Rest...> = is_reduction_v<First>;

template <typename KernelName, bool IsRange, int UserDims, int LaunchDims, typename Functor,
          typename... Descriptors, std::size_t... I>
void submit_reductions(handler &h, const range<UserDims> &user_range, const nd_range<LaunchDims> &launch,
                       const Functor &functor, std::index_sequence<I...>, const Descriptors &...descriptors);
template <typename KernelName, int Dims, typename... Args, std::size_t... I>
void reduction_parallel_for(handler &h, const range<Dims> &extent, std::index_sequence<I...>, const Args &...args);

template <typename KernelName, int Dims, typename... Args, std::size_t... I>
void reduction_parallel_for(handler &h, const nd_range<Dims> &launch, std::index_sequence<I...>, const Args &...args);
} // namespace detail

class handler {
public:
  handler(const handler &) = delete;
  handler &operator=(const handler &) = delete;

  // The kernel templates only pass the kernel's constant description and pointers to its range
  // and functor to the type-erased submit_kernel (detail/kernel_command.hpp), and are always
  // inlined (docs/compile-cost.md).
  template <typename KernelName = detail::auto_name, typename Functor>
  NCPU_ALWAYS_INLINE void single_task(const Functor &f) {
    submit_kernel(detail::single_task_info<detail::kernel_name_t<KernelName, Functor>>(f), nullptr, nullptr, &f);
  }

  template <typename KernelName = detail::auto_name, int Dims, typename Functor>
  NCPU_ALWAYS_INLINE void parallel_for(range<Dims> extent, const Functor &f) {
    submit_kernel(detail::parallel_for_info<KernelName>(extent, f), &extent, nullptr, &f);
  }

  // Kernel properties (sycl_ext_oneapi_kernel_properties): a range kernel honours
  // sub_group_size and work_group_size (its work-groups, the runtime's choice otherwise); a
  // single work-item has none to shape.
  template <typename KernelName = detail::auto_name, int Dims, typename Properties, typename Functor,
            typename = std::enable_if_t<ext::oneapi::experimental::is_property_list_v<Properties>>>
  NCPU_ALWAYS_INLINE void parallel_for(range<Dims> extent, Properties, const Functor &f) {
    static_assert(!Properties::template has_property<ext::oneapi::experimental::work_group_scratch_size_key>(),
                  "work_group_scratch_size needs an nd_range launch: a range has no work-groups");
    using Name = detail::kernel_name_t<KernelName, Functor>;
    submit_kernel(detail::kernel_info_with<Name, Dims, false, Functor, Properties>(f), &extent, nullptr, &f);
  }
  template <typename KernelName = detail::auto_name, typename Properties, typename Functor,
            typename = std::enable_if_t<ext::oneapi::experimental::is_property_list_v<Properties>>>
  NCPU_ALWAYS_INLINE void single_task(Properties, const Functor &f) {
    single_task<KernelName>(f);
  }
  // Kernel properties before reductions: the reduction kernels have no required sizes yet.
  template <typename KernelName = detail::auto_name, typename Range, typename Properties, typename... Rest,
            typename = std::enable_if_t<ext::oneapi::experimental::is_property_list_v<Properties> &&
                                        (sizeof...(Rest) > 1) && detail::starts_with_reduction_v<Rest...>>>
  void parallel_for(Range launch, Properties, const Rest &...rest) {
    static_assert(detail::required_sub_group_size_of<Properties>::value == detail::automatic_sub_group_size &&
                      std::is_void_v<typename detail::required_work_group_size_of<Properties>::type>,
                  "ncpu does not implement the sub_group_size and work_group_size properties with reductions");
    parallel_for<KernelName>(launch, rest...);
  }

  template <typename KernelName = detail::auto_name, int Dims, typename Functor>
  NCPU_ALWAYS_INLINE void parallel_for(range<Dims> extent, id<Dims> offset, const Functor &f) {
    submit_kernel(detail::parallel_for_info<KernelName>(extent, f), &extent, &offset, &f);
  }

  // parallel_for with reductions (reduction.hpp): the reductions, then the kernel, which takes
  // one reducer per reduction after its item (or id, or nd_item).
  template <typename KernelName = detail::auto_name, int Dims, typename... Rest,
            typename = std::enable_if_t<(sizeof...(Rest) > 1) && detail::starts_with_reduction_v<Rest...>>>
  void parallel_for(range<Dims> extent, const Rest &...rest) {
    detail::reduction_parallel_for<KernelName>(*this, extent, std::make_index_sequence<sizeof...(Rest) - 1>(),
                                               rest...);
  }
  template <typename KernelName = detail::auto_name, int Dims, typename... Rest,
            typename = std::enable_if_t<(sizeof...(Rest) > 1) && detail::starts_with_reduction_v<Rest...>>>
  void parallel_for(nd_range<Dims> ndr, const Rest &...rest) {
    detail::reduction_parallel_for<KernelName>(*this, ndr, std::make_index_sequence<sizeof...(Rest) - 1>(), rest...);
  }
  // A number of work-items, as for a kernel without reductions.
  template <typename KernelName = detail::auto_name, typename... Rest,
            typename = std::enable_if_t<(sizeof...(Rest) > 1) && detail::starts_with_reduction_v<Rest...>>>
  void parallel_for(std::size_t count, const Rest &...rest) {
    parallel_for<KernelName>(range<1>(count), rest...);
  }

  template <typename KernelName = detail::auto_name, typename Functor>
  NCPU_ALWAYS_INLINE void parallel_for(std::size_t count, const Functor &f) {
    parallel_for<KernelName>(range<1>(count), f);
  }
  // A braced range, `parallel_for({n, m}, f)`, which the forms above cannot deduce a dimension
  // from (one number is the count form). A kernel object takes its own form below.
  template <typename KernelName = detail::auto_name, typename Functor,
            typename = std::enable_if_t<!std::is_same_v<Functor, kernel>>>
  NCPU_ALWAYS_INLINE void parallel_for(range<2> extent, const Functor &f) {
    parallel_for<KernelName, 2>(extent, f);
  }
  template <typename KernelName = detail::auto_name, typename Functor,
            typename = std::enable_if_t<!std::is_same_v<Functor, kernel>>>
  NCPU_ALWAYS_INLINE void parallel_for(range<3> extent, const Functor &f) {
    parallel_for<KernelName, 3>(extent, f);
  }

  // An nd_range kernel: called with an nd_item, may use local accessors and barriers.
  template <typename KernelName = detail::auto_name, int Dims, typename Functor>
  NCPU_ALWAYS_INLINE void parallel_for(nd_range<Dims> ndr, const Functor &f) {
    submit_kernel(detail::parallel_for_info<KernelName>(ndr, f), &ndr, nullptr, &f);
  }

  // An nd_range kernel with kernel properties (work_group_size, sub_group_size) and launch
  // properties (work_group_scratch_size: the bytes are reserved after the command group's local
  // accessors, and the kernel wrapped to find them; ext/oneapi/work_group_scratch_memory.hpp).
  template <typename KernelName = detail::auto_name, int Dims, typename Properties, typename Functor,
            typename = std::enable_if_t<ext::oneapi::experimental::is_property_list_v<Properties> &&
                                        !std::is_same_v<Functor, kernel>>>
  void parallel_for(nd_range<Dims> ndr, Properties properties, const Functor &f) {
    using Required = typename detail::required_work_group_size_of<Properties>::type;
    constexpr std::uint32_t sub_group_size = detail::required_sub_group_size_of<Properties>::value;
    using ext::oneapi::experimental::work_group_scratch_size_key;
    if constexpr (Properties::template has_property<work_group_scratch_size_key>()) {
      const detail::work_group_scratch_kernel<Functor> kernel{f, detail::scratch_offset(*this, properties)};
      parallel_for_with_size<detail::work_group_scratch_name_t<KernelName>, sub_group_size>(
          ndr, kernel, static_cast<Required *>(nullptr));
    } else {
      parallel_for_with_size<KernelName, sub_group_size>(ndr, f, static_cast<Required *>(nullptr));
    }
  }

  // Kernel objects as the kernel to run (SYCL 2020 4.9.4.2.3), with the arguments set_arg and
  // set_args give: free function kernels (ext/oneapi/experimental/free_function_traits.hpp) over
  // an nd_range or as a single task, and lambda kernels that capture nothing in the form they
  // were written for (detail::captureless_kernel_binder). A lambda with captures is a SYCL kernel
  // function whose arguments only the lambda holds, and this device has no interoperability or
  // built-in kernels, so those throw errc::invalid as the specification requires.
  // A command graph's dynamic_parameter as the argument gives its current value and registers
  // the argument with it (ext/oneapi/experimental/graph.hpp).
  template <typename T> void set_arg(int index, T &&argument) {
    if (index < 0) sycl::detail::throw_error(errc::invalid, "set_arg: negative argument index");
    if (kernel_arguments_.size() <= std::size_t(index)) kernel_arguments_.resize(std::size_t(index) + 1);
    if constexpr (detail::is_dynamic_parameter<std::decay_t<T>>)
      set_dynamic_arg(index, argument);
    else
      kernel_arguments_[std::size_t(index)] = std::decay_t<T>(std::forward<T>(argument));
  }
  template <typename... Ts> void set_args(Ts &&...arguments) {
    kernel_arguments_.clear();
    dynamic_arguments_.clear();
    int index = 0;
    (set_arg(index++, std::forward<Ts>(arguments)), ...);
  }
  void single_task(const kernel &k);
  template <int Dims> void parallel_for(range<Dims> extent, const kernel &k);
  template <int Dims> void parallel_for(nd_range<Dims> launch, const kernel &k);
  // With launch properties: work_group_scratch_size is reserved for a free function kernel;
  // kernel properties are not applied (the kernel was compiled without them).
  template <int Dims, typename Properties,
            typename = std::enable_if_t<ext::oneapi::experimental::is_property_list_v<Properties>>>
  void parallel_for(nd_range<Dims> launch, Properties properties, const kernel &k);

  // DPC++'s forms taking the kernel object and its lambda (SYCL 1.2.1, not SYCL 2020): the kernel
  // object only chooses the bundle the lambda's kernel comes from, and every executable bundle
  // holds all kernels (kernel_bundle.hpp), so the lambda runs as without it.
  template <typename KernelName = detail::auto_name, typename Functor>
  NCPU_ALWAYS_INLINE void single_task(const kernel &, const Functor &f) {
    single_task<KernelName>(f);
  }
  template <typename KernelName = detail::auto_name, int Dims, typename Functor>
  NCPU_ALWAYS_INLINE void parallel_for(const kernel &, range<Dims> extent, const Functor &f) {
    parallel_for<KernelName>(extent, f);
  }
  template <typename KernelName = detail::auto_name, int Dims, typename Functor>
  NCPU_ALWAYS_INLINE void parallel_for(const kernel &, range<Dims> extent, id<Dims> offset, const Functor &f) {
    parallel_for<KernelName>(extent, offset, f);
  }
  template <typename KernelName = detail::auto_name, int Dims, typename Functor>
  NCPU_ALWAYS_INLINE void parallel_for(const kernel &, nd_range<Dims> ndr, const Functor &f) {
    parallel_for<KernelName>(ndr, f);
  }

  // Rejected when the command group is submitted: null pointers with a non-zero size, counts
  // whose bytes overflow size_t, and sizes that go past the end of a USM allocation (usm.hpp).
  void memcpy(void *destination, const void *source, std::size_t bytes) {
    copy_bytes("memcpy", destination, source, bytes);
  }
  template <typename T> void copy(const T *source, T *destination, std::size_t count) {
    copy_bytes("copy", destination, source, element_bytes<T>("copy", count));
  }
  // The one instance of a device_global, the host's (ext/oneapi/device_global.hpp); bytes or
  // elements past its end are errc::invalid.
  template <typename T, typename P>
  void memcpy(ext::oneapi::experimental::device_global<T, P> &destination, const void *source,
              std::size_t bytes = sizeof(T), std::size_t offset = 0) {
    copy_bytes("memcpy", detail::device_global_bytes(destination, bytes, offset, "memcpy"), source, bytes);
  }
  template <typename T, typename P>
  void memcpy(void *destination, const ext::oneapi::experimental::device_global<T, P> &source,
              std::size_t bytes = sizeof(T), std::size_t offset = 0) {
    copy_bytes("memcpy", destination, detail::device_global_bytes(source, bytes, offset, "memcpy"), bytes);
  }
  template <typename T, typename P>
  void copy(const std::remove_all_extents_t<T> *source, ext::oneapi::experimental::device_global<T, P> &destination,
            std::size_t count = sizeof(T) / sizeof(std::remove_all_extents_t<T>), std::size_t start_index = 0) {
    using element = std::remove_all_extents_t<T>;
    const std::size_t bytes = element_bytes<element>("copy", count);
    copy_bytes("copy", detail::device_global_bytes(destination, bytes, element_bytes<element>("copy", start_index), "copy"),
               source, bytes);
  }
  template <typename T, typename P>
  void copy(const ext::oneapi::experimental::device_global<T, P> &source, std::remove_all_extents_t<T> *destination,
            std::size_t count = sizeof(T) / sizeof(std::remove_all_extents_t<T>), std::size_t start_index = 0) {
    using element = std::remove_all_extents_t<T>;
    const std::size_t bytes = element_bytes<element>("copy", count);
    copy_bytes("copy", destination,
               detail::device_global_bytes(source, bytes, element_bytes<element>("copy", start_index), "copy"), bytes);
  }
  // One row of the 2-D commands below.
  void memset(void *pointer, int value, std::size_t bytes) {
    fill_2d("memset", detail::node_type::memset, static_cast<unsigned char *>(pointer), bytes,
            static_cast<unsigned char>(value), bytes, 1);
  }
  template <typename T> void fill(void *pointer, const T &pattern, std::size_t count) {
    fill_2d("fill", detail::node_type::memfill, static_cast<T *>(pointer), count, pattern, count, 1);
  }

  // sycl_ext_oneapi_memcpy2d: `height` rows of `width` bytes, each row `*_pitch` bytes after the
  // one before (copy2d and fill2d count elements of T instead). A width larger than a pitch is
  // errc::invalid, as are the USM commands' errors (null pointers, regions past an allocation).
  void ext_oneapi_memcpy2d(void *destination, std::size_t destination_pitch, const void *source,
                           std::size_t source_pitch, std::size_t width, std::size_t height) {
    copy_2d("ext_oneapi_memcpy2d", static_cast<const unsigned char *>(source), source_pitch,
            static_cast<unsigned char *>(destination), destination_pitch, width, height);
  }
  template <typename T>
  void ext_oneapi_copy2d(const T *source, std::size_t source_pitch, T *destination, std::size_t destination_pitch,
                         std::size_t width, std::size_t height) {
    copy_2d("ext_oneapi_copy2d", source, source_pitch, destination, destination_pitch, width, height);
  }
  void ext_oneapi_memset2d(void *destination, std::size_t destination_pitch, int value, std::size_t width,
                           std::size_t height) {
    fill_2d("ext_oneapi_memset2d", detail::node_type::memset, static_cast<unsigned char *>(destination),
            destination_pitch, static_cast<unsigned char>(value), width, height);
  }
  template <typename T>
  void ext_oneapi_fill2d(void *destination, std::size_t destination_pitch, const T &pattern, std::size_t width,
                         std::size_t height) {
    fill_2d("ext_oneapi_fill2d", detail::node_type::memfill, static_cast<T *>(destination), destination_pitch, pattern,
            width, height);
  }

  // Specialization constants of this command group (SYCL 2020 4.9.4.2.3); both throw
  // errc::invalid once a kernel bundle is bound, whose constants apply.
  template <auto &Id> void set_specialization_constant(const detail::spec_constant_value_t<Id> &value) {
    if (uses_kernel_bundle_)
      sycl::detail::throw_error(errc::invalid,
                      "set_specialization_constant after use_kernel_bundle (the bundle's constants apply)");
    spec_constants_.set<Id>(value);
  }
  template <auto &Id> detail::spec_constant_value_t<Id> get_specialization_constant() const {
    if (uses_kernel_bundle_)
      sycl::detail::throw_error(errc::invalid,
                      "get_specialization_constant after use_kernel_bundle (read the bundle's instead)");
    return spec_constants_.get<Id>();
  }

  // The command runs after these events' commands.
  void depends_on(const event &e) {
    if (e.state()) dependencies_.push_back(e.state());
  }
  void depends_on(const std::vector<event> &events) {
    for (const auto &e : events) depends_on(e);
  }
  // Binds a placeholder accessor to the command group (accessors made with the handler already
  // are; requiring them again changes nothing).
  template <typename DataT, int Dims, access_mode Mode, target Target, access::placeholder P>
  void require(accessor<DataT, Dims, Mode, Target, P> placeholder) {
    if (placeholder.storage()) require_storage(placeholder.storage()->shared_from_this(), Mode != access_mode::read);
  }

  // A host task (SYCL 2020 4.10): `f()` runs on a runtime thread when its dependencies are met.
  template <typename Functor> void host_task(Functor f) {
    static_assert(std::is_invocable_v<Functor &>, "a host task takes no arguments here (no interop_handle)");
    set_command(detail::node_type::host_task, [f]() mutable { f(); });
  }

  // Explicit copies with accessors (SYCL 2020 4.9.4.3), 0-dimensional ones included; shared_ptr
  // may own an array. A pointer must hold the accessor's range, checked like memcpy's pointers.
  template <typename T, int Dims, access_mode Mode, target Target, access::placeholder P, typename U>
  void copy(accessor<T, Dims, Mode, Target, P> source, std::shared_ptr<U> destination) {
    copy(source, destination.get());
  }
  template <typename T, int Dims, access_mode Mode, target Target, access::placeholder P, typename U>
  void copy(std::shared_ptr<U> source, accessor<T, Dims, Mode, Target, P> destination) {
    copy(static_cast<const typename std::shared_ptr<U>::element_type *>(source.get()), destination);
  }
  template <typename T, int Dims, access_mode Mode, target Target, access::placeholder P, typename U>
  void copy(accessor<T, Dims, Mode, Target, P> source, U *destination) {
    require_pointers(source.size(), "copy", destination);
    detail::check_usm_extent("copy", "destination", destination, element_bytes<U>("copy", source.size()));
    set_command(detail::node_type::memcpy, [source, destination] {
      std::size_t i = 0;
      detail::for_each_index(source.get_range(), [&](const auto &index) { destination[i++] = source[index]; });
    });
  }
  template <typename T, int Dims, access_mode Mode, target Target, access::placeholder P, typename U>
  void copy(const U *source, accessor<T, Dims, Mode, Target, P> destination) {
    require_pointers(destination.size(), "copy", source);
    detail::check_usm_extent("copy", "source", source, element_bytes<U>("copy", destination.size()));
    set_command(detail::node_type::memcpy, [source, destination] {
      std::size_t i = 0;
      detail::for_each_index(destination.get_range(),
                             [&](const auto &index) { destination[index] = source[i++]; });
    });
  }
  // A void pointer points to elements of the accessor's type (DPC++ takes them).
  template <typename T, int Dims, access_mode Mode, target Target, access::placeholder P>
  void copy(accessor<T, Dims, Mode, Target, P> source, void *destination) {
    copy(source, static_cast<std::remove_const_t<T> *>(destination));
  }
  template <typename T, int Dims, access_mode Mode, target Target, access::placeholder P>
  void copy(const void *source, accessor<T, Dims, Mode, Target, P> destination) {
    copy(static_cast<const T *>(source), destination);
  }
  // The destination must have at least as many elements as the source; they are copied in
  // row-major order, so ranges of different shapes (8x2 into 2x8, or 16 into 4x4) pair the
  // elements one by one instead of indexing the destination with the source's ids, past its range.
  template <typename T, int SourceDims, access_mode M1, target T1, access::placeholder P1, typename U,
            int DestinationDims, access_mode M2, target T2, access::placeholder P2>
  void copy(accessor<T, SourceDims, M1, T1, P1> source, accessor<U, DestinationDims, M2, T2, P2> destination) {
    if (source.size() > destination.size())
      sycl::detail::throw_error(errc::invalid,
                      "copy: the destination accessor has " + std::to_string(destination.size()) +
                          " elements, fewer than the source's " + std::to_string(source.size()));
    set_command(detail::node_type::memcpy, [source, destination] {
      id<detail::view_dims<DestinationDims>> to;
      detail::for_each_index(source.get_range(), [&](const auto &from) {
        destination[to] = source[from];
        detail::next_index(to, destination.get_range());
      });
    });
  }
  template <typename T, int Dims, access_mode Mode, target Target, access::placeholder P>
  void fill(accessor<T, Dims, Mode, Target, P> destination, const T &value) {
    set_command(detail::node_type::memfill, [destination, value] {
      detail::for_each_index(destination.get_range(), [&](const auto &index) { destination[index] = value; });
    });
  }
  // Writes the buffer's data to its host memory (the host pointer or final data it was given),
  // as its destruction would; a buffer over its host memory (use_host_ptr) has nothing to copy.
  // The command orders like a read.
  template <typename T, int Dims, access_mode Mode, target Target, access::placeholder P>
  void update_host(accessor<T, Dims, Mode, Target, P> source) {
    set_command(detail::node_type::memcpy, [storage = source.storage()] {
      if (storage) storage->update_host();
    });
  }

  // USM hints: accepted, nothing to do when host and device share memory.
  void prefetch(const void *, std::size_t) { set_no_op(detail::node_type::prefetch); }
  template <typename Advice> void mem_advise(const void *, std::size_t, Advice) {
    set_no_op(detail::node_type::memadvise);
  }

  // DPC++'s barrier commands (sycl_ext_oneapi_enqueue_barrier): the command group waits for
  // every command submitted to its queue before it, or for `events` only when there are some,
  // and the queue's later commands follow it, as after queue::ext_oneapi_submit_barrier.
  void ext_oneapi_barrier() {
    set_no_op(detail::node_type::ext_oneapi_barrier);
    barrier_ = barrier_wait::all_earlier;
  }
  void ext_oneapi_barrier(const std::vector<event> &events) {
    if (events.empty()) return ext_oneapi_barrier();
    set_no_op(detail::node_type::ext_oneapi_barrier);
    depends_on(events);
    barrier_ = barrier_wait::listed;
  }

  // ---- Defined by the headers of their features ----------------------------------------------
  // Command graphs (ext/oneapi/experimental/graph.hpp): runs an executable graph.
  void ext_oneapi_graph(ext::oneapi::experimental::command_graph<ext::oneapi::experimental::graph_state::executable> &graph);
  // Hierarchical parallelism (hierarchical.hpp): `f(group<Dims>)` once per work-group.
  template <typename KernelName = detail::auto_name, int Dims, typename WorkGroupFunction>
  void parallel_for_work_group(range<Dims> num_work_groups, const WorkGroupFunction &f);
  template <typename KernelName = detail::auto_name, int Dims, typename WorkGroupFunction>
  void parallel_for_work_group(range<Dims> num_work_groups, range<Dims> work_group_size, const WorkGroupFunction &f);
  // Kernel bundles (kernel_bundle.hpp).
  template <bundle_state State> void use_kernel_bundle(const kernel_bundle<State> &bundle);

private:
  // The free function kernel `k` over `launch`, with the arguments set_arg and set_args gave
  // (defined in kernel_bundle.hpp, where kernel is complete).
  // Runs the kernel `k` names over `*launch` (a range<Dims> or nd_range<Dims>; nothing for a
  // single task, Launch = void).
  template <int Dims, typename Launch>
  void submit_kernel_object(const kernel &k, const Launch *launch, const char *what, std::size_t scratch_offset = 0);
  template <typename Parameter> void set_dynamic_arg(int index, const Parameter &parameter);

  friend class stream;
  // Host work that runs once the command has run (a stream prints its output).
  void after_command(std::function<void()> work) { after_command_.push_back(std::move(work)); }
  std::vector<std::function<void()>> after_command_;

  friend class queue;
  friend struct detail::free_function_launch;
  friend struct detail::graph_access;
  template <typename KernelName, bool IsRange, int UserDims, int LaunchDims, typename Functor,
            typename... Descriptors, std::size_t... I>
  friend void detail::submit_reductions(handler &, const range<UserDims> &, const nd_range<LaunchDims> &,
                                        const Functor &, std::index_sequence<I...>, const Descriptors &...);

  // An nd_range kernel built by the headers (not the user's functor), with `finish` run on the
  // host after it.
  template <typename Name, int Dims, typename Kernel>
  NCPU_ALWAYS_INLINE void launch_nd_range_kernel(const nd_range<Dims> &ndr, const Kernel &kernel,
                                                 std::function<void()> finish) {
    submit_headers_kernel(detail::nd_range_info<Name, Dims>(kernel), &ndr, &kernel, std::move(finish));
  }

  template <typename KernelName, std::uint32_t SubGroupSize, int Dims, typename Functor>
  NCPU_ALWAYS_INLINE void parallel_for_with_size(nd_range<Dims> ndr, const Functor &f, void *) {
    using Name = detail::kernel_name_t<KernelName, Functor>;
    submit_kernel(detail::nd_range_info<Name, Dims, Functor, SubGroupSize>(f), &ndr, nullptr, &f);
  }
  template <typename KernelName, std::uint32_t SubGroupSize, int Dims, typename Functor, std::size_t... Required>
  NCPU_ALWAYS_INLINE void parallel_for_with_size(nd_range<Dims> ndr, const Functor &f,
                                                 ext::oneapi::experimental::work_group_size_key::value_t<Required...> *) {
    using Name = detail::kernel_name_t<KernelName, Functor>;
    ndr = detail::with_required_local_range(ndr, range<Dims>(Required...));
    submit_kernel(detail::nd_range_info<Name, Dims, Functor, SubGroupSize, Required...>(f), &ndr, nullptr, &f);
  }
  friend std::size_t detail::reserve_local_memory(handler &, std::size_t, std::size_t);
  friend void detail::note_local_accessor_copy(const void *);
  handler() = default;

  // Lays out the command group's local accessors one after the other in the work-group's block.
  std::size_t reserve_local_memory(std::size_t bytes, std::size_t alignment) {
    std::size_t offset = (local_memory_size_ + alignment - 1) / alignment * alignment;
    if (offset < local_memory_size_ || offset + bytes < offset)
      sycl::detail::throw_error(errc::memory_allocation, "local accessors exceed the address space");
    local_memory_size_ = offset + bytes;
    return offset;
  }

  // SYCL 2020 4.7.6.11: a local accessor used in a single_task or range kernel is
  // errc::kernel_argument at submission. Used means captured: the functor (`size` bytes at
  // `functor`) holds a copy of one, which its copy constructor reported while the command group
  // ran; an accessor made in the command group and not captured is fine.
  void reject_local_accessors(const char *command, const void *functor, std::size_t size) const {
    const auto *begin = static_cast<const unsigned char *>(functor);
    for (const void *copy : local_accessor_copies_) {
      const auto *at = static_cast<const unsigned char *>(copy);
      if (std::less_equal<>()(begin, at) && std::less<>()(at, begin + size))
        sycl::detail::throw_error(errc::kernel_argument,
                        std::string("a local_accessor or work_group_memory cannot be used by ") + command +
                            " (only by parallel_for over an nd_range)");
    }
  }

  // ---- The type-erased submit path (detail/kernel_command.hpp, docs/compile-cost.md): compiled
  // once per translation unit, never inlined into the kernels' callers. -------------------------
  // A kernel of the program, described by `info`, over `*range` (a range<Dims> with `*offset`
  // or none, or an nd_range<Dims>, as `info` says): the checks of its kind of launch, then the
  // launch's.
  [[gnu::noinline]] void submit_kernel(const detail::kernel_info &info, const void *range, const void *offset,
                                     const void *functor) {
    const detail::launch_shape shape = info.shape(range, offset);
    switch (info.kind) {
    case detail::launch_kind::single_task: reject_local_accessors("single_task", functor, info.ops->size); break;
    case detail::launch_kind::range:
      reject_local_accessors("parallel_for over a range", functor, info.ops->size);
      if (detail::work_items(shape) == 0) return set_no_op(detail::node_type::kernel);
      break;
    case detail::launch_kind::nd_range:
      detail::check_local_sizes(shape);
      return enqueue_launch(info, shape, functor, local_memory_size_, {});
    }
    // Past the check, the kernel uses none of the command group's local accessors: it runs
    // without their memory (however much they reserved).
    enqueue_launch(info, shape, functor, 0, {});
  }
  // A kernel of the headers over the nd_range `*ndr`: nothing but `finish` when it is empty.
  [[gnu::noinline]] void submit_headers_kernel(const detail::kernel_info &info, const void *ndr, const void *functor,
                                             std::function<void()> finish) {
    const detail::launch_shape shape = info.shape(ndr, nullptr);
    if (detail::work_items(shape) == 0)
      return finish ? set_command(detail::node_type::kernel, std::move(finish)) : set_no_op(detail::node_type::kernel);
    detail::check_local_sizes(shape);
    enqueue_launch(info, shape, functor, local_memory_size_, std::move(finish));
  }

  // Checks the launch, with `local_memory` bytes of work-group local memory, now; the command
  // copies the functor now and runs the launch when it runs, then `finish`. A kernel that takes
  // a kernel_handler gets the command group's specialization constants, shared with the command.
  void enqueue_launch(const detail::kernel_info &info, const detail::launch_shape &shape, const void *functor,
                      std::size_t local_memory, std::function<void()> finish) {
    detail::check_launch(info.name, shape, local_memory);
    std::shared_ptr<const detail::spec_constant_values> spec_constants;
    if (info.takes_kernel_handler)
      spec_constants = std::make_shared<const detail::spec_constant_values>(spec_constants_);
    auto command = std::make_shared<detail::kernel_command>(info.name, shape, local_memory, *info.ops, functor,
                                                            std::move(spec_constants), std::move(finish));
    kernel_name_ = info.name;
    launch_record_.command = command;
    launch_record_.info = &info;
    set_command(detail::node_type::kernel, [command] { command->run(); });
  }

  // One row of `bytes` bytes (copy_2d).
  void copy_bytes(const char *command, void *destination, const void *source, std::size_t bytes) {
    copy_2d(command, static_cast<const unsigned char *>(source), bytes, static_cast<unsigned char *>(destination),
            bytes, bytes, 1);
  }
  // The bytes a 2-D region of `height` rows of `width` objects of T, `pitch` objects apart,
  // spans; errc::invalid if the width is larger than the pitch, or the bytes overflow size_t.
  template <typename T>
  static std::size_t region_bytes(const char *command, const char *role, std::size_t pitch, std::size_t width,
                                  std::size_t height) {
    if (width > pitch)
      sycl::detail::throw_error(errc::invalid, std::string(command) + ": the width (" + std::to_string(width) +
                                                   ") is larger than the " + role + " pitch (" +
                                                   std::to_string(pitch) + ")");
    if (width == 0 || height == 0) return 0;
    std::size_t elements = 0;
    if (__builtin_mul_overflow(height - 1, pitch, &elements) || __builtin_add_overflow(elements, width, &elements))
      elements = SIZE_MAX;
    return element_bytes<T>(command, elements);
  }
  template <typename T>
  void copy_2d(const char *command, const T *source, std::size_t source_pitch, T *destination,
               std::size_t destination_pitch, std::size_t width, std::size_t height) {
    const std::size_t source_bytes = region_bytes<T>(command, "source", source_pitch, width, height);
    const std::size_t destination_bytes = region_bytes<T>(command, "destination", destination_pitch, width, height);
    require_pointers(source_bytes, command, destination, source);
    detail::check_usm_extent(command, "source", source, source_bytes);
    detail::check_usm_extent(command, "destination", destination, destination_bytes);
    if (source_bytes == 0) return set_no_op(detail::node_type::memcpy);
    set_command(detail::node_type::memcpy, [=] {
      for (std::size_t row = 0; row < height; ++row)
        std::copy_n(source + row * source_pitch, width, destination + row * destination_pitch);
    });
  }
  template <typename T>
  void fill_2d(const char *command, detail::node_type kind, T *destination, std::size_t pitch, const T &pattern,
               std::size_t width, std::size_t height) {
    const std::size_t bytes = region_bytes<T>(command, "destination", pitch, width, height);
    require_pointers(bytes, command, destination);
    detail::check_usm_extent(command, "destination", destination, bytes);
    if (bytes == 0) return set_no_op(kind);
    set_command(kind, [=] {
      for (std::size_t row = 0; row < height; ++row) std::fill_n(destination + row * pitch, width, pattern);
    });
  }

  // The bytes of `count` objects of T. A count whose bytes overflow size_t is an error: the
  // product would wrap around to a few bytes, which pass the checks, while the command still
  // reads or writes `count` objects.
  template <typename T> static std::size_t element_bytes(const char *command, std::size_t count) {
    std::size_t bytes = detail::usm_bytes<T>(count);
    if (bytes == SIZE_MAX)
      sycl::detail::throw_error(errc::invalid, std::string(command) + ": " + std::to_string(count) +
                                                          " elements of " + std::to_string(sizeof(T)) +
                                                          " bytes are more bytes than any memory has");
    return bytes;
  }

  template <typename... Pointers>
  static void require_pointers(std::size_t size, const char *command, const Pointers *...pointers) {
    if (size != 0 && ((pointers == nullptr) || ...))
      sycl::detail::throw_error(errc::invalid, std::string(command) + ": null pointer with a non-zero size");
  }

  // A command that does nothing (zero bytes, a hint, an empty range): with nothing to wait for,
  // its event is complete at submission, as DPC++'s events of zero-byte USM commands are.
  void set_no_op(detail::node_type kind) {
    set_command(kind, [] {});
    no_op_ = true;
  }
  bool is_no_op() const { return no_op_ && after_command_.empty(); }
  void set_command(detail::node_type kind, std::function<void()> command) {
    if (command_)
      sycl::detail::throw_error(errc::invalid, "a command group may contain only one command");
    command_ = std::move(command);
    kind_ = kind;
  }
  friend void detail::require(handler &, const std::shared_ptr<detail::buffer_storage> &, bool);
  void require_storage(const std::shared_ptr<detail::buffer_storage> &storage, bool writes) {
    if (writes) storage->note_written();
    requirements_.emplace_back(storage, writes);
  }
  std::vector<detail::tracked_access> tracked_accesses() const {
    std::vector<detail::tracked_access> accesses;
    for (const auto &[storage, writes] : requirements_) accesses.push_back({&storage->tracker, writes});
    return accesses;
  }
  // The command, followed by the work that must run after it.
  std::function<void()> take_command() {
    if (after_command_.empty()) return std::move(command_);
    return [command = std::move(command_), after = std::move(after_command_)] {
      if (command) command();
      for (const auto &step : after) step();
    };
  }

  std::function<void()> command_;
  std::vector<std::pair<std::shared_ptr<detail::buffer_storage>, bool>> requirements_;
  std::vector<detail::event_ptr> dependencies_;
  std::size_t local_memory_size_ = 0;
  std::vector<const void *> local_accessor_copies_;
  detail::spec_constant_values spec_constants_;
  bool uses_kernel_bundle_ = false;
  bool no_op_ = false;
  // Whether the command group is a barrier (ext_oneapi_barrier), and what it waits for.
  enum class barrier_wait { none, listed, all_earlier } barrier_ = barrier_wait::none;
  std::vector<std::any> kernel_arguments_;
  // What a command graph node needs besides the command: its kind, a kernel's name and launch,
  // the arguments dynamic parameters gave (each parameter with its argument's index), and the
  // executable graph a command group runs (ext_oneapi_graph).
  detail::node_type kind_ = detail::node_type::empty;
  const char *kernel_name_ = nullptr;
  detail::kernel_launch_record launch_record_;
  std::vector<std::pair<std::shared_ptr<ext::oneapi::experimental::detail::dynamic_parameter_state>, int>>
      dynamic_arguments_;
  detail::graph_launch graph_launch_;
};

inline void detail::require(handler &h, const std::shared_ptr<buffer_storage> &storage, bool writes) {
  h.require_storage(storage, writes);
}

inline std::size_t detail::reserve_local_memory(handler &h, std::size_t bytes, std::size_t alignment) {
  return h.reserve_local_memory(bytes, alignment);
}

// Where a launch's work_group_scratch_size bytes start in the work-group's local memory: after
// the command group's local accessors, at the largest alignment. A launch without the property
// reserves nothing (0).
template <typename Properties> std::size_t detail::scratch_offset(handler &h, const Properties &properties) {
  using ext::oneapi::experimental::work_group_scratch_size_key;
  if constexpr (Properties::template has_property<work_group_scratch_size_key>())
    return reserve_local_memory(h, properties.template get_property<work_group_scratch_size_key>().value,
                                max_local_alignment);
  else
    return 0;
}

inline void detail::note_local_accessor_copy(const void *copy) {
  if (running_command_group) running_command_group->local_accessor_copies_.push_back(copy);
}

} // namespace _V1
} // namespace sycl
