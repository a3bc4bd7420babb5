// The free function kernel free_function_kernels.cpp launches from its own translation unit, and
// a templated free function kernel whose sub_group_size property depends on its template
// argument. The extension's headers come first, as intel/llvm's tests include them:
// get_kernel_info.hpp is then reached from free_function_traits.hpp before that defines its
// functions.
#include <sycl/ext/oneapi/experimental/enqueue_functions.hpp>
#include <sycl/ext/oneapi/experimental/free_function_traits.hpp>
#include <sycl/ext/oneapi/get_kernel_info.hpp>
#include <sycl/sycl.hpp>

namespace syclexp = sycl::ext::oneapi::experimental;

SYCL_EXT_ONEAPI_FUNCTION_PROPERTY((syclexp::nd_range_kernel<2>))
void scale_rows(int factor, int *grid, int columns) {
  auto item = sycl::ext::oneapi::this_work_item::get_nd_item<2>();
  size_t row = item.get_global_id(0), column = item.get_global_id(1);
  grid[row * columns + column] *= factor * int(row + 1);
}

template <int Size>
SYCL_EXT_ONEAPI_FUNCTION_PROPERTY((syclexp::nd_range_kernel<1>))
SYCL_EXT_ONEAPI_FUNCTION_PROPERTY((syclexp::sub_group_size<Size>))
void probe(int *out) {
  auto item = sycl::ext::oneapi::this_work_item::get_nd_item<1>();
  out[item.get_global_linear_id()] = int(item.get_sub_group().get_local_linear_range());
}

// Whether probe<Size> runs in sub-groups of Size work-items, as get_kernel_info reports.
template <int Size> bool probe_runs_its_size(sycl::queue &q) {
  constexpr size_t n = 64;
  int *out = sycl::malloc_shared<int>(n, q);
  syclexp::nd_launch(q, sycl::nd_range<1>{n, n}, syclexp::kernel_function<probe<Size>>, out);
  q.wait();
  bool right = syclexp::get_kernel_info<probe<Size>, sycl::info::kernel_device_specific::compile_sub_group_size>(q) ==
               std::uint32_t(Size);
  for (size_t i = 0; i < n; ++i) right &= out[i] == Size;
  sycl::free(out, q);
  return right;
}

bool templated_sub_group_sizes(sycl::queue &q) { return probe_runs_its_size<4>(q) && probe_runs_its_size<16>(q); }
