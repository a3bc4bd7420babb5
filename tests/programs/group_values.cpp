// nd_item and group have by-value semantics (SYCL 2020 4.5.3): copies written out of an
// nd_range kernel (with a global offset) answer their id and range queries on the host, and
// compare equal exactly when they are the same work-item or the same work-group, on the host and
// in a later kernel. A group copied before a barrier still answers after it, and the group a
// hierarchical kernel's work-group function receives can be copied out the same way.
#include <sycl/sycl.hpp>
#include "check.hpp"
#include <cstddef>

constexpr std::size_t G0 = 4, G1 = 6, L0 = 2, L1 = 3, O0 = 5, O1 = 7;
constexpr std::size_t n = G0 * G1;
constexpr std::size_t groups = (G0 / L0) * (G1 / L1);

static void nd_items_and_groups_on_the_host(sycl::queue &q) {
  auto *items = static_cast<sycl::nd_item<2> *>(sycl::malloc_shared(n * sizeof(sycl::nd_item<2>), q));
  auto *group_copies = static_cast<sycl::group<2> *>(sycl::malloc_shared(n * sizeof(sycl::group<2>), q));
  sycl::range<2> global(G0, G1), local(L0, L1);
  q.parallel_for(sycl::nd_range<2>(global, local, sycl::id<2>(O0, O1)), [=](sycl::nd_item<2> it) {
     sycl::group<2> g = it.get_group();
     sycl::group_barrier(g);
     const std::size_t i = it.get_global_linear_id();
     items[i] = it;
     group_copies[i] = g;
   }).wait();

  int wrong = 0;
  for (std::size_t i = 0; i < n; ++i) {
    const std::size_t x = i / G1, y = i % G1;
    const sycl::nd_item<2> &it = items[i];
    const sycl::group<2> &g = group_copies[i];
    wrong += it.get_global_id() != sycl::id<2>(x + O0, y + O1);
    wrong += it.get_local_id() != sycl::id<2>(x % L0, y % L1);
    wrong += it.get_global_linear_id() != i || it.get_local_linear_id() != (x % L0) * L1 + y % L1;
    wrong += it.get_offset() != sycl::id<2>(O0, O1);
    wrong += it.get_global_range() != global || it.get_local_range() != local;
    wrong += it.get_group_range() != sycl::range<2>(G0 / L0, G1 / L1);
    wrong += it.get_group(0) != x / L0 || it.get_group(1) != y / L1;
    wrong += g.get_group_id() != sycl::id<2>(x / L0, y / L1) || g[1] != y / L1;
    wrong += g.get_group_linear_id() != (x / L0) * (G1 / L1) + y / L1;
    wrong += g.get_local_range() != local || g.get_global_range() != global;
    wrong += g.get_group_linear_range() != groups || g.get_local_linear_range() != L0 * L1;
    wrong += !(it.get_group() == g);
  }
  check::equal("queries of nd_items and groups copied to the host", 0, wrong, 0);

  int equality = 0;
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t j = 0; j < n; ++j) {
      const bool same_group = group_copies[i].get_group_id() == group_copies[j].get_group_id();
      equality += (items[i] == items[j]) != (i == j) || (items[i] != items[j]) != (i != j);
      equality += (group_copies[i] == group_copies[j]) != same_group;
      equality += (group_copies[i] != group_copies[j]) == same_group;
    }
  check::equal("nd_items and groups compare equal exactly when the same", 0, equality, 0);

  // The same comparisons in a kernel, of copies made by another kernel.
  int *device_equality = sycl::malloc_shared<int>(1, q);
  *device_equality = 0;
  q.single_task([=] {
     for (std::size_t i = 0; i < n; ++i)
       for (std::size_t j = 0; j < n; ++j) {
         const bool same_group = group_copies[i].get_group_id() == group_copies[j].get_group_id();
         *device_equality += (items[i] == items[j]) != (i == j);
         *device_equality += (group_copies[i] == group_copies[j]) != same_group;
       }
   }).wait();
  check::equal("the same comparisons in a kernel", 0, *device_equality, 0);
  sycl::free(device_equality, q);
  sycl::free(group_copies, q);
  sycl::free(items, q);
}

static void hierarchical_groups_on_the_host(sycl::queue &q) {
  auto *group_copies = static_cast<sycl::group<1> *>(sycl::malloc_shared(3 * sizeof(sycl::group<1>), q));
  q.submit([&](sycl::handler &h) {
     h.parallel_for_work_group(sycl::range<1>(3), sycl::range<1>(4),
                               [=](sycl::group<1> g) { group_copies[g.get_group_id(0)] = g; });
   }).wait();
  int wrong = 0;
  for (std::size_t i = 0; i < 3; ++i) {
    const sycl::group<1> &g = group_copies[i];
    wrong += g.get_group_id(0) != i || g.get_group_range(0) != 3 || g.get_local_range(0) != 4;
    wrong += g.get_global_range(0) != 12 || (g == group_copies[(i + 1) % 3]);
  }
  check::equal("hierarchical work-group functions' groups on the host", 0, wrong, 0);
  sycl::free(group_copies, q);
}

int main() {
  sycl::queue q;
  nd_items_and_groups_on_the_host(q);
  hierarchical_groups_on_the_host(q);
  return check::finish();
}
