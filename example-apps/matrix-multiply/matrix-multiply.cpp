// Matrix multiplication with buffers and accessors: C = A * B for a 509x487 A and a 487x523 B.
//
// One work-item per element of C (a 2-D range) computes a dot product of a row of A and a column
// of B. The sizes are deliberately not multiples of any vector width. The result is compared with
// a host triple loop accumulating in double, with a tolerance relative to the sum of |a*b| terms.
#include <sycl/sycl.hpp>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <vector>

namespace {

constexpr std::size_t M = 509; // rows of A and C
constexpr std::size_t K = 487; // columns of A, rows of B
constexpr std::size_t N = 523; // columns of B and C

// A small linear congruential generator: values in [-1, 1), the same on every platform.
struct Lcg {
  std::uint32_t state;
  float next() {
    state = state * 1664525u + 1013904223u;
    return static_cast<float>(state >> 8) / 8388608.0f - 1.0f;
  }
};

} // namespace

int main() {
  constexpr int runs = 3;
  std::vector<float> a(M * K), b(K * N), c(M * N, 0.0f);
  Lcg rng{12345u};
  for (float &x : a) x = rng.next();
  for (float &x : b) x = rng.next();

  double best_ms = 0.0;
  try {
    sycl::queue q;
    sycl::buffer<float, 2> buf_a(a.data(), sycl::range<2>{M, K});
    sycl::buffer<float, 2> buf_b(b.data(), sycl::range<2>{K, N});
    sycl::buffer<float, 2> buf_c(sycl::range<2>{M, N});

    for (int run = 0; run < runs; ++run) {
      auto start = std::chrono::steady_clock::now();
      q.submit([&](sycl::handler &h) {
        sycl::accessor in_a{buf_a, h, sycl::read_only};
        sycl::accessor in_b{buf_b, h, sycl::read_only};
        sycl::accessor out{buf_c, h, sycl::write_only, sycl::no_init};
        h.parallel_for(sycl::range<2>{M, N}, [=](sycl::id<2> idx) {
          const std::size_t i = idx[0];
          const std::size_t j = idx[1];
          float sum = 0.0f;
          for (std::size_t k = 0; k < K; ++k) sum += in_a[i][k] * in_b[k][j];
          out[i][j] = sum;
        });
      });
      q.wait();
      auto stop = std::chrono::steady_clock::now();
      double ms = std::chrono::duration<double, std::milli>(stop - start).count();
      best_ms = run == 0 ? ms : std::min(best_ms, ms);
    }

    sycl::host_accessor result{buf_c, sycl::read_only};
    std::copy(result.begin(), result.end(), c.begin());
  } catch (const sycl::exception &e) {
    std::fprintf(stderr, "SYCL exception: %s\n", e.what());
    std::puts("FAIL");
    return 1;
  }
  std::printf("matrix-multiply: (%zu x %zu) * (%zu x %zu)\n", M, K, K, N);
  std::printf("kernel: %.3f ms (best of %d, %.2f GFLOP/s)\n", best_ms, runs,
              2.0 * M * N * K / (best_ms * 1e6));

  std::size_t mismatches = 0;
  for (std::size_t i = 0; i < M; ++i) {
    for (std::size_t j = 0; j < N; ++j) {
      double expected = 0.0, magnitude = 0.0;
      for (std::size_t k = 0; k < K; ++k) {
        double term = static_cast<double>(a[i * K + k]) * static_cast<double>(b[k * N + j]);
        expected += term;
        magnitude += std::fabs(term);
      }
      double got = c[i * N + j];
      double tolerance = 1e-5 * magnitude + 1e-6;
      if (!(std::fabs(got - expected) <= tolerance)) {
        if (mismatches < 5)
          std::printf("mismatch at C[%zu][%zu]: got %.7g, expected %.7g (tolerance %.3g)\n", i, j, got,
                      expected, tolerance);
        ++mismatches;
      }
    }
  }
  if (mismatches != 0) {
    std::printf("%zu of %zu elements differ\nFAIL\n", mismatches, M * N);
    return 1;
  }
  std::puts("PASS");
  return 0;
}
