/* The n-body references, included by reference.h. Each kernel computes, for every body i, the
 * acceleration a_i = sum_j m_j d_ij / (|d_ij|^2 + eps^2)^(3/2) with d_ij = x_j - x_i, counted
 * as NBODY_FLOPS (bench.h) floating-point operations per pair. */
#ifndef NCPU_BENCH_REFERENCE_NBODY_H
#define NCPU_BENCH_REFERENCE_NBODY_H

/* Body j's position and mass, from either layout. */
static void nbody_body(const struct problem *p, size_t j, double body[4]) {
  for (int k = 0; k < 4; ++k)
    body[k] = p->kernel == K_NBODY_FLOAT4 ? ((const float *)p->host[0])[4 * j + k]
                                          : ((const float *)p->host[k])[j];
}

/* Body i's acceleration and, per component, the sum of the terms' magnitudes. */
static void nbody_reference(const struct problem *p, size_t i, double acceleration[3], double magnitude[3]) {
  double self[4], other[4];
  nbody_body(p, i, self);
  for (int k = 0; k < 3; ++k) acceleration[k] = magnitude[k] = 0;
  for (size_t j = 0; j < p->n; ++j) {
    nbody_body(p, j, other);
    double d[3] = {other[0] - self[0], other[1] - self[1], other[2] - self[2]};
    double inverse = 1.0 / sqrt(d[0] * d[0] + d[1] * d[1] + d[2] * d[2] + NBODY_SOFTENING2);
    double strength = other[3] * inverse * inverse * inverse;
    for (int k = 0; k < 3; ++k) acceleration[k] += d[k] * strength, magnitude[k] += fabs(d[k] * strength);
  }
}

/* rsqrt is exact to a few ulp, so the error is float summation (2e-4 of the magnitudes);
 * native_rsqrt's precision is the implementation's, a few parts in ten thousand on x86, and the
 * cube of it in each term is allowed 4e-3. */
static int check_nbody(const struct problem *p, char *why, size_t len, double *work) {
  struct tally t;
  memset(&t, 0, sizeof t);
  int layout_float4 = p->kernel == K_NBODY_FLOAT4;
  float *out[3] = {NULL, NULL, NULL};
  int status = 0;
  for (int k = 0; k < (layout_float4 ? 1 : 3) && status == 0; ++k)
    if (!(out[k] = (float *)reference_read(p, layout_float4 ? 1 : 4 + k))) status = -1;
  double tolerance = p->kernel == K_NBODY_NATIVE ? 4e-3 : 2e-4;
  for (size_t i = 0; i < p->n && status == 0; i += reference_stride(p->n, 2048)) {
    double acceleration[3], magnitude[3];
    nbody_reference(p, i, acceleration, magnitude);
    for (int k = 0; k < 3; ++k) {
      double got = layout_float4 ? out[0][4 * i + k] : out[k][i];
      tally_value(&t, 3 * i + k, got, acceleration[k], tolerance * magnitude[k]);
    }
  }
  for (int k = 0; k < 3; ++k) free(out[k]);
  *work = reference_work(p);
  return status != 0 ? status : tally_verdict(&t, 0, why, len);
}

#endif
