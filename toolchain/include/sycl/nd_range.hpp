// sycl::nd_range (SYCL 2020 section 4.9.1.2): a global range divided into work-groups of a
// local range, with the deprecated global offset.
#pragma once

#include <cstddef>

#include "detail/defines.hpp"
#include "range.hpp"

namespace sycl {
inline namespace _V1 {

template <int Dims = 1> class nd_range {
public:
  static constexpr int dimensions = Dims;

  nd_range(range<Dims> global_size, range<Dims> local_size, id<Dims> offset = id<Dims>())
      : global_(global_size), local_(local_size), offset_(offset) {}

  range<Dims> get_global_range() const { return global_; }
  range<Dims> get_local_range() const { return local_; }
  // The number of work-groups in each dimension. A local size of 0 (rejected at launch) gives 0
  // groups rather than a division by zero.
  range<Dims> get_group_range() const {
    range<Dims> groups;
    for (int i = 0; i < Dims; ++i) groups[i] = local_[i] == 0 ? 0 : global_[i] / local_[i];
    return groups;
  }
  id<Dims> get_offset() const { return offset_; }

  friend bool operator==(const nd_range &a, const nd_range &b) {
    return a.global_ == b.global_ && a.local_ == b.local_ && a.offset_ == b.offset_;
  }
  friend bool operator!=(const nd_range &a, const nd_range &b) { return !(a == b); }

private:
  range<Dims> global_;
  range<Dims> local_;
  id<Dims> offset_;
};

} // namespace _V1
} // namespace sycl
