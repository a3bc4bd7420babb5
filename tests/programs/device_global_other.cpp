// The device_global device_global.cpp declares extern, and a kernel of this translation unit
// that updates it.
#include <sycl/sycl.hpp>

sycl::ext::oneapi::experimental::device_global<float> scale;

void bump_scale(sycl::queue &q) {
  const float one = 1.5f;
  q.memcpy(scale, &one).wait();
  q.single_task([=] { scale = scale * 2.0f; }).wait();
}
