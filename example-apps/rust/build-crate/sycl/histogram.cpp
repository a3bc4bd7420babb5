// A histogram with local-memory atomics per work-group, called from Rust through extern "C".
#include <sycl/sycl.hpp>

#include "histogram.hpp"

extern "C" int histogram_bins() { return HISTOGRAM_BINS; }

// Counts values[i] % HISTOGRAM_BINS into bins[HISTOGRAM_BINS]; returns 0, or 1 if SYCL threw.
extern "C" int histogram(const unsigned *values, std::size_t count, unsigned *bins) {
  try {
    sycl::queue q;
    unsigned *device_values = sycl::malloc_device<unsigned>(count, q);
    unsigned *device_bins = sycl::malloc_device<unsigned>(HISTOGRAM_BINS, q);
    // The queue is out of order: both copies are waited for before the kernel reads them.
    q.memcpy(device_values, values, count * sizeof(unsigned));
    q.fill(device_bins, 0u, HISTOGRAM_BINS);
    q.wait();
    constexpr std::size_t group = 64;
    std::size_t global = (count + group - 1) / group * group;
    q.submit([&](sycl::handler &h) {
       sycl::local_accessor<unsigned, 1> local(HISTOGRAM_BINS, h);
       h.parallel_for(sycl::nd_range<1>(global, group), [=](sycl::nd_item<1> it) {
         std::size_t l = it.get_local_id(0);
         if (l < HISTOGRAM_BINS) local[l] = 0;
         sycl::group_barrier(it.get_group());
         std::size_t i = it.get_global_id(0);
         if (i < count) {
           sycl::atomic_ref<unsigned, sycl::memory_order::relaxed, sycl::memory_scope::work_group,
                            sycl::access::address_space::local_space>(local[device_values[i] % HISTOGRAM_BINS])++;
         }
         sycl::group_barrier(it.get_group());
         if (l < HISTOGRAM_BINS && local[l] != 0)
           sycl::atomic_ref<unsigned, sycl::memory_order::relaxed, sycl::memory_scope::device>(device_bins[l]) +=
               local[l];
       });
     }).wait();
    q.memcpy(bins, device_bins, HISTOGRAM_BINS * sizeof(unsigned)).wait();
    sycl::free(device_values, q);
    sycl::free(device_bins, q);
    return 0;
  } catch (const sycl::exception &) {
    return 1;
  }
}
