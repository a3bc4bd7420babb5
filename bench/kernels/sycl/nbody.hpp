// The n-body kernels in SYCL, included by bench.cpp: one body per work-item, all pairs.
#ifndef NCPU_BENCH_SYCL_NBODY_HPP
#define NCPU_BENCH_SYCL_NBODY_HPP

namespace {

// Bodies as sycl::float4 (x, y, z, mass), sycl::dot and sycl::rsqrt.
void nbody_float4(sycl::queue &q, const sycl::float4 *bodies, sycl::float4 *acceleration, size_t n) {
  q.parallel_for(sycl::range<1>{n}, [=](sycl::id<1> id) {
     const sycl::float4 self = bodies[id];
     sycl::float3 sum{0.0f};
     for (size_t j = 0; j < n; ++j) {
       const sycl::float4 other = bodies[j];
       const sycl::float3 d = other.xyz() - self.xyz();
       const float inverse = sycl::rsqrt(sycl::dot(d, d) + NBODY_SOFTENING2);
       sum += d * (other.w() * inverse * inverse * inverse);
     }
     acceleration[id] = sycl::float4{sum, 0.0f};
   }).wait();
}

// Separate float arrays: b[0..3] x, y, z, mass; b[4..6] the acceleration's x, y, z. `Rsqrt`
// is sycl::rsqrt or sycl::native::rsqrt.
template <typename Rsqrt> void nbody_arrays(sycl::queue &q, float *const *b, size_t n, Rsqrt rsqrt) {
  const float *x = b[0], *y = b[1], *z = b[2], *mass = b[3];
  float *ax = b[4], *ay = b[5], *az = b[6];
  q.parallel_for(sycl::range<1>{n}, [=](sycl::id<1> id) {
     const size_t i = id[0];
     float sx = 0.0f, sy = 0.0f, sz = 0.0f;
     for (size_t j = 0; j < n; ++j) {
       const float dx = x[j] - x[i], dy = y[j] - y[i], dz = z[j] - z[i];
       const float inverse = rsqrt(dx * dx + dy * dy + dz * dz + NBODY_SOFTENING2);
       const float strength = mass[j] * inverse * inverse * inverse;
       sx += dx * strength, sy += dy * strength, sz += dz * strength;
     }
     ax[i] = sx, ay[i] = sy, az[i] = sz;
   }).wait();
}

void nbody_scalar(sycl::queue &q, float *const *b, size_t n) {
  nbody_arrays(q, b, n, [](float v) { return sycl::rsqrt(v); });
}

void nbody_native(sycl::queue &q, float *const *b, size_t n) {
  nbody_arrays(q, b, n, [](float v) { return sycl::native::rsqrt(v); });
}

} // namespace

#endif
