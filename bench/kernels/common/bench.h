/* The part of every benchmark program that does not depend on the implementation: the kernels'
 * problems (buffers, inputs), the serial host references and checks, the timing loop and the
 * output the harness reads (bench/README.md, "Programs and their output").
 *
 * Each implementation (SYCL, OpenCL host, OpenMP) includes this header once, defines the four
 * functions declared under "Supplied by the implementation" and calls bench_main from main. The
 * header is valid C11 and C++17. */
#ifndef NCPU_BENCH_H
#define NCPU_BENCH_H

#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum kernel_id {
  K_EMPTY,
  K_VECTOR_ADD,
  K_SAXPY,
  K_MATMUL_NAIVE,
  K_MATMUL_TILED,
  K_REDUCTION,
  K_STENCIL,
  K_MANDELBROT,
  K_HISTOGRAM,
  K_NBODY_FLOAT4,
  K_NBODY_SCALAR,
  K_NBODY_NATIVE,
  K_COUNT
};

static const char *const kernel_names[K_COUNT] = {
    "empty",     "vector_add", "saxpy",      "matmul_naive", "matmul_tiled", "reduction",
    "stencil",   "mandelbrot", "histogram",  "nbody_float4", "nbody_scalar", "nbody_native"};

enum { MAX_BUFFERS = 8, TILE = 16, REDUCTION_GROUP = 256, HISTOGRAM_BINS = 256, MANDELBROT_ITERATIONS = 256 };

/* Floating-point operations counted per body pair in n-body (the usual count for its loop body:
 * 3 subtractions, 6 for the squared distance plus softening, 2 for rsqrt, 3 multiplications for
 * the cube and mass, 6 for the multiply-adds into the acceleration). */
enum { NBODY_FLOPS = 20 };

static const float SAXPY_A = 2.5f;
static const float NBODY_SOFTENING2 = 1e-3f;

/* One kernel's problem: its size and the buffers it reads and writes. Every buffer is created
 * on the device from `host` (zeros if NULL) before the first launch. */
struct problem {
  enum kernel_id kernel;
  size_t n;                    /* elements, matrix or image side, bodies, or launches (empty) */
  size_t bytes[MAX_BUFFERS];   /* 0: no such buffer */
  void *host[MAX_BUFFERS];
};

/* Supplied by the implementation: each returns 0, or non-zero after printing one line to
 * stderr. */
static int impl_prepare(const struct problem *p);
static int impl_launch(const struct problem *p); /* one launch, waited for */
static int impl_read(const struct problem *p, int buffer, void *destination);
static void impl_release(const struct problem *p);

/* ---- inputs ---- */

static uint64_t bench_random_state = 0x9e3779b97f4a7c15ull;

static float bench_uniform(void) { /* in [0, 1) */
  bench_random_state = bench_random_state * 6364136223846793005ull + 1442695040888963407ull;
  return (float)(bench_random_state >> 40) * (1.0f / 16777216.0f);
}

static void *bench_alloc(size_t bytes) {
  void *memory = calloc(bytes ? bytes : 1, 1);
  if (!memory) {
    fprintf(stderr, "out of host memory (%zu bytes)\n", bytes);
    exit(2);
  }
  return memory;
}

static float *bench_floats(struct problem *p, int buffer, size_t count, float low, float high) {
  float *values = (float *)bench_alloc(count * sizeof(float));
  for (size_t i = 0; i < count; ++i) values[i] = low + (high - low) * bench_uniform();
  p->bytes[buffer] = count * sizeof(float);
  p->host[buffer] = values;
  return values;
}

static void bench_output(struct problem *p, int buffer, size_t bytes) {
  p->bytes[buffer] = bytes;
  p->host[buffer] = NULL;
}

static void bench_nbody_inputs(struct problem *p) {
  size_t n = p->n;
  if (p->kernel == K_NBODY_FLOAT4) { /* x, y, z, mass per body; accelerations as x, y, z, 0 */
    float *bodies = bench_floats(p, 0, 4 * n, -1.0f, 1.0f);
    for (size_t i = 0; i < n; ++i) bodies[4 * i + 3] = (0.5f + bench_uniform()) / (float)n;
    bench_output(p, 1, 4 * n * sizeof(float));
    return;
  }
  bench_floats(p, 0, n, -1.0f, 1.0f);
  bench_floats(p, 1, n, -1.0f, 1.0f);
  bench_floats(p, 2, n, -1.0f, 1.0f);
  float *mass = bench_floats(p, 3, n, 0.0f, 1.0f);
  for (size_t i = 0; i < n; ++i) mass[i] = (0.5f + mass[i]) / (float)n;
  for (int b = 4; b < 7; ++b) bench_output(p, b, n * sizeof(float));
}

/* The buffers of each kernel (bench/README.md, "The kernels"). */
static void bench_inputs(struct problem *p) {
  size_t n = p->n;
  switch (p->kernel) {
  case K_EMPTY: break;
  case K_VECTOR_ADD:
    bench_floats(p, 0, n, -1.0f, 1.0f), bench_floats(p, 1, n, -1.0f, 1.0f);
    bench_output(p, 2, n * sizeof(float));
    break;
  case K_SAXPY: bench_floats(p, 0, n, -1.0f, 1.0f), bench_floats(p, 1, n, -1.0f, 1.0f); break;
  case K_MATMUL_NAIVE:
  case K_MATMUL_TILED:
    bench_floats(p, 0, n * n, -1.0f, 1.0f), bench_floats(p, 1, n * n, -1.0f, 1.0f);
    bench_output(p, 2, n * n * sizeof(float));
    break;
  case K_REDUCTION:
    bench_floats(p, 0, n, 0.0f, 1.0f);
    bench_output(p, 1, n / REDUCTION_GROUP * sizeof(float));
    break;
  case K_STENCIL: bench_floats(p, 0, n * n, 0.0f, 1.0f), bench_output(p, 1, n * n * sizeof(float)); break;
  case K_MANDELBROT: bench_output(p, 0, n * n * sizeof(int32_t)); break;
  case K_HISTOGRAM: {
    uint8_t *bytes = (uint8_t *)bench_alloc(n);
    for (size_t i = 0; i < n; ++i) { /* skewed: low values are more frequent, as in real data */
      float u = bench_uniform();
      bytes[i] = (uint8_t)(256.0f * u * u);
    }
    p->bytes[0] = n, p->host[0] = bytes;
    bench_output(p, 1, HISTOGRAM_BINS * sizeof(uint32_t));
    break;
  }
  default: bench_nbody_inputs(p); break;
  }
}

#include "reference.h"

/* ---- timing and output ---- */

static double bench_now_ns(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec * 1e9 + (double)t.tv_nsec;
}

/* Times `runs` runs after `warmups` untimed ones; the empty kernel's run is n launches. */
static int bench_time(const struct problem *p, int warmups, int runs) {
  size_t launches = p->kernel == K_EMPTY ? p->n : 1;
  for (int run = -warmups; run < runs; ++run) {
    double start = bench_now_ns();
    for (size_t l = 0; l < launches; ++l)
      if (impl_launch(p) != 0) return 1;
    double elapsed = bench_now_ns() - start;
    if (run >= 0) printf("time_ns %.0f\n", elapsed);
  }
  return 0;
}

static int bench_kernel_by_name(const char *name) {
  for (int k = 0; k < K_COUNT; ++k)
    if (strcmp(kernel_names[k], name) == 0) return k;
  return -1;
}

/* argv: <kernel> <n> <warmups> <runs>. Prints "work W", then "check ok" and one "time_ns T" per
 * timed run, or "check FAILED <why>". Exit status 0 unless something other than the check went
 * wrong. */
static int bench_main(int argc, char **argv) {
  if (argc != 5) {
    fprintf(stderr, "usage: %s <kernel> <n> <warmups> <runs>\n", argv[0]);
    return 2;
  }
  struct problem p;
  memset(&p, 0, sizeof p);
  int kernel = bench_kernel_by_name(argv[1]);
  p.n = (size_t)strtoull(argv[2], NULL, 10);
  int warmups = atoi(argv[3]), runs = atoi(argv[4]);
  if (kernel < 0 || p.n == 0 || warmups < 0 || runs < 1) {
    fprintf(stderr, "bad arguments: kernel %s, n %s, warmups %s, runs %s\n", argv[1], argv[2], argv[3], argv[4]);
    return 2;
  }
  p.kernel = (enum kernel_id)kernel;
  if (!reference_size_ok(&p)) return 2;
  bench_inputs(&p);
  if (impl_prepare(&p) != 0 || impl_launch(&p) != 0) return 1;
  char why[256] = "";
  double work = 0;
  int status = reference_check(&p, why, sizeof why, &work);
  if (status < 0) return 1;
  printf("work %.17g\n", work);
  if (status == 0)
    printf("check ok\n");
  else
    printf("check FAILED %s\n", why);
  fflush(stdout);
  int result = status == 0 ? bench_time(&p, warmups, runs) : 0;
  impl_release(&p);
  for (int b = 0; b < MAX_BUFFERS; ++b) free(p.host[b]);
  return result;
}

#endif
