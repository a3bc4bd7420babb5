// Tiled matrix multiplication with local memory: C = A * B for a 512x384 A and a 384x448 B.
//
// The tiled kernel runs on an nd_range<2> of 16x16 work-groups, one work-item per element of C.
// For each 16-wide step along the inner dimension, every work-item of a group copies one element
// of A's tile and one of B's tile into local accessors, the group waits at a barrier, each
// work-item accumulates its 16 products from the tiles, and a second barrier keeps the next
// step's loads from overwriting tiles that other work-items are still reading. Each element of A
// and B is thus read from global memory once per group instead of once per work-item.
//
// The same run also times the plain version (a 2-D range, each work-item reading its row of A and
// column of B straight from global memory), so the two times can be compared. The sizes are
// multiples of the tile size (an nd_range's global size must be a multiple of its local size) but
// the matrices are not square. Both results are compared with a host triple loop accumulating in
// double, with a tolerance relative to the sum of |a*b| terms.
#include <sycl/sycl.hpp>

#include <algorithm>
#include <cfloat>
#include <chrono>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <vector>

namespace {

constexpr std::size_t M = 512;  // rows of A and C
constexpr std::size_t K = 384;  // columns of A, rows of B
constexpr std::size_t N = 448;  // columns of B and C
constexpr std::size_t tile = 16; // work-groups and tiles are tile x tile
static_assert(M % tile == 0 && K % tile == 0 && N % tile == 0, "sizes must be multiples of the tile size");

constexpr int runs = 3;

// A small linear congruential generator: values in [-1, 1), the same on every platform.
struct Lcg {
  std::uint32_t state;
  float next() {
    state = state * 1664525u + 1013904223u;
    return static_cast<float>(state >> 8) / 8388608.0f - 1.0f;
  }
};

// The best wall-clock time of `runs` calls of f, in milliseconds.
template <typename F> double best_ms_of(F f) {
  double best = 0.0;
  for (int run = 0; run < runs; ++run) {
    auto start = std::chrono::steady_clock::now();
    f();
    auto stop = std::chrono::steady_clock::now();
    double ms = std::chrono::duration<double, std::milli>(stop - start).count();
    best = run == 0 ? ms : std::min(best, ms);
  }
  return best;
}

// Compares c with the double-precision reference. A float dot product of K terms accumulated in
// any order is within K * u * sum|a*b| of the exact value (u = FLT_EPSILON / 2, fused or not), so
// K * FLT_EPSILON * sum|a*b| bounds the error with a factor of two to spare; a missing or doubled
// term, of typical size 1/4 against sum|a*b| ~ K/4, is far above it.
std::size_t count_mismatches(const char *name, const std::vector<float> &c, const std::vector<double> &expected,
                             const std::vector<double> &magnitude) {
  std::size_t mismatches = 0;
  for (std::size_t i = 0; i < M * N; ++i) {
    double got = c[i];
    double tolerance = static_cast<double>(K) * FLT_EPSILON * magnitude[i] + 1e-6;
    if (!(std::fabs(got - expected[i]) <= tolerance)) {
      if (mismatches < 5)
        std::printf("%s: mismatch at C[%zu][%zu]: got %.7g, expected %.7g (tolerance %.3g)\n", name, i / N, i % N,
                    got, expected[i], tolerance);
      ++mismatches;
    }
  }
  if (mismatches != 0) std::printf("%s: %zu of %zu elements differ\n", name, mismatches, M * N);
  return mismatches;
}

} // namespace

int main() {
  std::vector<float> host_a(M * K), host_b(K * N), host_plain(M * N, 0.0f), host_tiled(M * N, 0.0f);
  Lcg rng{2024u};
  for (float &x : host_a) x = rng.next();
  for (float &x : host_b) x = rng.next();

  double plain_ms = 0.0, tiled_ms = 0.0;
  try {
    sycl::queue q;
    float *a = sycl::malloc_device<float>(M * K, q);
    float *b = sycl::malloc_device<float>(K * N, q);
    float *c_plain = sycl::malloc_device<float>(M * N, q);
    float *c_tiled = sycl::malloc_device<float>(M * N, q);
    if (!a || !b || !c_plain || !c_tiled) {
      std::fprintf(stderr, "device allocation failed\n");
      std::puts("FAIL");
      return 1;
    }
    q.memcpy(a, host_a.data(), M * K * sizeof(float)).wait();
    q.memcpy(b, host_b.data(), K * N * sizeof(float)).wait();
    q.memset(c_plain, 0, M * N * sizeof(float)).wait();
    q.memset(c_tiled, 0, M * N * sizeof(float)).wait();

    // Plain: one work-item per element of C, every operand read from global memory.
    plain_ms = best_ms_of([&] {
      q.parallel_for<class PlainMatmul>(sycl::range<2>{M, N}, [=](sycl::id<2> idx) {
        const std::size_t row = idx[0];
        const std::size_t col = idx[1];
        float sum = 0.0f;
        for (std::size_t k = 0; k < K; ++k) sum += a[row * K + k] * b[k * N + col];
        c_plain[row * N + col] = sum;
      }).wait();
    });

    // Tiled: 16x16 work-groups staging 16x16 tiles of A and B in local memory.
    tiled_ms = best_ms_of([&] {
      q.submit([&](sycl::handler &h) {
        sycl::local_accessor<float, 2> tile_a(sycl::range<2>{tile, tile}, h);
        sycl::local_accessor<float, 2> tile_b(sycl::range<2>{tile, tile}, h);
        h.parallel_for<class TiledMatmul>(
            sycl::nd_range<2>{sycl::range<2>{M, N}, sycl::range<2>{tile, tile}}, [=](sycl::nd_item<2> it) {
              const std::size_t row = it.get_global_id(0);
              const std::size_t col = it.get_global_id(1);
              const std::size_t local_row = it.get_local_id(0);
              const std::size_t local_col = it.get_local_id(1);
              const sycl::group<2> group = it.get_group();
              float sum = 0.0f;
              for (std::size_t step = 0; step < K; step += tile) {
                // This work-item's element of each tile: A[row][step + local_col] and
                // B[step + local_row][col].
                tile_a[local_row][local_col] = a[row * K + step + local_col];
                tile_b[local_row][local_col] = b[(step + local_row) * N + col];
                sycl::group_barrier(group); // the tiles are complete
                for (std::size_t k = 0; k < tile; ++k) sum += tile_a[local_row][k] * tile_b[k][local_col];
                sycl::group_barrier(group); // everyone is done reading them
              }
              c_tiled[row * N + col] = sum;
            });
      }).wait();
    });

    q.memcpy(host_plain.data(), c_plain, M * N * sizeof(float)).wait();
    q.memcpy(host_tiled.data(), c_tiled, M * N * sizeof(float)).wait();
    sycl::free(a, q);
    sycl::free(b, q);
    sycl::free(c_plain, q);
    sycl::free(c_tiled, q);
  } catch (const sycl::exception &e) {
    std::fprintf(stderr, "SYCL exception: %s\n", e.what());
    std::puts("FAIL");
    return 1;
  }

  const double flops = 2.0 * static_cast<double>(M) * static_cast<double>(N) * static_cast<double>(K);
  std::printf("tiled-matrix-multiply: (%zu x %zu) * (%zu x %zu), %zux%zu tiles\n", M, K, K, N, tile, tile);
  std::printf("plain (range<2>):           %9.3f ms (best of %d, %.2f GFLOP/s)\n", plain_ms, runs,
              flops / (plain_ms * 1e6));
  std::printf("tiled (nd_range<2>, local): %9.3f ms (best of %d, %.2f GFLOP/s)\n", tiled_ms, runs,
              flops / (tiled_ms * 1e6));
  std::printf("tiled speed-up: %.2fx\n", plain_ms / tiled_ms);

  std::vector<double> expected(M * N, 0.0), magnitude(M * N, 0.0);
  for (std::size_t i = 0; i < M; ++i) {
    for (std::size_t k = 0; k < K; ++k) {
      const double aik = host_a[i * K + k];
      for (std::size_t j = 0; j < N; ++j) {
        const double term = aik * static_cast<double>(host_b[k * N + j]);
        expected[i * N + j] += term;
        magnitude[i * N + j] += std::fabs(term);
      }
    }
  }
  std::size_t mismatches = count_mismatches("plain", host_plain, expected, magnitude) +
                           count_mismatches("tiled", host_tiled, expected, magnitude);
  if (mismatches != 0) {
    std::puts("FAIL");
    return 1;
  }
  std::puts("PASS");
  return 0;
}
