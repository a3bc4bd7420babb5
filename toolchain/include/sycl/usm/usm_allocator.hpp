// sycl::usm_allocator (SYCL 2020 4.8.3.7): a C++ allocator whose memory is host or shared USM,
// so that standard containers can hold data kernels read and write. Device USM is refused at
// compile time, as the specification requires: a container writes its elements from the host.
#pragma once

#include <cstddef>
#include <type_traits>

#include "../detail/defines.hpp"
#include "../properties.hpp"
#include "../queue.hpp"
#include "../usm.hpp"

namespace sycl {
inline namespace _V1 {

template <typename T, usm::alloc AllocKind, std::size_t Alignment = 0> class usm_allocator {
  static_assert(AllocKind != usm::alloc::device,
                "usm_allocator does not support AllocKind == usm::alloc::device");

public:
  using value_type = T;
  using propagate_on_container_copy_assignment = std::true_type;
  using propagate_on_container_move_assignment = std::true_type;
  using propagate_on_container_swap = std::true_type;
  template <typename U> struct rebind {
    using other = usm_allocator<U, AllocKind, Alignment>;
  };

  usm_allocator() = delete;
  usm_allocator(const context &context, const device &device, const property_list & = {})
      : context_(context), device_(device) {}
  usm_allocator(const queue &queue, const property_list & = {})
      : context_(queue.get_context()), device_(queue.get_device()) {}
  usm_allocator(const usm_allocator &) = default;
  usm_allocator(usm_allocator &&) noexcept = default;
  usm_allocator &operator=(const usm_allocator &) = default;
  usm_allocator &operator=(usm_allocator &&) = default;
  template <typename U>
  usm_allocator(const usm_allocator<U, AllocKind, Alignment> &other) noexcept
      : context_(other.context_), device_(other.device_) {}

  // Throws errc::memory_allocation when the memory cannot be had (a null block, or a count
  // whose byte size overflows).
  T *allocate(std::size_t count) {
    const std::size_t alignment = Alignment > alignof(T) ? Alignment : alignof(T);
    void *memory = aligned_alloc(alignment, detail::usm_bytes<T>(count), device_, context_, AllocKind);
    if (!memory && count != 0)
      sycl::detail::throw_error(errc::memory_allocation,
                      "usm_allocator: cannot allocate " + std::to_string(count) + " elements");
    return static_cast<T *>(memory);
  }
  void deallocate(T *pointer, std::size_t) { free(pointer, context_); }

  // Allocators compare equal when memory from one can be freed by the other: the same kind of
  // USM in the same context, for the same device.
  template <typename U, usm::alloc OtherKind, std::size_t OtherAlignment>
  friend bool operator==(const usm_allocator &a, const usm_allocator<U, OtherKind, OtherAlignment> &b) {
    return AllocKind == OtherKind && a.context_ == b.context_ && a.device_ == b.device_;
  }
  template <typename U, usm::alloc OtherKind, std::size_t OtherAlignment>
  friend bool operator!=(const usm_allocator &a, const usm_allocator<U, OtherKind, OtherAlignment> &b) {
    return !(a == b);
  }

private:
  template <typename U, usm::alloc, std::size_t> friend class usm_allocator;
  context context_;
  device device_;
};

} // namespace _V1
} // namespace sycl
