// The free function kernel free_function_kernels.cpp launches from its own translation unit.
#include <sycl/sycl.hpp>
#include <sycl/ext/oneapi/experimental/free_function_traits.hpp>

SYCL_EXT_ONEAPI_FUNCTION_PROPERTY((sycl::ext::oneapi::experimental::nd_range_kernel<2>))
void scale_rows(int factor, int *grid, int columns) {
  auto item = sycl::ext::oneapi::this_work_item::get_nd_item<2>();
  size_t row = item.get_global_id(0), column = item.get_global_id(1);
  grid[row * columns + column] *= factor * int(row + 1);
}
