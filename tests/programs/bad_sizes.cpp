// Sizes the runtime cannot run or memory cannot hold (issue 12, item 3), thrown as sycl::exception
// when the command group is submitted, with nothing run:
//   * kernel ranges whose work-items overflow size_t or exceed PTRDIFF_MAX (a range, an nd_range,
//     a parallel_for with a reduction, hierarchical work-groups), offsets whose sum with the range
//     overflows, and nd_ranges whose work-group size overflows: errc::nd_range;
//   * local accessors whose bytes overflow: errc::memory_allocation;
//   * copies and fills that go past the end of a USM allocation, and counts whose bytes overflow,
//     on the queue and in a handler, also with accessors: errc::invalid;
//   * accessors, host accessors and sub-buffers whose offset plus range overflows, and copies
//     into a smaller accessor: errc::invalid.
// Each failure has a valid neighbour (the exact size, the last offset that fits) that runs and
// gives the host reference's result.
#include <sycl/sycl.hpp>
#include "check.hpp"
#include <cstdint>
#include <string>
#include <vector>

static std::string message;

template <typename Submit> sycl::errc error_of(Submit submit) {
  message.clear();
  try {
    submit();
  } catch (const sycl::exception &e) {
    message = e.what();
    return sycl::errc(e.code().value());
  }
  return sycl::errc::success;
}

static void expect(const char *what, sycl::errc got, sycl::errc expected) {
  if (got != expected) std::printf("%s: errc %d, expected %d (%s)\n", what, int(got), int(expected), message.c_str());
  check::equal(what, 0, got == expected, true);
}

static bool mentions(const std::string &text) { return message.find(text) != std::string::npos; }

static const std::size_t big = std::size_t(1) << 22; // big^3 = 2^66 work-items wrap around to 0

static void kernel_ranges(sycl::queue &q) {
  int *ran = sycl::malloc_shared<int>(1, q);
  *ran = 0;
  expect("range of 2^66 items", error_of([&] {
           q.parallel_for(sycl::range<3>(big, big, big), [=](sycl::id<3>) { *ran = 1; });
         }),
         sycl::errc::nd_range);
  check::equal("the message names the range", 0, mentions("{4194304, 4194304, 4194304}"), true);
  expect("range of 2^64 items", error_of([&] {
           q.parallel_for(sycl::range<2>(std::size_t(1) << 32, std::size_t(1) << 32), [=](sycl::id<2>) { *ran = 1; });
         }),
         sycl::errc::nd_range);
  expect("range of SIZE_MAX items", error_of([&] {
           q.parallel_for(sycl::range<1>(SIZE_MAX), [=](sycl::id<1>) { *ran = 1; });
         }),
         sycl::errc::nd_range);
  expect("count of SIZE_MAX items", error_of([&] { q.parallel_for(SIZE_MAX, [=](sycl::id<1>) { *ran = 1; }); }),
         sycl::errc::nd_range);
  expect("range plus offset overflows", error_of([&] {
           q.submit([&](sycl::handler &h) {
             h.parallel_for(sycl::range<1>(8), sycl::id<1>(SIZE_MAX - 3), [=](sycl::item<1>) { *ran = 1; });
           });
         }),
         sycl::errc::nd_range);
  expect("nd_range of 2^66 items", error_of([&] {
           q.parallel_for(sycl::nd_range<3>({big, big, big}, {1, 1, 1}), [=](sycl::nd_item<3>) { *ran = 1; });
         }),
         sycl::errc::nd_range);
  expect("work-group of 2^64 items", error_of([&] {
           const std::size_t wide = std::size_t(1) << 32;
           q.parallel_for(sycl::nd_range<2>({0, 0}, {wide, wide}), [=](sycl::nd_item<2>) { *ran = 1; });
         }),
         sycl::errc::nd_range);
  expect("nd_range plus offset overflows", error_of([&] {
           q.parallel_for(sycl::nd_range<1>(sycl::range<1>(8), sycl::range<1>(4), sycl::id<1>(SIZE_MAX - 3)),
                          [=](sycl::nd_item<1>) { *ran = 1; });
         }),
         sycl::errc::nd_range);
  int *sum = sycl::malloc_shared<int>(1, q);
  expect("reduction over 2^66 items", error_of([&] {
           q.parallel_for(sycl::range<3>(big, big, big), sycl::reduction(sum, sycl::plus<int>()),
                          [=](sycl::id<3>, auto &s) { s += 1; });
         }),
         sycl::errc::nd_range);
  expect("reduction over an nd_range of 2^66 items", error_of([&] {
           q.parallel_for(sycl::nd_range<3>({big, big, big}, {1, 1, 1}), sycl::reduction(sum, sycl::plus<int>()),
                          [=](sycl::nd_item<3>, auto &s) { s += 1; });
         }),
         sycl::errc::nd_range);
  expect("2^60 work-groups of 64", error_of([&] {
           q.submit([&](sycl::handler &h) {
             h.parallel_for_work_group(sycl::range<1>(std::size_t(1) << 60), sycl::range<1>(64),
                                       [=](sycl::group<1>) { *ran = 1; });
           });
         }),
         sycl::errc::nd_range);
  expect("local_accessor of 2^64 bytes", error_of([&] {
           q.submit([&](sycl::handler &h) {
             sycl::local_accessor<double, 1> local(sycl::range<1>(SIZE_MAX / 4), h);
             h.parallel_for(sycl::nd_range<1>(4, 4), [=](sycl::nd_item<1>) { *ran = int(local.size()); });
           });
         }),
         sycl::errc::memory_allocation);
  expect("local_accessor of 2^66 elements", error_of([&] {
           q.submit([&](sycl::handler &h) {
             sycl::local_accessor<int, 3> local(sycl::range<3>(big, big, big), h);
             h.parallel_for(sycl::nd_range<1>(4, 4), [=](sycl::nd_item<1>) { *ran = int(local.size()); });
           });
         }),
         sycl::errc::memory_allocation);
  q.wait();
  check::equal("no failed launch ran", 0, *ran, 0);

  // A zero dimension makes a range empty however large the others are: nothing runs, no error.
  expect("empty range with huge dimensions", error_of([&] {
           q.parallel_for(sycl::range<3>(std::size_t(1) << 40, std::size_t(1) << 40, 0), [=](sycl::id<3>) { *ran = 1; });
           q.wait();
         }),
         sycl::errc::success);
  check::equal("the empty range ran nothing", 0, *ran, 0);

  // The neighbours: the last offsets that fit, a 3-D range, a reduction and hierarchical groups.
  std::size_t *ids = sycl::malloc_shared<std::size_t>(16 * 8 * 4, q);
  q.submit([&](sycl::handler &h) {
     h.parallel_for(sycl::range<1>(4), sycl::id<1>(SIZE_MAX - 4), [=](sycl::item<1> it) {
       ids[it.get_linear_id()] = it.get_id(0);
     });
   }).wait();
  for (std::size_t i = 0; i < 4; ++i) check::equal("last range offset that fits", long(i), ids[i] == SIZE_MAX - 4 + i, true);
  q.parallel_for(sycl::nd_range<1>(sycl::range<1>(8), sycl::range<1>(4), sycl::id<1>(SIZE_MAX - 8)),
                 [=](sycl::nd_item<1> it) { ids[it.get_global_linear_id()] = it.get_global_id(0); })
      .wait();
  for (std::size_t i = 0; i < 8; ++i)
    check::equal("last nd_range offset that fits", long(i), ids[i] == SIZE_MAX - 8 + i, true);
  q.parallel_for(sycl::range<3>(16, 8, 4), [=](sycl::item<3> it) { ids[it.get_linear_id()] = it.get_linear_id() * 3; })
      .wait();
  for (std::size_t i = 0; i < 16 * 8 * 4; ++i) check::equal("3-D range", long(i), ids[i], i * 3);
  *sum = 0;
  q.parallel_for(sycl::range<3>(8, 8, 8), sycl::reduction(sum, sycl::plus<int>()), [=](sycl::id<3>, auto &s) {
     s += 1;
   }).wait();
  check::equal("reduction over 8x8x8", 0, *sum, 512);
  int *groups = sycl::malloc_shared<int>(1, q);
  *groups = 0;
  q.submit([&](sycl::handler &h) {
     h.parallel_for_work_group(sycl::range<1>(4), sycl::range<1>(8), [=](sycl::group<1>) {
       sycl::atomic_ref<int, sycl::memory_order::relaxed, sycl::memory_scope::device> count(*groups);
       count += 1;
     });
   }).wait();
  check::equal("4 hierarchical work-groups", 0, *groups, 4);
  sycl::free(groups, q);
  sycl::free(ids, q);
  sycl::free(sum, q);
  sycl::free(ran, q);
}

static void usm_copies(sycl::queue &q) {
  const std::size_t n = 1000;
  int *device = sycl::malloc_device<int>(n, q);
  int *shared = sycl::malloc_shared<int>(n / 2, q);
  std::vector<int> host(n + 10), back(n + 10, -1);
  for (std::size_t i = 0; i < host.size(); ++i) host[i] = int(i) * 7;

  expect("memcpy one byte past the destination", error_of([&] { q.memcpy(device, host.data(), n * sizeof(int) + 1); }),
         sycl::errc::invalid);
  check::equal("the message names memcpy and the sizes", 0,
               mentions("memcpy") && mentions("4001") && mentions("4000 bytes left"), true);
  expect("memcpy past the source from inside it", error_of([&] {
           q.memcpy(back.data(), device + 10, (n - 10) * sizeof(int) + 4);
         }),
         sycl::errc::invalid);
  expect("memcpy into a smaller allocation", error_of([&] { q.memcpy(shared, device, n * sizeof(int)); }),
         sycl::errc::invalid);
  expect("copy one element past the destination", error_of([&] { q.copy(host.data(), device, n + 1); }),
         sycl::errc::invalid);
  expect("copy one element past the source", error_of([&] { q.copy(device, back.data(), n + 1); }),
         sycl::errc::invalid);
  expect("copy whose bytes overflow", error_of([&] { q.copy(host.data(), back.data(), SIZE_MAX / 2); }),
         sycl::errc::invalid);
  expect("memset one byte past the end", error_of([&] { q.memset(device, 0, n * sizeof(int) + 1); }),
         sycl::errc::invalid);
  expect("fill one element past the end", error_of([&] { q.fill(device + 1, 5, n); }), sycl::errc::invalid);
  expect("fill whose bytes overflow", error_of([&] { q.fill(back.data(), 5.0, SIZE_MAX / 4); }),
         sycl::errc::invalid);
  expect("handler::memcpy past the end", error_of([&] {
           q.submit([&](sycl::handler &h) { h.memcpy(device + n / 2, host.data(), n * sizeof(int)); });
         }),
         sycl::errc::invalid);
  expect("handler::copy past the end", error_of([&] {
           q.submit([&](sycl::handler &h) { h.copy(host.data(), shared, n / 2 + 1); });
         }),
         sycl::errc::invalid);
  expect("handler::copy whose bytes overflow", error_of([&] {
           q.submit([&](sycl::handler &h) { h.copy(host.data(), back.data(), SIZE_MAX / 4 + 1); });
         }),
         sycl::errc::invalid);
  expect("handler::memset past the end", error_of([&] {
           q.submit([&](sycl::handler &h) { h.memset(shared + 1, 0, n / 2 * sizeof(int)); });
         }),
         sycl::errc::invalid);
  expect("handler::fill past the end", error_of([&] {
           q.submit([&](sycl::handler &h) { h.fill(shared, 1, n / 2 + 1); });
         }),
         sycl::errc::invalid);
  expect("handler::fill whose bytes overflow", error_of([&] {
           q.submit([&](sycl::handler &h) { h.fill(back.data(), std::int64_t(1), SIZE_MAX / 8 + 1); });
         }),
         sycl::errc::invalid);
  q.wait();
  for (std::size_t i = 0; i < back.size(); ++i) check::equal("the host memory is untouched", long(i), back[i], -1);

  // The exact sizes work, from the start and from inside the allocations.
  q.memcpy(device, host.data(), n * sizeof(int)).wait();
  q.memcpy(back.data(), device + 10, (n - 10) * sizeof(int)).wait();
  for (std::size_t i = 0; i < n - 10; ++i) check::equal("memcpy of the exact size", long(i), back[i], host[i + 10]);
  q.copy(device + n / 2, shared, n / 2).wait();
  for (std::size_t i = 0; i < n / 2; ++i) check::equal("copy of the exact size", long(i), shared[i], host[i + n / 2]);
  q.fill(device + 1, 5, n - 1).wait();
  q.memset(device, 0, sizeof(int)).wait();
  q.submit([&](sycl::handler &h) { h.memset(shared + 1, 0xff, (n / 2 - 1) * sizeof(int)); }).wait();
  q.submit([&](sycl::handler &h) { h.copy(device, back.data(), n); }).wait();
  for (std::size_t i = 0; i < n; ++i) check::equal("fill and memset of the exact size", long(i), back[i], i == 0 ? 0 : 5);
  for (std::size_t i = 1; i < n / 2; ++i) check::equal("handler::memset of the exact size", long(i), shared[i], -1);
  q.submit([&](sycl::handler &h) { h.fill(shared, 9, n / 2); }).wait();
  check::equal("handler::fill of the exact size", 0, shared[n / 2 - 1], 9);
  expect("memcpy of no bytes", error_of([&] { q.memcpy(device, host.data(), 0).wait(); }), sycl::errc::success);
  // Memory not from USM has no known extent and is copied as asked.
  std::vector<int> other(n + 10, 0);
  q.memcpy(other.data(), host.data(), host.size() * sizeof(int)).wait();
  check::equal("memcpy between host vectors", 0, other[n + 9], host[n + 9]);
  sycl::free(device, q);
  sycl::free(shared, q);
}

static void accessor_sizes(sycl::queue &q) {
  const std::size_t n = 100;
  sycl::buffer<int, 1> buffer{sycl::range<1>(n)};
  {
    sycl::host_accessor init(buffer);
    for (std::size_t i = 0; i < n; ++i) init[i] = int(i) + 1;
  }
  int *small = sycl::malloc_shared<int>(n / 2, q);
  expect("accessor copied into a smaller USM allocation", error_of([&] {
           q.submit([&](sycl::handler &h) { h.copy(sycl::accessor(buffer, h, sycl::read_only), small); });
         }),
         sycl::errc::invalid);
  expect("accessor filled from a smaller USM allocation", error_of([&] {
           q.submit([&](sycl::handler &h) { h.copy(small, sycl::accessor(buffer, h, sycl::write_only)); });
         }),
         sycl::errc::invalid);
  q.submit([&](sycl::handler &h) {
     h.copy(sycl::accessor(buffer, h, sycl::range<1>(n / 2), sycl::id<1>(n / 2), sycl::read_only), small);
   }).wait();
  for (std::size_t i = 0; i < n / 2; ++i) check::equal("ranged accessor into USM", long(i), small[i], int(i + n / 2) + 1);
  for (std::size_t i = 0; i < n / 2; ++i) small[i] = -int(i);
  q.submit([&](sycl::handler &h) { h.copy(small, sycl::accessor(buffer, h, sycl::range<1>(n / 2), sycl::write_only)); })
      .wait();
  {
    sycl::host_accessor result(buffer);
    for (std::size_t i = 0; i < n; ++i)
      check::equal("USM into a ranged accessor", long(i), result[i], i < n / 2 ? -int(i) : int(i) + 1);
  }

  expect("accessor offset plus range overflows", error_of([&] {
           q.submit([&](sycl::handler &h) {
             sycl::accessor acc(buffer, h, sycl::range<1>(2), sycl::id<1>(SIZE_MAX), sycl::write_only);
             h.single_task([=] { acc[0] = 1; });
           });
         }),
         sycl::errc::invalid);
  expect("host_accessor offset plus range overflows", error_of([&] {
           sycl::host_accessor acc(buffer, sycl::range<1>(2), sycl::id<1>(SIZE_MAX));
         }),
         sycl::errc::invalid);
  expect("sub-buffer offset plus range overflows", error_of([&] {
           sycl::buffer<int, 1> sub(buffer, sycl::id<1>(SIZE_MAX), sycl::range<1>(2));
         }),
         sycl::errc::invalid);
  expect("the last two elements", error_of([&] {
           sycl::buffer<int, 1> sub(buffer, sycl::id<1>(n - 2), sycl::range<1>(2));
           sycl::host_accessor acc(buffer, sycl::range<1>(2), sycl::id<1>(n - 2));
           check::equal("the last element", 0, acc[1], int(n));
         }),
         sycl::errc::success);
  expect("empty buffer with huge dimensions", error_of([&] {
           sycl::buffer<int, 3> empty{sycl::range<3>(std::size_t(1) << 40, std::size_t(1) << 40, 0)};
         }),
         sycl::errc::success);

  // Accessor to accessor: the destination needs as many elements; shapes may differ, and the
  // elements are paired in row-major order.
  sycl::buffer<int, 2> square{sycl::range<2>(4, 4)}, wide{sycl::range<2>(2, 8)}, tall{sycl::range<2>(8, 2)},
      narrow{sycl::range<2>(3, 5)};
  {
    sycl::host_accessor init(tall);
    for (std::size_t i = 0; i < 16; ++i) init[i / 2][i % 2] = int(i) * 3;
  }
  expect("copy into a smaller accessor", error_of([&] {
           q.submit([&](sycl::handler &h) {
             h.copy(sycl::accessor(tall, h, sycl::read_only), sycl::accessor(narrow, h, sycl::write_only));
           });
         }),
         sycl::errc::invalid);
  q.submit([&](sycl::handler &h) {
    h.copy(sycl::accessor(tall, h, sycl::read_only), sycl::accessor(wide, h, sycl::write_only));
  });
  q.submit([&](sycl::handler &h) {
    h.copy(sycl::accessor(wide, h, sycl::read_only), sycl::accessor(square, h, sycl::write_only));
  });
  {
    sycl::host_accessor w(wide), s(square);
    for (std::size_t i = 0; i < 16; ++i) {
      check::equal("8x2 into 2x8", long(i), w[i / 8][i % 8], int(i) * 3);
      check::equal("2x8 into 4x4", long(i), s[i / 4][i % 4], int(i) * 3);
    }
  }
  sycl::free(small, q);
}

int main() {
  sycl::queue q;
  kernel_ranges(q);
  usm_copies(q);
  accessor_sizes(q);
  return check::finish();
}
