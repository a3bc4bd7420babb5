// sycl::local_accessor (SYCL 2020 section 4.7.6.11): work-group local memory for nd_range
// kernels.
//
// The handler lays out every local accessor of a command group in one block per work-group: the
// constructor reserves the accessor's bytes (aligned to max(alignof(DataT), 16)) and the launch
// passes the total as `local_memory_size`. The runtime gives each work-group such a block, and
// the device builtin __nativecpu_get_local_memory() returns the current group's.
//
// So an accessor is only {byte offset in the block, range}: captured by value into the kernel
// functor, it has the same layout in the host and the device compilation, and element i is
// `((DataT *)(__nativecpu_get_local_memory() + offset))[linear(i)]`.
//
// A local accessor may not be used by single_task or a range parallel_for (SYCL 2020
// 4.7.6.11): submitting such a kernel throws errc::kernel_argument, as the spec requires, when
// its functor holds a copy of one (host copies made while the command group runs report where
// they are; see handler.hpp). One made in the command group and not captured is fine. DPC++
// dropped that check and runs such kernels (some of its e2e tests rely on it); a program written
// that way gets the exception, whose message says to use an nd_range. A 0-dimensional accessor,
// local_accessor(handler&), is one element.
#pragma once

#include <cstddef>
#include <iterator>
#include <type_traits>

#include "access.hpp"
#include "accessor.hpp"
#include "atomic.hpp"
#include "detail/builtins.hpp"
#include "detail/defines.hpp"
#include "multi_ptr.hpp"
#include "properties.hpp"
#include "range.hpp"

namespace sycl {
inline namespace _V1 {

class handler;

namespace detail {
// Reserves `bytes` of the command group's work-group local memory, aligned to `alignment`;
// returns their byte offset in the block (defined in handler.hpp).
std::size_t reserve_local_memory(handler &h, std::size_t bytes, std::size_t alignment);
// Tells the command group running on this thread, if any, that a local accessor was copied to
// `copy` (defined in handler.hpp): how submission finds one captured by a kernel.
void note_local_accessor_copy(const void *copy);

// Alignment of local-memory allocations: at least 16, so that vector code may use aligned loads;
// at most the 128 to which the runtime aligns each block (vec<double, 16> needs all of it).
inline constexpr std::size_t min_local_alignment = 16;
inline constexpr std::size_t max_local_alignment = 128;

// Reserves `bytes` of the command group's local memory for objects of T; returns their offset.
template <typename T> std::size_t reserve_local_memory_for(handler &h, std::size_t bytes) {
  static_assert(alignof(T) <= max_local_alignment,
                "local memory blocks are aligned to 128 bytes: DataT may not need more");
  return reserve_local_memory(h, bytes, alignof(T) > min_local_alignment ? alignof(T) : min_local_alignment);
}
// The current work-group's objects of T at byte `offset` of its block (device code only; `what`
// names them for the host's error).
template <typename T> T *local_memory_at(std::size_t offset, const char *what) {
#ifdef __SYCL_DEVICE_ONLY__
  (void)what;
  return reinterpret_cast<T *>(__nativecpu_get_local_memory() + offset);
#else
  (void)offset;
  device_only(what);
#endif
}
} // namespace detail

template <typename DataT, int Dims = 1> class local_accessor {
  static constexpr int D = detail::view_dims<Dims>;

  static_assert(Dims >= 0 && Dims <= 3, "local_accessor has 0 to 3 dimensions");

public:
  NCPU_OWNER_BEFORE
  using value_type = DataT;
  using reference = DataT &;
  using const_reference = const DataT &;
  template <access::decorated IsDecorated>
  using accessor_ptr = multi_ptr<DataT, access::address_space::local_space, IsDecorated>;
  using iterator = DataT *;
  using const_iterator = const DataT *;
  using reverse_iterator = std::reverse_iterator<iterator>;
  using const_reverse_iterator = std::reverse_iterator<const_iterator>;
  using difference_type = std::ptrdiff_t;
  using size_type = std::size_t;
  static constexpr int dimensions = Dims;

  // An empty accessor (no memory).
  local_accessor() = default;
  // The same local memory, read-only (SYCL 2020 4.7.6.11: local_accessor<T> converts to
  // local_accessor<const T>).
  template <typename OtherT, typename = std::enable_if_t<std::is_const_v<DataT> &&
                                                         std::is_same_v<OtherT, std::remove_const_t<DataT>>>>
  local_accessor(const local_accessor<OtherT, Dims> &other) : offset_(other.offset_), range_(other.range_) {
    note_copy();
  }
#ifndef __SYCL_DEVICE_ONLY__
  // Host copies report where they are, so that a single_task or range kernel capturing one is
  // rejected (handler.hpp, reject_local_accessors). The device keeps the trivial copy.
  local_accessor(const local_accessor &other) : offset_(other.offset_), range_(other.range_) { note_copy(); }
  local_accessor &operator=(const local_accessor &) = default;
#endif

  // One element.
  template <int Dimensions = Dims, typename = std::enable_if_t<Dimensions == 0>>
  explicit local_accessor(handler &h, const property_list &props = {}) : local_accessor(range<1>(1), h, props) {}

  // A size that overflows size_t is errc::memory_allocation, as is any request for more local
  // memory than the device has, rather than a smaller block.
  local_accessor(range<D> allocation_size, handler &h, const property_list & = {})
      : offset_(detail::reserve_local_memory_for<DataT>(h,
                                                        detail::storage_bytes<DataT>(allocation_size, "local_accessor"))),
        range_(allocation_size) {}

  void swap(local_accessor &other) {
    local_accessor copy = *this;
    *this = other;
    other = copy;
  }

  range<D> get_range() const { return range_; }
  std::size_t size() const noexcept { return range_.size(); }
  std::size_t byte_size() const noexcept { return size() * sizeof(DataT); }
  std::size_t max_size() const noexcept { return size(); }
  // get_count and get_size: the SYCL 1.2.1 names, deprecated in SYCL 2020 (DPC++ keeps them).
  std::size_t get_count() const noexcept { return size(); }
  std::size_t get_size() const noexcept { return byte_size(); }
  bool empty() const noexcept { return size() == 0; }

  reference operator[](const id<D> &index) const {
    return data()[detail::linearize(index, range_)];
  }
  template <int Dimensions = Dims, typename = std::enable_if_t<Dimensions == 1>>
  reference operator[](std::size_t index) const {
    return data()[index];
  }
  template <int Dimensions = Dims, typename = std::enable_if_t<(Dimensions > 1)>>
  auto operator[](std::size_t index) const {
    return detail::subscript<local_accessor, Dims, 0>(*this, id<Dims>())[index];
  }
  // A 0-dimensional accessor is its element.
  template <int Dimensions = Dims, typename = std::enable_if_t<Dimensions == 0>> operator reference() const {
    return *data();
  }
  template <int Dimensions = Dims, typename = std::enable_if_t<Dimensions == 0 && !std::is_const_v<DataT>>>
  const local_accessor &operator=(const value_type &value) const {
    *data() = value;
    return *this;
  }

  // The current work-group's copy of the memory, as the deprecated local_ptr (which converts to
  // DataT *).
  accessor_ptr<access::decorated::legacy> get_pointer() const noexcept {
    return accessor_ptr<access::decorated::legacy>(data());
  }
  template <access::decorated IsDecorated> accessor_ptr<IsDecorated> get_multi_ptr() const noexcept {
    return accessor_ptr<IsDecorated>(data());
  }

  iterator begin() const noexcept { return data(); }
  iterator end() const noexcept { return data() + size(); }
  const_iterator cbegin() const noexcept { return data(); }
  const_iterator cend() const noexcept { return data() + size(); }
  reverse_iterator rbegin() const noexcept { return reverse_iterator(end()); }
  reverse_iterator rend() const noexcept { return reverse_iterator(begin()); }
  const_reverse_iterator crbegin() const noexcept { return const_reverse_iterator(cend()); }
  const_reverse_iterator crend() const noexcept { return const_reverse_iterator(cbegin()); }

  // Copies of one accessor are equal; accessors of one handler never share an offset unless
  // empty.
  friend bool operator==(const local_accessor &a, const local_accessor &b) {
    return a.offset_ == b.offset_ && a.range_ == b.range_;
  }
  friend bool operator!=(const local_accessor &a, const local_accessor &b) { return !(a == b); }
  // What std::hash<local_accessor> hashes: the place in the work-group's memory.
  std::size_t ncpu_offset() const noexcept { return offset_; }

private:
  template <typename, int> friend class local_accessor;
  void note_copy() const {
#ifndef __SYCL_DEVICE_ONLY__
    detail::note_local_accessor_copy(this);
#endif
  }

  DataT *data() const { return detail::local_memory_at<DataT>(offset_, "sycl::local_accessor's memory"); }

  std::size_t offset_ = 0;
  range<D> range_;
};

// The SYCL 1.2.1 local accessor, accessor<…, target::local> (deprecated in SYCL 2020 for
// local_accessor, 4.7.6.11), is a local_accessor.
template <typename DataT, int Dims, access_mode Mode, access::placeholder P>
class accessor<DataT, Dims, Mode, target::local, P> : public local_accessor<DataT, Dims> {
public:
  using local_accessor<DataT, Dims>::local_accessor;
  // Local memory exists only inside a command group: such an accessor is never a placeholder.
  bool is_placeholder() const noexcept { return false; }
};
// In access::mode::atomic, each element is a sycl::atomic of the local space (atomic.hpp).
template <typename DataT, int Dims, access::placeholder P>
class accessor<DataT, Dims, access_mode::atomic, target::local, P> : public local_accessor<DataT, Dims> {
  using base = local_accessor<DataT, Dims>;
  using element = atomic<DataT, access::address_space::local_space>;

public:
  using base::base;
  bool is_placeholder() const noexcept { return false; }

  element operator[](const id<detail::view_dims<Dims>> &index) const { return at(base::operator[](index)); }
  template <int Dimensions = Dims, typename = std::enable_if_t<Dimensions == 1>>
  element operator[](std::size_t index) const {
    return (*this)[id<1>(index)];
  }
  template <int Dimensions = Dims, typename = std::enable_if_t<(Dimensions > 1)>>
  auto operator[](std::size_t index) const {
    return detail::subscript<accessor, Dims, 0>(*this, id<Dims>())[index];
  }
  template <int Dimensions = Dims, typename = std::enable_if_t<Dimensions == 0>> operator element() const {
    return at(static_cast<DataT &>(static_cast<const base &>(*this)));
  }

private:
  static element at(DataT &value) {
    return element(multi_ptr<DataT, access::address_space::local_space, access::decorated::legacy>(&value));
  }
};

} // namespace _V1
} // namespace sycl

template <typename DataT, int Dims> struct std::hash<sycl::local_accessor<DataT, Dims>> {
  std::size_t operator()(const sycl::local_accessor<DataT, Dims> &a) const noexcept {
    return std::hash<std::size_t>()(a.ncpu_offset());
  }
};
// The SYCL 1.2.1 local accessor hashes as the local_accessor it is: its memory exists only in a
// running kernel, so the host hashes the offset, not get_pointer (accessor.hpp's general case).
template <typename DataT, int Dims, sycl::access_mode Mode, sycl::access::placeholder P>
struct std::hash<sycl::accessor<DataT, Dims, Mode, sycl::target::local, P>>
    : std::hash<sycl::local_accessor<DataT, Dims>> {};
