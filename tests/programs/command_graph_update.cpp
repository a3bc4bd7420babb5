// Executable command graph update (sycl_ext_oneapi_graph, docs/command-graphs.md, "Executable
// graph update"): dynamic parameters of free function kernels (explicit and recorded nodes), new
// ranges of kernel nodes, dynamic command groups of kernels and of host tasks, whole graph update,
// a run submitted before an update keeping its commands, a graph added as a sub-graph keeping the
// commands it had then, and the errors the extension names.
#include <sycl/sycl.hpp>

#include <atomic>
#include <thread>
#include <vector>

#include "check.hpp"
#include "check_errors.hpp"

namespace syclex = sycl::ext::oneapi::experimental;
constexpr size_t N = 256;

SYCL_EXT_ONEAPI_FUNCTION_PROPERTY((syclex::nd_range_kernel<1>))
void fill(int *out, int base) {
  const size_t i = sycl::ext::oneapi::this_work_item::get_nd_item<1>().get_global_linear_id();
  out[i] = base + int(i);
}

SYCL_EXT_ONEAPI_FUNCTION_PROPERTY((syclex::single_task_kernel))
void add_to_first(int *out, int value) { out[0] += value; }

template <auto Kernel> sycl::kernel kernel_of(sycl::queue &q) {
  return sycl::get_kernel_bundle<sycl::bundle_state::executable>(q.get_context())
      .get_kernel(syclex::get_kernel_id<Kernel>());
}

static void reset(int *p, int value) {
  for (size_t i = 0; i < N; ++i) p[i] = value;
}
static void expect_filled(const char *what, const int *p, int base, size_t count = N) {
  for (size_t i = 0; i < count; ++i) check::equal(what, long(i), p[i], base + int(i));
}

// A pointer and a number given by dynamic parameters: the executable graph runs the values it was
// finalized with until it is updated with the node, then the new ones.
static void dynamic_parameters(sycl::queue &q) {
  int *a = sycl::malloc_shared<int>(N, q), *b = sycl::malloc_shared<int>(N, q);
  reset(a, -1);
  reset(b, -1);
  syclex::command_graph graph{q};
  syclex::dynamic_parameter out(graph, a);
  syclex::dynamic_parameter base(graph, 100);
  const sycl::kernel k = kernel_of<fill>(q);
  syclex::node node = graph.add([&](sycl::handler &h) {
    h.set_args(out, base);
    h.parallel_for(sycl::nd_range<1>(N, 32), k);
  });
  auto runnable = graph.finalize({syclex::property::graph::updatable{}});
  q.ext_oneapi_graph(runnable).wait();
  expect_filled("first run", a, 100);
  out.update(b);
  base.update(7);
  reset(a, -1);
  q.ext_oneapi_graph(runnable).wait();
  expect_filled("parameters updated, graph not yet", a, 100);
  check::equal("parameters updated, graph not yet: b", 0, b[0], -1);
  runnable.update(node);
  q.ext_oneapi_graph(runnable).wait();
  expect_filled("graph updated", b, 7);

  // A graph finalized after the update runs the new values from the start.
  reset(b, -1);
  auto later = graph.finalize();
  q.ext_oneapi_graph(later).wait();
  expect_filled("finalized after the update", b, 7);
  sycl::free(a, q);
  sycl::free(b, q);
}

// A parameter made without a graph serves nodes of any graph, and its update reaches them all.
static void parameter_of_no_graph(sycl::queue &q) {
  int *v = sycl::malloc_shared<int>(2, q);
  v[0] = v[1] = 0;
  syclex::dynamic_parameter amount(3);
  const sycl::kernel k = kernel_of<add_to_first>(q);
  syclex::command_graph first{q}, second{q};
  std::vector<syclex::command_graph<syclex::graph_state::executable>> runnables;
  std::vector<syclex::node> nodes;
  int slot = 0;
  for (auto *graph : {&first, &second}) {
    int *target = v + slot++;
    nodes.push_back(graph->add([&](sycl::handler &h) {
      h.set_args(target, amount);
      h.single_task(k);
    }));
    runnables.push_back(graph->finalize({syclex::property::graph::updatable{}}));
  }
  amount.update(40);
  for (size_t i = 0; i < 2; ++i) {
    runnables[i].update(nodes[i]);
    q.ext_oneapi_graph(runnables[i]).wait();
  }
  check::equal("a parameter of no graph, first graph", 0, v[0], 40);
  check::equal("a parameter of no graph, second graph", 0, v[1], 40);
  sycl::free(v, q);
}

// A recorded single task whose argument is a dynamic parameter, updated by set_arg's index.
static void recorded_parameter(sycl::queue &q) {
  int *v = sycl::malloc_shared<int>(1, q);
  *v = 0;
  syclex::command_graph graph{q};
  syclex::dynamic_parameter amount(graph, 1);
  const sycl::kernel k = kernel_of<add_to_first>(q);
  graph.begin_recording(q);
  sycl::event recorded = q.submit([&](sycl::handler &h) {
    h.set_arg(0, v);
    h.set_arg(1, amount);
    h.single_task(k);
  });
  graph.end_recording();
  syclex::node node = syclex::node::get_node_from_event(recorded);
  auto runnable = graph.finalize({syclex::property::graph::updatable{}});
  q.ext_oneapi_graph(runnable).wait();
  amount.update(20);
  runnable.update(node);
  q.ext_oneapi_graph(runnable).wait();
  check::equal("recorded node updated", 0, *v, 21);
  sycl::free(v, q);
}

// update_range and update_nd_range, for kernels written for either form.
static void ranges(sycl::queue &q) {
  int *c = sycl::malloc_shared<int>(N, q);
  reset(c, 0);
  syclex::command_graph graph{q};
  syclex::node range_node =
      graph.add([&](sycl::handler &h) { h.parallel_for(sycl::range<1>(N), [=](sycl::id<1> i) { c[i] += 1; }); });
  syclex::node nd_node = graph.add(
      [&](sycl::handler &h) {
        h.parallel_for(sycl::nd_range<1>(N, 32), [=](sycl::nd_item<1> it) {
          c[it.get_global_id(0)] += it.get_local_range(0) == 16 ? 100 : 10;
        });
      },
      {syclex::property::node::depends_on(range_node)});
  auto runnable = graph.finalize({syclex::property::graph::updatable{}});
  q.ext_oneapi_graph(runnable).wait();
  range_node.update_range(sycl::range<1>(N / 2));
  nd_node.update_nd_range(sycl::nd_range<1>(N / 4, 16));
  runnable.update(std::vector<syclex::node>{range_node, nd_node});
  q.ext_oneapi_graph(runnable).wait();
  for (size_t i = 0; i < N; ++i)
    check::equal("updated ranges", long(i), c[i], 11 + (i < N / 2 ? 1 : 0) + (i < N / 4 ? 100 : 0));

  check::throws("update_range of other dimensions", sycl::errc::invalid,
               [&] { range_node.update_range(sycl::range<2>(2, 2)); });
  syclex::node empty = graph.add();
  check::throws("update_range of an empty node", sycl::errc::invalid, [&] { empty.update_range(sycl::range<1>(4)); });
  check::throws("update_nd_range not dividing", sycl::errc::nd_range,
               [&] { nd_node.update_nd_range(sycl::nd_range<1>(N, 7)); });
  int *sum = sycl::malloc_shared<int>(1, q);
  syclex::node reduction = graph.add([&](sycl::handler &h) {
    h.parallel_for(sycl::range<1>(N), sycl::reduction(sum, sycl::plus<int>()), [=](sycl::id<1> i, auto &s) { s += 1; });
  });
  check::throws("update_range of a reduction", sycl::errc::invalid, [&] { reduction.update_range(sycl::range<1>(4)); });
  sycl::free(sum, q);
  sycl::free(c, q);
}

// Dynamic command groups of kernels and of host tasks: the active group runs, and a new active
// group reaches the executable graph when it is updated with the node.
static void dynamic_command_groups(sycl::queue &q) {
  int *v = sycl::malloc_shared<int>(1, q);
  *v = 0;
  syclex::command_graph graph{q, {syclex::property::graph::assume_buffer_outlives_graph{}}};
  syclex::dynamic_command_group kernels(graph, {[&](sycl::handler &h) { h.single_task([=] { *v += 1; }); },
                                                [&](sycl::handler &h) { h.single_task([=] { *v += 10; }); }});
  syclex::dynamic_command_group tasks(graph, {[&](sycl::handler &h) { h.host_task([=] { *v *= 2; }); },
                                              [&](sycl::handler &h) { h.host_task([=] { *v *= 3; }); }});
  syclex::node kernel_node = graph.add(kernels);
  syclex::node task_node = graph.add(tasks, {syclex::property::node::depends_on(kernel_node)});
  check::equal("dynamic node types", 0,
               kernel_node.get_type() == syclex::node_type::kernel && task_node.get_type() == syclex::node_type::host_task,
               true);
  auto runnable = graph.finalize({syclex::property::graph::updatable{}});
  q.ext_oneapi_graph(runnable).wait();
  check::equal("first groups", 0, *v, 2);
  kernels.set_active_index(1);
  tasks.set_active_index(1);
  check::equal("active index", 0, kernels.get_active_index(), 1u);
  q.ext_oneapi_graph(runnable).wait();
  check::equal("groups chosen, graph not yet updated", 0, *v, 6);
  runnable.update(std::vector<syclex::node>{kernel_node, task_node});
  q.ext_oneapi_graph(runnable).wait();
  check::equal("second groups", 0, *v, 48);

  check::throws("index past the groups", sycl::errc::invalid, [&] { kernels.set_active_index(2); });
  check::throws("no groups", sycl::errc::invalid, [&] { syclex::dynamic_command_group none(graph, {}); });
  check::throws("a memset group", sycl::errc::invalid, [&] {
    syclex::dynamic_command_group copies(graph, {[&](sycl::handler &h) { h.memset(v, 0, sizeof(int)); }});
  });
  check::throws("kernel and host task", sycl::errc::invalid, [&] {
    syclex::dynamic_command_group mixed(graph, {[&](sycl::handler &h) { h.single_task([=] { *v = 0; }); },
                                                [&](sycl::handler &h) { h.host_task([=] { *v = 0; }); }});
  });
  sycl::buffer<int> buffer{sycl::range<1>(1)};
  check::throws("different buffer accesses", sycl::errc::invalid, [&] {
    syclex::dynamic_command_group differing(
        graph, {[&](sycl::handler &h) {
                  sycl::accessor access(buffer, h);
                  h.single_task([=] { access[0] = 1; });
                },
                [&](sycl::handler &h) { h.single_task([=] { *v = 0; }); }});
  });
  syclex::command_graph other{q};
  check::throws("added to another graph", sycl::errc::invalid, [&] { other.add(kernels); });
  sycl::free(v, q);
}

// Whole graph update: the nodes take the commands of a graph built the same way (the same lambda
// over another pointer, a host task with another value).
static void build(syclex::command_graph<> &graph, int *p, int add) {
  syclex::node kernel =
      graph.add([&](sycl::handler &h) { h.parallel_for(sycl::range<1>(N), [=](sycl::id<1> i) { p[i] += add; }); });
  graph.add([&](sycl::handler &h) { h.host_task([=] { p[0] += 1000 * add; }); },
            {syclex::property::node::depends_on(kernel)});
}
static void whole_graph(sycl::queue &q) {
  int *a = sycl::malloc_shared<int>(N, q), *b = sycl::malloc_shared<int>(N, q);
  reset(a, 0);
  reset(b, 0);
  syclex::command_graph first{q}, second{q};
  build(first, a, 1);
  build(second, b, 2);
  auto runnable = first.finalize({syclex::property::graph::updatable{}});
  q.ext_oneapi_graph(runnable).wait();
  runnable.update(second);
  q.ext_oneapi_graph(runnable).wait();
  check::equal("whole graph: first graph ran once", 0, a[0] == 1001 && a[N - 1] == 1, true);
  check::equal("whole graph: second graph's commands", 0, b[0] == 2002 && b[N - 1] == 2, true);

  syclex::command_graph smaller{q};
  smaller.add([&](sycl::handler &h) { h.single_task([=] { a[0] = 0; }); });
  check::throws("whole graph of other nodes", sycl::errc::invalid, [&] { runnable.update(smaller); });
  syclex::command_graph reversed{q};
  syclex::node task = reversed.add([&](sycl::handler &h) { h.host_task([=] { a[0] = 0; }); });
  reversed.add([&](sycl::handler &h) { h.parallel_for(sycl::range<1>(N), [=](sycl::id<1> i) { a[i] = 0; }); },
               {syclex::property::node::depends_on(task)});
  check::throws("whole graph of other kinds", sycl::errc::invalid, [&] { runnable.update(reversed); });
  sycl::free(a, q);
  sycl::free(b, q);
}

// A run submitted before an update (held back by a host task) runs the commands it was
// submitted with; the run after the update runs the new ones.
static void run_before_an_update(sycl::queue &q) {
  int *a = sycl::malloc_shared<int>(N, q), *b = sycl::malloc_shared<int>(N, q);
  reset(a, -1);
  reset(b, -1);
  syclex::command_graph graph{q};
  syclex::dynamic_parameter out(graph, a);
  const sycl::kernel k = kernel_of<fill>(q);
  syclex::node node = graph.add([&](sycl::handler &h) {
    h.set_args(out, 5);
    h.parallel_for(sycl::nd_range<1>(N, 32), k);
  });
  auto runnable = graph.finalize({syclex::property::graph::updatable{}});
  std::atomic<bool> released{false};
  sycl::event gate = q.submit([&](sycl::handler &h) {
    h.host_task([&] {
      while (!released.load()) std::this_thread::yield();
    });
  });
  q.ext_oneapi_graph(runnable, gate);
  out.update(b);
  runnable.update(node);
  q.ext_oneapi_graph(runnable);
  released = true;
  q.wait();
  expect_filled("the run before the update", a, 5);
  expect_filled("the run after the update", b, 5);
  sycl::free(a, q);
  sycl::free(b, q);
}

// An executable graph updated after it was added to another graph as a sub-graph: the other
// graph runs the commands it had when it was added; run alone, it runs the new ones.
static void subgraph_added_before_an_update(sycl::queue &q) {
  int *a = sycl::malloc_shared<int>(N, q), *b = sycl::malloc_shared<int>(N, q);
  reset(a, -1);
  reset(b, -1);
  syclex::command_graph inner{q}, outer{q};
  syclex::dynamic_parameter out(inner, a);
  const sycl::kernel k = kernel_of<fill>(q);
  syclex::node node = inner.add([&](sycl::handler &h) {
    h.set_args(out, 1);
    h.parallel_for(sycl::nd_range<1>(N, 32), k);
  });
  auto inner_runnable = inner.finalize({syclex::property::graph::updatable{}});
  outer.add([&](sycl::handler &h) { h.ext_oneapi_graph(inner_runnable); });
  auto outer_runnable = outer.finalize();
  out.update(b);
  inner_runnable.update(node);
  q.ext_oneapi_graph(outer_runnable).wait();
  expect_filled("the sub-graph as it was added", a, 1);
  check::equal("the sub-graph as it was added: b", 0, b[0], -1);
  q.ext_oneapi_graph(inner_runnable).wait();
  expect_filled("the updated graph run alone", b, 1);
  sycl::free(a, q);
  sycl::free(b, q);
}

static void errors(sycl::queue &q) {
  int *v = sycl::malloc_shared<int>(1, q);
  syclex::command_graph graph{q}, other{q};
  syclex::node node = graph.add([&](sycl::handler &h) { h.single_task([=] { *v = 1; }); });
  auto fixed = graph.finalize();
  check::throws("update without updatable", sycl::errc::invalid, [&] { fixed.update(node); });
  auto runnable = graph.finalize({syclex::property::graph::updatable{}});
  syclex::node foreign = other.add([&](sycl::handler &h) { h.single_task([=] { *v = 2; }); });
  check::throws("node of another graph", sycl::errc::invalid, [&] { runnable.update(foreign); });
  syclex::node added_later = graph.add([&](sycl::handler &h) { h.single_task([=] { *v = 3; }); });
  check::throws("node added after finalize", sycl::errc::invalid, [&] { runnable.update(added_later); });
  syclex::dynamic_parameter pointer(graph, v);
  check::throws("dynamic parameter of a lambda", sycl::errc::invalid, [&] {
    graph.add([&](sycl::handler &h) {
      h.set_arg(0, pointer);
      h.single_task([=] { *v = 4; });
    });
  });
  const sycl::kernel k = kernel_of<add_to_first>(q);
  check::throws("dynamic parameter of another graph", sycl::errc::invalid, [&] {
    other.add([&](sycl::handler &h) {
      h.set_args(pointer, 1);
      h.single_task(k);
    });
  });
  sycl::free(v, q);
}

int main() {
  sycl::queue q;
  check::equal("graph aspect", 0,
               q.get_device().has(sycl::aspect::ext_oneapi_graph) &&
                   q.get_device().has(sycl::aspect::ext_oneapi_limited_graph),
               true);
  dynamic_parameters(q);
  recorded_parameter(q);
  parameter_of_no_graph(q);
  ranges(q);
  dynamic_command_groups(q);
  whole_graph(q);
  run_before_an_update(q);
  subgraph_added_before_an_update(q);
  errors(q);
  return check::finish();
}
