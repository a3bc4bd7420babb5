// reduce_over_group inside nested loops (the inner trip count depends on the outer index), with
// the results of earlier iterations live across the collectives: sums, maxima and a product per
// work-group, checked against the host.
#include <sycl/sycl.hpp>
#include "check.hpp"
#include <algorithm>
#include <vector>

constexpr size_t kLocal = 24, kGroups = 6;

long value(size_t group, size_t lid, size_t i, size_t j) {
  return long((group * 31 + lid * 7 + i * 5 + j * 3) % 17) - 8;
}

int main() {
  sycl::queue q;
  const size_t n = kLocal * kGroups;
  long *out = sycl::malloc_shared<long>(n * 3, q);
  q.parallel_for<class NestedReduce>(sycl::nd_range<1>(n, kLocal), [=](sycl::nd_item<1> it) {
    auto g = it.get_group();
    const size_t group = g.get_group_linear_id(), lid = g.get_local_linear_id();
    long total = 0, best = -1000;
    double product = 1.0;
    for (size_t i = 0; i < 4; ++i) {
      for (size_t j = 0; j <= i; ++j) {
        long v = long((group * 31 + lid * 7 + i * 5 + j * 3) % 17) - 8;
        long sum = sycl::reduce_over_group(g, v, sycl::plus<long>());
        long top = sycl::reduce_over_group(g, v, sycl::maximum<>());
        total += sum * long(i + 1);
        best = std::max(best, top + long(j));
      }
      product *= sycl::reduce_over_group(g, double(lid % 3 == 0 ? 2 : 1), 0.5, sycl::multiplies<double>());
    }
    out[it.get_global_id(0) * 3 + 0] = total;
    out[it.get_global_id(0) * 3 + 1] = best;
    out[it.get_global_id(0) * 3 + 2] = long(product);
  }).wait();

  for (size_t group = 0; group < kGroups; ++group) {
    long total = 0, best = -1000;
    double product = 1.0;
    for (size_t i = 0; i < 4; ++i) {
      for (size_t j = 0; j <= i; ++j) {
        long sum = 0, top = -1000;
        for (size_t lid = 0; lid < kLocal; ++lid) {
          sum += value(group, lid, i, j);
          top = std::max(top, value(group, lid, i, j));
        }
        total += sum * long(i + 1);
        best = std::max(best, top + long(j));
      }
      double p = 0.5;
      for (size_t lid = 0; lid < kLocal; ++lid) p *= double(lid % 3 == 0 ? 2 : 1);
      product *= p;
    }
    for (size_t lid = 0; lid < kLocal; ++lid) {
      size_t i = group * kLocal + lid;
      check::equal("total", long(i), out[i * 3], total);
      check::equal("max", long(i), out[i * 3 + 1], best);
      check::equal("product", long(i), out[i * 3 + 2], long(product));
    }
  }
  sycl::free(out, q);
  return check::finish();
}
