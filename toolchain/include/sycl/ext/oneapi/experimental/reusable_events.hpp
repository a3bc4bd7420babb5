// <sycl/ext/oneapi/experimental/reusable_events.hpp>: DPC++'s sycl_ext_oneapi_reusable_events,
// one event object that tracks command after command:
//
//   sycl::event done = syclex::make_event(ctxt);     // complete, tracking nothing
//   syclex::parallel_for(q1, range, kernel);
//   syclex::enqueue_signal_event(q1, done);          // now: everything q1 has so far
//   syclex::enqueue_wait_event(q2, done);            // q2's later commands wait for it
//
// An event here is a handle to one command's state, so signalling points the handle at a new
// barrier of the queue (every command submitted before it, in-order queue or not); copies made
// earlier, and dependencies captured from it, keep the command they had, as the extension
// requires. Per-event profiling (the enable_profiling property set to true) needs
// aspect::ext_oneapi_per_event_profiling, which this device does not report: make_event refuses
// it with errc::feature_not_supported.
#pragma once

#include <type_traits>
#include <vector>

#include "../../../context.hpp"
#include "../../../event.hpp"
#include "../../../exception.hpp"
#include "../../../queue.hpp"
#include "../properties.hpp"

#define SYCL_EXT_ONEAPI_REUSABLE_EVENTS 1

namespace sycl {
inline namespace _V1 {
namespace ext::oneapi::experimental {

// Whether an event made with make_event records profiling timestamps.
struct enable_profiling {
  using key_t = enable_profiling;
  enable_profiling(bool enable = true) : enabled(enable) {}
  bool enabled;
};
using enable_profiling_key = enable_profiling;

namespace detail {
inline bool profiling_requested(const enable_profiling &property) { return property.enabled; }
template <typename... Properties> bool profiling_requested(const properties<Properties...> &list) {
  static_assert((std::is_same_v<Properties, enable_profiling> && ...),
                "make_event takes only the enable_profiling property");
  if constexpr (sizeof...(Properties) == 0)
    return false;
  else
    return list.template get_property<enable_profiling_key>().enabled;
}
} // namespace detail

// A complete event that tracks no command yet.
template <typename PropertyList = empty_properties_t> event make_event(const context &, PropertyList properties = {}) {
  if (detail::profiling_requested(properties))
    sycl::detail::throw_error(errc::feature_not_supported,
                              "make_event: per-event profiling needs aspect::ext_oneapi_per_event_profiling, which "
                              "this device does not have (enable profiling on the queue instead)");
  return event();
}
template <typename PropertyList = empty_properties_t> event make_event(PropertyList properties = {}) {
  return make_event(context(), properties);
}

// `done` tracks, from now on, every command submitted to `q` so far; later commands of `q`
// follow it too.
inline void enqueue_signal_event(queue q, event &done) { done = q.ext_oneapi_submit_barrier(); }

// The commands submitted to `q` after this wait for what `waited` tracks now.
inline void enqueue_wait_events(queue q, const std::vector<event> &waited) {
  if (!waited.empty()) q.ext_oneapi_submit_barrier(waited);
}
inline void enqueue_wait_event(queue q, const event &waited) { enqueue_wait_events(q, {waited}); }

} // namespace ext::oneapi::experimental
} // namespace _V1
} // namespace sycl
