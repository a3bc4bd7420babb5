// Many small work-groups (sizes 1, 3, 5 and 7, 97 groups each): every work-item publishes a value
// in local memory, waits at a barrier, and reads both neighbours' values (wrapping within the
// group); a second round exchanges the sums. Also a 2-D launch of 1×3 groups.
#include <sycl/sycl.hpp>
#include "check.hpp"
#include <vector>

template <size_t Local> class Exchange;

template <size_t Local> void run(sycl::queue &q) {
  constexpr size_t groups = 97, n = Local * groups;
  long *out = sycl::malloc_shared<long>(n, q);
  q.submit([&](sycl::handler &h) {
    sycl::local_accessor<long, 1> slots(sycl::range<1>(Local), h);
    sycl::local_accessor<long, 1> sums(sycl::range<1>(Local), h);
    h.parallel_for<Exchange<Local>>(sycl::nd_range<1>(n, Local), [=](sycl::nd_item<1> it) {
      const size_t lid = it.get_local_id(0), l = it.get_local_range(0);
      slots[lid] = long(it.get_global_id(0)) * 2 + 1;
      it.barrier(sycl::access::fence_space::local_space);
      long s = slots[(lid + 1) % l] + slots[(lid + l - 1) % l];
      sums[lid] = s;
      sycl::group_barrier(it.get_group());
      out[it.get_global_id(0)] = s * 1000 + sums[(lid + 1) % l];
    });
  }).wait();
  for (size_t g = 0; g < groups; ++g)
    for (size_t lid = 0; lid < Local; ++lid) {
      auto slot = [&](size_t l) { return long(g * Local + l) * 2 + 1; };
      auto sum = [&](size_t l) { return slot((l + 1) % Local) + slot((l + Local - 1) % Local); };
      check::equal("exchange", long(g * Local + lid), out[g * Local + lid], sum(lid) * 1000 + sum((lid + 1) % Local));
    }
  sycl::free(out, q);
}

int main() {
  sycl::queue q;
  run<1>(q);
  run<3>(q);
  run<5>(q);
  run<7>(q);

  // 2-D: 1×3 groups over 4×9 items; each work-item reads the group's row reversed.
  const size_t rows = 4, cols = 9;
  int *out = sycl::malloc_shared<int>(rows * cols, q);
  q.submit([&](sycl::handler &h) {
    sycl::local_accessor<int, 2> tile(sycl::range<2>(1, 3), h);
    h.parallel_for<class Exchange2D>(sycl::nd_range<2>({rows, cols}, {1, 3}), [=](sycl::nd_item<2> it) {
      const size_t lc = it.get_local_id(1);
      tile[0][lc] = int(it.get_global_linear_id());
      it.barrier();
      out[it.get_global_linear_id()] = tile[sycl::id<2>(0, 2 - lc)];
    });
  }).wait();
  for (size_t r = 0; r < rows; ++r)
    for (size_t c = 0; c < cols; ++c) {
      size_t mirror = (c / 3) * 3 + (2 - c % 3);
      check::equal("2-D exchange", long(r * cols + c), out[r * cols + c], int(r * cols + mirror));
    }
  sycl::free(out, q);
  return check::finish();
}
