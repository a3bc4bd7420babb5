// USM allocations of every kind, the typed forms, memcpy / memset / fill / copy on the queue
// and in a handler, kernels reading host and shared memory, and atomics on host and shared
// memory that the host updates at the same time (aspect::usm_atomic_*_allocations), and
// commands that do nothing (zero bytes, hints).
#include <sycl/sycl.hpp>
#include "check.hpp"
#include <atomic>
#include <chrono>
#include <cstdint>
#include <cstring>
#include <thread>

// A command with nothing to do and nothing to wait for is complete when submitted, with equal
// profiling times (DPC++'s dummy events); one with something to wait for still waits for it.
void no_op_commands(std::uint32_t *data) {
  using status = sycl::info::event_command_status;
  sycl::queue q{sycl::property::queue::enable_profiling()};
  for (sycl::event e : {q.memcpy(nullptr, nullptr, 0), q.memset(data, 1, 0), q.fill(data, 7u, 0),
                        q.copy(data, data + 1, 0), q.prefetch(data, 4), q.mem_advise(data, 4, 0),
                        q.parallel_for(sycl::range<1>(0), [=](sycl::id<1> i) { data[i] = 0; })}) {
    check::equal("no-op complete", 0, e.get_info<sycl::info::event::command_execution_status>() == status::complete,
                 true);
    auto submitted = e.get_profiling_info<sycl::info::event_profiling::command_submit>();
    auto ended = e.get_profiling_info<sycl::info::event_profiling::command_end>();
    check::equal("no-op times", 0, submitted == ended, true);
  }
  check::equal("no-op wrote", 0, data[0], 0u);
  sycl::queue in_order{sycl::property::queue::in_order()};
  std::atomic<bool> done{false};
  in_order.submit([&](sycl::handler &h) {
    h.host_task([&] {
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
      done = true;
    });
  });
  in_order.memcpy(data, data, 0).wait();
  check::equal("in-order no-op waits", 0, done.load(), true);
  in_order.wait();
}

int main() {
  sycl::queue q;
  const size_t n = 1025;
  auto *device = sycl::malloc_device<std::uint32_t>(n, q);
  auto *host = sycl::malloc_host<std::uint32_t>(n, q);
  auto *shared = static_cast<std::uint32_t *>(sycl::malloc_shared(n * sizeof(std::uint32_t), q));
  auto *aligned = sycl::aligned_alloc_device<double>(256, n, q);
  check::equal("alignment", 0, reinterpret_cast<std::uintptr_t>(aligned) % 256, 0);

  q.fill(device, std::uint32_t(0xdeadbeef), n).wait();
  q.memcpy(host, device, n * sizeof(std::uint32_t)).wait();
  for (size_t i = 0; i < n; ++i) check::equal("fill", i, host[i], 0xdeadbeefu);

  q.memset(shared, 0x01, n * sizeof(std::uint32_t)).wait();
  for (size_t i = 0; i < n; ++i) check::equal("memset", i, shared[i], 0x01010101u);

  for (size_t i = 0; i < n; ++i) host[i] = std::uint32_t(i);
  q.submit([&](sycl::handler &h) { h.memcpy(device, host, n * sizeof(std::uint32_t)); }).wait();
  q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { shared[i] = device[i] * 2 + host[i]; }).wait();
  for (size_t i = 0; i < n; ++i) check::equal("kernel", i, shared[i], std::uint32_t(3 * i));

  q.copy(shared, host, n).wait();
  for (size_t i = 0; i < n; ++i) check::equal("copy", i, host[i], std::uint32_t(3 * i));

  q.submit([&](sycl::handler &h) { h.fill(aligned, 2.5, n); }).wait();
  q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { aligned[i] *= double(i[0]); }).wait();
  for (size_t i = 0; i < n; ++i) check::equal("double", i, aligned[i], 2.5 * double(i));

  check::equal("usm_atomic_host_allocations", 0, q.get_device().has(sycl::aspect::usm_atomic_host_allocations), true);
  check::equal("usm_atomic_shared_allocations", 0, q.get_device().has(sycl::aspect::usm_atomic_shared_allocations), true);
  const int adds = 200000;
  for (std::uint32_t *counter : {host, shared}) {
    *counter = 0;
    sycl::event kernel = q.parallel_for(sycl::range<1>(adds), [=](sycl::id<1>) {
      sycl::atomic_ref<std::uint32_t, sycl::memory_order::relaxed, sycl::memory_scope::system> ref(*counter);
      ref.fetch_add(1u);
    });
    for (int i = 0; i < adds; ++i) __atomic_fetch_add(counter, 1u, __ATOMIC_RELAXED);
    kernel.wait();
    check::equal("host and kernel atomics", counter == host ? 0 : 1, *counter, std::uint32_t(2 * adds));
  }

  shared[0] = 0;
  no_op_commands(shared);

  sycl::free(device, q);
  sycl::free(host, q);
  sycl::free(shared, q);
  sycl::free(aligned, q.get_context());
  return check::finish();
}
