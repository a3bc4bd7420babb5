// Scans, reductions and broadcasts over 2-D work-groups of a non-power-of-two size (3×5, so
// 15 work-items ordered by local linear id), including small-integer (whose minimum and maximum
// identities are their own, not int's), float and struct values;
// then the joint_* forms over a 37-element segment per group (not a multiple of the group size),
// one of them in place; and joint algorithms reading, without a barrier, what the work-items
// wrote just before the call (they are synchronization points).
#include <sycl/sycl.hpp>
#include "check.hpp"
#include <algorithm>
#include <climits>
#include <vector>

constexpr size_t R = 6, C = 20, LR = 3, LC = 5, L = LR * LC;
constexpr size_t GR = R / LR, GC = C / LC, G = GR * GC, SEG = 37;
constexpr int kResults = 17;

struct Packed {
  short a;
  char b;
  double c;
};

int value(size_t r, size_t c) { return int((r * C + c) * 7 % 13) - 6; }

int main() {
  sycl::queue q;
  int *res = sycl::malloc_shared<int>(R * C * kResults, q);
  float *fres = sycl::malloc_shared<float>(R * C, q);
  int *in = sycl::malloc_shared<int>(G * SEG, q);
  int *out_a = sycl::malloc_shared<int>(G * SEG, q);
  int *out_b = sycl::malloc_shared<int>(G * SEG, q);
  int *out_c = sycl::malloc_shared<int>(G * SEG, q);
  int *in_place = sycl::malloc_shared<int>(G * SEG, q);
  int *reduced = sycl::malloc_shared<int>(G * 3, q);
  for (size_t i = 0; i < G * SEG; ++i) in[i] = in_place[i] = int(i * 11 % 23) - 9;

  q.parallel_for<class Scans2D>(sycl::nd_range<2>({R, C}, {LR, LC}), [=](sycl::nd_item<2> it) {
    auto g = it.get_group();
    const size_t r = it.get_global_id(0), c = it.get_global_id(1);
    const int x = int((r * C + c) * 7 % 13) - 6;
    int *out = res + (r * C + c) * kResults;
    out[0] = sycl::inclusive_scan_over_group(g, x, sycl::plus<>());
    out[1] = sycl::exclusive_scan_over_group(g, x, sycl::plus<int>());
    out[2] = sycl::exclusive_scan_over_group(g, x, 100, sycl::plus<int>());
    out[3] = sycl::inclusive_scan_over_group(g, x, sycl::plus<int>(), 100);
    out[4] = sycl::inclusive_scan_over_group(g, x, sycl::maximum<int>());
    out[5] = sycl::exclusive_scan_over_group(g, x, sycl::minimum<>());
    out[6] = sycl::group_broadcast(g, x);
    out[7] = sycl::group_broadcast(g, x, 7);
    out[8] = sycl::group_broadcast(g, x, sycl::id<2>(2, 4));
    out[9] = sycl::reduce_over_group(g, x, sycl::plus<>());
    out[10] = sycl::inclusive_scan_over_group(g, x, sycl::bit_xor<int>());
    unsigned char small = static_cast<unsigned char>(x + 6) << (c % 4);
    out[11] = sycl::exclusive_scan_over_group(g, small, sycl::bit_or<unsigned char>());
    Packed mine{short(x * 100), char('a' + it.get_local_linear_id()), x * 0.25};
    Packed theirs = sycl::group_broadcast(g, mine, 3);
    out[12] = theirs.a;
    out[13] = theirs.b;
    out[14] = int(theirs.c * 4);
    // Small signed integers: the first work-item gets the type's own identity.
    out[15] = sycl::exclusive_scan_over_group(g, static_cast<signed char>(x), sycl::maximum<signed char>());
    out[16] = sycl::exclusive_scan_over_group(g, static_cast<short>(x * 1000), sycl::minimum<>());
    fres[r * C + c] = sycl::inclusive_scan_over_group(g, float(x) * 0.5f, sycl::plus<float>());

    const size_t group = g.get_group_linear_id();
    const int *first = in + group * SEG;
    sycl::joint_inclusive_scan(g, first, first + SEG, out_a + group * SEG, sycl::plus<>());
    sycl::joint_exclusive_scan(g, first, first + SEG, out_b + group * SEG, 10, sycl::plus<int>());
    sycl::joint_exclusive_scan(g, first, first + SEG, out_c + group * SEG, sycl::maximum<int>());
    int *mine_in_place = in_place + group * SEG;
    sycl::joint_inclusive_scan(g, mine_in_place, mine_in_place + SEG, mine_in_place, sycl::plus<int>(), 1000);
    int sum = sycl::joint_reduce(g, first, first + SEG, sycl::plus<>());
    int top = sycl::joint_reduce(g, first, first + SEG, sycl::maximum<>());
    int with_init = sycl::joint_reduce(g, first, first + SEG, 3, sycl::plus<int>());
    if (g.leader()) {
      reduced[group * 3 + 0] = sum;
      reduced[group * 3 + 1] = top;
      reduced[group * 3 + 2] = with_init;
    }
  }).wait();

  for (size_t gr = 0; gr < GR; ++gr)
    for (size_t gc = 0; gc < GC; ++gc) {
      // The group's work-items in local linear order (row-major over the 3×5 local ids).
      std::vector<int> xs;
      std::vector<size_t> cells;
      for (size_t lr = 0; lr < LR; ++lr)
        for (size_t lc = 0; lc < LC; ++lc) {
          size_t r = gr * LR + lr, c = gc * LC + lc;
          xs.push_back(value(r, c));
          cells.push_back(r * C + c);
        }
      int total = 0;
      for (int x : xs) total += x;
      int incl = 0, excl = 0, top = INT_MIN, low = INT_MAX, xr = 0, small_top = SCHAR_MIN, small_low = SHRT_MAX;
      unsigned char ors = 0;
      float fincl = 0.0f;
      for (size_t k = 0; k < L; ++k) {
        const int x = xs[k];
        const int *out = res + cells[k] * kResults;
        const long at = long(cells[k]);
        const size_t c = cells[k] % C;
        incl += x;
        top = std::max(top, x);
        xr ^= x;
        fincl += float(x) * 0.5f;
        check::equal("inclusive plus", at, out[0], incl);
        check::equal("exclusive plus", at, out[1], excl);
        check::equal("exclusive plus init", at, out[2], 100 + excl);
        check::equal("inclusive plus init", at, out[3], 100 + incl);
        check::equal("inclusive max", at, out[4], top);
        check::equal("exclusive min", at, out[5], low);
        check::equal("broadcast leader", at, out[6], xs[0]);
        check::equal("broadcast linear", at, out[7], xs[7]);
        check::equal("broadcast id", at, out[8], xs[14]);
        check::equal("reduce", at, out[9], total);
        check::equal("inclusive xor", at, out[10], xr);
        check::equal("exclusive or (uchar)", at, out[11], int(ors));
        check::equal("struct broadcast a", at, out[12], xs[3] * 100);
        check::equal("struct broadcast b", at, out[13], int('a' + 3));
        check::equal("struct broadcast c", at, out[14], xs[3]);
        check::equal("inclusive float", at, fres[cells[k]], fincl);
        check::equal("exclusive max (signed char)", at, out[15], small_top);
        check::equal("exclusive min (short)", at, out[16], small_low);
        excl += x;
        low = std::min(low, x);
        small_top = std::max(small_top, x);
        small_low = std::min(small_low, x * 1000);
        ors |= static_cast<unsigned char>(static_cast<unsigned char>(x + 6) << (c % 4));
      }
    }

  for (size_t group = 0; group < G; ++group) {
    const int *seg = in + group * SEG;
    int incl = 0, excl = 10, top = INT_MIN, place = 1000, sum = 0, best = INT_MIN;
    for (size_t i = 0; i < SEG; ++i) {
      const long at = long(group * SEG + i);
      incl += seg[i];
      place += seg[i];
      check::equal("joint inclusive", at, out_a[group * SEG + i], incl);
      check::equal("joint exclusive init", at, out_b[group * SEG + i], excl);
      check::equal("joint exclusive max", at, out_c[group * SEG + i], top);
      check::equal("joint inclusive in place", at, in_place[group * SEG + i], place);
      excl += seg[i];
      top = std::max(top, seg[i]);
      sum += seg[i];
      best = std::max(best, seg[i]);
    }
    check::equal("joint reduce", long(group), reduced[group * 3], sum);
    check::equal("joint reduce max", long(group), reduced[group * 3 + 1], best);
    check::equal("joint reduce init", long(group), reduced[group * 3 + 2], sum + 3);
  }
  // Each work-item fills its own elements of a local array (strided, as oneDPL's copy_if does) and
  // the group scans and reduces it at once: the joint algorithms see every work-item's writes.
  constexpr size_t kItems = 64, kFilled = 150;
  int *fresh = sycl::malloc_shared<int>(kFilled + 2, q);
  q.submit([&](sycl::handler &h) {
     sycl::local_accessor<int, 1> local(sycl::range<1>(kFilled), h);
     h.parallel_for(sycl::nd_range<1>(kItems, kItems), [=](sycl::nd_item<1> it) {
       auto g = it.get_group();
       int *data = &local[0];
       for (size_t i = it.get_local_linear_id(); i < kFilled; i += kItems) data[i] = int(i % 3);
       int total = sycl::joint_reduce(g, data, data + kFilled, sycl::plus<int>());
       bool any_two = sycl::joint_any_of(g, data, data + kFilled, [](int v) { return v == 2; });
       sycl::joint_exclusive_scan(g, data, data + kFilled, data, sycl::plus<int>());
       for (size_t i = it.get_local_linear_id(); i < kFilled; i += kItems) fresh[i] = data[i];
       if (g.leader()) {
         fresh[kFilled] = total;
         fresh[kFilled + 1] = any_two;
       }
     });
   }).wait();
  int before = 0;
  for (size_t i = 0; i < kFilled; ++i) {
    check::equal("joint scan of values written just before", long(i), fresh[i], before);
    before += int(i % 3);
  }
  check::equal("joint reduce of values written just before", 0, fresh[kFilled], before);
  check::equal("joint any_of of values written just before", 0, fresh[kFilled + 1], 1);
  for (void *p : {(void *)res, (void *)fres, (void *)in, (void *)out_a, (void *)out_b, (void *)out_c,
                  (void *)in_place, (void *)reduced, (void *)fresh})
    sycl::free(p, q);
  return check::finish();
}
