// sycl_ext_oneapi_work_group_memory: work-group local memory of a scalar, a bounded array, an
// unbounded array sized at run time, a two-dimensional array and an array of structs, each
// work-group with its own; a copy in the kernel is the same memory; get_multi_ptr and operator&
// point at it; an indeterminate placeholder assigned a real one; a range kernel capturing one
// is errc::kernel_argument.
#include <sycl/sycl.hpp>
#include <sycl/ext/oneapi/experimental/work_group_memory.hpp>

#include "check.hpp"

namespace syclexp = sycl::ext::oneapi::experimental;

struct point {
  int x;
  int y;
};

int main() {
  static_assert(SYCL_EXT_ONEAPI_WORK_GROUP_MEMORY == 1);
  constexpr std::size_t groups = 4, group_size = 16;
  sycl::queue q;
  int *out = sycl::malloc_shared<int>(groups * group_size, q);
  int *per_group = sycl::malloc_shared<int>(groups, q);
  q.submit([&](sycl::handler &h) {
     syclexp::work_group_memory<int> count{h};
     syclexp::work_group_memory<int[group_size]> slots{h};
     syclexp::work_group_memory<int[]> reversed{group_size, h};
     syclexp::work_group_memory<int[][4]> grid{group_size / 4, h};
     syclexp::work_group_memory<point[2]> points{h};
     syclexp::work_group_memory<int> later{syclexp::indeterminate};
     later = count;
     h.parallel_for(sycl::nd_range<1>{groups * group_size, group_size}, [=](sycl::nd_item<1> it) {
       const std::size_t local = it.get_local_id(0), group = it.get_group(0);
       if (local == 0) {
         count = 0;
         points[1].x = int(group);
       }
       slots[local] = int(group * 100 + local);
       grid[local / 4][local % 4] = int(local);
       sycl::group_barrier(it.get_group());
       sycl::atomic_ref<int, sycl::memory_order::relaxed, sycl::memory_scope::work_group,
                        sycl::access::address_space::local_space>(later) += 1;
       reversed[group_size - 1 - local] = slots[local] + grid[local / 4][local % 4] * 0;
       sycl::group_barrier(it.get_group());
       int *first = &slots[0];
       const auto pointer = reversed.get_multi_ptr();
       out[it.get_global_id(0)] = pointer[local] - first[0] + points[1].x * 1000;
       if (local == 0) per_group[group] = count + *&count * 0;
     });
   }).wait();
  for (std::size_t g = 0; g < groups; ++g) {
    check::equal("each work-item counted once per group", long(g), per_group[g], int(group_size));
    for (std::size_t l = 0; l < group_size; ++l)
      check::equal("local memory per group", long(g * group_size + l), out[g * group_size + l],
                   int(group_size - 1 - l + g * 1000));
  }
  int rejected = 0;
  try {
    q.submit([&](sycl::handler &h) {
      syclexp::work_group_memory<int> scratch{h};
      h.parallel_for(sycl::range<1>{4}, [=](sycl::id<1>) { scratch = 1; });
    });
  } catch (const sycl::exception &e) {
    rejected = e.code() == sycl::errc::kernel_argument;
  }
  check::equal("a range kernel capturing work_group_memory", 0, rejected, 1);
  sycl::free(out, q);
  sycl::free(per_group, q);
  return check::finish();
}
