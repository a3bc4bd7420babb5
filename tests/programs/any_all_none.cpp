// any_of_group, all_of_group and none_of_group (bool and predicate forms) on work-groups and
// sub-groups, and joint_any_of / joint_all_of / joint_none_of over a segment per group. Groups
// are built so that each case occurs: all true, none true, exactly one true.
#include <sycl/sycl.hpp>
#include "check.hpp"
#include <algorithm>
#include <vector>

constexpr size_t kLocal = 20, kGroups = 6, kSeg = 45;

// Group g: 0 all positive, 1 all negative, 2 one positive (the last), 3 one negative (the
// first), 4 and 5 mixed.
int value(size_t g, size_t l) {
  switch (g) {
  case 0: return int(l) + 1;
  case 1: return -int(l) - 1;
  case 2: return l == kLocal - 1 ? 5 : -5;
  case 3: return l == 0 ? -5 : 5;
  default: return (l * 7 + g) % 3 == 0 ? 1 : -1;
  }
}

int main() {
  sycl::queue q;
  const size_t n = kLocal * kGroups;
  int *data = sycl::malloc_shared<int>(n, q);
  int *seg = sycl::malloc_shared<int>(kGroups * kSeg, q);
  int *out = sycl::malloc_shared<int>(n * 11, q);
  for (size_t g = 0; g < kGroups; ++g)
    for (size_t l = 0; l < kLocal; ++l) data[g * kLocal + l] = value(g, l);
  for (size_t g = 0; g < kGroups; ++g)
    for (size_t i = 0; i < kSeg; ++i) seg[g * kSeg + i] = value(g, i % kLocal) * int(i + 1);

  q.parallel_for<class AnyAllNone>(sycl::nd_range<1>(n, kLocal), [=](sycl::nd_item<1> it) {
    auto g = it.get_group();
    auto sg = it.get_sub_group();
    const int x = data[it.get_global_id(0)];
    const auto positive = [](int v) { return v > 0; };
    int *o = out + it.get_global_id(0) * 11;
    o[0] = sycl::any_of_group(g, x > 0);
    o[1] = sycl::all_of_group(g, x > 0);
    o[2] = sycl::none_of_group(g, x > 0);
    o[3] = sycl::any_of_group(g, x, positive);
    o[4] = sycl::all_of_group(g, x, positive);
    o[5] = sycl::none_of_group(g, x, positive);
    const int *first = seg + g.get_group_linear_id() * kSeg;
    o[6] = sycl::joint_any_of(g, first, first + kSeg, positive);
    o[7] = sycl::joint_all_of(g, first, first + kSeg, positive);
    o[8] = sycl::joint_none_of(g, first, first + kSeg, positive);
    // Sub-groups: runs of up to W work-items of the group (W = 1 when not vectorized).
    o[9] = sycl::any_of_group(sg, x > 0) * 100 + sycl::all_of_group(sg, x, positive) * 10 +
           sycl::none_of_group(sg, x > 0);
    o[10] = int(sg.get_max_local_range()[0]);
  }).wait();

  for (size_t g = 0; g < kGroups; ++g) {
    bool any = false, all = true, seg_any = false, seg_all = true;
    for (size_t l = 0; l < kLocal; ++l) {
      any |= data[g * kLocal + l] > 0;
      all &= data[g * kLocal + l] > 0;
    }
    for (size_t i = 0; i < kSeg; ++i) {
      seg_any |= seg[g * kSeg + i] > 0;
      seg_all &= seg[g * kSeg + i] > 0;
    }
    for (size_t l = 0; l < kLocal; ++l) {
      const size_t i = g * kLocal + l;
      const int *o = out + i * 11;
      const size_t width = size_t(o[10]), base = l / width * width;
      bool sub_any = false, sub_all = true;
      for (size_t k = base; k < std::min(base + width, kLocal); ++k) {
        sub_any |= data[g * kLocal + k] > 0;
        sub_all &= data[g * kLocal + k] > 0;
      }
      check::equal("any_of_group", long(i), o[0], int(any));
      check::equal("all_of_group", long(i), o[1], int(all));
      check::equal("none_of_group", long(i), o[2], int(!any));
      check::equal("any_of_group pred", long(i), o[3], int(any));
      check::equal("all_of_group pred", long(i), o[4], int(all));
      check::equal("none_of_group pred", long(i), o[5], int(!any));
      check::equal("joint_any_of", long(i), o[6], int(seg_any));
      check::equal("joint_all_of", long(i), o[7], int(seg_all));
      check::equal("joint_none_of", long(i), o[8], int(!seg_any));
      check::equal("sub-group", long(i), o[9], int(sub_any) * 100 + int(sub_all) * 10 + int(!sub_any));
    }
  }
  for (void *p : {(void *)data, (void *)seg, (void *)out}) sycl::free(p, q);
  return check::finish();
}
