// sycl::buffer (SYCL 2020 section 4.7.2). A buffer made over a non-const host pointer (raw or
// shared_ptr) lends that memory: kernels and host accessors use it directly, as DPC++'s buffers
// do on a CPU, and its original bytes, kept at first use, are put back on destruction if the
// buffer may have written them and its data is not written back there (write-back off, or
// another final destination). Other buffers
// own their storage: data given at construction (const, a container, an iterator range) is
// copied in, and written back to the container on destruction of the last copy unless
// write-back was turned off, once every command using it has completed. With
// property::buffer::use_host_ptr the storage is the given host memory itself with nothing kept
// or copied (docs/runtime-ordering.md, "Buffers"). A sub-buffer is a
// view of a contiguous part of its parent's memory and shares the parent's storage, so its
// commands are ordered with every command on the parent and its other sub-buffers
// (docs/runtime-ordering.md).
#pragma once

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <cstdlib>
#include <cstring>
#include <iterator>
#include <memory>
#include <mutex>
#include <string>
#include <type_traits>

#include "access.hpp"
#include "detail/accessor_declaration.hpp"
#include "detail/defines.hpp"
#include "detail/scheduler.hpp"
#include "exception.hpp"
#include "properties.hpp"
#include "range.hpp"

namespace sycl {
inline namespace _V1 {

class handler;

template <typename DataT, int Dims, access_mode Mode> class host_accessor;

namespace detail {

// The bytes of `extent` objects of T, computed with overflow checks: a range whose bytes do not
// fit in size_t would otherwise wrap to a small block that accessors then index past. Such a
// size is errc::memory_allocation, named after `owner` (a buffer, a local accessor).
template <typename T, int Dims> std::size_t storage_bytes(const range<Dims> &extent, const char *owner) {
  std::size_t bytes;
  if (!checked_size(extent, sizeof(T), bytes))
    sycl::detail::throw_error(errc::memory_allocation,
                    std::string(owner) + ": its size in bytes does not fit in size_t");
  return bytes;
}

// The memory of one buffer, shared by all copies of the buffer object and by host accessors.
class buffer_storage : public std::enable_shared_from_this<buffer_storage> {
public:
  explicit buffer_storage(std::size_t bytes) : bytes_(bytes), owned_(true) {
    if (bytes_ != 0) {
      // Exactly the buffer's bytes, so AddressSanitizer sees its end (docs/sanitizers.md).
      if (bytes_ > SIZE_MAX - 63 || posix_memalign(&data_, 64, bytes_) != 0) data_ = nullptr;
      if (!data_) sycl::detail::throw_error(errc::memory_allocation, "cannot allocate buffer memory");
    }
  }
  // Storage that is `host_memory` itself, not owned: under property::buffer::use_host_ptr, or
  // lent (`lent`: the original bytes are kept at first use, to restore them on destruction
  // unless the data is written back to that memory).
  buffer_storage(void *host_memory, std::size_t bytes, bool lent)
      : data_(host_memory), bytes_(bytes), owned_(false), lent_(lent), written_back_here_(lent) {}
  buffer_storage(const buffer_storage &) = delete;
  buffer_storage &operator=(const buffer_storage &) = delete;
  // The last copy of the buffer is gone: its commands finish before the data is written back
  // (not at all if nothing used the memory: its host data was never read either).
  // Lent memory gets its original bytes back first (they change places with the data), and the
  // data goes to its destination after: a destination inside the lent memory that set_final_data
  // cannot recognise, such as an iterator of the vector the buffer was made over, still gets it.
  ~buffer_storage() {
    tracker.wait_all();
    const bool writes_back = used_ && write_back_ && final_data_ && data_;
    if (original_ && written_ && (!write_back_ || !written_back_here_)) {
      std::swap_ranges(static_cast<char *>(data_), static_cast<char *>(data_) + bytes_, static_cast<char *>(original_));
      if (writes_back) final_data_(original_);
    } else if (writes_back) {
      final_data_(data_);
    }
    std::free(original_);
    if (owned_) std::free(data_);
  }
  // The memory, for an accessor or command that uses it: the first use copies the host data in
  // (set_initial_data). Buffers read and write their host memory only once used, as DPC++'s
  // do: programs (and the SYCL-CTS) make buffers over host memory they never use, some larger
  // than that memory.
  void *data() const {
    std::call_once(first_use_, [this] {
      if (initial_data_ && bytes_ != 0) std::memcpy(data_, initial_data_, bytes_);
      if (lent_ && bytes_ != 0) keep_original();
      used_ = true;
    });
    return data_;
  }
  // The memory's address, without using it.
  const void *address() const { return data_; }
  void set_initial_data(const void *host_data) { initial_data_ = host_data; }
  std::size_t bytes() const { return bytes_; }
  // Where the data goes when the buffer is destroyed: a function given the buffer's memory, or
  // nothing.
  void set_final_data(std::function<void(const void *)> destination) {
    final_data_ = std::move(destination);
    written_back_here_ = false;
  }
  // The data stays where it is (the memory lent to the buffer), which is where it goes.
  void write_back_in_place() {
    final_data_ = nullptr;
    written_back_here_ = true;
  }
  void set_write_back(bool enabled) { write_back_ = enabled; }
  // A command or host accessor may write the memory. Only then does lent memory get its
  // original bytes back on destruction: a buffer that only read it has nothing to undo, and
  // another buffer over the same memory may have written its data there since (oneDPL reads and
  // writes one vector in place through two buffers).
  void note_written() { written_.store(true, std::memory_order_relaxed); }
  // handler::update_host: the data goes where it would go at destruction, now (write-back
  // disabled or not: the program asks for it).
  void update_host() const {
    if (final_data_ && data_) final_data_(data());
  }
  void keep_alive(std::shared_ptr<void> owner) { owner_ = std::move(owner); }

  // The commands that access the buffer, for ordering new ones.
  access_tracker tracker;

private:
  void keep_original() const {
    original_ = std::malloc(bytes_);
    if (!original_) sycl::detail::throw_error(errc::memory_allocation, "cannot allocate buffer memory");
    std::memcpy(original_, data_, bytes_);
  }

  void *data_ = nullptr;
  std::size_t bytes_;
  bool owned_;
  bool lent_ = false;
  // The lent memory's bytes before the buffer first used them.
  mutable void *original_ = nullptr;
  // Whether the data goes back to the lent memory itself (no other final destination was set).
  bool written_back_here_ = false;
  std::function<void(const void *)> final_data_;
  bool write_back_ = true;
  std::shared_ptr<void> owner_;
  const void *initial_data_ = nullptr;
  mutable std::once_flag first_use_;
  mutable bool used_ = false;
  std::atomic<bool> written_{false};
};

template <typename T> inline constexpr bool is_weak_ptr_v = false;
template <typename T> inline constexpr bool is_weak_ptr_v<std::weak_ptr<T>> = true;
template <typename T, typename = void> inline constexpr bool has_get_v = false;
template <typename T> inline constexpr bool has_get_v<T, std::void_t<decltype(std::declval<T &>().get())>> = true;

template <typename T, typename = void> struct is_contiguous_container : std::false_type {};
template <typename T>
struct is_contiguous_container<T, std::void_t<decltype(std::declval<T &>().data()), decltype(std::declval<T &>().size())>>
    : std::true_type {};

// The index of a sub-buffer's first element in its parent. Throws errc::invalid unless the
// sub-buffer lies inside the parent and is contiguous in memory: some dimension may be partial,
// the slower ones must then have one index and the faster ones be whole.
template <int Dims>
std::size_t sub_buffer_offset(const range<Dims> &parent, const id<Dims> &base, const range<Dims> &sub) {
  if (!fits_within(base, sub, parent) || sub.size() == 0)
    sycl::detail::throw_error(errc::invalid, "sub-buffer exceeds its parent buffer");
  int partial = 0;
  while (partial < Dims - 1 && sub[partial] == 1) ++partial;
  for (int d = partial + 1; d < Dims; ++d)
    if (sub[d] != parent[d])
      sycl::detail::throw_error(errc::invalid, "sub-buffer is not contiguous in its parent's memory");
  std::size_t offset = 0;
  for (int d = 0; d < Dims; ++d) offset = offset * parent[d] + base[d];
  return offset;
}

} // namespace detail

// SYCL 2020 4.7.2.1: the default allocator of buffers (the data here lives in the buffer's own
// aligned block; a buffer keeps its allocator for get_allocator).
template <typename T> using buffer_allocator = std::allocator<T>;

template <typename T, int Dims = 1, typename AllocatorT = buffer_allocator<std::remove_const_t<T>>> class buffer {
  static_assert(Dims >= 1 && Dims <= 3, "buffers have 1 to 3 dimensions");
  using non_const_t = std::remove_const_t<T>;
  template <typename, int, typename> friend class buffer;

public:
  NCPU_OWNER_BEFORE
  using value_type = T;
  using reference = value_type &;
  using const_reference = const value_type &;
  using allocator_type = AllocatorT;

  // Every constructor of SYCL 2020 4.7.2.1, each with and without an allocator.
  buffer(const range<Dims> &extent, const property_list &props = {}) : buffer(extent, AllocatorT(), props) {}
  buffer(const range<Dims> &extent, AllocatorT allocator, const property_list &props = {})
      : range_(extent), storage_(make_storage(extent)), allocator_(allocator), properties_(props) {}

  buffer(const T *host_data, const range<Dims> &extent, const property_list &props = {})
      : buffer(host_data, extent, AllocatorT(), props) {}
  // Read-only host data is copied at once: no write-back ties that memory to the buffer, and
  // programs reuse it (the buffers below copy theirs at first use, buffer_storage::data).
  buffer(const T *host_data, const range<Dims> &extent, AllocatorT allocator, const property_list &props = {})
      : buffer(from_host_data{}, host_data, extent, allocator, props) {
    storage_->data();
  }

  template <typename U = T, typename = std::enable_if_t<!std::is_const_v<U>>>
  buffer(U *host_data, const range<Dims> &extent, const property_list &props = {})
      : buffer(host_data, extent, AllocatorT(), props) {}
  template <typename U = T, typename = std::enable_if_t<!std::is_const_v<U>>>
  buffer(U *host_data, const range<Dims> &extent, AllocatorT allocator, const property_list &props = {})
      : buffer(from_host_data{}, host_data, extent, allocator, props, true) {}

  buffer(const std::shared_ptr<T> &host_data, const range<Dims> &extent, const property_list &props = {})
      : buffer(host_data, extent, AllocatorT(), props) {}
  buffer(const std::shared_ptr<T> &host_data, const range<Dims> &extent, AllocatorT allocator,
         const property_list &props = {})
      : buffer(from_host_data{}, host_data.get(), extent, allocator, props, !std::is_const_v<T>) {
    storage_->keep_alive(host_data);
  }
  buffer(const std::shared_ptr<T[]> &host_data, const range<Dims> &extent, const property_list &props = {})
      : buffer(host_data, extent, AllocatorT(), props) {}
  buffer(const std::shared_ptr<T[]> &host_data, const range<Dims> &extent, AllocatorT allocator,
         const property_list &props = {})
      : buffer(from_host_data{}, host_data.get(), extent, allocator, props, !std::is_const_v<T>) {
    storage_->keep_alive(host_data);
  }

  // (Not for buffers themselves: copying a non-const buffer must share it, not copy its data.)
  template <typename Container, int D = Dims,
            typename = std::enable_if_t<D == 1 && detail::is_contiguous_container<Container>::value &&
                                        !std::is_same_v<std::remove_const_t<Container>, buffer>>>
  buffer(Container &container, const property_list &props = {}) : buffer(container, AllocatorT(), props) {}
  template <typename Container, int D = Dims,
            typename = std::enable_if_t<D == 1 && detail::is_contiguous_container<Container>::value &&
                                        !std::is_same_v<std::remove_const_t<Container>, buffer>>>
  buffer(Container &container, AllocatorT allocator, const property_list &props = {})
      : buffer(from_host_data{}, container.data(), range<Dims>(container.size()), allocator, props) {
    using element = std::remove_pointer_t<decltype(container.data())>;
    if constexpr (!std::is_const_v<element>) set_final_data(container.data());
  }

  template <typename InputIterator, int D = Dims,
            typename = std::enable_if_t<D == 1 && !std::is_integral_v<InputIterator>>,
            typename = decltype(*std::declval<InputIterator>())>
  buffer(InputIterator first, InputIterator last, const property_list &props = {})
      : buffer(first, last, AllocatorT(), props) {}
  template <typename InputIterator, int D = Dims,
            typename = std::enable_if_t<D == 1 && !std::is_integral_v<InputIterator>>,
            typename = decltype(*std::declval<InputIterator>())>
  buffer(InputIterator first, InputIterator last, AllocatorT allocator, const property_list &props = {})
      : buffer(range<Dims>(static_cast<std::size_t>(std::distance(first, last))), allocator, props) {
    std::copy(first, last, static_cast<non_const_t *>(storage_->data()));
  }

  // A sub-buffer: `sub_range` elements of `parent` from `base_index`, which must be contiguous
  // in the parent's memory (SYCL 2020 4.7.2.1).
  buffer(buffer &parent, const id<Dims> &base_index, const range<Dims> &sub_range)
      : range_(sub_range), storage_(parent.storage_),
        offset_(parent.offset_ + detail::sub_buffer_offset(parent.range_, base_index, sub_range)), sub_buffer_(true),
        allocator_(parent.allocator_), properties_(parent.properties_) {}

  bool is_sub_buffer() const { return sub_buffer_; }
  range<Dims> get_range() const { return range_; }
  std::size_t size() const noexcept { return range_.size(); }
  std::size_t get_count() const { return size(); }
  std::size_t byte_size() const noexcept { return size() * sizeof(T); }
  std::size_t get_size() const { return byte_size(); }

  template <access_mode Mode = access_mode::read_write, target Target = target::device>
  accessor<T, Dims, Mode, Target, access::placeholder::false_t> get_access(handler &h) {
    return accessor<T, Dims, Mode, Target, access::placeholder::false_t>(*this, h);
  }
  template <access_mode Mode = access_mode::read_write, target Target = target::device>
  accessor<T, Dims, Mode, Target, access::placeholder::false_t> get_access(handler &h, range<Dims> extent,
                                                                           id<Dims> offset = {}) {
    return accessor<T, Dims, Mode, Target, access::placeholder::false_t>(*this, h, extent, offset);
  }
  // The deprecated host forms (SYCL 2020 4.7.2.3): the SYCL 1.2.1 host accessor, a host_accessor.
  template <access_mode Mode = access_mode::read_write, target Target = target::host_buffer,
            typename = std::enable_if_t<Target == target::host_buffer>>
  accessor<T, Dims, Mode, target::host_buffer, access::placeholder::false_t> get_access() {
    return accessor<T, Dims, Mode, target::host_buffer, access::placeholder::false_t>(*this);
  }
  template <access_mode Mode = access_mode::read_write, target Target = target::host_buffer,
            typename = std::enable_if_t<Target == target::host_buffer>>
  accessor<T, Dims, Mode, target::host_buffer, access::placeholder::false_t> get_access(range<Dims> extent,
                                                                                     id<Dims> offset = {}) {
    return accessor<T, Dims, Mode, target::host_buffer, access::placeholder::false_t>(*this, extent, offset);
  }
  // The SYCL 2020 forms: an accessor, or a host accessor, made from the buffer and `args`.
  template <typename... Ts, typename = std::enable_if_t<(sizeof...(Ts) > 0)>> auto get_access(Ts &&...args) {
    return accessor{*this, std::forward<Ts>(args)...};
  }
  template <typename... Ts> auto get_host_access(Ts &&...args) { return host_accessor{*this, std::forward<Ts>(args)...}; }

  // The write-back destination: a raw pointer, a shared_ptr or weak_ptr (written only if it still
  // points somewhere then), an output iterator, or nullptr for none.
  // The memory the buffer lends is a destination in place: nothing to copy, nothing to restore.
  template <typename Destination = std::nullptr_t> void set_final_data(Destination destination = nullptr) {
    const std::size_t count = size();
    if (static_cast<const void *>(element_address()) == destination_address(destination))
      storage_->write_back_in_place();
    else if constexpr (std::is_same_v<Destination, std::nullptr_t>)
      storage_->set_final_data(nullptr);
    else if constexpr (std::is_pointer_v<Destination>)
      storage_->set_final_data(destination ? final_copy(destination, count) : nullptr);
    else if constexpr (detail::is_weak_ptr_v<Destination>)
      storage_->set_final_data([destination, count, offset = offset_](const void *data) {
        if (auto target = destination.lock()) std::copy_n(static_cast<const non_const_t *>(data) + offset, count, target.get());
      });
    else if constexpr (detail::has_get_v<Destination>)
      storage_->set_final_data(destination ? final_copy(destination.get(), count) : nullptr);
    else
      storage_->set_final_data(final_copy(destination, count));
  }
  void set_write_back(bool enabled = true) { storage_->set_write_back(enabled); }

  allocator_type get_allocator() const { return allocator_; }
  template <typename Property> bool has_property() const noexcept { return properties_.has_property<Property>(); }
  template <typename Property> Property get_property() const { return properties_.get_property<Property>(); }

  // SYCL 2020 4.7.2.3: the same memory seen as `extent` elements of U; the byte sizes must match.
  template <typename U, int UDims>
  buffer<U, UDims, typename std::allocator_traits<AllocatorT>::template rebind_alloc<std::remove_const_t<U>>>
  reinterpret(range<UDims> extent) const {
    // errc::invalid, of the SYCL 1.2.1 class DPC++ throws here (programs catch it by that name).
    if (extent.size() * sizeof(U) != byte_size()) {
#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Wdeprecated-declarations"
      throw invalid_object_error(make_error_code(errc::invalid),
                                 "reinterpret: the new range does not have the buffer's byte size");
#pragma clang diagnostic pop
    }
    buffer<U, UDims, typename std::allocator_traits<AllocatorT>::template rebind_alloc<std::remove_const_t<U>>> result(
        extent, {}, properties_);
    result.storage_ = storage_;
    result.offset_ = offset_ * sizeof(T) / sizeof(U);
    result.sub_buffer_ = sub_buffer_;
    return result;
  }
  template <typename U, int UDims = Dims,
            typename = std::enable_if_t<(UDims == 1) || (UDims == Dims && sizeof(U) == sizeof(T))>>
  auto reinterpret() const {
    if constexpr (UDims == 1)
      return reinterpret<U>(range<1>(byte_size() / sizeof(U)));
    else
      return reinterpret<U>(range_);
  }

  friend bool operator==(const buffer &a, const buffer &b) {
    return a.storage_ == b.storage_ && a.offset_ == b.offset_ && a.range_ == b.range_ && a.sub_buffer_ == b.sub_buffer_;
  }
  friend bool operator!=(const buffer &a, const buffer &b) { return !(a == b); }

  // Not part of the SYCL interface: used by accessors.
  non_const_t *data() const { return static_cast<non_const_t *>(storage_->data()) + offset_; }
  // The first element's address, without using the memory.
  const non_const_t *element_address() const {
    return static_cast<const non_const_t *>(storage_->address()) + offset_;
  }
  // Where a final-data destination points now, if it is a pointer of some kind (else null).
  template <typename Destination> static const void *destination_address(const Destination &destination) {
    if constexpr (std::is_pointer_v<Destination>)
      return destination;
    else if constexpr (detail::is_weak_ptr_v<Destination>)
      return destination.lock().get();
    else if constexpr (detail::has_get_v<Destination>)
      return destination.get();
    else
      return nullptr;
  }
  const std::shared_ptr<detail::buffer_storage> &storage() const { return storage_; }

private:
  struct from_host_data {};
  buffer(from_host_data, const non_const_t *host_data, const range<Dims> &extent, AllocatorT allocator,
         const property_list &props, bool lend = false)
      : range_(extent), storage_(make_storage(extent, host_data, props, lend)), allocator_(allocator),
        properties_(props) {}

  // Memory for `extent` elements: `host_data` itself under property::buffer::use_host_ptr or
  // when `lend` (non-const host memory), else new memory that copies `host_data` (when there is
  // one) at its first use.
  static std::shared_ptr<detail::buffer_storage> make_storage(const range<Dims> &extent,
                                                              const non_const_t *host_data = nullptr,
                                                              const property_list &props = {}, bool lend = false) {
    const std::size_t bytes = detail::storage_bytes<T>(extent, "buffer");
    const bool use_host_ptr = props.has_property<property::buffer::use_host_ptr>();
    if (host_data && (use_host_ptr || lend))
      return std::make_shared<detail::buffer_storage>(const_cast<non_const_t *>(host_data), bytes, !use_host_ptr);
    auto storage = std::make_shared<detail::buffer_storage>(bytes);
    storage->set_initial_data(host_data);
    return storage;
  }
  // Writes this buffer's `count` elements to `destination` when the storage goes.
  template <typename OutputIterator> std::function<void(const void *)> final_copy(OutputIterator destination, std::size_t count) const {
    return [destination, count, offset = offset_](const void *data) {
      std::copy_n(static_cast<const non_const_t *>(data) + offset, count, destination);
    };
  }

  range<Dims> range_;
  std::shared_ptr<detail::buffer_storage> storage_;
  // Elements of the storage before this buffer's first one (non-zero for sub-buffers).
  std::size_t offset_ = 0;
  bool sub_buffer_ = false;
  AllocatorT allocator_;
  property_list properties_;
};

// SYCL 2020 4.7.2.1's deduction guides, each with and without an allocator.
template <typename T, int Dims> buffer(T *, const range<Dims> &, const property_list & = {}) -> buffer<T, Dims>;
template <typename T, int Dims, typename AllocatorT>
buffer(T *, const range<Dims> &, AllocatorT, const property_list & = {}) -> buffer<T, Dims, AllocatorT>;
template <typename T, int Dims> buffer(const T *, const range<Dims> &, const property_list & = {}) -> buffer<T, Dims>;
template <typename T, int Dims, typename AllocatorT>
buffer(const T *, const range<Dims> &, AllocatorT, const property_list & = {}) -> buffer<T, Dims, AllocatorT>;
template <typename Container>
buffer(Container &, const property_list & = {}) -> buffer<std::remove_pointer_t<decltype(std::declval<Container &>().data())>, 1>;
template <typename Container, typename AllocatorT>
buffer(Container &, AllocatorT, const property_list & = {})
    -> buffer<std::remove_pointer_t<decltype(std::declval<Container &>().data())>, 1, AllocatorT>;
template <typename InputIterator>
buffer(InputIterator, InputIterator, const property_list & = {})
    -> buffer<typename std::iterator_traits<InputIterator>::value_type, 1>;
template <typename InputIterator, typename AllocatorT>
buffer(InputIterator, InputIterator, AllocatorT, const property_list & = {})
    -> buffer<typename std::iterator_traits<InputIterator>::value_type, 1, AllocatorT>;

} // namespace _V1
} // namespace sycl

template <typename T, int Dims, typename AllocatorT> struct std::hash<sycl::buffer<T, Dims, AllocatorT>> {
  std::size_t operator()(const sycl::buffer<T, Dims, AllocatorT> &b) const noexcept {
    return std::hash<const void *>()(b.data());
  }
};
