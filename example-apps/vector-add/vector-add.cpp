// Vector addition with unified shared memory: c = a + b over 2^24 + 3 floats.
//
// The inputs are copied into device allocations, one parallel_for adds them, and the result is
// copied back and compared with the same sum computed on the host (IEEE addition is correctly
// rounded, so the two must agree exactly).
#include <sycl/sycl.hpp>

#include <algorithm>
#include <chrono>
#include <cstddef>
#include <cstdio>
#include <vector>

int main() {
  constexpr std::size_t n = (std::size_t{1} << 24) + 3;
  constexpr int runs = 3;

  std::vector<float> host_a(n), host_b(n), host_c(n, -1.0f);
  for (std::size_t i = 0; i < n; ++i) {
    host_a[i] = static_cast<float>(i % 1024) * 0.5f;
    host_b[i] = static_cast<float>((i * 7) % 1000) * 0.25f - 100.0f;
  }

  try {
    sycl::queue q;
    float *a = sycl::malloc_device<float>(n, q);
    float *b = sycl::malloc_device<float>(n, q);
    float *c = sycl::malloc_device<float>(n, q);
    if (!a || !b || !c) {
      std::fprintf(stderr, "device allocation failed\n");
      return 1;
    }
    q.memcpy(a, host_a.data(), n * sizeof(float)).wait();
    q.memcpy(b, host_b.data(), n * sizeof(float)).wait();
    q.memset(c, 0, n * sizeof(float)).wait();

    double best_ms = 0.0;
    for (int run = 0; run < runs; ++run) {
      auto start = std::chrono::steady_clock::now();
      q.parallel_for<class VectorAdd>(sycl::range<1>{n}, [=](sycl::id<1> i) { c[i] = a[i] + b[i]; }).wait();
      auto stop = std::chrono::steady_clock::now();
      double ms = std::chrono::duration<double, std::milli>(stop - start).count();
      best_ms = run == 0 ? ms : std::min(best_ms, ms);
    }

    q.memcpy(host_c.data(), c, n * sizeof(float)).wait();
    sycl::free(a, q);
    sycl::free(b, q);
    sycl::free(c, q);
    std::printf("vector-add: %zu floats\n", n);
    std::printf("kernel: %.3f ms (best of %d)\n", best_ms, runs);
  } catch (const sycl::exception &e) {
    std::fprintf(stderr, "SYCL exception: %s\n", e.what());
    std::puts("FAIL");
    return 1;
  }

  std::size_t mismatches = 0;
  for (std::size_t i = 0; i < n; ++i) {
    float expected = host_a[i] + host_b[i];
    if (host_c[i] != expected) {
      if (mismatches < 5)
        std::printf("mismatch at %zu: got %g, expected %g\n", i, static_cast<double>(host_c[i]),
                    static_cast<double>(expected));
      ++mismatches;
    }
  }
  if (mismatches != 0) {
    std::printf("%zu of %zu elements differ\nFAIL\n", mismatches, n);
    return 1;
  }
  std::puts("PASS");
  return 0;
}
