// Sub-buffers (SYCL 2020 4.7.2.1): a contiguous part of a buffer, in one to three dimensions,
// accessed by kernels and host accessors at the parent's memory; sub-buffers of sub-buffers;
// commands on a parent and its sub-buffers ordered like commands on one buffer; out-of-range
// and non-contiguous sub-buffers rejected with errc::invalid.
#include <sycl/sycl.hpp>

#include <vector>

#include "check.hpp"

namespace {

bool throws_invalid(void (*make)()) {
  try {
    make();
  } catch (const sycl::exception &e) {
    return e.code() == sycl::errc::invalid;
  }
  return false;
}

void one_dimension(sycl::queue &q) {
  const size_t n = 100;
  std::vector<int> host(n, 0);
  {
    sycl::buffer<int> parent(host.data(), sycl::range<1>(n));
    sycl::buffer<int> middle(parent, sycl::id<1>(20), sycl::range<1>(50));
    sycl::buffer<int> inner(middle, sycl::id<1>(10), sycl::range<1>(5));
    check::equal("parent is not a sub-buffer", 0, parent.is_sub_buffer(), false);
    check::equal("is_sub_buffer", 0, middle.is_sub_buffer() && inner.is_sub_buffer(), true);
    check::equal("sub-buffer range", 0, middle.get_range()[0], 50);
    check::equal("sub-buffer is not its parent", 0, middle == parent, false);
    q.submit([&](sycl::handler &h) {
      sycl::accessor p{parent, h, sycl::write_only};
      h.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { p[i] = 1; });
    });
    q.submit([&](sycl::handler &h) {
      sycl::accessor m{middle, h, sycl::read_write};
      h.parallel_for(sycl::range<1>(50), [=](sycl::id<1> i) { m[i] += int(i[0]); });
    });
    q.submit([&](sycl::handler &h) {
      sycl::accessor in{inner, h, sycl::read_write};
      h.parallel_for(sycl::range<1>(5), [=](sycl::id<1> i) { in[i] *= 100; });
    });
    sycl::host_accessor m{middle, sycl::read_only};
    check::equal("host accessor of a sub-buffer", 0, m[10], 1100);
  }
  for (size_t i = 0; i < n; ++i) {
    int expected = i < 20 || i >= 70 ? 1 : 1 + int(i - 20);
    if (i >= 30 && i < 35) expected *= 100;
    check::equal("one dimension", long(i), host[i], expected);
  }
}

void two_dimensions(sycl::queue &q) {
  const size_t rows = 8, columns = 6;
  sycl::buffer<int, 2> parent{sycl::range<2>(rows, columns)};
  q.submit([&](sycl::handler &h) {
    sycl::accessor p{parent, h, sycl::write_only};
    h.parallel_for(sycl::range<2>(rows, columns), [=](sycl::id<2> i) { p[i] = 0; });
  });
  sycl::buffer<int, 2> rows_2_to_4(parent, sycl::id<2>(2, 0), sycl::range<2>(3, columns));
  sycl::buffer<int, 2> part_of_row_6(parent, sycl::id<2>(6, 1), sycl::range<2>(1, 4));
  q.submit([&](sycl::handler &h) {
    sycl::accessor a{rows_2_to_4, h, sycl::read_write};
    h.parallel_for(sycl::range<2>(3, columns), [=](sycl::id<2> i) { a[i] = int(i[0] * 10 + i[1]) + 1; });
  });
  q.submit([&](sycl::handler &h) {
    sycl::accessor a{part_of_row_6, h, sycl::read_write};
    h.parallel_for(sycl::range<2>(1, 4), [=](sycl::id<2> i) { a[i] = -int(i[1]) - 1; });
  });
  sycl::host_accessor p{parent, sycl::read_only};
  for (size_t r = 0; r < rows; ++r)
    for (size_t c = 0; c < columns; ++c) {
      int expected = 0;
      if (r >= 2 && r < 5) expected = int((r - 2) * 10 + c) + 1;
      if (r == 6 && c >= 1 && c < 5) expected = -int(c - 1) - 1;
      check::equal("two dimensions", long(r * columns + c), p[r][c], expected);
    }
}

void rejected_sub_buffers() {
  check::equal("out of range", 0, throws_invalid([] {
                 sycl::buffer<int> parent{sycl::range<1>(10)};
                 sycl::buffer<int> sub(parent, sycl::id<1>(8), sycl::range<1>(3));
               }),
               true);
  check::equal("not contiguous", 0, throws_invalid([] {
                 sycl::buffer<int, 2> parent{sycl::range<2>(4, 4)};
                 sycl::buffer<int, 2> sub(parent, sycl::id<2>(0, 1), sycl::range<2>(2, 2));
               }),
               true);
  check::equal("not contiguous in three dimensions", 0, throws_invalid([] {
                 sycl::buffer<int, 3> parent{sycl::range<3>(2, 3, 4)};
                 sycl::buffer<int, 3> sub(parent, sycl::id<3>(0, 1, 0), sycl::range<3>(2, 1, 4));
               }),
               true);
}

} // namespace

int main() {
  sycl::queue q;
  one_dimension(q);
  two_dimensions(q);
  rejected_sub_buffers();
  return check::finish();
}
