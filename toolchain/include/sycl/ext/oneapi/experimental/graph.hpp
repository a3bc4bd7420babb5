// sycl_ext_oneapi_graph: command graphs, built by adding nodes explicitly or by recording the
// submissions of queues, finalized into executable graphs that queues run as one command.
//
// A node is what a command group leaves in its handler: the command (the same closure the queue
// would run, which keeps its copy of the kernel's functor and can run any number of times), its
// kind, the buffers it accesses and the events it depends on. Running an executable graph
// submits one task per node to the runtime's task graph, each after its predecessors (the roots
// after the run's own dependencies and the graph's previous run), and a last task after the
// leaves, whose event is the run's. An executable graph finalized with property::graph::updatable
// takes the current commands of nodes again (update): a kernel node's range (node::update_range),
// the arguments dynamic parameters give, the active command group of a dynamic command group.
// docs/command-graphs.md describes the design and what is not implemented (graph-owned
// allocations).
#pragma once

#include <algorithm>
#include <any>
#include <atomic>
#include <cstddef>
#include <cstdio>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "../../../buffer.hpp"
#include "../../../detail/graph_hooks.hpp"
#include "../../../handler.hpp"
#include "../../../properties.hpp"
#include "../../../queue.hpp"

#define SYCL_EXT_ONEAPI_GRAPH 1

namespace sycl {
inline namespace _V1 {
namespace ext::oneapi::experimental {

namespace detail {
// The graph's implementation is templates wherever it instantiates templates of its own or has
// virtual functions: non-template inline code is compiled in every translation unit that includes
// <sycl/sycl.hpp>, used or not (docs/command-graphs.md, "Compile cost"). `Deferred` is always
// void; it only makes the code a template.
template <typename Deferred = void> struct modifiable_graph_impl;
using graph_impl = modifiable_graph_impl<>;
struct executable_graph_impl;

struct dynamic_command_group_state;

// One node of a modifiable graph (or one command group of a dynamic command group). Its edges
// are weak: the graph owns its nodes.
struct node_impl {
  node_type type = node_type::empty;
  std::function<void()> command;
  std::shared_ptr<const executable_graph_impl> subgraph;
  std::vector<std::pair<std::shared_ptr<sycl::detail::buffer_storage>, bool>> requirements;
  const char *kernel_name = nullptr;
  // A kernel's launch, which range and argument updates remake, with set_arg's arguments, the
  // dynamic parameters among them (each with its argument's index), and the host work after the
  // launch (a stream's output).
  sycl::detail::kernel_launch_record kernel;
  std::vector<std::any> arguments;
  std::vector<std::pair<std::shared_ptr<dynamic_parameter_state>, int>> dynamic_arguments;
  std::vector<std::function<void()>> after;
  // A node added from a dynamic command group runs the group's active command group.
  std::shared_ptr<dynamic_command_group_state> dynamic_group;
  std::size_t index = 0;           // in the order nodes were added
  const void *queue = nullptr;     // the queue that recorded it, if one did
  std::weak_ptr<graph_impl> graph;
  std::vector<std::weak_ptr<node_impl>> predecessors, successors;

  // What the node runs now: itself, or its dynamic command group's active command group.
  node_impl &current();
  const node_impl &current() const;
};

// The node's command, from its kernel's launch: the launch, then the host work after it. A
// range updated to no work-items launches nothing (a submission makes such a command a no-op);
// it is decided here, once per update, not at every run.
template <typename Deferred = void> void remake_kernel_command(node_impl &n) {
  const bool launches = sycl::detail::work_items(n.kernel.command->shape()) != 0;
  n.command = [launch = n.kernel.command, after = n.after, launches] {
    if (launches) launch->run();
    for (const auto &step : after) step();
  };
}
// Argument `index` of a kernel launched through a kernel object is `value` now: the kernel's
// functor is made again from the arguments.
template <typename Deferred = void> void set_kernel_argument(node_impl &n, int index, const std::any &value) {
  n.arguments[std::size_t(index)] = value;
  const sycl::detail::bound_kernel bound = n.kernel.binder(n.kernel.binder_dims, n.arguments, n.kernel.scratch_offset);
  n.kernel.command = n.kernel.command->with_functor(*bound.info->ops, bound.functor.get());
  remake_kernel_command(n);
}

// A dynamic_parameter: its graph (if it was made for one), its value, and the node arguments
// registered with it.
struct dynamic_parameter_state {
  std::shared_ptr<graph_impl> graph;
  std::any value;
  std::vector<std::pair<std::weak_ptr<node_impl>, int>> uses;
};

// A dynamic_command_group: one node per command group function, made when the group was, which
// the nodes added from it run by turns, and the events their command groups depended on.
struct dynamic_command_group_state {
  std::shared_ptr<graph_impl> graph;
  std::vector<std::shared_ptr<node_impl>> command_groups;
  std::vector<sycl::detail::event_ptr> dependencies;
  std::size_t active = 0;
};

inline node_impl &node_impl::current() {
  return dynamic_group ? *dynamic_group->command_groups[dynamic_group->active] : *this;
}
inline const node_impl &node_impl::current() const {
  return dynamic_group ? *dynamic_group->command_groups[dynamic_group->active] : *this;
}
} // namespace detail

// A node of a command graph (common reference semantics).
class node {
public:
  node() = delete;

  node_type get_type() const { return impl_->type; }
  std::vector<node> get_predecessors() const { return nodes_of(impl_->predecessors); }
  std::vector<node> get_successors() const { return nodes_of(impl_->successors); }
  // The node a submission recorded to a graph added; errc::invalid for any other event.
  static node get_node_from_event(event recorded) {
    if (!recorded.state() || !recorded.state()->recorded())
      sycl::detail::throw_error(errc::invalid, "get_node_from_event: the event is not of a submission recorded to a "
                                               "command graph");
    return node(std::static_pointer_cast<detail::node_impl>(recorded.state()->recorded_node()));
  }
  // A kernel node's new range, for the executable graphs it is passed to the update of
  // (errc::invalid for another number of dimensions or another kind of node).
  template <int Dims> void update_nd_range(nd_range<Dims> launch);
  template <int Dims> void update_range(range<Dims> extent);

  friend bool operator==(const node &a, const node &b) { return a.impl_ == b.impl_; }
  friend bool operator!=(const node &a, const node &b) { return !(a == b); }
  // Not part of the SYCL interface: what std::hash<node> hashes.
  const void *identity() const { return impl_.get(); }

private:
  friend struct sycl::detail::graph_access;
  explicit node(std::shared_ptr<detail::node_impl> impl) : impl_(std::move(impl)) {}
  static std::vector<node> nodes_of(const std::vector<std::weak_ptr<detail::node_impl>> &impls) {
    std::vector<node> nodes;
    for (const auto &impl : impls)
      if (auto alive = impl.lock()) nodes.push_back(node(std::move(alive)));
    return nodes;
  }
  template <int Dims> void update_shape(const char *what, const sycl::detail::launch_shape &shape);
  std::shared_ptr<detail::node_impl> impl_;
};

namespace property::graph {
class no_cycle_check {};
class assume_buffer_outlives_graph {};
class updatable {};
class enable_profiling {};
class enable_native_recording {};
} // namespace property::graph

namespace property::node {
class depends_on {
public:
  template <typename... Nodes> depends_on(Nodes... nodes) : nodes_{nodes...} {}
  const std::vector<experimental::node> &get_dependencies() const { return nodes_; }

private:
  std::vector<experimental::node> nodes_;
};
class depends_on_all_leaves {};
} // namespace property::node

namespace detail {
// A finalized graph: its nodes in an order where each follows its predecessors, which are
// indices into it. Runs one at a time: each run follows the previous one.
struct executable_graph_impl {
  struct step {
    std::function<void()> command;
    std::shared_ptr<const executable_graph_impl> subgraph;
    std::vector<std::size_t> predecessors;
    // What whole graph update checks of the node the step was made from.
    node_type type;
    const char *kernel_name;
  };
  std::vector<step> steps;
  // For update (property::graph::updatable): the graph finalized, and the step of each of its
  // nodes by the node's index.
  bool updatable = false;
  std::weak_ptr<graph_impl> source;
  std::vector<std::size_t> step_of_node;
  std::vector<std::pair<std::shared_ptr<sycl::detail::buffer_storage>, bool>> requirements;
  // graph_launch::submit for this graph, set where the graph is finalized: the handler's
  // non-template ext_oneapi_graph takes it from here instead of naming the template.
  decltype(sycl::detail::graph_launch::submit) submit = nullptr;
  bool profiling = false;
  mutable std::mutex mutex;
  mutable sycl::detail::event_ptr last_run;

  // The graph's steps as they are now, for a sub-graph node: updating this graph later does not
  // change the graphs it was added to (the extension's "Sub-Graph" rules).
  template <typename Deferred = void> std::shared_ptr<const executable_graph_impl> snapshot() const {
    std::lock_guard<std::mutex> lock(mutex);
    auto copy = std::make_shared<executable_graph_impl>();
    copy->steps = steps;
    copy->requirements = requirements;
    copy->submit = submit;
    copy->profiling = profiling;
    return copy;
  }
};

// Submits the steps of `graph` after `start`; returns each step's event, and adds every task it
// submitted to `tasks` (whose errors the run reports).
template <typename Deferred = void>
std::vector<sycl::detail::event_ptr>
submit_steps(const executable_graph_impl &graph, const std::vector<sycl::detail::event_ptr> &start, bool profiling,
             const std::shared_ptr<const async_handler> &handler, std::vector<sycl::detail::event_ptr> &tasks) {
  std::vector<sycl::detail::event_ptr> done(graph.steps.size());
  for (std::size_t i = 0; i < graph.steps.size(); ++i) {
    const auto &step = graph.steps[i];
    std::vector<sycl::detail::event_ptr> after;
    for (std::size_t predecessor : step.predecessors) after.push_back(done[predecessor]);
    if (step.predecessors.empty()) after = start;
    if (step.subgraph) {
      std::vector<sycl::detail::event_ptr> inner = submit_steps<Deferred>(*step.subgraph, after, profiling, handler, tasks);
      after = inner.empty() ? after : std::move(inner);
      done[i] = sycl::detail::submit_command({}, after, profiling, handler);
    } else {
      done[i] = sycl::detail::submit_command(step.command, after, profiling, handler);
    }
    tasks.push_back(done[i]);
  }
  return done;
}

// graph_launch::submit: one run of an executable graph, after `after` and the graph's previous
// run. The run's event is a last task after every step, which reports the first error a step
// threw (as a command group's event reports its command's).
template <typename Deferred = void>
sycl::detail::event_ptr submit_graph(const void *graph_pointer, const std::vector<sycl::detail::event_ptr> &after,
                                           bool profiling, const std::shared_ptr<const async_handler> &handler) {
  const auto &graph = *static_cast<const executable_graph_impl *>(graph_pointer);
  std::lock_guard<std::mutex> lock(graph.mutex);
  std::vector<sycl::detail::event_ptr> start = after;
  if (graph.last_run) start.push_back(graph.last_run);
  std::vector<sycl::detail::event_ptr> tasks;
  submit_steps<Deferred>(graph, start, profiling && graph.profiling, handler, tasks);
  auto report = [tasks] {
    for (const auto &task : tasks)
      if (auto error = task->take_error()) std::rethrow_exception(error);
  };
  const std::vector<sycl::detail::event_ptr> &last = tasks.empty() ? start : tasks;
  graph.last_run = sycl::detail::submit_command(report, last, profiling && graph.profiling, handler);
  if (profiling && graph.profiling) graph.last_run->times_from(std::move(tasks));
  return graph.last_run;
}

// Which buffers nodes used: the last node that wrote each, and the nodes that read it since.
struct buffer_use {
  std::shared_ptr<node_impl> writer;
  std::vector<std::shared_ptr<node_impl>> readers;
};

// A modifiable graph, and the recorder of the queues recording into it.
template <typename Deferred>
struct modifiable_graph_impl : sycl::detail::graph_recorder, std::enable_shared_from_this<modifiable_graph_impl<Deferred>> {
  modifiable_graph_impl(const context &c, const device &d, const property_list &props)
      : graph_context(c), graph_device(d), no_cycle_check(props.has_property<property::graph::no_cycle_check>()),
        buffers_outlive_graph(props.has_property<property::graph::assume_buffer_outlives_graph>()),
        id(next_id().fetch_add(1)) {
    if (props.has_property<property::graph::enable_native_recording>())
      sycl::detail::throw_error(errc::feature_not_supported,
                                "command_graph: this backend has no native graph capture (enable_native_recording)");
  }
  // The last copy of the graph ends the recording of its queues (sycl_ext_oneapi_graph,
  // "Exception Safety").
  ~modifiable_graph_impl() override {
    for (const auto &weak : recording_queues)
      if (auto queue = weak.lock()) {
        std::lock_guard<std::mutex> lock(queue->mutex);
        if (queue->recorder.expired()) restore(*queue);
      }
  }

  static std::atomic<std::size_t> &next_id() {
    static std::atomic<std::size_t> id{1};
    return id;
  }
  static void restore(sycl::detail::queue_state &queue) {
    queue.recorder.reset();
    queue.last = std::move(queue.last_before_recording);
    queue.barrier = std::move(queue.barrier_before_recording);
  }

  sycl::detail::event_ptr record(handler &h, std::vector<sycl::detail::event_ptr> after,
                                 const sycl::detail::queue_state *queue, bool after_all_of_queue) override;
  // Only while the graph records: an event recorded before is of no command to wait for.
  void record_queue(const std::shared_ptr<sycl::detail::queue_state> &queue) override {
    if (!recording())
      sycl::detail::throw_error(errc::invalid, "a command depends on an event recorded to a command graph that is "
                                               "no longer recording");
    begin_recording(queue);
  }

  void begin_recording(const std::shared_ptr<sycl::detail::queue_state> &queue) {
    std::lock_guard<std::mutex> graph_lock(mutex);
    std::lock_guard<std::mutex> lock(queue->mutex);
    if (auto current = queue->recorder.lock()) {
      if (current.get() == this) return;
      sycl::detail::throw_error(errc::invalid, "begin_recording: the queue is already recording to another command graph");
    }
    queue->recorder = this->weak_from_this();
    queue->last_before_recording = std::move(queue->last);
    queue->barrier_before_recording = std::move(queue->barrier);
    recording_queues.push_back(queue);
  }
  // Ends the recording of `queue`, or of every queue recording here if it is null.
  void end_recording(const sycl::detail::queue_state *queue) {
    std::lock_guard<std::mutex> graph_lock(mutex);
    auto kept = recording_queues.begin();
    for (auto &weak : recording_queues) {
      auto recording = weak.lock();
      if (!recording) continue;
      if (queue && recording.get() != queue) {
        *kept++ = std::move(weak);
        continue;
      }
      std::lock_guard<std::mutex> lock(recording->mutex);
      restore(*recording);
    }
    recording_queues.erase(kept, recording_queues.end());
  }
  bool recording() const {
    std::lock_guard<std::mutex> lock(mutex);
    for (const auto &weak : recording_queues)
      if (!weak.expired()) return true;
    return false;
  }
  void refuse_while_recording(const char *what) const {
    if (recording())
      sycl::detail::throw_error(errc::invalid, std::string(what) + ": a queue is recording to the command graph");
  }

  std::shared_ptr<node_impl> add_node(std::shared_ptr<node_impl> added,
                                      std::vector<std::shared_ptr<node_impl>> predecessors,
                                      const std::vector<sycl::detail::event_ptr> &events, const void *queue);
  void check_command(const node_impl &n) const;
  static void register_dynamic_arguments(const std::shared_ptr<node_impl> &n);
  void add_edge(const std::shared_ptr<node_impl> &from, const std::shared_ptr<node_impl> &to) {
    for (const auto &existing : to->predecessors)
      if (existing.lock() == from) return;
    from->successors.push_back(to);
    to->predecessors.push_back(from);
  }
  // Whether `to` is reachable from `from` along the edges.
  static bool reaches(const std::shared_ptr<node_impl> &from, const node_impl *to) {
    std::vector<std::shared_ptr<node_impl>> pending{from};
    std::vector<const node_impl *> seen;
    while (!pending.empty()) {
      auto current = std::move(pending.back());
      pending.pop_back();
      if (current.get() == to) return true;
      if (std::find(seen.begin(), seen.end(), current.get()) != seen.end()) continue;
      seen.push_back(current.get());
      for (const auto &next : current->successors)
        if (auto alive = next.lock()) pending.push_back(std::move(alive));
    }
    return false;
  }
  std::vector<std::shared_ptr<node_impl>> leaves() const {
    std::vector<std::shared_ptr<node_impl>> found;
    for (const auto &n : nodes)
      if (n->successors.empty()) found.push_back(n);
    return found;
  }
  std::shared_ptr<executable_graph_impl> finalize(bool profiling, bool updatable) const;

  context graph_context;
  device graph_device;
  bool no_cycle_check;
  bool buffers_outlive_graph;
  std::size_t id;
  mutable std::mutex mutex;
  std::vector<std::shared_ptr<node_impl>> nodes;
  std::map<const sycl::detail::buffer_storage *, buffer_use> buffer_uses;
  std::vector<std::weak_ptr<sycl::detail::queue_state>> recording_queues;
};
} // namespace detail

} // namespace ext::oneapi::experimental

namespace detail {
// What the graph needs of handlers and queues, which keep it private.
struct graph_access {
  using node_impl = ext::oneapi::experimental::detail::node_impl;

  template <typename CommandGroup> static void run_command_group(handler &h, CommandGroup &cgf) {
    const command_group_scope running(h);
    cgf(h);
  }
  static std::shared_ptr<queue_state> state_of(const queue &q) { return q.state_; }
  static std::shared_ptr<graph_recorder> recorder_of(const queue &q) { return q.recorder(); }
  static ext::oneapi::experimental::node make_node(std::shared_ptr<node_impl> impl) {
    return ext::oneapi::experimental::node(std::move(impl));
  }
  static const std::shared_ptr<node_impl> &impl_of(const ext::oneapi::experimental::node &n) { return n.impl_; }
  template <typename Graph> static const auto &impl_of_graph(const Graph &g) { return g.impl_; }
  template <typename Graph, typename Impl> static Graph make_graph(Impl impl) { return Graph(std::move(impl)); }
  static std::vector<event_ptr> take_dependencies(handler &h) { return std::move(h.dependencies_); }
  static bool is_barrier(const handler &h) { return h.barrier_ != handler::barrier_wait::none; }

  // Moves the command `h` holds into the node `n`; a kernel's launch stays apart from the host
  // work after it, for updates to remake it.
  template <typename Deferred = void> static void take_node(handler &h, node_impl &n) {
    n.type = h.graph_launch_.submit ? node_type::subgraph : h.kind_;
    if (h.graph_launch_.submit) {
      n.subgraph = static_cast<const ext::oneapi::experimental::detail::executable_graph_impl *>(
                       h.graph_launch_.graph.get())
                       ->snapshot();
    } else if (h.launch_record_.command) {
      n.kernel = std::move(h.launch_record_);
      n.after = std::move(h.after_command_);
      ext::oneapi::experimental::detail::remake_kernel_command(n);
    } else {
      n.command = h.take_command();
    }
    n.requirements = std::move(h.requirements_);
    n.kernel_name = h.kernel_name_;
    n.arguments = std::move(h.kernel_arguments_);
    n.dynamic_arguments = std::move(h.dynamic_arguments_);
  }
  // A command group function's node, or errc::invalid for a barrier, which only a queue records.
  template <typename CommandGroup> static std::shared_ptr<node_impl> node_of(CommandGroup &cgf,
                                                                           std::vector<event_ptr> &dependencies) {
    handler h;
    run_command_group(h, cgf);
    if (is_barrier(h))
      sycl::detail::throw_error(errc::invalid, "command_graph::add: a barrier can only be recorded from a queue; use "
                                               "an empty node with property::node::depends_on_all_leaves");
    auto n = std::make_shared<node_impl>();
    take_node(h, *n);
    dependencies = take_dependencies(h);
    return n;
  }
  template <typename Parameter> static const auto &state_of_parameter(const Parameter &p) { return p.state_; }
  template <typename Group> static const auto &state_of_group(const Group &g) { return g.state_; }
  // handler::ext_oneapi_graph: the command group runs `graph`, accessing every buffer its nodes do.
  static void launch(handler &h, const std::shared_ptr<const ext::oneapi::experimental::detail::executable_graph_impl> &graph) {
    h.set_no_op(node_type::subgraph);
    h.graph_launch_ = graph_launch{graph, graph->submit};
    for (const auto &[storage, writes] : graph->requirements) h.require_storage(storage, writes);
  }
};
} // namespace detail

namespace ext::oneapi::experimental {
template <graph_state State = graph_state::modifiable> class command_graph;
class dynamic_command_group;

// An executable graph: finalized, run by queue::ext_oneapi_graph / handler::ext_oneapi_graph.
template <> class command_graph<graph_state::executable> {
public:
  command_graph() = delete;

  // Executable graph update (property::graph::updatable): the steps made from `nodes` take
  // their nodes' current commands; runs already submitted keep the commands they had. The
  // member templates are only there to be compiled where they are used (docs/command-graphs.md,
  // "Compile cost").
  template <typename Deferred = void> void update(node &n) { update<Deferred>(std::vector<node>{n}); }
  template <typename Deferred = void> void update(const std::vector<node> &nodes);
  // Whole graph update: every node takes the command of the node added in the same place to
  // `source`, a graph of the same nodes and edges (errc::invalid when it is not).
  template <typename Deferred = void> void update(const command_graph<graph_state::modifiable> &source);
  // No graph-owned allocations (sycl_ext_oneapi_async_memory_alloc) here.
  std::size_t get_required_mem_size() const noexcept { return 0; }

  friend bool operator==(const command_graph &a, const command_graph &b) { return a.impl_ == b.impl_; }
  friend bool operator!=(const command_graph &a, const command_graph &b) { return !(a == b); }
  const void *identity() const { return impl_.get(); }

private:
  friend struct sycl::detail::graph_access;
  explicit command_graph(std::shared_ptr<detail::executable_graph_impl> impl) : impl_(std::move(impl)) {}
  void refuse_unless_updatable() const {
    if (!impl_->updatable)
      sycl::detail::throw_error(errc::invalid, "update: the executable command graph was not finalized with "
                                               "property::graph::updatable");
  }
  std::shared_ptr<detail::executable_graph_impl> impl_;
};

// A modifiable graph (common reference semantics).
template <graph_state State> class command_graph {
  static_assert(State == graph_state::modifiable);

public:
  command_graph(const context &c, const device &d, const property_list &props = {})
      : impl_(std::make_shared<detail::graph_impl>(c, d, props)) {}
  explicit command_graph(const queue &q, const property_list &props = {})
      : command_graph(q.get_context(), q.get_device(), props) {}
  explicit command_graph(const device &d, const property_list &props = {})
      : command_graph(platform().ext_oneapi_get_default_context(), d, props) {}

  // An empty node, after the nodes the properties name.
  node add(const property_list &props = {}) {
    impl_->refuse_while_recording("command_graph::add");
    return add_prepared(std::make_shared<detail::node_impl>(), {}, props);
  }
  // The command group `cgf` runs now; its command becomes a node, after the nodes the
  // properties name, the events of nodes it depends on and the nodes using its buffers before.
  template <typename CommandGroup,
            typename = std::enable_if_t<!std::is_same_v<std::decay_t<CommandGroup>, dynamic_command_group>>>
  node add(CommandGroup cgf, const property_list &props = {}) {
    impl_->refuse_while_recording("command_graph::add");
    std::vector<sycl::detail::event_ptr> dependencies;
    auto added = sycl::detail::graph_access::node_of(cgf, dependencies);
    return add_prepared(std::move(added), dependencies, props);
  }
  // A node running the dynamic command group's active command group, with its dependencies.
  node add(dynamic_command_group &group, const property_list &props = {});

  void make_edge(node &from, node &to);
  command_graph<graph_state::executable> finalize(const property_list &props = {}) const;

  void begin_recording(queue &q, const property_list & = {}) {
    if (q.get_context() != impl_->graph_context || q.get_device() != impl_->graph_device)
      sycl::detail::throw_error(errc::invalid, "begin_recording: the queue's context or device is not the graph's");
    impl_->begin_recording(sycl::detail::graph_access::state_of(q));
  }
  void begin_recording(const std::vector<queue> &queues, const property_list &props = {}) {
    for (queue q : queues) begin_recording(q, props);
  }
  void end_recording() { impl_->end_recording(nullptr); }
  void end_recording(queue &q) {
    auto recorder = sycl::detail::graph_access::recorder_of(q);
    if (recorder && recorder.get() != impl_.get())
      sycl::detail::throw_error(errc::invalid, "end_recording: the queue is recording to another command graph");
    impl_->end_recording(sycl::detail::graph_access::state_of(q).get());
  }
  void end_recording(const std::vector<queue> &queues) {
    for (queue q : queues) end_recording(q);
  }

  // The graph in Graphviz's DOT language: each node's index, type and kernel name.
  void print_graph(std::string path, bool verbose = false) const;

  std::vector<node> get_nodes() const {
    std::lock_guard<std::mutex> lock(impl_->mutex);
    std::vector<node> all;
    for (const auto &n : impl_->nodes) all.push_back(sycl::detail::graph_access::make_node(n));
    return all;
  }
  std::vector<node> get_root_nodes() const {
    std::lock_guard<std::mutex> lock(impl_->mutex);
    std::vector<node> roots;
    for (const auto &n : impl_->nodes)
      if (n->predecessors.empty()) roots.push_back(sycl::detail::graph_access::make_node(n));
    return roots;
  }
  bool empty() const {
    std::lock_guard<std::mutex> lock(impl_->mutex);
    return impl_->nodes.empty();
  }
  std::size_t get_id() const noexcept { return impl_->id; }

  friend bool operator==(const command_graph &a, const command_graph &b) { return a.impl_ == b.impl_; }
  friend bool operator!=(const command_graph &a, const command_graph &b) { return !(a == b); }
  const void *identity() const { return impl_.get(); }

private:
  friend struct sycl::detail::graph_access;
  explicit command_graph(std::shared_ptr<detail::graph_impl> impl) : impl_(std::move(impl)) {}
  node add_prepared(std::shared_ptr<detail::node_impl> added, const std::vector<sycl::detail::event_ptr> &events,
                    const property_list &props);

  std::shared_ptr<detail::graph_impl> impl_;
};

command_graph(const context &, const device &, const property_list & = {})->command_graph<graph_state::modifiable>;
command_graph(const queue &, const property_list & = {})->command_graph<graph_state::modifiable>;
command_graph(const device &, const property_list & = {})->command_graph<graph_state::modifiable>;

} // namespace ext::oneapi::experimental

template <> struct is_property<ext::oneapi::experimental::property::graph::no_cycle_check> : std::true_type {};
template <>
struct is_property<ext::oneapi::experimental::property::graph::assume_buffer_outlives_graph> : std::true_type {};
template <> struct is_property<ext::oneapi::experimental::property::graph::updatable> : std::true_type {};
template <> struct is_property<ext::oneapi::experimental::property::graph::enable_profiling> : std::true_type {};
template <> struct is_property<ext::oneapi::experimental::property::graph::enable_native_recording> : std::true_type {};
template <> struct is_property<ext::oneapi::experimental::property::node::depends_on> : std::true_type {};
template <> struct is_property<ext::oneapi::experimental::property::node::depends_on_all_leaves> : std::true_type {};


namespace ext::oneapi::experimental {
namespace detail {
// What a node's command may be: buffers only in a graph that assumes they outlive it, dynamic
// parameters only of this graph and only as arguments of a kernel launched through a kernel
// object (set_arg's arguments; a lambda's captures are its own).
template <typename Deferred> void modifiable_graph_impl<Deferred>::check_command(const node_impl &n) const {
  if (!n.requirements.empty() && !buffers_outlive_graph)
    sycl::detail::throw_error(errc::invalid, "a command graph may only use buffers if it was made with "
                                             "property::graph::assume_buffer_outlives_graph");
  for (const auto &[parameter, index] : n.dynamic_arguments) {
    if (parameter->graph && parameter->graph.get() != this)
      sycl::detail::throw_error(errc::invalid, "a dynamic_parameter made for another command graph");
    if (n.type != node_type::kernel || !n.kernel.binder)
      sycl::detail::throw_error(errc::invalid, "a dynamic_parameter can only be an argument of a kernel launched "
                                               "through a kernel object with set_arg (ncpu does not replace the "
                                               "captures of a lambda)");
  }
}

// The dynamic parameters among the node's arguments update it from now on.
template <typename Deferred>
void modifiable_graph_impl<Deferred>::register_dynamic_arguments(const std::shared_ptr<node_impl> &n) {
  for (const auto &[parameter, index] : n->dynamic_arguments) parameter->uses.emplace_back(n, index);
}

// The node `added`, after `predecessors`, the nodes `events` stand for and the nodes that used
// its buffers before it in a conflicting way. Checks everything before changing the graph.
template <typename Deferred>
std::shared_ptr<node_impl>
modifiable_graph_impl<Deferred>::add_node(std::shared_ptr<node_impl> added,
                                          std::vector<std::shared_ptr<node_impl>> predecessors,
                                          const std::vector<sycl::detail::event_ptr> &events, const void *queue) {
  for (const auto &dependency : events) {
    auto recorded = std::static_pointer_cast<node_impl>(dependency->recorded_node());
    if (!recorded || recorded->graph.lock().get() != this)
      sycl::detail::throw_error(errc::invalid, "a command of a command graph may only depend on events of submissions "
                                               "recorded to the same graph");
    predecessors.push_back(std::move(recorded));
  }
  check_command(*added);
  register_dynamic_arguments(added);
  for (const auto &[storage, writes] : added->requirements) {
    buffer_use &use = buffer_uses[storage.get()];
    if (use.writer) predecessors.push_back(use.writer);
    if (writes) {
      predecessors.insert(predecessors.end(), use.readers.begin(), use.readers.end());
      use.writer = added;
      use.readers.clear();
    } else {
      use.readers.push_back(added);
    }
  }
  added->index = nodes.size();
  added->queue = queue;
  added->graph = this->weak_from_this();
  for (const auto &predecessor : predecessors)
    if (predecessor != added) add_edge(predecessor, added);
  nodes.push_back(added);
  return added;
}

template <typename Deferred>
sycl::detail::event_ptr modifiable_graph_impl<Deferred>::record(handler &h, std::vector<sycl::detail::event_ptr> after,
                                                                const sycl::detail::queue_state *queue,
                                                                bool after_all_of_queue) {
  std::lock_guard<std::mutex> lock(mutex);
  std::vector<std::shared_ptr<node_impl>> predecessors;
  if (after_all_of_queue)
    for (const auto &n : nodes)
      if (n->queue == queue) predecessors.push_back(n);
  auto added = std::make_shared<node_impl>();
  sycl::detail::graph_access::take_node(h, *added);
  added = add_node(std::move(added), std::move(predecessors), after, queue);
  auto recorded = std::make_shared<sycl::detail::event_state>(false, nullptr);
  recorded->set_recorded(this->weak_from_this(), added);
  return recorded;
}

// Kahn's order over the nodes, by the order they were added among those ready.
template <typename Deferred>
std::shared_ptr<executable_graph_impl> modifiable_graph_impl<Deferred>::finalize(bool profiling, bool updatable) const {
  std::lock_guard<std::mutex> lock(mutex);
  auto graph = std::make_shared<executable_graph_impl>();
  graph->submit = &submit_graph<Deferred>;
  graph->profiling = profiling;
  graph->updatable = updatable;
  graph->source = std::const_pointer_cast<modifiable_graph_impl>(this->shared_from_this());
  std::vector<std::size_t> waiting(nodes.size()), position(nodes.size());
  std::vector<std::size_t> ready;
  for (const auto &n : nodes) {
    waiting[n->index] = n->predecessors.size();
    if (n->predecessors.empty()) ready.push_back(n->index);
  }
  for (std::size_t next = 0; next < ready.size(); ++next) {
    const node_impl &n = *nodes[ready[next]];
    position[n.index] = graph->steps.size();
    const node_impl &running = n.current();
    executable_graph_impl::step step{running.command, n.subgraph, {}, n.type, running.kernel_name};
    for (const auto &predecessor : n.predecessors) step.predecessors.push_back(position[predecessor.lock()->index]);
    graph->steps.push_back(std::move(step));
    graph->requirements.insert(graph->requirements.end(), n.requirements.begin(), n.requirements.end());
    if (n.subgraph)
      graph->requirements.insert(graph->requirements.end(), n.subgraph->requirements.begin(),
                                 n.subgraph->requirements.end());
    for (const auto &successor : n.successors)
      if (--waiting[successor.lock()->index] == 0) ready.push_back(successor.lock()->index);
  }
  if (graph->steps.size() != nodes.size())
    sycl::detail::throw_error(errc::invalid, "finalize: the command graph has a cycle");
  graph->step_of_node = std::move(position);
  return graph;
}
} // namespace detail

template <graph_state State>
node command_graph<State>::add_prepared(std::shared_ptr<detail::node_impl> added,
                                        const std::vector<sycl::detail::event_ptr> &events, const property_list &props) {
  std::lock_guard<std::mutex> lock(impl_->mutex);
  std::vector<std::shared_ptr<detail::node_impl>> predecessors;
  if (props.has_property<property::node::depends_on>()) {
    const auto depends_on = props.get_property<property::node::depends_on>();
    for (const node &n : depends_on.get_dependencies()) {
      const auto &impl = sycl::detail::graph_access::impl_of(n);
      if (impl->graph.lock() != impl_)
        sycl::detail::throw_error(errc::invalid, "command_graph::add: depends_on names a node of another graph");
      predecessors.push_back(impl);
    }
  }
  if (props.has_property<property::node::depends_on_all_leaves>()) {
    auto leaves = impl_->leaves();
    predecessors.insert(predecessors.end(), leaves.begin(), leaves.end());
  }
  return sycl::detail::graph_access::make_node(impl_->add_node(std::move(added), std::move(predecessors), events, nullptr));
}

template <graph_state State> void command_graph<State>::make_edge(node &from, node &to) {
  impl_->refuse_while_recording("make_edge");
  std::lock_guard<std::mutex> lock(impl_->mutex);
  const auto &source = sycl::detail::graph_access::impl_of(from);
  const auto &destination = sycl::detail::graph_access::impl_of(to);
  if (source->graph.lock() != impl_ || destination->graph.lock() != impl_)
    sycl::detail::throw_error(errc::invalid, "make_edge: a node is not of this graph");
  if (source == destination) sycl::detail::throw_error(errc::invalid, "make_edge: an edge from a node to itself");
  if (!impl_->no_cycle_check && detail::graph_impl::reaches(destination, source.get()))
    sycl::detail::throw_error(errc::invalid, "make_edge: the edge would make a cycle");
  impl_->add_edge(source, destination);
}

template <graph_state State>
command_graph<graph_state::executable> command_graph<State>::finalize(const property_list &props) const {
  return sycl::detail::graph_access::make_graph<command_graph<graph_state::executable>>(
      impl_->finalize(props.has_property<property::graph::enable_profiling>(),
                      props.has_property<property::graph::updatable>()));
}

// A value of kernel arguments that a graph's nodes take again when it is updated: set_arg with
// the parameter registers the argument (common reference semantics). Made with a graph, it is
// that graph's only; made without one (the form that replaces the other), any graph's.
template <typename ValueT> class dynamic_parameter {
public:
  explicit dynamic_parameter(const ValueT &initial_value)
      : state_(std::make_shared<detail::dynamic_parameter_state>()) {
    state_->value = initial_value;
  }
  dynamic_parameter(command_graph<graph_state::modifiable> graph, const ValueT &initial_value)
      : dynamic_parameter(initial_value) {
    state_->graph = sycl::detail::graph_access::impl_of_graph(graph);
  }
  // Every registered argument is `value` now, in the modifiable graphs of its nodes; executable
  // graphs take it when they are updated with the nodes.
  void update(const ValueT &value) {
    state_->value = value;
    for (const auto &[weak, index] : state_->uses) {
      auto n = weak.lock();
      auto graph = n ? n->graph.lock() : nullptr;
      if (!graph) continue;
      std::lock_guard<std::mutex> lock(graph->mutex);
      detail::set_kernel_argument(*n, index, state_->value);
    }
  }

  friend bool operator==(const dynamic_parameter &a, const dynamic_parameter &b) { return a.state_ == b.state_; }
  friend bool operator!=(const dynamic_parameter &a, const dynamic_parameter &b) { return !(a == b); }

private:
  friend struct sycl::detail::graph_access;
  std::shared_ptr<detail::dynamic_parameter_state> state_;
};
} // namespace ext::oneapi::experimental

template <typename ValueT>
inline constexpr bool detail::is_dynamic_parameter<ext::oneapi::experimental::dynamic_parameter<ValueT>> = true;

// set_arg with a dynamic parameter: its current value, registered with the parameter when the
// command group becomes a node.
template <typename Parameter> void handler::set_dynamic_arg(int index, const Parameter &parameter) {
  const auto &state = detail::graph_access::state_of_parameter(parameter);
  kernel_arguments_[std::size_t(index)] = state->value;
  dynamic_arguments_.emplace_back(state, index);
}

namespace ext::oneapi::experimental {
// Command group functions of which a node runs one, the active one, chosen again before an
// update (common reference semantics). Every function runs when the group is made; each must
// be a kernel or a host task, all of one kind, with the same dependencies.
class dynamic_command_group {
public:
  template <typename Deferred = void>
  dynamic_command_group(command_graph<graph_state::modifiable> &graph,
                        const std::vector<std::function<void(handler &)>> &command_groups);

  std::size_t get_active_index() const { return state_->active; }
  template <typename Deferred = void> void set_active_index(std::size_t index) {
    std::lock_guard<std::mutex> lock(state_->graph->mutex);
    if (index >= state_->command_groups.size())
      sycl::detail::throw_error(errc::invalid, "set_active_index: " + std::to_string(index) +
                                                   " is not the index of a command group of the " +
                                                   std::to_string(state_->command_groups.size()));
    state_->active = index;
  }

  friend bool operator==(const dynamic_command_group &a, const dynamic_command_group &b) { return a.state_ == b.state_; }
  friend bool operator!=(const dynamic_command_group &a, const dynamic_command_group &b) { return !(a == b); }

private:
  friend struct sycl::detail::graph_access;
  std::shared_ptr<detail::dynamic_command_group_state> state_;
};

template <typename Deferred>
dynamic_command_group::dynamic_command_group(command_graph<graph_state::modifiable> &graph,
                                             const std::vector<std::function<void(handler &)>> &command_groups)
    : state_(std::make_shared<detail::dynamic_command_group_state>()) {
  const auto &graph_impl = sycl::detail::graph_access::impl_of_graph(graph);
  state_->graph = graph_impl;
  if (command_groups.empty())
    sycl::detail::throw_error(errc::invalid, "dynamic_command_group: no command group functions");
  for (const auto &command_group : command_groups) {
    std::vector<sycl::detail::event_ptr> dependencies;
    auto n = sycl::detail::graph_access::node_of(command_group, dependencies);
    if (n->type != node_type::kernel && n->type != node_type::host_task)
      sycl::detail::throw_error(errc::invalid, "dynamic_command_group: a command group function's command is not a "
                                               "kernel or a host task");
    if (!state_->command_groups.empty()) {
      const detail::node_impl &first = *state_->command_groups.front();
      if (n->type != first.type)
        sycl::detail::throw_error(errc::invalid, "dynamic_command_group: the command groups' commands are not of "
                                                 "one kind");
      if (n->requirements != first.requirements || dependencies != state_->dependencies)
        sycl::detail::throw_error(errc::invalid, "dynamic_command_group: the command groups' dependencies differ "
                                                 "(events or buffer accesses), which would change the graph");
    }
    std::lock_guard<std::mutex> lock(graph_impl->mutex);
    graph_impl->check_command(*n);
    graph_impl->register_dynamic_arguments(n);
    n->graph = graph_impl;
    state_->dependencies = std::move(dependencies);
    state_->command_groups.push_back(std::move(n));
  }
}

template <graph_state State>
node command_graph<State>::add(dynamic_command_group &group, const property_list &props) {
  impl_->refuse_while_recording("command_graph::add");
  const auto &state = sycl::detail::graph_access::state_of_group(group);
  if (state->graph != impl_)
    sycl::detail::throw_error(errc::invalid, "command_graph::add: the dynamic_command_group was made for another "
                                             "graph");
  auto added = std::make_shared<detail::node_impl>();
  const detail::node_impl &first = *state->command_groups.front();
  added->type = first.type;
  added->requirements = first.requirements;
  added->dynamic_group = state;
  return add_prepared(std::move(added), state->dependencies, props);
}

template <int Dims> void node::update_range(range<Dims> extent) {
  const auto &running = impl_->current();
  const bool nd_range_kernel = running.kernel.info && running.kernel.info->kind == sycl::detail::launch_kind::nd_range;
  sycl::detail::launch_shape shape = nd_range_kernel
                                         ? sycl::detail::nd_range_shape(nd_range<Dims>(extent, range<Dims>()))
                                         : sycl::detail::range_shape(extent, id<Dims>());
  if (running.kernel.command)
    for (int d = 0; d < 3; ++d) shape.offset[d] = running.kernel.command->shape().offset[d];
  update_shape<Dims>("update_range", shape);
}
template <int Dims> void node::update_nd_range(nd_range<Dims> launch) {
  const sycl::detail::launch_shape shape = sycl::detail::nd_range_shape(launch);
  sycl::detail::check_local_sizes(shape);
  update_shape<Dims>("update_nd_range", shape);
}
// The kernel's launch with `shape`, checked now as a submission's is; `what` names the call.
template <int Dims> void node::update_shape(const char *what, const sycl::detail::launch_shape &shape) {
  auto graph = impl_->graph.lock();
  std::unique_lock<std::mutex> lock;
  if (graph) lock = std::unique_lock<std::mutex>(graph->mutex);
  detail::node_impl &running = impl_->current();
  const std::string call(what);
  if (impl_->type != node_type::kernel)
    sycl::detail::throw_error(errc::invalid, call + ": only a kernel node has a range");
  if (!running.kernel.command)
    sycl::detail::throw_error(errc::invalid, call + ": the kernel node was made with an empty range, so it has no "
                                                    "launch to change");
  if (running.kernel.info->dimensions != Dims)
    sycl::detail::throw_error(errc::invalid, call + ": the kernel node's range has " +
                                                 std::to_string(running.kernel.info->dimensions) +
                                                 " dimensions, not " + std::to_string(Dims));
  if (running.kernel.command->finishes())
    sycl::detail::throw_error(errc::invalid, call + ": the range of a kernel with a reduction cannot change");
  if (sycl::detail::work_items(shape) != 0)
    sycl::detail::check_launch(running.kernel.command->name(), shape, running.kernel.command->local_memory());
  running.kernel.command = running.kernel.command->with_shape(shape);
  detail::remake_kernel_command(running);
}

template <typename Deferred> void command_graph<graph_state::executable>::update(const std::vector<node> &nodes) {
  refuse_unless_updatable();
  auto source = impl_->source.lock();
  std::vector<std::pair<std::size_t, std::function<void()>>> commands;
  if (source) {
    std::lock_guard<std::mutex> lock(source->mutex);
    for (const node &n : nodes) {
      const auto &impl = sycl::detail::graph_access::impl_of(n);
      if (impl->graph.lock() != source || impl->index >= impl_->step_of_node.size())
        sycl::detail::throw_error(errc::invalid, "update: a node is not one of the executable graph's");
      commands.emplace_back(impl_->step_of_node[impl->index], impl->current().command);
    }
  } else if (!nodes.empty()) {
    sycl::detail::throw_error(errc::invalid, "update: a node is not one of the executable graph's");
  }
  std::lock_guard<std::mutex> lock(impl_->mutex);
  for (auto &[step, command] : commands)
    if (!impl_->steps[step].subgraph) impl_->steps[step].command = std::move(command);
}

template <typename Deferred>
void command_graph<graph_state::executable>::update(const command_graph<graph_state::modifiable> &source) {
  refuse_unless_updatable();
  const auto &from = sycl::detail::graph_access::impl_of_graph(source);
  std::vector<std::function<void()>> commands(impl_->steps.size());
  {
    std::lock_guard<std::mutex> lock(from->mutex);
    if (from->nodes.size() != impl_->steps.size())
      sycl::detail::throw_error(errc::invalid, "update: the graph has " + std::to_string(from->nodes.size()) +
                                                   " nodes and the executable graph " +
                                                   std::to_string(impl_->steps.size()));
    for (const auto &n : from->nodes) {
      const std::size_t at = impl_->step_of_node[n->index];
      const auto &step = impl_->steps[at];
      std::vector<std::size_t> predecessors;
      for (const auto &predecessor : n->predecessors) predecessors.push_back(impl_->step_of_node[predecessor.lock()->index]);
      std::vector<std::size_t> expected = step.predecessors;
      std::sort(predecessors.begin(), predecessors.end());
      std::sort(expected.begin(), expected.end());
      const char *kernel = n->current().kernel_name;
      const bool same_kernel = (!kernel && !step.kernel_name) ||
                               (kernel && step.kernel_name && std::string_view(kernel) == step.kernel_name);
      if (n->type != step.type || predecessors != expected || !same_kernel)
        sycl::detail::throw_error(errc::invalid, "update: node " + std::to_string(n->index) +
                                                     " differs from the executable graph's in its kind, kernel or "
                                                     "edges (the graphs must be topologically identical)");
      commands[at] = n->current().command;
    }
  }
  std::lock_guard<std::mutex> lock(impl_->mutex);
  for (std::size_t at = 0; at < commands.size(); ++at)
    if (!impl_->steps[at].subgraph) impl_->steps[at].command = std::move(commands[at]);
}

template <graph_state State> void command_graph<State>::print_graph(std::string path, bool verbose) const {
  static const char *const type_names[] = {"empty",    "subgraph", "kernel",    "memcpy",
                                           "memset",   "memfill",  "prefetch",  "memadvise",
                                           "ext_oneapi_barrier", "host_task", "async_malloc", "async_free"};
  const std::string extension = ".dot";
  if (path.size() <= extension.size() || path.compare(path.size() - extension.size(), extension.size(), extension))
    sycl::detail::throw_error(errc::invalid, "print_graph: " + path + ": the file name must end in .dot");
  std::lock_guard<std::mutex> lock(impl_->mutex);
  std::FILE *file = std::fopen(path.c_str(), "w");
  if (!file) sycl::detail::throw_error(errc::invalid, "print_graph: " + path + ": cannot be written");
  std::fprintf(file, "digraph command_graph_%zu {\n", impl_->id);
  for (const auto &n : impl_->nodes) {
    std::fprintf(file, "  node%zu [label=\"%zu: %s", n->index, n->index, type_names[static_cast<int>(n->type)]);
    if (const char *kernel = n->current().kernel_name) std::fprintf(file, "\\n%s", kernel);
    if (verbose) std::fprintf(file, "\\n%zu buffer accesses", n->requirements.size());
    std::fprintf(file, "\"];\n");
  }
  for (const auto &n : impl_->nodes)
    for (const auto &successor : n->successors)
      if (auto alive = successor.lock()) std::fprintf(file, "  node%zu -> node%zu;\n", n->index, alive->index);
  const bool written = std::fprintf(file, "}\n") > 0;
  if (std::fclose(file) != 0 || !written)
    sycl::detail::throw_error(errc::invalid, "print_graph: " + path + ": the write failed");
}

} // namespace ext::oneapi::experimental

inline void handler::ext_oneapi_graph(
    ext::oneapi::experimental::command_graph<ext::oneapi::experimental::graph_state::executable> &graph) {
  detail::graph_access::launch(*this, detail::graph_access::impl_of_graph(graph));
}

inline ext::oneapi::experimental::queue_state queue::ext_oneapi_get_state() const {
  return recorder() ? ext::oneapi::experimental::queue_state::recording
                    : ext::oneapi::experimental::queue_state::executing;
}
inline ext::oneapi::experimental::command_graph<ext::oneapi::experimental::graph_state::modifiable>
queue::ext_oneapi_get_graph() const {
  auto graph = std::static_pointer_cast<ext::oneapi::experimental::detail::graph_impl>(recorder());
  if (!graph) sycl::detail::throw_error(errc::invalid, "ext_oneapi_get_graph: the queue is not recording");
  return detail::graph_access::make_graph<ext::oneapi::experimental::command_graph<>>(std::move(graph));
}
inline event
queue::ext_oneapi_graph(ext::oneapi::experimental::command_graph<ext::oneapi::experimental::graph_state::executable> &graph) {
  return ext_oneapi_graph(graph, std::vector<event>{});
}
inline event
queue::ext_oneapi_graph(ext::oneapi::experimental::command_graph<ext::oneapi::experimental::graph_state::executable> &graph,
                        event dependency) {
  return ext_oneapi_graph(graph, std::vector<event>{std::move(dependency)});
}
// A command group of the run alone, made without a command group function: a lambda here would
// be instantiated in every translation unit (docs/compile-cost.md).
inline event
queue::ext_oneapi_graph(ext::oneapi::experimental::command_graph<ext::oneapi::experimental::graph_state::executable> &graph,
                        const std::vector<event> &dependencies) {
  handler h;
  h.depends_on(dependencies);
  h.ext_oneapi_graph(graph);
  return submit_handler(h, false);
}

} // namespace _V1
} // namespace sycl

template <> struct std::hash<sycl::ext::oneapi::experimental::node> {
  std::size_t operator()(const sycl::ext::oneapi::experimental::node &n) const {
    return std::hash<const void *>()(n.identity());
  }
};
template <sycl::ext::oneapi::experimental::graph_state State>
struct std::hash<sycl::ext::oneapi::experimental::command_graph<State>> {
  std::size_t operator()(const sycl::ext::oneapi::experimental::command_graph<State> &g) const {
    return std::hash<const void *>()(g.identity());
  }
};
