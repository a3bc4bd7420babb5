// What the queue, the handler and events know of command graphs (sycl_ext_oneapi_graph), which
// ext/oneapi/experimental/graph.hpp implements: the kinds of commands a command group holds,
// the recorder a queue in the recording state hands its command groups to, and the launch of an
// executable graph a command group may hold. docs/command-graphs.md describes the design.
#pragma once

#include <memory>
#include <vector>

#include "../exception.hpp"

namespace sycl {
inline namespace _V1 {
class handler;

namespace ext::oneapi::experimental {
enum class graph_state { modifiable, executable };
template <graph_state State> class command_graph;
enum class queue_state { executing, recording };
// The command a command group holds, which the handler records for graph nodes.
enum class node_type {
  empty,
  subgraph,
  kernel,
  memcpy,
  memset,
  memfill,
  prefetch,
  memadvise,
  ext_oneapi_barrier,
  host_task,
  async_malloc,
  async_free
};
namespace detail {
// A dynamic_parameter's value and the node arguments registered with it (graph.hpp).
struct dynamic_parameter_state;
} // namespace detail
} // namespace ext::oneapi::experimental

namespace detail {
using ext::oneapi::experimental::node_type;
// Whether T is a command graph's dynamic_parameter, which handler::set_arg registers (graph.hpp
// specializes it).
template <typename T> inline constexpr bool is_dynamic_parameter = false;
class event_state;
struct queue_state;
using event_ptr = std::shared_ptr<event_state>;

// A modifiable graph that queues record into. The queue keeps it weakly: when the graph's last
// copy goes, the queues it recorded from are executing again (graph.hpp's destructor).
class graph_recorder {
public:
  virtual ~graph_recorder() = default;
  // Adds the command group `h`, submitted to the queue whose state is `queue`, as a node after
  // the nodes whose events are `after` (and, for a barrier waiting for all earlier commands,
  // after every node the queue recorded); returns the event that stands for the node.
  virtual event_ptr record(handler &h, std::vector<event_ptr> after, const queue_state *queue,
                           bool after_all_of_queue) = 0;
  // Puts the queue into the recording state (a submission that depends on a recorded event
  // makes its queue record, "transitive queue recording").
  virtual void record_queue(const std::shared_ptr<queue_state> &queue) = 0;
};

// An executable graph's run in a command group (handler::ext_oneapi_graph): `submit` submits
// the nodes of `graph` after `after` and returns the event of the whole run.
struct graph_launch {
  std::shared_ptr<const void> graph;
  event_ptr (*submit)(const void *graph, const std::vector<event_ptr> &after, bool profiling,
                      const std::shared_ptr<const async_handler> &handler) = nullptr;
};
} // namespace detail
} // namespace _V1
} // namespace sycl
