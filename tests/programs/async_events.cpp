// Asynchronous command groups (SYCL 2020 4.6.5, 4.9.4, 4.13): submit returns before the command
// runs; dependencies from accessors (read-after-write, write-after-read, write-after-write),
// depends_on and in-order queues hold even when the earlier command is slow; independent
// commands run concurrently; host tasks, explicit copies and fills; profiling times; errors of
// running commands reach the queue's async_handler, or its context's; USM pointer queries;
// destroying a queue does not wait for its commands, and the program's exit does.
#include <sycl/sycl.hpp>

#include <atomic>
#include <chrono>
#include <future>
#include <thread>

#include <unistd.h>
#include <vector>

#include "check.hpp"

using namespace std::chrono_literals;

// Spins until `flag` is set or `limit` passes; returns whether it was set.
static bool wait_for(const std::atomic<int> &flag, int value, std::chrono::milliseconds limit = 10000ms) {
  auto deadline = std::chrono::steady_clock::now() + limit;
  while (flag.load() < value)
    if (std::chrono::steady_clock::now() > deadline) return false;
    else std::this_thread::yield();
  return true;
}

int main() {
  const size_t n = 4096;
  {
    sycl::queue q;

    // submit returns while the command is still waiting: the host task needs main to go on.
    std::atomic<int> released{0};
    std::atomic<int> saw_release{0};
    auto gate = q.submit([&](sycl::handler &h) { h.host_task([&] { saw_release = wait_for(released, 1) ? 1 : 2; }); });
    released = 1;
    gate.wait();
    check::equal("submit is asynchronous", 0, saw_release.load(), 1);
    check::equal("status after wait", 0, int(gate.get_info<sycl::info::event::command_execution_status>()),
                 int(sycl::info::event_command_status::complete));

    // Two independent host tasks meet: they only finish if they run at the same time.
    std::atomic<int> arrived{0};
    std::atomic<int> met{0};
    auto meet = [&] {
      arrived++;
      if (wait_for(arrived, 2)) met++;
    };
    auto a = q.submit([&](sycl::handler &h) { h.host_task(meet); });
    auto b = q.submit([&](sycl::handler &h) { h.host_task(meet); });
    sycl::event::wait({a, b});
    check::equal("independent commands run concurrently", 0, met.load(), 2);

    // Buffers: a slow host task writes, a kernel reads it and writes another buffer (RAW), a
    // kernel overwrites the first buffer only after that read (WAR), a last write (WAW).
    std::vector<int> first(n, -1), second(n, -1);
    {
      sycl::buffer<int> first_buffer(first.data(), n);
      sycl::buffer<int> second_buffer(second.data(), n);
      q.submit([&](sycl::handler &h) {
        sycl::accessor out{first_buffer, h, sycl::write_only};
        h.host_task([=] {
          std::this_thread::sleep_for(50ms);
          for (size_t i = 0; i < n; ++i) out[i] = int(i);
        });
      });
      q.submit([&](sycl::handler &h) {
        sycl::accessor in{first_buffer, h, sycl::read_only};
        sycl::accessor out{second_buffer, h, sycl::write_only};
        h.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) {
          for (volatile int spin = 0; spin < 2000; ++spin) {
          }
          out[i] = in[i] * 2;
        });
      });
      q.submit([&](sycl::handler &h) {
        sycl::accessor out{first_buffer, h, sycl::write_only};
        h.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { out[i] = 7; });
      });
      q.submit([&](sycl::handler &h) {
        sycl::accessor out{first_buffer, h, sycl::read_write};
        h.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { out[i] += int(i); });
      });
      sycl::host_accessor result(second_buffer, sycl::read_only);
      for (size_t i = 0; i < n; ++i) check::equal("read after write", i, result[i], int(2 * i));
    } // the buffers' destructors wait and write back
    for (size_t i = 0; i < n; ++i) check::equal("write after read, write after write", i, first[i], int(7 + i));

    // Explicit copies: pointer to accessor, fill, accessor to accessor, accessor to pointer.
    std::vector<float> source(n), target(n, 0.0f);
    for (size_t i = 0; i < n; ++i) source[i] = float(i) * 0.5f;
    {
      sycl::buffer<float> a_buffer{sycl::range<1>(n)}, b_buffer{sycl::range<1>(n)};
      q.submit([&](sycl::handler &h) {
        sycl::accessor a{a_buffer, h, sycl::write_only};
        h.copy(source.data(), a);
      });
      q.submit([&](sycl::handler &h) {
        sycl::accessor b{b_buffer, h, sycl::write_only};
        h.fill(b, 1.0f);
      });
      q.submit([&](sycl::handler &h) {
        sycl::accessor a{a_buffer, h, sycl::read_only};
        sycl::accessor b{b_buffer, h, sycl::read_write};
        h.copy(a, b);
      });
      q.submit([&](sycl::handler &h) {
        sycl::accessor b{b_buffer, h, sycl::read_only};
        h.copy(b, target.data());
      });
      q.wait();
    }
    for (size_t i = 0; i < n; ++i) check::equal("copies", i, target[i], float(i) * 0.5f);

    // USM with depends_on: a slow producer, then a consumer that names its event.
    int *data = sycl::malloc_shared<int>(n, q);
    auto produce = q.submit([&](sycl::handler &h) {
      h.host_task([=] {
        std::this_thread::sleep_for(30ms);
        for (size_t i = 0; i < n; ++i) data[i] = int(i) + 1;
      });
    });
    auto consume = q.parallel_for(sycl::range<1>(n), produce, [=](sycl::id<1> i) { data[i] *= 3; });
    consume.wait();
    for (size_t i = 0; i < n; ++i) check::equal("depends_on", i, data[i], int(3 * (i + 1)));

    // USM pointer queries.
    int *device_data = sycl::malloc_device<int>(16, q);
    int local_variable = 0;
    check::equal("shared pointer type", 0, int(sycl::get_pointer_type(data + 5, q.get_context())),
                 int(sycl::usm::alloc::shared));
    check::equal("device pointer type", 0, int(sycl::get_pointer_type(device_data, q.get_context())),
                 int(sycl::usm::alloc::device));
    check::equal("stack pointer type", 0, int(sycl::get_pointer_type(&local_variable, q.get_context())),
                 int(sycl::usm::alloc::unknown));
    q.prefetch(data, n * sizeof(int)).wait();
    sycl::free(device_data, q);
    sycl::free(data, q);

    // Profiling needs the property.
    bool threw = false;
    try {
      (void)gate.get_profiling_info<sycl::info::event_profiling::command_start>();
    } catch (const sycl::exception &e) {
      threw = e.code() == sycl::errc::invalid;
    }
    check::equal("profiling without the property throws errc::invalid", 0, threw, true);
  }

  // An in-order queue with profiling: each command follows the previous one.
  {
    sycl::queue q{sycl::property_list{sycl::property::queue::in_order(), sycl::property::queue::enable_profiling()}};
    check::equal("in order", 0, q.is_in_order(), true);
    long *value = sycl::malloc_shared<long>(1, q);
    *value = 1;
    std::vector<sycl::event> events;
    events.push_back(q.submit([&](sycl::handler &h) {
      h.host_task([=] {
        std::this_thread::sleep_for(20ms);
        *value += 10;
      });
    }));
    for (int step = 0; step < 5; ++step)
      events.push_back(q.single_task([=] { *value *= 2; }));
    q.wait();
    check::equal("in-order result", 0, *value, 11L * 32);
    std::uint64_t previous_end = 0;
    for (size_t i = 0; i < events.size(); ++i) {
      auto submitted = events[i].get_profiling_info<sycl::info::event_profiling::command_submit>();
      auto start = events[i].get_profiling_info<sycl::info::event_profiling::command_start>();
      auto end = events[i].get_profiling_info<sycl::info::event_profiling::command_end>();
      check::equal("submit <= start", i, submitted <= start, true);
      check::equal("start <= end", i, start <= end, true);
      check::equal("starts after the previous end", i, start >= previous_end, true);
      previous_end = end;
    }
    sycl::free(value, q);
  }

  // Errors of running commands go to the async_handler, once.
  {
    int handled = 0;
    std::string message;
    sycl::queue q{[&](sycl::exception_list errors) {
      for (auto &error : errors) {
        try {
          std::rethrow_exception(error);
        } catch (const sycl::exception &e) {
          ++handled;
          message = e.what();
        }
      }
    }};
    q.submit([&](sycl::handler &h) {
      h.host_task([] { throw sycl::exception(sycl::make_error_code(sycl::errc::runtime), "host task failed"); });
    });
    q.wait();
    check::equal("no report before wait_and_throw", 0, handled, 0);
    q.wait_and_throw();
    check::equal("reported once", 0, handled, 1);
    check::equal("message", 0, message == "host task failed", true);
    q.wait_and_throw();
    check::equal("not reported twice", 0, handled, 1);

    // A bad nd_range is found at submission: a synchronous error.
    bool threw = false;
    try {
      q.parallel_for(sycl::nd_range<1>(sycl::range<1>(10), sycl::range<1>(3)), [=](sycl::nd_item<1>) {});
    } catch (const sycl::exception &e) {
      threw = e.code() == sycl::errc::nd_range;
    }
    check::equal("synchronous nd_range error", 0, threw, true);
  }
  {
    // A queue without an async_handler of its own reports to its context's (SYCL 2020 4.13.1.2).
    int from_context = 0;
    sycl::context context{[&](sycl::exception_list errors) { from_context += int(errors.size()); }};
    sycl::queue q(context, sycl::device(sycl::default_selector_v));
    for (int i = 0; i < 2; ++i)
      q.submit([&](sycl::handler &h) { h.host_task([] { throw sycl::exception(sycl::errc::accessor); }); });
    q.wait_and_throw();
    check::equal("errors reported to the context's handler", 0, from_context, 2);
  }
  {
    // SYCL 2020 queues do not block when destroyed: dropping a queue whose host task waits for a
    // promise set afterwards returns (the SYCL-CTS event tests do this). A blocking destructor
    // would wait forever; the alarm turns that into a failure.
    alarm(60);
    std::promise<void> go;
    std::shared_future<void> started = go.get_future().share();
    sycl::event waiting;
    {
      sycl::queue temporary;
      waiting = temporary.submit([&](sycl::handler &h) { h.host_task([started] { started.wait(); }); });
    }
    go.set_value();
    waiting.wait();
    alarm(0);
    check::equal("host task of a destroyed queue completed", 0,
                 waiting.get_info<sycl::info::event::command_execution_status>() ==
                     sycl::info::event_command_status::complete,
                 true);
  }
  // Nor does main's return wait for this queue; the runtime waits for the host task at exit, so
  // its line is printed (the test looks for it).
  sycl::queue last;
  last.submit([&](sycl::handler &h) {
    h.host_task([] {
      std::this_thread::sleep_for(300ms);
      std::printf("host task finished after main returned\n");
    });
  });
  return check::finish();
}
