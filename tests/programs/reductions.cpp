// Reductions (SYCL 2020 4.9.2): range and nd_range parallel_for with one and several reductions,
// into USM and buffers, with and without initialize_to_identity, the standard operators with
// deduced identities, a user operator with an explicit identity and one without, the reducer's
// shorthand operators (++ on integer vecs too), multi-dimensional ranges, empty ranges, reductions
// into spans, and the reduction properties of sycl_ext_oneapi_reduction_properties.
#include <sycl/sycl.hpp>
#include <sycl/ext/oneapi/experimental/reduction_properties.hpp>

#include <algorithm>
#include <climits>
#include <cstdint>
#include <vector>

#include "check.hpp"

namespace syclex = sycl::ext::oneapi::experimental;

struct MinMax {
  int low, high;
};
struct CombineMinMax {
  MinMax operator()(const MinMax &a, const MinMax &b) const {
    return {a.low < b.low ? a.low : b.low, a.high > b.high ? a.high : b.high};
  }
};
struct Gcd { // no identity given: the implementation must cope
  long operator()(long a, long b) const {
    while (b != 0) {
      long t = a % b;
      a = b;
      b = t;
    }
    return a < 0 ? -a : a;
  }
};

// Reductions into spans (4.9.2.2): a histogram into a fixed-extent span next to a scalar sum, in
// a range kernel; in an nd_range kernel, a dynamic-extent span with initialize_to_identity, a
// user operator with an explicit identity, and one without an identity whose variables some
// work-items leave alone.
static void span_reductions(sycl::queue &q) {
  constexpr int bins = 8;
  const size_t n = 1000;
  int *histogram = sycl::malloc_shared<int>(bins, q);
  int *count = sycl::malloc_shared<int>(1, q);
  for (int b = 0; b < bins; ++b) histogram[b] = 100;
  *count = 0;
  q.submit([&](sycl::handler &h) {
     h.parallel_for(sycl::range<1>(n), sycl::reduction(sycl::span<int, bins>(histogram, bins), sycl::plus<int>()),
                    sycl::reduction(count, sycl::plus<int>()), [=](sycl::id<1> i, auto &hist, auto &c) {
                      static_assert(std::remove_reference_t<decltype(hist)>::dimensions == 1);
                      hist[(i[0] * 7) % bins] += 1;
                      ++hist[0];
                      c += 1;
                    });
   }).wait();
  for (int b = 0; b < bins; ++b) {
    int expected = 100 + (b == 0 ? int(n) : 0);
    for (size_t i = 0; i < n; ++i) expected += (i * 7) % bins == size_t(b);
    check::equal("span histogram", b, histogram[b], expected);
  }
  check::equal("sum beside a span", 0, *count, int(n));

  const size_t variables = 5;
  int *maxima = sycl::malloc_shared<int>(variables, q);
  MinMax *ranges = sycl::malloc_shared<MinMax>(variables, q);
  long *gcds = sycl::malloc_shared<long>(variables, q);
  for (size_t v = 0; v < variables; ++v) {
    maxima[v] = 1 << 30; // dropped: initialize_to_identity
    ranges[v] = {0, 0};
    gcds[v] = 0;
  }
  q.submit([&](sycl::handler &h) {
     auto max = sycl::reduction(sycl::span<int>(maxima, variables), sycl::maximum<int>(),
                                {sycl::property::reduction::initialize_to_identity()});
     auto range = sycl::reduction(sycl::span<MinMax>(ranges, variables), MinMax{INT_MAX, INT_MIN}, CombineMinMax());
     auto gcd = sycl::reduction(sycl::span<long>(gcds, variables), Gcd());
     h.parallel_for(sycl::nd_range<1>(240, 16), max, range, gcd, [=](sycl::nd_item<1> it, auto &m, auto &r, auto &g) {
       const int i = int(it.get_global_id(0));
       for (size_t v = 0; v < variables; ++v) {
         m[v].combine(i * int(v + 1) % 97);
         r[v].combine({i - int(v), i + int(v)});
         if (i % int(v + 2) == 0) g[v].combine(long(i + 1) * long(v + 1) * 3);
       }
     });
   }).wait();
  for (size_t v = 0; v < variables; ++v) {
    int expected_max = 0;
    for (int i = 0; i < 240; ++i) expected_max = std::max(expected_max, i * int(v + 1) % 97);
    check::equal("span maximum", v, maxima[v], expected_max);
    check::equal("span user operator, low", v, ranges[v].low, std::min(0, -int(v)));
    check::equal("span user operator, high", v, ranges[v].high, 239 + int(v));
    check::equal("span without identity", v, gcds[v], long(v + 1) * 3);
  }
  sycl::free(histogram, q);
  sycl::free(count, q);
  sycl::free(maxima, q);
  sycl::free(ranges, q);
  sycl::free(gcds, q);
}

int main() {
  sycl::queue q;
  for (size_t n : {size_t(0), size_t(1), size_t(7), size_t(128), size_t(1000), size_t(100003)}) {
    std::vector<int> values(n);
    for (size_t i = 0; i < n; ++i) values[i] = int((i * 7919) % 2001) - 1000;
    int *data = sycl::malloc_shared<int>(n ? n : 1, q);
    for (size_t i = 0; i < n; ++i) data[i] = values[i];

    long long expected_sum = 0, expected_squares = 0;
    int expected_min = INT_MAX, expected_max = INT_MIN;
    unsigned expected_or = 0, expected_and = ~0u, expected_xor = 0;
    for (int v : values) {
      expected_sum += v;
      expected_squares += (long long)v * v;
      expected_min = v < expected_min ? v : expected_min;
      expected_max = v > expected_max ? v : expected_max;
      expected_or |= unsigned(v);
      expected_and &= unsigned(v);
      expected_xor ^= unsigned(v);
    }

    // Several reductions in one range kernel, each with its shorthand operator; sum starts at 5.
    long long *sum = sycl::malloc_shared<long long>(1, q);
    int *low = sycl::malloc_shared<int>(1, q);
    int *high = sycl::malloc_shared<int>(1, q);
    unsigned *bits = sycl::malloc_shared<unsigned>(3, q);
    *sum = 5;
    *low = 12345;
    *high = -12345;
    bits[0] = 0x80000000u;
    bits[1] = 0;
    bits[2] = 0;
    q.submit([&](sycl::handler &h) {
       h.parallel_for(sycl::range<1>(n), sycl::reduction(sum, sycl::plus<long long>()),
                      sycl::reduction(low, sycl::minimum<int>(), sycl::property::reduction::initialize_to_identity()),
                      sycl::reduction(high, sycl::maximum<>()), sycl::reduction(&bits[0], sycl::bit_or<unsigned>()),
                      sycl::reduction(&bits[1], sycl::bit_and<unsigned>(),
                                      sycl::property::reduction::initialize_to_identity()),
                      sycl::reduction(&bits[2], sycl::bit_xor<unsigned>()),
                      [=](sycl::id<1> i, auto &s, auto &lo, auto &hi, auto &o, auto &a, auto &x) {
                        s += data[i];
                        lo.combine(data[i]);
                        hi.combine(data[i]);
                        o |= unsigned(data[i]);
                        a &= unsigned(data[i]);
                        x ^= unsigned(data[i]);
                      });
     }).wait();
    check::equal("sum", long(n), *sum, 5 + expected_sum);
    check::equal("min (initialized to identity)", long(n), *low, n ? expected_min : INT_MAX);
    check::equal("max (keeps old value)", long(n), *high, expected_max > -12345 ? expected_max : -12345);
    check::equal("or", long(n), bits[0], expected_or | 0x80000000u);
    check::equal("and (initialized)", long(n), bits[1], expected_and);
    check::equal("xor", long(n), bits[2], expected_xor);

    // A buffer reduction with initialize_to_identity over an nd_range, counting with ++.
    if (n % 8 == 0 && n != 0) {
      long long squares = -1;
      long count = -1;
      {
        sycl::buffer<long long> squares_buffer(&squares, 1);
        sycl::buffer<long> count_buffer(&count, 1);
        q.submit([&](sycl::handler &h) {
           auto squares_reduction = sycl::reduction(squares_buffer, h, sycl::plus<>(),
                                                    sycl::property::reduction::initialize_to_identity());
           auto count_reduction =
               sycl::reduction(count_buffer, h, sycl::plus<>(), sycl::property::reduction::initialize_to_identity());
           h.parallel_for(sycl::nd_range<1>(n, 8), squares_reduction, count_reduction,
                          [=](sycl::nd_item<1> it, auto &s, auto &c) {
                            long long v = data[it.get_global_id(0)];
                            s += v * v;
                            ++c;
                          });
         }).wait();
      }
      check::equal("squares (buffer, nd_range)", long(n), squares, expected_squares);
      check::equal("count", long(n), count, long(n));
    }

    // A number of work-items (handler::parallel_for(size_t, ...)) counted with ++ and ++(int) on a
    // reducer of an integer vec, into a buffer made with the extension's reduction properties.
    {
      sycl::int2 counts{-5, -5};
      {
        sycl::buffer<sycl::int2> counts_buffer(&counts, 1);
        q.submit([&](sycl::handler &h) {
           auto counts_reduction =
               sycl::reduction(counts_buffer, h, sycl::int2{0, 0}, sycl::plus<sycl::int2>(),
                               syclex::properties{syclex::initialize_to_identity, syclex::deterministic});
           h.parallel_for(n, counts_reduction, [=](sycl::id<1> i, auto &c) {
             if (i[0] % 2)
               ++c;
             else
               c++;
           });
         }).wait();
      }
      check::equal("vec counted with ++", long(n), counts[0] == int(n) && counts[1] == int(n), true);
    }

    // A user operator with an explicit identity, on a struct.
    MinMax *range_of = sycl::malloc_shared<MinMax>(1, q);
    *range_of = {0, 0};
    q.submit([&](sycl::handler &h) {
       h.parallel_for(sycl::range<1>(n),
                      sycl::reduction(range_of, MinMax{INT_MAX, INT_MIN}, CombineMinMax(),
                                      sycl::property::reduction::initialize_to_identity()),
                      [=](sycl::item<1> it, auto &r) { r.combine(MinMax{data[it], data[it]}); });
     }).wait();
    if (n) {
      check::equal("user op low", long(n), range_of->low, expected_min);
      check::equal("user op high", long(n), range_of->high, expected_max);
    } else {
      check::equal("user op identity low", 0, range_of->low, INT_MAX);
    }
    sycl::free(range_of, q);
    sycl::free(sum, q);
    sycl::free(low, q);
    sycl::free(high, q);
    sycl::free(bits, q);
    sycl::free(data, q);
  }

  // No identity at all: gcd of multiples of 6 starting from 0 (kept as the initial value).
  long *gcd = sycl::malloc_shared<long>(1, q);
  *gcd = 0;
  q.parallel_for(sycl::range<1>(999), sycl::reduction(gcd, Gcd()), [=](sycl::id<1> i, auto &g) {
     g.combine(long(i[0] + 1) * 6);
   }).wait();
  check::equal("gcd without identity", 0, *gcd, 6L);

  // A 3-D range: the sum of i*100 + j*10 + k over 5x7x9, in double, and a product of ones.
  double *total = sycl::malloc_shared<double>(1, q);
  float *product = sycl::malloc_shared<float>(1, q);
  *total = 0;
  *product = 3.0f;
  q.submit([&](sycl::handler &h) {
     h.parallel_for(sycl::range<3>(5, 7, 9), sycl::reduction(total, sycl::plus<double>()),
                    sycl::reduction(product, sycl::multiplies<float>()),
                    [=](sycl::item<3> it, auto &t, auto &p) {
                      t += it[0] * 100.0 + it[1] * 10.0 + it[2];
                      p *= (it.get_linear_id() % 2 == 0) ? 2.0f : 0.5f;
                    });
   }).wait();
  double expected_total = 0;
  for (int i = 0; i < 5; ++i)
    for (int j = 0; j < 7; ++j)
      for (int k = 0; k < 9; ++k) expected_total += i * 100.0 + j * 10.0 + k;
  check::equal("3-D sum", 0, *total, expected_total);
  check::equal("product", 0, *product, 6.0f); // 158 doublings, 157 halvings, times 3
  sycl::free(total, q);
  sycl::free(product, q);
  sycl::free(gcd, q);
  span_reductions(q);
  return check::finish();
}
