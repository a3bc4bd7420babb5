// The floating-point environment kernels run in (docs/compiler-pipeline.md, "Floating-point
// control"): whatever the host program sets in MXCSR (here round toward zero and flushing
// denormals, before the runtime creates any thread), a kernel rounds to nearest and keeps
// denormals, or flushes them (results and inputs) when built with -ffast-math or
// -fdenormal-fp-math=preserve-sign, which the test passes with -DEXPECT_FLUSH. The kernel reads
// MXCSR itself, and the host's register is the same after the kernels as before.
#include <sycl/sycl.hpp>
#include "check.hpp"
#include <cfloat>
#include <cstdint>
#include <cstring>
#include <xmmintrin.h>

class FloatOps;
class DoubleOps;

#ifdef EXPECT_FLUSH
constexpr bool kFlush = true;
#else
constexpr bool kFlush = false;
#endif

constexpr unsigned kFtzDaz = 0x8040;   // MXCSR's flush-to-zero and denormals-are-zero bits
constexpr unsigned kFlags = 0x3f;      // its sticky exception flags
constexpr unsigned kTowardZero = 0x6000;

// The kernel's view of MXCSR (the host's when compiled for the host, which never runs it).
inline unsigned kernel_mxcsr() { return __builtin_ia32_stmxcsr(); }

template <typename T> std::uint64_t bits(T value) {
  std::uint64_t out = 0;
  std::memcpy(&out, &value, sizeof(T));
  return out;
}

// in: {smallest normal, 0.5, a denormal, 2^20, 1, 3}; out: {normal * 0.5 (a denormal result),
// denormal * 2^20 (a denormal input), 1 / 3 (rounds up to nearest, down toward zero)}.
template <typename T, typename Name> void run(sycl::queue &q, const T *host_in, T *out, unsigned *mxcsr) {
  T *in = sycl::malloc_shared<T>(6, q);
  std::copy(host_in, host_in + 6, in);
  q.parallel_for<Name>(sycl::range<1>(64), [=](sycl::id<1> i) {
     if (i[0] == 0) {
       out[0] = in[0] * in[1];
       out[1] = in[2] * in[3];
       out[2] = in[4] / in[5];
       mxcsr[0] = kernel_mxcsr();
     }
   }).wait();
  sycl::free(in, q);
}

template <typename T> void check_results(const char *type, const T *out, T smallest, T denormal, T scale) {
  const T half_smallest = smallest / 2, scaled = denormal * scale;
  check::equal(type, 0, bits(out[0]), bits(kFlush ? T(0) : half_smallest));
  check::equal(type, 1, bits(out[1]), bits(kFlush ? T(0) : scaled));
#ifndef __FAST_MATH__ // fast math may divide through a reciprocal estimate
  check::equal(type, 2, bits(out[2]), bits(T(1) / T(3)));
#endif
}

int main() {
  const float fin[6] = {FLT_MIN, 0.5f, FLT_MIN / 4, 1048576.0f, 1.0f, 3.0f};
  const double din[6] = {DBL_MIN, 0.5, DBL_MIN / 4, 1048576.0, 1.0, 3.0};
  // Before any queue: threads the runtime creates inherit this register.
  const unsigned host = (_mm_getcsr() & ~kFlags) | kTowardZero | kFtzDaz;
  _mm_setcsr(host);

  sycl::queue q;
  float *fout = sycl::malloc_shared<float>(3, q);
  double *dout = sycl::malloc_shared<double>(3, q);
  unsigned *mxcsr = sycl::malloc_shared<unsigned>(2, q);
  run<float, FloatOps>(q, fin, fout, mxcsr);
  run<double, DoubleOps>(q, din, dout, mxcsr + 1);
  check::equal("host MXCSR after the kernels", 0, _mm_getcsr() & ~kFlags, host);

  // The reference values, computed the way the kernel must: round to nearest, denormals kept.
  _mm_setcsr(0x1f80);
  check_results("float", fout, FLT_MIN, FLT_MIN / 4, 1048576.0f);
  check_results("double", dout, DBL_MIN, DBL_MIN / 4, 1048576.0);
  const unsigned expected = 0x1f80 | (kFlush ? kFtzDaz : 0);
  check::equal("kernel MXCSR (float kernel)", 0, mxcsr[0] & ~kFlags, expected);
  check::equal("kernel MXCSR (double kernel)", 1, mxcsr[1] & ~kFlags, expected);
  sycl::free(fout, q);
  sycl::free(dout, q);
  sycl::free(mxcsr, q);
  return check::finish();
}
