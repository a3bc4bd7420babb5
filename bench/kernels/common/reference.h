/* Serial host references and result checks, included by bench.h (bench/README.md, "How results
 * are checked"). Integer results must match exactly; float results must be within a stated
 * tolerance of a double-precision reference, relative to the sum of the magnitudes of the terms
 * that make up each value. The O(n^3) and O(n^2) kernels (matrix products, n-body) are checked
 * on every 17th row or body at full size, which covers every residue modulo the 16x16 tiles. */
#ifndef NCPU_BENCH_REFERENCE_H
#define NCPU_BENCH_REFERENCE_H

#include <float.h>

/* Mismatch bookkeeping for one kernel's check. */
struct tally {
  size_t checked, bad, worst_at;
  double worst_error, worst_got, worst_expected, worst_allowed;
};

static void tally_value(struct tally *t, size_t at, double got, double expected, double allowed) {
  double error = fabs(got - expected);
  ++t->checked;
  if (error <= allowed) return; /* NaN fails here too */
  if (t->bad++ == 0 || error > t->worst_error || error != error)
    t->worst_at = at, t->worst_error = error, t->worst_got = got, t->worst_expected = expected,
    t->worst_allowed = allowed;
}

/* 0 if nothing differs, else 1 with one line in `why`. */
static int tally_verdict(const struct tally *t, size_t allowed_bad, char *why, size_t len) {
  if (t->bad <= allowed_bad) return 0;
  snprintf(why, len, "%zu of %zu checked values differ; e.g. at %zu: got %.9g, expected %.9g (allowed error %.3g)",
           t->bad, t->checked, t->worst_at, t->worst_got, t->worst_expected, t->worst_allowed);
  return 1;
}

static size_t reference_stride(size_t n, size_t large) { return n >= large ? 17 : 1; }

static int reference_size_ok(const struct problem *p) {
  size_t n = p->n;
  int ok = 1;
  if (p->kernel == K_MATMUL_TILED) ok = n % TILE == 0;
  if (p->kernel == K_REDUCTION) ok = n % REDUCTION_GROUP == 0;
  if (p->kernel == K_STENCIL) ok = n >= 3;
  if (!ok) fprintf(stderr, "size %zu does not fit kernel %s\n", n, kernel_names[p->kernel]);
  return ok;
}

static void *reference_read(const struct problem *p, int buffer) {
  void *out = bench_alloc(p->bytes[buffer]);
  if (impl_read(p, buffer, out) != 0) {
    free(out);
    return NULL;
  }
  return out;
}

static void check_vector_add(const struct problem *p, const float *c, struct tally *t) {
  const float *a = (const float *)p->host[0], *b = (const float *)p->host[1];
  for (size_t i = 0; i < p->n; ++i) tally_value(t, i, c[i], (float)(a[i] + b[i]), 0.0);
}

static void check_saxpy(const struct problem *p, const float *y_out, struct tally *t) {
  const float *x = (const float *)p->host[0], *y = (const float *)p->host[1];
  for (size_t i = 0; i < p->n; ++i) {
    double ax = (double)SAXPY_A * x[i];
    tally_value(t, i, y_out[i], ax + y[i], 2 * FLT_EPSILON * (fabs(ax) + fabs(y[i])));
  }
}

/* Any order of a float dot product of n terms is within n * FLT_EPSILON / 2 * sum|a*b| of the
 * exact value; the allowed error is twice that. */
static void check_matmul(const struct problem *p, const float *c, struct tally *t) {
  const float *a = (const float *)p->host[0], *b = (const float *)p->host[1];
  size_t n = p->n;
  double *sum = (double *)bench_alloc(n * sizeof(double)), *magnitude = (double *)bench_alloc(n * sizeof(double));
  for (size_t i = 0; i < n; i += reference_stride(n, 512)) {
    for (size_t j = 0; j < n; ++j) sum[j] = magnitude[j] = 0;
    for (size_t k = 0; k < n; ++k) {
      double aik = a[i * n + k];
      for (size_t j = 0; j < n; ++j) {
        double term = aik * b[k * n + j];
        sum[j] += term, magnitude[j] += fabs(term);
      }
    }
    for (size_t j = 0; j < n; ++j) tally_value(t, i * n + j, c[i * n + j], sum[j], n * FLT_EPSILON * magnitude[j]);
  }
  free(sum), free(magnitude);
}

/* Each group's partial sum; the inputs are non-negative, so the magnitude is the sum itself. */
static void check_reduction(const struct problem *p, const float *partial, struct tally *t) {
  const float *x = (const float *)p->host[0];
  for (size_t g = 0; g < p->n / REDUCTION_GROUP; ++g) {
    double sum = 0;
    for (size_t i = 0; i < REDUCTION_GROUP; ++i) sum += x[g * REDUCTION_GROUP + i];
    tally_value(t, g, partial[g], sum, REDUCTION_GROUP * FLT_EPSILON * sum);
  }
}

/* Interior points: 0.2 * (centre + 4 neighbours); border points are copied. */
static void check_stencil(const struct problem *p, const float *out, struct tally *t) {
  const float *in = (const float *)p->host[0];
  size_t n = p->n;
  for (size_t i = 0; i < n; ++i)
    for (size_t j = 0; j < n; ++j) {
      size_t at = i * n + j;
      if (i == 0 || j == 0 || i == n - 1 || j == n - 1) {
        tally_value(t, at, out[at], in[at], 0.0);
        continue;
      }
      double sum = (double)in[at] + in[at - n] + in[at + n] + in[at - 1] + in[at + 1];
      tally_value(t, at, out[at], 0.2 * sum, 8 * FLT_EPSILON * 0.2 * sum);
    }
}

/* The escape count of one pixel, in float like the kernels. */
static int32_t reference_mandelbrot_pixel(size_t n, size_t row, size_t col) {
  float cx = -2.0f + 2.6f * (float)col / (float)n, cy = -1.3f + 2.6f * (float)row / (float)n;
  float zx = 0.0f, zy = 0.0f;
  int32_t k = 0;
  while (k < MANDELBROT_ITERATIONS && zx * zx + zy * zy <= 4.0f) {
    float next_x = zx * zx - zy * zy + cx;
    zy = 2.0f * zx * zy + cy;
    zx = next_x;
    ++k;
  }
  return k;
}

/* Escape counts differ where a compiler contracts the multiply-adds (OpenCL C and -march=native
 * C may) and chaotic pixels near the set's boundary round differently: about 2 pixels in a
 * thousand at 1024^2, so up to 1 in 200 may differ. Work: the reference's iterations. */
static size_t check_mandelbrot(const struct problem *p, const int32_t *counts, struct tally *t, double *work) {
  size_t n = p->n;
  *work = 0;
  for (size_t i = 0; i < n; ++i)
    for (size_t j = 0; j < n; ++j) {
      int32_t expected = reference_mandelbrot_pixel(n, i, j);
      *work += expected;
      tally_value(t, i * n + j, counts[i * n + j], expected, 0.0);
    }
  return n * n / 200;
}

static void check_histogram(const struct problem *p, const uint32_t *bins, struct tally *t) {
  const uint8_t *bytes = (const uint8_t *)p->host[0];
  uint32_t expected[HISTOGRAM_BINS] = {0};
  for (size_t i = 0; i < p->n; ++i) ++expected[bytes[i]];
  for (size_t b = 0; b < HISTOGRAM_BINS; ++b) tally_value(t, b, bins[b], expected[b], 0.0);
}

static double reference_work(const struct problem *p) {
  double n = (double)p->n;
  switch (p->kernel) {
  case K_EMPTY: return n;                                     /* launches */
  case K_VECTOR_ADD: case K_SAXPY: return 12 * n;             /* bytes: 2 read, 1 written */
  case K_MATMUL_NAIVE: case K_MATMUL_TILED: return 2 * n * n * n; /* flops */
  case K_REDUCTION: return 4 * n + n / REDUCTION_GROUP * 4;   /* bytes */
  case K_STENCIL: return 8 * n * n;                           /* bytes: each point read and written once */
  case K_HISTOGRAM: return n;                                 /* bytes */
  case K_MANDELBROT: return 0;                                /* iterations: counted by the check */
  default: return NBODY_FLOPS * n * n;                        /* flops */
  }
}

#include "reference_nbody.h"

static int reference_compare(const struct problem *p, void *out, struct tally *t, double *work) {
  size_t allowed_bad = 0;
  *work = reference_work(p);
  switch (p->kernel) {
  case K_VECTOR_ADD: check_vector_add(p, (const float *)out, t); break;
  case K_SAXPY: check_saxpy(p, (const float *)out, t); break;
  case K_MATMUL_NAIVE: case K_MATMUL_TILED: check_matmul(p, (const float *)out, t); break;
  case K_REDUCTION: check_reduction(p, (const float *)out, t); break;
  case K_STENCIL: check_stencil(p, (const float *)out, t); break;
  case K_MANDELBROT: allowed_bad = check_mandelbrot(p, (const int32_t *)out, t, work); break;
  case K_HISTOGRAM: check_histogram(p, (const uint32_t *)out, t); break;
  default: break;
  }
  return (int)allowed_bad;
}

/* The output buffer each kernel is checked on (n-body reads its own). */
static int reference_output(enum kernel_id kernel) {
  switch (kernel) {
  case K_SAXPY: case K_REDUCTION: case K_STENCIL: case K_HISTOGRAM: return 1;
  case K_MANDELBROT: return 0;
  default: return 2;
  }
}

/* Reads the results of the first launch and checks them: 0 if right, 1 if wrong (with `why`),
 * -1 if they could not be read. `work` is what one launch does, in the kernel's unit. */
static int reference_check(const struct problem *p, char *why, size_t len, double *work) {
  struct tally t;
  memset(&t, 0, sizeof t);
  if (p->kernel == K_EMPTY) {
    *work = reference_work(p);
    return 0;
  }
  if (p->kernel >= K_NBODY_FLOAT4) return check_nbody(p, why, len, work);
  void *out = reference_read(p, reference_output(p->kernel));
  if (!out) return -1;
  int allowed_bad = reference_compare(p, out, &t, work);
  free(out);
  return tally_verdict(&t, (size_t)allowed_bad, why, len);
}

#endif
