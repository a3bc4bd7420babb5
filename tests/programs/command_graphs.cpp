// Command graphs (sycl_ext_oneapi_graph, docs/command-graphs.md): graphs built with the explicit
// API and by recording queues, run several times, nested as sub-graphs, with buffers, host tasks,
// memory commands and reductions; the node queries, the DOT output and the errors the extension
// names.
#include <sycl/sycl.hpp>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>

#include <unistd.h>

#include "check.hpp"
#include "check_errors.hpp"

namespace syclex = sycl::ext::oneapi::experimental;
constexpr size_t N = 1000;

// Explicit nodes: a = i; b = 2a; c = a + b, each run of the graph adding one more c.
static void explicit_api(sycl::queue &q) {
  int *a = sycl::malloc_shared<int>(N, q), *b = sycl::malloc_shared<int>(N, q), *c = sycl::malloc_shared<int>(N, q);
  q.memset(c, 0, N * sizeof(int)).wait();
  syclex::command_graph graph{q.get_context(), q.get_device()};
  syclex::node fill = graph.add([&](sycl::handler &h) { h.parallel_for(N, [=](sycl::id<1> i) { a[i] = int(i); }); });
  syclex::node twice = graph.add([&](sycl::handler &h) { h.parallel_for(N, [=](sycl::id<1> i) { b[i] = 2 * a[i]; }); },
                              {syclex::property::node::depends_on(fill)});
  syclex::node sum = graph.add([&](sycl::handler &h) { h.parallel_for(N, [=](sycl::id<1> i) { c[i] += a[i] + b[i]; }); });
  graph.make_edge(twice, sum);
  check::equal("kind", 0, int(sum.get_type()), int(syclex::node_type::kernel));
  check::equal("predecessors", 0, sum.get_predecessors().size(), 1);
  check::equal("successors", 0, fill.get_successors().size(), 1);
  check::equal("roots", 0, graph.get_root_nodes().size(), 1);
  check::equal("nodes in order", 0, graph.get_nodes().at(2) == sum, true);
  check::throws("edge to itself", sycl::errc::invalid, [&] { graph.make_edge(sum, sum); });
  check::throws("cycle", sycl::errc::invalid, [&] { graph.make_edge(sum, fill); });

  auto runnable = graph.finalize();
  for (int run = 0; run < 3; ++run) q.ext_oneapi_graph(runnable);
  q.wait();
  for (size_t i = 0; i < N; ++i) check::equal("explicit graph, three runs", long(i), c[i], 9 * int(i));
  check::throws("update without updatable", sycl::errc::invalid, [&] { runnable.update(graph); });
  check::throws("explicit barrier", sycl::errc::invalid,
               [&] { graph.add([&](sycl::handler &h) { h.ext_oneapi_barrier(); }); });
  syclex::node join = graph.add({syclex::property::node::depends_on_all_leaves{}});
  check::equal("empty node", 0, int(join.get_type()), int(syclex::node_type::empty));
  check::equal("after the leaves", 0, join.get_predecessors().size(), 1);
  sycl::free(a, q), sycl::free(b, q), sycl::free(c, q);
}

// Recording an in-order queue: a memcpy, a kernel, a host task and a memset, in a line.
static void record_in_order() {
  sycl::queue q{sycl::property::queue::in_order{}};
  int *data = sycl::malloc_shared<int>(N, q), *copy = sycl::malloc_shared<int>(N, q);
  int host_runs = 0;
  for (size_t i = 0; i < N; ++i) data[i] = int(i);
  syclex::command_graph graph{q};
  graph.begin_recording(q);
  check::equal("recording state", 0, q.ext_oneapi_get_state() == syclex::queue_state::recording, true);
  check::equal("recording graph", 0, q.ext_oneapi_get_graph() == graph, true);
  sycl::event copied = q.memcpy(copy, data, N * sizeof(int));
  q.parallel_for(N, [=](sycl::id<1> i) { data[i] = copy[i] + 1; });
  q.submit([&](sycl::handler &h) { h.host_task([&] { ++host_runs; }); });
  q.memset(copy, 0, N * sizeof(int));
  check::throws("wait while recording", sycl::errc::invalid, [&] { q.wait(); });
  check::throws("wait for a recorded event", sycl::errc::invalid, [&] { copied.wait(); });
  check::throws("add while recording", sycl::errc::invalid, [&] { graph.add(); });
  graph.end_recording();
  check::equal("executing state", 0, q.ext_oneapi_get_state() == syclex::queue_state::executing, true);
  check::equal("nothing ran while recording", 0, data[5], 5);

  syclex::node first = syclex::node::get_node_from_event(copied);
  check::equal("memcpy node", 0, int(first.get_type()), int(syclex::node_type::memcpy));
  auto nodes = graph.get_nodes();
  check::equal("recorded nodes", 0, nodes.size(), 4);
  check::equal("host task node", 0, int(nodes.at(2).get_type()), int(syclex::node_type::host_task));
  check::equal("memset node", 0, int(nodes.at(3).get_type()), int(syclex::node_type::memset));
  check::equal("in a line", 0, nodes.at(3).get_predecessors().at(0) == nodes.at(2), true);

  auto runnable = graph.finalize();
  q.ext_oneapi_graph(runnable);
  q.ext_oneapi_graph(runnable).wait();
  for (size_t i = 0; i < N; ++i) {
    check::equal("recorded graph, two runs", long(i), data[i], int(i) + 2);
    check::equal("memset last", long(i), copy[i], 0);
  }
  check::equal("host task runs", 0, host_runs, 2);
  sycl::free(data, q), sycl::free(copy, q);
}

// A recorded barrier on an out-of-order queue: the later kernel follows it.
static void recorded_barrier(sycl::queue &q) {
  int *a = sycl::malloc_shared<int>(N, q), *b = sycl::malloc_shared<int>(N, q);
  syclex::command_graph graph{q};
  graph.begin_recording(q);
  q.parallel_for(N, [=](sycl::id<1> i) { a[i] = int(i); });
  q.ext_oneapi_submit_barrier();
  q.parallel_for(N, [=](sycl::id<1> i) { b[i] = a[i] + 1; });
  graph.end_recording();
  auto nodes = graph.get_nodes();
  check::equal("barrier node", 0, int(nodes.at(1).get_type()), int(syclex::node_type::ext_oneapi_barrier));
  check::equal("barrier after the kernel", 0, nodes.at(1).get_predecessors().at(0) == nodes.at(0), true);
  check::equal("kernel after the barrier", 0, nodes.at(2).get_predecessors().at(0) == nodes.at(1), true);
  auto runnable = graph.finalize();
  q.ext_oneapi_graph(runnable).wait();
  for (size_t i = 0; i < N; ++i) check::equal("after the barrier", long(i), b[i], int(i) + 1);
  sycl::free(a, q), sycl::free(b, q);
}

// Buffers order nodes by their accesses, and need assume_buffer_outlives_graph.
static void buffers(sycl::queue &q) {
  std::vector<int> values(N, 1);
  {
    sycl::buffer<int> buffer{values.data(), sycl::range<1>{N}};
    syclex::command_graph refused{q};
    check::throws("buffer without the property", sycl::errc::invalid, [&] {
      refused.add([&](sycl::handler &h) {
        sycl::accessor access{buffer, h, sycl::read_write};
        h.single_task([=] { access[0] = 0; });
      });
    });
    syclex::command_graph graph{q, {syclex::property::graph::assume_buffer_outlives_graph{}}};
    syclex::node doubled = graph.add([&](sycl::handler &h) {
      sycl::accessor access{buffer, h, sycl::read_write};
      h.parallel_for(N, [=](sycl::id<1> i) { access[i] *= 2; });
    });
    syclex::node plus = graph.add([&](sycl::handler &h) {
      sycl::accessor access{buffer, h, sycl::read_write};
      h.parallel_for(N, [=](sycl::id<1> i) { access[i] += 1; });
    });
    check::equal("buffer edge", 0, plus.get_predecessors().at(0) == doubled, true);
    auto runnable = graph.finalize();
    q.ext_oneapi_graph(runnable);
    q.ext_oneapi_graph(runnable);
    sycl::host_accessor result{buffer};
    check::equal("buffer after two runs", 0, result[7], 7);
  }
  check::equal("written back", 0, values[N - 1], 7);
}

// A graph run inside another, a reduction node, and transitive recording of a second queue.
static void subgraphs_and_reductions(sycl::queue &q) {
  int *data = sycl::malloc_shared<int>(N, q), *sum = sycl::malloc_shared<int>(1, q);
  *sum = 0;
  syclex::command_graph inner{q};
  inner.add([&](sycl::handler &h) { h.parallel_for(N, [=](sycl::id<1> i) { data[i] = 1; }); });
  auto inner_runnable = inner.finalize();

  sycl::queue other{q.get_context(), q.get_device()};
  syclex::command_graph outer{q};
  outer.begin_recording(q);
  sycl::event filled = q.ext_oneapi_graph(inner_runnable);
  other.submit([&](sycl::handler &h) {
    h.depends_on(filled);
    h.parallel_for(sycl::range<1>{N}, sycl::reduction(sum, sycl::plus<int>()),
                   [=](sycl::id<1> i, auto &total) { total += data[i]; });
  });
  check::equal("transitive recording", 0, other.ext_oneapi_get_state() == syclex::queue_state::recording, true);
  outer.end_recording();
  check::equal("other queue executing", 0, other.ext_oneapi_get_state() == syclex::queue_state::executing, true);
  check::throws("a recorded event after the recording", sycl::errc::invalid, [&] {
    q.submit([&](sycl::handler &h) {
      h.depends_on(filled);
      h.single_task([] {});
    });
  });
  check::equal("still executing", 0, q.ext_oneapi_get_state() == syclex::queue_state::executing, true);
  auto nodes = outer.get_nodes();
  check::equal("subgraph node", 0, int(nodes.at(0).get_type()), int(syclex::node_type::subgraph));
  check::equal("reduction after subgraph", 0, nodes.at(1).get_predecessors().at(0) == nodes.at(0), true);

  auto runnable = outer.finalize();
  q.ext_oneapi_graph(runnable).wait();
  q.ext_oneapi_graph(runnable).wait();
  check::equal("reduction in two runs", 0, *sum, int(2 * N));

  check::throws("depend on another graph's event", sycl::errc::invalid, [&] {
    syclex::command_graph third{q};
    third.begin_recording(q);
    try {
      q.submit([&](sycl::handler &h) {
        h.depends_on(filled);
        h.single_task([] {});
      });
    } catch (...) {
      third.end_recording();
      throw;
    }
  });
  sycl::free(data, q), sycl::free(sum, q);
}

// The DOT output, recording into two graphs, and the end of recording with the graph.
static void printing_and_lifetime(sycl::queue &q) {
  syclex::command_graph graph{q};
  syclex::node first = graph.add([&](sycl::handler &h) { h.single_task<class dot_kernel>([] {}); });
  graph.add({syclex::property::node::depends_on(first)});
  const char *directory = std::getenv("TMPDIR");
  const std::string path =
      std::string(directory ? directory : "/tmp") + "/command_graphs_" + std::to_string(getpid()) + ".dot";
  graph.print_graph(path);
  std::ifstream file(path);
  std::stringstream text;
  text << file.rdbuf();
  std::remove(path.c_str());
  check::equal("dot kernel node", 0, text.str().find("0: kernel") != std::string::npos, true);
  check::equal("dot edge", 0, text.str().find("node0 -> node1;") != std::string::npos, true);
  check::throws("not a .dot path", sycl::errc::invalid, [&] { graph.print_graph("graph.txt"); });

  {
    syclex::command_graph recording{q};
    recording.begin_recording(q);
    check::throws("recording into two graphs", sycl::errc::invalid, [&] { graph.begin_recording(q); });
  }
  check::equal("recording ends with the graph", 0, q.ext_oneapi_get_state() == syclex::queue_state::executing, true);
  check::throws("no graph when executing", sycl::errc::invalid, [&] { q.ext_oneapi_get_graph(); });
  int *value = sycl::malloc_shared<int>(1, q);
  q.single_task([=] { *value = 42; }).wait();
  check::equal("the queue runs again", 0, *value, 42);
  sycl::free(value, q);
}

// A run of a graph finalized with enable_profiling, on a profiling queue: the run's event spans
// its nodes, so its start-to-end covers at least the time its first node took (a host task
// that waits until 20 ms have passed on its own clock), not only its last node's.
static void profiled_run() {
  sycl::queue q{sycl::property::queue::enable_profiling{}};
  syclex::command_graph graph{q.get_context(), q.get_device()};
  auto *waited = sycl::malloc_shared<long long>(1, q);
  syclex::node slow = graph.add([&](sycl::handler &h) {
    h.host_task([=] {
      const auto begin = std::chrono::steady_clock::now();
      while (std::chrono::steady_clock::now() - begin < std::chrono::milliseconds(20)) {
      }
      *waited = std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now() - begin).count();
    });
  });
  graph.add([&](sycl::handler &h) { h.single_task([] {}); }, {syclex::property::node::depends_on(slow)});
  auto runnable = graph.finalize({syclex::property::graph::enable_profiling{}});
  sycl::event run = q.ext_oneapi_graph(runnable);
  run.wait();
  const auto start = run.get_profiling_info<sycl::info::event_profiling::command_start>();
  const auto end = run.get_profiling_info<sycl::info::event_profiling::command_end>();
  check::equal("a profiled run spans its nodes", 0, end >= start && end - start >= std::uint64_t(*waited), true);
  sycl::free(waited, q);
}

int main() {
  // Programs written for Intel GPUs pass Level Zero hints, which a CPU queue accepts.
  sycl::queue q{{sycl::ext::intel::property::queue::no_immediate_command_list{}}};
  check::equal("limited graph aspect", 0, q.get_device().has(sycl::aspect::ext_oneapi_limited_graph), true);
  explicit_api(q);
  record_in_order();
  recorded_barrier(q);
  buffers(q);
  subgraphs_and_reductions(q);
  printing_and_lifetime(q);
  profiled_run();
  return check::finish();
}
