// Kernels capturing structs of mixed types, a large array by value, and a named function object
// as the kernel.
#include <sycl/sycl.hpp>
#include "check.hpp"
#include <array>

struct Params {
  double scale;
  int shift;
  char tag;
  float *out;
  long long bias[3];
};

struct Saxpy {
  float a;
  const float *x;
  float *y;
  void operator()(sycl::id<1> i) const { y[i] = a * x[i] + y[i]; }
};

int main() {
  sycl::queue q;
  const size_t n = 777;
  float *out = sycl::malloc_shared<float>(n, q);
  Params p{0.5, 3, 'k', out, {10, 20, 30}};
  q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) {
    out[i] = static_cast<float>(p.scale * double(i[0]) + p.shift + (p.tag == 'k' ? p.bias[i[0] % 3] : 0));
  }).wait();
  for (size_t i = 0; i < n; ++i) check::equal("params", i, out[i], float(0.5 * double(i) + 3 + (10 * (i % 3 + 1))));

  std::array<float, 64> table{};
  for (int i = 0; i < 64; ++i) table[i] = float(i * i);
  q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { out[i] = table[i[0] % 64] + table[(i[0] + 1) % 64]; }).wait();
  for (size_t i = 0; i < n; ++i) check::equal("table", i, out[i], float((i % 64) * (i % 64) + ((i + 1) % 64) * ((i + 1) % 64)));

  float *x = sycl::malloc_shared<float>(n, q);
  for (size_t i = 0; i < n; ++i) {
    x[i] = float(i);
    out[i] = 1.0f;
  }
  q.parallel_for(sycl::range<1>(n), Saxpy{2.0f, x, out}).wait();
  for (size_t i = 0; i < n; ++i) check::equal("saxpy", i, out[i], 2.0f * float(i) + 1.0f);
  sycl::free(out, q);
  sycl::free(x, q);
  return check::finish();
}
