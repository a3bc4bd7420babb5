// SYCL's kernel attributes, which upstream clang ignores and the driver rewrites
// (docs/kernel-features.md, "Kernel attributes"): [[sycl::reqd_work_group_size]] and
// [[sycl::reqd_sub_group_size]] (and DPC++'s intel:: spellings) on lambdas and functors, with
// template-dependent sizes and through a macro; a launch with another local size throws
// errc::nd_range, a required size the device cannot have errc::kernel_not_supported; hints are
// accepted; [[sycl::device_has]] on kernels' callees decides which kernels the device can run
// (is_compatible, bundles, errc::kernel_not_supported). The kernel properties a functor declares
// with get(properties_tag) apply too, and properties given to range and single_task launches.
// Functors in the project's own header (kernel_attributes.hpp) have their attributes honoured too.
// [[intel::named_sub_group_size(primary)]] requires the primary size; SYCL_EXTERNAL may follow
// `extern` and `inline`, as DPC++'s does.
#include <sycl/sycl.hpp>
#include "check.hpp"
#include "kernel_attributes.hpp"

namespace syclex = sycl::ext::oneapi::experimental;

#define SUB_GROUP_ATTRIBUTE(N) [[intel::reqd_sub_group_size(N)]]


struct DeclaredProperties {
  int *out;
  void operator()(sycl::nd_item<1> it) const {
    out[it.get_global_linear_id()] = int(it.get_sub_group().get_max_local_range()[0]);
  }
  auto get(syclex::properties_tag) const { return syclex::properties{syclex::sub_group_size<4>}; }
};

// A function declaring the aspects it needs: every kernel calling it needs them too.
[[sycl::device_has(sycl::aspect::gpu)]] void needs_a_gpu(int *out) { out[0] = -1; }
[[sycl::device_has(sycl::aspect::cpu, sycl::aspect::fp64)]] void needs_a_cpu(int *out) { out[0] = 42; }

class GpuKernel;
class CpuKernel;
class TooLargeKernel;
class PrimaryKernel;

// DPC++'s SYCL_EXTERNAL is a GNU attribute, so programs write it after `extern` or `inline`;
// the driver puts ours, a standard attribute, before them (docs/kernel-features.md).
extern SYCL_EXTERNAL int scaled(int value);
inline SYCL_EXTERNAL int tripled(int value) { return 3 * value; }
SYCL_EXTERNAL int scaled(int value) { return tripled(value); }

template <typename T> int nd_range_error(sycl::queue &q, T launch) {
  try {
    launch(q);
    q.wait();
  } catch (const sycl::exception &e) {
    return e.code().value();
  }
  return 0;
}

void expect_all(const char *what, const int *out, int count, int expected) {
  for (int i = 0; i < count; ++i) check::equal(what, i, out[i], expected);
}

template <int Size> void sub_group_of(sycl::queue &q, int *out) {
  q.parallel_for(sycl::nd_range<1>(64, 32), [=](sycl::nd_item<1> it) [[sycl::reqd_sub_group_size(Size)]] {
     out[it.get_global_linear_id()] = int(it.get_sub_group().get_max_local_range()[0]);
   }).wait();
  expect_all("template lambda sub-group size", out, 64, Size);
}

int main() {
  sycl::queue q;
  int *out = sycl::malloc_shared<int>(64, q);

  q.parallel_for(sycl::nd_range<1>(64, 16), [=](sycl::nd_item<1> it) [[intel::reqd_sub_group_size(4)]] {
     out[it.get_global_linear_id()] = int(it.get_sub_group().get_max_local_range()[0]);
   }).wait();
  expect_all("intel:: lambda sub-group size", out, 64, 4);

  q.parallel_for(sycl::nd_range<1>(64, 16), [=](sycl::nd_item<1> it) SUB_GROUP_ATTRIBUTE(16) {
     out[it.get_global_linear_id()] = int(it.get_sub_group().get_max_local_range()[0]);
   }).wait();
  expect_all("macro sub-group size", out, 64, 16);

  sub_group_of<8>(q, out);

  // sycl_ext_oneapi_named_sub_group_sizes' attribute form: primary is the device's primary size.
  const uint32_t primary = q.get_device().get_info<sycl::info::device::primary_sub_group_size>();
  q.parallel_for<PrimaryKernel>(sycl::nd_range<1>(64, 16), [=](sycl::nd_item<1> it)
                                    [[intel::named_sub_group_size(primary)]] {
                                      out[it.get_global_linear_id()] =
                                          int(it.get_sub_group().get_max_local_range()[0]);
                                    }).wait();
  expect_all("named_sub_group_size(primary) lambda", out, 64, int(primary));
  // The kernel reports the size it required (0 for a kernel requiring none).
  check::equal("named_sub_group_size(primary) compile_sub_group_size", 0,
               sycl::get_kernel_bundle<sycl::bundle_state::executable>(q.get_context())
                   .get_kernel(sycl::get_kernel_id<PrimaryKernel>())
                   .get_info<sycl::info::kernel_device_specific::compile_sub_group_size>(q.get_device()),
               primary);
  q.parallel_for(sycl::nd_range<1>(64, 16), [=](sycl::nd_item<1> it) [[intel::named_sub_group_size(automatic)]] {
     out[it.get_global_linear_id()] = scaled(int(it.get_global_linear_id()));
   }).wait();
  for (int i = 0; i < 64; ++i) check::equal("named_sub_group_size(automatic) lambda", i, out[i], 3 * i);
  sub_group_of<1>(q, out);

  q.parallel_for(sycl::nd_range<1>(64, 32), SubGroupFunctor<16>{out}).wait();
  expect_all("functor sub-group size", out, 64, 16);

  q.parallel_for(sycl::nd_range<1>(64, 32), DeclaredProperties{out}).wait();
  expect_all("get(properties_tag) sub-group size", out, 64, 4);

  q.parallel_for(sycl::nd_range<2>({8, 8}, {2, 4}), WorkGroupFunctor{out}).wait();
  expect_all("functor work-group size", out, 64, 24);

  q.parallel_for(sycl::nd_range<1>(64, 8), [=](sycl::nd_item<1> it) [[sycl::work_group_size_hint(8)]]
                 [[intel::kernel_args_restrict]] { out[it.get_global_linear_id()] = 7; })
      .wait();
  expect_all("hinted kernel", out, 64, 7);

  // Kernel properties on range and single_task launches.
  q.parallel_for(sycl::range<1>(64), syclex::properties{syclex::work_group_size<8>, syclex::sub_group_size<4>},
                 [=](sycl::item<1> it) {
                   out[it.get_linear_id()] =
                       int(sycl::ext::oneapi::this_work_item::get_sub_group().get_max_local_range()[0]);
                 })
      .wait();
  expect_all("range kernel with properties", out, 64, 4);
  sycl::event first = q.single_task(syclex::properties{}, [=] { out[0] = 5; });
  q.single_task(first, syclex::properties{}, [=] { out[1] = out[0] + 1; }).wait();
  q.submit([&](sycl::handler &h) { h.single_task(syclex::properties{}, [=] { out[2] = out[1] + 1; }); }).wait();
  check::equal("single_task with properties", 0, out[2], 7);
  const int not_divisible = nd_range_error(q, [=](sycl::queue &q) {
    q.parallel_for(sycl::range<1>(60), syclex::properties{syclex::work_group_size<8>},
                   [=](sycl::item<1> it) { out[it.get_linear_id()] = 0; });
  });
  check::equal("range not a multiple of work_group_size: errc", 0, not_divisible, int(sycl::errc::nd_range));

  // [[sycl::device_has]]: a kernel needing an aspect the device lacks is not compatible, is left
  // out of the context's bundle, and its launch throws errc::kernel_not_supported; one needing
  // aspects the device has runs.
  const sycl::device device = q.get_device();
  check::equal("device_has(cpu, fp64) compatible", 0, sycl::is_compatible<CpuKernel>(device), true);
  check::equal("device_has(gpu) compatible", 0, sycl::is_compatible<GpuKernel>(device), false);
  check::equal("reqd_work_group_size too large compatible", 0, sycl::is_compatible<TooLargeKernel>(device), false);
  const auto bundle = sycl::get_kernel_bundle<sycl::bundle_state::executable>(q.get_context());
  check::equal("bundle has CpuKernel", 0, bundle.has_kernel(sycl::get_kernel_id<CpuKernel>()), true);
  check::equal("bundle has GpuKernel", 0, bundle.has_kernel(sycl::get_kernel_id<GpuKernel>()), false);
  q.single_task<CpuKernel>([=] { needs_a_cpu(out); }).wait();
  check::equal("device_has(cpu, fp64) kernel", 0, out[0], 42);
  const int missing_aspect = nd_range_error(q, [=](sycl::queue &q) { q.single_task<GpuKernel>([=] { needs_a_gpu(out); }); });
  check::equal("device_has(gpu): errc", 0, missing_aspect, int(sycl::errc::kernel_not_supported));
  check::equal("device_has(gpu) did not run", 0, out[0], 42);

  // Another local size than the required one.
  const int mismatch = nd_range_error(q, [=](sycl::queue &q) {
    q.parallel_for(sycl::nd_range<2>({8, 8}, {4, 2}), WorkGroupFunctor{out});
  });
  check::equal("mismatched local size: errc", 0, mismatch, int(sycl::errc::nd_range));
  // A required size larger than the device's maximum (larger than 32 bits, even): the kernel
  // compiles, and cannot run here.
  const int too_large = nd_range_error(q, [=](sycl::queue &q) {
    q.parallel_for<TooLargeKernel>(sycl::nd_range<1>(1 << 16, 1 << 16),
                   [=](sycl::nd_item<1> it) [[sycl::reqd_work_group_size(std::size_t(1) << 32)]] { out[0] = int(it.get_local_id(0)); });
  });
  check::equal("too large required size: errc", 0, too_large, int(sycl::errc::kernel_not_supported));

  sycl::free(out, q);
  return check::finish();
}
