/* The n-body kernels in OpenMP C, included by bench.c. C has no float4 and no native_rsqrt: the
 * float4 kernel uses a four-float struct, and both scalar kernels use 1 / sqrtf (so the
 * nbody_native row of OpenMP runs the same code as nbody_scalar). */
#ifndef NCPU_BENCH_OPENMP_NBODY_H
#define NCPU_BENCH_OPENMP_NBODY_H

struct float4 {
  float x, y, z, w;
};

static void nbody_float4(const struct float4 *bodies, struct float4 *acceleration, size_t n) {
#pragma omp parallel for
  for (size_t i = 0; i < n; ++i) {
    struct float4 self = bodies[i];
    float ax = 0.0f, ay = 0.0f, az = 0.0f;
#pragma omp simd reduction(+ : ax, ay, az)
    for (size_t j = 0; j < n; ++j) {
      struct float4 other = bodies[j];
      float dx = other.x - self.x, dy = other.y - self.y, dz = other.z - self.z;
      float inverse = 1.0f / sqrtf(dx * dx + dy * dy + dz * dz + NBODY_SOFTENING2);
      float strength = other.w * inverse * inverse * inverse;
      ax += dx * strength, ay += dy * strength, az += dz * strength;
    }
    struct float4 result = {ax, ay, az, 0.0f};
    acceleration[i] = result;
  }
}

/* b[0..3]: x, y, z, mass; b[4..6]: the acceleration's x, y, z. */
static void nbody_scalar(float *const *b, size_t n) {
  const float *x = b[0], *y = b[1], *z = b[2], *mass = b[3];
#pragma omp parallel for
  for (size_t i = 0; i < n; ++i) {
    float ax = 0.0f, ay = 0.0f, az = 0.0f;
#pragma omp simd reduction(+ : ax, ay, az)
    for (size_t j = 0; j < n; ++j) {
      float dx = x[j] - x[i], dy = y[j] - y[i], dz = z[j] - z[i];
      float inverse = 1.0f / sqrtf(dx * dx + dy * dy + dz * dz + NBODY_SOFTENING2);
      float strength = mass[j] * inverse * inverse * inverse;
      ax += dx * strength, ay += dy * strength, az += dz * strength;
    }
    b[4][i] = ax, b[5][i] = ay, b[6][i] = az;
  }
}

#endif
