// Tiled matrix multiply: C (128×96) = A (128×80) × B (80×96) with 16×16 work-groups, each
// staging a tile of A and of B in local accessors per step of a loop over the 5 tiles of the
// inner dimension, with a barrier after loading and one after using each pair of tiles.
// Integer-valued floats keep every product and sum exact.
#include <sycl/sycl.hpp>
#include "check.hpp"
#include <vector>

int main() {
  constexpr size_t M = 128, N = 96, K = 80, T = 16;
  sycl::queue q;
  float *a = sycl::malloc_shared<float>(M * K, q);
  float *b = sycl::malloc_shared<float>(K * N, q);
  float *c = sycl::malloc_shared<float>(M * N, q);
  for (size_t i = 0; i < M; ++i)
    for (size_t k = 0; k < K; ++k) a[i * K + k] = float(int((i * 7 + k * 3) % 11) - 5);
  for (size_t k = 0; k < K; ++k)
    for (size_t j = 0; j < N; ++j) b[k * N + j] = float(int((k * 5 + j * 2) % 9) - 4);

  q.submit([&](sycl::handler &h) {
    sycl::local_accessor<float, 2> tile_a(sycl::range<2>(T, T), h);
    sycl::local_accessor<float, 2> tile_b(sycl::range<2>(T, T), h);
    h.parallel_for<class TiledMatmul>(sycl::nd_range<2>({M, N}, {T, T}), [=](sycl::nd_item<2> it) {
      const size_t row = it.get_global_id(0), col = it.get_global_id(1);
      const size_t lr = it.get_local_id(0), lc = it.get_local_id(1);
      float sum = 0.0f;
      for (size_t t = 0; t < K / T; ++t) {
        tile_a[lr][lc] = a[row * K + t * T + lc];
        tile_b[lr][lc] = b[(t * T + lr) * N + col];
        it.barrier(sycl::access::fence_space::local_space);
        for (size_t k = 0; k < T; ++k) sum += tile_a[lr][k] * tile_b[k][lc];
        it.barrier(sycl::access::fence_space::local_space);
      }
      c[row * N + col] = sum;
    });
  }).wait();

  for (size_t i = 0; i < M; ++i)
    for (size_t j = 0; j < N; ++j) {
      float expected = 0.0f;
      for (size_t k = 0; k < K; ++k) expected += a[i * K + k] * b[k * N + j];
      check::equal("C", long(i * N + j), c[i * N + j], expected);
    }
  sycl::free(a, q);
  sycl::free(b, q);
  sycl::free(c, q);
  return check::finish();
}
