// Sub-groups (SYCL 2020 sections 4.9.1.8 and 4.17): ids, sizes and the group functions on
// sub-groups, checked against a host model of their layout (docs/vectorizer.md, "Sub-groups"):
// a sub-group is a run of up to W consecutive work-items along the work-group's last dimension,
// W being the kernel's get_max_local_range(); the last run of a row may be shorter; they are
// numbered row by row. With EXPECTED_SUB_GROUP_SIZE=N in the environment, W must be N (the
// vector width of the build), so a kernel that silently stayed scalar fails.
#include <sycl/sycl.hpp>
#include "check.hpp"
#include <algorithm>
#include <cstdlib>
#include <vector>

class SubGroups;
class RequiresFour;
class RequiresOne;
class RequiresPrimary;
class LoopingSubGroups;

// A sub-group scan by shifts, through local memory or the sub-group's own shift (oneDPL's two
// ways, chosen at run time).
template <bool Local> uint32_t shift_scan(sycl::nd_item<1> it, uint32_t *scratch, uint32_t value) {
  const sycl::sub_group sg = it.get_sub_group();
  const uint32_t lane = sg.get_local_linear_id(), size = sg.get_local_linear_range();
  for (uint32_t shift = 1; shift < size; shift <<= 1) {
    uint32_t before;
    if constexpr (Local) {
      const uint32_t base = uint32_t(it.get_local_linear_id()) - lane;
      scratch[base + lane] = value;
      sycl::group_barrier(sg);
      before = scratch[base + (lane >= shift ? lane - shift : lane)];
      sycl::group_barrier(sg);
    } else {
      before = sycl::shift_group_right(sg, value, shift);
    }
    if (lane >= shift) value += before;
  }
  return value;
}

constexpr size_t kRows = 3, kRowLength = 20, kGroupsY = 2, kGroupsX = 2;
constexpr size_t kSegment = 13;

struct Mixed {
  short a;
  char b;
  double c;
};

enum Slot {
  kMax, kLocalId, kSize, kGroupId, kGroupCount, kLeader, kReduce, kMin, kXor, kExclusive, kInclusive,
  kBroadcast, kLeft, kRight, kPermuted, kSelected, kFloatSum, kDoubleScan, kCharSum, kMixedA, kMixedC,
  kAny, kAll, kNone, kJoint, kNeighbour, kExtension, kSlots
};

// Where a work-item's sub-group is, in the host model.
struct Layout {
  size_t base, lane, size, id, count;
};

Layout layout(size_t width, size_t ly, size_t lx) {
  size_t per_row = (kRowLength + width - 1) / width;
  size_t base = lx / width * width;
  return {base, lx - base, std::min(width, kRowLength - base), ly * per_row + lx / width, per_row * kRows};
}

int value_of(size_t gy, size_t gx) { return int((gy * 37 + gx * 11) % 23) - 7; }

int main() {
  sycl::queue q;
  const size_t height = kRows * kGroupsY, width_items = kRowLength * kGroupsX;
  const size_t n = height * width_items;
  double *out = sycl::malloc_shared<double>(n * kSlots, q);
  int *segments = sycl::malloc_shared<int>(n * kSegment, q);
  int *stored = sycl::malloc_shared<int>(n, q);
  for (size_t i = 0; i < n * kSegment; ++i) segments[i] = int(i % 17) - 3;

  q.submit([&](sycl::handler &h) {
    sycl::local_accessor<int, 2> tile({kRows, kRowLength}, h);
    h.parallel_for<SubGroups>(
        sycl::nd_range<2>({height, width_items}, {kRows, kRowLength}), [=](sycl::nd_item<2> it) {
          sycl::sub_group sg = it.get_sub_group();
          const size_t gy = it.get_global_id(0), gx = it.get_global_id(1);
          const size_t ly = it.get_local_id(0), lx = it.get_local_id(1);
          double *o = out + (gy * width_items + gx) * kSlots;
          const int v = value_of(gy, gx);
          const uint32_t lane = sg.get_local_linear_id(), size = sg.get_local_linear_range();
          o[kMax] = sg.get_max_local_range()[0];
          o[kLocalId] = sg.get_local_id()[0];
          o[kSize] = sg.get_local_range()[0];
          o[kGroupId] = sg.get_group_id()[0];
          o[kGroupCount] = sg.get_group_linear_range();
          o[kLeader] = sg.leader();
          o[kReduce] = sycl::reduce_over_group(sg, v, sycl::plus<int>());
          o[kMin] = sycl::reduce_over_group(sg, v, sycl::minimum<int>());
          o[kXor] = sycl::reduce_over_group(sg, unsigned(v), sycl::bit_xor<unsigned>());
          o[kExclusive] = sycl::exclusive_scan_over_group(sg, v, sycl::plus<int>());
          o[kInclusive] = sycl::inclusive_scan_over_group(sg, v, sycl::maximum<int>(), -100);
          o[kBroadcast] = sycl::group_broadcast(sg, v, size - 1);
          o[kLeft] = sycl::shift_group_left(sg, v, 1);
          o[kRight] = sycl::shift_group_right(sg, v, 2);
          o[kPermuted] = sycl::permute_group_by_xor(sg, v, 1);
          o[kSelected] = sycl::select_from_group(sg, v, sycl::id<1>((lane + 3) % size));
          o[kFloatSum] = sycl::reduce_over_group(sg, float(v) * 0.5f, sycl::plus<float>());
          o[kDoubleScan] = sycl::inclusive_scan_over_group(sg, double(v) * 0.25, sycl::plus<double>());
          o[kCharSum] = sycl::reduce_over_group(sg, static_cast<signed char>(v), sycl::plus<signed char>());
          Mixed m{short(v * 3), char(v), v * 1.5};
          Mixed from_left = sycl::shift_group_left(sg, m, 1);
          o[kMixedA] = from_left.a + from_left.b;
          o[kMixedC] = sycl::group_broadcast(sg, m).c;
          o[kAny] = sycl::any_of_group(sg, v > 10);
          o[kAll] = sycl::all_of_group(sg, v, [](int x) { return x > -7; });
          o[kNone] = sycl::none_of_group(sg, v == 0);
          const int *segment = segments + (gy * width_items + gx - lane) * kSegment;
          o[kJoint] = sycl::joint_reduce(sg, segment, segment + kSegment, sycl::plus<int>());
          // Communication through local memory, ordered by a sub-group barrier.
          tile[ly][lx] = v;
          sycl::group_barrier(sg);
          o[kNeighbour] = tile[ly][lx - lane + (lane + 1) % size];
          // DPC++'s sub-group extension methods, as one checksum: load/store of the row's block,
          // shuffles, broadcast, reduce and scans, and barrier.
          const int loaded = sg.load(&tile[ly][lx - lane]);
          sg.barrier();
          sg.store(stored + (gy * width_items + gx - lane), loaded + 1);
          // (Every work-item of the sub-group makes each call; only the results are chosen.)
          const int down = sg.shuffle_down(loaded, 1u), up = sg.shuffle_up(loaded, 1u);
          o[kExtension] = (sg.shuffle(loaded, sycl::id<1>(0)) + sg.shuffle_xor(loaded, sycl::id<1>(0)) +
                           sg.broadcast(loaded, sycl::id<1>(size - 1)) + sg.reduce(loaded, sycl::plus<int>()) +
                           sg.exclusive_scan(loaded, sycl::plus<int>()) + sg.inclusive_scan(loaded, sycl::plus<int>())) *
                              1000 +
                          (lane + 1 < size ? down : 0) + (lane > 0 ? up : 0);
        });
  }).wait();

  // The sub_group_size kernel property: 4 lanes (or 1) whatever the build's width, and the
  // kernel reports the size it required.
  namespace syclex = sycl::ext::oneapi::experimental;
  uint32_t *required = sycl::malloc_shared<uint32_t>(4 * n, q);
  q.parallel_for<RequiresFour>(sycl::nd_range<1>(n, 30), syclex::properties{syclex::sub_group_size<4>},
                               [=](sycl::nd_item<1> it) {
                                 sycl::sub_group sg = it.get_sub_group();
                                 required[it.get_global_id(0)] =
                                     sg.get_max_local_range()[0] * 100 +
                                     sycl::reduce_over_group(sg, 1u, sycl::plus<uint32_t>());
                               });
  q.parallel_for<RequiresOne>(sycl::nd_range<1>(n, 30), syclex::properties{syclex::sub_group_size<1>},
                              [=](sycl::nd_item<1> it) {
                                sycl::sub_group sg = it.get_sub_group();
                                required[n + it.get_global_id(0)] = sg.get_max_local_range()[0];
                              });
  // sub_group_size_primary: one vector register of the CPU (the device's primary size, also its
  // native float width), even for a kernel with a loop, which the default width doubles below
  // AVX-512.
  q.parallel_for<RequiresPrimary>(sycl::nd_range<1>(n, 30), syclex::properties{syclex::sub_group_size_primary},
                                  [=](sycl::nd_item<1> it) {
                                    uint32_t steps = 0;
                                    for (size_t k = 0; k < it.get_local_id(0); ++k) steps += uint32_t(k & 1);
                                    required[2 * n + it.get_global_id(0)] =
                                        it.get_sub_group().get_max_local_range()[0] * 1000 + steps;
                                  });
  // A kernel with a loop has sub-groups of the same size as the first kernel, which has none: every
  // kernel observing its sub-groups gets one width (docs/vectorizer.md, "Where it runs"), so that
  // kernels may hand per-sub-group results to one another.
  q.parallel_for<LoopingSubGroups>(sycl::nd_range<1>(n, 30), [=](sycl::nd_item<1> it) {
    uint32_t steps = 0;
    for (size_t k = 0; k < it.get_local_id(0); ++k) steps += uint32_t(k & 1);
    required[3 * n + it.get_global_id(0)] = it.get_sub_group().get_max_local_range()[0] * 1000 + steps;
  });
  q.wait();
  const uint32_t primary = q.get_device().get_info<sycl::info::device::primary_sub_group_size>();
  check::equal("primary_sub_group_size is the native float width", 0, primary,
               q.get_device().get_info<sycl::info::device::native_vector_width_float>());
  for (size_t i = 0; i < n; ++i) {
    // Rows of 30: seven sub-groups of 4, then one of 2.
    check::equal("sub_group_size<4> kernel", long(i), required[i], 4 * 100 + (i % 30 < 28 ? 4 : 2));
    check::equal("sub_group_size<1> kernel", long(i), required[n + i], 1);
    check::equal("sub_group_size_primary kernel", long(i), required[2 * n + i],
                 primary * 1000 + uint32_t(i % 30) / 2);
  }
  const size_t width = size_t(out[kMax]);
  for (size_t i = 0; i < n; ++i)
    check::equal("a looping kernel's sub-groups", long(i), required[3 * n + i],
                 uint32_t(width) * 1000 + uint32_t(i % 30) / 2);
  sycl::free(required, q);

  // Two paths chosen by an argument, each ending in the same store under a condition that differs
  // between work-items: clang's optimiser makes that store one block both paths enter, which the
  // vectorizer refused ("more than one entry"), leaving this kernel sub-groups of one beside the
  // others' (oneDPL's transform_exclusive_scan gave wrong results so). Now it has the same width.
  const size_t kept = 61;
  uint32_t *scanned = sycl::malloc_shared<uint32_t>(2 * n, q);
  for (int through_local = 0; through_local < 2; ++through_local) {
    q.submit([&](sycl::handler &h) {
       sycl::local_accessor<uint32_t, 1> scratch(sycl::range<1>(30), h);
       uint32_t *o = scanned + through_local * n;
       const bool local = through_local;
       h.parallel_for(sycl::nd_range<1>(n, 30), [=](sycl::nd_item<1> it) {
         const size_t i = it.get_global_id(0);
         uint32_t *s = &scratch[0];
         const uint32_t max = it.get_sub_group().get_max_local_range()[0];
         if (local) {
           const uint32_t v = shift_scan<true>(it, s, 1);
           if (i < kept) o[i] = v * 1000 + max;
         } else {
           const uint32_t v = shift_scan<false>(it, s, 1);
           if (i < kept) o[i] = v * 1000 + max;
         }
       });
     }).wait();
    for (size_t i = 0; i < kept; ++i) {
      const size_t lane = (i % 30) % width;
      check::equal(through_local ? "shift scan through local memory" : "shift scan by shift_group_right",
                   long(i), scanned[through_local * n + i], uint32_t((lane + 1) * 1000 + width));
    }
  }
  sycl::free(scanned, q);

  // The kernel's info queries report the size it ran with.
  const sycl::device device = q.get_device();
  const sycl::kernel kernel = sycl::get_kernel_bundle<sycl::bundle_state::executable>(q.get_context())
                                  .get_kernel(sycl::get_kernel_id<SubGroups>());
  check::equal("kernel max_sub_group_size", 0,
               kernel.get_info<sycl::info::kernel_device_specific::max_sub_group_size>(device), width);
  check::equal("kernel compile_sub_group_size", 0,
               kernel.get_info<sycl::info::kernel_device_specific::compile_sub_group_size>(device), 0u);
  const sycl::kernel four = sycl::get_kernel_bundle<sycl::bundle_state::executable>(q.get_context())
                                .get_kernel(sycl::get_kernel_id<RequiresFour>());
  check::equal("required kernel max_sub_group_size", 0,
               four.get_info<sycl::info::kernel_device_specific::max_sub_group_size>(device), 4u);
  check::equal("required kernel compile_sub_group_size", 0,
               four.get_info<sycl::info::kernel_device_specific::compile_sub_group_size>(device), 4u);
  const sycl::kernel primary_kernel = sycl::get_kernel_bundle<sycl::bundle_state::executable>(q.get_context())
                                          .get_kernel(sycl::get_kernel_id<RequiresPrimary>());
  check::equal("primary kernel compile_sub_group_size", 0,
               primary_kernel.get_info<sycl::info::kernel_device_specific::compile_sub_group_size>(device), primary);
  const auto sizes = device.get_info<sycl::info::device::sub_group_sizes>();
  check::equal("device sub_group_sizes lists it", 0, std::count(sizes.begin(), sizes.end(), width), 1);
  if (const char *expected = std::getenv("EXPECTED_SUB_GROUP_SIZE"))
    check::equal("max sub-group size (the build's width)", 0, width, std::strtoul(expected, nullptr, 10));
  for (size_t gy = 0; gy < height; ++gy)
    for (size_t gx = 0; gx < width_items; ++gx) {
      const size_t ly = gy % kRows, lx = gx % kRowLength;
      const long at = long(gy * width_items + gx);
      const double *o = out + at * kSlots;
      const Layout s = layout(width, ly, lx);
      auto member = [&](size_t k) { return value_of(gy, gx - s.lane + k); };
      int sum = 0, minimum = 1 << 30, before = 0, maximum = -100;
      unsigned bits = 0;
      float half_sum = 0;
      double quarter_prefix = 0;
      signed char char_sum = 0;
      bool any = false, all = true, none = true;
      for (size_t k = 0; k < s.size; ++k) {
        int x = member(k);
        sum += x;
        minimum = std::min(minimum, x);
        bits ^= unsigned(x);
        half_sum += float(x) * 0.5f;
        char_sum = static_cast<signed char>(char_sum + static_cast<signed char>(x));
        any |= x > 10;
        all &= x > -7;
        none &= x != 0;
        if (k < s.lane) before += x;
        if (k <= s.lane) {
          maximum = std::max(maximum, x);
          quarter_prefix += double(x) * 0.25;
        }
      }
      check::equal("max sub-group size", at, o[kMax], width);
      check::equal("local id", at, o[kLocalId], s.lane);
      check::equal("size", at, o[kSize], s.size);
      check::equal("sub-group id", at, o[kGroupId], s.id);
      check::equal("sub-group count", at, o[kGroupCount], s.count);
      check::equal("leader", at, o[kLeader], s.lane == 0);
      check::equal("reduce plus", at, o[kReduce], sum);
      check::equal("reduce minimum", at, o[kMin], minimum);
      check::equal("reduce bit_xor", at, o[kXor], bits);
      check::equal("exclusive scan", at, o[kExclusive], before);
      check::equal("inclusive scan with init", at, o[kInclusive], maximum);
      check::equal("broadcast", at, o[kBroadcast], member(s.size - 1));
      if (s.lane + 1 < s.size) check::equal("shift left", at, o[kLeft], member(s.lane + 1));
      if (s.lane >= 2) check::equal("shift right", at, o[kRight], member(s.lane - 2));
      if ((s.lane ^ 1) < s.size) check::equal("permute by xor", at, o[kPermuted], member(s.lane ^ 1));
      check::equal("select", at, o[kSelected], member((s.lane + 3) % s.size));
      check::equal("float reduce", at, o[kFloatSum], half_sum);
      check::equal("double scan", at, o[kDoubleScan], quarter_prefix);
      check::equal("char reduce", at, o[kCharSum], char_sum);
      if (s.lane + 1 < s.size) {
        int right = member(s.lane + 1);
        check::equal("struct shift", at, o[kMixedA], short(right * 3) + char(right));
      }
      check::equal("struct broadcast", at, o[kMixedC], member(0) * 1.5);
      check::equal("any", at, o[kAny], any);
      check::equal("all", at, o[kAll], all);
      check::equal("none", at, o[kNone], none);
      int joint = 0;
      const int *segment = segments + (at - long(s.lane)) * kSegment;
      for (size_t k = 0; k < kSegment; ++k) joint += segment[k];
      check::equal("joint reduce", at, o[kJoint], joint);
      check::equal("neighbour through local memory", at, o[kNeighbour], member((s.lane + 1) % s.size));
      const int own = member(s.lane);
      const int extension = (member(0) + own + member(s.size - 1) + sum + before + (before + own)) * 1000 +
                            (s.lane + 1 < s.size ? member(s.lane + 1) : 0) + (s.lane > 0 ? member(s.lane - 1) : 0);
      check::equal("sub_group extension methods", at, o[kExtension], extension);
      check::equal("sub_group::store", at, stored[at], own + 1);
    }
  sycl::free(out, q);
  sycl::free(segments, q);
  sycl::free(stored, q);
  return check::finish();
}
