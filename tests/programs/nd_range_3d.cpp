// A 3-D nd_range (4×6×10 in 2×3×5 groups), with and without the deprecated global offset: every
// id and range query of nd_item, group and sub_group, and a local tile in which each work-item
// reads the entry of its mirror image in the group after a barrier.
#include <sycl/sycl.hpp>
#include "check.hpp"
#include <algorithm>
#include <vector>

constexpr size_t G0 = 4, G1 = 6, G2 = 10, L0 = 2, L1 = 3, L2 = 5;
constexpr size_t kFields = 40;

template <typename Name> size_t *run(sycl::queue &q, sycl::id<3> offset) {
  const size_t n = G0 * G1 * G2;
  size_t *rec = sycl::malloc_shared<size_t>(n * kFields, q);
  q.submit([&](sycl::handler &h) {
    sycl::local_accessor<size_t, 3> tile(sycl::range<3>(L0, L1, L2), h);
    h.parallel_for<Name>(sycl::nd_range<3>({G0, G1, G2}, {L0, L1, L2}, offset), [=](sycl::nd_item<3> it) {
      size_t *r = rec + it.get_global_linear_id() * kFields;
      size_t f = 0;
      for (int d = 0; d < 3; ++d) {
        r[f++] = it.get_global_id(d);
        r[f++] = it.get_local_id(d);
        r[f++] = it.get_group(d);
        r[f++] = it.get_group_range(d);
        r[f++] = it.get_local_range(d);
        r[f++] = it.get_global_range(d);
        r[f++] = it.get_offset()[d];
      }
      // f == 21
      r[f++] = it.get_global_linear_id();
      r[f++] = it.get_local_linear_id();
      r[f++] = it.get_group_linear_id();
      sycl::group<3> g = it.get_group();
      r[f++] = g.get_group_linear_id();
      r[f++] = g.get_local_linear_id();
      r[f++] = g.get_group_linear_range();
      r[f++] = g.get_local_linear_range();
      r[f++] = g.leader() ? 1 : 0;
      r[f++] = g[0] * 10000 + g.get_group_id(1) * 100 + g.get_group_id()[2];
      r[f++] = g.get_max_local_range().size();
      sycl::sub_group sg = it.get_sub_group();
      r[f++] = sg.get_group_linear_id();
      r[f++] = sg.get_group_linear_range();
      r[f++] = sg.get_local_linear_id() + 10 * sg.get_local_linear_range() + 100 * sg.get_max_local_range()[0];
      r[f++] = sg.leader() ? 1 : 0;
      sycl::nd_range<3> ndr = it.get_nd_range();
      r[f++] = ndr.get_global_range().size() * 1000 + ndr.get_local_range().size();
      r[f++] = ndr.get_group_range()[0] * 100 + ndr.get_group_range()[1] * 10 + ndr.get_group_range()[2];
      // f == 37: the tile.
      sycl::id<3> l = it.get_local_id();
      tile[l] = it.get_local_linear_id();
      sycl::group_barrier(g);
      r[f++] = tile[L0 - 1 - l[0]][L1 - 1 - l[1]][L2 - 1 - l[2]];
      r[f++] = tile.size() * 10 + tile.get_range()[2];
      r[f++] = 12345;
    });
  }).wait();
  return rec;
}

void check_run(const size_t *rec, sycl::id<3> offset, const char *what) {
  const size_t global[3] = {G0, G1, G2}, local[3] = {L0, L1, L2};
  const size_t groups[3] = {G0 / L0, G1 / L1, G2 / L2};
  for (size_t i0 = 0; i0 < G0; ++i0)
    for (size_t i1 = 0; i1 < G1; ++i1)
      for (size_t i2 = 0; i2 < G2; ++i2) {
        const size_t id[3] = {i0, i1, i2};
        const size_t linear = (i0 * G1 + i1) * G2 + i2;
        const size_t *r = rec + linear * kFields;
        size_t f = 0;
        for (int d = 0; d < 3; ++d) {
          check::equal(what, long(linear * kFields + f), r[f], id[d] + offset[d]), ++f;
          check::equal(what, long(linear * kFields + f), r[f], id[d] % local[d]), ++f;
          check::equal(what, long(linear * kFields + f), r[f], id[d] / local[d]), ++f;
          check::equal(what, long(linear * kFields + f), r[f], groups[d]), ++f;
          check::equal(what, long(linear * kFields + f), r[f], local[d]), ++f;
          check::equal(what, long(linear * kFields + f), r[f], global[d]), ++f;
          check::equal(what, long(linear * kFields + f), r[f], offset[d]), ++f;
        }
        const size_t lid[3] = {i0 % L0, i1 % L1, i2 % L2};
        const size_t gid[3] = {i0 / L0, i1 / L1, i2 / L2};
        const size_t local_linear = (lid[0] * L1 + lid[1]) * L2 + lid[2];
        const size_t group_linear = (gid[0] * groups[1] + gid[1]) * groups[2] + gid[2];
        // Sub-groups: runs of up to W work-items along the last dimension, W the kernel's maximum
        // sub-group size (the hundreds of its packed field).
        const size_t width = r[21 + 12] / 100, per_row = (L2 + width - 1) / width;
        const size_t lane = lid[2] % width, sub_size = std::min(width, L2 - (lid[2] - lane));
        const size_t expected[] = {
            linear,
            local_linear,
            group_linear,
            group_linear,
            local_linear,
            groups[0] * groups[1] * groups[2],
            L0 * L1 * L2,
            local_linear == 0 ? 1u : 0u,
            gid[0] * 10000 + gid[1] * 100 + gid[2],
            L0 * L1 * L2,
            (lid[0] * L1 + lid[1]) * per_row + lid[2] / width,
            L0 * L1 * per_row,
            lane + 10 * sub_size + 100 * width,
            lane == 0 ? 1u : 0u,
            G0 * G1 * G2 * 1000 + L0 * L1 * L2,
            groups[0] * 100 + groups[1] * 10 + groups[2],
            ((L0 - 1 - lid[0]) * L1 + (L1 - 1 - lid[1])) * L2 + (L2 - 1 - lid[2]),
            L0 * L1 * L2 * 10 + L2,
            12345,
        };
        for (size_t e = 0; e < sizeof(expected) / sizeof(expected[0]); ++e, ++f)
          check::equal(what, long(linear * kFields + f), r[f], expected[e]);
      }
}

int main() {
  sycl::queue q;
  size_t *plain = run<class NdRange3D>(q, sycl::id<3>(0, 0, 0));
  check_run(plain, sycl::id<3>(0, 0, 0), "3-D nd_range");
  size_t *shifted = run<class NdRange3DOffset>(q, sycl::id<3>(1, 2, 3));
  check_run(shifted, sycl::id<3>(1, 2, 3), "3-D nd_range with offset");
  sycl::free(plain, q);
  sycl::free(shifted, q);
  return check::finish();
}
