// sycl::span (SYCL 2020 section 4.14.4): C++20's std::span for C++17 programs, a view of a
// contiguous sequence; trivially copyable, so kernels can capture it. The extent is checked only
// where it is static and known at compile time.
#pragma once

#include <array>
#include <cstddef>
#include <iterator>
#include <limits>
#include <type_traits>

#include "detail/defines.hpp"

namespace sycl {
inline namespace _V1 {

inline constexpr std::size_t dynamic_extent = std::numeric_limits<std::size_t>::max();

template <typename ElementType, std::size_t Extent = dynamic_extent> class span {
  template <typename U> static constexpr bool convertible_v = std::is_convertible_v<U (*)[], ElementType (*)[]>;
  template <typename C>
  using container_element_t = std::remove_pointer_t<decltype(std::data(std::declval<C &>()))>;

public:
  using element_type = ElementType;
  using value_type = std::remove_cv_t<ElementType>;
  using size_type = std::size_t;
  using difference_type = std::ptrdiff_t;
  using pointer = ElementType *;
  using const_pointer = const ElementType *;
  using reference = ElementType &;
  using const_reference = const ElementType &;
  using iterator = pointer;
  using reverse_iterator = std::reverse_iterator<iterator>;
  static constexpr size_type extent = Extent;

  template <std::size_t E = Extent, typename = std::enable_if_t<E == 0 || E == dynamic_extent>>
  constexpr span() noexcept {}
  constexpr span(pointer first, size_type count) : data_(first), size_(count) {}
  constexpr span(pointer first, pointer last) : data_(first), size_(size_type(last - first)) {}
  template <std::size_t N, typename = std::enable_if_t<Extent == dynamic_extent || Extent == N>>
  constexpr span(element_type (&array)[N]) noexcept : data_(array), size_(N) {}
  template <typename Container, typename = std::enable_if_t<!std::is_array_v<Container> &&
                                                            convertible_v<container_element_t<Container>>>,
            typename = decltype(std::size(std::declval<Container &>()))>
  constexpr span(Container &container) : data_(std::data(container)), size_(std::size(container)) {}
  template <typename U, std::size_t N,
            typename = std::enable_if_t<(Extent == dynamic_extent || Extent == N) && convertible_v<U>>>
  constexpr span(const span<U, N> &other) noexcept : data_(other.data()), size_(other.size()) {}

  constexpr iterator begin() const noexcept { return data_; }
  constexpr iterator end() const noexcept { return data_ + size_; }
  constexpr reverse_iterator rbegin() const noexcept { return reverse_iterator(end()); }
  constexpr reverse_iterator rend() const noexcept { return reverse_iterator(begin()); }
  constexpr reference front() const { return data_[0]; }
  constexpr reference back() const { return data_[size_ - 1]; }
  constexpr reference operator[](size_type index) const { return data_[index]; }
  constexpr pointer data() const noexcept { return data_; }
  constexpr size_type size() const noexcept { return size_; }
  constexpr size_type size_bytes() const noexcept { return size_ * sizeof(element_type); }
  [[nodiscard]] constexpr bool empty() const noexcept { return size_ == 0; }

  template <std::size_t Count> constexpr span<element_type, Count> first() const { return {data_, Count}; }
  constexpr span<element_type> first(size_type count) const { return {data_, count}; }
  template <std::size_t Count> constexpr span<element_type, Count> last() const {
    return {data_ + (size_ - Count), Count};
  }
  constexpr span<element_type> last(size_type count) const { return {data_ + (size_ - count), count}; }
  template <std::size_t Offset, std::size_t Count = dynamic_extent>
  constexpr span<element_type, Count> subspan() const {
    return {data_ + Offset, Count == dynamic_extent ? size_ - Offset : Count};
  }
  constexpr span<element_type> subspan(size_type offset, size_type count = dynamic_extent) const {
    return {data_ + offset, count == dynamic_extent ? size_ - offset : count};
  }

private:
  pointer data_ = nullptr;
  size_type size_ = 0;
};

template <typename T, std::size_t N> span(T (&)[N]) -> span<T, N>;
template <typename T, std::size_t N> span(std::array<T, N> &) -> span<T, N>;
template <typename T, std::size_t N> span(const std::array<T, N> &) -> span<const T, N>;
template <typename Container>
span(Container &) -> span<std::remove_pointer_t<decltype(std::data(std::declval<Container &>()))>>;

template <typename T, std::size_t N> span<const std::byte> as_bytes(span<T, N> s) noexcept {
  return {reinterpret_cast<const std::byte *>(s.data()), s.size_bytes()};
}
template <typename T, std::size_t N, typename = std::enable_if_t<!std::is_const_v<T>>>
span<std::byte> as_writable_bytes(span<T, N> s) noexcept {
  return {reinterpret_cast<std::byte *>(s.data()), s.size_bytes()};
}

} // namespace _V1
} // namespace sycl
