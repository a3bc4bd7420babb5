// The device_global device_global.cpp declares extern, and a kernel of this translation unit
// that updates it; a device_global in an unnamed namespace with the same name as one of
// device_global.cpp's.
#include <sycl/sycl.hpp>

sycl::ext::oneapi::experimental::device_global<float> scale;

namespace {
sycl::ext::oneapi::experimental::device_global<int> unit_count;
}

// Adds `amount` to this unit's unit_count in a kernel and returns what the host reads of it.
int add_to_other_unit_count(sycl::queue &q, int amount) {
  q.single_task([=] { unit_count += amount; }).wait();
  int value = 0;
  q.copy(unit_count, &value).wait();
  return value;
}

void bump_scale(sycl::queue &q) {
  const float one = 1.5f;
  q.memcpy(scale, &one).wait();
  q.single_task([=] { scale = scale * 2.0f; }).wait();
}
