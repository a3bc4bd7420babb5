// Kernel functors with SYCL kernel attributes in a header of the project, which the driver
// rewrites as it does the main source's (docs/kernel-features.md, "Kernel attributes").
#pragma once

#include <sycl/sycl.hpp>

// The sub-group size a kernel saw, in every work-item.
template <int Size> struct SubGroupFunctor {
  int *out;
  [[sycl::reqd_sub_group_size(Size)]] void operator()(sycl::nd_item<1> it) const {
    out[it.get_global_linear_id()] = int(it.get_sub_group().get_max_local_range()[0]);
  }
};

struct WorkGroupFunctor {
  int *out;
  [[sycl::reqd_work_group_size(2, 4)]] void operator()(sycl::nd_item<2> it) const {
    out[it.get_global_linear_id()] = int(it.get_local_range(0) * 10 + it.get_local_range(1));
  }
};
