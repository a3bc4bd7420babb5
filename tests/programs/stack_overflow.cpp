// A kernel whose recursion has no bound overflows its thread's stack: the runtime reports it
// as such on standard error and the program dies of the fault (docs/kernel-features.md). The
// test runs it and expects that line and a failed exit, not a bare segmentation fault.
#include <sycl/sycl.hpp>

#include <cstdio>

namespace {
// Each call keeps a private array live across the next, so the compiler cannot turn the
// recursion into a loop.
[[gnu::noinline]] int descend(volatile int *counter, int depth) {
  volatile int frame[64];
  frame[depth % 64] = depth;
  *counter = depth;
  return descend(counter, depth + 1) + frame[(depth + 1) % 64];
}
} // namespace

int main() {
  sycl::queue q;
  int *depth = sycl::malloc_shared<int>(2, q);
  q.parallel_for(sycl::range<1>(2), [=](sycl::id<1> i) { depth[i] = descend(depth + i[0], 0); }).wait();
  std::printf("unreachable: the recursion returned at depth %d\n", depth[0]);
  return 0;
}
