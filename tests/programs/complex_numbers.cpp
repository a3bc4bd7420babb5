// sycl_ext_oneapi_complex: every math function of complex<double> and complex<float> on ordinary
// and special values (infinities, NaNs, signed zeros, as C's Annex G specifies them) in a
// kernel, against std::complex on the host; complex<sycl::half>; the operators with real numbers
// and mixed types; marray<complex<float>, N> element-wise; sycl::stream and iostream output and
// input; the literals.
#define SYCL_EXT_ONEAPI_COMPLEX
#include <sycl/ext/oneapi/experimental/sycl_complex.hpp>
#include <sycl/sycl.hpp>
#include "check.hpp"
#include <cmath>
#include <complex>
#include <limits>
#include <sstream>
#include <vector>

namespace ex = sycl::ext::oneapi::experimental;

constexpr int kFunctions = 24;
// Four units in the last place of a float, in units of double's.
constexpr double kFloatUlps = 4 * double(std::numeric_limits<float>::epsilon() / std::numeric_limits<double>::epsilon());

template <typename Z> Z apply(int f, Z z) {
  using std::abs, std::arg, std::norm, std::conj, std::proj, std::log, std::log10, std::sqrt, std::exp, std::asinh,
      std::acosh, std::atanh, std::sinh, std::cosh, std::tanh, std::asin, std::acos, std::atan, std::sin, std::cos,
      std::tan, std::pow;
  using ex::abs, ex::arg, ex::norm, ex::conj, ex::proj, ex::log, ex::log10, ex::sqrt, ex::exp, ex::asinh, ex::acosh,
      ex::atanh, ex::sinh, ex::cosh, ex::tanh, ex::asin, ex::acos, ex::atan, ex::sin, ex::cos, ex::tan, ex::pow;
  switch (f) {
  case 0: return Z(abs(z));
  case 1: return Z(arg(z));
  case 2: return Z(norm(z));
  case 3: return conj(z);
  case 4: return proj(z);
  case 5: return log(z);
  case 6: return log10(z);
  case 7: return sqrt(z);
  case 8: return exp(z);
  case 9: return asinh(z);
  case 10: return acosh(z);
  case 11: return atanh(z);
  case 12: return sinh(z);
  case 13: return cosh(z);
  case 14: return tanh(z);
  case 15: return asin(z);
  case 16: return acos(z);
  case 17: return atan(z);
  case 18: return sin(z);
  case 19: return cos(z);
  case 20: return tan(z);
  case 21: return z * Z(2, 3); // infinities times anything stay infinite (Annex G), not NaN
  case 22: return Z(0.25, -4) / z;
  default: return pow(z, Z(0.5, -1.5));
  }
}

// Equal to within a few units in the last place, or both NaN, or equal infinities.
bool close(double got, double expected, double ulps) {
  if (std::isnan(expected)) return std::isnan(got);
  if (std::isinf(expected)) return got == expected;
  const double scale = std::max(std::abs(expected), std::numeric_limits<double>::min());
  return std::abs(got - expected) <= ulps * std::numeric_limits<double>::epsilon() * scale;
}

int main() {
  const double inf = std::numeric_limits<double>::infinity(), nan = std::numeric_limits<double>::quiet_NaN();
  const std::vector<std::complex<double>> inputs = {
      {1.0, 2.0},  {-0.5, 0.25}, {3.0, -4.0}, {0.0, 0.0}, {-0.0, 0.0}, {0.0, -0.0}, {1e-8, 1e8},
      {inf, 1.0},  {-inf, 1.0},  {1.0, inf},  {inf, nan}, {nan, 1.0},  {nan, nan},  {-2.0, 0.0}};
  const size_t n = inputs.size();
  sycl::queue q;
  ex::complex<double> *in = sycl::malloc_shared<ex::complex<double>>(n, q);
  ex::complex<double> *out = sycl::malloc_shared<ex::complex<double>>(n * kFunctions, q);
  ex::complex<float> *out_float = sycl::malloc_shared<ex::complex<float>>(n * kFunctions, q);
  for (size_t i = 0; i < n; ++i) in[i] = inputs[i];
  q.parallel_for(sycl::range<2>(kFunctions, n), [=](sycl::item<2> it) {
     const int f = int(it[0]);
     const size_t i = it[1];
     out[f * n + i] = apply(f, in[i]);
     out_float[f * n + i] = apply(f, ex::complex<float>(in[i]));
   }).wait();
  for (int f = 0; f < kFunctions; ++f)
    for (size_t i = 0; i < n; ++i) {
      const std::complex<double> expected = apply(f, inputs[i]);
      const std::complex<double> got = out[f * n + i];
      const long at = long(f * 100 + i);
      check::equal("complex<double> real part", at, close(got.real(), expected.real(), 4), true);
      check::equal("complex<double> imaginary part", at, close(got.imag(), expected.imag(), 4), true);
      const std::complex<float> expected_float = apply(f, std::complex<float>(inputs[i]));
      const std::complex<float> got_float = out_float[f * n + i];
      check::equal("complex<float> real part", at, close(got_float.real(), expected_float.real(), kFloatUlps), true);
      check::equal("complex<float> imaginary part", at, close(got_float.imag(), expected_float.imag(), kFloatUlps), true);
    }

  // sycl::half, real operands, mixed types, marray, and sycl::stream.
  ex::complex<sycl::half> *halves = sycl::malloc_shared<ex::complex<sycl::half>>(2, q);
  ex::complex<double> *mixed = sycl::malloc_shared<ex::complex<double>>(4, q);
  sycl::marray<ex::complex<float>, 3> *arrays = sycl::malloc_shared<sycl::marray<ex::complex<float>, 3>>(2, q);
  sycl::marray<float, 3> *magnitudes = sycl::malloc_shared<sycl::marray<float, 3>>(1, q);
  q.submit([&](sycl::handler &h) {
     sycl::stream os(1024, 128, h);
     h.single_task([=] {
       halves[0] = ex::complex<sycl::half>(1.5f, 2.0f) * ex::complex<sycl::half>(2.0f, -1.0f);
       halves[1] = ex::exp(ex::complex<sycl::half>(0.0f, 0.0f));
       ex::complex<double> z(1.0, -2.0);
       z += ex::complex<float>(0.5f, 0.5f);
       z *= 2.0;
       mixed[0] = z;
       mixed[1] = 3.0 - z / 2.0;
       mixed[2] = ex::pow(ex::complex<float>(1.0f, 1.0f), 2.0); // promoted to double
       mixed[3] = ex::polar(2.0, 0.0) + ex::real(4.0) + ex::imag(ex::complex<double>(0, 5));
       const sycl::marray<ex::complex<float>, 3> a{ex::complex<float>(1, 1), ex::complex<float>(2, 0),
                                                   ex::complex<float>(0, 3)};
       arrays[0] = a * a + ex::complex<float>(1, 0);
       arrays[1] = ex::pow(a, 2.0f) - ex::conj(a);
       magnitudes[0] = ex::abs(a);
       os << ex::complex<float>(1.5f, -2.0f) << sycl::endl;
     });
   }).wait();
  check::equal("half product real", 0, float(halves[0].real()), 5.0f);
  check::equal("half product imaginary", 0, float(halves[0].imag()), 2.5f);
  check::equal("half exp", 0, float(halves[1].real()), 1.0f);
  check::equal("compound assignments", 0, mixed[0] == ex::complex<double>(3.0, -3.0), true);
  check::equal("real minus complex", 0, mixed[1] == ex::complex<double>(1.5, 1.5), true);
  check::equal("promoted pow", 0, std::abs(std::complex<double>(mixed[2]) - std::complex<double>(0, 2)) < 1e-6, true);
  check::equal("polar, real, imag", 0, mixed[3] == ex::complex<double>(11.0, 0.0), true);
  const sycl::marray<bool, 3> squares = arrays[0] == sycl::marray<ex::complex<float>, 3>{
                                                         ex::complex<float>(1, 2), ex::complex<float>(5, 0),
                                                         ex::complex<float>(-8, 0)};
  check::equal("marray arithmetic", 0, squares[0] && squares[1] && squares[2], true);
  check::equal("marray pow and conj", 2, std::abs(std::complex<float>(arrays[1][2]) - std::complex<float>(-9, 3)) < 1e-5f,
               true);
  check::equal("marray abs", 0, magnitudes[0][2], 3.0f);

  std::ostringstream text;
  text << ex::complex<double>(0.5, -1.0);
  check::equal("iostream output", 0, text.str() == "(0.5,-1)", true);
  std::istringstream input("(2.5,4)");
  ex::complex<float> read;
  input >> read;
  check::equal("iostream input", 0, read == ex::complex<float>(2.5f, 4.0f), true);
  static_assert(std::is_trivially_copyable_v<ex::complex<double>> && sycl::is_device_copyable_v<ex::complex<float>>);
  {
    using namespace ex::complex_literals;
    static_assert(std::is_same_v<decltype(3.0i), ex::complex<double>> && std::is_same_v<decltype(3if), ex::complex<float>>);
    check::equal("literals", 0, 2.0 + 3.0i == ex::complex<double>(2.0, 3.0) && 1if == ex::complex<float>(0, 1), true);
  }
  // std::complex<float> through its 64 bits and back in a vectorized kernel (oneDPL's scans move
  // it as an i64: a bitcast between <2 x float> and i64, which the vectorizer regroups by lane).
  std::uint64_t *bits = sycl::malloc_shared<std::uint64_t>(64, q);
  std::complex<float> *pairs = sycl::malloc_shared<std::complex<float>>(64, q);
  q.parallel_for(sycl::range<1>(64), [=](sycl::id<1> i) {
     std::complex<float> c(float(i[0]), float(2 * i[0] + 1));
     c += c;
     const std::uint64_t b = sycl::bit_cast<std::uint64_t>(c) ^ i[0];
     bits[i] = b;
     pairs[i] = sycl::bit_cast<std::complex<float>>(b ^ i[0]) * 0.5f;
   }).wait();
  for (std::uint64_t i = 0; i < 64; ++i) {
    const std::complex<float> doubled(float(2 * i), float(4 * i + 2));
    check::equal("complex<float> as 64 bits", long(i), bits[i], sycl::bit_cast<std::uint64_t>(doubled) ^ i);
    check::equal("64 bits as complex<float>", long(i), pairs[i] == std::complex<float>(float(i), float(2 * i + 1)), true);
  }
  sycl::free(bits, q);
  sycl::free(pairs, q);
  sycl::free(in, q);
  sycl::free(out, q);
  sycl::free(out_float, q);
  sycl::free(halves, q);
  sycl::free(mixed, q);
  sycl::free(arrays, q);
  sycl::free(magnitudes, q);
  return check::finish();
}
