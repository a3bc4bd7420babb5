// Unified shared memory. Host, device and shared allocations are all ordinary host memory on
// this device; they are aligned to 64 bytes (a cache line, and the widest vector register).
#pragma once

#include <cstddef>
#include <cstdlib>
#include <cstring>

#include "detail/defines.hpp"
#include "device.hpp"

namespace sycl {
inline namespace _V1 {

class queue;

namespace usm {
enum class alloc { host, device, shared, unknown };
}

namespace detail {
inline constexpr std::size_t usm_alignment = 64;

inline void *usm_allocate(std::size_t alignment, std::size_t bytes) {
  if (bytes == 0) return nullptr;
  if (alignment < usm_alignment) alignment = usm_alignment;
  // aligned_alloc needs a size that is a multiple of the alignment.
  std::size_t rounded = (bytes + alignment - 1) / alignment * alignment;
  return std::aligned_alloc(alignment, rounded);
}
} // namespace detail

inline void *aligned_alloc_device(std::size_t alignment, std::size_t bytes, const device &, const context &) {
  return detail::usm_allocate(alignment, bytes);
}
inline void *aligned_alloc_host(std::size_t alignment, std::size_t bytes, const context &) {
  return detail::usm_allocate(alignment, bytes);
}
inline void *aligned_alloc_shared(std::size_t alignment, std::size_t bytes, const device &, const context &) {
  return detail::usm_allocate(alignment, bytes);
}
inline void *malloc_device(std::size_t bytes, const device &d, const context &c) {
  return aligned_alloc_device(0, bytes, d, c);
}
inline void *malloc_host(std::size_t bytes, const context &c) { return aligned_alloc_host(0, bytes, c); }
inline void *malloc_shared(std::size_t bytes, const device &d, const context &c) {
  return aligned_alloc_shared(0, bytes, d, c);
}
inline void *malloc(std::size_t bytes, const device &, const context &, usm::alloc) {
  return detail::usm_allocate(0, bytes);
}
inline void free(void *ptr, const context &) { std::free(ptr); }

template <typename T> T *malloc_device(std::size_t count, const device &d, const context &c) {
  return static_cast<T *>(aligned_alloc_device(alignof(T), count * sizeof(T), d, c));
}
template <typename T> T *malloc_host(std::size_t count, const context &c) {
  return static_cast<T *>(aligned_alloc_host(alignof(T), count * sizeof(T), c));
}
template <typename T> T *malloc_shared(std::size_t count, const device &d, const context &c) {
  return static_cast<T *>(aligned_alloc_shared(alignof(T), count * sizeof(T), d, c));
}
template <typename T> T *aligned_alloc_device(std::size_t alignment, std::size_t count, const device &d, const context &c) {
  return static_cast<T *>(aligned_alloc_device(alignment, count * sizeof(T), d, c));
}
template <typename T> T *aligned_alloc_host(std::size_t alignment, std::size_t count, const context &c) {
  return static_cast<T *>(aligned_alloc_host(alignment, count * sizeof(T), c));
}
template <typename T> T *aligned_alloc_shared(std::size_t alignment, std::size_t count, const device &d, const context &c) {
  return static_cast<T *>(aligned_alloc_shared(alignment, count * sizeof(T), d, c));
}
template <typename T> T *malloc(std::size_t count, const device &d, const context &c, usm::alloc kind) {
  return static_cast<T *>(malloc(count * sizeof(T), d, c, kind));
}

// The queue forms are defined in queue.hpp, once queue is complete.
void *malloc_device(std::size_t bytes, const queue &q);
void *malloc_host(std::size_t bytes, const queue &q);
void *malloc_shared(std::size_t bytes, const queue &q);
void *malloc(std::size_t bytes, const queue &q, usm::alloc kind);
void *aligned_alloc_device(std::size_t alignment, std::size_t bytes, const queue &q);
void *aligned_alloc_host(std::size_t alignment, std::size_t bytes, const queue &q);
void *aligned_alloc_shared(std::size_t alignment, std::size_t bytes, const queue &q);
void free(void *ptr, const queue &q);

template <typename T> T *malloc_device(std::size_t count, const queue &q) {
  return static_cast<T *>(aligned_alloc_device(alignof(T), count * sizeof(T), q));
}
template <typename T> T *malloc_host(std::size_t count, const queue &q) {
  return static_cast<T *>(aligned_alloc_host(alignof(T), count * sizeof(T), q));
}
template <typename T> T *malloc_shared(std::size_t count, const queue &q) {
  return static_cast<T *>(aligned_alloc_shared(alignof(T), count * sizeof(T), q));
}
template <typename T> T *malloc(std::size_t count, const queue &q, usm::alloc kind) {
  return static_cast<T *>(malloc(count * sizeof(T), q, kind));
}
template <typename T> T *aligned_alloc_device(std::size_t alignment, std::size_t count, const queue &q) {
  return static_cast<T *>(aligned_alloc_device(alignment, count * sizeof(T), q));
}
template <typename T> T *aligned_alloc_host(std::size_t alignment, std::size_t count, const queue &q) {
  return static_cast<T *>(aligned_alloc_host(alignment, count * sizeof(T), q));
}
template <typename T> T *aligned_alloc_shared(std::size_t alignment, std::size_t count, const queue &q) {
  return static_cast<T *>(aligned_alloc_shared(alignment, count * sizeof(T), q));
}

} // namespace _V1
} // namespace sycl
