/* The benchmark kernels in OpenMP C, the way an OpenMP programmer writes them: one parallel loop
 * over the work-items of the SYCL and OpenCL versions, `omp simd` on the innermost loop over
 * neighbouring work-items or on a reduction (bench/README.md, "The kernels"). Device buffers are
 * host copies of the inputs. */
#include "../common/bench.h"

#include <omp.h>

static void *buffers[MAX_BUFFERS];

static int impl_prepare(const struct problem *p) {
  for (int b = 0; b < MAX_BUFFERS; ++b) {
    if (!p->bytes[b]) continue;
    buffers[b] = bench_alloc(p->bytes[b]);
    if (p->host[b]) memcpy(buffers[b], p->host[b], p->bytes[b]);
  }
  return 0;
}

static int impl_read(const struct problem *p, int buffer, void *destination) {
  memcpy(destination, buffers[buffer], p->bytes[buffer]);
  return 0;
}

static void impl_release(const struct problem *p) {
  (void)p;
  for (int b = 0; b < MAX_BUFFERS; ++b) free(buffers[b]), buffers[b] = NULL;
}

/* The empty kernel: a parallel region (fork and join of the team) whose only work is a store
 * the compiler must keep, so that the region is not optimised away. */
static volatile int empty_sink;

static void empty(void) {
#pragma omp parallel
  { empty_sink = 0; }
}

static void vector_add(const float *a, const float *b, float *c, size_t n) {
#pragma omp parallel for simd
  for (size_t i = 0; i < n; ++i) c[i] = a[i] + b[i];
}

static void saxpy(float a, const float *x, float *y, size_t n) {
#pragma omp parallel for simd
  for (size_t i = 0; i < n; ++i) y[i] = a * x[i] + y[i];
}

static void matmul_naive(const float *a, const float *b, float *c, size_t n) {
#pragma omp parallel for
  for (size_t row = 0; row < n; ++row)
#pragma omp simd
    for (size_t col = 0; col < n; ++col) {
      float sum = 0.0f;
      for (size_t k = 0; k < n; ++k) sum += a[row * n + k] * b[k * n + col];
      c[row * n + col] = sum;
    }
}

/* One 16x16 block of c per iteration, staging 16x16 tiles of a and b in local arrays. */
static void matmul_tiled(const float *a, const float *b, float *c, size_t n) {
  size_t tiles = n / TILE;
#pragma omp parallel for collapse(2)
  for (size_t tile_row = 0; tile_row < tiles; ++tile_row)
    for (size_t tile_col = 0; tile_col < tiles; ++tile_col) {
      float tile_a[TILE][TILE], tile_b[TILE][TILE], sum[TILE][TILE] = {{0}};
      size_t row0 = tile_row * TILE, col0 = tile_col * TILE;
      for (size_t step = 0; step < n; step += TILE) {
        for (size_t r = 0; r < TILE; ++r)
          for (size_t k = 0; k < TILE; ++k)
            tile_a[r][k] = a[(row0 + r) * n + step + k], tile_b[r][k] = b[(step + r) * n + col0 + k];
        for (size_t r = 0; r < TILE; ++r)
          for (size_t k = 0; k < TILE; ++k)
#pragma omp simd
            for (size_t col = 0; col < TILE; ++col) sum[r][col] += tile_a[r][k] * tile_b[k][col];
      }
      for (size_t r = 0; r < TILE; ++r)
        for (size_t col = 0; col < TILE; ++col) c[(row0 + r) * n + col0 + col] = sum[r][col];
    }
}

/* Each group of 256 values is summed by a tree in a local array. */
static void reduction(const float *x, float *partial, size_t n) {
#pragma omp parallel for
  for (size_t group = 0; group < n / REDUCTION_GROUP; ++group) {
    float local[REDUCTION_GROUP];
    memcpy(local, x + group * REDUCTION_GROUP, sizeof local);
    for (size_t stride = REDUCTION_GROUP / 2; stride > 0; stride /= 2)
#pragma omp simd
      for (size_t i = 0; i < stride; ++i) local[i] += local[i + stride];
    partial[group] = local[0];
  }
}

static void stencil(const float *in, float *out, size_t n) {
#pragma omp parallel for
  for (size_t row = 0; row < n; ++row)
#pragma omp simd
    for (size_t col = 0; col < n; ++col) {
      size_t at = row * n + col;
      if (row == 0 || col == 0 || row == n - 1 || col == n - 1)
        out[at] = in[at];
      else
        out[at] = 0.2f * (in[at] + in[at - n] + in[at + n] + in[at - 1] + in[at + 1]);
    }
}

static void mandelbrot(int32_t *counts, size_t n) {
#pragma omp parallel for schedule(dynamic)
  for (size_t row = 0; row < n; ++row)
    for (size_t col = 0; col < n; ++col) {
      float cx = -2.0f + 2.6f * (float)col / (float)n, cy = -1.3f + 2.6f * (float)row / (float)n;
      float zx = 0.0f, zy = 0.0f;
      int32_t k = 0;
      while (k < MANDELBROT_ITERATIONS && zx * zx + zy * zy <= 4.0f) {
        float next_x = zx * zx - zy * zy + cx;
        zy = 2.0f * zx * zy + cy;
        zx = next_x;
        ++k;
      }
      counts[row * n + col] = k;
    }
}

static void histogram(const uint8_t *bytes, uint32_t *bins, size_t n) {
#pragma omp parallel for
  for (size_t i = 0; i < n; ++i) {
#pragma omp atomic
    ++bins[bytes[i]];
  }
}

#include "nbody.h"

static int impl_launch(const struct problem *p) {
  void **b = buffers;
  size_t n = p->n;
  switch (p->kernel) {
  case K_EMPTY: empty(); break;
  case K_VECTOR_ADD: vector_add((const float *)b[0], (const float *)b[1], (float *)b[2], n); break;
  case K_SAXPY: saxpy(SAXPY_A, (const float *)b[0], (float *)b[1], n); break;
  case K_MATMUL_NAIVE: matmul_naive((const float *)b[0], (const float *)b[1], (float *)b[2], n); break;
  case K_MATMUL_TILED: matmul_tiled((const float *)b[0], (const float *)b[1], (float *)b[2], n); break;
  case K_REDUCTION: reduction((const float *)b[0], (float *)b[1], n); break;
  case K_STENCIL: stencil((const float *)b[0], (float *)b[1], n); break;
  case K_MANDELBROT: mandelbrot((int32_t *)b[0], n); break;
  case K_HISTOGRAM: histogram((const uint8_t *)b[0], (uint32_t *)b[1], n); break;
  case K_NBODY_FLOAT4: nbody_float4((const struct float4 *)b[0], (struct float4 *)b[1], n); break;
  default: nbody_scalar((float *const *)b, n); break;
  }
  return 0;
}

int main(int argc, char **argv) { return bench_main(argc, argv); }
