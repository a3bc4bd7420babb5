// Barrier regions guarded by the local x id, as in tree reductions (`if (lid < stride)`): the
// wrapper stops a region's x loop where its guard ends (docs/vectorizer.md, "Narrowed x loops").
// Every guard form it reads (<, <=, ==, mirrored, signed, negated, with another condition) and
// forms it must not narrow (a lower bound, an if/else, a region starting at a scan) run on 2-D
// groups whose x size (13) no vector width divides; the host replays each work-item.
#include <sycl/sycl.hpp>
#include "check.hpp"
#include <vector>

constexpr size_t local_y = 3, local_x = 13, groups_y = 2, groups_x = 3;
constexpr size_t rows = local_y * groups_y, columns = local_x * groups_x;

// What one work-item computes, given its local ids and input.
long replay(size_t ly, size_t lx, long value) {
  if (lx < 5) value += 1;
  if (lx <= 6) value *= 3;
  if (9 > lx) value -= 2;
  if (lx == 12) value += 100;
  if (lx == 0) value += 1000;
  if (int(lx) < 4 && ly % 2 == 0) value += 7;
  if (!(lx >= 3)) value ^= 0x55;
  if (lx > 10) value += 50;
  if (lx < 8) value += 1;
  else value -= 1;
  return value;
}

int main() {
  sycl::queue q;
  long *in = sycl::malloc_shared<long>(rows * columns, q);
  long *out = sycl::malloc_shared<long>(rows * columns, q);
  long *scanned = sycl::malloc_shared<long>(rows * columns, q);
  for (size_t i = 0; i < rows * columns; ++i) {
    in[i] = long(i * 37 % 101) - 50;
    out[i] = scanned[i] = -1;
  }
  q.submit([&](sycl::handler &h) {
     sycl::local_accessor<long, 1> scratch(sycl::range<1>(local_y * local_x), h);
     h.parallel_for(sycl::nd_range<2>({rows, columns}, {local_y, local_x}), [=](sycl::nd_item<2> it) {
       const size_t ly = it.get_local_id(0), lx = it.get_local_id(1);
       const size_t l = ly * local_x + lx, at = it.get_global_id(0) * columns + it.get_global_id(1);
       auto group = it.get_group();
       scratch[l] = in[at];
       sycl::group_barrier(group);
       if (lx < 5) scratch[l] += 1;
       sycl::group_barrier(group);
       if (lx <= 6) scratch[l] *= 3;
       sycl::group_barrier(group);
       if (9 > lx) scratch[l] -= 2;
       sycl::group_barrier(group);
       if (lx == 12) scratch[l] += 100;
       sycl::group_barrier(group);
       if (lx == 0) scratch[l] += 1000;
       sycl::group_barrier(group);
       if (int(lx) < 4 && ly % 2 == 0) scratch[l] += 7;
       sycl::group_barrier(group);
       if (!(lx >= 3)) scratch[l] ^= 0x55;
       sycl::group_barrier(group);
       if (lx > 10) scratch[l] += 50;
       sycl::group_barrier(group);
       if (lx < 8) scratch[l] += 1;
       else scratch[l] -= 1;
       sycl::group_barrier(group);
       out[at] = scratch[l];
       // The region after the scan needs every work-item's operand, also where it stores nothing.
       const long running = sycl::inclusive_scan_over_group(group, scratch[l], sycl::plus<long>());
       if (lx < 2) scanned[at] = running;
     });
   }).wait();
  for (size_t gy = 0; gy < groups_y; ++gy)
    for (size_t gx = 0; gx < groups_x; ++gx) {
      long running = 0;
      for (size_t ly = 0; ly < local_y; ++ly)
        for (size_t lx = 0; lx < local_x; ++lx) {
          const size_t at = (gy * local_y + ly) * columns + gx * local_x + lx;
          const long expected = replay(ly, lx, in[at]);
          running += expected;
          check::equal("guarded value", long(at), out[at], expected);
          check::equal("scan", long(at), scanned[at], lx < 2 ? running : -1);
        }
    }
  sycl::free(in, q);
  sycl::free(out, q);
  sycl::free(scanned, q);
  return check::finish();
}
