// The benchmark kernels in SYCL 2020, the way a SYCL programmer writes them: USM device
// allocations, one queue, lambdas over a range (or an nd_range with local accessors and group
// barriers where the kernel shares data in a work-group), each launch waited for
// (bench/README.md, "The kernels"). Built with ncpu++ by the harness.
#include <sycl/sycl.hpp>

#include "../common/bench.h"

namespace {

sycl::queue *queue;
void *buffers[MAX_BUFFERS];

void empty(sycl::queue &q) { q.single_task([] {}).wait(); }

void vector_add(sycl::queue &q, const float *a, const float *b, float *c, size_t n) {
  q.parallel_for(sycl::range<1>{n}, [=](sycl::id<1> i) { c[i] = a[i] + b[i]; }).wait();
}

void saxpy(sycl::queue &q, float a, const float *x, float *y, size_t n) {
  q.parallel_for(sycl::range<1>{n}, [=](sycl::id<1> i) { y[i] = a * x[i] + y[i]; }).wait();
}

void matmul_naive(sycl::queue &q, const float *a, const float *b, float *c, size_t n) {
  q.parallel_for(sycl::range<2>{n, n}, [=](sycl::id<2> id) {
     const size_t row = id[0], col = id[1];
     float sum = 0.0f;
     for (size_t k = 0; k < n; ++k) sum += a[row * n + k] * b[k * n + col];
     c[row * n + col] = sum;
   }).wait();
}

// 16x16 work-groups; each step stages one tile of a and one of b in local memory.
void matmul_tiled(sycl::queue &q, const float *a, const float *b, float *c, size_t n) {
  q.submit([&](sycl::handler &h) {
     sycl::local_accessor<float, 2> tile_a{sycl::range<2>{TILE, TILE}, h};
     sycl::local_accessor<float, 2> tile_b{sycl::range<2>{TILE, TILE}, h};
     h.parallel_for(sycl::nd_range<2>{{n, n}, {TILE, TILE}}, [=](sycl::nd_item<2> it) {
       const size_t row = it.get_global_id(0), col = it.get_global_id(1);
       const size_t local_row = it.get_local_id(0), local_col = it.get_local_id(1);
       float sum = 0.0f;
       for (size_t step = 0; step < n; step += TILE) {
         tile_a[local_row][local_col] = a[row * n + step + local_col];
         tile_b[local_row][local_col] = b[(step + local_row) * n + col];
         sycl::group_barrier(it.get_group());
         for (size_t k = 0; k < TILE; ++k) sum += tile_a[local_row][k] * tile_b[k][local_col];
         sycl::group_barrier(it.get_group());
       }
       c[row * n + col] = sum;
     });
   }).wait();
}

// Each work-group of 256 sums its values by a tree in local memory.
void reduction(sycl::queue &q, const float *x, float *partial, size_t n) {
  q.submit([&](sycl::handler &h) {
     sycl::local_accessor<float, 1> scratch{sycl::range<1>{REDUCTION_GROUP}, h};
     h.parallel_for(sycl::nd_range<1>{n, REDUCTION_GROUP}, [=](sycl::nd_item<1> it) {
       const size_t local_id = it.get_local_id(0);
       scratch[local_id] = x[it.get_global_id(0)];
       sycl::group_barrier(it.get_group());
       for (size_t stride = REDUCTION_GROUP / 2; stride > 0; stride /= 2) {
         if (local_id < stride) scratch[local_id] += scratch[local_id + stride];
         sycl::group_barrier(it.get_group());
       }
       if (local_id == 0) partial[it.get_group(0)] = scratch[0];
     });
   }).wait();
}

void stencil(sycl::queue &q, const float *in, float *out, size_t n) {
  q.parallel_for(sycl::range<2>{n, n}, [=](sycl::id<2> id) {
     const size_t row = id[0], col = id[1], at = row * n + col;
     if (row == 0 || col == 0 || row == n - 1 || col == n - 1)
       out[at] = in[at];
     else
       out[at] = 0.2f * (in[at] + in[at - n] + in[at + n] + in[at - 1] + in[at + 1]);
   }).wait();
}

void mandelbrot(sycl::queue &q, int32_t *counts, size_t n) {
  q.parallel_for(sycl::range<2>{n, n}, [=](sycl::id<2> id) {
     const size_t row = id[0], col = id[1];
     const float cx = -2.0f + 2.6f * float(col) / float(n), cy = -1.3f + 2.6f * float(row) / float(n);
     float zx = 0.0f, zy = 0.0f;
     int32_t k = 0;
     while (k < MANDELBROT_ITERATIONS && zx * zx + zy * zy <= 4.0f) {
       const float next_x = zx * zx - zy * zy + cx;
       zy = 2.0f * zx * zy + cy;
       zx = next_x;
       ++k;
     }
     counts[row * n + col] = k;
   }).wait();
}

void histogram(sycl::queue &q, const uint8_t *bytes, uint32_t *bins, size_t n) {
  q.parallel_for(sycl::range<1>{n}, [=](sycl::id<1> i) {
     sycl::atomic_ref<uint32_t, sycl::memory_order::relaxed, sycl::memory_scope::device,
                      sycl::access::address_space::global_space>
         bin{bins[bytes[i]]};
     bin.fetch_add(1u);
   }).wait();
}

} // namespace

#include "nbody.hpp"

static int impl_prepare(const struct problem *p) {
  try {
    queue = new sycl::queue;
    for (int b = 0; b < MAX_BUFFERS; ++b) {
      if (!p->bytes[b]) continue;
      buffers[b] = sycl::malloc_device(p->bytes[b], *queue);
      if (p->host[b])
        queue->memcpy(buffers[b], p->host[b], p->bytes[b]).wait();
      else
        queue->memset(buffers[b], 0, p->bytes[b]).wait();
    }
  } catch (const sycl::exception &e) {
    std::fprintf(stderr, "SYCL exception: %s\n", e.what());
    return 1;
  }
  return 0;
}

static void launch(sycl::queue &q, const struct problem *p) {
  void **b = buffers;
  const size_t n = p->n;
  switch (p->kernel) {
  case K_EMPTY: empty(q); break;
  case K_VECTOR_ADD: vector_add(q, (const float *)b[0], (const float *)b[1], (float *)b[2], n); break;
  case K_SAXPY: saxpy(q, SAXPY_A, (const float *)b[0], (float *)b[1], n); break;
  case K_MATMUL_NAIVE: matmul_naive(q, (const float *)b[0], (const float *)b[1], (float *)b[2], n); break;
  case K_MATMUL_TILED: matmul_tiled(q, (const float *)b[0], (const float *)b[1], (float *)b[2], n); break;
  case K_REDUCTION: reduction(q, (const float *)b[0], (float *)b[1], n); break;
  case K_STENCIL: stencil(q, (const float *)b[0], (float *)b[1], n); break;
  case K_MANDELBROT: mandelbrot(q, (int32_t *)b[0], n); break;
  case K_HISTOGRAM: histogram(q, (const uint8_t *)b[0], (uint32_t *)b[1], n); break;
  case K_NBODY_FLOAT4: nbody_float4(q, (const sycl::float4 *)b[0], (sycl::float4 *)b[1], n); break;
  case K_NBODY_SCALAR: nbody_scalar(q, (float *const *)b, n); break;
  default: nbody_native(q, (float *const *)b, n); break;
  }
}

static int impl_launch(const struct problem *p) {
  try {
    launch(*queue, p);
  } catch (const sycl::exception &e) {
    std::fprintf(stderr, "SYCL exception: %s\n", e.what());
    return 1;
  }
  return 0;
}

static int impl_read(const struct problem *p, int buffer, void *destination) {
  try {
    queue->memcpy(destination, buffers[buffer], p->bytes[buffer]).wait();
  } catch (const sycl::exception &e) {
    std::fprintf(stderr, "SYCL exception: %s\n", e.what());
    return 1;
  }
  return 0;
}

static void impl_release(const struct problem *) {
  for (void *&buffer : buffers)
    if (buffer) sycl::free(buffer, *queue), buffer = nullptr;
  delete queue;
}

int main(int argc, char **argv) { return bench_main(argc, argv); }
