// device_global (sycl_ext_oneapi_device_global): kernels read and write namespace-scope
// device_globals directly (an array, a scalar with properties, a struct, one defined in another
// translation unit, a device_constant one the host sets), the host reaches them through the queue's and the handler's memcpy and copy
// (whole, with an offset, after events), and copies past the end throw errc::invalid.
#include <sycl/sycl.hpp>
#include <sycl/ext/oneapi/device_global/device_global.hpp>
#include "check.hpp"

namespace syclexp = sycl::ext::oneapi::experimental;

syclexp::device_global<int[4]> counts;
syclexp::device_global<long, decltype(syclexp::properties{syclexp::device_image_scope, syclexp::host_access_read_write})>
    total;
struct pair {
  int first, second;
};
syclexp::device_global<pair> both;
// Written by the host, read by kernels.
syclexp::device_global<int, decltype(syclexp::properties{syclexp::device_constant})> limit;
// Defined in device_global_other.cpp.
extern syclexp::device_global<float> scale;

static_assert(decltype(total)::has_property<syclexp::device_image_scope_key>() &&
              decltype(total)::get_property<syclexp::host_access_key>().value == syclexp::host_access_enum::read_write &&
              !decltype(counts)::has_property<syclexp::device_image_scope_key>());
// Property lists answer the same queries; values compare equal when they are the same value.
constexpr syclexp::properties listed{syclexp::device_image_scope, syclexp::host_access_write,
                                     syclexp::work_group_size<4, 2>};
static_assert(listed.has_property<syclexp::host_access_key>() && !listed.has_property<syclexp::init_mode_key>() &&
              listed.get_property<syclexp::host_access_key>() == syclexp::host_access_write &&
              listed.get_property<syclexp::host_access_key>() != syclexp::host_access_read &&
              std::is_same_v<decltype(listed.get_property<syclexp::work_group_size_key>()),
                             syclexp::work_group_size_key::value_t<4, 2>> &&
              std::is_same_v<decltype(syclexp::host_access_read)::value_t, syclexp::host_access_enum> &&
              SYCL_EXT_ONEAPI_PROPERTIES == 1 && SYCL_EXT_ONEAPI_DEVICE_GLOBAL == 1);
// The order values are written in does not change a list's type.
constexpr syclexp::properties reordered{syclexp::work_group_size<4, 2>, syclexp::host_access_write,
                                        syclexp::device_image_scope};
static_assert(std::is_same_v<decltype(listed), decltype(reordered)> &&
              std::is_same_v<decltype(syclexp::properties{}), syclexp::empty_properties_t>);

void bump_scale(sycl::queue &q);
int add_to_other_unit_count(sycl::queue &q, int amount);

// Variables with internal linkage are shared by kernels and host code as well, each translation
// unit's its own: device_global_other.cpp has a unit_count of its own.
namespace {
syclexp::device_global<int> unit_count;
}
static syclexp::device_global<int[2]> kernels_only;

int main() {
  sycl::queue q;
  const int initial[4] = {1, 2, 3, 4};
  sycl::event filled = q.memcpy(counts, initial);
  q.single_task(filled, [=] {
     counts[1] += 10;
     total = counts[0] + counts[3];
     both->first = 7;
     both.get().second = 8;
   }).wait();
  const int host_limit = 3;
  q.memcpy(limit, &host_limit).wait();
  q.parallel_for(sycl::range<1>(4), [=](sycl::id<1> i) { counts[i] *= limit.get() - 1; }).wait();
  static_assert(decltype(limit)::has_property<syclexp::device_constant_key>());
  int out[4] = {};
  long sum = 0;
  pair got{};
  q.copy(counts, out).wait();
  q.submit([&](sycl::handler &h) { h.memcpy(&sum, total); }).wait();
  q.memcpy(&got, both).wait();
  const int doubled[4] = {2, 24, 6, 8};
  for (int i = 0; i < 4; ++i) check::equal("counts", i, out[i], doubled[i]);
  check::equal("total", 0, sum, 5L);
  check::equal("struct", 0, got.first * 10 + got.second, 78);

  const int tail[2] = {100, 200};
  q.submit([&](sycl::handler &h) { h.copy(tail, counts, 2, 2); }).wait();
  q.copy(counts, out, 2, 1).wait();
  check::equal("copy at an offset", 0, out[0] * 1000 + out[1], 24 * 1000 + 100);
  int past = 0;
  try {
    q.memcpy(counts, initial, 8, 12);
  } catch (const sycl::exception &e) {
    past = e.code() == sycl::errc::invalid;
  }
  check::equal("memcpy past the end throws", 0, past, 1);

  bump_scale(q);
  float scaled = 0;
  q.memcpy(&scaled, scale).wait();
  check::equal("device_global of another translation unit", 0, scaled, 3.0f);

  q.single_task([=] { unit_count += 5; }).wait();
  const int first_other = add_to_other_unit_count(q, 100);
  q.single_task([=] { unit_count += 1; }).wait();
  int mine = 0;
  q.copy(unit_count, &mine).wait();
  check::equal("unnamed-namespace device_global", 0, mine, 6);
  check::equal("the other unit's", 0, first_other * 1000 + add_to_other_unit_count(q, 1), 100 * 1000 + 101);
  // Written by one kernel, read by another: never named by host code.
  q.single_task([=] { kernels_only[1] = 42; }).wait();
  int *seen = sycl::malloc_shared<int>(1, q);
  q.single_task([=] { *seen = kernels_only[1]; }).wait();
  check::equal("static device_global only kernels use", 0, *seen, 42);
  sycl::free(seen, q);
  return check::finish();
}
