// A 256-bin histogram of 2^24 bytes, counted with sycl::atomic_ref two ways.
//
// The bytes are the rounded mean of two pseudo-random bytes, so the counts are triangular: the
// middle bins get hundreds of times more samples than the end bins, and the work-items that hit
// them collide often.
//
// * Global atomics: a range kernel with one work-item per byte, each adding 1 to its bin in
//   global memory (relaxed, device scope). Every addition is contended by every thread.
// * Local, then global: an nd_range kernel of 1024 work-groups of 256 work-items. Each group
//   zeroes a 256-bin histogram in local memory, each work-item counts a contiguous chunk of 64
//   bytes into it with local atomics (relaxed, work_group scope), and after a group barrier the
//   work-item for bin b adds the group's count for b to the global histogram: one global atomic
//   per bin per group instead of one per byte. One thread runs a whole work-group here, so the
//   local atomics never meet another thread's: they cost a locked instruction each, but no
//   cache line moves between cores.
//
// Each version's time is the best of three kernel runs (the histogram is zeroed before each);
// its GB/s counts the bytes read. Both histograms must equal the host's exactly.
#include <sycl/sycl.hpp>

#include <algorithm>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <vector>

namespace {

constexpr std::size_t n = std::size_t{1} << 24;
constexpr std::size_t bins = 256;
constexpr std::size_t local_size = bins; // work-item b of a group adds the group's bin b
constexpr std::size_t groups = 1024;
constexpr std::size_t per_item = n / (groups * local_size); // bytes each work-item counts
static_assert(per_item * groups * local_size == n, "the work-items cover the input exactly");
constexpr int runs = 3;

// A small linear congruential generator: the same bytes on every platform.
struct Lcg {
  std::uint32_t state;
  std::uint8_t next_byte() {
    state = state * 1664525u + 1013904223u;
    return static_cast<std::uint8_t>(state >> 24);
  }
};

// The best wall-clock time of `runs` kernels, in milliseconds; `reset` runs before each, untimed.
template <typename Reset, typename Kernel> double best_ms_of(Reset reset, Kernel kernel) {
  double best = 0.0;
  for (int run = 0; run < runs; ++run) {
    reset();
    auto start = std::chrono::steady_clock::now();
    kernel();
    auto stop = std::chrono::steady_clock::now();
    double ms = std::chrono::duration<double, std::milli>(stop - start).count();
    best = run == 0 ? ms : std::min(best, ms);
  }
  return best;
}

// Counts the bins of `got` that differ from `expected`, printing the first few.
std::size_t mismatches(const char *name, const std::vector<std::uint32_t> &got,
                       const std::vector<std::uint32_t> &expected) {
  std::size_t count = 0;
  for (std::size_t b = 0; b < bins; ++b) {
    if (got[b] != expected[b]) {
      if (count < 5) std::printf("%s: bin %zu counts %u, expected %u\n", name, b, got[b], expected[b]);
      ++count;
    }
  }
  if (count != 0) std::printf("%s: %zu of %zu bins differ\n", name, count, bins);
  return count;
}

} // namespace

int main() {
  std::vector<std::uint8_t> host(n);
  Lcg rng{2026u};
  for (std::uint8_t &x : host) {
    const unsigned a = rng.next_byte(), b = rng.next_byte();
    x = static_cast<std::uint8_t>((a + b + 1) / 2);
  }
  std::vector<std::uint32_t> expected(bins, 0);
  for (std::uint8_t x : host) ++expected[x];

  std::vector<std::uint32_t> global_result(bins, 0), local_result(bins, 0);
  double global_ms = 0.0, local_ms = 0.0;
  try {
    sycl::queue q;
    std::uint8_t *data = sycl::malloc_device<std::uint8_t>(n, q);
    std::uint32_t *histogram = sycl::malloc_device<std::uint32_t>(bins, q);
    if (!data || !histogram) {
      std::fprintf(stderr, "device allocation failed\n");
      std::puts("FAIL");
      return 1;
    }
    q.memcpy(data, host.data(), n).wait();
    auto zero_histogram = [&] { q.memset(histogram, 0, bins * sizeof(std::uint32_t)).wait(); };

    global_ms = best_ms_of(zero_histogram, [&] {
      q.parallel_for<class GlobalAtomicHistogram>(sycl::range<1>{n}, [=](sycl::id<1> i) {
         sycl::atomic_ref<std::uint32_t, sycl::memory_order::relaxed, sycl::memory_scope::device,
                          sycl::access::address_space::global_space>(histogram[data[i]])
             .fetch_add(1u);
       }).wait();
    });
    q.memcpy(global_result.data(), histogram, bins * sizeof(std::uint32_t)).wait();

    local_ms = best_ms_of(zero_histogram, [&] {
      q.submit([&](sycl::handler &h) {
         sycl::local_accessor<std::uint32_t, 1> local_histogram(sycl::range<1>{bins}, h);
         h.parallel_for<class LocalAtomicHistogram>(
             sycl::nd_range<1>{groups * local_size, local_size}, [=](sycl::nd_item<1> it) {
               const std::size_t lid = it.get_local_id(0);
               const sycl::group<1> group = it.get_group();
               local_histogram[lid] = 0;
               sycl::group_barrier(group);
               const std::uint8_t *chunk = data + it.get_global_id(0) * per_item;
               for (std::size_t k = 0; k < per_item; ++k)
                 sycl::atomic_ref<std::uint32_t, sycl::memory_order::relaxed, sycl::memory_scope::work_group,
                                  sycl::access::address_space::local_space>(local_histogram[chunk[k]])
                     .fetch_add(1u);
               sycl::group_barrier(group);
               const std::uint32_t count = local_histogram[lid];
               if (count != 0)
                 sycl::atomic_ref<std::uint32_t, sycl::memory_order::relaxed, sycl::memory_scope::device,
                                  sycl::access::address_space::global_space>(histogram[lid])
                     .fetch_add(count);
             });
       }).wait();
    });
    q.memcpy(local_result.data(), histogram, bins * sizeof(std::uint32_t)).wait();

    sycl::free(data, q);
    sycl::free(histogram, q);
  } catch (const sycl::exception &e) {
    std::fprintf(stderr, "SYCL exception: %s\n", e.what());
    std::puts("FAIL");
    return 1;
  }

  const double bytes = static_cast<double>(n);
  std::printf("histogram: %zu bytes into %zu bins; local version: %zu groups of %zu, %zu bytes per work-item\n", n,
              bins, groups, local_size, per_item);
  std::printf("global atomics:             %8.3f ms (best of %d, %.2f GB/s)\n", global_ms, runs,
              bytes / (global_ms * 1e6));
  std::printf("local, then global atomics: %8.3f ms (best of %d, %.2f GB/s)\n", local_ms, runs,
              bytes / (local_ms * 1e6));
  std::printf("bins 0, 128, 255 (host): %u, %u, %u\n", expected[0], expected[128], expected[255]);

  const std::size_t wrong = mismatches("global atomics", global_result, expected) +
                            mismatches("local, then global atomics", local_result, expected);
  if (wrong != 0) {
    std::puts("FAIL");
    return 1;
  }
  std::puts("PASS");
  return 0;
}
