// Free function kernels (sycl_ext_oneapi_free_function_kernels) and free function queries
// (sycl_ext_oneapi_free_function_queries): kernels that are plain functions, launched with
// nd_launch and single_task from a queue, a handler and a launch_config, one of them defined in
// another translation unit (free_function_kernels_other.cpp), and as kernel objects of a bundle
// with set_args and set_arg (arithmetic arguments converted; arguments of types that do not convert,
// missing ones, and a lambda's kernel object throw errc::invalid), also through the enqueue functions; work-group scratch memory of a launch_config,
// behind a local accessor of the same command group; the nd_item, group, sub-group, id and item of
// the calling work-item read from a helper the kernel does not pass them to; the kernel ids of
// free function kernels; the kernel properties written on the function (work_group_size,
// sub_group_size, device_has, work_group_size_hint), get_kernel_info and num_args of a free
// function kernel; one in an unnamed namespace.
#include <sycl/sycl.hpp>
#include <sycl/ext/oneapi/experimental/free_function_traits.hpp>
#include <sycl/ext/oneapi/free_function_queries.hpp>
#include <sycl/ext/oneapi/get_kernel_info.hpp>
#include <sycl/ext/oneapi/work_group_scratch_memory.hpp>
#include "check.hpp"

namespace syclext = sycl::ext::oneapi;
namespace syclexp = sycl::ext::oneapi::experimental;

SYCL_EXT_ONEAPI_FUNCTION_PROPERTY((syclexp::nd_range_kernel<1>))
void iota(float start, float *out) {
  size_t id = syclext::this_work_item::get_nd_item<1>().get_global_linear_id();
  out[id] = start + static_cast<float>(id);
}

SYCL_EXT_ONEAPI_FUNCTION_PROPERTY((syclexp::single_task_kernel))
void sum(const float *in, int n, double *result) {
  double total = 0;
  for (int i = 0; i < n; ++i) total += in[i];
  *result = total;
}

// Reverses each work-group's part of `data` through the work-group's scratch memory.
SYCL_EXT_ONEAPI_FUNCTION_PROPERTY((syclexp::nd_range_kernel<1>))
void reverse_in_groups(int *data) {
  auto item = syclext::this_work_item::get_nd_item<1>();
  int *scratch = static_cast<int *>(syclexp::get_work_group_scratch_memory());
  size_t local = item.get_local_linear_id(), size = item.get_local_range(0);
  scratch[local] = data[item.get_global_linear_id()];
  sycl::group_barrier(item.get_group());
  data[item.get_global_linear_id()] = scratch[size - 1 - local];
}

// Kernel properties among a free function kernel's properties reach its kernel: each work-item
// writes its sub-group's size, which the sub_group_size property fixes at 4.
SYCL_EXT_ONEAPI_FUNCTION_PROPERTY((syclexp::nd_range_kernel<2>))
SYCL_EXT_ONEAPI_FUNCTION_PROPERTY((syclexp::work_group_size<2, 8>))
SYCL_EXT_ONEAPI_FUNCTION_PROPERTY((syclexp::sub_group_size<4>))
void sized(int *out) {
  auto item = syclext::this_work_item::get_nd_item<2>();
  out[item.get_global_linear_id()] = int(syclext::this_work_item::get_sub_group().get_local_range()[0]);
}

// device_has declares aspects the device must have: this one needs a GPU. A hint changes nothing.
SYCL_EXT_ONEAPI_FUNCTION_PROPERTY((syclexp::single_task_kernel))
SYCL_EXT_ONEAPI_FUNCTION_PROPERTY((syclexp::device_has<sycl::aspect::gpu>))
void gpu_only(int *out) { *out = 1; }

SYCL_EXT_ONEAPI_FUNCTION_PROPERTY((syclexp::nd_range_kernel<1>))
SYCL_EXT_ONEAPI_FUNCTION_PROPERTY((syclexp::work_group_size_hint<16>))
void hinted(int *out) { out[syclext::this_work_item::get_nd_item<1>().get_global_linear_id()] = 5; }

// Internal linkage: the driver leaves out the macro's SYCL_EXTERNAL, which clang refuses here.
namespace {
SYCL_EXT_ONEAPI_FUNCTION_PROPERTY((syclexp::nd_range_kernel<1>))
void local_square(int *out) {
  const std::size_t i = syclext::this_work_item::get_nd_item<1>().get_global_linear_id();
  out[i] = int(i * i);
}
} // namespace

// Defined in free_function_kernels_other.cpp.
SYCL_EXT_ONEAPI_FUNCTION_PROPERTY((syclexp::nd_range_kernel<2>))
void scale_rows(int factor, int *grid, int columns);
bool templated_sub_group_sizes(sycl::queue &q);

// Where each work-item of a 2-D nd_range is, from queries alone.
void record_position(int *out) {
  auto item = syclext::this_work_item::get_nd_item<2>();
  auto group = syclext::this_work_item::get_work_group<2>();
  auto sub_group = syclext::this_work_item::get_sub_group();
  out[item.get_global_linear_id()] = int(group.get_group_linear_id()) * 1000 + int(item.get_local_linear_id()) * 10 +
                                     int(sub_group.get_local_linear_id() == item.get_local_linear_id() % 4 ? 1 : 0);
}

int main() {
  sycl::queue q;
  const int n = 256, rows = 8, columns = 8;
  float *out = sycl::malloc_shared<float>(n, q);
  double *result = sycl::malloc_shared<double>(1, q);
  int *grid = sycl::malloc_shared<int>(rows * columns, q);

  syclexp::nd_launch(q, sycl::nd_range<1>{n, 64}, syclexp::kernel_function<iota>, 1.5, out);
  q.wait();
  for (int i = 0; i < n; ++i) check::equal("iota", i, out[i], 1.5f + float(i));
  {
    int *squares = sycl::malloc_shared<int>(n, q);
    syclexp::nd_launch(q, sycl::nd_range<1>{n, 16}, syclexp::kernel_function<local_square>, squares);
    q.wait();
    for (int i = 0; i < n; ++i) check::equal("unnamed namespace", i, squares[i], i * i);
    sycl::free(squares, q);
  }
  q.submit([&](sycl::handler &h) { syclexp::single_task(h, syclexp::kernel_function<sum>, out, n, result); }).wait();
  check::equal("sum", 0, *result, 1.5 * n + n * (n - 1) / 2.0);

  q.parallel_for(sycl::nd_range<2>({rows, columns}, {4, 4}), [=](sycl::nd_item<2>) { record_position(grid); }).wait();
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < columns; ++c) {
      int group = (r / 4) * 2 + c / 4, local = (r % 4) * 4 + c % 4;
      check::equal("position", r * columns + c, grid[r * columns + c], group * 1000 + local * 10 + 1);
    }
  syclexp::nd_launch(q, syclexp::launch_config{sycl::nd_range<2>({rows, columns}, {2, 4})},
                     syclexp::kernel_function<scale_rows>, 2, grid, columns);
  q.wait();
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < columns; ++c) {
      int group = (r / 4) * 2 + c / 4, local = (r % 4) * 4 + c % 4;
      check::equal("scaled", r * columns + c, grid[r * columns + c], (group * 1000 + local * 10 + 1) * 2 * (r + 1));
    }

  // The extension's deprecated first form still works.
#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Wdeprecated-declarations"
  q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) {
    out[i] = float(syclexp::this_id<1>()[0] * 2 + syclexp::this_item<1>().get_range(0));
  }).wait();
#pragma clang diagnostic pop
  for (int i = 0; i < n; ++i) check::equal("this_id", i, out[i], float(2 * i + n));

  std::string name = syclexp::get_kernel_id<iota>().get_name();
  check::equal("kernel id", 0, name.find("iota") != std::string::npos, true);
  auto bundle = syclexp::get_kernel_bundle<scale_rows, sycl::bundle_state::executable>(q.get_context());
  check::equal("bundle", 0, bundle.has_kernel(syclexp::get_kernel_id<scale_rows>()), true);
  check::equal("has bundle", 0, syclexp::has_kernel_bundle<sum, sycl::bundle_state::executable>(q.get_context()), true);

  // Kernel objects: from a bundle of the free function kernel, with set_args and set_arg.
  auto iota_bundle = syclexp::get_kernel_bundle<iota, sycl::bundle_state::executable>(q.get_context());
  check::equal("ext_oneapi_has_kernel", 0, iota_bundle.ext_oneapi_has_kernel<iota>(), true);
  sycl::kernel iota_kernel = iota_bundle.ext_oneapi_get_kernel<iota>();
  q.submit([&](sycl::handler &h) {
     h.set_args(-4.0f, out);
     h.parallel_for(sycl::nd_range<1>{n, 32}, iota_kernel);
   }).wait();
  for (int i = 0; i < n; ++i) check::equal("iota as a kernel object", i, out[i], float(i) - 4.0f);
  check::equal("num_args", 0, iota_kernel.get_info<sycl::info::kernel::num_args>(), 2u);
  check::equal("num_args through get_kernel_info", 0,
               syclexp::get_kernel_info<sum, sycl::info::kernel::num_args>(q.get_context(), q.get_device()), 3u);
  auto all = sycl::get_kernel_bundle<sycl::bundle_state::executable>(q.get_context());
  sycl::kernel sum_kernel = all.get_kernel(syclexp::get_kernel_id<sum>());
  *result = 0;
  q.submit([&](sycl::handler &h) {
     h.set_arg(0, static_cast<const float *>(out));
     h.set_arg(1, n);
     h.set_arg(2, result);
     h.single_task(sum_kernel);
   }).wait();
  check::equal("sum as a kernel object", 0, *result, -4.0 * n + n * (n - 1) / 2.0);
  // Scratch memory, from a launch_config, after a local accessor of the same command group; then
  // the kernel object of the same kernel, through the enqueue functions with their arguments.
  constexpr int group = 64;
  int *data = sycl::malloc_shared<int>(n, q);
  for (int i = 0; i < n; ++i) data[i] = i;
  const syclexp::launch_config scratch_launch{
      sycl::nd_range<1>{n, group}, syclexp::properties{syclexp::work_group_scratch_size(group * sizeof(int))}};
  q.submit([&](sycl::handler &h) {
     sycl::local_accessor<int> unused(3, h);
     syclexp::nd_launch(h, scratch_launch, syclexp::kernel_function<reverse_in_groups>, data);
   }).wait();
  for (int i = 0; i < n; ++i) check::equal("scratch memory", i, data[i], i / group * group + group - 1 - i % group);
  sycl::kernel reverse_kernel = all.get_kernel(syclexp::get_kernel_id<reverse_in_groups>());
  syclexp::nd_launch(q, scratch_launch, reverse_kernel, data);
  q.wait();
  for (int i = 0; i < n; ++i) check::equal("scratch memory, kernel object", i, data[i], i);
  syclexp::nd_launch(q, sycl::nd_range<1>{n, 32}, iota_kernel, 2.0f, out);
  q.wait();
  for (int i = 0; i < n; ++i) check::equal("nd_launch of a kernel object", i, out[i], 2.0f + float(i));
  syclexp::single_task(q, sum_kernel, static_cast<const float *>(out), n, result);
  q.wait();
  check::equal("single_task of a kernel object", 0, *result, 2.0 * n + n * (n - 1) / 2.0);
  sycl::free(data, q);

  auto invalid = [&](auto command_group) {
    try {
      q.submit(command_group).wait();
    } catch (const sycl::exception &e) {
      return e.code() == sycl::errc::invalid;
    }
    return false;
  };
  check::equal("argument of a type that does not convert", 0, invalid([&](sycl::handler &h) {
                 h.set_args(1.0f, reinterpret_cast<int *>(out));
                 h.parallel_for(sycl::nd_range<1>{n, 32}, iota_kernel);
               }),
               true);
  // An arithmetic argument converts to an arithmetic parameter, as in a call (here int to float).
  q.submit([&](sycl::handler &h) {
     h.set_args(3, out);
     h.parallel_for(sycl::nd_range<1>{n, 32}, iota_kernel);
   }).wait();
  for (int i = 0; i < n; ++i) check::equal("converted argument", i, out[i], 3.0f + float(i));
  check::equal("missing argument", 0, invalid([&](sycl::handler &h) {
                 h.set_args(1.0f);
                 h.parallel_for(sycl::nd_range<1>{n, 32}, iota_kernel);
               }),
               true);
  // (Its captures are its arguments; a lambda that captures nothing runs, kernel_bundle.cpp.)
  int captured = 7;
  const auto capturing = [=] { (void)captured; };
  static_assert(!std::is_empty_v<decltype(capturing)>);
  q.single_task<class LambdaKernel>(capturing).wait();
  sycl::kernel lambda_kernel = all.get_kernel(sycl::get_kernel_id<class LambdaKernel>());
  check::equal("a lambda's kernel object", 0, invalid([&](sycl::handler &h) { h.single_task(lambda_kernel); }), true);

  // The work_group_size and sub_group_size properties: the kernel runs with its size, reports
  // it, and refuses another (SYCL 2020: errc::nd_range).
  syclexp::nd_launch(q, sycl::nd_range<2>({rows, columns}, {2, 8}), syclexp::kernel_function<sized>, grid);
  q.wait();
  for (int i = 0; i < rows * columns; ++i) check::equal("sub_group_size property", i, grid[i], 4);
  sycl::kernel sized_kernel = all.get_kernel(syclexp::get_kernel_id<sized>());
  check::equal("work_group_size property", 0,
               sized_kernel.get_info<sycl::info::kernel_device_specific::compile_work_group_size>(q.get_device()) ==
                   sycl::range<3>(1, 2, 8),
               true);
  check::equal("compile_sub_group_size", 0,
               sized_kernel.get_info<sycl::info::kernel_device_specific::compile_sub_group_size>(q.get_device()), 4u);
  check::equal("get_kernel_info of a free function kernel", 0,
               syclexp::get_kernel_info<sized, sycl::info::kernel_device_specific::compile_sub_group_size>(q), 4u);
  bool refused = false;
  try {
    syclexp::nd_launch(q, sycl::nd_range<2>({rows, columns}, {4, 4}), syclexp::kernel_function<sized>, grid);
    q.wait();
  } catch (const sycl::exception &e) {
    refused = e.code() == sycl::errc::nd_range;
  }
  check::equal("another work-group size", 0, refused, true);
  check::equal("templated sub_group_size property", 0, templated_sub_group_sizes(q), true);
  int not_supported = 0;
  try {
    syclexp::single_task(q, syclexp::kernel_function<gpu_only>, grid);
    q.wait();
  } catch (const sycl::exception &e) {
    not_supported = e.code().value();
  }
  check::equal("device_has property", 0, not_supported, int(sycl::errc::kernel_not_supported));
  check::equal("device_has: not compatible", 0, syclexp::is_compatible<gpu_only>(q.get_device()), false);
  syclexp::nd_launch(q, sycl::nd_range<1>{rows * columns, 8}, syclexp::kernel_function<hinted>, grid);
  q.wait();
  for (int i = 0; i < rows * columns; ++i) check::equal("work_group_size_hint property", i, grid[i], 5);
  sycl::free(out, q);
  sycl::free(result, q);
  sycl::free(grid, q);
  return check::finish();
}
