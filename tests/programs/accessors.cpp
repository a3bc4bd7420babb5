// Buffers and accessors: read_only / write_only / read_write, no_init, ranged accessors with an
// offset in 1-D and 2-D, acc[i][j] and acc[id] subscripts, host_accessor, write-back to a host
// pointer and to a vector on destruction, no write-back from const data or when disabled.
#include <sycl/sycl.hpp>
#include "check.hpp"
#include <vector>

int main() {
  sycl::queue q;
  std::vector<int> v(100);
  for (int i = 0; i < 100; ++i) v[i] = i;
  {
    sycl::buffer<int> buf(v.data(), sycl::range<1>(100));
    q.submit([&](sycl::handler &h) {
      sycl::accessor acc(buf, h, sycl::range<1>(50), sycl::id<1>(25), sycl::read_write);
      h.parallel_for(sycl::range<1>(50), [=](sycl::id<1> i) { acc[i] = acc[i] * 2 + 1; });
    });
    sycl::host_accessor host(buf, sycl::read_only);
    check::equal("host accessor", 30, host[30], 61);
  }
  for (int i = 0; i < 100; ++i) check::equal("ranged write-back", i, v[i], (i >= 25 && i < 75) ? i * 2 + 1 : i);

  const size_t rows = 6, cols = 9;
  std::vector<float> grid(rows * cols, -1.0f);
  {
    sycl::buffer<float, 2> buf(grid.data(), sycl::range<2>(rows, cols));
    q.submit([&](sycl::handler &h) {
      sycl::accessor out(buf, h, sycl::write_only, sycl::no_init);
      h.parallel_for(sycl::range<2>(rows, cols), [=](sycl::item<2> it) { out[it[0]][it[1]] = float(it[0] * 100 + it[1]); });
    });
    q.submit([&](sycl::handler &h) {
      sycl::accessor inner(buf, h, sycl::range<2>(2, 3), sycl::id<2>(2, 4), sycl::read_write);
      h.parallel_for(sycl::range<2>(2, 3), [=](sycl::id<2> i) { inner[i] = -inner[i]; });
    });
  }
  for (size_t r = 0; r < rows; ++r)
    for (size_t c = 0; c < cols; ++c) {
      bool inside = r >= 2 && r < 4 && c >= 4 && c < 7;
      float expected = float(r * 100 + c) * (inside ? -1.0f : 1.0f);
      check::equal("2-D grid", long(r * cols + c), grid[r * cols + c], expected);
    }

  std::vector<double> container(33, 1.5);
  {
    sycl::buffer buf(container);
    q.submit([&](sycl::handler &h) {
      sycl::accessor acc(buf, h);
      h.parallel_for(sycl::range<1>(33), [=](sycl::id<1> i) { acc[i] += double(i[0]); });
    });
  }
  for (size_t i = 0; i < 33; ++i) check::equal("container write-back", i, container[i], 1.5 + double(i));

  const std::vector<int> constant(8, 4);
  std::vector<int> sums(8, 0);
  {
    sycl::buffer<int> in(constant.data(), sycl::range<1>(8));
    sycl::buffer<int> out(sums.data(), sycl::range<1>(8));
    q.submit([&](sycl::handler &h) {
      sycl::accessor a(in, h, sycl::read_only);
      sycl::accessor b(out, h, sycl::write_only);
      h.parallel_for(sycl::range<1>(8), [=](sycl::id<1> i) { b[i] = a[i] + int(i[0]); });
    });
  }
  for (int i = 0; i < 8; ++i) check::equal("const input", i, sums[i], 4 + i);

  std::vector<int> untouched(16, 9);
  {
    sycl::buffer<int> buf(untouched.data(), sycl::range<1>(16));
    buf.set_write_back(false);
    q.submit([&](sycl::handler &h) {
      sycl::accessor acc(buf, h);
      h.parallel_for(sycl::range<1>(16), [=](sycl::id<1> i) { acc[i] = 0; });
    });
    sycl::host_accessor host(buf);
    check::equal("buffer contents", 0, host[0], 0);
  }
  for (int i = 0; i < 16; ++i) check::equal("no write-back", i, untouched[i], 9);
  return check::finish();
}
