// sycl::free of memory a command still uses (undefined in SYCL 2020, and found in the SYCL-CTS's
// enqueue barrier test): the allocation is gone for the program at once, and its memory is
// released only after the commands submitted before the free, of every queue, those of a queue
// already destroyed included. Run under AddressSanitizer (tests/tests/sanitizers.rs), a
// release before the commands is a use after free.
#include <sycl/sycl.hpp>
#include "check.hpp"

static void slow_work() {
  volatile float sum = 0;
  for (int i = 0; i < 20000; ++i) sum += sycl::sqrt(float(i));
}

int main() {
  sycl::queue q1, q2;
  int *done = sycl::malloc_shared<int>(1, q1);
  *done = 0;
  for (int round = 0; round < 50; ++round) {
    int *scratch = sycl::malloc_device<int>(2, q1);
    sycl::event slow = q2.single_task([=] { slow_work(); });
    q2.single_task(slow, [=] {
      scratch[0] = round;
      scratch[1] = scratch[0] + 1;
      sycl::atomic_ref<int, sycl::memory_order::relaxed, sycl::memory_scope::device>(*done) += scratch[1] - round;
    });
    sycl::free(scratch, q1);
    check::equal("the freed allocation is unknown at once", round,
                 sycl::get_pointer_type(scratch, q1.get_context()) == sycl::usm::alloc::unknown, true);
  }
  // Freed after its queue is destroyed, while the queue's commands run on.
  sycl::event orphan;
  int *scratch = sycl::malloc_device<int>(1, q1);
  {
    sycl::queue short_lived;
    sycl::event slow = short_lived.single_task([=] { slow_work(); });
    orphan = short_lived.single_task(slow, [=] {
      *scratch = 1;
      sycl::atomic_ref<int, sycl::memory_order::relaxed, sycl::memory_scope::device>(*done) += *scratch;
    });
  }
  sycl::free(scratch, q1);
  q2.wait();
  orphan.wait();
  check::equal("every command ran", 0, *done, 51);
  sycl::free(done, q1);
  return check::finish();
}
