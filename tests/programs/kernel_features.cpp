// What SYCL 2020 forbids in kernels but this device runs as the host would
// (docs/kernel-features.md): recursion, calls through function pointers, virtual calls on an
// object the kernel builds, new/delete, a variable-length array (a clang extension), inline
// assembly and setjmp/longjmp. Each kernel's results are compared with the same code run on the host.
#include <sycl/sycl.hpp>
#include "check.hpp"

#include <csetjmp>
#include <memory>

namespace {
int fibonacci(int n) { return n < 2 ? n : fibonacci(n - 1) + fibonacci(n - 2); }

int twice(int x) { return 2 * x; }
int square(int x) { return x * x; }
using operation = int (*)(int);

struct shape {
  virtual ~shape() = default;
  virtual int area(int side) const = 0;
};
struct square_shape : shape {
  int area(int side) const override { return side * side; }
};
struct triangle_shape : shape {
  int area(int side) const override { return side * side / 2; }
};

int through_pointer(int i) {
  const operation operations[2] = {twice, square};
  return operations[i % 2](i);
}

int virtual_area(int i) {
  square_shape square;
  triangle_shape triangle;
  const shape &chosen = i % 3 == 0 ? static_cast<const shape &>(triangle) : square;
  return chosen.area(i);
}

int heap_sum(int i) {
  int *values = new int[i % 7 + 1];
  for (int k = 0; k <= i % 7; ++k) values[k] = i + k;
  int sum = 0;
  for (int k = 0; k <= i % 7; ++k) sum += values[k];
  delete[] values;
  return sum;
}
#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Wvla-cxx-extension"
int variable_length_sum(int i) {
  const int length = i % 5 + 1;
  int values[length];
  for (int k = 0; k < length; ++k) values[k] = k * i;
  int sum = 0;
  for (int k = 0; k < length; ++k) sum += values[k];
  int copied;
  asm("movl %1, %0" : "=r"(copied) : "r"(sum));
  return copied;
}
#pragma clang diagnostic pop
int jump_back(std::jmp_buf &env, int value) {
  if (value > 3) std::longjmp(env, value);
  return value;
}
// setjmp/longjmp within one work-item: values over 3 come back through longjmp.
int through_longjmp(int i) {
  std::jmp_buf env;
  const int jumped = setjmp(env);
  if (jumped != 0) return 100 + jumped;
  return jump_back(env, i % 8);
}
} // namespace

int main() {
  constexpr size_t n = 101;
  sycl::queue q;
  int *results = sycl::malloc_shared<int>(6 * n, q);
  q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> id) {
     const int i = int(id[0]);
     results[i] = fibonacci(i % 20);
     results[n + i] = through_pointer(i);
     results[2 * n + i] = virtual_area(i);
     results[3 * n + i] = heap_sum(i);
     results[4 * n + i] = variable_length_sum(i);
     results[5 * n + i] = through_longjmp(i);
   }).wait();
  for (size_t i = 0; i < n; ++i) {
    check::equal("recursion", long(i), results[i], fibonacci(int(i) % 20));
    check::equal("function pointer", long(i), results[n + i], through_pointer(int(i)));
    check::equal("virtual call", long(i), results[2 * n + i], virtual_area(int(i)));
    check::equal("new and delete", long(i), results[3 * n + i], heap_sum(int(i)));
    check::equal("variable-length array and asm", long(i), results[4 * n + i], variable_length_sum(int(i)));
    check::equal("setjmp and longjmp", long(i), results[5 * n + i], i % 8 > 3 ? 100 + int(i % 8) : int(i % 8));
  }
  sycl::free(results, q);
  return check::finish();
}
