// DPC++'s enqueue functions (sycl_ext_oneapi_enqueue_functions): submit, single_task,
// parallel_for (range, with a reduction, through a launch_config), nd_launch (nd_range with
// local memory and a barrier, and a launch_config carrying work_group_size), the USM memory
// commands (prefetch of either prefetch_type), barrier and partial_barrier, on a queue and in a
// handler; results against the host. And reusable events (make_event, enqueue_signal_event,
// enqueue_wait_event(s)).
#include <sycl/sycl.hpp>
#include <sycl/ext/oneapi/experimental/enqueue_functions.hpp>
#include <sycl/ext/oneapi/experimental/reusable_events.hpp>
#include "check.hpp"

#include <chrono>
#include <thread>

namespace syclex = sycl::ext::oneapi::experimental;

// sycl_ext_oneapi_reusable_events: one event signalled on two out-of-order queues in turn, a
// third queue waiting for it each time; a copy keeps the command it had.
void reusable_events() {
  static_assert(SYCL_EXT_ONEAPI_REUSABLE_EVENTS == 1);
  sycl::queue first, second, third;
  sycl::event done = syclex::make_event(first.get_context());
  check::equal("a new event is complete", 0,
               done.get_info<sycl::info::event::command_execution_status>() ==
                   sycl::info::event_command_status::complete,
               true);
  int *value = sycl::malloc_shared<int>(2, first);
  value[0] = 1;
  value[1] = 0;
  syclex::single_task(first, [=] {
    for (int i = 0; i < 20000000; ++i) value[0] = value[0] * 3 % 1000003;
  });
  syclex::enqueue_signal_event(first, done);
  const sycl::event copy = done;
  syclex::enqueue_wait_event(third, done);
  syclex::single_task(third, [=] { value[1] = value[0] + 1; });
  syclex::single_task(second, [=] { std::this_thread::sleep_for(std::chrono::milliseconds(200)); });
  syclex::enqueue_signal_event(second, done);
  syclex::enqueue_wait_events(third, {done, copy});
  syclex::single_task(third, [=] { value[1] *= 2; });
  third.wait();
  long expected = 1;
  for (int i = 0; i < 20000000; ++i) expected = expected * 3 % 1000003;
  check::equal("waited for the first signal", 0, value[1], int((expected + 1) * 2));
  check::equal("the copy tracks the first command", 0, copy != done, true);
  check::equal("profiling refused", 0, [] {
    try {
      (void)syclex::make_event(syclex::enable_profiling{true});
    } catch (const sycl::exception &e) {
      return e.code() == sycl::errc::feature_not_supported;
    }
    return false;
  }(), true);
  (void)syclex::make_event(syclex::properties{syclex::enable_profiling{false}});
  sycl::free(value, first);
}

int main() {
  reusable_events();
  sycl::queue q{sycl::property::queue::in_order{}};
  constexpr size_t n = 1024, group = 64;
  int *a = sycl::malloc_shared<int>(n, q), *b = sycl::malloc_shared<int>(n, q);
  int *sum = sycl::malloc_shared<int>(1, q), *group_sums = sycl::malloc_shared<int>(n / group, q);

  syclex::fill(q, a, 3, n);
  syclex::memset(q, b, 0, n * sizeof(int));
  syclex::parallel_for(q, sycl::range<1>{n}, [=](sycl::id<1> i) { a[i] += int(i[0]); });
  syclex::submit(q, [&](sycl::handler &h) {
    syclex::parallel_for(h, syclex::launch_config{sycl::range<1>{n}}, [=](sycl::id<1> i) { b[i] = 2 * a[i]; });
  });
  syclex::barrier(q);
  *sum = 0;
  // The extension takes the kernel before its reductions.
  syclex::parallel_for(q, sycl::range<1>{n}, [=](sycl::id<1> i, auto &total) { total += b[i]; },
                       sycl::reduction(sum, sycl::plus<int>()));
  syclex::nd_launch(q, sycl::nd_range<1>{{n}, {group}}, [=](sycl::nd_item<1> it) {
    // Each group's first work-item adds its group's a[i] after a barrier.
    sycl::group_barrier(it.get_group());
    if (it.get_local_id(0) == 0) {
      int s = 0;
      for (size_t k = 0; k < group; ++k) s += a[it.get_group(0) * group + k];
      group_sums[it.get_group(0)] = s;
    }
  });
  syclex::properties required{syclex::work_group_size<group>};
  int *local_sizes = sycl::malloc_shared<int>(n, q);
  syclex::nd_launch(q, syclex::launch_config{sycl::nd_range<1>{{n}, {group}}, required},
                    [=](sycl::nd_item<1> it) { local_sizes[it.get_global_id(0)] = int(it.get_local_range(0)); });
  syclex::single_task(q, [=] { b[0] = -1; });
  syclex::memcpy(q, b + 1, a + 1, sizeof(int));
  syclex::copy(q, a + 2, b + 2, 1);
  // Prefetches in both directions, between commands that use the memory (a hint: results unchanged).
  syclex::prefetch(q, a, n * sizeof(int));
  syclex::submit(q, [&](sycl::handler &h) { syclex::prefetch(h, b, n * sizeof(int), syclex::prefetch_type::host); });
  syclex::prefetch(q, a, n * sizeof(int), syclex::prefetch_type::device);
  sycl::event done = syclex::submit_with_event(q, [&](sycl::handler &h) { syclex::single_task(h, [=] { b[3] = -3; }); });
  syclex::partial_barrier(q, {done});
  q.wait();

  int expected_sum = 0;
  for (size_t i = 0; i < n; ++i) expected_sum += 2 * (3 + int(i));
  check::equal("reduction", 0, *sum, expected_sum);
  for (size_t g = 0; g < n / group; ++g) {
    int s = 0;
    for (size_t k = 0; k < group; ++k) s += 3 + int(g * group + k);
    check::equal("nd_launch group sums", g, group_sums[g], s);
  }
  for (size_t i = 0; i < n; ++i) check::equal("launch_config work_group_size", i, local_sizes[i], int(group));
  check::equal("single_task", 0, b[0], -1);
  check::equal("memcpy", 1, b[1], a[1]);
  check::equal("copy", 2, b[2], a[2]);
  check::equal("submit_with_event", 3, b[3], -3);
  for (size_t i = 4; i < n; ++i) check::equal("parallel_for through a launch_config", i, b[i], 2 * (3 + int(i)));
  for (void *p : {(void *)a, (void *)b, (void *)sum, (void *)group_sums, (void *)local_sizes}) sycl::free(p, q);
  return check::finish();
}
