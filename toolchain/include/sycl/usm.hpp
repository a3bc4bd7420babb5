// Unified shared memory. Host, device and shared allocations are all ordinary host memory on
// this device; they are aligned to 64 bytes (a cache line, and the widest vector register). Each
// allocation's kind and size are recorded, so that get_pointer_type and get_pointer_device can
// answer and copies and fills past the end of an allocation are refused (check_usm_extent).
#pragma once

#include <cstddef>
#include <cstdlib>
#include <cstring>
#include <cstdint>
#include <map>
#include <mutex>
#include <string>
#include <utility>

#include "detail/defines.hpp"
#include "detail/scheduler.hpp"
#include "device.hpp"
#include "exception.hpp"

namespace sycl {
inline namespace _V1 {

class queue;

namespace usm {
enum class alloc { host, device, shared, unknown };
}

namespace detail {
inline constexpr std::size_t usm_alignment = 64;

// The live allocations: start address → (size, kind).
struct usm_allocations {
  std::mutex mutex;
  std::map<std::uintptr_t, std::pair<std::size_t, usm::alloc>> blocks;

  static usm_allocations &instance() {
    static usm_allocations allocations;
    return allocations;
  }
  usm::alloc kind_of(const void *pointer) {
    std::lock_guard<std::mutex> lock(mutex);
    auto block = containing(reinterpret_cast<std::uintptr_t>(pointer));
    return block == blocks.end() ? usm::alloc::unknown : block->second.second;
  }
  // The bytes from `pointer` to the end of the allocation it points into; SIZE_MAX for other
  // memory, whose extent is unknown.
  std::size_t bytes_from(const void *pointer) {
    auto address = reinterpret_cast<std::uintptr_t>(pointer);
    std::lock_guard<std::mutex> lock(mutex);
    auto block = containing(address);
    return block == blocks.end() ? SIZE_MAX : block->first + block->second.first - address;
  }

private:
  // The allocation `address` points into, or blocks.end(). Needs the mutex.
  std::map<std::uintptr_t, std::pair<std::size_t, usm::alloc>>::iterator containing(std::uintptr_t address) {
    auto block = blocks.upper_bound(address);
    if (block == blocks.begin()) return blocks.end();
    --block;
    return address < block->first + block->second.first ? block : blocks.end();
  }
};

// SYCL 2020 4.8.3: an allocation that cannot be made returns nullptr. So does one whose size,
// rounded up to its alignment, does not fit in size_t, and one whose alignment is not a power
// of two. The block has exactly the size asked for (posix_memalign, unlike aligned_alloc, needs
// no rounding), so AddressSanitizer reports an access one element past the end
// (docs/sanitizers.md).
inline void *usm_allocate(std::size_t alignment, std::size_t bytes, usm::alloc kind) {
  if (bytes == 0) return nullptr;
  if (alignment & (alignment - 1)) return nullptr;
  if (alignment < usm_alignment) alignment = usm_alignment;
  if (bytes > SIZE_MAX - (alignment - 1)) return nullptr;
  void *pointer = nullptr;
  if (posix_memalign(&pointer, alignment, bytes) != 0) pointer = nullptr;
  if (pointer) {
    auto &allocations = usm_allocations::instance();
    std::lock_guard<std::mutex> lock(allocations.mutex);
    allocations.blocks[reinterpret_cast<std::uintptr_t>(pointer)] = {bytes, kind};
  }
  return pointer;
}
// The alignment of a typed aligned allocation: the one asked for, or T's if that is larger, so
// that `aligned_alloc_device<T>(alignof(T) / 2, …)` still gives properly aligned objects. An
// alignment that is not a power of two stays as given: the allocation fails.
template <typename T> std::size_t typed_alignment(std::size_t alignment) {
  if (alignment & (alignment - 1)) return alignment;
  return alignment < alignof(T) ? alignof(T) : alignment;
}
// The bytes of `count` objects of type T; SIZE_MAX, which no allocation can have, when the
// product does not fit in size_t.
template <typename T> std::size_t usm_bytes(std::size_t count) {
  return count > SIZE_MAX / sizeof(T) ? SIZE_MAX : count * sizeof(T);
}

// SYCL 2020 (4.9.4.3) gives no meaning to a copy or fill past the end of its memory. When
// `pointer` points into a live USM allocation, that end is known, and `bytes` from `pointer` that
// go past it are errc::invalid when the command group is submitted, instead of a command that
// overwrites other memory or crashes. Memory not from USM has no known extent and is not checked.
inline void check_usm_extent(const char *command, const char *role, const void *pointer, std::size_t bytes) {
  if (bytes == 0) return;
  std::size_t available = usm_allocations::instance().bytes_from(pointer);
  if (bytes > available)
    sycl::detail::throw_error(errc::invalid,
                    std::string(command) + ": " + std::to_string(bytes) + " bytes from the " + role +
                        " pointer go past the end of its USM allocation (" + std::to_string(available) +
                        " bytes left)");
}
} // namespace detail

inline void *aligned_alloc_device(std::size_t alignment, std::size_t bytes, const device &, const context &,
    const property_list & = {}) {
  return detail::usm_allocate(alignment, bytes, usm::alloc::device);
}
inline void *aligned_alloc_host(std::size_t alignment, std::size_t bytes, const context &,
    const property_list & = {}) {
  return detail::usm_allocate(alignment, bytes, usm::alloc::host);
}
inline void *aligned_alloc_shared(std::size_t alignment, std::size_t bytes, const device &, const context &,
    const property_list & = {}) {
  return detail::usm_allocate(alignment, bytes, usm::alloc::shared);
}
inline void *malloc_device(std::size_t bytes, const device &d, const context &c, const property_list & = {}) {
  return aligned_alloc_device(0, bytes, d, c);
}
inline void *malloc_host(std::size_t bytes, const context &c,
    const property_list & = {}) { return aligned_alloc_host(0, bytes, c); }
inline void *malloc_shared(std::size_t bytes, const device &d, const context &c, const property_list & = {}) {
  return aligned_alloc_shared(0, bytes, d, c);
}
inline void *malloc(std::size_t bytes, const device &, const context &, usm::alloc kind, const property_list & = {}) {
  return kind == usm::alloc::unknown ? nullptr : detail::usm_allocate(0, bytes, kind);
}
// The allocation is gone for the program at once; its memory returns to the system after the
// commands still running, which may use it (detail/scheduler.hpp, release_after_commands).
inline void free(void *ptr, const context &) {
  if (!ptr) return;
  {
    auto &allocations = detail::usm_allocations::instance();
    std::lock_guard<std::mutex> lock(allocations.mutex);
    allocations.blocks.erase(reinterpret_cast<std::uintptr_t>(ptr));
  }
  detail::release_after_commands([ptr] { std::free(ptr); });
}

// SYCL 2020 4.8.4: what kind of allocation `ptr` points into (unknown for other memory).
inline usm::alloc get_pointer_type(const void *ptr, const context &) {
  return detail::usm_allocations::instance().kind_of(ptr);
}
inline device get_pointer_device(const void *ptr, const context &c) {
  if (get_pointer_type(ptr, c) == usm::alloc::unknown)
    sycl::detail::throw_error(errc::invalid, "get_pointer_device: not a USM pointer");
  return device();
}

template <typename T> T *malloc_device(std::size_t count, const device &d, const context &c,
    const property_list & = {}) {
  return static_cast<T *>(aligned_alloc_device(alignof(T), detail::usm_bytes<T>(count), d, c));
}
template <typename T> T *malloc_host(std::size_t count, const context &c, const property_list & = {}) {
  return static_cast<T *>(aligned_alloc_host(alignof(T), detail::usm_bytes<T>(count), c));
}
template <typename T> T *malloc_shared(std::size_t count, const device &d, const context &c,
    const property_list & = {}) {
  return static_cast<T *>(aligned_alloc_shared(alignof(T), detail::usm_bytes<T>(count), d, c));
}
template <typename T> T *aligned_alloc_device(std::size_t alignment, std::size_t count, const device &d, const context &c,
    const property_list & = {}) {
  return static_cast<T *>(aligned_alloc_device(detail::typed_alignment<T>(alignment),
                            detail::usm_bytes<T>(count), d, c));
}
template <typename T> T *aligned_alloc_host(std::size_t alignment, std::size_t count, const context &c,
    const property_list & = {}) {
  return static_cast<T *>(aligned_alloc_host(detail::typed_alignment<T>(alignment), detail::usm_bytes<T>(count), c));
}
template <typename T> T *aligned_alloc_shared(std::size_t alignment, std::size_t count, const device &d, const context &c,
    const property_list & = {}) {
  return static_cast<T *>(aligned_alloc_shared(detail::typed_alignment<T>(alignment),
                            detail::usm_bytes<T>(count), d, c));
}
template <typename T> T *malloc(std::size_t count, const device &d, const context &c, usm::alloc kind,
    const property_list & = {}) {
  return static_cast<T *>(aligned_alloc(alignof(T), detail::usm_bytes<T>(count), d, c, kind));
}
// SYCL 2020 4.8.3.3: the kind given as a value; null for usm::alloc::unknown.
inline void *aligned_alloc(std::size_t alignment, std::size_t bytes, const device &, const context &,
                           usm::alloc kind, const property_list & = {}) {
  return kind == usm::alloc::unknown ? nullptr : detail::usm_allocate(alignment, bytes, kind);
}
template <typename T>
T *aligned_alloc(std::size_t alignment, std::size_t count, const device &d, const context &c, usm::alloc kind,
    const property_list & = {}) {
  return static_cast<T *>(aligned_alloc(detail::typed_alignment<T>(alignment),
                            detail::usm_bytes<T>(count), d, c, kind));
}

// The queue forms are defined in queue.hpp, once queue is complete.
void *malloc_device(std::size_t bytes, const queue &q, const property_list & = {});
void *malloc_host(std::size_t bytes, const queue &q, const property_list & = {});
void *malloc_shared(std::size_t bytes, const queue &q, const property_list & = {});
void *malloc(std::size_t bytes, const queue &q, usm::alloc kind, const property_list & = {});
void *aligned_alloc_device(std::size_t alignment, std::size_t bytes, const queue &q, const property_list & = {});
void *aligned_alloc_host(std::size_t alignment, std::size_t bytes, const queue &q, const property_list & = {});
void *aligned_alloc_shared(std::size_t alignment, std::size_t bytes, const queue &q, const property_list & = {});
void *aligned_alloc(std::size_t alignment, std::size_t bytes, const queue &q, usm::alloc kind,
    const property_list & = {});
void free(void *ptr, const queue &q);

template <typename T> T *malloc_device(std::size_t count, const queue &q, const property_list & = {}) {
  return static_cast<T *>(aligned_alloc_device(alignof(T), detail::usm_bytes<T>(count), q));
}
template <typename T> T *malloc_host(std::size_t count, const queue &q, const property_list & = {}) {
  return static_cast<T *>(aligned_alloc_host(alignof(T), detail::usm_bytes<T>(count), q));
}
template <typename T> T *malloc_shared(std::size_t count, const queue &q, const property_list & = {}) {
  return static_cast<T *>(aligned_alloc_shared(alignof(T), detail::usm_bytes<T>(count), q));
}
template <typename T> T *malloc(std::size_t count, const queue &q, usm::alloc kind, const property_list & = {}) {
  return static_cast<T *>(aligned_alloc(alignof(T), detail::usm_bytes<T>(count), q, kind));
}
template <typename T> T *aligned_alloc_device(std::size_t alignment, std::size_t count, const queue &q,
    const property_list & = {}) {
  return static_cast<T *>(aligned_alloc_device(detail::typed_alignment<T>(alignment),
                            detail::usm_bytes<T>(count), q));
}
template <typename T> T *aligned_alloc_host(std::size_t alignment, std::size_t count, const queue &q,
    const property_list & = {}) {
  return static_cast<T *>(aligned_alloc_host(detail::typed_alignment<T>(alignment), detail::usm_bytes<T>(count), q));
}
template <typename T> T *aligned_alloc_shared(std::size_t alignment, std::size_t count, const queue &q,
    const property_list & = {}) {
  return static_cast<T *>(aligned_alloc_shared(detail::typed_alignment<T>(alignment),
                            detail::usm_bytes<T>(count), q));
}
template <typename T> T *aligned_alloc(std::size_t alignment, std::size_t count, const queue &q, usm::alloc kind,
    const property_list & = {}) {
  return static_cast<T *>(aligned_alloc(detail::typed_alignment<T>(alignment), detail::usm_bytes<T>(count), q, kind));
}

} // namespace _V1
} // namespace sycl
