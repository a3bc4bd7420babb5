// Kernel info queries answered from the metadata notes the compiler leaves in the device object
// (docs/formats.md, "Kernel metadata notes"): the work-group local memory of a kernel with
// group_local_memory, the private memory a kernel with barriers keeps per work-item, the
// compile-time work-group size of the work_group_size property, and the sub-group sizes, each
// checked after the kernel ran correctly. EXPECTED_SUB_GROUP_SIZE=N in the environment gives
// the vector width of the build. Also info::kernel::context, which DPC++ still offers, and
// sycl_ext_oneapi_get_kernel_info's get_kernel_info<Name, Param>, which answers the same, and
// sycl_ext_oneapi_launch_queries' kernel::ext_oneapi_get_info(queue, ...).
#include <sycl/sycl.hpp>
#include <sycl/ext/oneapi/experimental/kernel_queue_info.hpp>
#include <sycl/ext/oneapi/get_kernel_info.hpp>
#include "check.hpp"
#include <cstdlib>

namespace syclex = sycl::ext::oneapi::experimental;
namespace kds = sycl::info::kernel_device_specific;

class LocalAndBarriers;
class FixedShape;
class FixedSubGroups;
class Plain;

constexpr size_t kLocal = 16, kGroups = 4, kN = kLocal * kGroups;

template <typename Name> sycl::kernel kernel_of(sycl::queue &q) {
  return sycl::get_kernel_bundle<sycl::bundle_state::executable>(q.get_context())
      .get_kernel(sycl::get_kernel_id<Name>());
}

int main() {
  sycl::queue q;
  const sycl::device device = q.get_device();
  long *out = sycl::malloc_shared<long>(kN * 4, q);

  // A tile in work-group local memory, and private values live across the barrier.
  q.parallel_for<LocalAndBarriers>(sycl::nd_range<1>(kN, kLocal), [=](sycl::nd_item<1> it) {
    auto tile = sycl::ext::oneapi::group_local_memory_for_overwrite<long[kLocal]>(it.get_group());
    const size_t lid = it.get_local_id(0);
    const long mine = long(it.get_global_id(0)) * 3 + 1, other = mine * mine;
    (*tile)[lid] = mine;
    sycl::group_barrier(it.get_group());
    out[it.get_global_id(0)] = (*tile)[(lid + 1) % kLocal] + other - mine;
  });
  q.parallel_for<FixedShape>(sycl::nd_range<3>({2, 4, 8}, {2, 4, 8}), syclex::properties{syclex::work_group_size<2, 4, 8>},
                             [=](sycl::nd_item<3> it) { out[kN + it.get_global_linear_id()] = long(it.get_local_linear_id()); });
  q.parallel_for<FixedSubGroups>(sycl::nd_range<1>(kN, kLocal), syclex::properties{syclex::sub_group_size<4>},
                                 [=](sycl::nd_item<1> it) {
                                   out[2 * kN + it.get_global_id(0)] = long(it.get_sub_group().get_max_local_range()[0]);
                                 });
  q.parallel_for<Plain>(sycl::range<1>(kN), [=](sycl::id<1> i) { out[3 * kN + i] = long(i[0]) * 2; });
  q.wait();

  for (size_t i = 0; i < kN; ++i) {
    const size_t group = i / kLocal, lid = i % kLocal;
    const long next = long(group * kLocal + (lid + 1) % kLocal) * 3 + 1, mine = long(i) * 3 + 1;
    check::equal("local and barriers", long(i), out[i], next + mine * mine - mine);
    check::equal("fixed shape", long(i), out[kN + i], long(i % 64));
    check::equal("fixed sub-groups", long(i), out[2 * kN + i], 4);
    check::equal("plain", long(i), out[3 * kN + i], long(i) * 2);
  }
  sycl::free(out, q);

  const sycl::kernel local = kernel_of<LocalAndBarriers>(q);
  check::equal("local_mem_size of group_local_memory", 0,
               local.get_info<sycl::ext::nativecpu::info::kernel_device_specific::local_mem_size>(device) >=
                   kLocal * sizeof(long),
               true);
  check::equal("private_mem_size with values live across a barrier", 0,
               local.get_info<kds::private_mem_size>(device) > 0, true);
  check::equal("work_group_size without a requirement", 0, local.get_info<kds::work_group_size>(device),
               device.get_info<sycl::info::device::max_work_group_size>());
  check::equal("compile_work_group_size without a requirement", 0,
               local.get_info<kds::compile_work_group_size>(device) == sycl::range<3>(0, 0, 0), true);

  const sycl::kernel fixed = kernel_of<FixedShape>(q);
  check::equal("compile_work_group_size", 0,
               fixed.get_info<kds::compile_work_group_size>(device) == sycl::range<3>(2, 4, 8), true);
  check::equal("work_group_size of a fixed shape", 0, fixed.get_info<kds::work_group_size>(device), 64u);
  check::equal("private_mem_size without barriers", 0, fixed.get_info<kds::private_mem_size>(device), 0u);
  check::equal("attributes of a fixed shape", 0,
               fixed.get_info<sycl::info::kernel::attributes>() == "reqd_work_group_size(2,4,8)", true);

  const sycl::kernel sub_groups = kernel_of<FixedSubGroups>(q);
  check::equal("compile_sub_group_size", 0, sub_groups.get_info<kds::compile_sub_group_size>(device), 4u);
  check::equal("max_sub_group_size of a required size", 0, sub_groups.get_info<kds::max_sub_group_size>(device), 4u);
  check::equal("preferred_work_group_size_multiple", 0,
               sub_groups.get_info<kds::preferred_work_group_size_multiple>(device), 4u);
  static_assert(SYCL_EXT_ONEAPI_GET_KERNEL_INFO == 1);
  check::equal("get_kernel_info with a context and device", 0,
               sycl::ext::oneapi::get_kernel_info<FixedSubGroups, kds::compile_sub_group_size>(q.get_context(), device),
               4u);
  check::equal("get_kernel_info with a queue", 0,
               sycl::ext::oneapi::get_kernel_info<FixedShape, kds::compile_work_group_size>(q) ==
                   sycl::range<3>(2, 4, 8),
               true);
  check::equal("get_kernel_info with a context", 0,
               sycl::ext::oneapi::get_kernel_info<FixedShape, sycl::info::kernel::attributes>(q.get_context()) ==
                   "reqd_work_group_size(2,4,8)",
               true);

  check::equal("attributes of a required sub-group size", 0,
               sub_groups.get_info<sycl::info::kernel::attributes>().find("reqd_sub_group_size(4)") !=
                   std::string::npos,
               true);

  // Launch queries: the same answers for a launch on the queue, and which launches can run.
  namespace kqs = syclex::info::kernel_queue_specific;
  const auto compute_units = device.get_info<sycl::info::device::max_compute_units>();
  check::equal("launch: max_work_group_size", 0, local.ext_oneapi_get_info<kqs::max_work_group_size>(q),
               local.get_info<kds::work_group_size>(device));
  check::equal("launch: max_work_item_sizes of a fixed shape", 0,
               fixed.ext_oneapi_get_info<kqs::max_work_item_sizes<3>>(q) == sycl::id<3>(2, 4, 8), true);
  check::equal("launch: max_num_work_groups", 0,
               local.ext_oneapi_get_info<kqs::max_num_work_groups>(q, sycl::range<1>(kLocal), 1024), compute_units);
  check::equal("launch: max_num_work_groups, too large a group", 0,
               local.ext_oneapi_get_info<kqs::max_num_work_groups>(
                   q, sycl::range<1>(device.get_info<sycl::info::device::max_work_group_size>() + 1)),
               0u);
  check::equal("launch: max_num_work_groups, too much local memory", 0,
               local.ext_oneapi_get_info<kqs::max_num_work_groups>(
                   q, sycl::range<1>(kLocal), device.get_info<sycl::info::device::local_mem_size>()),
               0u);
  check::equal("launch: max_num_work_groups, the required shape", 0,
               fixed.ext_oneapi_get_info<kqs::max_num_work_groups>(q, sycl::range<3>(2, 4, 8)), compute_units);
  check::equal("launch: max_num_work_groups, another shape", 0,
               fixed.ext_oneapi_get_info<kqs::max_num_work_groups>(q, sycl::range<3>(4, 2, 8)), 0u);
  check::equal("launch: max_sub_group_size", 0, sub_groups.ext_oneapi_get_info<kqs::max_sub_group_size>(q, sycl::range<1>(kLocal)), 4u);
  check::equal("launch: max_sub_group_size, a narrow group", 0,
               sub_groups.ext_oneapi_get_info<kqs::max_sub_group_size>(q, sycl::range<2>(8, 3)), 3u);
  check::equal("launch: num_sub_groups", 0, sub_groups.ext_oneapi_get_info<kqs::num_sub_groups>(q, sycl::range<2>(3, 10)),
               9u);

  const sycl::kernel plain = kernel_of<Plain>(q);
  check::equal("attributes without properties", 0, plain.get_info<sycl::info::kernel::attributes>().empty(), true);
  bool num_args_invalid = false;
  try {
    (void)plain.get_info<sycl::info::kernel::num_args>();
  } catch (const sycl::exception &e) {
    num_args_invalid = e.code() == sycl::errc::invalid;
  }
  check::equal("num_args of a SYCL kernel", 0, num_args_invalid, true);
  check::equal("info::kernel::context", 0, plain.get_info<sycl::info::kernel::context>() == q.get_context(), true);
  check::equal("compile_sub_group_size without a requirement", 0, plain.get_info<kds::compile_sub_group_size>(device), 0u);
  check::equal("local_mem_size without local memory", 0,
               plain.get_info<sycl::ext::nativecpu::info::kernel_device_specific::local_mem_size>(device), 0u);
  if (const char *expected = std::getenv("EXPECTED_SUB_GROUP_SIZE"))
    check::equal("max_sub_group_size (the build's width)", 0, plain.get_info<kds::max_sub_group_size>(device),
                 std::strtoul(expected, nullptr, 10));
  return check::finish();
}
