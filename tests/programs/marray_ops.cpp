// sycl::marray in kernels, against scalar host loops: element-wise arithmetic, bitwise,
// comparison (marray<bool>) and logical operators with marray and scalar operands, compound
// assignment, increments, iteration, the constructors (an marray of no element included), and
// the layout (N plain elements).
#include <sycl/sycl.hpp>
#include "check.hpp"

#include <cstdint>
#include <type_traits>

namespace {

constexpr int items = 29;

template <typename T> T input(std::uint32_t index, bool divisor) {
  std::uint32_t bits = index * 2246822519u + 374761393u;
  bits ^= bits >> 15;
  const std::uint32_t r = bits % 1001u;
  if constexpr (std::is_floating_point_v<T>) {
    const T v = T(int(r) - 500) / T(4);
    return divisor && v == 0 ? T(0.25) : v;
  } else if constexpr (std::is_signed_v<T>) {
    const int v = int(r % 121) - 60;
    return T(divisor && v == 0 ? 5 : v);
  } else {
    const unsigned v = r % 120;
    return T(divisor && v == 0 ? 9 : v);
  }
}

template <typename T> T reference(int op, T a, T b) {
  switch (op) {
  case 0: return T(a + b);
  case 1: return T(a - b);
  case 2: return T(a * b);
  case 3: return T(a / b);
  case 4: return T(a * T(2));
  case 5: return T(T(7) - a);
  case 6: return T(-a);
  case 7: return T(T(T(a - b) * b) + T(1));
  case 8: return T(a + T(1));
  }
  if constexpr (std::is_integral_v<T>) {
    switch (op) {
    case 9: return T(a % b);
    case 10: return T(a & b);
    case 11: return T(a | b);
    case 12: return T(a ^ b);
    // Shifting a negative value left is undefined before C++20 (UBSan reports it): a non-negative
    // one.
    case 13: return T((a & T(0x1f)) << 2);
    case 14: return T(a >> 1);
    case 15: return T(~a);
    }
  }
  return T(0);
}

template <typename T, std::size_t N> void element_wise(sycl::queue &q, const char *name) {
  constexpr int ops = std::is_integral_v<T> ? 16 : 9;
  constexpr int comparisons = 9;
  using M = sycl::marray<T, N>;
  using B = sycl::marray<bool, N>;
  static_assert(std::is_same_v<decltype(M() < M()), B> && std::is_same_v<decltype(M() == T(1)), B>, "comparisons");
  static_assert(std::is_same_v<decltype(!M()), B> && std::is_same_v<decltype(M() || M()), B>, "logical operators");
  static_assert(sizeof(M) == N * sizeof(T), "an marray is its elements");

  T *a = sycl::malloc_shared<T>(items * N, q);
  T *b = sycl::malloc_shared<T>(items * N, q);
  T *out = sycl::malloc_shared<T>(ops * items * N, q);
  bool *cmp = sycl::malloc_shared<bool>(comparisons * items * N, q);
  T *sums = sycl::malloc_shared<T>(items, q);
  for (std::size_t i = 0; i < items * N; ++i) {
    a[i] = input<T>(std::uint32_t(i), false);
    b[i] = i % 3 == 0 && a[i] != T(0) ? a[i] : input<T>(std::uint32_t(i + 5000), true);
  }

  q.parallel_for(sycl::range<1>(items), [=](sycl::id<1> id) {
     const std::size_t i = id[0];
     M x, y;
     for (std::size_t e = 0; e < N; ++e) x[e] = a[i * N + e], y[e] = b[i * N + e];
     auto put = [&](int op, const M &m) {
       for (std::size_t e = 0; e < N; ++e) out[(std::size_t(op) * items + i) * N + e] = m[e];
     };
     put(0, x + y);
     put(1, x - y);
     put(2, x * y);
     put(3, x / y);
     put(4, x * T(2));
     put(5, T(7) - x);
     put(6, -x);
     M z = x;
     z -= y;
     z *= y;
     z += T(1);
     put(7, z);
     z = x;
     z++;
     ++z;
     z--;
     put(8, z);
     if constexpr (std::is_integral_v<T>) {
       put(9, x % y);
       put(10, x & y);
       put(11, x | y);
       put(12, x ^ y);
       put(13, (x & T(0x1f)) << T(2));
       put(14, x >> T(1));
       put(15, ~x);
     }
     auto put_bool = [&](int op, const B &m) {
       for (std::size_t e = 0; e < N; ++e) cmp[(std::size_t(op) * items + i) * N + e] = m[e];
     };
     put_bool(0, x == y);
     put_bool(1, x != y);
     put_bool(2, x < y);
     put_bool(3, x > y);
     put_bool(4, x <= y);
     put_bool(5, x >= T(0));
     put_bool(6, x && y);
     put_bool(7, x || T(0));
     put_bool(8, !x);
     T sum = 0;
     for (const T &element : x) sum += element;
     sums[i] = sum;
   }).wait();

  for (int op = 0; op < ops; ++op)
    for (std::size_t i = 0; i < items * N; ++i)
      check::equal(name, long(op * 1000 + i), out[op * items * N + i], reference<T>(op, a[i], b[i]));
  for (int op = 0; op < comparisons; ++op)
    for (std::size_t i = 0; i < items * N; ++i) {
      const T x = a[i], y = b[i];
      const bool truth[comparisons] = {x == y, x != y, x < y, x > y, x <= y, x >= T(0), x && y, x || T(0), !x};
      check::equal(name, long(100000 + op * 1000 + i), cmp[op * items * N + i], truth[op]);
    }
  for (std::size_t i = 0; i < items; ++i) {
    T sum = 0;
    for (std::size_t e = 0; e < N; ++e) sum += a[i * N + e];
    check::equal(name, long(200000 + i), sums[i], sum);
  }
  sycl::free(a, q);
  sycl::free(b, q);
  sycl::free(out, q);
  sycl::free(cmp, q);
  sycl::free(sums, q);
}

void constructors(sycl::queue &q) {
  int *out = sycl::malloc_shared<int>(64, q);
  q.single_task([=] {
     int n = 0;
     auto put = [&](const auto &m) {
       for (auto element : m) out[n++] = int(element);
     };
     put(sycl::mint3(4));
     put(sycl::marray<int, 6>(1, sycl::mint2(2, 3), 4, sycl::mint2(5, 6)));
     put(sycl::mint4());
     sycl::marray one{7};
     static_assert(std::is_same_v<decltype(one), sycl::marray<int, 1>>, "deduction guide");
     const int plain = one;
     out[n++] = plain;
     sycl::mbool3 flags(true, false, true);
     put(flags);
     sycl::mint3 m(1, 2, 3);
     m = 9;
     put(m);
     sycl::marray<int, 0> empty;
     static_assert(decltype(empty)::size() == 0, "an marray may have no element");
     put(empty);
     put(sycl::marray<int, 2>(empty, 8, empty, 9));
     out[n++] = int(sycl::marray<short, 11>::size());
     out[n] = n;
   }).wait();
  const int expected[] = {4, 4, 4, 1, 2, 3, 4, 5, 6, 0, 0, 0, 0, 7, 1, 0, 1, 9, 9, 9, 8, 9, 11, 23};
  for (int i = 0; i < int(sizeof(expected) / sizeof(int)); ++i) check::equal("constructors", i, out[i], expected[i]);
  sycl::free(out, q);
}

} // namespace

int main() {
  sycl::queue q;
  element_wise<float, 5>(q, "float5");
  element_wise<double, 2>(q, "double2");
  element_wise<int, 7>(q, "int7");
  element_wise<std::uint8_t, 16>(q, "uchar16");
  element_wise<std::int64_t, 3>(q, "long3");
  element_wise<short, 1>(q, "short1");
  constructors(q);
  return check::finish();
}
