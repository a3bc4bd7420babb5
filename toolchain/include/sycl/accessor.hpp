// sycl::accessor (device buffer accessors) and sycl::host_accessor (SYCL 2020 section 4.7.6).
//
// A device accessor is captured by value into kernel functors, so its layout must be the same in
// the host and the device compilation: a pointer to the buffer's memory, the buffer's range, the
// accessed sub-range (offset and range), and a plain pointer to the buffer's storage, which
// handler::require uses for placeholder accessors (made without a handler). In particular no
// reference count: a placeholder accessor does not keep its buffer alive.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <iterator>
#include <memory>
#include <type_traits>

#include "atomic.hpp"
#include "buffer.hpp"
#include "detail/accessor_declaration.hpp"
#include "detail/defines.hpp"
#include "multi_ptr.hpp"
#include "properties.hpp"
#include "range.hpp"

namespace sycl {
inline namespace _V1 {

template <access_mode Mode> struct mode_tag_t {
  explicit mode_tag_t() = default;
};
inline constexpr mode_tag_t<access_mode::read> read_only{};
inline constexpr mode_tag_t<access_mode::read_write> read_write{};
inline constexpr mode_tag_t<access_mode::write> write_only{};
// The tags of accessors for host tasks (SYCL 2020 4.7.6.9.1).
template <access_mode Mode, target Target> struct mode_target_tag_t {
  explicit mode_target_tag_t() = default;
};
inline constexpr mode_target_tag_t<access_mode::read, target::host_task> read_only_host_task{};
inline constexpr mode_target_tag_t<access_mode::read_write, target::host_task> read_write_host_task{};
inline constexpr mode_target_tag_t<access_mode::write, target::host_task> write_only_host_task{};

namespace detail {
// A new identity for each buffer accessor constructed (copies keep theirs).
inline std::uint64_t new_accessor_identity() {
  static std::atomic<std::uint64_t> last{0};
  return last.fetch_add(1, std::memory_order_relaxed) + 1;
}


// The view shared by device and host accessors.
template <typename Element, int Dims> class accessor_view {
public:
  accessor_view() = default;
  accessor_view(Element *base, const range<Dims> &memory_range, const range<Dims> &access_range,
                const id<Dims> &offset)
      : base_(base), memory_range_(memory_range), offset_(offset), access_range_(access_range) {}
  // The read-only view of the same elements (const iterators).
  template <typename E = Element, typename = std::enable_if_t<!std::is_const_v<E>>>
  operator accessor_view<const E, Dims>() const {
    return accessor_view<const E, Dims>(base_, memory_range_, access_range_, offset_);
  }

  Element &at(const id<Dims> &index) const { return base_[linearize(index + offset_, memory_range_)]; }
  range<Dims> get_range() const { return access_range_; }
  id<Dims> get_offset() const { return offset_; }
  std::size_t size() const { return access_range_.size(); }
  Element *base() const { return base_; }
  friend bool operator==(const accessor_view &a, const accessor_view &b) {
    return a.base_ == b.base_ && a.offset_ == b.offset_ && a.access_range_ == b.access_range_;
  }

private:
  Element *base_ = nullptr;
  range<Dims> memory_range_;
  id<Dims> offset_;
  range<Dims> access_range_;
};

// The iterator of accessors (SYCL 2020 4.7.6.9): random access over the accessed range's
// elements in row-major order. A ranged accessor's elements are not contiguous in the buffer, so
// it holds the view and a linear position in the accessed range.
template <typename Element, int Dims> class accessor_iterator {
public:
  using iterator_category = std::random_access_iterator_tag;
  using value_type = std::remove_const_t<Element>;
  using difference_type = std::ptrdiff_t;
  using pointer = Element *;
  using reference = Element &;

  accessor_iterator() = default;
  accessor_iterator(const accessor_view<Element, Dims> &view, std::size_t position) : view_(view), position_(position) {}

  reference operator*() const { return (*this)[0]; }
  pointer operator->() const { return &**this; }
  reference operator[](difference_type n) const {
    std::size_t linear = position_ + n;
    const range<Dims> extent = view_.get_range();
    id<Dims> index;
    for (int d = Dims - 1; d >= 0; --d) {
      index[d] = linear % extent[d];
      linear /= extent[d];
    }
    return view_.at(index);
  }
  accessor_iterator &operator+=(difference_type n) {
    position_ += n;
    return *this;
  }
  accessor_iterator &operator-=(difference_type n) { return *this += -n; }
  accessor_iterator &operator++() { return *this += 1; }
  accessor_iterator &operator--() { return *this -= 1; }
  accessor_iterator operator++(int) {
    accessor_iterator old = *this;
    ++*this;
    return old;
  }
  accessor_iterator operator--(int) {
    accessor_iterator old = *this;
    --*this;
    return old;
  }
  friend accessor_iterator operator+(accessor_iterator it, difference_type n) { return it += n; }
  friend accessor_iterator operator+(difference_type n, accessor_iterator it) { return it += n; }
  friend accessor_iterator operator-(accessor_iterator it, difference_type n) { return it -= n; }
  friend difference_type operator-(const accessor_iterator &a, const accessor_iterator &b) {
    return difference_type(a.position_) - difference_type(b.position_);
  }
  friend bool operator==(const accessor_iterator &a, const accessor_iterator &b) { return a.position_ == b.position_; }
  friend bool operator!=(const accessor_iterator &a, const accessor_iterator &b) { return a.position_ != b.position_; }
  friend bool operator<(const accessor_iterator &a, const accessor_iterator &b) { return a.position_ < b.position_; }
  friend bool operator>(const accessor_iterator &a, const accessor_iterator &b) { return a.position_ > b.position_; }
  friend bool operator<=(const accessor_iterator &a, const accessor_iterator &b) { return a.position_ <= b.position_; }
  friend bool operator>=(const accessor_iterator &a, const accessor_iterator &b) { return a.position_ >= b.position_; }

private:
  accessor_view<Element, Dims> view_;
  std::size_t position_ = 0;
};

// begin/end and their const and reverse forms, for an accessor class with a `view_` member.
#define NCPU_ACCESSOR_ITERATORS(element)                                                            \
  using iterator = detail::accessor_iterator<element, D>;                                           \
  using const_iterator = detail::accessor_iterator<const element, D>;                               \
  using reverse_iterator = std::reverse_iterator<iterator>;                                         \
  using const_reverse_iterator = std::reverse_iterator<const_iterator>;                             \
  iterator begin() const noexcept { return iterator(view_, 0); }                                    \
  iterator end() const noexcept { return iterator(view_, view_.size()); }                           \
  const_iterator cbegin() const noexcept { return const_iterator(view_, 0); }                       \
  const_iterator cend() const noexcept { return const_iterator(view_, view_.size()); }              \
  reverse_iterator rbegin() const noexcept { return reverse_iterator(end()); }                      \
  reverse_iterator rend() const noexcept { return reverse_iterator(begin()); }                      \
  const_reverse_iterator crbegin() const noexcept { return const_reverse_iterator(cend()); }        \
  const_reverse_iterator crend() const noexcept { return const_reverse_iterator(cbegin()); }

// The queries of the range an accessor class with a `view_` member sees, with SYCL 1.2.1's
// get_count and get_size that SYCL 2020 deprecates (DPC++'s host accessors have them too).
#define NCPU_ACCESSOR_VIEW_QUERIES(DataT)                                                          \
  range<D> get_range() const { return view_.get_range(); }                                          \
  id<D> get_offset() const { return view_.get_offset(); }                                           \
  std::size_t size() const noexcept { return view_.size(); }                                        \
  std::size_t max_size() const noexcept { return size(); }                                          \
  bool empty() const noexcept { return size() == 0; }                                               \
  std::size_t byte_size() const noexcept { return size() * sizeof(DataT); }                         \
  std::size_t get_count() const { return size(); }                                                  \
  std::size_t get_size() const { return byte_size(); }

// `acc[i][j][k]`: each subscript fixes one more dimension.
template <typename Accessor, int Dims, int Level> class subscript {
public:
  subscript(const Accessor &accessor, const id<Dims> &index) : accessor_(accessor), index_(index) {}
  decltype(auto) operator[](std::size_t i) const {
    id<Dims> next = index_;
    next[Level] = i;
    if constexpr (Level + 1 == Dims)
      return accessor_[next];
    else
      return subscript<Accessor, Dims, Level + 1>(accessor_, next);
  }

private:
  const Accessor &accessor_;
  id<Dims> index_;
};

template <typename DataT, access_mode Mode>
using accessor_element = std::conditional_t<Mode == access_mode::read, const DataT, DataT>;

// A 0-dimensional accessor reaches one element, the first of a one-dimensional buffer (or one
// element of local memory): it is built on the one-dimensional view, whose dimension its
// constructors' buffers, ranges and ids have.
template <int Dims> inline constexpr int view_dims = Dims == 0 ? 1 : Dims;

// The implicit conversions between accessors of one element type (SYCL 2020 4.7.6.9.2 and
// 4.7.6.10): a read accessor of DataT and one of const DataT into each other, and a read_write
// accessor of DataT into a read accessor of const DataT.
template <typename From, access_mode FromMode, typename To, access_mode ToMode>
inline constexpr bool accessor_converts_v =
    std::is_same_v<std::remove_const_t<From>, std::remove_const_t<To>> && ToMode == access_mode::read &&
    ((FromMode == access_mode::read && !std::is_same_v<From, To>) ||
     (FromMode == access_mode::read_write && std::is_const_v<To> && !std::is_const_v<From>));

// The elements an accessor of the whole `extent` reaches: all of them, or the first one (none
// of an empty buffer: the accessor is then empty).
template <int Dims> range<view_dims<Dims>> reached_range(const range<view_dims<Dims>> &extent) {
  if constexpr (Dims == 0)
    return range<1>(extent[0] == 0 ? 0 : 1);
  else
    return extent;
}

// Steps `index` to the next index of `extent` in row-major order (the last dimension fastest);
// false, with `index` back at zero, after the last one.
template <int Dims> bool next_index(id<Dims> &index, const range<Dims> &extent) {
  int d = Dims - 1;
  while (d >= 0 && ++index[d] == extent[d]) index[d--] = 0;
  return d >= 0;
}

// Calls `f(index)` for every index of `extent`, in row-major order (host copies).
template <int Dims, typename F> void for_each_index(const range<Dims> &extent, F f) {
  if (extent.size() == 0) return;
  id<Dims> index;
  do
    f(index);
  while (next_index(index, extent));
}

// Records that the command group of `h` accesses `storage` (defined with the handler).
void require(handler &h, const std::shared_ptr<buffer_storage> &storage, bool writes);

template <int Dims> void check_sub_range(const range<Dims> &buffer_range, const range<Dims> &access_range,
                                         const id<Dims> &offset) {
  if (!fits_within(offset, access_range, buffer_range))
    sycl::detail::throw_error(errc::invalid, "accessor range exceeds the buffer's range");
}

// no_init discards the buffer's contents, which a read-only accessor would then read: SYCL 2020
// 4.7.6.4 makes that combination errc::invalid, for accessors and host accessors alike.
template <access_mode Mode> void check_no_init(const property_list &props) {
  if (Mode == access_mode::read && props.has_property<property::no_init>())
    sycl::detail::throw_error(errc::invalid, "property::no_init with access_mode::read");
}

} // namespace detail

template <typename DataT, int Dims, access_mode Mode, target Target, access::placeholder P, typename PropertyListT>
class accessor {
  static_assert(Dims >= 0 && Dims <= 3, "accessors have 0 to 3 dimensions");
  using element = detail::accessor_element<std::remove_const_t<DataT>, Mode>;
  static constexpr int D = detail::view_dims<Dims>;

public:
  NCPU_OWNER_BEFORE
  using value_type = element;
  using reference = element &;
  using const_reference = const DataT &;
  template <access::decorated IsDecorated>
  using accessor_ptr = multi_ptr<element, access::address_space::global_space, IsDecorated>;
  using difference_type = std::ptrdiff_t;
  using size_type = std::size_t;
  static constexpr int dimensions = Dims;

  accessor() = default;
  template <typename OtherT, access_mode OtherMode,
            typename = std::enable_if_t<detail::accessor_converts_v<OtherT, OtherMode, DataT, Mode>>>
  accessor(const accessor<OtherT, Dims, OtherMode, Target, P> &other)
      : view_(other.view_), storage_(other.storage_), identity_(other.identity_), placeholder_(other.placeholder_),
        no_init_(other.no_init_) {}

  template <typename T, typename AllocatorT>
  accessor(buffer<T, D, AllocatorT> &buf, handler &h, const property_list &props = {})
      : accessor(buf, h, detail::reached_range<Dims>(buf.get_range()), id<D>(), props) {}
  template <typename T, typename AllocatorT, access_mode TagMode>
  accessor(buffer<T, D, AllocatorT> &buf, handler &h, mode_tag_t<TagMode>, const property_list &props = {})
      : accessor(buf, h, props) {}
  template <typename T, typename AllocatorT, access_mode TagMode, target TagTarget>
  accessor(buffer<T, D, AllocatorT> &buf, handler &h, mode_target_tag_t<TagMode, TagTarget>,
           const property_list &props = {})
      : accessor(buf, h, props) {}
  template <typename T, typename AllocatorT>
  accessor(buffer<T, D, AllocatorT> &buf, handler &h, range<D> access_range, const property_list &props = {})
      : accessor(buf, h, access_range, id<D>(), props) {}
  template <typename T, typename AllocatorT, access_mode TagMode>
  accessor(buffer<T, D, AllocatorT> &buf, handler &h, range<D> access_range, mode_tag_t<TagMode>,
           const property_list &props = {})
      : accessor(buf, h, access_range, id<D>(), props) {}
  template <typename T, typename AllocatorT, access_mode TagMode, target TagTarget>
  accessor(buffer<T, D, AllocatorT> &buf, handler &h, range<D> access_range, mode_target_tag_t<TagMode, TagTarget>,
           const property_list &props = {})
      : accessor(buf, h, access_range, id<D>(), props) {}
  // Every constructor with a handler ends here: the command group now depends on the buffer's
  // earlier commands.
  template <typename T, typename AllocatorT>
  accessor(buffer<T, D, AllocatorT> &buf, handler &h, range<D> access_range, id<D> offset,
           const property_list &props = {})
      : accessor(buf, access_range, offset, props) {
    placeholder_ = false;
    detail::require(h, buf.storage(), Mode != access_mode::read);
  }
  // Placeholder accessors: bound to a command group later by handler::require.
  template <typename T, typename AllocatorT>
  accessor(buffer<T, D, AllocatorT> &buf, const property_list &props = {})
      : accessor(buf, detail::reached_range<Dims>(buf.get_range()), id<D>(), props) {}
  template <typename T, typename AllocatorT, access_mode TagMode>
  accessor(buffer<T, D, AllocatorT> &buf, mode_tag_t<TagMode>, const property_list &props = {})
      : accessor(buf, props) {}
  template <typename T, typename AllocatorT, access_mode TagMode, target TagTarget>
  accessor(buffer<T, D, AllocatorT> &buf, mode_target_tag_t<TagMode, TagTarget>, const property_list &props = {})
      : accessor(buf, props) {}
  template <typename T, typename AllocatorT, access_mode TagMode, target TagTarget>
  accessor(buffer<T, D, AllocatorT> &buf, range<D> access_range, mode_target_tag_t<TagMode, TagTarget>,
           const property_list &props = {})
      : accessor(buf, access_range, id<D>(), props) {}
  template <typename T, typename AllocatorT, access_mode TagMode, target TagTarget>
  accessor(buffer<T, D, AllocatorT> &buf, range<D> access_range, id<D> offset, mode_target_tag_t<TagMode, TagTarget>,
           const property_list &props = {})
      : accessor(buf, access_range, offset, props) {}
  template <typename T, typename AllocatorT>
  accessor(buffer<T, D, AllocatorT> &buf, range<D> access_range, const property_list &props = {})
      : accessor(buf, access_range, id<D>(), props) {}
  template <typename T, typename AllocatorT, access_mode TagMode>
  accessor(buffer<T, D, AllocatorT> &buf, range<D> access_range, mode_tag_t<TagMode>,
           const property_list &props = {})
      : accessor(buf, access_range, id<D>(), props) {}
  template <typename T, typename AllocatorT, access_mode TagMode>
  accessor(buffer<T, D, AllocatorT> &buf, range<D> access_range, id<D> offset, mode_tag_t<TagMode>,
           const property_list &props = {})
      : accessor(buf, access_range, offset, props) {}
  template <typename T, typename AllocatorT>
  accessor(buffer<T, D, AllocatorT> &buf, range<D> access_range, id<D> offset, const property_list &props = {})
      : view_(buf.data(), buf.get_range(), access_range, offset), storage_(buf.storage().get()),
        identity_(detail::new_accessor_identity()), no_init_(props.has_property<property::no_init>()) {
    detail::check_sub_range(buf.get_range(), access_range, offset);
    detail::check_no_init<Mode>(props);
  }
  template <typename T, typename AllocatorT, access_mode TagMode>
  accessor(buffer<T, D, AllocatorT> &buf, handler &h, range<D> access_range, id<D> offset,
           mode_tag_t<TagMode>, const property_list &props = {})
      : accessor(buf, h, access_range, offset, props) {}
  template <typename T, typename AllocatorT, access_mode TagMode, target TagTarget>
  accessor(buffer<T, D, AllocatorT> &buf, handler &h, range<D> access_range, id<D> offset,
           mode_target_tag_t<TagMode, TagTarget>, const property_list &props = {})
      : accessor(buf, h, access_range, offset, props) {}

  // An element, or in access::mode::atomic a sycl::atomic of it (atomic.hpp).
  decltype(auto) operator[](const id<D> &index) const {
    if constexpr (Mode == access_mode::atomic)
      return atomic<DataT>(multi_ptr<DataT, access::address_space::global_space>(&view_.at(index)));
    else
      return view_.at(index);
  }
  template <int Dimensions = Dims, typename = std::enable_if_t<Dimensions == 1>>
  decltype(auto) operator[](std::size_t index) const {
    return (*this)[id<1>(index)];
  }
  template <int Dimensions = Dims, typename = std::enable_if_t<(Dimensions > 1)>>
  auto operator[](std::size_t index) const {
    return detail::subscript<accessor, Dims, 0>(*this, id<Dims>())[index];
  }
  // A 0-dimensional accessor is its element.
  template <int Dimensions = Dims, typename = std::enable_if_t<Dimensions == 0>> operator reference() const {
    return view_.at(id<1>());
  }
  template <int Dimensions = Dims, typename = std::enable_if_t<Dimensions == 0 && Mode != access_mode::read>>
  const accessor &operator=(const value_type &value) const {
    view_.at(id<1>()) = value;
    return *this;
  }

  NCPU_ACCESSOR_VIEW_QUERIES(DataT)
  bool is_placeholder() const { return placeholder_; }
  void swap(accessor &other) { std::swap(*this, other); }
  // The property interface (SYCL 2020 4.5.4.3). An accessor's one property is no_init; it is
  // kept as a flag rather than a property_list, which a kernel could not capture.
  template <typename Property> bool has_property() const noexcept {
    return std::is_same_v<Property, property::no_init> && no_init_;
  }
  template <typename Property> Property get_property() const {
    if constexpr (std::is_same_v<Property, property::no_init>)
      if (no_init_) return property::no_init{};
    sycl::detail::throw_error(errc::invalid, "The property is not found: the accessor was not made with it");
  }
  // Reference semantics (SYCL 2020 4.5.2): copies of one accessor are equal.
  friend bool operator==(const accessor &a, const accessor &b) { return a.view_ == b.view_; }
  friend bool operator!=(const accessor &a, const accessor &b) { return !(a == b); }
  // The deprecated pointer of SYCL 2020 4.7.6.9: constant_ptr for a constant-buffer accessor,
  // global_ptr for the other device ones (both convert to the element pointer), and the element
  // pointer itself for a host task's accessor, which is host memory.
  auto get_pointer() const noexcept {
    if constexpr (Target == target::constant_buffer)
      return constant_ptr<std::remove_const_t<DataT>>(const_cast<std::remove_const_t<DataT> *>(view_.base()));
    else if constexpr (Target == target::host_task)
      return view_.base();
    else
      return global_ptr<element, access::decorated::legacy>(view_.base());
  }
  // The start of the buffer's memory, also for a ranged accessor (SYCL 2020 4.7.6.9).
  template <access::decorated IsDecorated = access::decorated::no>
  multi_ptr<element, access::address_space::global_space, IsDecorated> get_multi_ptr() const noexcept {
    return multi_ptr<element, access::address_space::global_space, IsDecorated>(view_.base());
  }

  NCPU_ACCESSOR_ITERATORS(element)

  // Not part of the SYCL interface: what handler::require registers.
  detail::buffer_storage *storage() const { return storage_; }

private:
  template <typename, int, access_mode, target, access::placeholder, typename> friend class accessor;
  detail::accessor_view<element, D> view_;
  detail::buffer_storage *storage_ = nullptr;
  // Which construction this accessor is a copy of (0: default-constructed), for the owner order
  // of weak objects (docs/dpcpp-headers.md, "Weak objects").
  std::uint64_t identity_ = 0;
  bool placeholder_ = true;
  bool no_init_ = false;
};

template <typename T, int Dims, typename A>
accessor(buffer<T, Dims, A> &, handler &, const property_list & = {}) -> accessor<T, Dims, access_mode::read_write>;
template <typename T, int Dims, typename A>
accessor(buffer<T, Dims, A> &, const property_list & = {}) -> accessor<T, Dims, access_mode::read_write>;
template <typename T, int Dims, typename A, access_mode M>
accessor(buffer<T, Dims, A> &, mode_tag_t<M>, const property_list & = {}) -> accessor<T, Dims, M>;
template <typename T, int Dims, typename A, access_mode M>
accessor(buffer<T, Dims, A> &, handler &, mode_tag_t<M>, const property_list & = {}) -> accessor<T, Dims, M>;
template <typename T, int Dims, typename A>
accessor(buffer<T, Dims, A> &, handler &, range<Dims>, const property_list & = {})
    -> accessor<T, Dims, access_mode::read_write>;
template <typename T, int Dims, typename A, access_mode M>
accessor(buffer<T, Dims, A> &, handler &, range<Dims>, mode_tag_t<M>, const property_list & = {})
    -> accessor<T, Dims, M>;
template <typename T, int Dims, typename A>
accessor(buffer<T, Dims, A> &, handler &, range<Dims>, id<Dims>, const property_list & = {})
    -> accessor<T, Dims, access_mode::read_write>;
template <typename T, int Dims, typename A, access_mode M>
accessor(buffer<T, Dims, A> &, handler &, range<Dims>, id<Dims>, mode_tag_t<M>, const property_list & = {})
    -> accessor<T, Dims, M>;
template <typename T, int Dims, typename A, access_mode M, target Target>
accessor(buffer<T, Dims, A> &, handler &, mode_target_tag_t<M, Target>, const property_list & = {})
    -> accessor<T, Dims, M, Target>;
template <typename T, int Dims, typename A, access_mode M, target Target>
accessor(buffer<T, Dims, A> &, handler &, range<Dims>, mode_target_tag_t<M, Target>, const property_list & = {})
    -> accessor<T, Dims, M, Target>;
template <typename T, int Dims, typename A, access_mode M, target Target>
accessor(buffer<T, Dims, A> &, handler &, range<Dims>, id<Dims>, mode_target_tag_t<M, Target>,
         const property_list & = {}) -> accessor<T, Dims, M, Target>;
template <typename T, int Dims, typename A, access_mode M, target Target>
accessor(buffer<T, Dims, A> &, mode_target_tag_t<M, Target>, const property_list & = {})
    -> accessor<T, Dims, M, Target>;
template <typename T, int Dims, typename A, access_mode M, target Target>
accessor(buffer<T, Dims, A> &, range<Dims>, mode_target_tag_t<M, Target>, const property_list & = {})
    -> accessor<T, Dims, M, Target>;
template <typename T, int Dims, typename A, access_mode M, target Target>
accessor(buffer<T, Dims, A> &, range<Dims>, id<Dims>, mode_target_tag_t<M, Target>, const property_list & = {})
    -> accessor<T, Dims, M, Target>;
// Placeholders over a sub-range.
template <typename T, int Dims, typename A>
accessor(buffer<T, Dims, A> &, range<Dims>, const property_list & = {}) -> accessor<T, Dims, access_mode::read_write>;
template <typename T, int Dims, typename A, access_mode M>
accessor(buffer<T, Dims, A> &, range<Dims>, mode_tag_t<M>, const property_list & = {}) -> accessor<T, Dims, M>;
template <typename T, int Dims, typename A>
accessor(buffer<T, Dims, A> &, range<Dims>, id<Dims>, const property_list & = {})
    -> accessor<T, Dims, access_mode::read_write>;
template <typename T, int Dims, typename A, access_mode M>
accessor(buffer<T, Dims, A> &, range<Dims>, id<Dims>, mode_tag_t<M>, const property_list & = {}) -> accessor<T, Dims, M>;

template <typename DataT, int Dims = 1,
          access_mode Mode = (std::is_const_v<DataT> ? access_mode::read : access_mode::read_write)>
class host_accessor {
  static_assert(Dims >= 0 && Dims <= 3, "accessors have 0 to 3 dimensions");
  using element = detail::accessor_element<std::remove_const_t<DataT>, Mode>;
  static constexpr int D = detail::view_dims<Dims>;

public:
  NCPU_OWNER_BEFORE
  using value_type = element;
  using reference = element &;
  using const_reference = const DataT &;
  using difference_type = std::ptrdiff_t;
  using size_type = std::size_t;
  static constexpr int dimensions = Dims;

  // An empty accessor, of no buffer.
  host_accessor() = default;
  // Another view of the same access (the implicit conversions of detail::accessor_converts_v).
  template <typename OtherT, access_mode OtherMode,
            typename = std::enable_if_t<detail::accessor_converts_v<OtherT, OtherMode, DataT, Mode>>>
  host_accessor(const host_accessor<OtherT, Dims, OtherMode> &other)
      : storage_(other.storage_), access_(other.access_), view_(other.view_), properties_(other.properties_) {}
  // Host accessors wait for the buffer's commands (the writer, and for a write the readers too)
  // and hold back the commands submitted after them until their last copy is destroyed.
  template <typename T, typename AllocatorT>
  host_accessor(buffer<T, D, AllocatorT> &buf, const property_list &props = {})
      : host_accessor(buf, detail::reached_range<Dims>(buf.get_range()), id<D>(), props) {}
  template <typename T, typename AllocatorT, access_mode TagMode>
  host_accessor(buffer<T, D, AllocatorT> &buf, mode_tag_t<TagMode>, const property_list &props = {})
      : host_accessor(buf, props) {}
  template <typename T, typename AllocatorT>
  host_accessor(buffer<T, D, AllocatorT> &buf, range<D> access_range, const property_list &props = {})
      : host_accessor(buf, access_range, id<D>(), props) {}
  template <typename T, typename AllocatorT>
  host_accessor(buffer<T, D, AllocatorT> &buf, range<D> access_range, id<D> offset, const property_list &props = {})
      : storage_(buf.storage()), view_(buf.data(), buf.get_range(), access_range, offset), properties_(props) {
    detail::check_sub_range(buf.get_range(), access_range, offset);
    detail::check_no_init<Mode>(props);
    if constexpr (Mode != access_mode::read) storage_->note_written();
    access_ = std::make_shared<detail::host_access>(storage_->tracker, Mode != access_mode::read);
  }
  template <typename T, typename AllocatorT, access_mode TagMode>
  host_accessor(buffer<T, D, AllocatorT> &buf, range<D> access_range, mode_tag_t<TagMode>,
                const property_list &props = {})
      : host_accessor(buf, access_range, id<D>(), props) {}
  template <typename T, typename AllocatorT, access_mode TagMode>
  host_accessor(buffer<T, D, AllocatorT> &buf, range<D> access_range, id<D> offset, mode_tag_t<TagMode>,
                const property_list &props = {})
      : host_accessor(buf, access_range, offset, props) {}
  // With a handler (DPC++'s forms, which buffer::get_host_access(handler &, …) gives): an
  // accessor of the command group for its host task, ordered like the command group's other
  // accessors instead of waiting and holding back commands itself.
  template <typename T, typename AllocatorT>
  host_accessor(buffer<T, D, AllocatorT> &buf, handler &h, const property_list &props = {})
      : host_accessor(buf, h, detail::reached_range<Dims>(buf.get_range()), id<D>(), props) {}
  template <typename T, typename AllocatorT, access_mode TagMode>
  host_accessor(buffer<T, D, AllocatorT> &buf, handler &h, mode_tag_t<TagMode>, const property_list &props = {})
      : host_accessor(buf, h, props) {}
  template <typename T, typename AllocatorT>
  host_accessor(buffer<T, D, AllocatorT> &buf, handler &h, range<D> access_range, const property_list &props = {})
      : host_accessor(buf, h, access_range, id<D>(), props) {}
  template <typename T, typename AllocatorT, access_mode TagMode>
  host_accessor(buffer<T, D, AllocatorT> &buf, handler &h, range<D> access_range, mode_tag_t<TagMode>,
                const property_list &props = {})
      : host_accessor(buf, h, access_range, id<D>(), props) {}
  template <typename T, typename AllocatorT, access_mode TagMode>
  host_accessor(buffer<T, D, AllocatorT> &buf, handler &h, range<D> access_range, id<D> offset, mode_tag_t<TagMode>,
                const property_list &props = {})
      : host_accessor(buf, h, access_range, offset, props) {}
  template <typename T, typename AllocatorT>
  host_accessor(buffer<T, D, AllocatorT> &buf, handler &h, range<D> access_range, id<D> offset,
                const property_list &props = {})
      : storage_(buf.storage()), view_(buf.data(), buf.get_range(), access_range, offset), properties_(props) {
    detail::check_sub_range(buf.get_range(), access_range, offset);
    detail::check_no_init<Mode>(props);
    detail::require(h, buf.storage(), Mode != access_mode::read);
  }

  reference operator[](const id<D> &index) const {
    return view_.at(index);
  }
  template <int Dimensions = Dims, typename = std::enable_if_t<Dimensions == 1>>
  reference operator[](std::size_t index) const {
    return view_.at(id<1>(index));
  }
  template <int Dimensions = Dims, typename = std::enable_if_t<(Dimensions > 1)>>
  auto operator[](std::size_t index) const {
    return detail::subscript<host_accessor, Dims, 0>(*this, id<Dims>())[index];
  }
  // A 0-dimensional accessor is its element.
  template <int Dimensions = Dims, typename = std::enable_if_t<Dimensions == 0>> operator reference() const {
    return view_.at(id<1>());
  }
  template <int Dimensions = Dims, typename = std::enable_if_t<Dimensions == 0 && Mode != access_mode::read>>
  const host_accessor &operator=(const value_type &value) const {
    view_.at(id<1>()) = value;
    return *this;
  }
  NCPU_ACCESSOR_VIEW_QUERIES(DataT)
  void swap(host_accessor &other) { std::swap(*this, other); }
  friend bool operator==(const host_accessor &a, const host_accessor &b) { return a.view_ == b.view_; }
  friend bool operator!=(const host_accessor &a, const host_accessor &b) { return !(a == b); }
  template <typename Property> bool has_property() const noexcept { return properties_.has_property<Property>(); }
  template <typename Property> Property get_property() const { return properties_.get_property<Property>(); }
  element *get_pointer() const { return view_.base(); }
  NCPU_ACCESSOR_ITERATORS(element)

private:
  template <typename, int, access_mode> friend class host_accessor;
  std::shared_ptr<detail::buffer_storage> storage_;
  std::shared_ptr<detail::host_access> access_;
  detail::accessor_view<element, D> view_;
  property_list properties_;
};

template <typename T, int Dims, typename A>
host_accessor(buffer<T, Dims, A> &, const property_list & = {}) -> host_accessor<T, Dims, access_mode::read_write>;
template <typename T, int Dims, typename A, access_mode M>
host_accessor(buffer<T, Dims, A> &, mode_tag_t<M>, const property_list & = {}) -> host_accessor<T, Dims, M>;
template <typename T, int Dims, typename A>
host_accessor(buffer<T, Dims, A> &, range<Dims>, const property_list & = {})
    -> host_accessor<T, Dims, access_mode::read_write>;
template <typename T, int Dims, typename A>
host_accessor(buffer<T, Dims, A> &, range<Dims>, id<Dims>, const property_list & = {})
    -> host_accessor<T, Dims, access_mode::read_write>;
template <typename T, int Dims, typename A, access_mode M>
host_accessor(buffer<T, Dims, A> &, range<Dims>, mode_tag_t<M>, const property_list & = {})
    -> host_accessor<T, Dims, M>;
template <typename T, int Dims, typename A, access_mode M>
host_accessor(buffer<T, Dims, A> &, range<Dims>, id<Dims>, mode_tag_t<M>, const property_list & = {})
    -> host_accessor<T, Dims, M>;
template <typename T, int Dims, typename A>
host_accessor(buffer<T, Dims, A> &, handler &, const property_list & = {})
    -> host_accessor<T, Dims, access_mode::read_write>;
template <typename T, int Dims, typename A, access_mode M>
host_accessor(buffer<T, Dims, A> &, handler &, mode_tag_t<M>, const property_list & = {}) -> host_accessor<T, Dims, M>;
template <typename T, int Dims, typename A>
host_accessor(buffer<T, Dims, A> &, handler &, range<Dims>, const property_list & = {})
    -> host_accessor<T, Dims, access_mode::read_write>;
template <typename T, int Dims, typename A, access_mode M>
host_accessor(buffer<T, Dims, A> &, handler &, range<Dims>, mode_tag_t<M>, const property_list & = {})
    -> host_accessor<T, Dims, M>;
template <typename T, int Dims, typename A>
host_accessor(buffer<T, Dims, A> &, handler &, range<Dims>, id<Dims>, const property_list & = {})
    -> host_accessor<T, Dims, access_mode::read_write>;
template <typename T, int Dims, typename A, access_mode M>
host_accessor(buffer<T, Dims, A> &, handler &, range<Dims>, id<Dims>, mode_tag_t<M>, const property_list & = {})
    -> host_accessor<T, Dims, M>;

// The SYCL 1.2.1 host accessor, accessor<…, target::host_buffer> (deprecated in SYCL 2020 for
// host_accessor, 4.7.6.10), which buffer::get_access<Mode, target::host_buffer>() returns, is a
// host_accessor.
template <typename DataT, int Dims, access_mode Mode, access::placeholder P>
class accessor<DataT, Dims, Mode, target::host_buffer, P> : public host_accessor<DataT, Dims, Mode> {
public:
  using host_accessor<DataT, Dims, Mode>::host_accessor;
  // DPC++'s host_accessor is this accessor's derived class, so programs write
  // `sycl::accessor a = buffer.get_host_access();` (the guide below).
  accessor(const host_accessor<DataT, Dims, Mode> &other) : host_accessor<DataT, Dims, Mode>(other) {}
  // A host accessor is never a placeholder: it has its memory from construction on.
  bool is_placeholder() const noexcept { return false; }
};
template <typename T, int Dims, access_mode M>
accessor(host_accessor<T, Dims, M>) -> accessor<T, Dims, M, target::host_buffer>;

#undef NCPU_ACCESSOR_ITERATORS
#undef NCPU_ACCESSOR_VIEW_QUERIES

} // namespace _V1
} // namespace sycl

// Equal accessors (copies) hash alike: by their buffer's memory (get_pointer is a raw pointer or
// a multi_ptr, which converts to one).
template <typename DataT, int Dims, sycl::access_mode Mode, sycl::target Target, sycl::access::placeholder P>
struct std::hash<sycl::accessor<DataT, Dims, Mode, Target, P>> {
  std::size_t operator()(const sycl::accessor<DataT, Dims, Mode, Target, P> &a) const noexcept {
    return std::hash<const void *>()(static_cast<const void *>(a.get_pointer()));
  }
};
template <typename DataT, int Dims, sycl::access_mode Mode> struct std::hash<sycl::host_accessor<DataT, Dims, Mode>> {
  std::size_t operator()(const sycl::host_accessor<DataT, Dims, Mode> &a) const noexcept {
    return std::hash<const void *>()(a.get_pointer());
  }
};
