// sycl_ext_oneapi_non_uniform_groups: ballot groups, fixed-size groups (and their newer names,
// fragments and chunks) in converged code, tangle groups (and sycl_ext_oneapi_tangle's tangles)
// and opportunistic groups in a branch; their ids and ranges and the group functions and
// algorithms on them, checked against a host model of the sub-groups (runs of up to W
// consecutive work-items of a work-group, W being the kernel's get_max_local_range();
// docs/vectorizer.md, "Sub-groups"). With EXPECTED_SUB_GROUP_SIZE=N in the environment, both
// kernels' W must be N (a kernel making groups in a branch stays vectorized:
// docs/group-algorithms.md).
#include <sycl/sycl.hpp>
#include "check.hpp"
#include <algorithm>
#include <cstdlib>
#include <vector>

namespace syclex = sycl::ext::oneapi::experimental;

constexpr size_t kLocal = 48, kGroups = 2, kGlobal = kLocal * kGroups, kSegment = 7;

enum Slot {
  kWidth, kBallotId, kBallotRange, kBallotGroup, kBallotLeader, kBallotSum, kBallotExclusive, kBallotInclusive,
  kBallotBroadcast, kBallotAny, kBallotAll, kBallotLeft, kBallotSelect, kBallotXor, kBallotJoint, kBallotNeighbour,
  kChunkId, kChunkGroup, kChunkRange, kChunkSum, kChunkExclusive, kChunkInclusive, kChunkBroadcast, kChunkLeft,
  kChunkXor, kFragmentSum, kTangleWidth, kTangleId, kTangleRange, kTangleSum, kTangleScan, kOpportunisticCount,
  kOpportunisticBase, kSlots
};

int value_of(size_t i) { return int((i * 37 + 11) % 29) - 9; }
bool predicate_of(size_t i) { return value_of(i) % 3 == 0; }

int main() {
  sycl::queue q;
  int *out = sycl::malloc_shared<int>(kGlobal * kSlots, q);
  int *segments = sycl::malloc_shared<int>(kGlobal * kSegment, q);
  int *counter = sycl::malloc_shared<int>(1, q);
  *counter = 0;
  std::fill(out, out + kGlobal * kSlots, -1000);
  for (size_t i = 0; i < kGlobal * kSegment; ++i) segments[i] = int(i % 13) - 4;

  q.submit([&](sycl::handler &h) {
     sycl::local_accessor<int, 1> tile(kLocal, h);
     h.parallel_for(sycl::nd_range<1>(kGlobal, kLocal), [=](sycl::nd_item<1> it) {
       const sycl::sub_group sg = it.get_sub_group();
       const size_t global = it.get_global_id(0), local = it.get_local_id(0);
       int *o = out + global * kSlots;
       const int v = value_of(global);
       o[kWidth] = int(sg.get_max_local_range()[0]);

       const auto ballot = syclex::get_ballot_group(sg, predicate_of(global));
       o[kBallotId] = int(ballot.get_local_linear_id());
       o[kBallotRange] = int(ballot.get_local_linear_range());
       o[kBallotGroup] = int(ballot.get_group_linear_id()) * 10 + int(ballot.get_group_linear_range());
       o[kBallotLeader] = ballot.leader();
       o[kBallotSum] = sycl::reduce_over_group(ballot, v, sycl::plus<int>());
       o[kBallotExclusive] = sycl::exclusive_scan_over_group(ballot, v, sycl::plus<int>());
       o[kBallotInclusive] = sycl::inclusive_scan_over_group(ballot, v, sycl::maximum<int>());
       o[kBallotBroadcast] = sycl::group_broadcast(ballot, v, ballot.get_local_linear_range() - 1);
       o[kBallotAny] = sycl::any_of_group(ballot, v > 15);
       o[kBallotAll] = sycl::all_of_group(ballot, v, [](int x) { return x > -9; });
       o[kBallotLeft] = sycl::shift_group_left(ballot, v, 1);
       o[kBallotSelect] = sycl::select_from_group(ballot, v, sycl::id<1>(0));
       o[kBallotXor] = sycl::permute_group_by_xor(ballot, v, 1);
       // A joint reduction over a segment all members agree on: the group leader's.
       const int *segment = segments + sycl::group_broadcast(ballot, global) * kSegment;
       o[kBallotJoint] = sycl::joint_reduce(ballot, segment, segment + kSegment, sycl::plus<int>());
       tile[local] = v;
       sycl::group_barrier(ballot);
       o[kBallotNeighbour] = tile[local];

       const auto fixed = syclex::get_fixed_size_group<4>(sg);
       o[kChunkId] = int(fixed.get_local_linear_id());
       o[kChunkGroup] = int(fixed.get_group_linear_id());
       o[kChunkRange] = int(fixed.get_local_linear_range()) * 100 + int(fixed.get_group_linear_range());
       o[kChunkSum] = sycl::reduce_over_group(fixed, v, sycl::plus<int>());
       o[kChunkExclusive] = sycl::exclusive_scan_over_group(fixed, v, sycl::plus<int>());
       o[kChunkInclusive] = sycl::inclusive_scan_over_group(fixed, v, sycl::minimum<int>());
       o[kChunkBroadcast] = sycl::group_broadcast(fixed, v, 2);
       o[kChunkLeft] = sycl::shift_group_left(fixed, v, 1);
       o[kChunkXor] = sycl::permute_group_by_xor(fixed, v, 3);
       const syclex::fragment<sycl::sub_group> fragment = syclex::chunked_partition<2>(sg);
       o[kFragmentSum] = sycl::reduce_over_group(syclex::binary_partition(sg, predicate_of(global)), v,
                                                 sycl::plus<int>()) * 1000 +
                         sycl::reduce_over_group(fragment, v, sycl::plus<int>());
     });
   }).wait();

  // Groups made in a branch: the work-items of a sub-group that took it.
  q.parallel_for(sycl::nd_range<1>(kGlobal, kLocal), [=](sycl::nd_item<1> it) {
     const sycl::sub_group sg = it.get_sub_group();
     const size_t global = it.get_global_id(0);
     int *o = out + global * kSlots;
     const int v = value_of(global);
     o[kTangleWidth] = int(sg.get_max_local_range()[0]);
     if (v % 2 != 0) {
       const auto tangle = syclex::get_tangle_group(sg);
       o[kTangleId] = int(tangle.get_local_linear_id());
       o[kTangleRange] = int(tangle.get_local_linear_range()) * 100 + int(syclex::entangle(sg).get_local_linear_range());
       o[kTangleSum] = sycl::reduce_over_group(tangle, v, sycl::plus<int>());
       o[kTangleScan] = sycl::inclusive_scan_over_group(tangle, v, sycl::plus<int>());
     } else {
       // Count the work-items here with one atomic per opportunistic group.
       const auto opportunistic = syclex::this_kernel::get_opportunistic_group();
       int base = 0;
       if (opportunistic.leader())
         base = sycl::atomic_ref<int, sycl::memory_order::relaxed, sycl::memory_scope::device>(*counter).fetch_add(
             int(opportunistic.get_local_linear_range()));
       base = sycl::group_broadcast(opportunistic, base);
       o[kOpportunisticCount] = int(opportunistic.get_local_linear_range());
       o[kOpportunisticBase] = base + int(opportunistic.get_local_linear_id());
     }
   }).wait();

  const size_t width = size_t(out[kWidth]);
  if (const char *expected = std::getenv("EXPECTED_SUB_GROUP_SIZE")) {
    check::equal("max sub-group size (the build's width)", 0, width, std::strtoul(expected, nullptr, 10));
    check::equal("branch kernel's max sub-group size", 0, out[kTangleWidth], width);
  }
  std::vector<int> taken;
  for (size_t global = 0; global < kGlobal; ++global) {
    const int *o = out + global * kSlots;
    const long at = long(global);
    const size_t group_base = global / kLocal * kLocal, local = global % kLocal;
    const size_t base = group_base + local / width * width, size = std::min(width, kLocal - (base - group_base));
    const size_t lane = global - base;
    // The ballot group: the sub-group's members whose predicate matches mine, in lane order.
    std::vector<size_t> members;
    for (size_t k = 0; k < size; ++k)
      if (predicate_of(base + k) == predicate_of(global)) members.push_back(base + k);
    const size_t id = size_t(std::find(members.begin(), members.end(), global) - members.begin());
    int sum = 0, before = 0, running_max = -1000;
    bool any = false, all = true;
    for (size_t k = 0; k < members.size(); ++k) {
      const int x = value_of(members[k]);
      sum += x;
      if (k < id) before += x;
      if (k <= id) running_max = std::max(running_max, x);
      any |= x > 15;
      all &= x > -9;
    }
    check::equal("ballot local id", at, o[kBallotId], id);
    check::equal("ballot local range", at, o[kBallotRange], members.size());
    check::equal("ballot group id and range", at, o[kBallotGroup], (predicate_of(global) ? 10 : 0) + 2);
    check::equal("ballot leader", at, o[kBallotLeader], id == 0);
    check::equal("ballot reduce", at, o[kBallotSum], sum);
    check::equal("ballot exclusive scan", at, o[kBallotExclusive], before);
    check::equal("ballot inclusive scan", at, o[kBallotInclusive], running_max);
    check::equal("ballot broadcast", at, o[kBallotBroadcast], value_of(members.back()));
    check::equal("ballot any", at, o[kBallotAny], any);
    check::equal("ballot all", at, o[kBallotAll], all);
    if (id + 1 < members.size()) check::equal("ballot shift left", at, o[kBallotLeft], value_of(members[id + 1]));
    check::equal("ballot select", at, o[kBallotSelect], value_of(members[0]));
    if ((id ^ 1) < members.size()) check::equal("ballot permute", at, o[kBallotXor], value_of(members[id ^ 1]));
    int joint = 0;
    for (size_t k = 0; k < kSegment; ++k) joint += segments[members[0] * kSegment + k];
    check::equal("ballot joint reduce", at, o[kBallotJoint], joint);
    check::equal("ballot barrier", at, o[kBallotNeighbour], value_of(global));

    // Fixed-size groups of 4 (only where the sub-groups are runs of 4 or more).
    if (width >= 4) {
      const size_t chunk_base = base + lane / 4 * 4, position = lane % 4;
      int chunk_sum = 0, chunk_before = 0, chunk_min = 1 << 20;
      for (size_t k = 0; k < 4; ++k) {
        const int x = value_of(chunk_base + k);
        chunk_sum += x;
        if (k < position) chunk_before += x;
        if (k <= position) chunk_min = std::min(chunk_min, x);
      }
      check::equal("fixed-size local id", at, o[kChunkId], position);
      check::equal("fixed-size group id", at, o[kChunkGroup], lane / 4);
      check::equal("fixed-size ranges", at, o[kChunkRange], 400 + size / 4);
      check::equal("fixed-size reduce", at, o[kChunkSum], chunk_sum);
      check::equal("fixed-size exclusive scan", at, o[kChunkExclusive], chunk_before);
      check::equal("fixed-size inclusive scan", at, o[kChunkInclusive], chunk_min);
      check::equal("fixed-size broadcast", at, o[kChunkBroadcast], value_of(chunk_base + 2));
      if (position < 3) check::equal("fixed-size shift left", at, o[kChunkLeft], value_of(global + 1));
      check::equal("fixed-size permute", at, o[kChunkXor], value_of(chunk_base + (position ^ 3)));
    }
    if (width >= 2) {
      const size_t pair_base = base + lane / 2 * 2;
      check::equal("fragments", at, o[kFragmentSum],
                   sum * 1000 + value_of(pair_base) + value_of(pair_base + 1));
    }

    // The branch kernel: its own width; the tangle is the sub-group's work-items that took the
    // branch.
    const size_t branch_width = size_t(out[kTangleWidth]);
    const size_t branch_base = group_base + local / branch_width * branch_width;
    const size_t branch_size = std::min(branch_width, kLocal - (branch_base - group_base));
    if (value_of(global) % 2 != 0) {
      std::vector<size_t> tangle;
      for (size_t k = 0; k < branch_size; ++k)
        if (value_of(branch_base + k) % 2 != 0) tangle.push_back(branch_base + k);
      const size_t tangle_id = size_t(std::find(tangle.begin(), tangle.end(), global) - tangle.begin());
      int tangle_sum = 0, tangle_prefix = 0;
      for (size_t k = 0; k < tangle.size(); ++k) {
        tangle_sum += value_of(tangle[k]);
        if (k <= tangle_id) tangle_prefix += value_of(tangle[k]);
      }
      check::equal("tangle local id", at, o[kTangleId], tangle_id);
      check::equal("tangle and entangle local ranges", at, o[kTangleRange], tangle.size() * 101);
      check::equal("tangle reduce", at, o[kTangleSum], tangle_sum);
      check::equal("tangle scan", at, o[kTangleScan], tangle_prefix);
    } else {
      taken.push_back(size_t(o[kOpportunisticBase]));
      check::equal("opportunistic group within its sub-group", at, o[kOpportunisticCount] <= int(branch_size), true);
    }
  }
  // Every work-item of the else branch got a distinct slot from the aggregated atomics.
  std::sort(taken.begin(), taken.end());
  check::equal("opportunistic counter", 0, *counter, taken.size());
  for (size_t i = 0; i < taken.size(); ++i) check::equal("opportunistic slots", long(i), taken[i], i);
  sycl::free(out, q);
  sycl::free(segments, q);
  sycl::free(counter, q);
  return check::finish();
}
