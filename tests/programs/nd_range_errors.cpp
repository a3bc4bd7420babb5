// nd_range launches the runtime must refuse, as sycl::exception with the SYCL 2020 error code and
// no crash: a global range not divisible by the local range (errc::nd_range), a work-group larger
// than info::device::max_work_group_size (errc::nd_range), a zero local range (errc::nd_range),
// more local memory than info::device::local_mem_size (errc::memory_allocation), and a local
// accessor used (captured, directly or in a struct) by single_task or a range parallel_for
// (errc::kernel_argument; ones made in the command group and not captured are fine, however
// large). Between and after the failures, valid nd_range launches (no barriers) run and see the
// right ids.
#include <sycl/sycl.hpp>
#include "check.hpp"
#include <string>

template <typename Submit> sycl::errc error_of(Submit submit) {
  try {
    submit();
  } catch (const sycl::exception &e) {
    return sycl::errc(e.code().value());
  }
  return sycl::errc::success;
}

template <typename Name> void valid_launch(sycl::queue &q, int round) {
  const size_t rows = 8, cols = 12;
  size_t *out = sycl::malloc_shared<size_t>(rows * cols, q);
  q.parallel_for<Name>(sycl::nd_range<2>({rows, cols}, {2, 3}), [=](sycl::nd_item<2> it) {
    out[it.get_global_linear_id()] = it.get_group_linear_id() * 1000 + it.get_local_linear_id() * 10 +
                                     it.get_group_range(1);
  }).wait();
  for (size_t r = 0; r < rows; ++r)
    for (size_t c = 0; c < cols; ++c) {
      size_t group = (r / 2) * (cols / 3) + c / 3, local = (r % 2) * 3 + c % 3;
      check::equal(round == 0 ? "valid launch before" : "valid launch after", long(r * cols + c), out[r * cols + c],
                   group * 1000 + local * 10 + cols / 3);
    }
  sycl::free(out, q);
}

int main() {
  sycl::queue q;
  sycl::device d = q.get_device();
  const size_t max_group = d.get_info<sycl::info::device::max_work_group_size>();
  const size_t local_mem = d.get_info<sycl::info::device::local_mem_size>();
  check::equal("max_work_group_size", 0, max_group >= 1, true);
  check::equal("local_mem_size", 0, local_mem >= 1024, true);
  check::equal("max_work_item_sizes", 0, d.get_info<sycl::info::device::max_work_item_sizes<3>>()[2], max_group);
  check::equal("max_work_item_sizes<1>", 0, d.get_info<sycl::info::device::max_work_item_sizes<1>>()[0], max_group);
  check::equal("local_mem_type", 0, d.get_info<sycl::info::device::local_mem_type>() == sycl::info::local_mem_type::local,
               true);
  check::equal("sub_group_sizes", 0, d.get_info<sycl::info::device::sub_group_sizes>().front(), size_t(1));
  check::equal("sub_group_sizes", 1, d.get_info<sycl::info::device::sub_group_sizes>().back(), size_t(64));

  valid_launch<class ValidBefore>(q, 0);
  int *sink = sycl::malloc_shared<int>(1, q);

  sycl::errc e = error_of([&] {
    q.parallel_for<class NotDivisible>(sycl::nd_range<1>(10, 3), [=](sycl::nd_item<1>) { sink[0] = 1; });
  });
  check::equal("global not divisible by local", 0, e == sycl::errc::nd_range, true);

  e = error_of([&] {
    q.parallel_for<class NotDivisible2D>(sycl::nd_range<2>({8, 10}, {4, 4}), [=](sycl::nd_item<2>) { sink[0] = 1; });
  });
  check::equal("2-D global not divisible by local", 1, e == sycl::errc::nd_range, true);

  e = error_of([&] {
    q.parallel_for<class TooLarge>(sycl::nd_range<1>(max_group * 2, max_group * 2), [=](sycl::nd_item<1>) { sink[0] = 1; });
  });
  check::equal("work-group too large", 2, e == sycl::errc::nd_range, true);

  e = error_of([&] {
    q.parallel_for<class TooLarge3D>(sycl::nd_range<3>({2, max_group, 1}, {2, max_group, 1}),
                                     [=](sycl::nd_item<3>) { sink[0] = 1; });
  });
  check::equal("3-D work-group too large", 3, e == sycl::errc::nd_range, true);

  e = error_of([&] {
    q.parallel_for<class ZeroLocal>(sycl::nd_range<2>({4, 4}, {0, 4}), [=](sycl::nd_item<2>) { sink[0] = 1; });
  });
  check::equal("zero local range", 4, e == sycl::errc::nd_range, true);

  e = error_of([&] {
    q.submit([&](sycl::handler &h) {
      sycl::local_accessor<char, 1> huge(sycl::range<1>(local_mem + 1), h);
      h.parallel_for<class TooMuchLocal>(sycl::nd_range<1>(4, 4), [=](sycl::nd_item<1>) { sink[0] = int(huge.size()); });
    });
  });
  check::equal("too much local memory", 5, e == sycl::errc::memory_allocation, true);

  e = error_of([&] {
    q.submit([&](sycl::handler &h) {
      sycl::local_accessor<int, 1> a(sycl::range<1>(local_mem / 8), h);
      sycl::local_accessor<int, 1> b(sycl::range<1>(local_mem / 8 + 1), h);
      h.parallel_for<class TooMuchLocalTogether>(sycl::nd_range<1>(4, 4),
                                                 [=](sycl::nd_item<1>) { sink[0] = int(a.size() + b.size()); });
    });
  });
  check::equal("too much local memory in total", 6, e == sycl::errc::memory_allocation, true);

  e = error_of([&] {
    q.submit([&](sycl::handler &h) {
      sycl::local_accessor<int, 1> acc(sycl::range<1>(4), h);
      h.parallel_for<class LocalInRange>(sycl::range<1>(4), [=](sycl::id<1>) { sink[0] = int(acc.size()); });
    });
  });
  check::equal("local accessor in a range kernel", 7, e == sycl::errc::kernel_argument, true);

  e = error_of([&] {
    q.submit([&](sycl::handler &h) {
      sycl::local_accessor<int, 2> acc(sycl::range<2>(2, 2), h);
      h.single_task<class LocalInSingleTask>([=] { sink[0] = int(acc.size()); });
    });
  });
  check::equal("local accessor in single_task", 8, e == sycl::errc::kernel_argument, true);

  // Captured inside a struct the kernel captures: still used by the kernel.
  struct holder {
    sycl::local_accessor<int, 1> scratch;
    int *out;
  };
  e = error_of([&] {
    q.submit([&](sycl::handler &h) {
      const holder held{sycl::local_accessor<int, 1>(sycl::range<1>(2), h), sink};
      h.single_task<class LocalInCapturedStruct>([=] { held.out[0] = int(held.scratch.size()); });
    });
  });
  check::equal("local accessor in a struct in single_task", 11, e == sycl::errc::kernel_argument, true);

  // Made (and copied) in the command group but not captured: the kernels run (the SYCL-CTS makes
  // local accessors this way around a single_task).
  sink[0] = 0;
  e = error_of([&] {
    q.submit([&](sycl::handler &h) {
      sycl::local_accessor<int, 1> unused(sycl::range<1>(4), h);
      const auto copy = unused;
      const int four = int(copy.size());
      h.single_task<class LocalNotCaptured>([=] { sink[0] += four; });
    });
    // More than the device's local memory, unused: the kernel runs without it.
    q.submit([&](sycl::handler &h) {
      sycl::local_accessor<int, 2> unused(sycl::range<2>(2, 2), h);
      sycl::local_accessor<char, 1> large(sycl::range<1>(local_mem), h), more(sycl::range<1>(local_mem), h);
      h.parallel_for<class LocalNotCapturedRange>(sycl::range<1>(1), [=](sycl::id<1>) { sink[0] += 3; });
    });
    q.wait();
  });
  check::equal("local accessor made, not captured", 12, e == sycl::errc::success, true);
  check::equal("local accessor made, not captured: ran", 13, sink[0], 4 + 3);

  // Local memory within the limit is accepted (the kernel does not touch it).
  e = error_of([&] {
    q.submit([&](sycl::handler &h) {
      sycl::local_accessor<char, 1> fits(sycl::range<1>(local_mem / 2), h);
      h.parallel_for<class LocalFits>(sycl::nd_range<1>(8, 4), [=](sycl::nd_item<1> it) {
        if (it.get_global_id(0) == 0) sink[0] = int(fits.size() > 0);
      });
    });
    q.wait();
  });
  check::equal("local memory within the limit", 9, e == sycl::errc::success, true);
  check::equal("local memory within the limit ran", 10, sink[0], 1);

  valid_launch<class ValidAfter>(q, 1);
  sycl::free(sink, q);
  return check::finish();
}
