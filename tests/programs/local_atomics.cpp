// atomic_ref on work-group local memory: a per-group histogram of 16 bins built with fetch_add
// (and ++), zeroed and copied out around barriers; plus min/max/exchange/compare-exchange and a
// float sum on local memory, and atomic_ref on global (USM) memory adding up every group.
#include <sycl/sycl.hpp>
#include "check.hpp"
#include <algorithm>
#include <climits>
#include <vector>

constexpr size_t kLocal = 64, kGroups = 13, kBins = 16;

int main() {
  sycl::queue q;
  const size_t n = kLocal * kGroups;
  int *data = sycl::malloc_shared<int>(n, q);
  int *hist = sycl::malloc_shared<int>(kGroups * kBins, q);
  int *stats = sycl::malloc_shared<int>(kGroups * 4, q);
  float *fsum = sycl::malloc_shared<float>(kGroups, q);
  long *global_hist = sycl::malloc_shared<long>(kBins, q);
  for (size_t i = 0; i < n; ++i) data[i] = int((i * 37 + i / 5) % 97);
  for (size_t b = 0; b < kBins; ++b) global_hist[b] = 0;

  q.submit([&](sycl::handler &h) {
    sycl::local_accessor<int, 1> bins(sycl::range<1>(kBins), h);
    sycl::local_accessor<int, 1> minmax(sycl::range<1>(4), h);
    sycl::local_accessor<float, 1> total(sycl::range<1>(1), h);
    h.parallel_for<class LocalHistogram>(sycl::nd_range<1>(n, kLocal), [=](sycl::nd_item<1> it) {
      using local_int = sycl::atomic_ref<int, sycl::memory_order::relaxed, sycl::memory_scope::work_group,
                                         sycl::access::address_space::local_space>;
      const size_t lid = it.get_local_id(0), group = it.get_group(0);
      if (lid < kBins) bins[lid] = 0;
      if (lid == 0) {
        minmax[0] = INT_MAX;
        minmax[1] = INT_MIN;
        minmax[2] = -1;
        minmax[3] = 0;
        total[0] = 0.0f;
      }
      it.barrier(sycl::access::fence_space::local_space);

      const int v = data[it.get_global_id(0)];
      local_int bin(bins[v % kBins]);
      if (lid % 2 == 0)
        bin.fetch_add(1);
      else
        bin++;
      local_int(minmax[0]).fetch_min(v);
      local_int(minmax[1]).fetch_max(v);
      // Exactly one work-item claims the slot: the compare-exchange from -1 succeeds once.
      int expected = -1;
      if (local_int(minmax[2]).compare_exchange_strong(expected, int(lid))) local_int(minmax[3]) += 1;
      sycl::atomic_ref<float, sycl::memory_order::relaxed, sycl::memory_scope::work_group,
                       sycl::access::address_space::local_space>(total[0])
          .fetch_add(float(v) * 0.5f);
      it.barrier(sycl::access::fence_space::local_space);

      if (lid < kBins) {
        hist[group * kBins + lid] = local_int(bins[lid]).load();
        sycl::atomic_ref<long, sycl::memory_order::relaxed, sycl::memory_scope::device>(global_hist[lid]) +=
            bins[lid];
      }
      if (lid == 0) {
        stats[group * 4 + 0] = minmax[0];
        stats[group * 4 + 1] = minmax[1];
        stats[group * 4 + 2] = local_int(minmax[2]).exchange(7) >= 0 ? 1 : 0;
        stats[group * 4 + 3] = minmax[3];
        fsum[group] = total[0];
      }
    });
  }).wait();

  std::vector<long> all(kBins, 0);
  for (size_t g = 0; g < kGroups; ++g) {
    std::vector<int> expected(kBins, 0);
    int lo = INT_MAX, hi = INT_MIN;
    float sum = 0.0f;
    for (size_t l = 0; l < kLocal; ++l) {
      int v = data[g * kLocal + l];
      ++expected[v % kBins];
      lo = std::min(lo, v);
      hi = std::max(hi, v);
      sum += float(v) * 0.5f;
    }
    for (size_t b = 0; b < kBins; ++b) {
      check::equal("histogram", long(g * kBins + b), hist[g * kBins + b], expected[b]);
      all[b] += expected[b];
    }
    check::equal("min", long(g), stats[g * 4 + 0], lo);
    check::equal("max", long(g), stats[g * 4 + 1], hi);
    check::equal("claimed", long(g), stats[g * 4 + 2], 1);
    check::equal("claims", long(g), stats[g * 4 + 3], 1);
    check::equal("float sum", long(g), fsum[g], sum);
  }
  for (size_t b = 0; b < kBins; ++b) check::equal("global histogram", long(b), global_hist[b], all[b]);
  for (void *p : {(void *)data, (void *)hist, (void *)stats, (void *)fsum, (void *)global_hist}) sycl::free(p, q);
  return check::finish();
}
