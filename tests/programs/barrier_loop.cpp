// A barrier inside a loop, with private values (scalars and a small array) live across it and
// carried from one iteration to the next: each step publishes a value in local memory, waits,
// reads a neighbour's and updates the private state, and waits again before the slot is reused.
// The host replays the same steps for every group.
#include <sycl/sycl.hpp>
#include "check.hpp"
#include <cstdint>
#include <vector>

constexpr size_t kLocal = 32, kGroups = 8, kSteps = 10;

int main() {
  sycl::queue q;
  const size_t n = kLocal * kGroups;
  uint32_t *out = sycl::malloc_shared<uint32_t>(n * 3, q);
  q.submit([&](sycl::handler &h) {
    sycl::local_accessor<uint32_t, 1> slots(sycl::range<1>(kLocal), h);
    h.parallel_for<class BarrierLoop>(sycl::nd_range<1>(n, kLocal), [=](sycl::nd_item<1> it) {
      const size_t lid = it.get_local_id(0);
      uint32_t x = uint32_t(it.get_global_id(0)) * 2654435761u;
      uint32_t acc = uint32_t(lid);
      uint32_t history[4] = {1, 2, 3, 4};
      for (uint32_t step = 0; step < kSteps; ++step) {
        slots[lid] = x;
        it.barrier(sycl::access::fence_space::local_space);
        uint32_t neighbour = slots[(lid + step + 1) % kLocal];
        x = neighbour * 3u + acc;
        acc += x ^ step;
        history[step % 4] += x;
        it.barrier(sycl::access::fence_space::local_space);
      }
      out[it.get_global_id(0) * 3 + 0] = x;
      out[it.get_global_id(0) * 3 + 1] = acc;
      out[it.get_global_id(0) * 3 + 2] = history[0] ^ history[1] ^ history[2] ^ history[3];
    });
  }).wait();

  for (size_t g = 0; g < kGroups; ++g) {
    std::vector<uint32_t> x(kLocal), acc(kLocal), slots(kLocal);
    std::vector<std::vector<uint32_t>> history(kLocal, std::vector<uint32_t>{1, 2, 3, 4});
    for (size_t l = 0; l < kLocal; ++l) {
      x[l] = uint32_t(g * kLocal + l) * 2654435761u;
      acc[l] = uint32_t(l);
    }
    for (uint32_t step = 0; step < kSteps; ++step) {
      for (size_t l = 0; l < kLocal; ++l) slots[l] = x[l];
      for (size_t l = 0; l < kLocal; ++l) {
        x[l] = slots[(l + step + 1) % kLocal] * 3u + acc[l];
        acc[l] += x[l] ^ step;
        history[l][step % 4] += x[l];
      }
    }
    for (size_t l = 0; l < kLocal; ++l) {
      size_t i = g * kLocal + l;
      check::equal("x", long(i), out[i * 3], x[l]);
      check::equal("acc", long(i), out[i * 3 + 1], acc[l]);
      check::equal("history", long(i), out[i * 3 + 2], history[l][0] ^ history[l][1] ^ history[l][2] ^ history[l][3]);
    }
  }
  sycl::free(out, q);
  return check::finish();
}
