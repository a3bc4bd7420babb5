// Hierarchical parallelism (SYCL 2020 4.9.4.2.3): work-group code runs once per group, each
// parallel_for_work_item runs its body once for every work-item, a group-scope array carries
// values across the implicit barrier between two parallel_for_work_item calls, flexible ranges
// larger and smaller than the physical group map logical onto physical work-items modulo the
// group size, private_memory keeps each physical work-item's value from one
// parallel_for_work_item to the next, group queries give the hierarchical ids, the default
// work-group size covers the whole range and is one work-item (as in DPC++), many and large
// private_memory objects, and the errors of a bad work-group size. Results are checked against
// host loops.
#include <sycl/sycl.hpp>

#include <cstddef>
#include <vector>

#include "check.hpp"

template <typename T> T *zeroed(size_t count, sycl::queue &q) {
  T *memory = sycl::malloc_shared<T>(count, q);
  for (size_t i = 0; i < count; ++i) memory[i] = T{};
  return memory;
}

struct Block {
  long values[128]; // 1 KiB per work-item
};

// One dimension with an explicit group size: group scope, every work-item, ids and ranges, and a
// neighbour exchange through a group-scope array.
void one_dimension(sycl::queue &q) {
  constexpr size_t G = 13, L = 24, N = G * L;
  int *group_runs = zeroed<int>(G, q);
  size_t *group_info = zeroed<size_t>(G * 4, q);
  int *item_runs = zeroed<int>(N, q);
  size_t *item_info = zeroed<size_t>(N * 6, q);
  long *neighbour = zeroed<long>(N, q);
  q.submit([&](sycl::handler &h) {
    h.parallel_for_work_group<class OneDimension>(sycl::range<1>(G), sycl::range<1>(L), [=](sycl::group<1> g) {
      const size_t gid = g.get_group_id(0);
      group_runs[gid] += 1; // not atomic: a second run of the group would show
      group_info[gid * 4 + 0] = g.get_group_range(0);
      group_info[gid * 4 + 1] = g.get_local_range(0);
      group_info[gid * 4 + 2] = g.get_group_linear_id();
      group_info[gid * 4 + 3] = g.get_max_local_range()[0];
      long tile[L];
      g.parallel_for_work_item([&](sycl::h_item<1> it) {
        const size_t global = it.get_global_id(0);
        item_runs[global] += 1;
        size_t *info = item_info + global * 6;
        info[0] = it.get_local_id(0);
        info[1] = it.get_physical_local_id(0);
        info[2] = it.get_global_range(0);
        info[3] = it.get_local_range(0);
        info[4] = it.get_global().get_linear_id();
        info[5] = it.get_logical_local().get_linear_id();
        tile[it.get_local_id(0)] = long(global) * 7 + 1;
      });
      g.parallel_for_work_item([&](sycl::h_item<1> it) {
        neighbour[it.get_global_id(0)] = tile[(it.get_local_id(0) + 1) % L];
      });
    });
  }).wait();
  for (size_t g = 0; g < G; ++g) {
    check::equal("1d group runs", long(g), group_runs[g], 1);
    check::equal("1d group range", long(g), group_info[g * 4 + 0], G);
    check::equal("1d local range", long(g), group_info[g * 4 + 1], L);
    check::equal("1d group linear id", long(g), group_info[g * 4 + 2], g);
    check::equal("1d max local range", long(g), group_info[g * 4 + 3], L);
  }
  for (size_t i = 0; i < N; ++i) {
    const size_t g = i / L, l = i % L;
    check::equal("1d item runs", long(i), item_runs[i], 1);
    check::equal("1d local id", long(i), item_info[i * 6 + 0], l);
    check::equal("1d physical id", long(i), item_info[i * 6 + 1], l);
    check::equal("1d global range", long(i), item_info[i * 6 + 2], N);
    check::equal("1d h_item local range", long(i), item_info[i * 6 + 3], L);
    check::equal("1d global linear id", long(i), item_info[i * 6 + 4], i);
    check::equal("1d logical linear id", long(i), item_info[i * 6 + 5], l);
    check::equal("1d neighbour", long(i), neighbour[i], long(g * L + (l + 1) % L) * 7 + 1);
  }
  sycl::free(group_runs, q);
  sycl::free(group_info, q);
  sycl::free(item_runs, q);
  sycl::free(item_info, q);
  sycl::free(neighbour, q);
}

// A flexible range of `logical` work-items on groups of `physical`: every logical id once per
// group, carried by physical id logical % physical, with the global id of that physical item.
void flexible_1d(sycl::queue &q, size_t physical, size_t logical) {
  constexpr size_t G = 7;
  int *visits = zeroed<int>(G * logical, q);
  size_t *physical_ids = zeroed<size_t>(G * logical, q);
  size_t *global_ids = zeroed<size_t>(G * logical, q);
  size_t *ranges = zeroed<size_t>(G * logical * 2, q);
  q.submit([&](sycl::handler &h) {
    h.parallel_for_work_group(sycl::range<1>(G), sycl::range<1>(physical), [=](sycl::group<1> g) {
      const size_t gid = g.get_group_id(0);
      g.parallel_for_work_item(sycl::range<1>(logical), [&](sycl::h_item<1> it) {
        const size_t slot = gid * logical + it.get_logical_local_id(0);
        visits[slot] += 1;
        physical_ids[slot] = it.get_physical_local_id(0);
        global_ids[slot] = it.get_global_id(0);
        ranges[slot * 2] = it.get_logical_local_range(0);
        ranges[slot * 2 + 1] = it.get_physical_local_range(0);
      });
    });
  }).wait();
  for (size_t g = 0; g < G; ++g)
    for (size_t l = 0; l < logical; ++l) {
      const size_t slot = g * logical + l;
      check::equal("flexible visits", long(slot), visits[slot], 1);
      check::equal("flexible physical id", long(slot), physical_ids[slot], l % physical);
      check::equal("flexible global id", long(slot), global_ids[slot], g * physical + l % physical);
      check::equal("flexible logical range", long(slot), ranges[slot * 2], logical);
      check::equal("flexible physical range", long(slot), ranges[slot * 2 + 1], physical);
    }
  sycl::free(visits, q);
  sycl::free(physical_ids, q);
  sycl::free(global_ids, q);
  sycl::free(ranges, q);
}

// Two dimensions: a flexible range larger in one dimension and smaller in the other.
void flexible_2d(sycl::queue &q) {
  const sycl::range<2> groups(3, 4), physical(5, 6), logical(7, 4);
  const size_t per_group = logical.size(), total = groups.size() * per_group;
  int *visits = zeroed<int>(total, q);
  size_t *physical_ids = zeroed<size_t>(total * 2, q);
  q.submit([&](sycl::handler &h) {
    h.parallel_for_work_group(groups, physical, [=](sycl::group<2> g) {
      const size_t group = g.get_group_linear_id();
      g.parallel_for_work_item(logical, [&](sycl::h_item<2> it) {
        const size_t slot = group * per_group + it.get_logical_local().get_linear_id();
        visits[slot] += 1;
        physical_ids[slot * 2] = it.get_physical_local_id(0);
        physical_ids[slot * 2 + 1] = it.get_physical_local_id(1);
      });
    });
  }).wait();
  for (size_t slot = 0; slot < total; ++slot) {
    const size_t local = slot % per_group, row = local / logical[1], column = local % logical[1];
    check::equal("2d flexible visits", long(slot), visits[slot], 1);
    check::equal("2d flexible physical row", long(slot), physical_ids[slot * 2], row % physical[0]);
    check::equal("2d flexible physical column", long(slot), physical_ids[slot * 2 + 1], column % physical[1]);
  }
  sycl::free(visits, q);
  sycl::free(physical_ids, q);
}

// private_memory keeps each physical work-item's value between parallel_for_work_item calls,
// also when a flexible range makes several logical work-items share a physical one.
void private_memory(sycl::queue &q) {
  constexpr size_t G = 9, L = 16, N = G * L;
  long *out = zeroed<long>(N, q);
  long *shared = zeroed<long>(N, q);
  q.submit([&](sycl::handler &h) {
    h.parallel_for_work_group<class PrivateMemory>(sycl::range<1>(G), sycl::range<1>(L), [=](sycl::group<1> g) {
      sycl::private_memory<long> mine(g);
      sycl::private_memory<long> accumulated(g);
      g.parallel_for_work_item([&](sycl::h_item<1> it) {
        mine(it) = long(it.get_global_id(0)) * 3 + 1;
        accumulated(it) = 0;
      });
      const long group_offset = long(g.get_group_id(0)) * 1000; // work-group scope, between the loops
      g.parallel_for_work_item(sycl::range<1>(2 * L), [&](sycl::h_item<1> it) {
        accumulated(it) += long(it.get_logical_local_id(0)) + 1;
      });
      g.parallel_for_work_item([&](sycl::h_item<1> it) {
        out[it.get_global_id(0)] = mine(it) + group_offset;
        shared[it.get_global_id(0)] = accumulated(it);
      });
    });
  }).wait();
  for (size_t i = 0; i < N; ++i) {
    const size_t g = i / L, l = i % L;
    check::equal("private memory", long(i), out[i], long(i) * 3 + 1 + long(g) * 1000);
    check::equal("private memory shared by logical items", long(i), shared[i], long(l + 1) + long(l + L + 1));
  }
  sycl::free(out, q);
  sycl::free(shared, q);
}

// Many short-lived private_memory objects, and large ones while another is alive (the
// arena's growth and its heap fallback).
void private_memory_many_and_large(sycl::queue &q) {
  constexpr size_t G = 6, L = 64, N = G * L, Rounds = 50;
  long *sums = zeroed<long>(N, q);
  long *large = zeroed<long>(N, q);
  q.submit([&](sycl::handler &h) {
    h.parallel_for_work_group(sycl::range<1>(G), sycl::range<1>(L), [=](sycl::group<1> g) {
      sycl::private_memory<long> total(g);
      g.parallel_for_work_item([&](sycl::h_item<1> it) { total(it) = 0; });
      for (size_t round = 0; round < Rounds; ++round) {
        sycl::private_memory<int> scratch(g);
        g.parallel_for_work_item([&](sycl::h_item<1> it) { scratch(it) = int(round + it.get_local_id(0)); });
        g.parallel_for_work_item([&](sycl::h_item<1> it) { total(it) += scratch(it); });
      }
      sycl::private_memory<Block> first(g);  // 64 KiB
      sycl::private_memory<Block> second(g); // 64 KiB more, while `first` is alive
      g.parallel_for_work_item([&](sycl::h_item<1> it) {
        for (size_t k = 0; k < 128; ++k) {
          first(it).values[k] = long(it.get_global_id(0) + k);
          second(it).values[k] = long(2 * k);
        }
      });
      g.parallel_for_work_item([&](sycl::h_item<1> it) {
        long sum = 0;
        for (size_t k = 0; k < 128; ++k) sum += first(it).values[k] - second(it).values[k];
        large[it.get_global_id(0)] = sum;
        sums[it.get_global_id(0)] = total(it);
      });
    });
  }).wait();
  for (size_t i = 0; i < N; ++i) {
    const long l = long(i % L);
    check::equal("many private memories", long(i), sums[i], long(Rounds) * l + long(Rounds * (Rounds - 1) / 2));
    // sum over k of (i + k) - 2k = 128 i - sum k
    check::equal("large private memories", long(i), large[i], 128 * long(i) - 127 * 128 / 2);
  }
  sycl::free(sums, q);
  sycl::free(large, q);
}

// Three dimensions with the default work-group size: the h_items cover the whole global range
// once, and agree with the group's ranges.
void default_size_3d(sycl::queue &q) {
  const sycl::range<3> groups(2, 3, 2);
  sycl::range<3> *local = sycl::malloc_shared<sycl::range<3>>(1, q);
  // Large enough for any default size up to 512 work-items per group.
  const size_t capacity = groups.size() * 512;
  int *visits = zeroed<int>(capacity, q);
  int *mismatches = zeroed<int>(1, q);
  q.submit([&](sycl::handler &h) {
    h.parallel_for_work_group(groups, [=](sycl::group<3> g) {
      if (g.get_group_linear_id() == 0) *local = g.get_local_range();
      g.parallel_for_work_item([&](sycl::h_item<3> it) {
        const sycl::range<3> global_range = it.get_global_range();
        if (global_range != groups * g.get_local_range() || it.get_local_range() != g.get_local_range())
          mismatches[0] += 1;
        const size_t linear = it.get_global().get_linear_id();
        if (linear < capacity) visits[linear] += 1;
      });
    });
  }).wait();
  const size_t items = groups.size() * local->size();
  check::equal("default size is at most 512", 0, items <= capacity, true);
  check::equal("default size is not empty", 0, local->size() > 0, true);
  check::equal("3d range mismatches", 0, mismatches[0], 0);
  for (size_t i = 0; i < items && i < capacity; ++i) check::equal("3d visits", long(i), visits[i], 1);
  sycl::free(local, q);
  sycl::free(visits, q);
  sycl::free(mismatches, q);
}

// Without a work-group size, each group has one work-item, as in DPC++: the logical work-item 0
// of group g has global id g (the SYCL-CTS's handler test writes element g there).
void default_size_is_one(sycl::queue &q) {
  constexpr size_t groups = 16;
  int *out = zeroed<int>(groups * 64, q);
  q.submit([&](sycl::handler &h) {
    h.parallel_for_work_group(sycl::range<1>(groups), [=](sycl::group<1> g) {
      g.parallel_for_work_item(sycl::range<1>(1), [&](sycl::h_item<1> it) {
        if (it.get_global_id(0) < groups * 64) out[it.get_global_id(0)] = int(g.get_group_id(0)) + 1;
      });
    });
  }).wait();
  for (size_t i = 0; i < groups; ++i) check::equal("default size: group g at global id g", long(i), out[i], int(i) + 1);
  sycl::free(out, q);
}

// A work-group size the device cannot run, or of zero, is an nd_range error.
void bad_sizes(sycl::queue &q) {
  const size_t too_big = q.get_device().get_info<sycl::info::device::max_work_group_size>() + 1;
  for (size_t size : {too_big, size_t(0)}) {
    bool thrown = false;
    try {
      q.submit([&](sycl::handler &h) {
        h.parallel_for_work_group(sycl::range<1>(2), sycl::range<1>(size), [=](sycl::group<1> g) {
          g.parallel_for_work_item([](sycl::h_item<1>) {});
        });
      }).wait();
    } catch (const sycl::exception &e) {
      thrown = e.code() == sycl::errc::nd_range;
    }
    check::equal("bad work-group size throws errc::nd_range", long(size), thrown, true);
  }
}

int main() {
  sycl::queue q;
  one_dimension(q);
  flexible_1d(q, 8, 20); // larger than the group, not a multiple
  flexible_1d(q, 8, 5);  // smaller than the group
  flexible_1d(q, 8, 8);
  flexible_2d(q);
  private_memory(q);
  private_memory_many_and_large(q);
  default_size_3d(q);
  default_size_is_one(q);
  bad_sizes(q);
  return check::finish();
}
