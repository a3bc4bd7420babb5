// Errors surface as sycl::exception with the right code: a GPU-only selector finds no device, and
// a ranged accessor larger than its buffer is invalid.
#include <sycl/sycl.hpp>
#include "check.hpp"

int main() {
  bool threw = false;
  try {
    sycl::queue gpu(sycl::gpu_selector_v);
  } catch (const sycl::exception &e) {
    threw = e.code() == sycl::errc::runtime;
  }
  check::equal("gpu selector throws", 0, threw, true);

  sycl::queue q;
  sycl::buffer<int> buf(sycl::range<1>(10));
  threw = false;
  try {
    q.submit([&](sycl::handler &h) {
      sycl::accessor acc(buf, h, sycl::range<1>(8), sycl::id<1>(5));
      h.parallel_for(sycl::range<1>(8), [=](sycl::id<1> i) { acc[i] = 1; });
    });
  } catch (const sycl::exception &e) {
    threw = e.code() == sycl::errc::invalid && std::string(e.what()).find("range") != std::string::npos;
  }
  check::equal("out-of-range accessor throws", 1, threw, true);
  check::equal("category", 2, std::string(sycl::sycl_category().name()) == "sycl", true);
  return check::finish();
}
