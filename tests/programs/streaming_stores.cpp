// Kernels that only stream (docs/vectorizer.md, "Streaming stores"): above the last-level cache
// their output is written with non-temporal stores. Every result must still be exact, read on
// the host and by a later kernel, at sizes on both sides of the threshold, with a remainder that
// is not a whole vector, in 2-D, when the output is also an input through another pointer, and
// when the output is never aligned to a vector register.
#include <sycl/sycl.hpp>
#include "check.hpp"
#include <cstdint>

static float input_a(size_t i) { return float(i % 1000) * 0.5f; }
static float input_b(size_t i) { return float(i % 77) - 3.0f; }

static void vector_add(sycl::queue &q, size_t n) {
  float *a = sycl::malloc_shared<float>(n, q), *b = sycl::malloc_shared<float>(n, q);
  float *c = sycl::malloc_shared<float>(n, q), *twice = sycl::malloc_shared<float>(n, q);
  for (size_t i = 0; i < n; ++i) a[i] = input_a(i), b[i] = input_b(i), c[i] = -1.0f;
  q.parallel_for(sycl::range<1>{n}, [=](sycl::id<1> i) { c[i] = a[i] + b[i]; }).wait();
  q.parallel_for(sycl::range<1>{n}, [=](sycl::id<1> i) { twice[i] = c[i] * 2.0f; }).wait();
  for (size_t i = 0; i < n; ++i) {
    check::equal("c = a + b", i, c[i], input_a(i) + input_b(i));
    check::equal("twice = 2c", i, twice[i], 2.0f * (input_a(i) + input_b(i)));
  }
  // The output is an input too, through a pointer of its own.
  float *also_c = c;
  q.parallel_for(sycl::range<1>{n}, [=](sycl::id<1> i) { c[i] = also_c[i] + a[i]; }).wait();
  for (size_t i = 0; i < n; ++i)
    check::equal("c += a", i, c[i], 2.0f * input_a(i) + input_b(i));
  for (float *p : {a, b, c, twice}) sycl::free(p, q);
}

static void fill_2d(sycl::queue &q, size_t rows, size_t columns) {
  uint32_t *out = sycl::malloc_shared<uint32_t>(rows * columns, q);
  q.parallel_for(sycl::range<2>{rows, columns}, [=](sycl::id<2> id) {
     out[id[0] * columns + id[1]] = uint32_t(id[0] * 7919 + id[1]);
   }).wait();
  for (size_t r = 0; r < rows; ++r)
    for (size_t c = 0; c < columns; ++c)
      check::equal("2-D fill", r * columns + c, out[r * columns + c], uint32_t(r * 7919 + c));
  sycl::free(out, q);
}

// An output starting one element past an aligned allocation: no whole vector of it is aligned,
// so every streamed store takes the under-aligned path (`align-nontemporal-stores`).
static void misaligned_output(sycl::queue &q, size_t n) {
  float *a = sycl::malloc_shared<float>(n, q), *block = sycl::malloc_shared<float>(n + 2, q);
  float *c = block + 1;
  for (size_t i = 0; i < n; ++i) a[i] = input_a(i);
  block[0] = -7.0f, block[n + 1] = -9.0f;
  q.parallel_for(sycl::range<1>{n}, [=](sycl::id<1> i) { c[i] = a[i] + 1.0f; }).wait();
  check::equal("guard before the output", 0, block[0], -7.0f);
  check::equal("guard after the output", n + 1, block[n + 1], -9.0f);
  for (size_t i = 0; i < n; ++i) check::equal("c = a + 1, misaligned", i, c[i], input_a(i) + 1.0f);
  sycl::free(a, q);
  sycl::free(block, q);
}

int main() {
  sycl::queue q;
  vector_add(q, 1000);
  vector_add(q, (size_t{1} << 24) + 13);
  fill_2d(q, 3001, 4099);
  misaligned_output(q, (size_t{1} << 24) + 5);
  return check::finish();
}
