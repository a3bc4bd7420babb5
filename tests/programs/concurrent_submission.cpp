// Command groups submitted from several host threads at once, each thread with its own queue
// (in-order and out-of-order), to shared buffers, sub-buffers and USM: SYCL orders the command
// groups that use one buffer in submission order whatever queue and thread submit them, so no
// increment may be lost and no reader may see a half-done writer (docs/runtime-ordering.md).
//
// Every thread runs rounds of: a kernel and a host task incrementing a shared buffer through
// read_write accessors, a kernel snapshotting it through a read accessor (every element must
// hold the same value), ranged and sub-buffer accessors on the thread's own slice of another
// shared buffer, a host accessor incrementing the shared buffer now and then, a kernel on shared
// USM ordered after the previous thread's kernel with depends_on, and a fill/kernel/memcpy chain
// on private USM ordered by events (out-of-order queues) or by the queue (in-order queues).
//
// Environment: STRESS_THREADS (default 8), STRESS_ROUNDS per thread (default 1000), and
// STRESS_SECONDS, which, when set, makes every thread run rounds until that many seconds have
// passed instead (a long soak). The results are checked exactly against the rounds that ran.
#include <sycl/sycl.hpp>

#include <chrono>
#include <cstdlib>
#include <mutex>
#include <thread>
#include <vector>

#include "check.hpp"

namespace {

constexpr size_t elements = 1024;
constexpr size_t slice = 256;
constexpr int host_access_every = 8;
constexpr int snapshot_check_every = 4;

// An environment variable's value, or `fallback`.
long env_or(const char *name, long fallback) {
  const char *value = std::getenv(name);
  return value ? std::atol(value) : fallback;
}

// What every thread shares.
struct shared_state {
  sycl::buffer<int> counter{sycl::range<1>(elements)};
  sycl::buffer<int> slices;
  int *usm_counter;
  std::mutex last_usm_mutex;
  sycl::event last_usm;

  shared_state(size_t threads, sycl::queue &q)
      : slices(sycl::range<1>(threads * slice)), usm_counter(sycl::malloc_shared<int>(elements, q)) {}
};

// How one thread's rounds went.
struct thread_result {
  long rounds = 0;
  long host_accesses = 0;
  long command_groups = 0;
  long torn_snapshots = 0;
  long chain_errors = 0;
};

void increment_counter(sycl::queue &q, shared_state &s, thread_result &r) {
  q.submit([&](sycl::handler &h) {
    sycl::accessor c{s.counter, h, sycl::read_write};
    h.parallel_for(sycl::range<1>(elements), [=](sycl::id<1> i) { c[i] += 1; });
  });
  q.submit([&](sycl::handler &h) {
    sycl::accessor c{s.counter, h, sycl::read_write};
    h.host_task([=] {
      for (size_t i = 0; i < elements; ++i) c[i] += 1;
    });
  });
  r.command_groups += 2;
}

// A reader must see all of a writer's increments or none of them.
sycl::event snapshot_counter(sycl::queue &q, shared_state &s, int *snapshot, thread_result &r) {
  ++r.command_groups;
  return q.submit([&](sycl::handler &h) {
    sycl::accessor c{s.counter, h, sycl::read_only};
    h.parallel_for(sycl::range<1>(elements), [=](sycl::id<1> i) { snapshot[i] = c[i]; });
  });
}

void check_snapshot(const int *snapshot, thread_result &r) {
  for (size_t i = 1; i < elements; ++i)
    if (snapshot[i] != snapshot[0]) {
      ++r.torn_snapshots;
      return;
    }
}

// The thread's own slice: once through a ranged accessor of the shared buffer, once through a
// sub-buffer of it.
void increment_slice(sycl::queue &q, shared_state &s, size_t thread, thread_result &r) {
  q.submit([&](sycl::handler &h) {
    sycl::accessor a{s.slices, h, sycl::range<1>(slice), sycl::id<1>(thread * slice), sycl::read_write};
    h.parallel_for(sycl::range<1>(slice), [=](sycl::id<1> i) { a[i] += 1; });
  });
  sycl::buffer<int> sub(s.slices, sycl::id<1>(thread * slice), sycl::range<1>(slice));
  q.submit([&](sycl::handler &h) {
    sycl::accessor a{sub, h, sycl::read_write};
    h.parallel_for(sycl::range<1>(slice), [=](sycl::id<1> i) { a[i] += 2; });
  });
  r.command_groups += 2;
}

void host_increment(shared_state &s, thread_result &r) {
  sycl::host_accessor c{s.counter, sycl::read_write};
  for (size_t i = 0; i < elements; ++i) c[i] += 1;
  ++r.host_accesses;
}

// Shared USM ordered only by events: each kernel depends on the one submitted before it.
void increment_usm(sycl::queue &q, shared_state &s, thread_result &r) {
  std::lock_guard<std::mutex> lock(s.last_usm_mutex);
  int *counter = s.usm_counter;
  s.last_usm = q.submit([&](sycl::handler &h) {
    h.depends_on(s.last_usm);
    h.parallel_for(sycl::range<1>(elements), [=](sycl::id<1> i) { counter[i] += 1; });
  });
  ++r.command_groups;
}

// fill, then a kernel, then a copy back, on the thread's own USM.
void usm_chain(sycl::queue &q, int *data, int *copy, int round, thread_result &r) {
  sycl::event copied;
  if (q.is_in_order()) {
    q.fill(data, round, elements);
    q.parallel_for(sycl::range<1>(elements), [=](sycl::id<1> i) { data[i] += int(i[0]); });
    copied = q.memcpy(copy, data, elements * sizeof(int));
  } else {
    auto filled = q.fill(data, round, elements);
    auto added = q.parallel_for(sycl::range<1>(elements), filled, [=](sycl::id<1> i) { data[i] += int(i[0]); });
    copied = q.memcpy(copy, data, elements * sizeof(int), added);
  }
  copied.wait();
  r.command_groups += 3;
  for (size_t i = 0; i < elements; ++i)
    if (copy[i] != round + int(i)) {
      ++r.chain_errors;
      return;
    }
}

void run_thread(size_t thread, shared_state &s, long rounds, double seconds, thread_result &r) {
  sycl::queue q = thread % 2 ? sycl::queue{sycl::property::queue::in_order()} : sycl::queue{};
  int *snapshot = sycl::malloc_shared<int>(elements, q);
  int *data = sycl::malloc_shared<int>(elements, q);
  int *copy = sycl::malloc_shared<int>(elements, q);
  auto deadline = std::chrono::steady_clock::now() + std::chrono::duration<double>(seconds);
  for (long round = 0; seconds > 0 ? std::chrono::steady_clock::now() < deadline : round < rounds; ++round) {
    increment_counter(q, s, r);
    auto snapped = snapshot_counter(q, s, snapshot, r);
    increment_slice(q, s, thread, r);
    if (round % host_access_every == host_access_every - 1) host_increment(s, r);
    increment_usm(q, s, r);
    usm_chain(q, data, copy, int(round), r);
    if (round % snapshot_check_every == 0) {
      snapped.wait();
      check_snapshot(snapshot, r);
    }
    ++r.rounds;
  }
  q.wait();
  sycl::free(snapshot, q);
  sycl::free(data, q);
  sycl::free(copy, q);
}

// A command group submitted while a host accessor lives runs after the accessor is destroyed, so
// it sees what the host wrote (SYCL 2020 4.7.6.10). The pause only gives a wrong order time to
// show.
void host_accessor_holds_back_commands(sycl::queue &q) {
  sycl::buffer<int> value{sycl::range<1>(1)};
  sycl::event doubled;
  {
    sycl::host_accessor host{value, sycl::write_only};
    doubled = q.submit([&](sycl::handler &h) {
      sycl::accessor v{value, h, sycl::read_write};
      h.single_task([=] { v[0] *= 2; });
    });
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    check::equal("command status while a host accessor lives", 0,
                 doubled.get_info<sycl::info::event::command_execution_status>() ==
                     sycl::info::event_command_status::complete,
                 false);
    host[0] = 21;
  }
  doubled.wait();
  sycl::host_accessor result{value, sycl::read_only};
  check::equal("command after a host accessor", 0, result[0], 42);
}

void check_totals(shared_state &s, const std::vector<thread_result> &results) {
  long increments = 0, usm_increments = 0, command_groups = 0;
  for (const auto &r : results) {
    increments += 2 * r.rounds + r.host_accesses;
    usm_increments += r.rounds;
    command_groups += r.command_groups;
    check::equal("torn snapshots", 0, r.torn_snapshots, 0);
    check::equal("USM chain errors", 0, r.chain_errors, 0);
  }
  sycl::host_accessor counter{s.counter, sycl::read_only};
  for (size_t i = 0; i < elements; ++i) check::equal("shared buffer", long(i), counter[i], increments);
  sycl::host_accessor slices{s.slices, sycl::read_only};
  for (size_t t = 0; t < results.size(); ++t)
    for (size_t i = 0; i < slice; ++i)
      check::equal("slices", long(t * slice + i), slices[t * slice + i], 3 * results[t].rounds);
  for (size_t i = 0; i < elements; ++i) check::equal("shared USM", long(i), s.usm_counter[i], usm_increments);
  std::printf("%zu threads, %ld command groups\n", results.size(), command_groups);
}

} // namespace

int main() {
  size_t threads = size_t(env_or("STRESS_THREADS", 8));
  long rounds = env_or("STRESS_ROUNDS", 1000);
  double seconds = double(env_or("STRESS_SECONDS", 0));
  sycl::queue q;
  host_accessor_holds_back_commands(q);
  shared_state s(threads, q);
  q.submit([&](sycl::handler &h) {
    sycl::accessor c{s.counter, h, sycl::write_only};
    h.fill(c, 0);
  });
  q.submit([&](sycl::handler &h) {
    sycl::accessor a{s.slices, h, sycl::write_only};
    h.fill(a, 0);
  });
  q.fill(s.usm_counter, 0, elements).wait();
  std::vector<thread_result> results(threads);
  std::vector<std::thread> workers;
  for (size_t t = 0; t < threads; ++t)
    workers.emplace_back([&, t] { run_thread(t, s, rounds, seconds, results[t]); });
  for (auto &worker : workers) worker.join();
  check_totals(s, results);
  s.last_usm.wait();
  sycl::free(s.usm_counter, q);
  return check::finish();
}
