// The Khronos extensions <sycl/sycl.hpp> provides: sycl_khr_free_function_commands (every
// launch, memory and barrier command on a queue and in a handler, with range, nd_range,
// reductions, USM pointers and buffer accessors, placeholders included), sycl_khr_group_interface
// (work_group, sub_group and their member items against sycl::group and sycl::sub_group, copies
// compared on the host), sycl_khr_queue_empty_query, sycl_khr_queue_flush,
// sycl_khr_default_context, sycl_khr_max_work_group_queries and sycl_khr_static_addrspace_cast,
// with their feature-test macros; and the handler's ext_oneapi_barrier, which the barriers use.
#include <sycl/sycl.hpp>
#include "check.hpp"
#include <cstddef>
#include <memory>
#include <numeric>
#include <vector>

static_assert(SYCL_KHR_FREE_FUNCTION_COMMANDS == 1 && SYCL_KHR_GROUP_INTERFACE == 1 &&
              SYCL_KHR_QUEUE_EMPTY_QUERY == 1 && SYCL_KHR_QUEUE_FLUSH == 1 && SYCL_KHR_DEFAULT_CONTEXT == 1 &&
              SYCL_KHR_MAX_WORK_GROUP_QUERIES == 1 && SYCL_KHR_STATIC_ADDRSPACE_CAST == 1);

namespace khr = sycl::khr;

static void kernel_launches(sycl::queue &q) {
  const std::size_t n = 64;
  int *out = sycl::malloc_shared<int>(4 * n, q);
  std::fill(out, out + 4 * n, 0);
  khr::launch(q, sycl::range<2>(8, 8), [=](auto it) { out[it.get_linear_id()] = int(it.get_linear_id()) * 2; });
  khr::launch_grouped(q, sycl::range<1>(n), sycl::range<1>(16), [=](sycl::nd_item<1> it) {
    out[n + it.get_global_id(0)] = int(it.get_group(0));
  });
  q.submit([&](sycl::handler &h) {
    khr::launch(h, sycl::range<3>(4, 4, 4), [=](sycl::item<3> it) { out[2 * n + it.get_linear_id()] = 7; });
  });
  q.submit([&](sycl::handler &h) { khr::launch_task(h, [=] { out[3 * n] = 11; }); });
  khr::launch_task(q, [=] { out[3 * n + 1] = 12; });
  q.wait();
  for (std::size_t i = 0; i < n; ++i) {
    check::equal("launch over a 2-D range", long(i), out[i], int(i) * 2);
    check::equal("launch_grouped", long(i), out[n + i], int(i / 16));
    check::equal("launch in a handler over a 3-D range", long(i), out[2 * n + i], 7);
  }
  check::equal("launch_task in a handler and on a queue", 0, out[3 * n] * 100 + out[3 * n + 1], 1112);

  int *sums = sycl::malloc_shared<int>(2, q);
  sums[0] = sums[1] = 0;
  khr::launch_reduce(q, sycl::range<1>(n), [=](sycl::item<1> it, auto &sum) { sum += int(it.get_linear_id()); },
                     sycl::reduction(sums, sycl::plus<>()));
  {
    sycl::buffer<int> total(&sums[1], 1);
    q.submit([&](sycl::handler &h) {
      khr::launch_grouped_reduce(h, sycl::range<2>(8, 8), sycl::range<2>(4, 4),
                                 [=](sycl::nd_item<2> it, auto &sum) { sum += int(it.get_global_linear_id()); },
                                 sycl::reduction(total, h, sycl::plus<>()));
    });
  }
  q.wait();
  check::equal("launch_reduce and launch_grouped_reduce", 0, sums[0] * 10000 + sums[1], 2016 * 10000 + 2016);
  sycl::free(sums, q);
  sycl::free(out, q);
}

static void memory_commands(sycl::queue &q) {
  const std::size_t n = 8;
  int *a = sycl::malloc_shared<int>(n, q), *b = sycl::malloc_shared<int>(n, q);
  std::iota(a, a + n, 1);
  khr::memcpy(q, b, a, n * sizeof(int));
  q.wait();
  check::equal("memcpy", 0, b[n - 1], int(n));
  khr::memset(q, b, 0, n * sizeof(int));
  q.wait();
  q.submit([&](sycl::handler &h) { khr::copy(h, a, b, n / 2); });
  q.wait();
  check::equal("copy of half after memset", 0, b[3] * 10 + b[4], 40);
  khr::fill(q, b, 9, n);
  khr::prefetch(q, b, n * sizeof(int));
  khr::mem_advise(q, b, n * sizeof(int), 0);
  q.wait();
  check::equal("fill", 0, b[n - 1], 9);

  std::vector<int> data(n, 0), back(n, 0);
  auto shared_source = std::shared_ptr<int[]>(new int[n]);
  std::iota(shared_source.get(), shared_source.get() + n, 100);
  {
    sycl::buffer<int> buffer(data.data(), sycl::range<1>(n)), other{sycl::range<1>(n)};
    sycl::accessor<int, 1, sycl::access_mode::write> placeholder(buffer);
    khr::fill(q, placeholder, 3);
    khr::copy(q, a, placeholder);
    q.submit([&](sycl::handler &h) {
      sycl::accessor<int, 1, sycl::access_mode::read> from(buffer, h);
      sycl::accessor<int, 1, sycl::access_mode::write> to(other, h);
      khr::copy(h, from, to);
    });
    sycl::accessor<int, 1, sycl::access_mode::read> read_other(other);
    khr::copy(q, read_other, back.data());
    q.wait();
    check::equal("copies through placeholder accessors", 0, back[n - 1], int(n));
    khr::copy(q, shared_source, placeholder);
    khr::update_host(q, sycl::accessor<int, 1, sycl::access_mode::read>(buffer));
    q.wait();
    check::equal("update_host writes the buffer's data back", 0, data[0], 100);
  }
  sycl::free(a, q);
  sycl::free(b, q);
}

// Each barrier holds back a single_task that checks a slow one submitted before it finished.
static void barriers(sycl::queue &q) {
  int *flags = sycl::malloc_shared<int>(8, q);
  std::fill(flags, flags + 8, 0);
  auto slow = [=](int slot) {
    return [=] {
      float sum = 0;
      for (int i = 0; i < 200000; ++i) sum += sycl::sqrt(float(i));
      flags[slot] = sum > 0;
    };
  };
  auto follows = [=](int from, int to) { return [=] { flags[to] = flags[from]; }; };
  q.single_task(slow(0));
  khr::command_barrier(q);
  q.single_task(follows(0, 1));
  sycl::event e = q.single_task(slow(2));
  khr::event_barrier(q, {e});
  q.single_task(follows(2, 3));
  q.single_task(slow(4));
  q.submit([&](sycl::handler &h) { khr::command_barrier(h); });
  q.single_task(follows(4, 5));
  sycl::event f = q.single_task(slow(6));
  q.submit([&](sycl::handler &h) { khr::event_barrier(h, {f}); });
  q.single_task(follows(6, 7));
  q.wait();
  for (int i = 0; i < 8; ++i) check::equal("barrier order", i, flags[i], 1);
  sycl::free(flags, q);
}

// Writes, for every work-item, whether each khr group object agrees with the sycl one, and
// copies of the objects themselves for the host to compare.
static void group_interface(sycl::queue &q) {
  const std::size_t n = 32;
  int *agree = sycl::malloc_shared<int>(n, q);
  auto *groups = static_cast<khr::work_group<2> *>(sycl::malloc_shared(n * sizeof(khr::work_group<2>), q));
  auto *items = static_cast<khr::member_item<khr::work_group<2>> *>(
      sycl::malloc_shared(n * sizeof(khr::member_item<khr::work_group<2>>), q));
  q.parallel_for(sycl::nd_range<2>({4, 8}, {2, 4}), [=](sycl::nd_item<2> it) {
     const sycl::group<2> g = it.get_group();
     const khr::work_group<2> wg = g;
     const khr::member_item<khr::work_group<2>> item = khr::get_member_item(wg);
     const sycl::sub_group sg = it.get_sub_group();
     const khr::sub_group ksg = sg;
     const khr::work_item<khr::sub_group> lane = khr::get_item(ksg);
     bool ok = wg.id() == g.get_group_id() && wg.linear_id() == g.get_group_linear_id() &&
               wg.range() == g.get_group_range() && wg.size() == 8 && sycl::group<2>(wg) == g;
     ok = ok && item.id() == g.get_local_id() && item.linear_id() == g.get_local_linear_id() &&
          item.range() == g.get_local_range() && item.size() == 1;
     ok = ok && khr::leader_of(wg) == g.leader() && khr::leader_of(ksg) == sg.leader();
     ok = ok && ksg.linear_id() == sg.get_group_linear_id() && ksg.size() == sg.get_local_linear_range() &&
          ksg.max_size() == sg.get_max_local_range()[0] && ksg.range() == sg.get_group_range();
     ok = ok && lane.linear_id() == sg.get_local_linear_id() && lane.range() == sg.get_local_range();
     const std::size_t i = it.get_global_linear_id();
     agree[i] = ok;
     groups[i] = wg;
     items[i] = item;
   }).wait();
  int wrong = 0;
  for (std::size_t i = 0; i < n; ++i) {
    wrong += !agree[i];
    for (std::size_t j = 0; j < n; ++j) {
      const bool same_group = (i / 8) / 2 == (j / 8) / 2 && (i % 8) / 4 == (j % 8) / 4;
      wrong += (groups[i] == groups[j]) != same_group;
      wrong += (items[i] == items[j]) != (i == j);
    }
  }
  check::equal("khr group objects agree with sycl's and compare by value", 0, wrong, 0);
  sycl::free(items, q);
  sycl::free(groups, q);
  sycl::free(agree, q);
}

static void queue_and_device_queries() {
  sycl::queue q;
  check::equal("a new queue is empty", 0, q.khr_empty(), true);
  int *flag = sycl::malloc_shared<int>(1, q);
  *flag = 0;
  sycl::event gate = q.submit([&](sycl::handler &h) {
    h.host_task([=] {
      while (!__atomic_load_n(flag, __ATOMIC_ACQUIRE)) {
      }
    });
  });
  q.khr_flush();
  check::equal("a queue with a running command is not empty", 0, q.khr_empty(), false);
  __atomic_store_n(flag, 1, __ATOMIC_RELEASE);
  gate.wait();
  check::equal("empty again once it completed", 0, q.khr_empty() && q.ext_oneapi_empty(), true);
  sycl::free(flag, q);

  const sycl::context default_context = sycl::platform().khr_get_default_context();
  check::equal("queues without a context use the default one", 0,
               q.get_context() == default_context && sycl::context() != default_context, true);
  const sycl::device device;
  const sycl::range<3> groups = device.get_info<khr::info::device::max_work_group_range<3>>();
  const std::size_t total = device.get_info<khr::info::device::max_work_group_range_size>();
  check::equal("work-group count limits", 0, groups[0] >= (1u << 20) && groups[2] == groups[0] && total >= groups[0],
               true);
}

static void static_addrspace_casts(sycl::queue &q) {
  int *out = sycl::malloc_shared<int>(4, q);
  q.submit([&](sycl::handler &h) {
     sycl::local_accessor<int, 1> tile(sycl::range<1>(4), h);
     h.parallel_for(sycl::nd_range<1>(4, 4), [=](sycl::nd_item<1> it) {
       auto local = khr::static_addrspace_cast<sycl::access::address_space::local_space>(&tile[0]);
       auto global = khr::static_addrspace_cast<sycl::access::address_space::global_space>(
           sycl::address_space_cast<sycl::access::address_space::generic_space, sycl::access::decorated::no>(out));
       static_assert(std::is_same_v<decltype(global), sycl::multi_ptr<int, sycl::access::address_space::global_space,
                                                                      sycl::access::decorated::no>>);
       local[it.get_local_id(0)] = int(it.get_local_id(0)) + 1;
       sycl::group_barrier(it.get_group());
       global[it.get_local_id(0)] = local[3 - it.get_local_id(0)];
     });
   }).wait();
  check::equal("static_addrspace_cast", 0, out[0] * 1000 + out[1] * 100 + out[2] * 10 + out[3], 4321);
  sycl::free(out, q);
}

int main() {
  sycl::queue q;
  kernel_launches(q);
  memory_commands(q);
  barriers(q);
  group_interface(q);
  queue_and_device_queries();
  static_addrspace_casts(q);
  return check::finish();
}
