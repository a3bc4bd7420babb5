// sycl_ext_oneapi_work_group_scratch_memory: get_work_group_scratch_memory() gives each
// work-group the bytes its launch asked for with work_group_scratch_size, in a launch_config
// (nd_launch) or in the handler's parallel_for with properties. Checked: every call in a
// work-group, in the kernel and in a helper function, gives the same memory; work-groups run
// at the same time (two threads) have their own; the memory is 128-byte aligned and does not
// overlap the command group's local accessors; its size is the launch's (a reversal through a
// tile of the work-group's size, at two sizes with the same kernel); the property sits beside a
// kernel property (work_group_size); too much local memory is errc::memory_allocation.
#include <sycl/sycl.hpp>
#include "check.hpp"

#include <cstdint>
#include <vector>

namespace syclex = sycl::ext::oneapi::experimental;

static_assert(SYCL_EXT_ONEAPI_WORK_GROUP_SCRATCH_MEMORY == 1);

// Reads the scratch memory from a function of its own (not inlined at -O0).
int *scratch_ints() { return static_cast<int *>(syclex::get_work_group_scratch_memory()); }

// Each work-group reverses its slice of `in` through the scratch memory.
void reverse_groups(sycl::queue &q, const int *in, int *out, size_t n, size_t local) {
  syclex::launch_config config{sycl::nd_range<1>{n, local},
                               syclex::properties{syclex::work_group_scratch_size{local * sizeof(int)}}};
  syclex::nd_launch(q, config, [=](sycl::nd_item<1> it) {
    int *tile = scratch_ints();
    const size_t l = it.get_local_id(0);
    tile[l] = in[it.get_global_id(0)];
    sycl::group_barrier(it.get_group());
    out[it.get_global_id(0)] = tile[it.get_local_range(0) - 1 - l];
  });
  q.wait();
}

void check_reversal(sycl::queue &q, size_t local) {
  const size_t n = local * 13;
  int *in = sycl::malloc_shared<int>(n, q), *out = sycl::malloc_shared<int>(n, q);
  for (size_t i = 0; i < n; ++i) in[i] = int(i * 7 + 3);
  reverse_groups(q, in, out, n, local);
  for (size_t i = 0; i < n; ++i) {
    const size_t group = i / local, l = i % local;
    check::equal("reversed", long(i), out[i], in[group * local + local - 1 - l]);
  }
  sycl::free(in, q);
  sycl::free(out, q);
}

// The scratch memory beside a local accessor and a kernel property: both blocks are the
// group's own, distinct, and the scratch memory is aligned and the same in every call.
void check_beside_accessor(sycl::queue &q) {
  constexpr size_t local = 16, groups = 9, n = local * groups;
  std::vector<int> sums(groups), same(groups), apart(groups), aligned(groups);
  {
    sycl::buffer<int> sums_buf(sums.data(), groups), same_buf(same.data(), groups);
    sycl::buffer<int> apart_buf(apart.data(), groups), aligned_buf(aligned.data(), groups);
    q.submit([&](sycl::handler &h) {
      sycl::local_accessor<int> values(local, h);
      sycl::accessor sum(sums_buf, h), equal(same_buf, h), separate(apart_buf, h), al(aligned_buf, h);
      h.parallel_for(sycl::nd_range<1>{n, local},
                     syclex::properties{syclex::work_group_size<local>, syclex::work_group_scratch_size{64}},
                     [=](sycl::nd_item<1> it) {
                       auto *total = static_cast<int *>(syclex::get_work_group_scratch_memory());
                       const size_t l = it.get_local_id(0), g = it.get_group(0);
                       if (l == 0) *total = 0;
                       values[l] = int(it.get_global_id(0));
                       sycl::group_barrier(it.get_group());
                       sycl::atomic_ref<int, sycl::memory_order::relaxed, sycl::memory_scope::work_group,
                                        sycl::access::address_space::local_space>(*total) += values[l];
                       sycl::group_barrier(it.get_group());
                       if (l == 0) {
                         sum[g] = *total;
                         equal[g] = scratch_ints() == total;
                         const auto *first = &values[0], *last = &values[local - 1] + 1;
                         const auto *scratch = reinterpret_cast<const int *>(total);
                         separate[g] = scratch >= last || scratch + 16 <= first;
                         al[g] = reinterpret_cast<std::uintptr_t>(total) % 128 == 0;
                       }
                     });
    });
  }
  for (size_t g = 0; g < groups; ++g) {
    int expected = 0;
    for (size_t l = 0; l < local; ++l) expected += int(g * local + l);
    check::equal("group sum", long(g), sums[g], expected);
    check::equal("same memory in every call", long(g), same[g], 1);
    check::equal("apart from the local accessor", long(g), apart[g], 1);
    check::equal("aligned to 128 bytes", long(g), aligned[g], 1);
  }
}

void check_too_large(sycl::queue &q) {
  const size_t too_many = q.get_device().get_info<sycl::info::device::local_mem_size>() + 1;
  syclex::launch_config config{sycl::nd_range<1>{8, 8}, syclex::properties{syclex::work_group_scratch_size{too_many}}};
  int code = -1;
  try {
    syclex::nd_launch(q, config, [=](sycl::nd_item<1>) {});
    q.wait();
  } catch (const sycl::exception &e) {
    code = e.code() == sycl::errc::memory_allocation ? 1 : 0;
  }
  check::equal("too much local memory is errc::memory_allocation", 0, code, 1);
}

int main() {
  sycl::queue q;
  check_reversal(q, 32);
  check_reversal(q, 100);
  check_beside_accessor(q);
  check_too_large(q);
  return check::finish();
}
