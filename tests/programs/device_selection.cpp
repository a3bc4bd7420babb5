// Device selection (SYCL 2020 4.6.1): the default, CPU and native_cpu-accepting selectors pick
// our device unless ONEAPI_DEVICE_SELECTOR hides it; GPU and accelerator selectors throw
// errc::runtime. The test runs this program with several selector values and tells it in
// EXPECT_DEVICE (visible or hidden) what the selector should do.
#include <sycl/sycl.hpp>

#include <cstdlib>
#include <cstring>
#include <string>

#include "check.hpp"

template <typename F> bool throws_runtime(F f) {
  try {
    f();
  } catch (const sycl::exception &e) {
    return e.code() == sycl::errc::runtime;
  }
  return false;
}

int main() {
  const char *expected = std::getenv("EXPECT_DEVICE");
  const bool visible = expected && std::strcmp(expected, "visible") == 0;
  check::equal("devices listed", 0, sycl::device::get_devices().size(), visible ? 1u : 0u);
  check::equal("gpu selector throws", 0, throws_runtime([] { sycl::device d(sycl::gpu_selector_v); }), true);
  check::equal("accelerator selector throws", 0, throws_runtime([] { sycl::queue q(sycl::accelerator_selector_v); }),
               true);
  if (visible) {
    sycl::queue q(sycl::cpu_selector_v);
    check::equal("cpu device", 0, q.get_device().is_cpu(), true);
    check::equal("platform name", 0, q.get_device().get_platform().get_info<sycl::info::platform::name>() ==
                                         std::string("SYCL Native CPU"),
                 true);
    int *value = sycl::malloc_shared<int>(1, q);
    q.single_task([=] { *value = 42; }).wait();
    check::equal("kernel ran", 0, *value, 42);
    sycl::free(value, q);
    sycl::queue by_default;
    check::equal("default queue", 0, by_default.get_device().is_cpu(), true);
  } else {
    check::equal("default queue throws", 0, throws_runtime([] { sycl::queue q; }), true);
    check::equal("cpu selector throws", 0, throws_runtime([] { sycl::device d(sycl::cpu_selector_v); }), true);
  }
  return check::finish();
}
