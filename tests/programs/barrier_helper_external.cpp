// The second translation unit of barrier_helper.cpp: a SYCL_EXTERNAL device function with a
// group barrier, called from a kernel in the other unit. No kernel is defined here.
#include <sycl/sycl.hpp>

SYCL_EXTERNAL long exchange_external(sycl::nd_item<1> it, long *slots, long mine, size_t shift) {
  const size_t lid = it.get_local_id(0), l = it.get_local_range(0);
  slots[lid] = mine;
  sycl::group_barrier(it.get_group());
  long theirs = slots[(lid + shift) % l];
  sycl::group_barrier(it.get_group());
  return theirs;
}
