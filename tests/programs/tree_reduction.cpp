// Work-group tree reductions in local memory: a loop halving the active work-items with a
// barrier per step, over an odd number of groups (37 groups of 64, and 5 groups of 128 with the
// input in a buffer); the leader writes each group's sum, the host adds the partial sums.
#include <sycl/sycl.hpp>
#include "check.hpp"
#include <vector>

template <typename Name>
void reduce_groups(sycl::queue &q, const long *in, long *partial, size_t groups, size_t local) {
  q.submit([&](sycl::handler &h) {
    sycl::local_accessor<long, 1> scratch(sycl::range<1>(local), h);
    h.parallel_for<Name>(sycl::nd_range<1>(groups * local, local), [=](sycl::nd_item<1> it) {
      const size_t lid = it.get_local_id(0);
      scratch[lid] = in[it.get_global_id(0)];
      it.barrier();
      for (size_t stride = it.get_local_range(0) / 2; stride > 0; stride /= 2) {
        if (lid < stride) scratch[lid] += scratch[lid + stride];
        it.barrier();
      }
      if (it.get_group().leader()) partial[it.get_group_linear_id()] = scratch[0];
    });
  }).wait();
}

int main() {
  sycl::queue q;
  {
    const size_t groups = 37, local = 64, n = groups * local;
    long *in = sycl::malloc_shared<long>(n, q);
    long *partial = sycl::malloc_shared<long>(groups, q);
    for (size_t i = 0; i < n; ++i) in[i] = long(i % 1000) * (i % 3 == 0 ? -1 : 1) + 7;
    reduce_groups<class Tree64>(q, in, partial, groups, local);
    long total = 0, expected_total = 0;
    for (size_t g = 0; g < groups; ++g) {
      long expected = 0;
      for (size_t i = 0; i < local; ++i) expected += in[g * local + i];
      check::equal("group sum (64)", long(g), partial[g], expected);
      total += partial[g];
      expected_total += expected;
    }
    check::equal("total (64)", 0, total, expected_total);
    sycl::free(in, q);
    sycl::free(partial, q);
  }
  {
    // The same through a buffer and an accessor, 5 groups of 128.
    const size_t groups = 5, local = 128, n = groups * local;
    std::vector<long> host(n), sums(groups, -1);
    for (size_t i = 0; i < n; ++i) host[i] = long(i * i % 977);
    {
      sycl::buffer<long> in_buf(host.data(), sycl::range<1>(n));
      sycl::buffer<long> out_buf(sums.data(), sycl::range<1>(groups));
      q.submit([&](sycl::handler &h) {
        sycl::accessor in(in_buf, h, sycl::read_only);
        sycl::accessor out(out_buf, h, sycl::write_only);
        sycl::local_accessor<long, 1> scratch(sycl::range<1>(local), h);
        h.parallel_for<class Tree128>(sycl::nd_range<1>(n, local), [=](sycl::nd_item<1> it) {
          const size_t lid = it.get_local_linear_id();
          scratch[lid] = in[it.get_global_id()];
          sycl::group_barrier(it.get_group());
          for (size_t stride = local / 2; stride > 0; stride /= 2) {
            if (lid < stride) scratch[lid] += scratch[lid + stride];
            sycl::group_barrier(it.get_group());
          }
          if (lid == 0) out[it.get_group(0)] = scratch[0];
        });
      });
    }
    for (size_t g = 0; g < groups; ++g) {
      long expected = 0;
      for (size_t i = 0; i < local; ++i) expected += host[g * local + i];
      check::equal("group sum (128)", long(g), sums[g], expected);
    }
  }
  return check::finish();
}
