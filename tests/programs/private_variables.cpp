// Private variables that differ between work-items: a private array indexed by data, a struct
// filled through a pointer by a function that is not inlined, and math functions that return a
// second result through a pointer (lgamma_r, sincos, frexp, modf). Vectorized, each lane needs
// its own copy of each; sharing one would mix work-items' values. (A kernel with the private
// array stays scalar: docs/vectorizer.md, "Private variables".) Compared with the same
// computation on the host; sincos, whose device sine and cosine may be vector math, within
// 4 ulp.
#include <sycl/sycl.hpp>
#include "check.hpp"

#include <cmath>
#include <vector>

namespace {
struct moments {
  int count;
  long sum;
};

[[gnu::noinline]] void accumulate(moments *m, int value) {
  m->count += 1;
  m->sum += value;
}

int histogram_score(int seed) {
  int bins[8] = {};
  for (int k = 0; k < 24; ++k) bins[(seed * 7 + k * k) & 7] += k;
  int score = 0;
  for (int b = 0; b < 8; ++b) score += bins[b] * (b + 1);
  return score;
}

long moment_sum(int seed) {
  moments m{0, 0};
  for (int k = 0; k <= seed % 5; ++k) accumulate(&m, seed + k);
  return m.sum * 10 + m.count;
}

bool within_ulps(float got, float expected, float ulps) {
  const float scale = std::fabs(expected) > 1e-30f ? std::fabs(expected) : 1e-30f;
  return std::fabs(got - expected) <= ulps * scale * 1.2e-7f;
}
} // namespace

int main() {
  constexpr size_t n = 1003; // not a multiple of any width: the last vector is partial
  sycl::queue q;
  std::vector<int> seeds(n);
  std::vector<float> xs(n);
  for (size_t i = 0; i < n; ++i) {
    seeds[i] = int((i * 2654435761u) % 1000);
    xs[i] = -7.5f + 0.0173f * float(i);
  }
  std::vector<int> scores(n), signs(n), exponents(n);
  std::vector<long> sums(n);
  std::vector<float> gammas(n), sines(n), cosines(n), mantissas(n), fractions(n), integrals(n);
  {
    sycl::buffer<int> seed_buffer(seeds.data(), sycl::range<1>(n));
    sycl::buffer<float> x_buffer(xs.data(), sycl::range<1>(n));
    sycl::buffer<int> score_buffer(scores.data(), sycl::range<1>(n)), sign_buffer(signs.data(), sycl::range<1>(n)),
        exponent_buffer(exponents.data(), sycl::range<1>(n));
    sycl::buffer<long> sum_buffer(sums.data(), sycl::range<1>(n));
    sycl::buffer<float> gamma_buffer(gammas.data(), sycl::range<1>(n)), sin_buffer(sines.data(), sycl::range<1>(n)),
        cos_buffer(cosines.data(), sycl::range<1>(n)), mantissa_buffer(mantissas.data(), sycl::range<1>(n)),
        fraction_buffer(fractions.data(), sycl::range<1>(n)), integral_buffer(integrals.data(), sycl::range<1>(n));
    q.submit([&](sycl::handler &h) {
      sycl::accessor seed(seed_buffer, h, sycl::read_only);
      sycl::accessor score(score_buffer, h, sycl::write_only);
      sycl::accessor sum(sum_buffer, h, sycl::write_only);
      h.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) {
        score[i] = histogram_score(seed[i]);
        sum[i] = moment_sum(seed[i]);
      });
    });
    q.submit([&](sycl::handler &h) {
      sycl::accessor x(x_buffer, h, sycl::read_only);
      sycl::accessor gamma(gamma_buffer, h, sycl::write_only), sine(sin_buffer, h, sycl::write_only),
          cosine(cos_buffer, h, sycl::write_only), mantissa(mantissa_buffer, h, sycl::write_only),
          fraction(fraction_buffer, h, sycl::write_only), integral(integral_buffer, h, sycl::write_only);
      sycl::accessor sign(sign_buffer, h, sycl::write_only), exponent(exponent_buffer, h, sycl::write_only);
      h.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) {
        int s = 0, e = 0;
        float c = 0, whole = 0;
        gamma[i] = sycl::lgamma_r(x[i], &s);
        sign[i] = s;
        sine[i] = sycl::sincos(x[i], &c);
        cosine[i] = c;
        mantissa[i] = sycl::frexp(x[i], &e);
        exponent[i] = e;
        fraction[i] = sycl::modf(x[i], &whole);
        integral[i] = whole;
      });
    });
  }
  for (size_t i = 0; i < n; ++i) {
    check::equal("histogram score", long(i), scores[i], histogram_score(seeds[i]));
    check::equal("moments", long(i), sums[i], moment_sum(seeds[i]));
    int s = 0, e = 0;
    float whole = 0;
    check::equal("lgamma_r", long(i), gammas[i], lgammaf_r(xs[i], &s));
    check::equal("lgamma_r sign", long(i), signs[i], s);
    check::equal("sin of sincos", long(i), within_ulps(sines[i], std::sin(xs[i]), 4), true);
    check::equal("cos of sincos", long(i), within_ulps(cosines[i], std::cos(xs[i]), 4), true);
    check::equal("frexp", long(i), mantissas[i], std::frexp(xs[i], &e));
    check::equal("frexp exponent", long(i), exponents[i], e);
    check::equal("modf", long(i), fractions[i], std::modf(xs[i], &whole));
    check::equal("modf integral", long(i), integrals[i], whole);
  }
  return check::finish();
}
