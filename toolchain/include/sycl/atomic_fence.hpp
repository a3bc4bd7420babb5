// sycl::atomic_fence (SYCL 2020 section 4.15.2): a fence between the calling work-item's memory
// operations, at a memory order, for the work-items of a memory scope.
//
// One thread runs a whole work-group here, so a fence whose scope is work_item, sub_group or
// work_group only orders operations within one thread: it is a fence in LLVM's singlethread
// scope (__atomic_signal_fence), which keeps the compiler from moving memory operations across
// it and needs no instruction. A device or system scope fence orders operations between threads:
// it is a fence in the system scope (__atomic_thread_fence). Both keep the requested order; a
// relaxed fence does nothing.
#pragma once

#include "detail/defines.hpp"
#include "memory_model.hpp"

namespace sycl {
inline namespace _V1 {

inline void atomic_fence(memory_order order, memory_scope scope) {
  if (scope == memory_scope::device || scope == memory_scope::system)
    __atomic_thread_fence(detail::to_gnu_order(order));
  else
    __atomic_signal_fence(detail::to_gnu_order(order));
}

} // namespace _V1
} // namespace sycl
