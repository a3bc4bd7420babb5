// Group algorithm extensions, checked against host references:
// sycl_ext_oneapi_group_sort (joint_sort, sort_over_group, sort_key_value_over_group, the
// fixed-size array forms with blocked and striped placements, default and radix sorters),
// sycl_ext_oneapi_user_defined_reductions (reduce_over_group and joint_reduce with an
// associative, non-commutative operation, in work-groups and sub-groups),
// sycl_ext_oneapi_group_load_store and sycl_ext_oneapi_complex_algorithms (std::complex sums and
// scans). Work-groups of 37 work-items, which no vector width divides.
#include <sycl/sycl.hpp>
#include "check.hpp"
#include <algorithm>
#include <complex>
#include <functional>
#include <numeric>
#include <vector>

namespace syclex = sycl::ext::oneapi::experimental;

constexpr size_t kLocal = 37, kGroups = 3, kGlobal = kLocal * kGroups, kSegment = 101, kPerItem = 3;

// x -> a x + b (mod 2^32): composing maps is associative and not commutative, so a result in
// the wrong order shows.
struct Affine {
  uint32_t a, b;
};
struct Compose {
  Affine operator()(Affine first, Affine then) const { return {then.a * first.a, then.a * first.b + then.b}; }
};
Affine affine_of(size_t i) { return {uint32_t(i * 2 + 1), uint32_t(i * 7 + 3)}; }

int value_of(size_t i) { return int((i * 7919) % 211) - 100; }
float float_of(size_t i) { return float(int((i * 31) % 19) - 9) * 0.5f; }

enum Slot {
  kSorted, kSortedDown, kKey, kValue, kRadix, kSubSorted, kReduce, kReduceInit, kJoint, kSubJoint, kPlainReduce, kSubWidth, kComplexSum, kComplexScan, kSlots
};

int main() {
  sycl::queue q;
  const sycl::device device = q.get_device();
  int *segments = sycl::malloc_shared<int>(kGroups * kSegment * 3, q);
  int *spans = sycl::malloc_shared<int>(kGlobal * kPerItem, q);
  int *loaded = sycl::malloc_shared<int>(kGlobal * kPerItem * 3, q);
  Affine *maps = sycl::malloc_shared<Affine>(kGroups * kSegment, q);
  uint64_t *out = sycl::malloc_shared<uint64_t>(kGlobal * kSlots, q);
  for (size_t i = 0; i < kGroups * kSegment * 3; ++i) segments[i] = value_of(i * 3 + 1);
  for (size_t i = 0; i < kGlobal * kPerItem; ++i) spans[i] = value_of(i + 5);
  for (size_t i = 0; i < kGroups * kSegment; ++i) maps[i] = affine_of(i);

  // Scratch: the largest any call below needs for a work-group, and one region per sub-group
  // (at most one sub-group per work-item) sized for the largest sub-group.
  const size_t max_sub_group = 64;
  const size_t group_bytes = std::max(
      {syclex::default_sorters::joint_sorter<>::memory_required<int>(device, sycl::memory_scope::work_group, kSegment),
       syclex::default_sorters::group_sorter<int, std::less<>, kPerItem>::memory_required(
           device, sycl::memory_scope::work_group, kLocal),
       syclex::default_sorters::group_key_value_sorter<int, float>::memory_required(sycl::memory_scope::work_group,
                                                                                    kLocal),
       syclex::radix_sorters::group_sorter<float, syclex::sorting_order::descending>::memory_required(
           sycl::memory_scope::work_group, kLocal),
       kLocal * sizeof(Affine)});
  const size_t sub_group_bytes = std::max(syclex::default_sorters::group_sorter<int>::memory_required(
                                              device, sycl::memory_scope::sub_group, max_sub_group),
                                          max_sub_group * sizeof(Affine));

  q.submit([&](sycl::handler &h) {
     sycl::local_accessor<std::byte, 1> scratch(group_bytes, h);
     sycl::local_accessor<std::byte, 1> sub_scratch(sub_group_bytes * kLocal, h);
     h.parallel_for(sycl::nd_range<1>(kGlobal, kLocal), [=](sycl::nd_item<1> it) {
       const sycl::group<1> g = it.get_group();
       const sycl::sub_group sg = it.get_sub_group();
       const size_t global = it.get_global_id(0), group = it.get_group(0), local = it.get_local_id(0);
       uint64_t *o = out + global * kSlots;
       std::byte *memory = &scratch[0];
       syclex::group_with_scratchpad helper(g, sycl::span<std::byte>(memory, group_bytes));
       std::byte *sub_memory = &sub_scratch[0] + sg.get_group_linear_id() * sub_group_bytes;
       syclex::group_with_scratchpad sub_helper(sg, sycl::span<std::byte>(sub_memory, sub_group_bytes));

       // joint_sort: ascending with the helper, descending with a sorter and a comparator, and
       // by the masked low 6 bits with a radix sorter.
       int *segment = segments + group * kSegment * 3;
       syclex::joint_sort(helper, segment, segment + kSegment);
       syclex::joint_sort(g, segment + kSegment, segment + 2 * kSegment,
                          syclex::default_sorters::joint_sorter<std::greater<int>>(helper.get_memory()));
       syclex::joint_sort(g, segment + 2 * kSegment, segment + 3 * kSegment,
                          syclex::radix_sorters::joint_sorter<int>(helper.get_memory(), std::bitset<32>(0x3f)));

       // sort_over_group and sort_key_value_over_group on one value per work-item.
       const int own = value_of(global);
       o[kSorted] = uint64_t(syclex::sort_over_group(helper, own));
       o[kSortedDown] = uint64_t(syclex::sort_over_group(helper, own, std::greater<int>()));
       auto [key, value] = syclex::sort_key_value_over_group(helper, own % 10, float(global));
       o[kKey] = uint64_t(key);
       o[kValue] = uint64_t(value);
       const float radix = syclex::sort_over_group(
           g, float_of(global),
           syclex::radix_sorters::group_sorter<float, syclex::sorting_order::descending>(helper.get_memory()));
       o[kRadix] = uint64_t(int64_t(radix * 2.0f));
       o[kSubSorted] = uint64_t(syclex::sort_over_group(sub_helper, own));
       o[kSubWidth] = sg.get_max_local_range()[0];

       // The fixed-size array form: blocked in, striped out.
       int mine[kPerItem];
       syclex::group_load(g, spans + group * kLocal * kPerItem, sycl::span<int, kPerItem>(mine));
       syclex::sort_over_group(helper, sycl::span<int, kPerItem>(mine),
                               syclex::properties{syclex::output_data_placement<syclex::group_algorithm_data_placement::striped>});
       syclex::group_store(g, sycl::span<int, kPerItem>(mine), spans + group * kLocal * kPerItem,
                           syclex::properties{syclex::data_placement_striped});

       // group_load and group_store: blocked, striped, one value and a vec.
       int *base = loaded + group * kLocal * kPerItem * 3;
       int block[kPerItem] = {int(global), int(global) + 1000, int(global) + 2000};
       syclex::group_store(g, sycl::span<int, kPerItem>(block), base);
       syclex::group_store(g, sycl::span<int, kPerItem>(block), base + kLocal * kPerItem,
                           syclex::properties{syclex::data_placement_striped});
       int single = 0;
       syclex::group_load(g, base, single);
       sycl::vec<int, 2> pair;
       syclex::group_load(g, base + kLocal * kPerItem, pair, syclex::properties{syclex::data_placement_striped});
       syclex::group_store(g, single * 10 + pair[1] - pair[0], base + 2 * kLocal * kPerItem);

       // User-defined reductions.
       const Affine map = affine_of(global);
       const Affine all = syclex::reduce_over_group(helper, map, Compose());
       o[kReduce] = uint64_t(all.a) << 32 | all.b;
       const Affine with_init = syclex::reduce_over_group(helper, map, Affine{3, 4}, Compose());
       o[kReduceInit] = uint64_t(with_init.a) << 32 | with_init.b;
       const Affine *group_maps = maps + group * kSegment;
       const Affine joint = syclex::joint_reduce(helper, group_maps, group_maps + kSegment, Compose());
       o[kJoint] = uint64_t(joint.a) << 32 | joint.b;
       const Affine sub_joint = syclex::joint_reduce(sub_helper, group_maps, group_maps + 5, Compose());
       o[kSubJoint] = uint64_t(sub_joint.a) << 32 | sub_joint.b;
       o[kPlainReduce] = uint64_t(syclex::reduce_over_group(helper, own, sycl::plus<int>()));

       // std::complex in the core algorithms (sycl_ext_oneapi_complex_algorithms).
       const std::complex<float> sum = sycl::reduce_over_group(g, std::complex<float>(float(own), float(local)),
                                                               sycl::plus<std::complex<float>>());
       o[kComplexSum] = uint64_t(int64_t(sum.real()) * 100000 + int64_t(sum.imag()));
       const std::complex<double> prefix =
           sycl::exclusive_scan_over_group(sg, std::complex<double>(1.0, double(own)), sycl::plus<>());
       o[kComplexScan] = uint64_t(int64_t(prefix.real()) * 100000 + int64_t(prefix.imag()));
     });
   }).wait();

  const size_t width = size_t(out[kSubWidth]);
  for (size_t group = 0; group < kGroups; ++group) {
    const size_t first = group * kLocal;
    std::vector<int> values(kLocal), keys(kLocal), floats_sorted(kLocal);
    for (size_t i = 0; i < kLocal; ++i) values[i] = value_of(first + i);
    std::vector<int> ascending = values, descending = values;
    std::sort(ascending.begin(), ascending.end());
    std::sort(descending.begin(), descending.end(), std::greater<int>());
    std::vector<std::pair<int, float>> pairs(kLocal);
    for (size_t i = 0; i < kLocal; ++i) pairs[i] = {values[i] % 10, float(first + i)};
    std::sort(pairs.begin(), pairs.end()); // by key, then by the increasing values: a stable sort's order
    std::vector<float> floats(kLocal);
    for (size_t i = 0; i < kLocal; ++i) floats[i] = float_of(first + i);
    std::sort(floats.begin(), floats.end(), std::greater<float>());
    Affine all = affine_of(first), joint = affine_of(group * kSegment), sub_joint = joint;
    for (size_t i = 1; i < kLocal; ++i) all = Compose()(all, affine_of(first + i));
    for (size_t i = 1; i < kSegment; ++i) joint = Compose()(joint, affine_of(group * kSegment + i));
    for (size_t i = 1; i < 5; ++i) sub_joint = Compose()(sub_joint, affine_of(group * kSegment + i));
    const Affine with_init = Compose()(Affine{3, 4}, all);
    const int sum = std::accumulate(values.begin(), values.end(), 0);
    for (size_t i = 0; i < kLocal; ++i) {
      const uint64_t *o = out + (first + i) * kSlots;
      const long at = long(first + i);
      check::equal("sort_over_group", at, int(o[kSorted]), ascending[i]);
      check::equal("sort_over_group greater", at, int(o[kSortedDown]), descending[i]);
      check::equal("sort_key_value key", at, int(o[kKey]), pairs[i].first);
      check::equal("sort_key_value value", at, float(o[kValue]), pairs[i].second);
      check::equal("radix sort descending", at, int64_t(o[kRadix]), int64_t(floats[i] * 2.0f));
      check::equal("reduce_over_group", at, o[kReduce], uint64_t(all.a) << 32 | all.b);
      check::equal("reduce_over_group with init", at, o[kReduceInit], uint64_t(with_init.a) << 32 | with_init.b);
      check::equal("joint_reduce", at, o[kJoint], uint64_t(joint.a) << 32 | joint.b);
      check::equal("joint_reduce sub-group", at, o[kSubJoint], uint64_t(sub_joint.a) << 32 | sub_joint.b);
      check::equal("reduce_over_group core", at, int(o[kPlainReduce]), sum);
      check::equal("complex reduce_over_group", at, int64_t(o[kComplexSum]),
                   int64_t(sum) * 100000 + int64_t(kLocal * (kLocal - 1) / 2));
    }

    // joint_sort's three segments.
    const int *segment = segments + group * kSegment * 3;
    std::vector<int> input[3];
    for (size_t part = 0; part < 3; ++part)
      for (size_t i = 0; i < kSegment; ++i) input[part].push_back(value_of((group * kSegment * 3 + part * kSegment + i) * 3 + 1));
    std::sort(input[0].begin(), input[0].end());
    std::sort(input[1].begin(), input[1].end(), std::greater<int>());
    // By the low 6 bits of the order-preserving key, equal keys in input order (stable).
    std::vector<std::pair<uint32_t, size_t>> radix_order;
    for (size_t i = 0; i < kSegment; ++i) radix_order.push_back({(uint32_t(input[2][i]) ^ 0x80000000u) & 0x3f, i});
    std::sort(radix_order.begin(), radix_order.end());
    const std::vector<int> radix_input = input[2];
    for (size_t i = 0; i < kSegment; ++i) input[2][i] = radix_input[radix_order[i].second];
    for (size_t part = 0; part < 3; ++part)
      for (size_t i = 0; i < kSegment; ++i)
        check::equal("joint_sort", long(part * kSegment + i), segment[part * kSegment + i], input[part][i]);

    // The fixed-size arrays: the group's sorted range, striped to the work-items and stored
    // striped back, is the sorted range in order.
    std::vector<int> range(kLocal * kPerItem);
    for (size_t i = 0; i < range.size(); ++i) range[i] = value_of(first * kPerItem + i + 5);
    std::sort(range.begin(), range.end());
    for (size_t i = 0; i < range.size(); ++i)
      check::equal("sort_over_group span", long(i), spans[first * kPerItem + i], range[i]);

    // group_store blocked and striped, then loads.
    const int *base = loaded + group * kLocal * kPerItem * 3;
    for (size_t i = 0; i < kLocal; ++i)
      for (size_t k = 0; k < kPerItem; ++k) {
        const int expected = int(first + i) + int(k) * 1000;
        check::equal("group_store blocked", long(i), base[i * kPerItem + k], expected);
        check::equal("group_store striped", long(i), base[kLocal * kPerItem + k * kLocal + i], expected);
      }
    for (size_t i = 0; i < kLocal; ++i) {
      // Blocked element i of the first range, and striped elements 0 and 1 of the second.
      const int single = base[i];
      const int pair0 = base[kLocal * kPerItem + i], pair1 = base[kLocal * kPerItem + kLocal + i];
      check::equal("group_load", long(i), base[2 * kLocal * kPerItem + i], single * 10 + pair1 - pair0);
    }
  }
  // Sub-group sorts: each sub-group (a run of up to `width` work-items of a work-group) has its
  // values sorted among its lanes.
  for (size_t group = 0; group < kGroups; ++group)
    for (size_t start = 0; start < kLocal; start += width) {
      const size_t size = std::min(width, kLocal - start);
      std::vector<int> lanes;
      for (size_t k = 0; k < size; ++k) lanes.push_back(value_of(group * kLocal + start + k));
      std::sort(lanes.begin(), lanes.end());
      int before = 0;
      for (size_t k = 0; k < size; ++k) {
        const size_t at = group * kLocal + start + k;
        check::equal("sort_over_group sub-group", long(at), int(out[at * kSlots + kSubSorted]), lanes[k]);
        check::equal("complex exclusive scan", long(at), int64_t(out[at * kSlots + kComplexScan]),
                     int64_t(k) * 100000 + before);
        before += value_of(at);
      }
    }
  sycl::free(segments, q);
  sycl::free(spans, q);
  sycl::free(loaded, q);
  sycl::free(maps, q);
  sycl::free(out, q);
  return check::finish();
}
